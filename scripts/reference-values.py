#!/usr/bin/python3
"""Reference values of the growth gate, computed apart from the tool's own code.

Uses scipy.stats.theilslopes (Debian's python3-scipy) for every Theil-Sen slope and Sen interval,
and implements the rule of docs/growth-gate.md ("The rule": warm-up trim, growth ratio, per 1,000
objects, exponent k) in a few lines of Python, so that the TypeScript implementation in
src/analysis/ is checked against an independent one. Prints one JSON object:

    /usr/bin/python3 scripts/reference-values.py fixtures/series/fedora3-vs-fedora4.csv 1000

test/unit/reference-values.test.ts runs it and compares.
"""
import csv
import json
import math
import sys

import numpy as np
from scipy.stats import theilslopes

Z = 1.959964  # the gate's two-sided 95% quantile


def sen(y, x, z=Z):
    """Theil-Sen slope with Sen's interval at quantile z (scipy's alpha is the two-sided level)."""
    alpha = 2 * (1 - 0.5 * (1 + math.erf(z / math.sqrt(2))))
    slope, intercept, low, high = theilslopes(y, x, 1 - alpha)
    return slope, low, high


def scaled_mad(v):
    v = np.asarray(v)
    return 1.4826 * np.median(np.abs(v - np.median(v)))


def joint_fit(x, y, slope):
    return np.median(np.asarray(y) - slope * np.asarray(x))


def trim_warmup(z):
    """docs/growth-gate.md, "The rule", step 2: only slow leading batches are dropped."""
    m = len(z)
    w = 1
    while w < math.floor(0.2 * m):
        x = np.arange(w + 2, m + 1, dtype=float)  # 1-based indices i > w + 1
        y = np.asarray(z[w + 1:])
        slope, _, _ = sen(y, x)
        a = joint_fit(x, y, slope)
        s = scaled_mad(y - (a + slope * x))
        excess = z[w] - (a + slope * (w + 1))
        if excess > max(2 * s, math.log(1.03)):
            w += 1
        else:
            break
    return w


def gate(times, batch_size, limit=1.10):
    z = [math.log(t) for t in times]
    m = len(z)
    w = trim_warmup(z)
    x = np.arange(w + 1, m + 1, dtype=float)
    y = np.asarray(z[w:])
    b, lo, hi = sen(y, x)
    span = m - (w + 1)
    n = (x - 0.5) * batch_size
    k, klo, khi = sen(y, np.log(n))
    ratio_lo = math.exp(lo * span)
    verdict = 'INCONCLUSIVE' if m - w < 10 else 'FAIL' if ratio_lo > limit else 'WARN' if ratio_lo > 1 else 'PASS'
    return {
        'warmupDropped': w,
        'slope': b,
        'slopeCi': [lo, hi],
        'growthRatio': math.exp(b * span),
        'ci': [ratio_lo, math.exp(hi * span)],
        'perThousandObjects': math.exp(b * 1000 / batch_size) - 1,
        'exponentK': 1 + k,
        'exponentKCi': [1 + klo, 1 + khi],
        'verdict': verdict,
    }


def main():
    path, batch_size = sys.argv[1], int(sys.argv[2])
    with open(path, newline='') as f:
        rows = list(csv.DictReader(f))
    out = {}
    for column in rows[0].keys():
        if column == 'batch':
            continue
        times = [float(r[column]) for r in rows]
        idx = np.arange(1, len(times) + 1, dtype=float)
        raw = sen(np.asarray(times), idx)
        logs = sen(np.log(times), idx)
        out[column] = {
            'untrimmedRaw': {'slope': raw[0], 'ci': [raw[1], raw[2]]},
            'untrimmedLog': {'slope': logs[0], 'ci': [logs[1], logs[2]]},
            'gate': gate(times, batch_size),
        }
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
