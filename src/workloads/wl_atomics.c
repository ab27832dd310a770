/* SPDX-License-Identifier: MIT */
/* atomics: SLM and global atomics by operation (add, exchange, compare-exchange,
 * min, max) and type (32- and 64-bit integers, float), with every work-item on its
 * own word, all on one word, or on random words. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_internal.h"

enum space { SLM, GLOBAL };
enum type { I32, I64, F32 };
enum op { ADD, XCHG, CMPXCHG, MIN, MAX }; /* the `op` argument of kernels/atomics.cl */
enum pattern { DISTINCT, ONE, RANDOM };

static const char *const space_names[] = {"slm", "global"};
static const char *const pattern_names[] = {"distinct", "one", "random"};

/* Variants are SPACE_OP_TYPE, in the order of the enums (space, type, op): the five
 * ops of one (space, type) share one kernel, whose `op` argument picks the operation. */
#define ROW(space, op, type, file_, suffix) {.name = space "_" op "_" type, .file = file_, \
                                            .kernel = "atomics_" space "_" suffix, .group = 256, .rate_unit = "Gatomic/s"}
#define OPS(space, type, file) \
    ROW(space, "add", type, file, type), ROW(space, "xchg", type, file, type), \
        ROW(space, "cmpxchg", type, file, type), ROW(space, "min", type, file, type), \
        ROW(space, "max", type, file, type)
/* Float exchange and compare-exchange are OpenCL C 1.2 (compare-exchange on the bit
 * pattern); float add, min and max need cl_ext_float_atomics and OpenCL C 3.0, in a
 * file of their own. */
#define OPS_F32(space) \
    ROW(space, "add", "f32", "atomics_float", "f32_ext"), ROW(space, "xchg", "f32", "atomics", "f32"), \
        ROW(space, "cmpxchg", "f32", "atomics", "f32"), ROW(space, "min", "f32", "atomics_float", "f32_ext"), \
        ROW(space, "max", "f32", "atomics_float", "f32_ext")
static const zeslm_variant variants[] = {
    OPS("slm", "i32", "atomics"), OPS("slm", "i64", "atomics_int64"), OPS_F32("slm"),
    OPS("global", "i32", "atomics"), OPS("global", "i64", "atomics_int64"), OPS_F32("global"),
};
_Static_assert(ZESLM_COUNT(variants) == 2 * 3 * 5, "one row per space, type and op");

/* The kernels of each type and the operations each has (their files and names are
 * in the rows above). */
#define OP_BIT(op) (1u << (op))
#define ALL_OPS (OP_BIT(ADD) | OP_BIT(XCHG) | OP_BIT(CMPXCHG) | OP_BIT(MIN) | OP_BIT(MAX))
struct atom_kernel {
    enum type type;
    unsigned ops;       /* OP_BIT of each operation it has */
};
static const struct atom_kernel atom_kernels[] = {
    {I32, ALL_OPS},
    {I64, ALL_OPS},
    {F32, OP_BIT(XCHG) | OP_BIT(CMPXCHG)},
    {F32, OP_BIT(ADD) | OP_BIT(MIN) | OP_BIT(MAX)},
};

/* Random addresses fall in 1024 words: a byte histogram's table four times over, so
 * work-items collide now and then, as they do in real scatter updates. */
#define RANDOM_WORDS 1024u
#define ROUNDS_FULL 32u
#define ROUNDS_QUICK 8u
/* Where the doubling stops: 2^16 atomics per work-item. */
#define ROUNDS_MAX 65536u
/* Float add takes away in each odd round what it added in the round before (all but
 * 1 in the last), which needs an even number of rounds. */
_Static_assert(ROUNDS_FULL % 2 == 0 && ROUNDS_QUICK % 2 == 0, "float add needs an even number of rounds");
/* Float add stays exact while every partial sum, at most 16 per work-item on the
 * word plus the initial 1, is an integer below 2^24. */
