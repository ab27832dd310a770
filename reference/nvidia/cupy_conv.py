# SPDX-License-Identifier: MIT
"""CuPy's correlate1d beside ze-slm's convolution: 64 Mi inputs, 257 taps, zero padding,
out[i] = sum_j in[i - m/2 + j] * taps[j] (correlate1d, mode='constant', origin=0).
ze-slm computes in uint32 modulo 2^32; CuPy computes integer input in float64 and
saturates on the way back (uint32 results are wrong), so CuPy runs on float32 here,
checked on a sample against float64 on the host (relative error 1e-4). Device time of each
launch (CUDA events), median of 20 after 2 warm-up; rated on N*M multiply-adds (ze-slm
counts only those inside the input, 16512 fewer)."""
import sys

import cupy as cp
import cupyx.scipy.ndimage as nd
import numpy as np

N, M, REPS, WARMUP = 1 << 26, 257, 20, 2
rng = np.random.default_rng(2009)
x = rng.random(N, dtype=np.float32)
taps = rng.random(M, dtype=np.float32)
dx, dt = cp.asarray(x), cp.asarray(taps)


def run():
    return nd.correlate1d(dx, dt, mode="constant", cval=0.0, origin=0)


for _ in range(WARMUP):
    out = run()
times = []
for _ in range(REPS):
    a, b = cp.cuda.Event(), cp.cuda.Event()
    a.record()
    out = run()
    b.record()
    b.synchronize()
    times.append(cp.cuda.get_elapsed_time(a, b) * 1e3)
got = cp.asnumpy(out)
for i in list(range(M)) + list(range(N - M, N)) + list(rng.integers(0, N, 4096)):
    k = i - M // 2 + np.arange(M)
    ok = (k >= 0) & (k < N)
    want = float(np.dot(x[k[ok]].astype(np.float64), taps[ok].astype(np.float64)))
    if abs(float(got[i]) - want) > 1e-4 * abs(want):
        sys.exit(f"cupy correlate1d: wrong at {i}: device {float(got[i])}, host {want}")
us = float(np.median(times))
print(f"conv     cupyx correlate1d float32 (CuPy {cp.__version__}) n={N} m={M} {us:10.1f} us "
      f"{N * M / us / 1e3:8.1f} GFMA/s")
