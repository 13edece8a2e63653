#!/usr/bin/env python3
"""How the bench gate's defaults were chosen (docs/performance.md, "Against a baseline").

Reads bench --json files of the unchanged clip (s*.json) and of the slower one (v*.json), each
recorded by its own process with --repeats 7, and holds every pair (baseline = one unchanged
recording, current = another recording) to the range rule of Sources/Holoframe/BaselineComparison.swift
(re-stated below), taking each frame's fastest of its first k runs in thread CPU time, for k = 3, 5, 7.

  python3 Tests/Scripts/bench-gate/compare_pairs.py DIR
"""
import glob, json, statistics as st, sys

def load(path):
    return [f["runsCpuMs"] for f in json.load(open(path))["clips"][0]["frames"]]

def fastest(runs, k):
    return [min(r[:k]) for r in runs]

def ranges(c, b, threshold=0.2, floor=0.5, window=5):
    """g, and the regressed ranges (first, last) of the rule in BaselineComparison.swift."""
    n = len(c)
    g = st.median([x / y for x, y in zip(c, b)])
    r = [x / (g * y) for x, y in zip(c, b)]
    d = [x - g * y for x, y in zip(c, b)]
    slow = [r[i] > 1 + threshold and d[i] > floor for i in range(n)]
    merged = []
    for s in range(n - window + 1):
        if st.median(r[s:s + window]) > 1 + threshold and st.median(d[s:s + window]) > floor:
            if merged and s <= merged[-1][1] + 1:
                merged[-1][1] = s + window - 1
            else:
                merged.append([s, s + window - 1])
    out = []
    for a, e in merged:
        idx = [i for i in range(a, e + 1) if slow[i]]
        out.append((idx[0], idx[-1]) if idx else (a, e))
    return g, out

folder = sys.argv[1]
steady = [load(p) for p in sorted(glob.glob(f"{folder}/s*.json"))]
slower = [load(p) for p in sorted(glob.glob(f"{folder}/v*.json"))]
for k in (3, 5, 7):
    flagged = caught = named = pairs = 0
    factors = []
    for i, base in enumerate(steady):
        b = fastest(base, k)
        for j in range(len(steady)):
            if j == i:
                continue
            pairs += 1
            g, found = ranges(fastest(steady[j], k), b)
            factors.append(g)
            flagged += bool(found)
            if j < len(slower):
                _, found = ranges(fastest(slower[j], k), b)
                caught += bool(found)
                named += any(32 <= a <= 40 and 43 <= e <= 51 for a, e in found)
    print(f"fastest of {k} runs: unchanged flagged in {flagged} of {pairs} pairs; the slower clip (+50 % over 36-47) caught in "
          f"{caught}, named in {named}; g of the unchanged pairs {min(factors):.2f}-{max(factors):.2f}, over 1.2 in "
          f"{sum(g > 1.2 for g in factors)}")
