#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""claims.py LABS: the handouts say what the tests do, and show their figures.

For every stage folder LABS/NN-name, the grading section of README.md
("## ... graded (P points)") must list every LAB_TEST() of the stage's
C files, each with the points that the test declares, and nothing else;
P must be their sum. Every figure (NAME.svg) in the folder must be shown
by the handout, and every picture that the handout shows must be there,
an SVG document with its size. Prints one line per difference; exits 1
if any.

claims.py --lines LABS OUT...: every kernel line that a test saw and
claimed (see lab_claim() in lab.h), in the KTAP under OUT..., is shown by
its stage's handout.
"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

from grade import manifest    # the one parser of LAB_TEST() declarations

HEADING = re.compile(r'^## .*graded \((\d+) points\)\s*$')
# One test a row, or several that share the points: "| `a`, `b` | 9 each |".
ROW = re.compile(r'^\| ((?:`\w+`(?:, )?)+) \| (\d+)(?: each)? \|')
NAME = re.compile(r'`(\w+)`')


def table(readme):
    """The grading section's total and its {test: points}."""
    total, rows, inside = None, {}, False
    with open(readme, encoding='utf-8') as f:
        for line in f:
            m = HEADING.match(line)
            if m:
                total, inside = int(m.group(1)), True
                continue
            if inside and line.startswith('## '):
                break
            m = ROW.match(line) if inside else None
            if m:
                for name in NAME.findall(m.group(1)):
                    rows[name] = int(m.group(2))
    return total, rows


def tests(stage_dir):
    """{test: points} of a stage, from its LAB_TEST() declarations."""
    stage = os.path.basename(stage_dir)
    return {t['name']: t['points']
            for t in manifest(os.path.dirname(stage_dir), [stage])[stage]}


def figures(stage_dir, readme):
    """What is wrong with the folder's figures: a list of lines."""
    with open(readme, encoding='utf-8') as f:
        shown = set(re.findall(r'!\[[^]]*\]\(([^)]+)\)', f.read()))
    have = {os.path.basename(p) for p in glob.glob(os.path.join(stage_dir, '*.svg'))}
    bad = [f'figure {n} is in the folder, but the handout never shows it'
           for n in sorted(have - shown)]
    bad += [f'the handout shows {n}, which is not in the folder' for n in sorted(shown - have)]
    for n in sorted(have & shown):
        try:
            root = ET.parse(os.path.join(stage_dir, n)).getroot()
        except ET.ParseError as e:
            bad.append(f'figure {n} is not well-formed XML: {e}')
            continue
        if root.tag != '{http://www.w3.org/2000/svg}svg':
            bad.append(f'figure {n} is not an SVG document (root {root.tag})')
        elif not all(root.get(k) for k in ('width', 'height', 'viewBox')):
            bad.append(f'figure {n} lacks a width, height or viewBox')
    return bad


def main(labs):
    bad = 0
    stages = sorted(d for d in glob.glob(os.path.join(labs, '[0-9][0-9]-*'))
                    if os.path.isdir(d))
    for d in stages:
        s = os.path.basename(d)
        before = bad
        readme = os.path.join(d, 'README.md')
        total, rows = table(readme)
        have = tests(d)
        if total is None:
            print(f'claims: {s}/README.md has no "## ... graded (N points)" section')
            bad += 1
            continue
        for name in sorted(set(have) | set(rows)):
            if name not in rows:
                print(f'claims: {s}: test {name} ({have[name]} points) is not in the handout\'s table')
                bad += 1
            elif name not in have:
                print(f'claims: {s}: the handout grades {name}, which no test defines')
                bad += 1
            elif rows[name] != have[name]:
                print(f'claims: {s}: {name} is worth {have[name]} points, the handout says {rows[name]}')
                bad += 1
        for line in figures(d, readme):
            print(f'claims: {s}: {line}')
            bad += 1
        if sum(have.values()) != total:
            print(f'claims: {s}: the tests add up to {sum(have.values())} points, the handout says {total}')
            bad += 1
        if bad == before:
            nfig = len(glob.glob(os.path.join(d, '*.svg')))
            print(f'claims: {s}: {len(have)} tests, {total} points, as the handout says'
                  + (f'; {nfig} figure(s) shown' if nfig else ''))
    return 1 if bad else 0


