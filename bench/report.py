#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/report.py: turn a 'make bench' run into results.json, RESULTS.md,
SVG figures and (full runs) the README's benchmark section.

Inputs: the host's timings (a "name seconds" file) and the guest consoles,
whose lines "# <test>: bench: KIND key=value ..." the bench program
printed. Every number in the outputs comes from those files.
"""
import argparse
import datetime
import html
import json
import math
import os
import platform
import re
import statistics
import sys

WALKS = ["d1", "d2", "d3", "skb", "null", "unmapped"]
WALK_TITLE = {
    "d1": "obj->u32v",
    "d2": "obj->next->u32v",
    "d3": "obj->next->next->u32v",
    "skb": "skb->dev->ifindex (kfree_skb)",
    "null": "other->u32v, other NULL",
    "unmapped": "other->u32v, other ERR_PTR(-22)",
}
WAYS = ["jit", "interp", "probe_read"]
WAY_TITLE = {"jit": "BTF load, JIT", "interp": "BTF load, interpreter",
             "probe_read": "bpf_probe_read_kernel, JIT"}
COLORS = {"jit": "#1b9e77", "interp": "#d95f02", "probe_read": "#7570b3",
          "lab": "#1b9e77", "ref": "#7570b3"}
LOOP = [("kernel_cold", "cold kernel build"),
        ("kernel_incremental", "incremental kernel build (one line in btf.c)"),
        ("image_cold", "image build, cold"),
        ("image_incremental", "image build, incremental"),
        ("boot_to_ktap", "QEMU boot to the first KTAP line")]
# The student's loop at stage K (bench/run's stage_loop), after the rows above.
STAGE_LOOP = [("stage_test_{}", "stage {}: one line in btf.c, then make stage-{} test"),
              ("stage_build_{}", "stage {}: of which the kernel build"),
              ("stage_boots_{}", "stage {}: of which the boots")]
LINE = re.compile(r"bench: (\w+) (.*)$")


def loop_rows(times):
    """(key, title) of every loop figure measured, in the table's order."""
    rows = [(k, t) for k, t in LOOP if k in times]
    stages = sorted({int(k.rsplit("_", 1)[1]) for k in times if k.startswith("stage_test_")})
    for n in stages:
        rows += [(k.format(n), t.format(n, n)) for k, t in STAGE_LOOP if k.format(n) in times]
    return rows


def parse_consoles(paths):
    """Several boots of one kernel: each walk's per-walk cost in each boot
    (the spread between boots is the noise that a lab/ref difference must
    exceed); the verifier records and config of the first boot (the
    verifier is deterministic)."""
    walks, verifier, config = {}, [], {}
    for i, path in enumerate(paths):
        w1, v1, c1 = parse_console(path)
        if i == 0:
            verifier, config = v1, c1
        for w, ways in w1.items():
            for way, r in ways.items():
                walks.setdefault(w, {}).setdefault(way, []).append(r["per_walk_ns"])
    out = {}
    for w, ways in walks.items():
        for way, v in ways.items():
            out.setdefault(w, {})[way] = {"per_walk_ns": statistics.median(v),
                                          "boots": v, "min": min(v), "max": max(v)}
    return out, verifier, config


def compare(lab, ref):
    """Each walk and way that both kernels measured: lab/ref of the medians,
    and whether the two kernels' boots do not overlap at all (every lab boot
    below every ref boot, or above): only then is the difference larger than
    the noise between boots. With n boots of each, two kernels that do not
    differ fail to overlap by chance with probability 2 / C(2n, n): 1 in 35
    for n = 4."""
    rows = []
    for w in WALKS:
        for way in WAYS:
            a, b = lab.get(w, {}).get(way), ref.get(w, {}).get(way)
            if not a or not b:
                continue
            apart = a["max"] < b["min"] or b["max"] < a["min"]
            rows.append({"walk": w, "way": way, "lab": a["per_walk_ns"], "ref": b["per_walk_ns"],
                         "ratio": ratio(a["per_walk_ns"], b["per_walk_ns"]),
                         "lab_range": [a["min"], a["max"]], "ref_range": [b["min"], b["max"]],
                         "beyond_noise": apart})
    return rows


