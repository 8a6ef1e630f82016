#!/usr/bin/env python3
"""Reference values for the cliff statistics (test/unit/analysis-cliff.test.ts), in pure Python
by brute force: Pettitt's U_t from its double-sum definition, the Mann-Whitney null distribution by
enumerating every choice of positions, and the two-sample Hodges-Lehmann shift from all m*n
differences. No numpy or scipy. Run: python3 scripts/cliff_reference.py"""
import itertools
import math

# Pettitt (1979): U_t = sum_{i<=t} sum_{j>t} sgn(x_i - x_j); K = max |U_t|; p = 2 exp(-6K^2/(n^3+n^2))
SERIES = [1.0, 1.2, 0.9, 1.1, 1.0, 0.95, 1.05, 2.1, 1.9, 2.2, 2.0, 1.95, 2.05, 2.1]
sgn = lambda v: (v > 0) - (v < 0)

def pettitt(x):
    n = len(x)
    best, best_t, best_u = -1, 0, 0
    for t in range(1, n):
        u = sum(sgn(x[i] - x[j]) for i in range(t) for j in range(t, n))
        if abs(u) > best:
            best, best_t, best_u = abs(u), t, u
    return best, best_u, best_t, min(1.0, 2 * math.exp(-6 * best * best / (n ** 3 + n ** 2)))

print("pettitt", pettitt(SERIES))
TIES = [3, 1, 3, 2, 5, 5, 4, 5]
print("pettitt ties", pettitt(TIES))

def rank_sum_cdf(m, n):
    """P(U <= u), U = #(a > b) pairs, by enumerating which of the m+n ranks belong to a."""
    counts = [0] * (m * n + 1)
    for pos in itertools.combinations(range(m + n), m):
        # a value at rank r exceeds the b's below it: r minus the a's below it
        counts[sum(r - k for k, r in enumerate(pos))] += 1
    total = sum(counts)
    cdf, c = [], 0
    for v in counts:
        c += v
        cdf.append(c / total)
    return cdf

def qwilcox(p, m, n):
    cdf = rank_sum_cdf(m, n)
    for u, c in enumerate(cdf):
        if c >= p * (1 - 1e-12):
            return u, (cdf[u - 1] if u > 0 else 0.0)

alpha = 0.05
for m, n in [(5, 5), (8, 8), (10, 10), (6, 9), (12, 7)]:
    k, below = qwilcox(alpha / 2, m, n)
    print("qwilcox", m, n, k, "confidence", 1 - 2 * below)

A = [2.1, 1.9, 2.4, 2.0, 2.2, 1.8]
B = [1.0, 1.3, 0.9, 1.1, 1.2, 0.8, 1.05]
d = sorted(a - b for a in A for b in B)
mn = len(d)
est = (d[mn // 2 - 1] + d[mn // 2]) / 2 if mn % 2 == 0 else d[mn // 2]
k, below = qwilcox(alpha / 2, len(A), len(B))
print("shift", est, d[k - 1], d[mn - k], "k", k, "confidence", 1 - 2 * below)
