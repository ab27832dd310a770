# SPDX-License-Identifier: MIT
"""compare's statistics against an independent implementation on generated launch
times: the U test's two-sided p-value against scipy's mannwhitneyu (asymptotic, tie
and continuity corrections), and the ratio and its interval against the Hodges-Lehmann
median and Moses' order statistics of every difference of log times sorted by numpy,
k from scipy's normal quantile. 3,000 pairs of sets: normal, bimodal, with ties (whole
microseconds), 2 to 60 launches a side, sides of unequal size.
usage: compare_scipy.py COMPARE_STATS_IO"""
import math
import subprocess
import sys

import numpy as np
from scipy import stats

rng = np.random.default_rng(2009)
cases = []
for trial in range(3000):
    n, m = (int(x) for x in rng.integers(2, 61, size=2))
    shift = rng.uniform(0.7, 1.3)
    kind = trial % 3
    if kind == 0:
        old = 1e4 * (1 + 0.03 * rng.standard_normal(n))
        new = 1e4 * shift * (1 + 0.03 * rng.standard_normal(m))
    elif kind == 1:
        slow = rng.uniform(1.2, 4)
        old = 1e4 * np.where(rng.random(n) < rng.uniform(0.1, 0.9), slow, 1) * (1 + 0.01 * rng.standard_normal(n))
        new = 1e4 * shift * np.where(rng.random(m) < rng.uniform(0.1, 0.9), slow, 1) * (1 + 0.01 * rng.standard_normal(m))
    else:
        old = 1000 * np.round(10 * (1 + 0.05 * rng.standard_normal(n)))
        new = 1000 * np.round(10 * shift * (1 + 0.05 * rng.standard_normal(m)))
    cases.append((old, new))

text = "".join("%d %d %s %s\n" % (len(o), len(n), " ".join(repr(float(x)) for x in o),
                                 " ".join(repr(float(x)) for x in n)) for o, n in cases)
out = subprocess.run([sys.argv[1]], input=text, capture_output=True, text=True, check=True).stdout.split("\n")

z = stats.norm.ppf(1 - 0.05 / 2)
bad = 0
worst_p = 0
for (old, new), line in zip(cases, out):
    ratio, p, lo, hi = (float(x) for x in line.split())
    n, m = len(old), len(new)
    want_p = stats.mannwhitneyu(new, old, alternative="two-sided", method="asymptotic", use_continuity=True).pvalue
    d = np.sort(np.subtract.outer(np.log(new), np.log(old)).ravel())
    nm = n * m
    k = max(0, math.floor(nm / 2 - z * math.sqrt(nm * (n + m + 1) / 12)))
    want = (math.exp(0.5 * (d[(nm - 1) // 2] + d[nm // 2])), math.exp(d[k]), math.exp(d[nm - 1 - k]))
    got = (ratio, lo, hi)
    worst_p = max(worst_p, abs(p - want_p))
    if abs(p - want_p) > 1e-9 or any(abs(g - w) > 1e-12 * w for g, w in zip(got, want)) or not lo <= ratio <= hi:
        bad += 1
        if bad <= 5:
            print("FAIL: n=%d m=%d: ratio %r [%r, %r] p %r; scipy/numpy: ratio %r [%r, %r] p %r" %
                  ((n, m) + got[:1] + got[1:] + (p,) + want[:1] + want[1:] + (want_p,)))
print("%d pairs of sets: %d disagree; largest p-value difference %.3g" % (len(cases), bad, worst_p))
sys.exit(1 if bad or len(out) < len(cases) else 0)
