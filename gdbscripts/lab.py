# SPDX-License-Identifier: GPL-2.0
#
# gdb commands and functions of the BTF tracing lab, in the style of the
# kernel's scripts/gdb (lx-dmesg, $lx_current()). 'make stage-N gdb'
# loads them before gdbscripts/lab.gdb; 'help lab-btf-type' and so on.
#
#   lab-btf-type ID[, BTF]    a BTF type and the chain it starts: typedefs,
#                             modifiers and pointers, to a struct or proto
#   lab-reg REG               a verifier register (struct bpf_reg_state)
#   lab-extable PROG          the exception table of a JITed program
#   $lab_btf_name(T [, BTF])  a type's name, "(anon)" when it has none
#   $lab_btf_kind(T [, BTF])  a type's kind: "STRUCT", "PTR", ...
#   $lab_pt_reg(OFF)          the struct pt_regs member at byte OFF
#
# T is a type id or a const struct btf_type *. BTF defaults to
# btf_vmlinux; pass another struct btf * (reg->btf, say) for a module's or
# a program's BTF.

import gdb

KIND_NAMES = ["UNKN", "INT", "PTR", "ARRAY", "STRUCT", "UNION", "ENUM", "FWD",
              "TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "FUNC", "FUNC_PROTO",
              "VAR", "DATASEC", "FLOAT", "DECL_TAG", "TYPE_TAG", "ENUM64"]
PTR, STRUCT, UNION, TYPEDEF, FUNC_PROTO = 2, 4, 5, 8, 13
# Kinds whose 'type' names another type: followed by lab-btf-type.
CHAINED = {PTR, TYPEDEF, 9, 10, 11, 18}


def _btf(btf):
    return gdb.parse_and_eval("btf_vmlinux") if btf is None else btf


def btf_type(id, btf=None):
    """struct btf_type * of type ID, or None for void (id 0)."""
    btf = _btf(btf)
    id = int(id)
    if int(btf) == 0:
        raise gdb.GdbError("no BTF here (a NULL struct btf *)")
    total = int(btf["start_id"]) + int(btf["nr_types"])
    if id < 0 or id >= total:
        raise gdb.GdbError("%d is not a type id of this BTF (it has %d)" % (id, total))
    while id < int(btf["start_id"]):
        btf = btf["base_btf"]
    if id == 0:
        return None
    return btf["types"][id - int(btf["start_id"])]


def btf_str(off, btf=None):
    btf = _btf(btf)
    off = int(off)
    while off < int(btf["start_str_off"]):
        btf = btf["base_btf"]
    return (btf["strings"] + (off - int(btf["start_str_off"]))).string()


def kind(t):
    return 0 if t is None else (int(t["info"]) >> 24) & 0x1f


def kind_name(t):
    k = kind(t)
    return KIND_NAMES[k] if k < len(KIND_NAMES) else "KIND%d" % k


def vlen(t):
    return int(t["info"]) & 0xffff


def name(t, btf=None):
    return "" if t is None else btf_str(t["name_off"], btf)


def type_arg(t, btf=None):
    """A function's T argument: an id, or a struct btf_type * as it is."""
    if t.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
        return None if int(t) == 0 else t
    return btf_type(t, btf)


def describe(id, btf=None):
    """'[ID] KIND 'name'' and what a struct, union or prototype holds."""
    t = btf_type(id, btf)
    if t is None:
        return "[0] void"
    s = "[%d] %s" % (int(id), kind_name(t))
    if name(t, btf):
        s += " '%s'" % name(t, btf)
    if kind(t) in (STRUCT, UNION):
        s += " (%d bytes, %d members)" % (int(t["size"]), vlen(t))
    elif kind(t) == FUNC_PROTO:
        s += " (%d parameters)" % vlen(t)
    return s


def split_args(arg):
    """'EXPR[, EXPR]': split at the commas outside brackets and parentheses."""
    out, depth, cur = [], 0, ""
    for c in arg:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


