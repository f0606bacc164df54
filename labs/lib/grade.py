#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Grade a lab run: parse the guest's KTAP, check the console for kernel
oopses, panics and hangs, print a score table and write results.json and
junit.xml.

  grade.py OUT STAGE...

OUT holds results.ktap, serial.log and status (from images/run-qemu).
STAGE... are the stage folders that had to report. Exit status 0 only when
every expected stage reported and passed, and the kernel stayed clean.
"""
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
            cur = stages[m.group(1)] = {'ok': None, 'total': None, 'tests': []}
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
        m = re.match(r'# total-points: (\d+)', body)
        if m:
            cur['total'] = int(m.group(1))
            continue
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
        if not t['skip']:
            st['own_points'] = st.get('own_points', 0) + t['points']


def main():
    out, expected = sys.argv[1], sys.argv[2:]
    results = os.path.join(out, 'results.ktap')
    serial = os.path.join(out, 'serial.log')
    status = status_of(out)
    stages = parse(results)
    runs = {b: (d, parse(os.path.join(d, 'results.ktap'))) for b, d in boots(out)[1:]}

    report, failures, score, maximum = [], [], 0, 0
    for name in expected:
        st = stages.get(name)
        if st is None:
            report.append({'stage': name, 'score': 0, 'max': 100, 'ok': False,
                           'tests': [], 'note': 'no results: the guest stopped before this stage ran'})
            failures.append(f'{name}: no results (the guest stopped before it ran)')
            maximum += 100
            continue
        merge_own_boots(name, st, runs)
        got = sum(t['points'] for t in st['tests'] if t['ok'] and not t['skip'])
        mx = st['total'] + st.get('own_points', 0) if st['total'] is not None else \
            sum(t['points'] for t in st['tests'] if not t['skip'])
        complete = st['ok'] is not None
        ok = complete and all(t['ok'] for t in st['tests'])
        if not complete:
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
            print(f'  {r["stage"] + "/" + t["name"]:<42} {res:<8} {pts}')
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
