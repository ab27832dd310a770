/* SPDX-License-Identifier: MIT */
/* The lines of `run --list` that say what each variant measures: a row per variant
 * of every workload but atomics, whose 30 names (SPACE_OP_TYPE) are read word by word.
 * The kernels' own comments (the kernel files and src/workloads/wl_NAME.c) say more. */
#include <stdio.h>
#include <string.h>

#include "commands/variant_help.h"

typedef struct variant_line {
    const char *name; /* "bench/variant" */
    const char *help;
} variant_line;

static const variant_line lines[] = {
    {"roofline/read", "device memory read, best of 2, 4 and 8 rounds of groups"},
    {"roofline/copy", "device memory read and written back"},
    {"roofline/slm", "conflict-free SLM read-modify-write: the SLM ceiling"},
    {"roofline/slm_atomic", "SLM atomic adds on distinct words"},
    {"roofline/slm_atomic_rows", "SLM atomic adds, one row of words per lane"},
    {"roofline/slm_atomic_random", "SLM atomic adds at random words, as in a histogram"},
    {"roofline/imad", "int32 multiply-adds in registers: the compute ceiling"},
    {"reduce/doc_tree", "Introduction to SYCL's tree, 2 elements an item"},
    {"reduce/sequential", "tree with sequential addressing (no divergent halves)"},
    {"reduce/many", "grid-stride uint4 loads, one atomic per group"},
    {"reduce/many_subgroup", "many, summed in sub-groups instead of SLM"},
    {"reduce/many_sg16", "many in sub-groups of 16 with block reads (Intel)"},
    {"reduce/many_sg32", "many in sub-groups of 32 (Intel)"},
    {"bank/strided", "Optimization Guide: strides 1..64, a barrier each"},
    {"bank/swizzled", "strided, XOR-swizzled: no conflicts at any stride"},
    {"bank/throughput", "the strides without barriers: SLM bandwidth per stride"},
    {"conv/doc_global", "Optimization Guide: 1-D convolution, global memory"},
    {"conv/doc_slm", "Optimization Guide: SLM tile, halos by end items"},
    {"conv/tiled", "cooperative SLM tile, 13 outputs an item in registers"},
    {"hist/doc_private", "Optimization Guide: private bins, global atomics"},
    {"hist/doc_private_sg16", "doc_private, block reads in sub-groups of 16 (Intel)"},
    {"hist/doc_private_sg32", "doc_private in sub-groups of 32 (Intel)"},
    {"hist/doc_slm", "Optimization Guide: one SLM histogram a group"},
    {"hist/doc_slm_sg16", "doc_slm, block reads in sub-groups of 16 (Intel)"},
    {"hist/doc_slm_sg32", "doc_slm in sub-groups of 32 (Intel)"},
    {"hist/copies", "8 SLM sub-histograms a group: fewer lanes meet on a bin"},
    {"hist/lanes", "32 SLM sub-histograms, one a lane: no bank conflicts"},
    {"hist/count_only", "the counting of copies on words made in registers"},
    {"occupancy/slm_sweep", "a copy with more SLM reserved a group, to the limit"},
    {"occupancy/group_sweep", "the same copy across group sizes"},
    {"occupancy/barrier", "latency of one barrier, one group alone, by group size"},
    {"occupancy/barrier_throughput", "barriers a second a compute unit, every unit full"},
    {"latency/slm", "one work-item chasing a random chain through SLM"},
    {"latency/global", "the chase through global memory, 1 KiB to 2 GiB; level ends bisected"},
    {"latency/slm_atomic", "a chain of dependent SLM atomic adds"},
    {"carveout/l1_latency", "the global chase, 0 to all SLM reserved a group: L1 left"},
    {"carveout/l1_bandwidth", "every group reads one footprint, by SLM reserved a group"},
    {"memorder/slm_relaxed_work_group", "SLM fetch_add, own words: relaxed, work-group scope"},
    {"memorder/slm_relaxed_device", "SLM fetch_add, own words: relaxed, device scope"},
    {"memorder/slm_acq_rel_work_group", "SLM fetch_add, own words: acq_rel, work-group scope"},
    {"memorder/slm_acq_rel_device", "SLM fetch_add, own words: acq_rel, device scope"},
    {"memorder/slm_seq_cst_work_group", "SLM fetch_add, own words: seq_cst, work-group scope"},
    {"memorder/slm_seq_cst_device", "SLM fetch_add, own words: seq_cst, device scope"},
    {"memorder/global_relaxed_work_group", "global fetch_add, own words: relaxed, work-group scope"},
    {"memorder/global_relaxed_device", "global fetch_add, own words: relaxed, device scope"},
    {"memorder/global_acq_rel_work_group", "global fetch_add, own words: acq_rel, work-group scope"},
    {"memorder/global_acq_rel_device", "global fetch_add, own words: acq_rel, device scope"},
    {"memorder/global_seq_cst_work_group", "global fetch_add, own words: seq_cst, work-group scope"},
    {"memorder/global_seq_cst_device", "global fetch_add, own words: seq_cst, device scope"},
    {"slm_switch/same_small", "back-to-back launches reserving 1 KiB of SLM"},
    {"slm_switch/same_large", "back-to-back launches reserving all a group may take"},
    {"slm_switch/alternating", "back to back, the small and the large alternating"},
    {"slm_switch/after_same", "one large launch timed after a large one"},
    {"slm_switch/after_switch", "one large launch timed after a small one"},
};

/* atomics' names: SPACE_OP_TYPE. */
typedef struct word {
    const char *name, *text;
} word;
static const word spaces[] = {{"slm", "SLM"}, {"global", "global"}};
static const word ops[] = {
    {"add", "add"}, {"xchg", "exchange"}, {"cmpxchg", "compare-exchange"}, {"min", "min"}, {"max", "max"},
};
static const word types[] = {{"i32", "int32"}, {"i64", "int64"}, {"f32", "float"}};

/* The word of `table` that `name` starts with, followed by '_' or its end. */
static const word *word_at(const word *table, size_t n, const char *name, size_t *used)
{
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(table[i].name);
        if (strncmp(name, table[i].name, len) == 0 && (name[len] == '_' || name[len] == '\0')) {
            *used = len + (name[len] == '_');
            return &table[i];
        }
    }
    return NULL;
}

#define N(t) (sizeof(t) / sizeof((t)[0]))

static const char *atomic_help(const char *name, char *buf, size_t len)
{
    size_t a = 0, b = 0, c = 0;
    const word *s = word_at(spaces, N(spaces), name, &a);
    const word *o = s ? word_at(ops, N(ops), name + a, &b) : NULL;
    const word *t = o ? word_at(types, N(types), name + a + b, &c) : NULL;
    if (!t || name[a + b + c] != '\0')
        *buf = '\0';
    else
        snprintf(buf, len, "%s atomic %s of %s: distinct, one and random words", s->text, o->text, t->text);
    return buf;
}

const char *variant_help(const zeslm_workload *wl, const zeslm_variant *v, char *buf, size_t len)
{
    if (strcmp(wl->name, "atomics") == 0)
        return atomic_help(v->name, buf, len);
    char key[64];
    snprintf(key, sizeof key, "%s/%s", wl->name, v->name);
    *buf = '\0';
    for (size_t i = 0; i < N(lines); i++)
        if (strcmp(lines[i].name, key) == 0)
            snprintf(buf, len, "%s", lines[i].help);
    return buf;
}