class LabBtfType(gdb.Command):
    """lab-btf-type ID[, BTF]: a BTF type and the chain that it starts.

Prints the type, then each type that it names through typedefs,
modifiers and pointers, up to a struct, a prototype, an int or void:
  [41236] TYPEDEF 'btf_trace_btf_lab_probe' -> [41235] PTR -> [41234] FUNC_PROTO (8 parameters)
BTF is a struct btf * (default: btf_vmlinux)."""

    def __init__(self):
        super().__init__("lab-btf-type", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        argv = split_args(arg)
        if not argv or len(argv) > 2:
            raise gdb.GdbError("usage: lab-btf-type ID[, BTF]")
        id = int(gdb.parse_and_eval(argv[0]))
        btf = gdb.parse_and_eval(argv[1]) if len(argv) == 2 else None
        chain = [describe(id, btf)]
        t = btf_type(id, btf)
        while kind(t) in CHAINED and len(chain) < 16:
            id = int(t["type"])
            chain.append(describe(id, btf))
            t = btf_type(id, btf)
        gdb.write(" -> ".join(chain) + "\n")


class LabBtfName(gdb.Function):
    """$lab_btf_name(T [, BTF]): the name of a BTF type, by id or pointer.

"(anon)" for an anonymous struct or union, as 6.1's verifier log says,
and "void" for id 0."""

    def __init__(self):
        super().__init__("lab_btf_name")

    def invoke(self, t, btf=None):
        t = type_arg(t, btf)
        if t is None:
            return "void"
        return name(t, btf) or "(anon)"


class LabBtfKind(gdb.Function):
    """$lab_btf_kind(T [, BTF]): the kind of a BTF type, as "STRUCT"."""

    def __init__(self):
        super().__init__("lab_btf_kind")

    def invoke(self, t, btf=None):
        return kind_name(type_arg(t, btf))


class LabReg(gdb.Command):
    """lab-reg REG: a verifier register, as the verifier's log prints it.

REG is a struct bpf_reg_state or a pointer to one: 'lab-reg reg',
'lab-reg regs[regno]'. A PTR_TO_BTF_ID shows its struct, id and offset."""

    def __init__(self):
        super().__init__("lab-reg", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        if not arg:
            raise gdb.GdbError("usage: lab-reg REG")
        reg = gdb.parse_and_eval(arg)
        if reg.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
            reg = reg.dereference()
        raw = int(reg["type"])
        names = {int(f.enumval): f.name for f in gdb.lookup_type("enum bpf_reg_type").fields()}
        s = names.get(raw & 0xff, "type %d" % (raw & 0xff))
        # The flags above the base type: PTR_MAYBE_NULL, PTR_UNTRUSTED...
        for f in gdb.lookup_type("enum bpf_type_flag").fields():
            v = int(f.enumval)
            if v > 0xff and not v & (v - 1) and raw & v:
                s += " | " + f.name
        if raw & 0xff == int(gdb.parse_and_eval("PTR_TO_BTF_ID")):
            s += " '%s' (btf_id %d), off %d" % (name(btf_type(reg["btf_id"], reg["btf"]), reg["btf"]),
                                                int(reg["btf_id"]), int(reg["off"]))
        gdb.write(s + "\n")


def pt_reg(off):
    for f in gdb.lookup_type("struct pt_regs").fields():
        if f.name and f.bitpos is not None and f.bitpos // 8 == int(off):
            return f.name
    return "?"


class LabPtReg(gdb.Function):
    """$lab_pt_reg(OFF): the member of struct pt_regs at byte offset OFF."""

    def __init__(self):
        super().__init__("lab_pt_reg")

    def invoke(self, off):
        return pt_reg(off)


class LabExtable(gdb.Command):
    """lab-extable PROG: the exception table of a JITed program.

PROG is a struct bpf_prog *. One line per entry: the load it covers (as
an offset into the program), and its fixup as the seed encodes it: the
bytes to skip (low 8 bits) and the struct pt_regs member to zero."""

    def __init__(self):
        super().__init__("lab-extable", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        if not arg:
            raise gdb.GdbError("usage: lab-extable PROG")
        prog = gdb.parse_and_eval(arg)
        aux = prog["aux"]
        n, ex = int(aux["num_exentries"]), aux["extable"]
        start = int(prog["bpf_func"])
        gdb.write("%s: %d entries\n" % (aux["ksym"]["name"].string(), n))
        for i in range(n):
            e = ex[i]
            insn = int(e["insn"].address) + int(e["insn"])
            fixup = int(e["fixup"]) & 0xffffffff
            gdb.write("  [%d] load at +%d: skip %d bytes, zero pt_regs+%d (%s), type %d\n" %
                      (i, insn - start, fixup & 0xff, fixup >> 8, pt_reg(fixup >> 8),
                       int(e["data"]) & 0xff))


LabBtfType()
LabBtfName()
LabBtfKind()
LabReg()
LabPtReg()
LabExtable()
