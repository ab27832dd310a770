/* SPDX-License-Identifier: MIT */
/* Dependent-load chains and the levels of a latency curve (footprint against ns per dependent load), and where
 * each ends: found by bisecting between the last footprint on a level and the first
 * off it, not bracketed by a power of two. The latency and carveout workloads share it. */
#ifndef ZESLM_LEVELS_H
#define ZESLM_LEVELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/bench.h>
#include <zeslm/device.h>
#include <zeslm/status.h>

#include "rng.h"

/* Sattolo's algorithm: next[0..n) a uniformly random permutation of 0..n-1 that is one
 * single cycle, so a chain of any length never falls into a short loop. */
void chain_sattolo(zeslm_rng *rng, uint32_t *next, uint32_t n);

/* Where `steps` steps from `from` end on the single cycle of n nodes: the walk repeats
 * every n steps, so the host walks at most n of them. */
uint32_t chain_walk(const uint32_t *next, uint32_t n, uint32_t from, uint64_t steps);

/* One footprint's chain on the device: a single cycle of n nodes drawn from the seed and
 * the footprint (every footprint gets its own) into the host's `next`, copied to `dnext`,
 * and the chase's position word `pos` set to node 0. */
zeslm_status chain_upload(uint64_t seed, uint64_t footprint, uint32_t *next, uint32_t n, zeslm_buffer *dnext,
                          zeslm_buffer *pos);

/* Steps per launch to start from: at ~500 ns per device-memory access 32768 steps take
 * ~16 ms. The engine doubles them until the figure holds: the launch's fixed cost, the
 * copy of the permutation into SLM and the first, cold pass over the footprint (every
 * line misses once a launch, as no cache keeps its lines from one launch to the next)
 * must become a small part of the time, which at 128 KiB on an H100 takes ~1M steps. */
#define CHAIN_STEPS_FULL 32768u
#define CHAIN_STEPS_QUICK 2048u
/* 2^26 steps of device memory already take tens of seconds per launch. */
#define CHAIN_STEPS_MAX (1u << 26)

/* The steps of each chain a launch to start from, for the latency and carveout
 * workloads: --size, else CHAIN_STEPS_FULL (CHAIN_STEPS_QUICK with --quick) as
 * bench_default_size scales it for the device; more than CHAIN_STEPS_MAX is refused. */
zeslm_status chain_start_steps(zeslm_device *dev, const zeslm_run_opts *o, uint32_t *steps);

/* Footprints within this much of the mean of a level's grid footprints belong to it. */
#define LEVEL_BAND 0.10
/* A level's end is known when the first footprint off it is within this much of the
 * last one on it. */
#define LEVEL_EDGE 0.05
/* A probe of curve_refine places a footprint on a level (within LEVEL_BAND of it) or
 * off it, so its figure is taken as converged once doubling the work moves it by less
 * than half that band. A footprint at a level's end is served partly from the next
 * level, and its figure keeps drifting with the work: the H100's 216 KiB (latency) and
 * 224 and 240 KiB (carveout) ended unconverged at 1M steps under the 3% of the others. */
#define LEVEL_PROBE_TOLERANCE (LEVEL_BAND / 2)
/* Two consecutive footprints within this much of each other: a plateau. */
#define LEVEL_PLATEAU 0.02
/* The most levels a curve is read for, and the most points it holds. */
#define LEVELS_MAX 6
#define CURVE_MAX 96

/* One measured footprint: `grid` for the sweep's powers of two (and the sweep's top),
 * false for a refinement between two of them. */
typedef struct curve_point {
    uint64_t footprint; /* bytes */
    double ns;          /* per dependent load */
    bool grid;
} curve_point;

/* A run of two or more grid footprints, ascending, each within LEVEL_BAND of the mean of
 * the run before it; a single grid footprint between two runs is a step between levels. */
typedef struct curve_level {
    double ns;         /* the mean of its grid footprints */
    uint64_t first;    /* its first grid footprint */
    uint64_t last;     /* its last grid footprint */
    uint64_t size;     /* the largest footprint measured on it (grid or refined), bytes */
    uint64_t past;     /* the smallest footprint measured past `size`; 0: it lasts to the end */
    size_t grid_from, grid_to; /* its grid footprints, as indexes into the curve's points */
} curve_level;

/* Sorts the points by footprint (a curve is measured grid first, refinements after). */
void curve_sort(curve_point *p, size_t n);

/* The levels of the sorted curve p[0..n), at most max of them; how many. */
size_t curve_levels(const curve_point *p, size_t n, curve_level *out, size_t max);

/* Measures one footprint: its latency in *ns, or NAN where the device executes nothing. */
typedef zeslm_status (*curve_probe_fn)(void *ctx, uint64_t footprint, double *ns);

/* Refines the end of every level of the curve that has a footprint past it: probes the
 * middle (a multiple of `align` bytes) of the last footprint on the level and the first
 * off it until they are within LEVEL_EDGE, appending each probe to p (n points, room
 * for cap) and keeping it sorted. A NAN probe ends the refinement. */
zeslm_status curve_refine(curve_point *p, size_t *n, size_t cap, uint64_t align, curve_probe_fn probe, void *ctx);

#endif
