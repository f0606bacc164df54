#!/usr/bin/env python3
"""labs/lib/schemata.py TREE MAP MUTANT.patch...: mutant schemata.

make check proves that a stage's tests fail on each of its mutants. A
kernel link costs about 35 s, a failing mutant's boot about 6 s: one
kernel per mutant made make check build-bound. This builds one kernel
for all the mutants of a stage (mutant schemata, as in Untch, Offutt and
Harrold's "Mutation analysis using mutant schemata", 1993; and mutation
switching in today's tools): each function that a mutant changes is kept
twice or more, the reference's body and each mutant's, and the function's
own name becomes a switch on 'lab.mutant=K' (an early parameter of the kernel command line):

    static int f__lab_m0(int a) { ...the reference... }
    static int f__lab_m3(int a) { ...mutant 3... }
    static int f(int a)
    {
            if (lab_mutant == 3)
                    return f__lab_m3(a);
            return f__lab_m0(a);
    }

TREE is a kernel tree at the stage's solved state, clean. The mutants
(K = 1, 2, ... in the order given) are applied to it one at a time to
read the functions they change, then TREE is left with the combined
files. A mutant that changes anything but the bodies of functions
(a macro, a signature, a new function, a table) is left out: MAP says so,
and make check builds that mutant on its own, as before. MAP gets one
line per mutant: "NAME K", or "NAME -" for one left out.

With no lab.mutant= (or 0), the kernel is the reference: make check
grades it so, and a mutant's run must show the kernel's line
"lab: mutant schemata: mutant K selected" (so no mutant passes by a
switch that did not switch).
"""
import difflib
import os
import re
import subprocess
import sys

ATTRS = {'__maybe_unused', '__always_unused', '__user', '__rcu', '__force',
         '__iomem', '__percpu', 'const', 'volatile', 'restrict'}

# A body that prints its own name or address would differ in its copy.
OWN_NAME = r'__func__|__FUNCTION__|_THIS_IP_|_RET_IP_|__builtin_return_address'


class Skip(Exception):
    pass


def functions(lines):
    """(name, start, brace, end) of each function: kernel style, a
    signature from column 0, a '{' line, a '}' line (0-based, inclusive)."""
    out = []
    i = 0
    while i < len(lines):
        if lines[i] == '{':
            j = i - 1
            while j >= 0 and lines[j][:1] in (' ', '\t'):
                j -= 1
            # A return type on a line of its own ("static int\nf(...)").
            while j > 0 and re.match(r'^[A-Za-z_][\w \t*]*$', lines[j - 1]):
                j -= 1
            sig = ' '.join(lines[j:i])
            m = re.search(r'([A-Za-z_]\w*)\s*\(', sig)
            k = i + 1
            while k < len(lines) and lines[k] != '}':
                if lines[k] == '{':
                    break
                k += 1
            if (j >= 0 and m and k < len(lines) and lines[k] == '}' and
                    not lines[j].startswith('#') and '=' not in sig.split('(')[0]):
                out.append((m.group(1), j, i, k))
                i = k
        i += 1
    return out


def changed(a, b):
    """The line ranges [(a0, a1, b0, b1)] where b differs from a."""
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return [(i1, i2, j1, j2) for tag, i1, i2, j1, j2 in sm.get_opcodes()
            if tag != 'equal']


def inside(funcs, lo, hi):
    """The function whose body holds lines [lo, hi) (or the insertion
    point lo when hi == lo)."""
    for f in funcs:
        name, start, brace, end = f
        if brace < lo and (hi <= end if hi > lo else lo <= end):
            return f
    return None


def signature(sig, name):
    """(arguments, void) of the function NAME whose signature lines are
    SIG: the call's arguments (the parameters' names) and whether it
    returns void. Its name must be on the first line (it is renamed there)."""
    first = re.search(r'\b%s\s*\(' % re.escape(name), sig[0])
    if not first:
        raise Skip('%s: its name is not on its first line' % name)
    text = ' '.join(sig)
    at = re.search(r'\b%s\s*\(' % re.escape(name), text)
    depth, cur, parts = 0, '', []
    for ch in text[at.end():]:
        if ch == '(':
            depth += 1
        elif ch == ')':
            if depth == 0:
                break
            depth -= 1
        if ch == ',' and depth == 0:
            parts.append(cur)
            cur = ''
        else:
            cur += ch
    parts.append(cur)
    head = text[:at.start()]
    void = re.search(r'\bvoid\b', head) is not None and '*' not in head
    names = []
    for p in parts:
        p = p.strip()
        if p in ('void', ''):
            if len(parts) == 1:
                return [], void
            raise Skip('%s: an empty parameter' % name)
        if p == '...':
            raise Skip('%s: a variadic function' % name)
        fp = re.search(r'\(\s*\*\s*([A-Za-z_]\w*)\s*\)', p)
        if fp:
            names.append(fp.group(1))
            continue
        p = re.sub(r'\[[^]]*\]', '', p)
        ids = [t for t in re.findall(r'[A-Za-z_]\w*', p) if t not in ATTRS]
        if len(ids) < 2:
            raise Skip('%s: a parameter without a name: %s' % (name, p))
        names.append(ids[-1])
    return names, void


def git(tree, *args, data=None):
    return subprocess.run(['git', '-C', tree] + list(args), input=data,
                          check=True, capture_output=True, text=True).stdout


