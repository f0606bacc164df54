#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""labs/lib/autograde.py: the host side of 'make autograde'.

  autograde.py files LAB N PATCH...   the submission's files against the
                                      stage's rules (exit 3: refused)
  autograde.py status DIR STAGE NAME STATUS DETAIL FLAGS
                                      DIR's status.json
  autograde.py detail DIR             what went wrong in a graded run: a
                                      guest that did not exit, an oops
  autograde.py student DIR NAME       DIR's gradescope.json and a one-line
                                      summary, from results.json and status
  autograde.py csv CSV DIR...         one row per student folder DIR
  autograde.py merge CSV IN...        the shards' CSVs, as one
  autograde.py figures SECONDS        time per submission; a class of 200

The rules of a submission's files:
  - refused: it changes the fixture (a file whose name has btf_lab: it
    observes the student's code for the tests), a build file (Makefile,
    Kbuild, Kconfig*, *.config, .gitignore) or anything under scripts/,
    tools/ or usr/: these decide what is built and what the tests see;
  - flagged (graded, and named in the flags column): a file that no
    exercise or reference solution of stages 0..N touches.
"""
import csv
import glob
import json
import os
import re
import statistics
import sys

import grade

PROTECTED = re.compile(r'(^|/)(Makefile|Kbuild|Kconfig[^/]*|[^/]*\.config|\.gitignore)$'
                       r'|btf_lab|^(scripts|tools|usr)/')


def strip1(path):
    """A patch's path as git am (-p1) reads it: without its first part."""
    return path.split('/', 1)[1] if '/' in path else path


def touched(patches):
    """Every file that a set of patches names. git am writes to the files
    of the ---/+++ lines even when the 'diff --git' line names others, and
    takes a plain unified diff with no 'diff --git' line at all: so each
    of them counts, and rename/copy lines too."""
    files = set()
    for p in patches:
        prev = ''
        with open(p, errors='replace') as f:
            for line in f:
                m = re.match(r'diff --git (\S+) (\S+)', line)
                if m:
                    files.update(strip1(x) for x in m.groups())
                m = re.match(r'(?:rename|copy) (?:from|to) (.+)$', line)
                if m:
                    files.add(m.group(1))
                if line.startswith('+++ ') and prev.startswith('--- '):
                    for x in (prev[4:], line[4:]):
                        x = x.split('\t')[0].strip()
                        if x != '/dev/null':
                            files.add(strip1(x))
                prev = line
    return files


def files(lab, n, patches):
    stage_files = set()
    for kind in ('stages', 'solutions'):
        for d in sorted(glob.glob(os.path.join(lab, kind, '[0-9][0-9]-*'))):
            if int(os.path.basename(d)[:2]) <= n:
                stage_files |= touched(glob.glob(os.path.join(d, '*.patch')))
    sub = touched(patches)
    refused = sorted(f for f in sub if PROTECTED.search(f))
    flagged = sorted(f for f in sub if f not in stage_files and f not in refused)
    for f in refused:
        print(f'refused: {f}')
    for f in flagged:
        print(f'flagged: {f}')
    return 3 if refused else 0


def load(path, default):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return default


def status(d, stage, name, st, detail, flags):
    with open(os.path.join(d, 'status.json'), 'w') as f:
        json.dump({'student': name, 'stage': stage, 'status': st, 'detail': detail,
                   'flags': flags.split()}, f, indent=1)
    return 0


def detail(d):
    """Each boot that did not exit (with the TIMEOUT used), then an oops,
    from grade.py's own view of the run's boots and its results.json."""
    bad = []
    for boot, b in sorted(grade.boots(d), key=lambda x: os.path.join(x[1], 'status')):
        s = grade.status_of(b)
        if s == 'missing' or s.startswith('exit'):
            continue
        bad.append('the guest %s%s (TIMEOUT=%s s)' % (
            {'hang': 'hung', 'crash': 'crashed'}.get(s, s),
            '' if boot == 'main' else ' in boot-' + boot, os.environ.get('TIMEOUT')))
    oops = load(os.path.join(d, 'results.json'), {}).get('kernel_oops')
    if oops:
        bad.append('the kernel oopsed: ' + ' | '.join(oops.splitlines()[:3]))
    print('; '.join(bad))
    return 0


