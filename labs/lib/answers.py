#!/usr/bin/env python3
"""The answer lines of a stage, and where they may not appear.

An answer line is a line that a reference solution adds (solutions/NN-name/
*.patch, the series only), stripped of its indentation, when it is longer
than 24 characters and is not a comment: short lines ("return 0;", "}")
are in every kernel file and prove nothing.

    answers.py leaks SOLUTION_DIR < 'git log -p' output
        The student's tree at stage NN must not show an answer line of
        stage NN in its history: not as a line that a commit deletes, and
        not as a line that a commit other than a reference solution adds.
        (Run git log with log.showRoot=false: the root commit is the
        baseline's state, 6.1's own files, which the student sees anyway.)
        Exit 1, naming each line and its commit, when one does.

    answers.py similarity PRISTINE SOLUTION_DIR PATCH...
        For an instructor, not a grade: of the significant lines that a
        submission's patches add, how many stand verbatim in pristine
        6.1's same file (PRISTINE: the pristine git tree), and how many
        among the lines that the reference solution (SOLUTION_DIR, or -
        when there is none) adds to that file; and the longest runs of
        consecutive added lines found there.
"""
import os
import re
import subprocess
import sys

MIN_LEN = 24


def series(folder):
    """The patches of a set, in series order."""
    with open(os.path.join(folder, 'series')) as f:
        names = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    return [os.path.join(folder, n) for n in names]


def significant(line):
    """A line's text, or None when it is too short or a comment."""
    text = line.strip()
    if len(text) <= MIN_LEN or text.startswith(('/*', '*', '//')):
        return None
    return text


def added_lines(patch_lines):
    """The significant lines that a patch (or a 'git log -p' text) adds."""
    for line in patch_lines:
        if line.startswith('+') and not line.startswith('+++ '):
            text = significant(line[1:])
            if text:
                yield text


def answer_lines(folder):
    lines = set()
    for p in series(folder):
        with open(p, errors='replace') as f:
            lines.update(added_lines(f))
    return lines


def leaks(folder, log):
    answers = answer_lines(folder)
    commit, subject, found = None, '', []
    for line in log:
        line = line.rstrip('\n')
        m = re.match(r'commit ([0-9a-f]{40})', line)
        if m:
            commit, subject = m.group(1)[:12], None
            continue
        if subject is None and line.startswith('    '):
            subject = line.strip()
            continue
        if line.startswith(('--- ', '+++ ')):
            continue
        if line.startswith('-') or (line.startswith('+') and
                                     not subject.endswith('reference solution')):
            text = significant(line[1:])
            if text in answers:
                how = 'deletes' if line[0] == '-' else 'adds'
                found.append('%s (%s) %s: %s' % (commit, subject, how, text))
    for f in found:
        print('answers: commit %s' % f)
    name = os.path.basename(os.path.normpath(folder))
    print('answers: %d answer lines of %s, %d in the history' %
          (len(answers), name, len(found)))
    return 1 if found else 0


def added_by_file(patch_lines):
    """{path: [runs]}: a patch's significant added lines, by the file they
    go to, in runs of lines that are consecutive in one hunk."""
    files, path, run = {}, None, None
    for line in patch_lines:
        line = line.rstrip('\n')
        if line.startswith('+++ '):
            path = line[4:].split('/', 1)[1] if line[4:] != '/dev/null' else None
            run = None
        elif line.startswith('+') and path:
            text = significant(line[1:])
            if text is None:
                continue
            if run is None:
                run = []
                files.setdefault(path, []).append(run)
            run.append(text)
        elif not line.startswith('+'):
            run = None
    return files


def pristine_lines(pristine, path):
    try:
        out = subprocess.run(['git', '-C', pristine, 'show',
                              'refs/tags/pristine:' + path],
                             capture_output=True, check=True).stdout
    except subprocess.CalledProcessError:
        return set()
    return set(filter(None, (significant(l) for l in
                             out.decode(errors='replace').splitlines())))


def similarity(pristine, solution, patches):
    sub = {}
    for p in patches:
        with open(p, errors='replace') as f:
            for path, runs in added_by_file(f).items():
                sub.setdefault(path, []).extend(runs)
    ref = {}
    if solution != '-':
        for p in series(solution):
            with open(p, errors='replace') as f:
                for path, runs in added_by_file(f).items():
                    ref.setdefault(path, set()).update(l for r in runs for l in r)
    total = sum(len(r) for runs in sub.values() for r in runs)
    counts = {'6.1': 0, 'reference': 0}
    longest = []
    for path, runs in sorted(sub.items()):
        sources = {'6.1': pristine_lines(pristine, path),
                   'reference': ref.get(path, set())}
        for run in runs:
            for name, lines in sources.items():
                counts[name] += sum(1 for l in run if l in lines)
                cur = []
                for l in run + [None]:
                    if l is not None and l in lines:
                        cur.append(l)
                        continue
                    if len(cur) > 1:
                        longest.append((len(cur), name, path, cur[0]))
                    cur = []
    print('similarity: %d added lines counted (over %d characters, not comments), in %d files'
          % (total, MIN_LEN, len(sub)))
    for name in ('6.1', 'reference'):
        if name == 'reference' and solution == '-':
            print('similarity: no reference solution here to compare with')
            continue
        where = "pristine 6.1's same file" if name == '6.1' else \
            "the reference solution's lines for that file"
        print('similarity: %d of them (%d%%) stand verbatim in %s'
              % (counts[name], 100 * counts[name] // max(total, 1), where))
    longest.sort(key=lambda r: (-r[0], r[1], r[2]))
    for n, name, path, first in longest[:5]:
        print('similarity:   %2d lines in a row from %s, %s: %s'
              % (n, name, path, first))
    print('similarity: this is for the instructor to read; it is not a grade')
    return 0


def main(argv):
    if len(argv) == 3 and argv[1] == 'leaks':
        return leaks(argv[2], sys.stdin)
    if len(argv) >= 5 and argv[1] == 'similarity':
        return similarity(argv[2], argv[3], argv[4:])
    sys.exit(__doc__)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
