#!/usr/bin/env python3
"""Compare two runs of 6.1's test_verifier, case by case.

    peer.py --allow ALLOWLIST REF.txt LAB.txt

REF is pristine 6.1 (make ref), LAB the lab's last solved kernel. Each case
("#N/p descr ..." or "#N/u ...", the same binary on both) gets a verdict on
each kernel: ok, skip, or a failure that says whether the program loaded:
  accepted  "Unexpected success to load!" (the test wanted it refused)
  refused   "Failed to load prog" (the test wanted it loaded), ...
  other-msg "Unexpected error message!": refused, as the test wanted, but
            with another message
  ran       it loaded but ran or rewrote differently (retval, xlated, ...)
An "ok" means accepted or refused, as the test wanted: the other kernel's
failure says which.

It fails (exit 1) on any case that the lab accepts and ref refuses: a
safety regression. Every case that ref accepts and the lab refuses, skips
or runs differently must match an entry of ALLOWLIST, which names the
feature and why it is out of the lab's scope; one that matches none fails.
"""
import argparse
import fnmatch
import re
import sys

CASE = re.compile(r"^#(\d+)/([up]) (.*)$")


def parse(path):
    """{key: (verdict, first line, the case's text)}"""
    cases, key, lines = {}, None, []

    def close():
        if key is None:
            return
        text = "\n".join(lines)
        first = lines[0]
        if "FAIL" in text:
            if "Unexpected success to load!" in text:
                v = "accepted"
            elif "Unexpected error message!" in text:
                v = "other-msg"
            elif re.search(r"Failed to load prog|Failed to find BTF ID|Testcase bug", text):
                v = "refused"
            else:
                v = "ran"
        elif " SKIP" in first:
            v = "skip"
        elif re.search(r"OK( \(NOTE.*\))?$", first):
            v = "ok"
        else:
            v = "crash"     # the run stopped inside this case
        cases[key] = (v, first, text)

    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\r\n")
            m = CASE.match(line)
            if m or line.startswith("Summary:"):
                close()
                key, lines = ((m.group(1), m.group(2)), [line]) if m else (None, [])
            elif key is not None:
                lines.append(line)
    close()
    return cases


def load_allow(path):
    """Entries: 'descr GLOB | reason' or 'log REGEX | reason'."""
    entries = []
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            what, _, reason = line.partition("|")
            kind, _, pat = what.strip().partition(" ")
            if kind not in ("descr", "log") or not reason.strip():
                sys.exit(f"peer: error: {path}:{n}: want 'descr GLOB | reason' or 'log REGEX | reason'")
            entries.append({"kind": kind, "pat": pat.strip(), "reason": reason.strip(),
                            "line": n, "hits": 0})
    return entries


def matches(e, first, text):
    if e["kind"] == "descr":
        return fnmatch.fnmatchcase(first, "*" + e["pat"] + "*")
    return re.search(e["pat"], text) is not None


def outcome(v, other):
    """accept or refuse, for a verdict given the other kernel's verdict."""
    if v == "accepted" or v == "ran":
        return "accept"
    if v in ("refused", "other-msg"):
        return "refuse"
    if v == "ok":
        # ok: as the test wanted, which the other kernel's failure tells.
        if other in ("refused", "ran"):
            return "accept"     # the test wanted it loaded
        if other in ("accepted", "other-msg"):
            return "refuse"     # the test wanted it refused
    return v


def show(tag, rows, what):
    print(f"peer: {len(rows)} {what}")
    for name, first, rv, lv, text in rows:
        print(f"  {tag} {first}\n    ref: {rv}, lab: {lv}")
        print("    " + "\n    ".join(text.splitlines()[1:8]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--allow", required=True)
    ap.add_argument("ref")
    ap.add_argument("lab")
    a = ap.parse_args()
    ref, lab = parse(a.ref), parse(a.lab)
    allow = load_allow(a.allow)
    if not ref or not lab:
        print(f"peer: error: no cases in {a.ref if not ref else a.lab}", file=sys.stderr)
        return 2

    unsafe, unlisted, listed, info = [], [], [], 0
    for key in sorted(set(ref) | set(lab), key=lambda k: (int(k[0]), k[1])):
        rv = ref.get(key, ("missing", "", ""))[0]
        lv, first, text = lab.get(key, ("missing", ref.get(key, ("", "", ""))[1], ""))
        if rv == lv:
            continue
        ro, lo = outcome(rv, lv), outcome(lv, rv)
        name = f"#{key[0]}/{key[1]}"
        if lo == "accept" and ro in ("refuse", "skip"):
            unsafe.append((name, first, rv, lv, text))
            continue
        if ro == "accept" or (rv == "ok" and lv in ("skip", "crash", "missing", "ran")):
            hit = next((e for e in allow if matches(e, first, text)), None)
            if hit:
                hit["hits"] += 1
                listed.append((name, first, hit))
            else:
                unlisted.append((name, first, rv, lv, text))
            continue
        info += 1       # both refuse, with other messages; or both fail

    print(f"peer: {len(ref)} cases on ref, {len(lab)} on the lab kernel")
    for tag, f in (("ref", a.ref), ("lab", a.lab)):
        s = [l for l in open(f, errors="replace") if l.startswith("Summary:")]
        print(f"peer: {tag}: {s[-1].strip() if s else 'no summary (the run stopped early)'}")
    show("UNSAFE", unsafe, "cases that the lab accepts and ref refuses (must be 0)")
    print(f"peer: {len(listed)} cases that ref accepts and the lab refuses, on the allowlist:")
    for e in allow:
        print(f"  {e['hits']:4d}  {e['kind']} {e['pat']}: {e['reason']}")
    show("UNLISTED", unlisted,
         "cases that ref accepts and the lab refuses, not on the allowlist (must be 0)")
    print(f"peer: {info} cases both refuse, with another message (not a safety difference)")
    return 1 if unsafe or unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
