#!/usr/bin/env python3
"""How the bench gate's method and defaults were chosen (docs/performance.md, "Against a baseline").

Reads bench --json files of the unchanged clip (s*.json) and of the slower one (v*.json), each
recorded by its own process, and holds every pair (baseline = one unchanged recording, current =
another recording) to the range rule of Sources/HoloVerify/BaselineComparison.swift (re-stated
below), with each frame's time taken from the first P runs in thread CPU time three ways:
  fastest       the fastest of the runs (the rule before: it flagged unchanged clips under load)
  median        the median of the runs, each run divided by its level (its median frame)
  median+trend  the same with each run's load trend divided out first (what bench does now)
(the last two in ms at the level of the fastest runs, as BaselineComparison.typicalTimes)

  python3 Tests/Scripts/bench-gate/compare_pairs.py DIR FIRST LAST P[,P…]

FIRST–LAST is the slowed range of the v*.json clip (18 29 for slower-18-29.json); a slower pair
counts as caught when a regressed range overlaps it, and as named when both ends are within 3 frames.
"""
import glob, json, statistics as st, sys

med = st.median

def load(path):
    return [f["runsCpuMs"] for f in json.load(open(path))["clips"][0]["frames"]]

def fastest(runs):
    return [min(r) for r in runs]

def typical(runs, trend=True, reach=8):
    """t(k) of BaselineComparison.typicalTimes: runs[k][p] is frame k's time in run p."""
    n, count = len(runs), len(runs[0])
    levels = [max(med([runs[k][p] for k in range(n)]), 1e-9) for p in range(count)]
    u = [[runs[k][p] / levels[p] for p in range(count)] for k in range(n)]
    if not trend:
        shape = [med(u[k]) for k in range(n)]
    else:
        agreed = [max(med(u[k]), 1e-9) for k in range(n)]
        against = [[u[k][p] / agreed[k] for p in range(count)] for k in range(n)]
        shape = []
        for k in range(n):
            near = range(max(0, k - reach), min(n - 1, k + reach) + 1)
            shape.append(med([u[k][p] / max(med([against[j][p] for j in near]), 1e-9) for p in range(count)]))
    scale = med([f / max(x, 1e-9) for f, x in zip(fastest(runs), shape)])
    return [x * scale for x in shape]

def ranges(c, b, threshold=0.2, floor=0.5, window=5):
    """g, and the regressed ranges (first, last) of the rule in BaselineComparison.swift."""
    n = len(c)
    g = med([x / y for x, y in zip(c, b)])
    r = [x / (g * y) for x, y in zip(c, b)]
    d = [x - g * y for x, y in zip(c, b)]
    slow = [r[i] > 1 + threshold and d[i] > floor for i in range(n)]
    merged = []
    for s in range(n - window + 1):
        if med(r[s:s + window]) > 1 + threshold and med(d[s:s + window]) > floor:
            if merged and s <= merged[-1][1] + 1:
                merged[-1][1] = s + window - 1
            else:
                merged.append([s, s + window - 1])
    out = []
    for a, e in merged:
        idx = [i for i in range(a, e + 1) if slow[i]]
        out.append((idx[0], idx[-1]) if idx else (a, e))
    return g, out

folder, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
steady = [load(p) for p in sorted(glob.glob(f"{folder}/s*.json"))]
slower = [load(p) for p in sorted(glob.glob(f"{folder}/v*.json"))]
for count in [int(p) for p in sys.argv[4].split(",")]:
    for name, times in (("fastest", fastest), ("median", lambda r: typical(r, trend=False)), ("median+trend", typical)):
        s = [times([f[:count] for f in rec]) for rec in steady]
        v = [times([f[:count] for f in rec]) for rec in slower]
        flagged = caught = named = pairs = slower_pairs = 0
        factors = []
        for i, b in enumerate(s):
            for j, c in enumerate(s):
                if j != i:
                    pairs += 1
                    g, found = ranges(c, b)
                    factors.append(g)
                    flagged += bool(found)
            for j, c in enumerate(v):
                if j != i:
                    slower_pairs += 1
                    _, found = ranges(c, b)
                    caught += any(a <= last and e >= first for a, e in found)
                    named += any(abs(a - first) <= 3 and abs(e - last) <= 3 for a, e in found)
        print(f"{count} runs, {name}: unchanged flagged in {flagged} of {pairs} pairs; slower caught in {caught} of "
              f"{slower_pairs}, named in {named}; g of the unchanged pairs {min(factors):.2f}-{max(factors):.2f}")