#define F32_ADD_MAX_ITEMS ((1u << 20) - 1)
/* Adding 1.0f to 2^24 rounds back to 2^24: float compare-exchange's increments stop there. */
#define F32_EXACT_LIMIT 16777216.0f
/* --quick: a work-item count no group size divides. */
#define ITEMS_QUICK 1000u

/* What one (space, type) needs: its kernel, launch, buffers and host copies. */
struct atom_ctx {
    bench_launch run;
    enum space space;
    enum type type;
    const struct atom_kernel *kernel;
    uint32_t n, rounds, salt;
    uint32_t start_rounds;   /* what each op and pattern starts from; the engine doubles them */
    uint64_t launches;       /* every launch of the current variant and pattern */
    uint32_t every;          /* the last check took every this-many-th word (1: all) */
    /* Bytes of global words rewritten from `got` before every launch (float add:
     * its sums stay exact for one launch, not for any number); 0 for none. The copy
     * is outside the kernel's device time. */
    size_t reset_bytes;
    size_t cap;              /* words of data, got, want and in */
    uint32_t cap_n;          /* work-items idx and ret have room for */
    zeslm_buffer *data, *idx, *ret;
    uint32_t *hidx;          /* n */
    void *got, *hret;        /* cap and n words of the type's width */
    uint64_t *want, *in;     /* cap each: the expected final words, and what went in */
};

static zeslm_status atom_rep(void *ctx, uint64_t *ns)
{
    struct atom_ctx *c = ctx;
    zeslm_status st = ZESLM_OK;
    if (c->reset_bytes)
        TRY(zeslm_buffer_write(c->data, c->got, c->reset_bytes));
    c->launches++;
    st = bench_launch_once(&c->run, ns);
out:
    return st;
}

static unsigned width(enum type t)
{
    return t == I64 ? 8 : 4;
}

static uint64_t mask(enum type t)
{
    return t == I64 ? UINT64_MAX : UINT32_MAX;
}

static uint64_t word_at(const void *p, enum type t, size_t i)
{
    return t == I64 ? ((const uint64_t *)p)[i] : ((const uint32_t *)p)[i];
}

/* The host's copies of the kernels' operands (kernels/atomics.cl, atomics_int64.cl). */
static uint64_t add_operand(enum type t, uint32_t gid)
{
    return t == I64 ? ((uint64_t)((gid & 15) + 1) << 32) + 1 : (gid & 15) + 1;
}

static int64_t minmax_operand(enum type t, uint32_t x)
{
    return t == I64 ? (int64_t)(((uint64_t)x << 32) | (x ^ 0x5bd1e995u)) : (int64_t)(int32_t)x;
}

static int64_t as_signed(enum type t, uint64_t w)
{
    return t == I64 ? (int64_t)w : (int64_t)(int32_t)(uint32_t)w;
}