def student(d, name):
    """gradescope.json (Gradescope's results format) and the summary line."""
    res = load(os.path.join(d, 'results.json'), {'score': 0, 'max': 0, 'stages': []})
    st = load(os.path.join(d, 'status.json'), {})
    tests = []
    for s in res['stages']:
        for t in s['tests']:
            if t['skip']:
                continue
            tests.append({'name': f"{s['stage']}/{t['name']}",
                          'score': t['points'] if t['ok'] else 0,
                          'max_score': t['points'],
                          'output': '\n'.join(t['diag']),
                          'visibility': 'after_published' if t.get('hidden') else 'visible'})
    out = st.get('status', 'graded')
    if st.get('detail'):
        out += ': ' + st['detail']
    if st.get('flags'):
        out += '\nflagged, outside the stage\'s files: ' + ', '.join(st['flags'])
    with open(os.path.join(d, 'gradescope.json'), 'w') as f:
        json.dump({'score': res['score'], 'output': out, 'tests': tests}, f, indent=1)
    own = [s for s in res['stages'] if s['stage'] == st.get('stage')]
    mine = f" (stage {int(own[0]['stage'][:2])}: {own[0]['score']}/{own[0]['max']})" if own else ''
    print(f"{name}: {res['score']}/{res['max']}{mine}, {out.splitlines()[0]}")
    return 0


def row(d):
    """A student's CSV row: name, status, total, then a score per test."""
    res = load(os.path.join(d, 'results.json'), {'score': 0, 'max': 0, 'stages': []})
    st = load(os.path.join(d, 'status.json'), {})
    r = {'student': os.path.basename(os.path.normpath(d)),
         'status': st.get('status', 'not graded'), 'detail': st.get('detail', ''),
         'flags': ' '.join(st.get('flags', [])),
         'score': res['score'], 'max': res['max']}
    for s in res['stages']:
        for t in s['tests']:
            if not t['skip']:
                r[f"{s['stage']}/{t['name']}"] = t['points'] if t['ok'] else 0
    return r


def figures(path):
    """What a graded submission cost on this warm tree, and what a class of
    200 would: the median of each graded student's seconds in this run,
    leaving out a first one that took over 3 times the others' median (a
    cold build)."""
    rows = [line.split() for line in open(path) if line.strip()]
    graded = [int(r[1]) for r in rows if r[2] == 'graded']
    if not graded:
        print('autograde: no submission was graded: no figures')
        return 0
    first = ''
    rest = sorted(graded[1:])
    if rest and graded[0] > 3 * rest[len(rest) // 2]:
        # The first build of a run was cold: it is not a warm figure.
        first = f'; the first, a cold build, took {graded[0]} s'
        graded = rest
    graded.sort()
    med = round(statistics.median(graded))
    print(f'autograde: a graded submission took {med} s (median of {len(graded)}, '
          f'{graded[0]} to {graded[-1]} s) on this warm tree{first}; 200 such submissions: '
          f'about {200 * med / 3600:.1f} h here, {200 * med / 3600 / 4:.1f} h on 4 such shards')
    return 0


FIXED = ['student', 'status', 'detail', 'flags', 'score', 'max']


def write_csv(path, rows):
    tests = sorted({k for r in rows for k in r if k not in FIXED})
    with open(path, 'w', newline='') as f:
        w = csv.DictWriter(f, FIXED + tests, restval='')
        w.writeheader()
        for r in sorted(rows, key=lambda r: r['student']):
            w.writerow(r)


def main(argv):
    if len(argv) >= 4 and argv[1] == 'files':
        return files(argv[2], int(argv[3]), argv[4:])
    if len(argv) == 8 and argv[1] == 'status':
        return status(*argv[2:])
    if len(argv) == 3 and argv[1] == 'detail':
        return detail(argv[2])
    if len(argv) == 4 and argv[1] == 'student':
        return student(argv[2], argv[3])
    if len(argv) >= 3 and argv[1] == 'csv':
        write_csv(argv[2], [row(d) for d in argv[3:]])
        return 0
    if len(argv) >= 3 and argv[1] == 'merge':
        if len(argv) == 3:
            sys.exit(f'autograde: error: no shard results to merge: no '
                     f'{os.path.dirname(argv[2]) or "."}/*/class.csv (each shard writes OUT/shard-i/class.csv)')
        rows = []
        for p in argv[3:]:
            with open(p, newline='') as f:
                rows += list(csv.DictReader(f))
        names = [r['student'] for r in rows]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            sys.exit(f'autograde: error: students graded in more than one shard: {", ".join(dup)}')
        write_csv(argv[2], rows)
        print(f'autograde: {len(rows)} students from {len(argv) - 3} shards in {argv[2]}')
        return 0
    if len(argv) == 3 and argv[1] == 'figures':
        return figures(argv[2])
    sys.exit(__doc__)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