# ---- claims.py --lines LABS OUT...: the log lines the tests saw ----
#
# A test that finds a kernel line in a verifier log or the kernel log
# prints it as "# TEST: claim: LINE" (lab_log_claim(), lab_dmesg_find()).
# Each such line of stage S, in the KTAP of the graded runs OUT..., must be
# shown by S's handout: in a code span or a code block, where a number
# stands for any number, and a word in capitals (N, NAME, T; argN) for any
# word.
CLAIM = re.compile(r'^\s*# (\w+): claim: (.*?)\s*$')
SUBTEST = re.compile(r'^\s*# Subtest: (\S+)')
PLACEHOLDER = re.compile(r'\b[A-Z][A-Z_]*\b|(?<=[a-z])N\b')


def shown(readme):
    """The patterns of a handout's code spans and code-block lines."""
    with open(readme, encoding='utf-8') as f:
        text = f.read()
    found = re.findall(r'`([^`\n]+)`', text)
    found += [l[4:] for l in text.splitlines() if l.startswith('    ') and l.strip()]
    pats = []
    for span in found:
        span = re.sub(r'\d+', '0', span.strip())
        parts = PLACEHOLDER.split(span)
        words = PLACEHOLDER.findall(span)
        rx = re.escape(parts[0])
        for w, rest in zip(words, parts[1:]):
            rx += r'(?:%s|\S+)' % re.escape(w) + re.escape(rest)
        literal = len(re.sub(r'\s', '', ''.join(parts)))
        if literal >= 10:
            pats.append((span, re.compile(rx)))
    return pats


def claims_in(out_dirs):
    """{stage: {line: test}} from every results.ktap under OUT..."""
    found = {}
    for out in out_dirs:
        for ktap in glob.glob(os.path.join(out, '**', 'results.ktap'), recursive=True):
            stage = None
            with open(ktap, encoding='utf-8', errors='replace') as f:
                for line in f:
                    m = SUBTEST.match(line)
                    if m:
                        stage = m.group(1)
                        continue
                    m = CLAIM.match(line)
                    if m and stage:
                        found.setdefault(stage, {})[m.group(2)] = m.group(1)
    return found


def lines_main(labs, outs):
    bad = 0
    found = claims_in(outs)
    if not found:
        print('claims: no "claim:" line in the KTAP of %s' % ' '.join(outs))
        return 1
    for stage in sorted(found):
        readme = os.path.join(labs, stage, 'README.md')
        pats = shown(readme)
        ok = 0
        for line, test in sorted(found[stage].items()):
            n = re.sub(r'\d+', '0', line)
            # A span shows the line if it matches the whole of it, or all
            # of it from some word on (the verifier's "R1 " or "func#0 ").
            if any(p.fullmatch(n) or p.search(n) and len(p.search(n).group(0)) * 2 >= len(n)
                   for _, p in pats):
                ok += 1
                continue
            print(f'claims: {stage}: the handout never shows the line that {test} saw: "{line}"')
            bad += 1
        print(f'claims: {stage}: {ok} of {len(found[stage])} log lines that the tests saw are in the handout')
    return 1 if bad else 0


if __name__ == '__main__':
    if len(sys.argv) >= 4 and sys.argv[1] == '--lines':
        sys.exit(lines_main(sys.argv[2], sys.argv[3:]))
    if len(sys.argv) != 2:
        sys.exit('usage: claims.py LABS | claims.py --lines LABS OUT...')
    sys.exit(main(sys.argv[1]))