static float f32_of(uint64_t bits)
{
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* kernels/atomics_float.cl's min/max operand: an integer below 2^23 in magnitude. */
static float f32_minmax_operand(uint32_t x)
{
    return (float)((int32_t)(x >> 8) - 0x800000);
}

/* The word every variant starts from: the identity of min and max, so their result
 * comes from the operands (infinities for float); 7 elsewhere (1.0f for float). */
static uint64_t initial(enum type t, enum op op)
{
    if (t == F32)
        return op == MIN ? bits_of(INFINITY) : op == MAX ? bits_of(-INFINITY) : bits_of(1.0f);
    if (op == MIN)
        return t == I64 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX;
    if (op == MAX)
        return (t == I64 ? (uint64_t)INT64_MIN : (uint64_t)(uint32_t)INT32_MIN) & mask(t);
    return 7;
}

/* The word work-item i works on, counting the groups' SLM tables one after another. */
static size_t key(const struct atom_ctx *c, uint32_t words, uint32_t i)
{
    return c->space == SLM ? (size_t)(i / c->run.group) * words + c->hidx[i] : c->hidx[i];
}

/* The host redoes every operand of a launch, rounds x n of them: at the H100's
 * converged rounds (16384 a work-item for SLM min, max and exchange) that took about
 * 35 s of host time a run, more than the atomics' device time. Exchange's operands
 * are consecutive numbers, summed in closed form. Min and max's come from one LCG a
 * work-item, which no closed form sums: past this many LCG steps the check takes
 * every k-th word whole (each of its work-items' every step), enough to catch a
 * kernel that is wrong anywhere it is wrong on a pattern, at about 0.1 s a result. */
#define MINMAX_CHECK_STEPS (UINT64_C(1) << 26)

/* sum of (a + r) mod m for r in [0, count), a < m, count <= m: exact, below 2^64 for
 * count < 2^16 and m <= 2^32. */
static uint64_t run_sum(uint64_t a, uint64_t count, uint64_t m)
{
    uint64_t first = count < m - a ? count : m - a, rest = count - first;
    return first * a + first * (first - 1) / 2 + (rest ? rest * (rest - 1) / 2 : 0);
}

/* What work-item i's exchanges put in over one launch: the operand of each round r
 * (kernels' XV of v = i*rounds + r + 1, 32-bit): v; v times 0x100000001 (64-bit);
 * float's bits 0x3F800000 | (v & 0x7FFFFF). */
static uint64_t xchg_sum(enum type t, uint32_t i, uint32_t rounds)
{
    uint32_t a = i * rounds + 1;
    if (t == F32) /* 0x3F800000 | the low 23 bits: the bits never overlap */
        return (uint64_t)rounds * 0x3F800000u + run_sum(a & 0x7FFFFFu, rounds, 1u << 23);
    uint64_t sum = run_sum(a, rounds, UINT64_C(1) << 32);
    return t == I64 ? sum * UINT64_C(0x100000001) : sum;
}

/* How min and max order the LCG's x (the operand is monotone in it): as a signed
 * 32-bit number for the integers (the 64-bit operand's high half), by x >> 8 for
 * float (f32_minmax_operand). */
static int64_t lcg_key(enum type t, uint32_t x)
{
    return t == F32 ? (int64_t)(x >> 8) : (int64_t)(int32_t)x;
}

/* The x among work-item i's `rounds` LCG steps whose operand is the least (min) or
 * the greatest (max): the one operand of its that can stay in the word. */
static uint32_t lcg_extreme(const struct atom_ctx *c, bool min, uint32_t i)
{
    uint32_t x = i * 2654435761u + c->salt, best_x = 0;
    int64_t best = INT64_MAX, sign = min ? 1 : -1;
    for (uint32_t r = 0; r < c->rounds; r++) {
        x = x * 1664525u + 1013904223u;
        int64_t k = sign * lcg_key(c->type, x);
        if (k < best) {
            best = k;
            best_x = x;
        }
    }
    return best_x;
}

/* Checks the final words against the host. Global words have seen every launch
 * (ret sums over them) unless they are reset before each; SLM starts afresh each
 * launch, so only the last counts. Float add and compare-exchange count in want[]
 * what they added to the initial 1.0f, exactly. */
static zeslm_status verify(struct atom_ctx *c, enum op op, uint32_t words, size_t total, const char *what)
{
    uint64_t m = mask(c->type), init = initial(c->type, op);
    uint64_t launches = c->space == GLOBAL && !c->reset_bytes ? c->launches : 1;
    bool f32_count = c->type == F32 && (op == ADD || op == CMPXCHG);
    for (size_t w = 0; w < total; w++) {
        c->want[w] = f32_count ? 0 : init;
        c->in[w] = init;
    }
    /* Min and max: every c->every-th word (1: all). */
    uint64_t steps = (uint64_t)c->n * c->rounds;
    bool minmax = op == MIN || op == MAX;
    c->every = minmax && steps > MINMAX_CHECK_STEPS ? (uint32_t)((steps + MINMAX_CHECK_STEPS - 1) / MINMAX_CHECK_STEPS) : 1;
    for (uint32_t i = 0; i < c->n; i++) {
        size_t k = key(c, words, i);
        if (k % c->every)
            continue;
        uint64_t ret = word_at(c->hret, c->type, i);
        if (op == ADD && c->type == F32) {
            c->want[k] += 1; /* its additions and subtractions net 1 per launch */
        } else if (op == ADD) {
            c->want[k] += launches * c->rounds * add_operand(c->type, i);
        } else if (op == XCHG) {
            /* Every value put in comes out once: as a returned value or as the final word. */
            c->in[k] += launches * xchg_sum(c->type, i, c->rounds);
            c->want[k] -= ret;
        } else if (op == CMPXCHG) {
            c->want[k] += ret; /* each success added one */
        } else if (c->rounds) {
            /* The work-item's extreme operand decides what it leaves in the word. */
            uint32_t x = lcg_extreme(c, op == MIN, i);
            if (c->type == F32) {
                float v = f32_minmax_operand(x), cur = f32_of(c->want[k]);
                if (op == MIN ? v < cur : v > cur)
                    c->want[k] = bits_of(v);
            } else {
                int64_t v = minmax_operand(c->type, x), cur = as_signed(c->type, c->want[k]);
                if (op == MIN ? v < cur : v > cur)
                    c->want[k] = (uint64_t)v;
            }
        }
    }
    for (size_t w = 0; w < total; w += c->every) {
        uint64_t got = word_at(c->got, c->type, w);
        /* Exchange: the final word must be what went in less what came out. */
        uint64_t want = op == XCHG ? c->in[w] + c->want[w] - init : c->want[w];
        if (f32_count) {
            /* Compare-exchange's successes may take the word to 2^24, where it stays;
             * add's count cannot (F32_ADD_MAX_ITEMS). */
            double sum = 1.0 + (double)c->want[w];
            want = bits_of(sum < F32_EXACT_LIMIT ? (float)sum : F32_EXACT_LIMIT);
        }
        if ((got & m) != (want & m))
            return zeslm_fail(ZESLM_ERR_VERIFY, "atomics/%s: wrong word %zu: device 0x%llx, host 0x%llx", what, w,
                              (unsigned long long)(got & m), (unsigned long long)(want & m));
    }
    return ZESLM_OK;
}

/* What the check of one op and pattern needs. */
struct atom_check {
    struct atom_ctx *c;
    enum op op;
    uint32_t words;
    size_t total;
    char what[64];
};

static zeslm_status check_words(void *ctx, char *how, size_t len)
{
    struct atom_check *k = ctx;
    struct atom_ctx *c = k->c;
    unsigned wb = width(c->type);
    zeslm_status st = zeslm_buffer_read(c->data, c->got, k->total * wb);
    if (st == ZESLM_OK)
        st = zeslm_buffer_read(c->ret, c->hret, (size_t)c->n * wb);
    if (st == ZESLM_OK)
        st = verify(c, k->op, k->words, k->total, k->what);
    if (c->every > 1)
        snprintf(how, len, "1 word in %u of %zu", c->every, k->total);
    else
        snprintf(how, len, "all %zu words%s", k->total,
                 k->op == XCHG ? " (in = out)" : k->op == CMPXCHG ? " (= successes)" : "");
    return st;
}

/* The words a measurement starts from: global words at init and ret at 0; SLM words
 * start at init in the kernel, and the copy-out buffer is poisoned so that a kernel
 * that writes nothing fails. */
static zeslm_status reset_words(struct atom_ctx *c, size_t total, uint64_t init)
{
    bool slm = c->space == SLM;
    unsigned wb = width(c->type);
    for (size_t w = 0; w < total; w++) {
        if (c->type == I64)
            ((uint64_t *)c->got)[w] = slm ? UINT64_C(0xA5A5A5A5A5A5A5A5) ^ w : init;
        else
            ((uint32_t *)c->got)[w] = slm ? 0xA5A5A5A5u ^ (uint32_t)w : (uint32_t)init;
    }
    memset(c->hret, 0, (size_t)c->n * wb);
    c->launches = 0;
    zeslm_status st = zeslm_buffer_write(c->data, c->got, total * wb);
    return st == ZESLM_OK ? zeslm_buffer_write(c->ret, c->hret, (size_t)c->n * wb) : st;
}

/* The kernel argument that holds the rounds (kernels/atomics*.cl). */
#define ROUNDS_ARG 4

/* What growing one op and pattern's rounds needs. */
struct atom_grow {
    struct atom_ctx *c;
    size_t total;
    uint64_t init;
};

/* bench_case.grow: `rounds` atomics per work-item a launch, from fresh words. */
static zeslm_status atom_grow(void *ctx, uint64_t rounds, double *work)
{
    struct atom_grow *g = ctx;
    struct atom_ctx *c = g->c;
    c->rounds = (uint32_t)rounds;
    *work = (double)c->n * c->rounds;
    zeslm_status st = zeslm_kernel_arg_u32(c->run.k, ROUNDS_ARG, c->rounds);
    return st == ZESLM_OK ? reset_words(c, g->total, g->init) : st;
}

static zeslm_status run_pattern(const zeslm_run_opts *o, zeslm_results *out, struct atom_ctx *c,
                                const zeslm_variant *v, enum op op, enum pattern pat, zeslm_rng *rng)
{
    zeslm_status st = ZESLM_OK;
    const char *variant = v->name;
    bool slm = c->space == SLM;
    uint32_t words = pat == ONE ? 1 : pat == RANDOM ? RANDOM_WORDS : slm ? c->run.group : c->n;
    size_t total = slm ? (size_t)c->run.groups * words : words;
    for (uint32_t i = 0; i < c->n; i++)
        c->hidx[i] = pat == ONE ? 0 : pat == RANDOM ? (uint32_t)zeslm_rng_below(rng, RANDOM_WORDS)
                                     : slm ? i % c->run.group : i;
    c->salt = (uint32_t)zeslm_rng_next(rng);
    uint64_t init = initial(c->type, op);
    unsigned wb = width(c->type);
    c->rounds = c->start_rounds;
    TRY(reset_words(c, total, init));
    TRY(zeslm_buffer_write(c->idx, c->hidx, (size_t)c->n * 4));
    zeslm_kernel *k = c->run.k;
    unsigned ops = c->kernel->ops;
    uint32_t a = 0;
    TRY(zeslm_kernel_arg_buffer(k, a++, c->data));
    TRY(zeslm_kernel_arg_buffer(k, a++, c->idx));
    TRY(zeslm_kernel_arg_u32(k, a++, c->n));
    TRY(zeslm_kernel_arg_u32(k, a++, op));
    _Static_assert(ROUNDS_ARG == 4, "the rounds follow data, idx, n and op");
    TRY(zeslm_kernel_arg_u32(k, a++, c->rounds));
    /* init where the kernel uses it: SLM words start at it, and so does
     * compare-exchange's first guess. */
    if (c->type == I64) {
        TRY(zeslm_kernel_arg_u32(k, a++, (uint32_t)init));
        TRY(zeslm_kernel_arg_u32(k, a++, (uint32_t)(init >> 32)));
    } else if (slm || (ops & OP_BIT(CMPXCHG))) {
        TRY(zeslm_kernel_arg_u32(k, a++, (uint32_t)init));
    }
    /* The salt seeds min and max's operands. */
    if (ops & (OP_BIT(MIN) | OP_BIT(MAX)))
        TRY(zeslm_kernel_arg_u32(k, a++, c->salt));
    TRY(zeslm_kernel_arg_buffer(k, a++, c->ret));
    if (slm) {
        TRY(zeslm_kernel_arg_u32(k, a++, words));
        TRY(zeslm_kernel_arg_local(k, a++, (size_t)words * wb));
    }
    c->reset_bytes = !slm && c->type == F32 && op == ADD ? total * wb : 0;
    /* The words were initialised above (poisoned for SLM, whose kernel initialises its own). */
    struct atom_check check = {c, op, words, total, ""};
    snprintf(check.what, sizeof check.what, "%s pattern %s", variant, pattern_names[pat]);
    struct atom_grow grow = {c, total, init};
    /* The rounds double until the launch's fixed cost is below 2% of its time. */
    bench_case one = {.workload = "atomics", .v = v, .group = c->run.group, .groups = c->run.groups, .rep = atom_rep,
                      .rep_ctx = c, .verify = check_words, .verify_ctx = &check, .work = (double)c->n * c->rounds,
                      .work_unit = "rounds", .units = c->rounds, .units_max = ROUNDS_MAX, .grow = atom_grow,
                      .grow_ctx = &grow, .tolerance = 0.02};
    TRY(bench_case_run(o, out, &one, NULL, "pattern=%s n=%u", pattern_names[pat], c->n));
out:
    return st;
}

/* Why a variant cannot run on this device, or NULL. Float add, min and max need
 * the device to have them on floats, in that memory, not only the built-ins (which
 * compilers emulate with compare-exchange loops where the hardware lacks them). */
static const char *why_not(const zeslm_device_info *d, enum space s, enum type t, enum op op)
{
    static const struct {
        enum space space;
        bool add;
        uint32_t bit;
        const char *why;
    } fp32[] = {
        {SLM, true, ZESLM_FP32_ATOMIC_LOCAL_ADD,
         "the device's float atomic capabilities lack fp32 add in local memory (SLM)"},
        {SLM, false, ZESLM_FP32_ATOMIC_LOCAL_MIN_MAX,
         "the device's float atomic capabilities lack fp32 min/max in local memory (SLM)"},
        {GLOBAL, true, ZESLM_FP32_ATOMIC_GLOBAL_ADD,
         "the device's float atomic capabilities lack fp32 add in global memory"},
        {GLOBAL, false, ZESLM_FP32_ATOMIC_GLOBAL_MIN_MAX,
         "the device's float atomic capabilities lack fp32 min/max in global memory"},
    };
    if (t == I64 && d->int64_atomics == 0)
        return "the device lacks cl_khr_int64_base_atomics / cl_khr_int64_extended_atomics";
    if (t != F32 || op == XCHG || op == CMPXCHG)
        return NULL;
    if (d->float_atomics == 0)
        return "the device lacks cl_ext_float_atomics (float add, min and max)";
    if (d->float_atomics < 0)
        return "the device did not report its float atomic capabilities (cl_ext_float_atomics)";
    for (size_t i = 0; i < sizeof fp32 / sizeof fp32[0]; i++)
        if (fp32[i].space == s && fp32[i].add == (op == ADD) && !(d->fp32_atomics & fp32[i].bit))
            return fp32[i].why;
    return NULL;
}

/* Every op and pattern of one kernel: buffers sized for them all. */
static zeslm_status run_kernel(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out, struct atom_ctx *c,
                               zeslm_rng *rng)
{
    zeslm_status st = ZESLM_OK;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    bool run[MAX + 1] = {false}, any = false;
    const zeslm_variant *ops = &variants[(c->space * 3 + c->type) * 5];
    for (int op = ADD; op <= MAX; op++) {
        if (!(c->kernel->ops & OP_BIT(op)) || !bench_wants(o, ops[op].name))
            continue;
        const char *why = why_not(d, c->space, c->type, op);
        if (why)
            TRY(bench_skip(out, "atomics", ops[op].name, why));
        else
            any = run[op] = true;
    }
    if (!any)
        return st;
    /* The rows of one kernel name the same file and kernel. */
    const zeslm_variant *row = NULL;
    for (int op = ADD; op <= MAX && !row; op++)
        row = run[op] ? &ops[op] : NULL;
    TRY(zeslm_kernel_create(dev, row->file, row->kernel, &c->run.k));
    TRY(bench_group_size(c->run.k, o, row, &c->run.group));
    if (o->size > UINT32_MAX - c->run.group) {
        st = zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size (work-items) is too large");
        goto out;
    }
    /* By default every compute unit is full, once: all work-items run at the same time. */
    c->n = o->size ? (uint32_t)o->size
                   : o->quick ? ITEMS_QUICK : bench_fill_groups(dev, BENCH_ITEMS_PER_CU / c->run.group) * c->run.group;
    if (c->type == F32 && run[ADD] && c->n > F32_ADD_MAX_ITEMS) {
        char why[128];
        snprintf(why, sizeof why, "float add is exact only up to %u work-items on one word; --size asks for %u",
                 F32_ADD_MAX_ITEMS, c->n);
        TRY(bench_skip(out, "atomics", ops[ADD].name, why));
        run[ADD] = false;
        if (!run[MIN] && !run[MAX])
            goto out;
    }
    c->run.groups = (c->n + c->run.group - 1) / c->run.group;
    uint64_t rounds;
    TRY(bench_default_size(dev, o, 0, ROUNDS_QUICK, ROUNDS_FULL, &rounds));
    c->start_rounds = (uint32_t)rounds;
    size_t most = (size_t)c->run.groups * (c->run.group > RANDOM_WORDS ? c->run.group : RANDOM_WORDS);
    if (most < c->n)
        most = c->n;
    if (most > c->cap || c->n > c->cap_n) {
        zeslm_buffer_free(c->data);
        zeslm_buffer_free(c->idx);
        zeslm_buffer_free(c->ret);
        c->data = c->idx = c->ret = NULL;
        free(c->hidx);
        free(c->got);
        free(c->hret);
        free(c->want);
        free(c->in);
        c->hidx = malloc((size_t)c->n * 4);
        c->hret = malloc((size_t)c->n * 8);
        c->got = malloc(most * 8);
        c->want = malloc(most * 8);
        c->in = malloc(most * 8);
        c->cap = c->cap_n = 0;
        if (!c->hidx || !c->hret || !c->got || !c->want || !c->in) {
            st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
            goto out;
        }
        TRY(bench_buffer(dev, NULL, most * 8, &c->data));
        TRY(bench_buffer(dev, NULL, (size_t)c->n * 4, &c->idx));
        TRY(bench_buffer(dev, NULL, (size_t)c->n * 8, &c->ret));
        c->cap = most;
        c->cap_n = c->n;
    }
    for (int op = ADD; op <= MAX && st == ZESLM_OK; op++)
        if (run[op])
            for (int p = DISTINCT; p <= RANDOM && st == ZESLM_OK; p++)
                st = run_pattern(o, out, c, &ops[op], op, p, rng);
out:
    zeslm_kernel_free(c->run.k);
    c->run.k = NULL;
    return st;
}

static zeslm_status atomics_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    struct atom_ctx c = {.run.timeout_s = o->timeout_s};
    zeslm_rng rng = {o->seed};
    for (int s = SLM; s <= GLOBAL && st == ZESLM_OK; s++) {
        for (size_t k = 0; k < sizeof atom_kernels / sizeof atom_kernels[0] && st == ZESLM_OK; k++) {
            c.space = s;
            c.kernel = &atom_kernels[k];
            c.type = atom_kernels[k].type;
            st = run_kernel(dev, o, out, &c, &rng);
        }
    }
    zeslm_buffer_free(c.data);
    zeslm_buffer_free(c.idx);
    zeslm_buffer_free(c.ret);
    free(c.hidx);
    free(c.got);
    free(c.hret);
    free(c.want);
    free(c.in);
    return st;
}