def main():
    tree, mapfile, patches = sys.argv[1], sys.argv[2], sys.argv[3:]
    if git(tree, 'status', '--porcelain'):
        sys.exit('schemata: %s is not clean' % tree)
    orig = {}        # path -> lines of the reference
    variants = {}    # (path, function) -> {K: lines of the mutant's body}
    result = []
    for k, patch in enumerate(patches, 1):
        name = os.path.basename(patch)[:-len('.patch')]
        try:
            files = git(tree, 'apply', '--numstat', patch).split('\n')
            paths = [f.split('\t')[2] for f in files if f]
            for p in paths:
                if p not in orig:
                    with open(os.path.join(tree, p)) as f:
                        orig[p] = f.read().split('\n')
            git(tree, 'apply', patch)
            mine, mutated = {}, {}
            try:
                for p in paths:
                    with open(os.path.join(tree, p)) as f:
                        b = mutated[p] = f.read().split('\n')
                    a = orig[p]
                    fa, fb = functions(a), functions(b)
                    for a0, a1, b0, b1 in changed(a, b):
                        f_a, f_b = inside(fa, a0, a1), inside(fb, b0, b1)
                        if not f_a or not f_b or f_a[0] != f_b[0]:
                            raise Skip('%s: a change outside a function body (line %d)'
                                       % (p, a0 + 1))
                        if a[f_a[1]:f_a[2]] != b[f_b[1]:f_b[2]]:
                            raise Skip('%s: %s: its signature changes' % (p, f_a[0]))
                        if [f for f in fa if f[0] == f_a[0]] != [f_a]:
                            raise Skip('%s: %s is defined twice' % (p, f_a[0]))
                        if not p.endswith('.c'):
                            raise Skip('%s: not a .c file' % p)
                        try:
                            signature(a[f_a[1]:f_a[2]], f_a[0])
                        except Skip as e:
                            raise Skip('%s: %s' % (p, e))
                        for body in (a[f_a[2]:f_a[3] + 1], b[f_b[2]:f_b[3] + 1]):
                            if re.search(OWN_NAME, '\n'.join(body)):
                                raise Skip('%s: %s uses its own name or address' % (p, f_a[0]))
                            if re.search(r'^\s*#\s*(define|undef|include)\b', '\n'.join(body), re.M):
                                raise Skip('%s: %s defines a macro, which a copy would redefine'
                                           % (p, f_a[0]))
                        mine[(p, f_a[0])] = b[f_b[2]:f_b[3] + 1]
            finally:
                git(tree, 'checkout', '--', *paths)
            if not mine:
                raise Skip('it changes nothing')
            # The switched functions, each with this mutant's body, must
            # give back the mutant's files exactly.
            for p in paths:
                back = list(orig[p])
                for fname, _, brace, end in sorted(functions(orig[p]), key=lambda f: -f[1]):
                    if (p, fname) in mine:
                        back[brace:end + 1] = mine[(p, fname)]
                if back != mutated[p]:
                    raise Skip('%s: its change is not only inside function bodies' % p)
            for key, body in mine.items():
                variants.setdefault(key, {})[k] = body
            result.append('%s %d' % (name, k))
        except Skip as e:
            print('schemata: mutant %s is built on its own: %s' % (name, e), file=sys.stderr)
            result.append('%s -' % name)
        except subprocess.CalledProcessError as e:
            sys.exit('schemata: %s: %s' % (patch, e.stderr.strip()))

    define = True
    for p in sorted({p for p, _ in variants}):
        a = orig[p]
        out = list(a)
        # From the end, so that the line numbers above stay right.
        for name, start, brace, end in sorted(functions(a), key=lambda f: -f[1]):
            if (p, name) not in variants:
                continue
            sig = a[start:brace]
            # The mapping above made sure that this does not raise.
            names, void = signature(sig, name)
            args = ', '.join(names)

            def renamed(tag):
                s = list(sig)
                s[0] = re.sub(r'\b%s(\s*\()' % re.escape(name), name + tag + r'\1', s[0], count=1)
                if not re.match(r'static\b', s[0]):
                    s[0] = 'static ' + s[0]
                return s
            new = sig[:-1] + [sig[-1] + ';', '']
            new += renamed('__lab_m0') + a[brace:end + 1] + ['']
            for k, body in sorted(variants[(p, name)].items()):
                new += renamed('__lab_m%d' % k) + body + ['']
            new += sig + ['{']
            for k in sorted(variants[(p, name)]):
                call = '%s__lab_m%d(%s)' % (name, k, args)
                new += ['\tif (lab_mutant == %d) {' % k,
                        '\t\t%s;' % call if void else '\t\treturn %s;' % call]
                new += ['\t\treturn;', '\t}'] if void else ['\t}']
            new += ['\t%s__lab_m0(%s);' % (name, args) if void
                    else '\treturn %s__lab_m0(%s);' % (name, args), '}']
            out[start:end + 1] = new
        head = ['extern int lab_mutant;']
        if define:
            while out and out[-1] == '':
                out.pop()
            # An early parameter: set in setup_arch(), before any BPF
            # program can exist; read-only after init.
            out += ['', '#include <linux/cache.h>', '#include <linux/init.h>',
                    '#include <linux/kernel.h>', '#include <linux/printk.h>',
                    'int lab_mutant __ro_after_init;',
                    'static int __init lab_mutant_setup(char *s)',
                    '{',
                    '\tif (!s || kstrtoint(s, 10, &lab_mutant))',
                    '\t\treturn -EINVAL;',
                    '\tpr_info("lab: mutant schemata: mutant %d selected\\n", lab_mutant);',
                    '\treturn 0;',
                    '}',
                    'early_param("lab.mutant", lab_mutant_setup);', '']
            define = False
        with open(os.path.join(tree, p), 'w') as f:
            f.write('\n'.join(head + out))
    with open(mapfile, 'w') as f:
        f.write('\n'.join(result) + '\n')


if __name__ == '__main__':
    main()
