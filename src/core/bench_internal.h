/* SPDX-License-Identifier: MIT */
/* What the workloads share: result records, timed repetitions, group-size rules,
 * comparison with the host reference. */
#ifndef ZESLM_BENCH_INTERNAL_H
#define ZESLM_BENCH_INTERNAL_H

#include <stdio.h>

#include <zeslm/bench.h>
#include <zeslm/measure.h>

#include "error.h"
#include "rng.h"

/* Runs a status-returning call and jumps to `out` on failure, keeping st. */
#define TRY(call)                      \
    do {                               \
        st = (call);                   \
        if (st != ZESLM_OK)            \
            goto out;                  \
    } while (0)

/* Appends a result named workload/variant with printf-style params. NULL: out of memory. */
zeslm_result *bench_add(zeslm_results *out, const char *workload, const char *variant,
                        const char *params_fmt, ...) __attribute__((format(printf, 4, 5)));

/* Marks r verified (and so reportable), saying how the output was checked. */
void bench_verified(zeslm_result *r, const char *how_fmt, ...) __attribute__((format(printf, 2, 3)));

bool bench_wants(const zeslm_run_opts *o, const char *variant);

/* The value of a workload's own option: as given in o->options, else its fallback. */
uint32_t bench_option(const zeslm_run_opts *o, const zeslm_workload_option *opt);

/* One repetition of a variant: its launches (one or several passes), with the
 * device time summed into *ns. */
typedef zeslm_status (*bench_rep_fn)(void *ctx, uint64_t *ns);

/* One launch of a kernel, which is what most repetitions are. */
typedef struct bench_launch {
    zeslm_kernel *k;
    uint32_t groups, group;
    double timeout_s;
} bench_launch;

/* A bench_rep_fn for a bench_launch. */
zeslm_status bench_launch_once(void *launch, uint64_t *ns);

/* The most timed repetitions --min-time may add up to, so that a kernel of a few
 * microseconds cannot fill memory (and the results file) with times. */
#define BENCH_MAX_REPS ZESLM_MEASURE_MAX_REPS

/* opts->warmup (at least 1) untimed and opts->reps timed repetitions into r through
 * zeslm_measure, and more while their device time is short of opts->min_time_s (up to
 * BENCH_MAX_REPS); a stop request ends it with ZESLM_ERR_INTERRUPTED. A device that wrote
 * no timestamp makes r->outcome ZESLM_NO_RESULTS and returns ZESLM_OK after one
 * repetition, so the caller skips verification; otherwise r stays ZESLM_FAILED until
 * the caller has verified the output and called bench_verified. */
zeslm_status bench_measure(const zeslm_run_opts *o, bench_rep_fn rep, void *ctx, zeslm_result *r);

/* One measurement of a variant at one set of parameters: the steps every workload
 * shares (record, poison, warm up, time, verify, rate) are bench_case_run's; what is
 * the workload's own (its launch, its output, its check, its work) it fills in here. */
typedef struct bench_case {
    const char *workload;
    const zeslm_variant *v;
    uint32_t group, groups;    /* the launch, recorded with the result */
    bench_rep_fn rep;          /* one repetition; NULL: one launch of rep_ctx, a bench_launch */
    void *rep_ctx;
    /* The output overwritten before the first launch (NULL: none, the repetition
     * resets what it reads), through `scratch`, poison_words long. */
    zeslm_buffer *poison;
    uint32_t *scratch;
    size_t poison_words;
    /* Reads the output back and checks it against the host: ZESLM_ERR_VERIFY naming
     * the first difference, or ZESLM_OK with how it was checked in `how`. */
    zeslm_status (*verify)(void *ctx, char *how, size_t len);
    void *verify_ctx;
    /* What one launch does, in the rate's unit: bytes for GB/s, multiply-adds for
     * GMAC/s, atomics for Gatomic/s (the rate is work / median ns); accesses,
     * barriers or atomics for a "ns/..." unit (the rate is median ns / work). */
    double work;
    /* The work's knob, which the engine doubles until the figure converges: the launch
     * does `units` of `work_unit` ("steps", "rounds") now, at most `units_max`; grow
     * sets it to `units` (the next repetition does that many; the output checked next
     * is theirs) and returns the launch's work in the rate's unit in *work. NULL grow:
     * the work is fixed by the input, and the result says it was not checked. */
    const char *work_unit;
    uint64_t units, units_max;
    zeslm_status (*grow)(void *ctx, uint64_t units, double *work);
    void *grow_ctx;
    /* The largest change of the figure that counts as converged; 0: BENCH_TOLERANCE. The
     * launch's fixed cost in a converged figure is below it. */
    double tolerance;
} bench_case;

