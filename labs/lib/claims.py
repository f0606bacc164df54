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
"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

HEADING = re.compile(r'^## .*graded \((\d+) points\)\s*$')
# One test a row, or several that share the points: "| `a`, `b` | 9 each |".
ROW = re.compile(r'^\| ((?:`\w+`(?:, )?)+) \| (\d+)(?: each)? \|')
NAME = re.compile(r'`(\w+)`')
TEST = re.compile(r'^LAB_TEST\((\w+),\s*(\d+),', re.M)


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
    found = {}
    for c in sorted(glob.glob(os.path.join(stage_dir, '*.c'))):
        with open(c, encoding='utf-8') as f:
            for name, points in TEST.findall(f.read()):
                found[name] = int(points)
    return found


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


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit('usage: claims.py LABS')
    sys.exit(main(sys.argv[1]))