/* The median of one variant at one pattern, or 0 when it was not measured. */
static double ns_per_atomic(const zeslm_results *all, size_t first, const char *variant, const char *pattern)
{
    char want[32];
    snprintf(want, sizeof want, "pattern=%s ", pattern);
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome == ZESLM_MEASURED && strcmp(r->variant, variant) == 0 &&
            strncmp(r->params, want, strlen(want)) == 0)
            return bench_ns_per_work(r);
    }
    return 0;
}

/* The same operation measured twice must agree: roofline/slm_atomic (measured
 * earlier in the run, before `first`) and slm_add_i32 with every work-item on its own
 * word both time 32-bit SLM adds on distinct words with every compute unit full. */
#define SAME_OP_BAND 0.10

static void check_roofline(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    const zeslm_result *roof = NULL, *own = NULL;
    for (size_t i = 0; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome != ZESLM_MEASURED)
            continue;
        if (i < first && strcmp(r->workload, "roofline") == 0 && strcmp(r->variant, "slm_atomic") == 0)
            roof = r;
        if (i >= first && strcmp(r->variant, "slm_add_i32") == 0 && strncmp(r->params, "pattern=distinct ", 17) == 0)
            own = r;
    }
    if (!roof || !own || roof->rate <= 0)
        return;
    double x = own->rate / roof->rate;
    if (fabs(x - 1) <= SAME_OP_BAND)
        bench_finding(out, "slm_add_over_roofline", x,
                      "SLM add (i32) on own words agrees with roofline/slm_atomic: %.2fx its rate.", x);
    else
        bench_finding(out, "slm_add_over_roofline", x,
                      "INCONSISTENT: SLM add (i32) on own words runs at %.2fx roofline/slm_atomic, the same "
                      "operation; more than %.0f%% apart, so one of the two does not measure the SLM atomic rate.",
                      x, 100 * SAME_OP_BAND);
}

