#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Grade a lab run: parse the guest's KTAP, check the console for kernel
oopses, panics and hangs, print a score table and write results.json and
junit.xml.

  grade.py OUT STAGE...
  grade.py --manifest LABS OUT STAGE...

A test of labs-instructor/STAGE (beside LABS; the instructor's, never in
a student release) is graded with the others, in the same boot, and is
marked hidden in the table, results.json and the manifest. LAB_HIDE=1
(what students are shown) replaces a hidden test's diagnostics with a
line that says they are hidden.

OUT holds results.ktap, serial.log and status (from images/run-qemu).
STAGE... are the stage folders that had to report. Exit status 0 only when
every expected stage reported and passed, and the kernel stayed clean.

The manifest (OUT/manifest.json, written by 'lab build' with --manifest)
is what the host knows before the guest says anything: every test of
every graded stage, from the LAB_TEST() declarations in LABS/STAGE/*.c,
with its points and flags, the kernel arguments of an own-boot test
(LAB_BOOT_ARGS()), and whether this run skips it (make ref, T=,
another stage's run), by the rules of lab.c. The grader then grades
against it: a test that the guest never reported is a named zero, and a
stage's maximum is the sum of its tests' points, not the guest's word.
"""
import fnmatch
import glob
import json
import os
import re
import sys
from xml.sax.saxutils import escape, quoteattr

RESULT = re.compile(r'^(ok|not ok) (\d+)\s*(?:- )?([^#]*?)\s*(?:#\s*(.*))?$')
KERNEL_BAD = re.compile(r'(BUG:|Oops|WARNING:|general protection fault|'
                        r'Kernel panic|Call Trace:|BPF interpreter: unknown opcode|'
                        r'new suspected memory leaks|unreferenced object 0x)')


def parse(path):
    """Two-level KTAP: collect the tests of each '# Subtest: NAME' block."""
    stages, cur, points, diags = {}, None, None, []
    lines = open(path, errors='replace').read().splitlines() if os.path.exists(path) else []
    for line in (l.rstrip('\r') for l in lines):
        m = re.match(r'^    # Subtest: (\S+)', line)
        if m:
            cur = stages[m.group(1)] = {'ok': None, 'tests': []}
            points, diags = None, []
            continue
        if cur is None:
            continue
        if not line.startswith('    '):
            m = RESULT.match(line)
            if m:
                cur['ok'] = m.group(1) == 'ok'
                cur = None
            continue
        body = line[4:]
        if body.startswith('# total-points:'):
            continue    # the manifest's sum is the maximum, not the guest's word
        m = re.match(r'# points: (\d+)', body)
        if m:
            points = int(m.group(1))
            continue
        m = RESULT.match(body)
        if m:
            directive = m.group(4) or ''
            cur['tests'].append({
                'name': m.group(3).strip(), 'ok': m.group(1) == 'ok',
                'skip': directive.upper().startswith('SKIP'), 'why': directive,
                'points': points or 0, 'diag': diags})
            points, diags = None, []
        elif body.startswith('#'):
            diags.append(body[1:].strip())
    return stages


HIDDEN_DIAG = "a hidden test of the instructor's: its diagnostics are not shown"

TEST_DECL = re.compile(r'^LAB_TEST\((\w+),\s*(\d+),\s*([^)]*)\)', re.M)
BOOT_DECL = re.compile(r'^LAB_BOOT_ARGS\((\w+),\s*"([^"]*)"\)', re.M)


def manifest(labs, stages, hidden=False):
    """{stage: [test...]} from the sources, for this run's environment.
    With hidden, the instructor's tests (labs-instructor/STAGE beside
    LABS, when there) too, each marked hidden."""
    ref = os.environ.get('LAB_REF') == '1'
    grade = int(os.environ.get('LAB_GRADE_STAGE', '-1'))
    pattern = os.environ.get('T') or ''
    instructor = os.path.join(os.path.dirname(os.path.abspath(labs)), 'labs-instructor')
    found = {}
    for stage in stages:
        own = int(stage.split('-')[0])
        files = [(c, False) for c in sorted(glob.glob(os.path.join(labs, stage, '*.c')))]
        if hidden:
            files += [(c, True) for c in sorted(glob.glob(os.path.join(instructor, stage, '*.c')))]
        sources = [(open(c).read(), h) for c, h in files]
        boots = dict(BOOT_DECL.findall('\n'.join(src for src, _ in sources)))
        tests = []
        for src, is_hidden in sources:
            for name, points, flags in TEST_DECL.findall(src):
                flags = [f.strip() for f in flags.split('|') if f.strip() not in ('', '0')]
                skip = None
                if 'LAB_LAB_ONLY' in flags and ref:
                    skip = 'lab-only check, not run on make ref'
                elif 'LAB_THIS_STAGE_ONLY' in flags and grade != own:
                    skip = 'graded only with its own stage'
                elif pattern and not fnmatch.fnmatchcase(name, pattern):
                    skip = 'not selected by T='
                t = {'name': name, 'points': int(points), 'flags': flags, 'skip': skip}
                if is_hidden:
                    t['hidden'] = True
                if 'LAB_OWN_BOOT' in flags:
                    t['boot'] = boots.pop(name, '')
                    t['cpus'] = 2 if 'LAB_TWO_CPUS' in flags else 1
                tests.append(t)
        for name in boots:
            sys.exit(f'grade: {stage}: LAB_BOOT_ARGS({name}, ...) names no LAB_OWN_BOOT test')
        found[stage] = tests
    return found


def against_manifest(name, st, expected):
    """Complete a stage's results with what the manifest expects."""
    have = {t['name']: t for t in st['tests']}
    for e in expected:
        if e['name'] in have:
            have[e['name']]['points'] = e['points']
            if e.get('hidden'):
                have[e['name']]['hidden'] = True
            continue
        if e['skip'] or 'boot' in e:
            # An own-boot test takes its result from its boot, if it ran.
            st['tests'].append({'name': e['name'], 'ok': True, 'skip': True,
                                'why': e['skip'] or 'runs in a boot of its own',
                                'points': e['points'], 'diag': []})
        else:
            st['tests'].append({'name': e['name'], 'ok': False, 'skip': False, 'why': '',
                                'points': e['points'],
                                'diag': ['the guest never reported this test: it stopped '
                                         'before (crash, oops or hang), see the console']})
        if e.get('hidden'):
            st['tests'][-1]['hidden'] = True
    known = {e['name'] for e in expected}
    for t in st['tests']:
        if t['name'] not in known:
            t.update(ok=False, skip=False,
                     diag=t['diag'] + ['no LAB_TEST() of this stage has this name'])


def graded_not_run(st, expected):
    """After the own boots: a test that this run grades but that stayed
    skipped (its own boot never ran, or the guest skipped it) is a zero."""
    want = {e['name']: e for e in expected}
    for t in st['tests']:
        e = want.get(t['name'])
        if not t['skip'] or e is None or e['skip']:
            continue
        why = ('its own boot did not run' if 'boot' in e else
               f'the guest skipped it ({t["why"]}), but this run grades it')
        t.update(ok=False, skip=False, why='', diag=[why])


def kernel_trouble(serial):
    if not os.path.exists(serial):
        return None
    lines = open(serial, errors='replace').read().splitlines()
    for i, line in enumerate(lines):
        if KERNEL_BAD.search(line):
            return '\n'.join(lines[max(0, i - 2):i + 28])
    return None


def boots(out):
    """The main boot's folder, then one per LAB_OWN_BOOT test (boot-NAME)."""
    found = [('main', out)]
    if os.path.isdir(out):
        found += [(d[5:], os.path.join(out, d)) for d in sorted(os.listdir(out))
                  if d.startswith('boot-') and os.path.isdir(os.path.join(out, d))]
    return found


def status_of(d):
    p = os.path.join(d, 'status')
    return open(p).read().strip() if os.path.exists(p) else 'missing'


def merge_own_boots(name, st, runs):
    """A test that ran in a boot of its own takes its result from there."""
    for t in st['tests']:
        if not t['skip'] or t['name'] not in runs:
            continue
        where, results = runs[t['name']]
        mine = [x for x in results.get(name, {}).get('tests', []) if x['name'] == t['name']]
        if mine:
            t.update(mine[0])
        else:
            t.update(ok=False, skip=False, why='',
                     diag=[f'its own boot gave no result (status: {status_of(where)}); '
                           f'see {os.path.join(where, "serial.log")}'])


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == '--manifest':
        labs, out, stages = sys.argv[2], sys.argv[3], sys.argv[4:]
        with open(os.path.join(out, 'manifest.json'), 'w') as f:
            json.dump(manifest(labs, stages, hidden=True), f, indent=1)
        return 0
    out, expected = sys.argv[1], sys.argv[2:]
    results = os.path.join(out, 'results.ktap')
    serial = os.path.join(out, 'serial.log')
    status = status_of(out)
    stages = parse(results)
    runs = {b: (d, parse(os.path.join(d, 'results.ktap'))) for b, d in boots(out)[1:]}
    mpath = os.path.join(out, 'manifest.json')
    if not os.path.exists(mpath):
        sys.exit(f"grade: {mpath} is missing: 'lab build' writes it with the kernel")
    man = json.load(open(mpath))
    # What students are shown: no diagnostic of a hidden test.
    hide = os.environ.get('LAB_HIDE') == '1'

    report, failures, score, maximum = [], [], 0, 0
    for name in expected:
        st = stages.get(name)
        missing = st is None
        if missing:
            st = {'ok': None, 'tests': []}
            failures.append(f'{name}: no results (the guest stopped before it ran)')
        against_manifest(name, st, man.get(name, []))
        merge_own_boots(name, st, runs)
        graded_not_run(st, man.get(name, []))
        if hide:
            for t in st['tests']:
                if t.get('hidden') and t['diag']:
                    t['diag'] = [HIDDEN_DIAG]
        got = sum(t['points'] for t in st['tests'] if t['ok'] and not t['skip'])
        mx = sum(e['points'] for e in man.get(name, []) if not e['skip'])
        complete = st['ok'] is not None
        ok = complete and all(t['ok'] for t in st['tests'])
        if not complete and not missing:
            failures.append(f'{name}: the test program did not finish (crash, oops or hang)')
        for t in st['tests']:
            if not t['ok']:
                why = '; '.join(t['diag'][-6:]) or 'no diagnostic'
                failures.append(f'{name}/{t["name"]} ({t["points"]} points): {why}')
        score, maximum = score + got, maximum + mx
        report.append({'stage': name, 'score': got, 'max': mx, 'ok': ok, 'tests': st['tests']})

    print()
    print(f'{"test":<44} {"result":<8} points')
    for r in report:
        for t in r['tests']:
            res = 'skip' if t['skip'] else ('ok' if t['ok'] else 'FAIL')
            pts = '-' if t['skip'] else f'{t["points"] if t["ok"] else 0}/{t["points"]}'
            name = r['stage'] + '/' + t['name'] + (' (hidden)' if t.get('hidden') else '')
            print(f'  {name:<42} {res:<8} {pts}')
        print(f'{r["stage"]:<44} {"ok" if r["ok"] else "FAIL":<8} {r["score"]}/{r["max"]}')
    print(f'{"total":<44} {"":<8} {score}/{maximum}')

    oops = None
    for boot, d in boots(out):
        where = '' if boot == 'main' else f' (boot {boot})'
        st = status_of(d)
        if not st.startswith('exit '):
            failures.append({'hang': 'the guest hung (no exit marker before the timeout)',
                             'crash': 'the guest stopped without its exit marker (kernel panic?)'}
                            .get(st, f'guest status: {st}') + where)
        trouble = kernel_trouble(os.path.join(d, 'serial.log'))
        if trouble:
            oops = oops or trouble
            failures.append(f'the kernel oopsed, warned or panicked{where}:\n' + trouble)
    if failures:
        print('\nFailures (expected vs. seen):')
        for f in failures:
            print('  - ' + f.replace('\n', '\n      '))
    print(f'\nFull console log: {serial}\nKTAP: {results}')

    ok = not failures
    json.dump({'ok': ok, 'score': score, 'max': maximum, 'guest': status,
               'kernel_oops': oops, 'stages': report},
              open(os.path.join(out, 'results.json'), 'w'), indent=1)
    with open(os.path.join(out, 'junit.xml'), 'w') as x:
        x.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n')
        for r in report:
            fails = sum(1 for t in r['tests'] if not t['ok'])
            x.write(f'  <testsuite name={quoteattr(r["stage"])} tests="{len(r["tests"])}" '
                    f'failures="{fails}">\n')
            for t in r['tests']:
                x.write(f'    <testcase classname={quoteattr(r["stage"])} name={quoteattr(t["name"])}>')
                if t['skip']:
                    x.write(f'<skipped message={quoteattr(t["why"])}/>')
                elif not t['ok']:
                    x.write(f'<failure message={quoteattr("; ".join(t["diag"]))}>'
                            f'{escape(chr(10).join(t["diag"]))}</failure>')
                x.write('</testcase>\n')
            x.write('  </testsuite>\n')
        x.write('</testsuites>\n')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
