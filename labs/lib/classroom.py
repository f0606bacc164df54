#!/usr/bin/env python3
"""labs/lib/classroom.py: what 'make check' reads in the GitHub Classroom
workflow (labs/lib/classroom.yml, a release's .github/workflows/).

  classroom.py steps WORKFLOW          check its shape; print the commands
                                       of its run: steps, one per line, in order
  classroom.py uploads WORKFLOW DIR    the files that its upload step names
                                       exist in DIR: results.json, junit.xml
"""
import glob
import os
import sys

import yaml


def fail(msg):
    print('classroom.py: ' + msg, file=sys.stderr)
    sys.exit(1)


def load(path):
    with open(path) as f:
        w = yaml.safe_load(f)
    # YAML 1.1 reads the key 'on' as true.
    on = w.get('on', w.get(True))
    if not isinstance(on, dict) or 'submission/**' not in on.get('push', {}).get('paths', []):
        fail('%s: it must run on a push that changes submission/**' % path)
    jobs = w.get('jobs') or {}
    if len(jobs) != 1:
        fail('%s: one job, not %d' % (path, len(jobs)))
    job = next(iter(jobs.values()))
    image = (job.get('container') or {}).get('image', '')
    if not image.startswith('debian:12') and not image.startswith('debian:bookworm'):
        fail("%s: the job must run in Debian 12 ('make deps' installs its packages), not '%s'" %
             (path, image))
    steps = job.get('steps') or []
    uses = [s.get('uses', '') for s in steps]
    if not any(u.startswith('actions/checkout@') for u in uses):
        fail('%s: no actions/checkout step' % path)
    if not any(u.startswith('actions/upload-artifact@') for u in uses):
        fail('%s: no actions/upload-artifact step' % path)
    return steps


def cmd_steps(path):
    runs = []
    for s in load(path):
        if 'run' in s:
            cmd = s['run'].strip()
            if '\n' in cmd:
                fail('%s: the step "%s" has more than one line' % (path, s.get('name')))
            runs.append(cmd)
    want = ('make deps', 'labs/lib/classroom')
    for w in want:
        if not any(w in r for r in runs):
            fail('%s: no step runs %s' % (path, w))
    for r in runs:
        print(r)


def cmd_uploads(path, root):
    paths = []
    for s in load(path):
        if s.get('uses', '').startswith('actions/upload-artifact@'):
            if s.get('if') != 'always()':
                fail('%s: the results are uploaded only if: always() (a failed grade too)' % path)
            paths += [p for p in str(s.get('with', {}).get('path', '')).split('\n') if p.strip()]
    found = [f for p in paths for f in glob.glob(os.path.join(root, p.strip()))]
    for name in ('results.json', 'junit.xml'):
        got = [f for f in found if os.path.basename(f) == name]
        if not got:
            fail('%s: its upload step names no %s that the grade wrote in %s' % (path, name, root))
        print('classroom.py: the workflow uploads %s' % os.path.relpath(got[0], root))


if __name__ == '__main__':
    a = sys.argv[1:]
    if a[:1] == ['steps'] and len(a) == 2:
        cmd_steps(a[1])
    elif a[:1] == ['uploads'] and len(a) == 3:
        cmd_uploads(a[1], a[2])
    else:
        fail(__doc__.strip())
