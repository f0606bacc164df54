#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""labs/lib/corpus.py: the oracle corpus. Programs generated from the
kernel's BTF, whose right verdict (and values) pristine 6.1 gives.

  corpus.py gen BTF LABS            write LABS/NN-name/corpus for every
                                    stage that owns cases (verdicts kept
                                    from the files there, '?' for new ones)
  corpus.py record LABS KTAP...     take 6.1's verdicts from make ref's
                                    results.ktap (a run with LAB_CORPUS=all)
  corpus.py check BTF LABS [KTAP]   the files are what gen makes from BTF,
                                    and (with KTAP, make ref's) what 6.1 says
  corpus.py differences LABS        list the lab's deliberate differences
  corpus.py compare LABS KTAP       a lab kernel's run (LAB_CORPUS=all) against
                                    the files: what differs, by rule class

BTF is a raw .BTF section ('lab build' leaves BUILD/lab/vmlinux.h.btf).
The generator is deterministic: the same BTF and SEED give the same
cases. It walks the BTF from the arguments of the fixture's tracepoint,
of kfree_skb and of a sample of the kernel's other btf_trace_<tp>
tracepoints, picked so that every argument shape occurs, and writes one
line per program: its symbolic key (tracepoint, argument or struct,
member path, relation, size@offset), the program in the runner's
notation (labs/lib/corpus.c), and the verdicts that 6.1 (ref) and the
lab kernel (lab) must give. The lab's column is ref's, except where an
entry of labs/lib/oracle-differences (the one list of the lab's
deliberate differences from 6.1, each with its reason) says otherwise.

Part F cases run in every graded run; part R is the pool that the runner
samples from, with a seed it prints (LAB_CORPUS=all runs everything).
"""
import os
import random
import re
import struct
import sys

SEED = 1
LIB = os.path.dirname(os.path.abspath(__file__))
DIFFERENCES = os.path.join(LIB, 'oracle-differences')

# ---- BTF ----

KINDS = {1: 'int', 2: 'ptr', 3: 'array', 4: 'struct', 5: 'union', 6: 'enum',
         7: 'fwd', 8: 'typedef', 9: 'volatile', 10: 'const', 11: 'restrict',
         12: 'func', 13: 'func_proto', 14: 'var', 15: 'datasec', 16: 'float',
         17: 'decl_tag', 18: 'type_tag', 19: 'enum64'}
MODIFIERS = ('typedef', 'volatile', 'const', 'restrict', 'type_tag')


class Type:
    __slots__ = ('id', 'kind', 'name', 'size', 'type', 'members', 'vlen',
                 'kflag', 'nelems', 'params', 'bits')


class BTF:
    def __init__(self, path):
        data = open(path, 'rb').read()
        magic, _, _, hdr_len, toff, tlen, soff, slen = struct.unpack_from('<HBBIIIII', data)
        if magic != 0xeB9F:
            sys.exit(f'corpus: {path} is not BTF (magic 0x{magic:x})')
        strs = data[hdr_len + soff:hdr_len + soff + slen]
        self.strs = strs
        self.types = [None]
        self.by_name = {}
        p, end = hdr_len + toff, hdr_len + toff + tlen
        while p < end:
            name_off, info, size_type = struct.unpack_from('<III', data, p)
            p += 12
            t = Type()
            t.id = len(self.types)
            t.kind = KINDS.get((info >> 24) & 0x1f, '?')
            t.vlen = info & 0xffff
            t.kflag = info >> 31
            t.name = self.str(name_off)
            t.size = t.type = size_type
            t.members = t.params = ()
            t.nelems = t.bits = 0
            if t.kind == 'int':
                t.bits = struct.unpack_from('<I', data, p)[0] & 0xff
                p += 4
            elif t.kind == 'array':
                t.type, _, t.nelems = struct.unpack_from('<III', data, p)
                p += 12
            elif t.kind in ('struct', 'union'):
                ms = []
                for _ in range(t.vlen):
                    mn, mt, mo = struct.unpack_from('<III', data, p)
                    p += 12
                    boff, bsz = (mo & 0xffffff, mo >> 24) if t.kflag else (mo, 0)
                    ms.append((self.str(mn), mt, boff, bsz))
                t.members = ms
            elif t.kind == 'enum':
                p += 8 * t.vlen
            elif t.kind == 'enum64':
                p += 12 * t.vlen
            elif t.kind == 'func_proto':
                ps = []
                for _ in range(t.vlen):
                    pn, pt = struct.unpack_from('<II', data, p)
                    p += 8
                    ps.append((self.str(pn), pt))
                t.params = ps
            elif t.kind in ('var', 'decl_tag'):
                p += 4
            elif t.kind == 'datasec':
                p += 12 * t.vlen
            self.types.append(t)
            if t.name:
                self.by_name.setdefault((t.kind, t.name), t.id)

    def str(self, off):
        e = self.strs.index(b'\0', off)
        return self.strs[off:e].decode()

    def t(self, tid):
        return self.types[tid] if tid else None

    def find(self, kind, name):
        return self.by_name.get((kind, name))

    def skip_mods(self, tid):
        """(id past modifiers, [modifier kinds])"""
        mods = []
        t = self.t(tid)
        while t is not None and t.kind in MODIFIERS:
            mods.append(t.kind)
            tid = t.type
            t = self.t(tid)
        return tid, mods

    def size_of(self, tid):
        tid, _ = self.skip_mods(tid)
        t = self.t(tid)
        if t is None:
            return 0
        if t.kind in ('int', 'enum', 'enum64', 'struct', 'union', 'float'):
            return t.size
        if t.kind == 'ptr':
            return 8
        if t.kind == 'array':
            return t.nelems * self.size_of(t.type)
        return 0

    def word(self, tid, depth=0):
        """A type's shape in words: 'ptr>const>struct:sk_buff'."""
        tid, mods = self.skip_mods(tid)
        t = self.t(tid)
        if t is None:
            w = 'void'
        elif t.kind in ('struct', 'union', 'fwd', 'enum', 'enum64'):
            w = f'{t.kind}:{t.name or "(anon)"}'
        elif t.kind == 'int':
            w = f'int{t.size * 8}'
        elif t.kind == 'ptr':
            w = 'ptr>' + (self.word(t.type, depth + 1) if depth < 2 else '...')
        elif t.kind == 'array':
            w = f'array[{t.nelems}]>' + self.word(t.type, depth + 1)
        else:
            w = t.kind
        return '>'.join(mods + [w])


def shape(word):
    """A shape class: the word without names ('ptr>const>struct')."""
    return re.sub(r':[^>]*', '', word)

# ---- what a case is ----


class Case:
    def __init__(self, owner, key, attach, prog, run='-', part='F', cls='-'):
        self.owner, self.key, self.attach, self.prog = owner, key, attach, prog
        self.run, self.part, self.cls = run, part, cls


def tracepoints(btf):
    """{tp: [arg type ids]} of every btf_trace_<tp> typedef that is a pointer
    to a function prototype (its first parameter, void *__data, dropped)."""
    tps = {}
    for (kind, name), tid in btf.by_name.items():
        if kind != 'typedef' or not name.startswith('btf_trace_'):
            continue
        p = btf.t(btf.t(tid).type)
        if p is None or p.kind != 'ptr':
            continue
        fp = btf.t(p.type)
        if fp is None or fp.kind != 'func_proto' or not fp.params:
            continue
        tps[name[len('btf_trace_'):]] = [pt for _, pt in fp.params[1:]]
    return tps


def leaves(btf, sid, base=0, path=''):
    """The members of struct/union SID, nested ones flattened:
    (path, byte offset or None for a bitfield, size, bit offset, bits, type id)."""
    out = []
    t = btf.t(sid)
    for name, mt, boff, bsz in t.members:
        mp = (path + '.' if path else '') + (name or '(anon)')
        off = base + boff // 8
        rid, _ = btf.skip_mods(mt)
        r = btf.t(rid)
        if bsz:
            out.append((mp, None, (bsz + 7) // 8, base * 8 + boff, bsz, mt))
        elif r is not None and r.kind in ('struct', 'union') and r.members:
            out.extend(leaves(btf, rid, off, mp))
        else:
            out.append((mp, off, btf.size_of(mt), base * 8 + boff, 0, mt))
    return out


def first_readable(btf, sid):
    """(offset, size) of the first member that a load can read whole, or None."""
    t = btf.t(sid)
    if t is None or t.kind not in ('struct', 'union'):
        return None
    for mp, off, size, _, bits, mt in leaves(btf, sid):
        r = btf.t(btf.skip_mods(mt)[0])
        if off is not None and not bits and size in (1, 2, 4, 8) and r is not None and \
                r.kind in ('int', 'enum', 'ptr'):
            return off, size
    return None


def ptr_struct(btf, tid):
    """The struct id behind a pointer type (modifiers skipped), or None."""
    rid, _ = btf.skip_mods(tid)
    r = btf.t(rid)
    if r is None or r.kind != 'ptr':
        return None
    sid, _ = btf.skip_mods(r.type)
    s = btf.t(sid)
    return sid if s is not None and s.kind in ('struct', 'union') else None

def walk61(btf, sid, off, size, depth=0):
    """What 6.1's btf_struct_walk() makes of a load of SIZE bytes at OFF of
    struct SID, as a rule class, and the struct a pointer it gives points
    to (or None). The first member that overlaps the load decides; a
    nested struct or union is walked into. The classes: negative,
    past-end, flex, exact, bitfield, array, partial-scalar,
    partial-pointer, straddle, hole (begins in padding, ends in a
    member), padding."""
    t = btf.t(sid)
    if off < 0:
        return 'negative', None
    if off + size > t.size:
        last = t.members[-1] if t.members else None
        if last and not last[3]:
            lt = btf.t(btf.skip_mods(last[1])[0])
            if lt is not None and lt.kind == 'array' and not lt.nelems and \
                    last[2] // 8 <= off:
                return 'flex', None
        return ('straddle' if depth else 'past-end'), None
    for name, mt, boff, bits in t.members:
        moff = boff // 8
        if bits:
            if off < (boff + bits + 7) // 8 and off + size > moff:
                return 'bitfield', None
            continue
        if off + size <= moff:
            break
        msize = btf.size_of(mt)
        if off >= moff + msize:
            continue
        if off < moff:
            # it begins in a hole before this member: 6.1 finds no field
            return 'hole', None
        rid, _ = btf.skip_mods(mt)
        r = btf.t(rid)
        k = r.kind if r is not None else 'void'
        if k == 'array':
            return 'array', None
        if k in ('struct', 'union'):
            return walk61(btf, rid, off - moff, size, depth + 1)
        if off != moff or size != msize:
            if off + size > moff + msize:
                return 'straddle', None
            return ('partial-pointer' if k == 'ptr' else 'partial-scalar'), None
        if k == 'ptr':
            return 'exact', ptr_struct(btf, mt)
        return 'exact', None
    return 'padding', None


def walklab(btf, sid, off, size):
    """The rule of labs/04-struct-walk/README.md's table for the same load:
    the members in order; a bitfield or an array that the load touches, or
    a nested struct or union that holds it, decides; a member that the load
    only overlaps is passed over (a union may have one that fits). The
    classes: negative, past-end, exact, bitfield, array, partial, padding."""
    t = btf.t(sid)
    if off < 0:
        return 'negative'
    if off + size > t.size:
        return 'past-end'
    misfit = False
    for name, mt, boff, bits in t.members:
        moff = boff // 8
        if bits:
            if off < (boff + bits + 7) // 8 and off + size > moff:
                return 'bitfield'
            continue
        msize = btf.size_of(mt)
        if off + size <= moff or off >= moff + msize:
            continue
        rid, _ = btf.skip_mods(mt)
        r = btf.t(rid)
        k = r.kind if r is not None else 'void'
        if k == 'array':
            return 'array'
        if k in ('struct', 'union') and off >= moff and off + size <= moff + msize:
            return walklab(btf, rid, off - moff, size)
        if off != moff or size != msize:
            misfit = True
            continue
        return 'exact'
    return 'partial' if misfit else 'padding'


def walk_cls(btf, sid, off, size):
    """A load's class: 6.1's rule, then the lab's ('partial-scalar/exact')."""
    return walk61(btf, sid, off, size)[0] + '/' + walklab(btf, sid, off, size)


def ctx_class(btf, a, size, off):
    """The rule of a context read of argument type A."""
    rid, _ = btf.skip_mods(a)
    r = btf.t(rid)
    if off % 8:
        return 'ctx-unaligned'
    if r is None or r.kind != 'ptr':
        return 'ctx-scalar' if r is not None and r.kind in ('int', 'enum', 'enum64') else 'ctx-other'
    p = btf.t(btf.skip_mods(r.type)[0])
    pk = p.kind if p is not None else 'void'
    if size != 8:
        return f'ctx-narrow-pointer-{pk}'
    return f'ctx-pointer-{pk}'

# ---- the programs (labs/lib/corpus.c reads this notation) ----
#   C<size>@<off>>rD     rD = *(size *)(ctx + off)
#   L<size>@<off>:rS>rD  rD = *(size *)(rS + off)
#   N:rS                 if rS == 0 goto out (no value stored)
#   A<k>:rS              rS += k
#   U<m>:rS              rS += (ctx[2] & m): a variable offset
#   S:rS                 store rS as the case's value, then out
#   K<helper>:rS         bpf_<helper>(rS, ...) (see corpus.c); r0 stored
#   M:rS                 r0 = 0; *(u64 *)(rS + 8) = r0 (a write)
#   X                    out: r0 = 0, exit


def prog(*ops):
    return ';'.join(ops)


class Gen:
    def __init__(self, btf, seed=SEED):
        self.btf = btf
        self.rnd = random.Random(seed)
        self.cases = []
        self.keys = set()
        self.tps = tracepoints(btf)
        self.ptr_shapes = set()

    def add(self, owner, key, attach, program, run='-', part='F', cls='-'):
        if key in self.keys:
            return
        self.keys.add(key)
        self.cases.append(Case(owner, key, attach, program, run, part, cls))

    def reg(self, avoid=()):
        return 'r%d' % self.rnd.choice([r for r in range(10) if r not in avoid])

    # -- which tracepoints: the fixture's, kfree_skb's, and one of each shape
    def pick_tps(self):
        by_shape = {}
        for tp in sorted(self.tps):
            for a in self.tps[tp]:
                by_shape.setdefault(shape(self.btf.word(a)), []).append(tp)
        fixed, pool = ['btf_lab_probe', 'kfree_skb'], []
        for sh in sorted(by_shape):
            tps = by_shape[sh]
            self.rnd.shuffle(tps)
            if not any(t in fixed for t in tps):
                fixed.append(tps[0])
            pool.extend(t for t in tps[1:3] if t not in fixed and t not in pool)
        return [t for t in fixed if t in self.tps], pool

    # -- stage 2: attach_btf_id at every kind of type
    def attach(self, fixed, pool):
        o = '02-attach-btf-id'
        p = prog('X')
        refs = ['typedef:btf_trace_btf_lab_not_a_tp', 'typedef:btf_trace_btf_lab_gone',
                'typedef:btf_trace_btf_lab_gone^', 'typedef:btf_trace_btf_lab_gone^^',
                'id:0', 'id:end', 'struct:btf_lab_obj', 'struct:sk_buff',
                'int:int', 'func:btf_lab_fn', 'typedef:u32', 'typedef:atomic_t',
                'enum:btf_lab_scenario']
        refs += ['typedef:btf_trace_%s' % tp for tp in fixed]
        refs += ['typedef:btf_trace_%s^' % tp for tp in fixed[:3]]
        refs += ['typedef:btf_trace_%s^^' % tp for tp in fixed[:3]]
        for r in refs:
            self.add(o, 'attach/' + r, r, p)
        # Every typedef with 'btf_trace' in its name that is no btf_trace_<tp>
        # (the fixture's decoys among them), and others that look like one.
        odd = sorted(n for (k, n) in self.btf.by_name if k == 'typedef' and 'btf_trace' in n
                     and n[len('btf_trace_'):] not in self.tps)
        looks = sorted(n for (k, n) in self.btf.by_name if k == 'typedef' and 'trace' in n
                       and 'btf_trace' not in n)
        for n in odd + looks[:4]:
            self.add(o, 'attach/typedef:' + n, 'typedef:' + n, p)
        for tp in pool:
            self.add(o, 'attach/typedef:btf_trace_%s' % tp, 'typedef:btf_trace_%s' % tp, p, part='R')

    # -- stage 3: every argument of the picked tracepoints, at every size
    def ctx(self, fixed, pool):
        o = '03-ctx-access'
        for tp in fixed + pool:
            part = 'F' if tp in fixed else 'R'
            args = self.tps[tp]
            for i, a in enumerate(args):
                w = self.btf.word(a)
                base = f'ctx/{tp}/arg{i}:{w}'
                for size in (8, 4, 2, 1):
                    d = self.reg()
                    self.add(o, f'{base}/{size}@{8 * i}', 'tp:' + tp,
                             prog(f'C{size}@{8 * i}>{d}', f'S:{d}'), part=part,
                             cls=ctx_class(self.btf, a, size, 8 * i))
                d = self.reg()
                self.add(o, f'{base}/4@{8 * i + 4}', 'tp:' + tp,
                         prog(f'C4@{8 * i + 4}>{d}', 'X'), part=part, cls='ctx-unaligned')
                # What the read gave: a pointer to walk, or a scalar.
                sid = ptr_struct(self.btf, a)
                fr = first_readable(self.btf, sid) if sid else None
                off, size = fr if fr else (0, 8)
                s = self.reg()
                d = self.reg()
                cls = ctx_class(self.btf, a, 8, 8 * i) + '-deref'
                if fr:
                    cls += '>' + walk_cls(self.btf, sid, off, size)
                # (the walk is stage 4's: the case is its)
                self.add('04-struct-walk', f'{base}/8@{8 * i}/deref/{size}@{off}', 'tp:' + tp,
                         prog(f'C8@{8 * i}>{s}', f'N:{s}', f'L{size}@{off}:{s}>{d}', f'S:{d}'),
                         part=part, cls=cls)
            n = len(args)
            self.add(o, f'ctx/{tp}/past-last/8@{8 * n}', 'tp:' + tp,
                     prog(f'C8@{8 * n}>r2', 'X'), part=part)
        for off in (-8, 1, 3):
            self.add(o, f'ctx/btf_lab_probe/odd/1@{off}', 'tp:btf_lab_probe',
                     prog(f'C1@{off}>r2', 'X'))
        self.add(o, 'ctx/btf_lab_probe/write/8@8', 'tp:btf_lab_probe', prog('M:r1', 'X'))

    # -- stage 4: loads in and around every member of the structs reached
    def member_loads(self, o, sname, sid, chain, tp, part, run, limit=None):
        """Loads of SID (reached by CHAIN, a list of ops that leaves it in
        r6) at every offset and size in and around its members."""
        btf = self.btf
        t = btf.t(sid)
        ls = leaves(btf, sid)
        if limit and len(ls) > limit:
            ls = sorted(self.rnd.sample(ls, limit), key=lambda l: l[3])
        loads = []
        for mp, off, size, bitoff, bits, mt in ls:
            w = btf.word(mt)
            k = f'{mp}:{w}'
            if bits:
                b = bitoff // 8
                loads += [(f'{k}/bitfield', 1, b), (f'{k}/bitfield', 4, b & ~3)]
                continue
            if size in (1, 2, 4, 8):
                loads.append((f'{k}/exact', size, off))
                if size > 1:
                    loads += [(f'{k}/narrow-lo', size // 2, off),
                              (f'{k}/narrow-hi', size // 2, off + size // 2)]
                if size < 8:
                    loads.append((f'{k}/wide', size * 2, off))
                if size > 1:
                    loads.append((f'{k}/straddle', size, off + size // 2))
                if size >= 4:
                    loads.append((f'{k}/unaligned', 2, off + 1))
            elif size:
                # arrays, structs by value, flexible arrays
                loads += [(f'{k}/first', 4, off), (f'{k}/first', 1, off),
                          (f'{k}/last', 1, off + size - 1)]
                el = btf.t(btf.skip_mods(mt)[0])
                if el is not None and el.kind == 'array':
                    es = btf.size_of(el.type)
                    if es in (1, 2, 4, 8) and el.nelems > 1:
                        loads += [(f'{k}/elem1', es, off + es)]
            else:
                loads.append((f'{k}/flex', 1, off))
        size = t.size
        loads += [('(end)/past', 1, size), ('(end)/past', 8, size),
                  ('(end)/straddle', 8, size - 4), ('(end)/last-byte', 1, size - 1),
                  ('(start)/negative', 8, -8), ('(start)/negative', 1, -1)]
        # padding: bytes that no member covers
        cover = set()
        for _, off, sz, bitoff, bits, _ in leaves(btf, sid):
            if bits:
                cover.update(range(bitoff // 8, (bitoff + bits + 7) // 8))
            elif off is not None:
                cover.update(range(off, off + sz))
        gaps = [b for b in range(size) if b not in cover]
        if limit:
            gaps = gaps[:1] + gaps[-1:] if len(gaps) > 1 else gaps
        for g in sorted(set(gaps)):
            loads.append(('(padding)', 1, g))
            # from the hole into the member after it
            for sz in (2, 4):
                if g + sz <= size and g + sz - 1 not in gaps:
                    loads.append(('(padding)+member', sz, g))
        for what, sz, off in loads:
            d = self.reg()
            key = f'walk/{sname}/{what}/{sz}@{off}'
            self.add(o, key, 'tp:' + tp,
                     prog(*chain, f'L{sz}@{off}:r6>{d}', f'S:{d}'), run=run, part=part,
                     cls=walk_cls(btf, sid, off, sz))
        return ls

    def deref(self, o, name, sid, mp, off, bits, mt, chain, tp, part):
        """A pointer member of SID read, then the first readable member of
        the struct that 6.1 types it as (a union's first member decides)."""
        btf = self.btf
        if bits or not ptr_struct(btf, mt) or off is None:
            return False
        psid = walk61(btf, sid, off, 8)[1]
        fr = first_readable(btf, psid) if psid else None
        if not fr:
            return False
        d = self.reg()
        self.add(o, f'walk/{name}/{mp}:{btf.word(mt)}/deref/{fr[1]}@{fr[0]}', 'tp:' + tp,
                 prog(*chain, f'L8@{off}:r6>r6', 'N:r6', f'L{fr[1]}@{fr[0]}:r6>{d}', f'S:{d}'),
                 part=part, cls=walk_cls(btf, sid, off, 8) + '>' + walk_cls(btf, psid, fr[0], fr[1]))
        return True

    def derefs(self, o, name, sid, chain, tp, part):
        """The pointer members of SID followed: in the fixed part one of
        each pointer shape not met before (ptr>struct, ptr>const>struct,
        ptr>typedef>struct...), in the random part two more."""
        more = 2
        for mp, off, size, _, bits, mt in leaves(self.btf, sid):
            sh = shape(self.btf.word(mt))
            if not sh.startswith('ptr>') or bits:
                continue
            new = sh not in self.ptr_shapes
            if not new and not more:
                continue
            if self.deref(o, name, sid, mp, off, bits, mt, chain, tp,
                          part if new else 'R'):
                if new:
                    self.ptr_shapes.add(sh)
                else:
                    more -= 1

    def walk(self, fixed, pool):
        o = '04-struct-walk'
        btf = self.btf
        obj = btf.find('struct', 'btf_lab_obj')
        root = ['C8@0>r6', 'N:r6']
        self.member_loads(o, 'btf_lab_obj', obj, root, 'btf_lab_probe', 'F', 'valid/def')
        # the same through obj->next (depth 2) and obj->next->next (depth 3)
        nxt = [l for l in leaves(btf, obj) if l[0] == 'next'][0][1]
        for depth, chain in ((2, root + [f'L8@{nxt}:r6>r6', 'N:r6']),
                             (3, root + [f'L8@{nxt}:r6>r6', 'N:r6'] * 2)):
            for mp, off, size, _, bits, mt in leaves(btf, obj):
                if bits or size not in (1, 2, 4, 8):
                    continue
                d = self.reg()
                self.add(o, f'walk/btf_lab_obj{".next" * (depth - 1)}/{mp}/exact/{size}@{off}',
                         'tp:btf_lab_probe', prog(*chain, f'L{size}@{off}:r6>{d}', f'S:{d}'),
                         run='valid/def', cls=walk_cls(btf, obj, off, size))
        # depth 4: past the end of the list, the NULL check exits
        self.add(o, 'walk/btf_lab_obj.next.next.next/u32v/exact/4@4', 'tp:btf_lab_probe',
                 prog(*(root + [f'L8@{nxt}:r6>r6', 'N:r6'] * 3), 'L4@4:r6>r2', 'S:r2'),
                 run='valid/def', cls=walk_cls(btf, obj, 4, 4))
        # sk_buff from kfree_skb, and the structs its pointers lead to
        skb = btf.find('struct', 'sk_buff')
        self.member_loads(o, 'sk_buff', skb, root, 'kfree_skb', 'F', '-', limit=40)
        for mp, off, size, _, bits, mt in leaves(btf, skb):
            self.deref(o, 'sk_buff', skb, mp, off, bits, mt, root, 'kfree_skb', 'F')
        # one step further, where skb->dev and skb->sk lead
        for mp, off, size, _, bits, mt in leaves(btf, skb):
            if mp.endswith('.dev') or mp == 'sk':
                nsid = walk61(btf, skb, off, 8)[1]
                if nsid:
                    self.derefs(o, f'sk_buff.{mp}', nsid, root + [f'L8@{off}:r6>r6', 'N:r6'],
                                'kfree_skb', 'F')
        # every struct argument of the other tracepoints: a sample of its
        # members, and the pointers among them followed once
        seen = {obj, skb}
        for tp in fixed + pool:
            part = 'F' if tp in fixed else 'R'
            for i, a in enumerate(self.tps[tp]):
                sid = ptr_struct(btf, a)
                if not sid or sid in seen or not btf.t(sid).members:
                    continue
                seen.add(sid)
                name = btf.t(sid).name or '(anon)'
                chain = [f'C8@{8 * i}>r6', 'N:r6']
                self.member_loads(o, name, sid, chain, tp, part, '-', limit=6)
                self.derefs(o, name, sid, chain, tp, part)

    # -- stages 5 and 6: loads that fault, and the values of those that do not
    def faults(self, owner, mode):
        btf = self.btf
        obj = btf.find('struct', 'btf_lab_obj')
        lv = {l[0]: l for l in leaves(btf, obj)}
        reads = [(p, lv[p][1], lv[p][2]) for p in ('u8v', 'u16v', 'u32v', 'u64v', 'inner.b',
                                                  'un.half.hi', 'next', 'tail')]
        nxt = lv['next'][1]
        # 'other' (arg6) under each scenario: read at depth 1 and 2
        for sc in ('valid', 'null', 'unmapped', 'noncanonical', 'user', 'vmalloc', 'guard'):
            for mp, off, size in reads:
                s, d = self.reg(), self.reg()
                self.add(owner, f'fault/{mode}/other[{sc}]/{mp}/{size}@{off}', 'tp:btf_lab_probe',
                         prog(f'C8@48>{s}', f'L{size}@{off}:{s}>{d}', f'S:{d}'),
                         run=f'{sc}/{mode}')
            s, m, d = self.reg(), self.reg(), self.reg()
            self.add(owner, f'fault/{mode}/other[{sc}].next/u32v/4@{lv["u32v"][1]}',
                     'tp:btf_lab_probe',
                     prog(f'C8@48>{s}', f'L8@{nxt}:{s}>{m}', f'L4@{lv["u32v"][1]}:{m}>{d}',
                          f'S:{d}'), run=f'{sc}/{mode}')
        # the bad pointers that every object carries, at depth 2 to 4
        for bad in ('null_ptr', 'unmapped', 'noncanon', 'user_ptr'):
            boff = lv[bad][1]
            for mp, off, size in reads:
                s, m, d = self.reg(), self.reg(), self.reg()
                self.add(owner, f'fault/{mode}/obj.{bad}/{mp}/{size}@{off}', 'tp:btf_lab_probe',
                         prog(f'C8@0>{s}', f'L8@{boff}:{s}>{m}', f'L{size}@{off}:{m}>{d}',
                              f'S:{d}'), run=f'valid/{mode}')
            s, m, d = self.reg(), self.reg(), self.reg()
            self.add(owner, f'fault/{mode}/obj.next.next.{bad}.next/u64v/8@{lv["u64v"][1]}',
                     'tp:btf_lab_probe',
                     prog(f'C8@0>{s}', f'L8@{nxt}:{s}>{s}', f'L8@{nxt}:{s}>{m}',
                          f'L8@{boff}:{m}>{m}', f'L8@{nxt}:{m}>{d}',
                          f'L8@{lv["u64v"][1]}:{d}>{d}', f'S:{d}'), run=f'valid/{mode}')
        # a displacement that needs 32 bits in the JIT: the pointer moved back
        for bad in ('null_ptr', 'unmapped', 'next'):
            s, m, d = self.reg(), self.reg(), self.reg()
            self.add(owner, f'fault/{mode}/obj.{bad}-200/u64v+200/8@{lv["u64v"][1] + 200}',
                     'tp:btf_lab_probe',
                     prog(f'C8@0>{s}', f'L8@{lv[bad][1]}:{s}>{m}', f'A-200:{m}',
                          f'L8@{lv["u64v"][1] + 200}:{m}>{d}', f'S:{d}'), run=f'valid/{mode}')
        # the end of the list, followed without a NULL check
        s, d = self.reg(), self.reg()
        self.add(owner, f'fault/{mode}/obj.next.next.next/u32v/4@{lv["u32v"][1]}',
                 'tp:btf_lab_probe',
                 prog(f'C8@0>{s}', f'L8@{nxt}:{s}>{s}', f'L8@{nxt}:{s}>{s}', f'L8@{nxt}:{s}>{d}',
                      f'L4@{lv["u32v"][1]}:{d}>{d}', f'S:{d}'), run=f'valid/{mode}')
        # a narrow load right after a wide one: what the wide one left (on
        # the stack, in a register) must not show in the narrow one's value
        nc = lv['noncanon'][1]
        for mp, off, size in reads:
            if size == 8:
                continue
            # the wide load's register takes the narrow faulting one: the
            # fixup must clear all 64 bits of it
            for bad in ('unmapped', 'noncanon'):
                s, w = self.reg(), self.reg()
                self.add(owner, f'mixed/{mode}/obj.u64v,obj.{bad}/{mp}/{size}@{off}',
                         'tp:btf_lab_probe',
                         prog(f'C8@0>{s}', f'L8@{lv["u64v"][1]}:{s}>{w}', f'L8@{lv[bad][1]}:{s}>{s}',
                              f'L{size}@{off}:{s}>{w}', f'S:{w}'), run=f'valid/{mode}')
            for src in ('C8@0', 'C8@48'):
                s, w, d = self.reg(), self.reg(), self.reg()
                self.add(owner, f'mixed/{mode}/{"obj" if src == "C8@0" else "other"}/noncanon+{mp}/{size}@{off}',
                         'tp:btf_lab_probe',
                         prog(f'{src}>{s}', f'L8@{nc}:{s}>{w}', f'L{size}@{off}:{s}>{d}',
                              f'S:{d}'), run=f'valid/{mode}')
            s, w, m, d = self.reg((1,)), self.reg((1,)), self.reg(), self.reg()
            self.add(owner, f'mixed/{mode}/obj.noncanon,other[null]/{mp}/{size}@{off}',
                     'tp:btf_lab_probe',
                     prog(f'C8@0>{s}', f'L8@{nc}:{s}>{w}', f'C8@48>{m}', f'L{size}@{off}:{m}>{d}',
                          f'S:{d}'), run=f'null/{mode}')
        # every readable member of obj, each to each register
        for mp, off, size, _, bits, mt in leaves(btf, obj):
            if bits or size not in (1, 2, 4, 8):
                continue
            for _ in range(2):
                s, d = self.reg(), self.reg()
                self.add(owner, f'values/{mode}/obj/{mp}/{size}@{off}/{s}>{d}',
                         'tp:btf_lab_probe', prog(f'C8@0>{s}', f'L{size}@{off}:{s}>{d}', f'S:{d}'),
                         run=f'valid/{mode}', part='R')

    # -- stage 7: BTF pointers of every struct passed to bpf_skb_output()
    def helpers(self):
        o = '07-helper-btf-types'
        btf = self.btf
        skb = btf.find('struct', 'sk_buff')
        root = ['C8@0>r6', 'N:r6']
        self.add(o, 'helper/skb_output/arg1/sk_buff', 'tp:kfree_skb',
                 prog(*root, 'Kskb_output:r6', 'X'))
        for k in (8, 1, -8, 4096):
            self.add(o, f'helper/skb_output/arg1/sk_buff+{k}', 'tp:kfree_skb',
                     prog(*root, f'A{k}:r6', 'Kskb_output:r6', 'X'))
        self.add(o, 'helper/skb_output/arg1/sk_buff+var', 'tp:kfree_skb',
                 prog(*root, 'U8:r6', 'Kskb_output:r6', 'X'))
        self.add(o, 'helper/skb_output/arg1/scalar', 'tp:kfree_skb',
                 prog('C8@8>r6', 'Kskb_output:r6', 'X'))
        self.add(o, 'helper/skb_output/arg1/ctx', 'tp:kfree_skb', prog('Kskb_output:r1', 'X'))
        done = set()
        for mp, off, size, _, bits, mt in leaves(btf, skb):
            sid = ptr_struct(btf, mt)
            if not sid or bits:
                continue
            w = btf.word(mt)
            self.add(o, f'helper/skb_output/arg1/sk_buff.{mp}:{w}', 'tp:kfree_skb',
                     prog(*root, f'L8@{off}:r6>r6', 'N:r6', 'Kskb_output:r6', 'X'))
            # one step further, to a struct of each kind
            for mp2, off2, _, _, bits2, mt2 in leaves(btf, sid):
                sid2 = ptr_struct(btf, mt2)
                if not sid2 or bits2 or sid2 in done:
                    continue
                done.add(sid2)
                self.add(o, f'helper/skb_output/arg1/sk_buff.{mp}.{mp2}:{btf.word(mt2)}',
                         'tp:kfree_skb',
                         prog(*root, f'L8@{off}:r6>r6', 'N:r6', f'L8@{off2}:r6>r6', 'N:r6',
                              'Kskb_output:r6', 'X'), part='R')
        # the fixture's objects, which are no sk_buff
        self.add(o, 'helper/skb_output/arg1/btf_lab_obj', 'tp:btf_lab_probe',
                 prog('C8@0>r6', 'N:r6', 'Kskb_output:r6', 'X'))
        self.add(o, 'helper/skb_output/data/sk_buff', 'tp:kfree_skb',
                 prog(*root, 'Kskb_output_data:r6', 'X'))

    def all(self):
        fixed, pool = self.pick_tps()
        self.attach(fixed, pool)
        self.ctx(fixed, pool)
        self.walk(fixed, pool)
        self.faults('05-probe-mem-interp', 'interp')
        self.faults('06-x86-extable', 'jit')
        self.helpers()
        return self.cases

# ---- the files ----


HEADER = """\
# The oracle corpus of {stage}: made by 'labs/lib/corpus.py gen' (seed {seed})
# from the kernel's BTF; the verdicts are 6.1's (make ref), recorded by
# 'labs/lib/corpus.py record'. Do not edit: regenerate. The lab column is
# 6.1's but where labs/lib/oracle-differences says otherwise.
# key\tattach\tprogram\trun\tpart\tclass\tref\tlab\tdifference
"""


def read_corpus(path):
    cases = {}
    if os.path.exists(path):
        for line in open(path):
            if line.startswith('#') or not line.strip():
                continue
            f = line.rstrip('\n').split('\t')
            cases[f[0]] = f
    return cases


def differences():
    """[(name, class regex, key regex, ref verdict regex, lab verdict, reason)]"""
    out = []
    for line in open(DIFFERENCES):
        if line.startswith('#') or not line.strip():
            continue
        f = [x.strip() for x in line.split('|')]
        if len(f) != 6:
            sys.exit(f'corpus: {DIFFERENCES}: not "name | class | key | 6.1 | lab | reason": {line}')
        out.append((f[0], re.compile(f[1]), re.compile(f[2]), re.compile(f[3]), f[4], f[5]))
    return out


def lab_verdict(c, ref, diffs):
    """The lab's verdict: 6.1's, but where an entry's class matches the
    case's class or one step of it ('exact/exact>array/array': a pointer
    read, then an array's element) and its 6.1 verdict is the case's."""
    steps = [c.cls] + c.cls.split('>')
    for name, cre, kre, rre, lab, _ in diffs:
        if any(cre.fullmatch(x) for x in steps) and kre.search(c.key) and rre.fullmatch(ref):
            return lab, name
    return ref, '-'


def write(labs, cases, old_verdicts):
    diffs = differences()
    by_stage = {}
    for c in cases:
        by_stage.setdefault(c.owner, []).append(c)
    for stage, cs in sorted(by_stage.items()):
        path = os.path.join(labs, stage, 'corpus')
        with open(path + '.tmp', 'w') as f:
            f.write(HEADER.format(stage=stage, seed=SEED))
            for c in cs:
                ref = old_verdicts.get((c.key, c.attach, c.prog, c.run), '?')
                lab, dn = lab_verdict(c, ref, diffs) if ref != '?' else ('?', '-')
                f.write('\t'.join((c.key, c.attach, c.prog, c.run, c.part, c.cls,
                                   ref, lab, dn)) + '\n')
        os.replace(path + '.tmp', path)
        print(f'corpus: {path}: {len(cs)} cases '
              f'({sum(c.part == "F" for c in cs)} in the fixed part)')


def stages_with_corpus(labs):
    return sorted(d for d in os.listdir(labs) if os.path.exists(os.path.join(labs, d, 'corpus')))


def old(labs):
    """The recorded verdicts, by key and program: a key whose program
    changed has no verdict."""
    v = {}
    for s in stages_with_corpus(labs):
        for k, f in read_corpus(os.path.join(labs, s, 'corpus')).items():
            v[(k, f[1], f[2], f[3])] = f[6]
    return v


RESULT = re.compile(r'# \S+: corpus: (\S+/\S*) (\S+)$')


def ktap_verdicts(paths):
    """What the runner printed, at LAB_CORPUS=all, for every case."""
    v = {}
    for p in paths:
        for line in open(p, errors='replace'):
            m = RESULT.search(line.rstrip())
            if m:
                v[m.group(1)] = m.group(2)
    return v


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cmd = sys.argv[1]
    if cmd == 'gen':
        write(sys.argv[3], Gen(BTF(sys.argv[2])).all(), old(sys.argv[3]))
    elif cmd == 'record':
        labs = sys.argv[2]
        got = ktap_verdicts(sys.argv[3:])
        cases = []
        for s in stages_with_corpus(labs):
            for k, f in read_corpus(os.path.join(labs, s, 'corpus')).items():
                cases.append(Case(s, k, f[1], f[2], f[3], f[4], f[5]))
        missing = [c.key for c in cases if c.key not in got]
        if missing:
            sys.exit(f'corpus: the run reported no verdict for {len(missing)} cases, '
                     f'e.g. {missing[:3]}: was it a make ref run with LAB_CORPUS=all?')
        write(labs, cases, {(c.key, c.attach, c.prog, c.run): got[c.key] for c in cases})
    elif cmd == 'check':
        btf, labs = BTF(sys.argv[2]), sys.argv[3]
        bad = 0
        have = {}
        for s in stages_with_corpus(labs):
            have.update(read_corpus(os.path.join(labs, s, 'corpus')))
        gen = {c.key: c for c in Gen(btf).all()}
        for k in sorted(set(gen) ^ set(have)):
            print(f'corpus: {k}: ' + ('made from this BTF, not in the files' if k in gen
                                      else 'in the files, not made from this BTF'))
            bad += 1
        for k in sorted(set(gen) & set(have)):
            c, f = gen[k], have[k]
            if (c.attach, c.prog, c.run, c.part, c.cls) != tuple(f[1:6]):
                print(f'corpus: {k}: the files have {f[1:6]}, this BTF makes '
                      f'{[c.attach, c.prog, c.run, c.part, c.cls]}')
                bad += 1
        diffs = differences()
        for k, f in have.items():
            lab, dn = lab_verdict(Case('', k, f[1], f[2], f[3], f[4], f[5]), f[6], diffs)
            if f[6] == '?' or (lab, dn) != (f[7], f[8]):
                print(f'corpus: {k}: verdicts {f[6:9]} are not recorded or not what '
                      f'oracle-differences gives ({lab}, {dn})')
                bad += 1
        if len(sys.argv) > 4:
            got = ktap_verdicts(sys.argv[4:])
            for k, f in sorted(have.items()):
                if got.get(k) != f[6]:
                    print(f'corpus: {k}: 6.1 said {got.get(k, "nothing")}, the file says {f[6]}')
                    bad += 1
            print(f'corpus: {len(got)} verdicts of 6.1 compared with the files')
        print(f'corpus: {len(have)} cases checked, {bad} problems')
        sys.exit(1 if bad else 0)
    elif cmd == 'compare':
        got = ktap_verdicts(sys.argv[3:])
        groups = {}
        for s in stages_with_corpus(sys.argv[2]):
            for k, f in read_corpus(os.path.join(sys.argv[2], s, 'corpus')).items():
                if k in got and got[k] != f[7]:
                    groups.setdefault((f[5], f[6], f[7], got[k]), []).append(k)
        for (cls, ref, lab, g), keys in sorted(groups.items()):
            print(f'{len(keys):4d} class {cls}: 6.1 {ref}, expected {lab}, got {g}: e.g. {keys[0]}')
            for k in keys[1:4]:
                print(f'{"":10s}{k}')
        sys.exit(1 if groups else 0)
    elif cmd == 'differences':
        used = {}
        for s in stages_with_corpus(sys.argv[2]):
            for k, f in read_corpus(os.path.join(sys.argv[2], s, 'corpus')).items():
                used[f[8]] = used.get(f[8], 0) + 1
        for name, cre, kre, rre, lab, why in differences():
            print(f'{name}: {used.get(name, 0)} cases: 6.1 {rre.pattern}, the lab {lab}: {why}')
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