def parse_console(path):
    """The bench lines of a guest console: walks and verifier records."""
    walks, verifier, config = {}, [], {}
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE.search(line.rstrip())
            if not m:
                continue
            kv = dict(x.split("=", 1) for x in m.group(2).split() if "=" in x)
            if m.group(1) == "walk":
                walks.setdefault(kv["walk"], {})[kv["way"]] = {
                    "per_walk_ns": float(kv["per_walk"]),
                    "event_ns": float(kv["event_ns"]), "events": int(kv["events"]),
                    "reps": int(kv["reps"])}
            elif m.group(1) == "verifier":
                verifier.append(kv)
            elif m.group(1) == "config":
                config.update(kv)
    return walks, verifier, config


def parse_times(path):
    times = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2:
                times.setdefault(parts[0], []).append(float(parts[1]))
    return times


def machine(accel):
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = 0
    try:
        with open("/proc/meminfo") as f:
            mem = int(f.readline().split()[1]) // (1024 * 1024)
    except (OSError, ValueError, IndexError):
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gib": mem,
            "accelerator": accel, "host": platform.platform(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def ratio(a, b):
    return round(a / b, 2) if a and b else None


def svg_bars(path, title, groups, series, values, unit, note):
    """A grouped bar chart: for each group, one bar per series."""
    bar, gap, left, top, height = 18, 26, 250, 46, 0
    rows = []
    for g in groups:
        for s in series:
            rows.append((g, s, values.get((g, s))))
    vmax = max([v for _, _, v in rows if v] or [1])
    width = 900
    scale = (width - left - 120) / vmax
    y = top
    out = []
    for g in groups:
        out.append(f'<text x="8" y="{y + bar}" font-size="13">{html.escape(g)}</text>')
        for s in series:
            v = values.get((g, s))
            w = max(v or 0, 0) * scale
            out.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar - 3}" '
                       f'fill="{COLORS.get(s, "#888")}"/>')
            label = "n/a" if v is None else f"{v:,.1f} {unit}"
            out.append(f'<text x="{left + w + 4:.1f}" y="{y + bar - 6}" font-size="11">'
                       f'{html.escape(label)}</text>')
            y += bar
        y += gap
    legend = []
    lx = left
    for s in series:
        legend.append(f'<rect x="{lx}" y="{y}" width="12" height="12" fill="{COLORS.get(s, "#888")}"/>'
                      f'<text x="{lx + 16}" y="{y + 11}" font-size="12">'
                      f'{html.escape(WAY_TITLE.get(s, s))}</text>')
        lx += 220
    height = y + 40
    with open(path, "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                f'font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n'
                f'<text x="8" y="20" font-size="16" font-weight="bold">{html.escape(title)}</text>\n'
                f'<text x="8" y="36" font-size="11" fill="#555">{html.escape(note)}</text>\n'
                + "\n".join(out + legend) + "\n</svg>\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--times", required=True)
    ap.add_argument("--lab", required=True, nargs="+")
    ap.add_argument("--ref", nargs="+")
    ap.add_argument("--readme")
    ap.add_argument("--accel", default="tcg")
    ap.add_argument("--stage", default="?")
    ap.add_argument("--out", required=True)
    ap.add_argument("--smoke", action="store_true")
    a = ap.parse_args()

    times = parse_times(a.times)
    lab_walks, lab_ver, config = parse_consoles(a.lab)
    ref_walks, ref_ver = ({}, [])
    if a.ref:
        ref_walks, ref_ver, _ = parse_consoles(a.ref)
    m = machine(a.accel)
    note = (f"{m['cores']} cores, {m['cpu']}, guest under {a.accel.upper()}; "
            f"{m['date']}")

    res = {"machine": m, "stage": a.stage, "config": config,
           "cost_source": ("wall clock in the guest: (time per event with the program "
                           "attached alone - time per event with none) / walks per run; "
                           "median of the rounds. Not BPF_ENABLE_STATS or bpf_ktime_get_ns(): "
                           "under TCG the guest's only clocksource is jiffies (4 ms)."),
           "loop_seconds": {k: {"runs": v, "median": round(statistics.median(v), 2)}
                            for k, v in times.items()},
           "boots": {"lab": len(a.lab), "ref": len(a.ref or [])},
           "walks": {"lab": lab_walks, "ref": ref_walks}, "ratios": {},
           "lab_vs_ref": compare(lab_walks, ref_walks),
           "verifier": [], "findings": []}
    for kernel, walks in (("lab", lab_walks), ("ref", ref_walks)):
        for w, ways in walks.items():
            get = lambda k: ways.get(k, {}).get("per_walk_ns")
            res["ratios"].setdefault(kernel, {})[w] = {
                "probe_read/jit": ratio(get("probe_read"), get("jit")),
                "interp/jit": ratio(get("interp"), get("jit")),
                "probe_read/interp": ratio(get("probe_read"), get("interp"))}
    ref_by = {(r["obj"], r["prog"]): r for r in ref_ver}
    for r in lab_ver:
        key = (r["obj"], r["prog"])
        rr = ref_by.get(key)
        row = {"obj": r["obj"], "prog": r["prog"], "lab": r, "ref": rr}
        if rr and r["result"] == "ok" and rr["result"] == "ok":
            row["insns_ratio"] = ratio(int(r["insns"]), int(rr["insns"]))
            row["peak_states_ratio"] = ratio(int(r["peak_states"]), int(rr["peak_states"]))
        elif rr and r["result"] != rr["result"]:
            res["findings"].append(f"{r['obj']}/{r['prog']}: the lab {r['result']} it, "
                                   f"make ref {rr['result']} it")
        res["verifier"].append(row)

    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)

    # Figures.
    figs = []
    rows = loop_rows(res["loop_seconds"])
    loop_vals = {(title, "lab"): res["loop_seconds"][k]["median"] for k, title in rows}
    svg_bars(os.path.join(a.out, "loop.svg"), "The lab loop on this machine (median seconds)",
             [t for _, t in rows], ["lab"], loop_vals, "s", note)
    figs.append("loop.svg")
    for kernel, walks in (("lab", lab_walks), ("ref", ref_walks)):
        if not walks:
            continue
        vals = {(WALK_TITLE[w], way): walks[w][way]["per_walk_ns"]
                for w in walks for way in walks[w]}
        name = f"walks-{kernel}.svg"
        svg_bars(os.path.join(a.out, name),
                 f"Cost of one walk, {'stage ' + a.stage + ' solved' if kernel == 'lab' else 'make ref (pristine 6.1)'} (ns)",
                 [WALK_TITLE[w] for w in WALKS if w in walks], WAYS, vals, "ns", note)
        figs.append(name)
    ver_vals = {}
    for row in res["verifier"]:
        if row.get("insns_ratio"):
            ver_vals[(f"{row['obj'].split('--')[-1]}:{row['prog']}", "lab")] = row["insns_ratio"]
    if ver_vals or not a.smoke:
        svg_bars(os.path.join(a.out, "verifier.svg"),
                 "Instructions the verifier processed, lab solution / make ref",
                 sorted({g for g, _ in ver_vals}), ["lab"], ver_vals, "x", note)
        figs.append("verifier.svg")

    # Tables.
    md = [f"Measured by `make bench` on {m['date']}: {m['cores']} cores ({m['cpu']}), "
          f"{m['memory_gib']} GiB; the guest runs under **{a.accel.upper()}**"
          + (" (no KVM: absolute times in the guest are slow; compare ratios)."
             if a.accel == "tcg" else "."), ""]
    md += ["| the lab loop | median | runs |", "|---|---|---|"]
    for k, title in loop_rows(res["loop_seconds"]):
        v = res["loop_seconds"][k]
        md.append(f"| {title} | {v['median']:.1f} s | {len(v['runs'])} |")
    md += ["", f"Cost of one walk in ns. Method: {res['cost_source']} "
           f"Each program walks {config.get('loops', '?')} times per run; each point lasts "
           f"at least {config.get('seconds', '?')} s; {config.get('reps', '?')} rounds in a "
           f"boot. Each figure is the median over {len(a.lab)} boots of the lab kernel"
           + (f" and {len(a.ref)} of make ref, booted in turn (lab, ref, lab, ref, ...)"
              if a.ref else "") + ".", ""]
    md += ["| walk | kernel | BTF, JIT | BTF, interpreter | probe_read, JIT | probe_read / BTF (JIT) | interpreter / JIT |",
           "|---|---|---|---|---|---|---|"]
    for w in WALKS:
        for kernel, walks in (("lab", lab_walks), ("ref", ref_walks)):
            if w not in walks:
                continue
            g = lambda k: walks[w].get(k, {}).get("per_walk_ns")
            r = res["ratios"][kernel][w]
            f = lambda x: "n/a" if x is None else f"{x:,.0f}"
            fr = lambda x: "n/a" if x is None else f"{x:.2f}"
            md.append(f"| `{WALK_TITLE[w]}` | {kernel} | {f(g('jit'))} | {f(g('interp'))} | "
                      f"{f(g('probe_read'))} | {fr(r['probe_read/jit'])} | {fr(r['interp/jit'])} |")
    if res["lab_vs_ref"]:
        n = len(a.lab)
        md += ["", "Lab against make ref, walk by walk: the spread is the lowest and highest "
               "boot. A difference is beyond the noise only when the two kernels' boots do not "
               f"overlap at all (with {n} boots of each, two equal kernels do that by chance "
               f"1 time in {math.comb(2 * n, n) // 2}).", "",
               "| walk | way | lab (ns) | ref (ns) | lab / ref | beyond the noise? |",
               "|---|---|---|---|---|---|"]
        for c in res["lab_vs_ref"]:
            md.append(f"| `{WALK_TITLE[c['walk']]}` | {WAY_TITLE[c['way']]} | "
                      f"{c['lab']:,.0f} ({c['lab_range'][0]:,.0f}-{c['lab_range'][1]:,.0f}) | "
                      f"{c['ref']:,.0f} ({c['ref_range'][0]:,.0f}-{c['ref_range'][1]:,.0f}) | "
                      f"{c['ratio']:.2f} | {'**yes**' if c['beyond_noise'] else 'no'} |")
    rows = [r for r in res["verifier"] if r.get("insns_ratio") is not None]
    if rows:
        md += ["", "Verifier cost, lab solution against `make ref` (log level 4), "
               "for the lab's test programs that both accept. (The verification time is "
               "not shown: the guest's jiffies clock cannot resolve it.)", "",
               "| program | insns lab / ref | ratio | peak states lab / ref |",
               "|---|---|---|---|"]
        for r in rows:
            md.append(f"| `{r['obj'].split('--')[-1]}:{r['prog']}` | "
                      f"{r['lab']['insns']} / {r['ref']['insns']} | {r['insns_ratio']:.2f} | "
                      f"{r['lab']['peak_states']} / {r['ref']['peak_states']} |")
    if res["findings"]:
        md += ["", "Programs one kernel accepts and the other refuses:", ""]
        md += [f"- {x}" for x in res["findings"]]
    md += [""] + [f"![{x}]({x})" for x in figs]
    with open(os.path.join(a.out, "RESULTS.md"), "w") as f:
        f.write("\n".join(md) + "\n")

    if a.readme:
        with open(a.readme) as f:
            text = f.read()
        begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
        if begin in text and end in text:
            body = "\n".join(x.replace("](", "](bench/") if x.startswith("![") else x for x in md)
            text = text[:text.index(begin) + len(begin)] + "\n" + body + "\n" + text[text.index(end):]
            with open(a.readme, "w") as f:
                f.write(text)

    # A benchmark asserts only that it measured and drew everything.
    missing = [w for w in (["d1"] if a.smoke else WALKS) if w not in lab_walks]
    missing += [f"{w}/{way}" for w in lab_walks for way in WAYS if way not in lab_walks[w]]
    if not lab_ver:
        missing.append("verifier statistics")
    if a.ref and not ref_walks:
        missing.append("make ref walks")
    for x in figs + ["results.json", "RESULTS.md"]:
        if not os.path.getsize(os.path.join(a.out, x)):
            missing.append(x)
    if missing:
        print("bench: error: not measured: " + ", ".join(missing), file=sys.stderr)
        return 1
    print("\n".join(md))
    print(f"bench: results in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