/* What contention costs: each space's 32-bit add with every work-item on one word and
 * on random words, against every work-item on its own word. */
static void atomics_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    check_roofline(all, first, out);
    for (int s = SLM; s <= GLOBAL; s++) {
        char v[32], one_key[40], random_key[40];
        snprintf(v, sizeof v, "%s_add_i32", space_names[s]);
        double own = ns_per_atomic(all, first, v, "distinct"), one = ns_per_atomic(all, first, v, "one"),
               rnd = ns_per_atomic(all, first, v, "random");
        if (own <= 0 || one <= 0 || rnd <= 0)
            continue;
        snprintf(one_key, sizeof one_key, "%s_add_one_word_x", space_names[s]);
        snprintf(random_key, sizeof random_key, "%s_add_random_words_x", space_names[s]);
        bench_finding(out, one_key, one / own,
                      "%s add (i32): all on one word takes %.2fx the time of every work-item on its own word; "
                      "random words %.2fx.", s == SLM ? "SLM" : "Global", one / own, rnd / own);
        bench_finding(out, random_key, rnd / own, "%s", "");
    }
}

/* Its cost (zeslm_workload_cost): The H100 skips 18 of its 90 results; its GPU spend after its min and max were
 * checked on a sample (they took 44 s, 34 of them the host's check). */
static const zeslm_workload_cost cost = {
    .weight = 0.5, .results = 3.0, .results_gpu = 3.0, .spend = 0.1, .spend_gpu = 0.07};

BENCH_WORKLOAD(atomics, 80) = {
    .name = "atomics",
    .size_unit = "work-items",
    .summary = "SLM and global atomics by operation and type: own words, one word, random words",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = atomics_run,
    .summarize = atomics_summarize,
    .cost = &cost,
};
