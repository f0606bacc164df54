#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""labs/lib/mutation.py: mutants made mechanically from a reference solution.

  mutation.py gen TREE OUT        write OUT/g-NNN.patch, one mutant each, and
                                  OUT/index (name, file:line, operator, the
                                  line before and after)
  mutation.py report STAGE INDEX RESULTS > MUTATION.md

TREE is a lab tree at a stage's solved state (HEAD is the reference
solution's commit). Every line that the solution adds inside a function
body of a .c file is mutated with the standard operators, one change a
mutant:

  del    a statement deleted (not a declaration, a brace or a label)
  neg    an if/while condition negated
  rel    a comparison swapped: < <=, > >=, == !=
  log    && and || swapped
  const  an integer constant plus or minus one
  errno  an error code swapped for a neighbour (-EACCES -EINVAL -EFAULT)
  call   a call replaced by a neighbour of the same signature

'make mutation STAGE=N' (labs/lib/mutation) builds them all into one
kernel, the mutant schemata (labs/lib/schemata.py), grades each on stage
N alone, and writes solutions/NN-name/MUTATION.md. RESULTS has one line
a mutant: "NAME killed|survived|unbuilt|unswitched".
"""
import os
import re
import subprocess
import sys

ERRNOS = ['EACCES', 'EINVAL', 'EFAULT', 'ENOENT', 'EOPNOTSUPP']
# Neighbours of the same signature, both ways.
CALLS = [('btf_type_is_struct', '__btf_type_is_struct'),
         ('btf_type_is_ptr', 'btf_type_is_typedef'),
         ('btf_type_is_int', 'btf_type_is_enum'),
         ('btf_type_is_func_proto', 'btf_type_is_func'),
         ('copy_from_kernel_nofault', 'copy_from_user_nofault'),
         ('is_ereg', 'is_ereg_8l'),
         ('smp_load_acquire', 'READ_ONCE')]
LIB = os.path.dirname(os.path.abspath(__file__))
DECL = re.compile(r'^\s*(const\s+|static\s+|struct\s+|union\s+|enum\s+|unsigned\s+|signed\s+)*'
                  r'(u8|u16|u32|u64|s8|s16|s32|s64|int|long|char|bool|void|size_t|'
                  r'[a-z_]+_t|struct \w+|union \w+|enum \w+)\b[\s*]+\w+(\[[^]]*\])?\s*(=|;|,)')


def sh(*cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=True).stdout


def added_lines(tree):
    """(file, line number in the new file, text) of each line HEAD adds."""
    out = []
    diff = sh('git', 'diff', '-U0', 'HEAD~1', 'HEAD', '--', '*.c', cwd=tree)
    f = n = None
    for line in diff.splitlines():
        if line.startswith('+++ '):
            f = line[6:] if line.startswith('+++ b/') else None
        elif line.startswith('@@'):
            n = int(re.search(r'\+(\d+)', line).group(1))
        elif line.startswith('+') and f:
            out.append((f, n, line[1:]))
            n += 1
        elif line.startswith(' ') and f:
            n += 1
    return out


def in_body(lines, i):
    """Line i (0-based) is inside a function body: between a '{' line in
    column 0 and the '}' that closes it."""
    j = i
    while j >= 0 and lines[j] not in ('{', '}'):
        j -= 1
    return j >= 0 and lines[j] == '{' and lines[i] not in ('{', '}')


def code_of(text):
    """The line without its strings and comments, for the operators to
    look at (so that no mutant changes a message)."""
    return re.sub(r'"(\\.|[^"\\])*"', lambda m: ' ' * len(m.group(0)),
                  re.sub(r'/\*.*?\*/|//.*$', lambda m: ' ' * len(m.group(0)), text))


def variants(text, prev=''):
    """[(operator, new text)] for one line (PREV: the line before it)."""
    code = code_of(text)
    s = code.strip()
    p = code_of(prev).strip()
    out = []

    def at(m, new):
        return text[:m.start()] + new + text[m.end():]
    # a whole statement: on a line of its own, after one that ended
    if s.endswith(';') and code.count('(') == code.count(')') and \
            (not p or p.endswith((';', '{', '}', ')', ':', '*/', 'else'))) and \
            not DECL.match(code) and not s.startswith(('return', 'break', 'continue',
                                                       'goto', 'case', 'default')):
        out.append(('del', re.match(r'^\s*', text).group(0) + ';'))
    m = re.match(r'^(\s*(?:\}\s*else\s+)?(?:if|while)\s*)\((.*)\)(\s*\{?\s*)$', code)
    if m:
        cond = text[len(m.group(1)) + 1:len(text) - len(m.group(3)) - 1]
        out.append(('neg', m.group(1) + '(!(' + cond + '))' + text[len(text) - len(m.group(3)):]))
    for m in re.finditer(r'(?<![<>=!&|-])(<=|>=|==|!=|<|>)(?![<>=])', code):
        op = m.group(1)
        swap = {'<': '<=', '<=': '<', '>': '>=', '>=': '>', '==': '!=', '!=': '=='}[op]
        out.append(('rel', at(m, swap)))
    for m in re.finditer(r'&&|\|\|', code):
        out.append(('log', at(m, '||' if m.group(0) == '&&' else '&&')))
    for m in re.finditer(r'(?<![\w.])(\d+)(?![\w.])', code):
        v = int(m.group(1))
        for w in (v + 1, v - 1):
            if w >= 0:
                out.append(('const', at(m, str(w))))
    for m in re.finditer(r'\bE[A-Z]+\b', code):
        if m.group(0) in ERRNOS:
            i = ERRNOS.index(m.group(0))
            out.append(('errno', at(m, ERRNOS[(i + 1) % len(ERRNOS)])))
    for a, b in CALLS:
        for x, y in ((a, b), (b, a)):
            for m in re.finditer(r'\b%s\s*\(' % re.escape(x), code):
                out.append(('call', at(m, y + '(')))
    return out


def gen(tree, outdir):
    os.makedirs(outdir, exist_ok=True)
    for f in os.listdir(outdir):
        if f.startswith('g-'):
            os.remove(os.path.join(outdir, f))
    index = []
    k = 0
    cache = {}
    for f, n, text in added_lines(tree):
        path = os.path.join(tree, f)
        lines = cache.setdefault(f, open(path).read().split('\n'))
        if not in_body(lines, n - 1) or lines[n - 1] != text:
            continue
        for op, new in variants(text, lines[n - 2] if n > 1 else ''):
            if new == text:
                continue
            k += 1
            name = 'g-%03d' % k
            mutated = lines[:n - 1] + [new] + lines[n:]
            orig = open(path).read()
            with open(path, 'w') as fh:
                fh.write('\n'.join(mutated))
            try:
                d = sh('git', 'diff', '--', f, cwd=tree)
            finally:
                with open(path, 'w') as fh:
                    fh.write(orig)
            with open(os.path.join(outdir, name + '.patch'), 'w') as fh:
                fh.write('Subject: [PATCH] mutant: %s\n\n%s %s:%d\n---\n%s' % (name, op, f, n, d))
            index.append('%s\t%s:%d\t%s\t%s\t%s' % (name, f, n, op, text.strip(), new.strip()))
    with open(os.path.join(outdir, 'index'), 'w') as fh:
        fh.write('\n'.join(index) + '\n')
    print('mutation: %d mutants of %d added lines in %s' % (k, len(added_lines(tree)), outdir))


def report(stage, index, results):
    res = dict(l.split()[:2] for l in open(results) if l.strip())
    rows = [l.rstrip('\n').split('\t') for l in open(index) if l.strip()]
    by = {}
    for r in rows:
        by.setdefault(res.get(r[0], 'unbuilt'), []).append(r)
    graded = len(by.get('killed', [])) + len(by.get('survived', []))
    print('# Generated mutants of %s\n' % stage)
    lab = os.path.dirname(os.path.dirname(LIB))
    commit = subprocess.run(['git', '-C', lab, 'rev-parse', '--short', 'HEAD'],
                            capture_output=True, text=True).stdout.strip() or 'unknown'
    when = subprocess.run(['date', '-u', '+%Y-%m-%d'], capture_output=True, text=True).stdout.strip()
    print('Made by `make mutation STAGE=%d` (labs/lib/mutation.py) on %s, at commit %s,\n'
          'from every line that the reference solution adds; each graded on the stage\n'
          'alone, through the mutant schemata.\n' % (int(stage[:2]), when, commit))
    print('| | mutants |\n|---|---|')
    for k in ('killed', 'survived', 'unbuilt', 'unswitched'):
        print('| %s | %d |' % (k, len(by.get(k, []))))
    if graded:
        print('\n%d of %d graded mutants killed (%.0f%%); the survivors below are not yet\n'
              'classified as equivalent or not.\n' % (len(by.get('killed', [])), graded,
                                                     100.0 * len(by.get('killed', [])) / graded))
    for k in ('survived', 'killed', 'unbuilt', 'unswitched'):
        if by.get(k):
            print('\n## %s\n\n| mutant | where | operator | line | mutated |\n|---|---|---|---|---|' % k)
            for r in by[k]:
                print('| %s | %s | %s | `%s` | `%s` |' % tuple(x.replace('|', '\\|') for x in r))


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    if sys.argv[1] == 'gen':
        gen(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == 'report':
        report(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