/* A size whose cost grows with it: `given` (--size) when not 0, else `quick` under
 * --quick, else `full` scaled for the device (sizing.c: by its identity and properties),
 * never below quick. */
zeslm_status bench_default_size(zeslm_device *dev, const zeslm_run_opts *o, uint64_t given, uint64_t quick,
                                uint64_t full, uint64_t *out);

/* full scaled by `scale` (at most 1), rounded down to a power of two where full is
 * one, and at least quick. */
uint64_t bench_fit_size(double scale, uint64_t quick, uint64_t full);

/* A figure converged when doubling the work changes it by less than this (3%). */
#define BENCH_TOLERANCE 0.03
/* ... or by less than its launches' spread explains (twice the standard error of the
 * two medians' difference), up to this: doubling the work does not quieten launches
 * that vary as a whole (the H100's slm_switch/after_same: 8 us launches at 6% sd, the
 * difference of two medians of 20 a standard error of 2.4%, ended unconverged); a
 * spread over 20% is flagged `~` anyway. */
#define BENCH_NOISE_MAX 0.10
/* Default wall time per result for the doubling, full run and --quick, in seconds. */
#define BENCH_CONVERGE_S 10.0
#define BENCH_CONVERGE_QUICK_S 2.0
/* A result whose first measurement is long gets room for two doublings after it
 * (1 + 2 + 4 times its time) whatever its share of a run's budget, up to the defaults
 * above: one comparison alone left the H100's bank/throughput at strides 32 and 64
 * (35 ms launches) unconverged under the run's 2 s share. */
#define BENCH_CONVERGE_ROOM 7.0

/* A measured result's median time per unit of its launch's work (ns per byte, per
 * atomic): what compares across results whose work the engine grew differently. */
static inline double bench_ns_per_work(const zeslm_result *r)
{
    return r->work > 0 ? (double)r->stats.median_ns / r->work : (double)r->stats.median_ns;
}

/* The commonest check: every word of an output equal to the host's. */
typedef struct bench_expect {
    const char *what;      /* names the output in an error ("bank/strided stride 4") */
    zeslm_buffer *buf;
    uint32_t *got;         /* n words, for the read-back */
    const uint32_t *want;  /* n words */
    size_t n;
} bench_expect;

/* A bench_case verify for a bench_expect: "all N outputs". */
zeslm_status bench_verify_u32(void *expect, char *how, size_t len);

/* Records c as a result with printf-style params, and measures and verifies it, with
 * its work doubled (c->grow) until the figure changes by less than c->tolerance (or
 * its launches' spread, BENCH_NOISE_MAX), the
 * time budget (o->converge_s) runs out, the next launch would take more than half
 * o->timeout_s, or the work would pass c->units_max: the result holds its last
 * measurement, the work it did and whether it converged. A device that executes
 * nothing leaves it ZESLM_NO_RESULTS; a verified one gets its rate in c->v's unit. *r (may be NULL) is the record, valid until the next one is
 * added, for the workload's extra number. */
zeslm_status bench_case_run(const zeslm_run_opts *o, zeslm_results *out, const bench_case *c, zeslm_result **r,
                            const char *params_fmt, ...) __attribute__((format(printf, 5, 6)));

/* The group size for kernel k of variant v: opts->group_size checked against the
 * device, the kernel and v's rule (an illegal one is ZESLM_ERR_INVALID_ARG naming
 * the rule), or v's preferred size clipped to what the kernel allows. */
zeslm_status bench_group_size(zeslm_kernel *k, const zeslm_run_opts *o, const zeslm_variant *v, uint32_t *out);

/* The first steps of every variant: its sub-groups checked (a device without them
 * records v skipped with the reason in out, as bench_skip does, and leaves *k NULL),
 * its kernel built, its group size chosen and checked. On failure *k is NULL. */
