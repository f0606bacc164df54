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
"""
import os
import re
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


def main(argv):
    if len(argv) == 3 and argv[1] == 'leaks':
        return leaks(argv[2], sys.stdin)
    sys.exit(__doc__)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