zeslm_status bench_variant_open(zeslm_device *dev, const zeslm_run_opts *o, const char *workload,
                                const zeslm_variant *v, zeslm_results *out, zeslm_kernel **k, uint32_t *group);

/* The one rule for a variant whose SLM does not fit: where `slm` bytes at this group
 * size exceed what a group of kernel k may use, the variant is recorded skipped in out
 * (as bench_skip does; with both numbers and what the SLM is for, `what`) and false is
 * returned; whether the user chose the group size or not. *st is set on a host
 * failure. */
bool bench_slm_fits(zeslm_results *out, const char *workload, const char *variant, zeslm_kernel *k, size_t slm,
                    uint32_t group, const char *what, zeslm_status *st);

/* ZESLM_ERR_VERIFY naming the first index where got and want differ; a signal
 * (zeslm_request_stop) ends the comparison with ZESLM_ERR_INTERRUPTED. */
zeslm_status bench_compare_u32(const char *what, const uint32_t *got, const uint32_t *want, size_t n);
/* Host checks look at the signal flag every this many elements (about a millisecond). */
#define BENCH_STOP_EVERY (1u << 20)
/* ZESLM_ERR_INTERRUPTED for a host check of `what` that a signal stopped. */
zeslm_status bench_interrupted_check(const char *what);

/* Overwrites the first `words` of an output buffer with a pattern no kernel
 * produces by accident, using `scratch` (at least `words` long) as the host copy, so
 * that a variant that writes nothing cannot pass on an earlier variant's output. */
zeslm_status bench_poison(zeslm_buffer *buf, uint32_t *scratch, size_t words);

void bench_fill_u32(zeslm_rng *rng, uint32_t *p, size_t n);

/* Creates a buffer holding `bytes` of host data (or uninitialised when src is NULL). */
zeslm_status bench_buffer(zeslm_device *dev, const void *src, size_t bytes, zeslm_buffer **buf);

/* How many groups keep every compute unit busy: `per_cu` groups per unit, at
 * least 1; the compute-unit count comes from the device (1 when unknown). */
uint32_t bench_fill_groups(const zeslm_device *dev, uint32_t per_cu);

/* Work-items one compute unit is taken to hold at once, to size persistent grids
 * (2048 on NVIDIA SMs; a round number elsewhere). */
#define BENCH_ITEMS_PER_CU 2048

/* Persistent groups for a grid-stride kernel: `waves` times what every compute unit
 * holds, but no more groups than `work_items` need (and at least one), so no
 * work-item idles through the loop. */
uint32_t bench_persistent_groups(const zeslm_device *dev, uint32_t group, uint32_t waves, uint64_t work_items);

/* Whether a kernel that needs sub-groups runs on the device: of any size (size 0,
 * cl_khr_subgroups or OpenCL 3.0 sub-groups), or of exactly `size` lanes with Intel's
 * block reads (intel_reqd_sub_group_size), in groups of the user's size (0: none
 * given), which must hold whole sub-groups. False with the reason in `why`. */
bool bench_has_subgroups(const zeslm_device *dev, uint32_t size, uint32_t group, char *why, size_t len);

/* Appends a finding to s (dropped, and s marked incomplete, when out of host memory): `key` with `value` (NAN: not
 * found), and a printf-style sentence ("" for none). */
void bench_finding(zeslm_summary *s, const char *key, double value, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A kernel skipped because the device lacks a feature: records the reason (out NULL:
 * records nothing, for a variant already recorded skipped on an earlier input). */
zeslm_status bench_skip(zeslm_results *out, const char *workload, const char *variant, const char *why);

/* Defines workload `id`'s descriptor and gives it its place in the registry,
 * zeslm_workloads[]: src/workloads/registry.cmake reads this line of every
 * src/workloads/.../wl_ID.c and writes the table in the order of `rank` (the roofline
 * first: the others' fractions are of ceilings measured before them), so a workload
 * joins from its own file. Written `BENCH_WORKLOAD(id, rank) = {...};`. */
#define BENCH_WORKLOAD(id, rank)                       \
    extern const zeslm_workload zeslm_workload_##id;   \
    const zeslm_workload zeslm_workload_##id

#endif
