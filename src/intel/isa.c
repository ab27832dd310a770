/* SPDX-License-Identifier: MIT */
/* Reading IGC's ISA listings (include/zeslm/isa.h): each instruction line is classed
 * by its mnemonic and, for a message, by the decoded comment IGC writes after it; the
 * loops are found from the branches that go back to a label. The input is a file the
 * compiler wrote, or a user's: every line is bounded by the text's length. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>
#include <zeslm/isa.h>

#include "error.h"

const char *const zeslm_isa_class_keys[ZESLM_ISA_CLASSES] = {
    "alu", "slm_load", "slm_store", "slm_atomic", "global_load", "global_store", "global_atomic",
    "block_read", "barrier", "fence",
};

/* A listing bigger than this is not a kernel's (the largest bundled one is 1 MiB). */
#define MAX_LISTING (64u << 20)
/* Binding table index of SLM in Xe-LP's data-port messages (the low byte of the
 * descriptor): IGC's BTI_SLM. */
#define BTI_SLM 0xFE
/* Not an instruction class: branches, sync, nop and messages we do not count (end
 * of thread, scratch of the hardware). */
#define NONE ZESLM_ISA_CLASSES

typedef struct insn {
    uint32_t line;
    uint8_t cls;
    uint32_t bytes;
} insn;

typedef struct label {
    const char *name;
    size_t len;
    size_t at; /* the instruction that follows it */
} label;

/* A branch's possible back edge: instruction `at` names label text `name`. */
typedef struct target {
    const char *name;
    size_t len;
    size_t at;
} target;

typedef struct listing {
    insn *insns;
    size_t n_insns, cap_insns;
    label *labels;
    size_t n_labels, cap_labels;
    target *targets;
    size_t n_targets, cap_targets;
} listing;


/* Whether [s, e) contains the NUL-terminated `word`. */
static bool has(const char *s, const char *e, const char *word)
{
    size_t n = strlen(word);
    for (; s + n <= e; s++)
        if (memcmp(s, word, n) == 0)
            return true;
    return false;
}

/* Whether [s, e) begins with the NUL-terminated `word`: the text has no NUL to stop at. */
static bool starts(const char *s, const char *e, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(e - s) >= n && memcmp(s, word, n) == 0;
}

/* A hexadecimal number at s, read no further than e. */
static unsigned long hex(const char *s, const char *e)
{
    unsigned long v = 0;
    for (int digits = 0; s < e && digits < 16; s++, digits++) {
        char c = *s;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            break;
        v = v * 16 + (unsigned long)d;
    }
    return v;
}

static bool is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static const char *skip_spaces(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    return s;
}

/* A decimal number at s (0 when none), and where it ends. */
static uint32_t number(const char *s, const char *e, const char **after)
{
    uint32_t v = 0;
    while (s < e && *s >= '0' && *s <= '9' && v < 100000)
        v = v * 10 + (uint32_t)(*s++ - '0');
    if (after)
        *after = s;
    return v;
}

/* Element bytes of a data-port message from its decoded text: "int64", "qword" and
 * "64b" are 8, "16b" 2, "8b" 1, anything else a dword; "with xyzw" is four channels. */
static uint32_t dataport_bytes(const char *d, const char *e, uint32_t lanes)
{
    uint32_t elem = has(d, e, "int64") || has(d, e, "qword") || has(d, e, "64b") ? 8
                    : has(d, e, "16b")                                           ? 2
                    : has(d, e, " 8b")                                           ? 1
                                                                                 : 4;
    uint32_t channels = has(d, e, "with xyzw") ? 4 : has(d, e, "with xyz") ? 3 : has(d, e, "with xy") ? 2 : 1;
    return lanes * elem * channels;
}

/* A data-port send of Xe-LP (and Xe-HPG's remaining ones): `send.SFID (N|M0) dst src0
 * src1 exdesc desc {...} // wr:..., rd:...; DESCRIPTION // $n`; Gen9's and Gen11's
 * `send (N|M0) dst src exdesc desc // wr:..., rd:...; hdc.dc1; DESCRIPTION // $n`. */
static uint8_t classify_send(const char *sfid, const char *sfe, const char *s, const char *e, uint32_t lanes,
                             uint32_t *bytes)
{
    const char *c = s;
    while (c + 1 < e && !(c[0] == '/' && c[1] == '/'))
        c++;
    /* The descriptor: the last hex number before the comment and the {...} swsb. */
    unsigned long desc = 0;
    for (const char *p = s; p + 2 < c && *p != '{'; p++)
        if (p[0] == '0' && p[1] == 'x' && (p == s || p[-1] == ' '))
            desc = hex(p + 2, c);
    const char *d = c;
    while (d < e && *d != ';')
        d++;
    if (d == e)
        return NONE;
    const char *de = d;
    while (de + 1 < e && !(de[0] == '/' && de[1] == '/'))
        de++;
    /* Gen9 and Gen11 write `send`/`sends` and name the data port in the comment
     * ("; hdc.dc1; untyped surface read"); later generations in the mnemonic. */
    bool dataport = starts(sfid, sfe, "dc") || has(d, de, "hdc.");
    bool slm = starts(sfid, sfe, "slm") || (dataport && (desc & 0xFF) == BTI_SLM);
    *bytes = 0;
    if (has(d, de, "end of thread"))
        return NONE;
    if (has(d, de, "barrier"))
        return ZESLM_ISA_BARRIER;
    if (has(d, de, "fence"))
        return ZESLM_ISA_FENCE;
    if (has(d, de, "block read") || has(d, de, "block write")) {
        const char *x = de;
        while (x > d && x[-1] != 'x')
            x--;
        *bytes = (has(d, de, "hword") ? 32 : 16) * number(x, de, NULL);
        if (has(d, de, "read"))
            return slm ? ZESLM_ISA_SLM_LOAD : ZESLM_ISA_BLOCK_READ;
        return slm ? ZESLM_ISA_SLM_STORE : ZESLM_ISA_GLOBAL_STORE;
    }
    *bytes = dataport_bytes(d, de, lanes);
    if (has(d, de, "atomic"))
        return slm ? ZESLM_ISA_SLM_ATOMIC : ZESLM_ISA_GLOBAL_ATOMIC;
    if (has(d, de, "read") || has(d, de, "gathering"))
        return slm ? ZESLM_ISA_SLM_LOAD : ZESLM_ISA_GLOBAL_LOAD;
    if (has(d, de, "write") || has(d, de, "scattering"))
        return slm ? ZESLM_ISA_SLM_STORE : ZESLM_ISA_GLOBAL_STORE;
    *bytes = 0;
    return NONE;
}

/* A load/store-unit message of Xe-HPG and Xe-HPC: `OP.SFID.dBITS[uNN][xVEC][t].aNN...`,
 * e.g. load.ugm.d32x4.a32.ca.ca, atomic_iinc.slm.d32.a32, load.ugm.d32x16t.a32 (the
 * `t`, transposed: one lane reads VEC consecutive elements, a block read). */
static uint8_t classify_lsc(const char *op, const char *sfid, const char *oe, uint32_t lanes, uint32_t *bytes)
{
    bool slm = starts(sfid, oe, "slm.");
    const char *t = sfid;
    while (t < oe && *t != '.')
        t++;
    uint32_t bits = 32, vec = 1;
    bool transposed = false;
    if (t + 1 < oe && t[1] == 'd') {
        const char *p;
        bits = number(t + 2, oe, &p);
        if (p < oe && *p == 'u')
            number(p + 1, oe, &p); /* d8u32: 8 bits of memory in a 32-bit lane */
        if (p < oe && *p == 'x')
            vec = number(p + 1, oe, &p);
        transposed = p < oe && *p == 't';
    }
    uint32_t elem = bits / 8 * vec;
    *bytes = transposed ? elem : lanes * elem;
    if (starts(op, oe, "load_block2d")) {
        *bytes = 0; /* the block's shape is in the payload, not the mnemonic */
        return ZESLM_ISA_BLOCK_READ;
    }
    if (starts(op, oe, "load_status") || starts(op, oe, "fence")) {
        *bytes = 0;
        return starts(op, oe, "fence") ? ZESLM_ISA_FENCE : NONE;
    }
    if (starts(op, oe, "load"))
        return slm ? ZESLM_ISA_SLM_LOAD : transposed ? ZESLM_ISA_BLOCK_READ : ZESLM_ISA_GLOBAL_LOAD;
    if (starts(op, oe, "store"))
        return slm ? ZESLM_ISA_SLM_STORE : ZESLM_ISA_GLOBAL_STORE;
    if (starts(op, oe, "atomic"))
        return slm ? ZESLM_ISA_SLM_ATOMIC : ZESLM_ISA_GLOBAL_ATOMIC;
    *bytes = 0;
    return NONE;
}

/* Mnemonics that are not ALU work; the first six may branch back. */
static const char *const control[] = {"goto", "jmpi", "while", "brd", "brc", "cont", "break", "if", "else",
                                      "endif", "join", "call", "calla", "ret", "halt", "sync", "nop", "wait",
                                      "illegal"};
#define N_BRANCHES 6

/* One instruction line (predicate and leading spaces already skipped at s). */
static bool instruction(listing *l, uint32_t line, const char *s, const char *e)
{
    const char *oe = s;
    while (oe < e && *oe != ' ' && *oe != '\t')
        oe++;
    const char *dot = memchr(s, '.', (size_t)(oe - s));
    size_t base = (size_t)((dot ? dot : oe) - s);
    const char *p = skip_spaces(oe, e);
    uint32_t lanes = p < e && *p == '(' ? number(p + 1, e, NULL) : 1;
    uint8_t cls = ZESLM_ISA_ALU;
    uint32_t bytes = 0;
    if (base >= 4 && starts(s, oe, "send")) {
        cls = classify_send(dot ? dot + 1 : oe, oe, p, e, lanes, &bytes);
    } else if (dot && (starts(dot, oe, ".slm.") || starts(dot, oe, ".ugm.") || starts(dot, oe, ".ugml.") ||
                       starts(dot, oe, ".tgm."))) {
        cls = classify_lsc(s, dot + 1, oe, lanes, &bytes);
    } else {
        for (size_t i = 0; i < sizeof control / sizeof control[0]; i++) {
            if (strlen(control[i]) != base || strncmp(s, control[i], base) != 0)
                continue;
            cls = NONE;
            /* A branch's operands that are names: possible labels, resolved later. */
            for (const char *q = p; i < N_BRANCHES && q < e && !(q[0] == '/' && q + 1 < e && q[1] == '/'); q++) {
                if (!is_ident(*q) || (q > p && is_ident(q[-1])) || (*q >= '0' && *q <= '9'))
                    continue;
                const char *qe = q;
                while (qe < e && is_ident(*qe))
                    qe++;
                if (!ZESLM_GROW(l->targets, l->n_targets + 1, l->cap_targets))
                    return false;
                l->targets[l->n_targets++] = (target){q, (size_t)(qe - q), l->n_insns};
            }
            break;
        }
    }
    if (!ZESLM_GROW(l->insns, l->n_insns + 1, l->cap_insns))
        return false;
    l->insns[l->n_insns++] = (insn){line, cls, bytes};
    return true;
}

static void mix_of(const listing *l, size_t from, size_t to, zeslm_isa_mix *m)
{
    memset(m, 0, sizeof *m);
    m->first_line = l->insns[from].line;
    m->last_line = l->insns[to].line;
    for (size_t i = from; i <= to; i++) {
        if (l->insns[i].cls == NONE)
            continue;
        m->c[l->insns[i].cls].messages++;
        m->c[l->insns[i].cls].bytes += l->insns[i].bytes;
    }
}

/* Loops as [head, last back edge] instruction ranges, one a head; the innermost ones
 * (holding no other) into k. */
static bool loops(const listing *l, zeslm_isa_kernel *k)
{
    size_t n = 0;
    size_t (*r)[2] = malloc((l->n_targets + 1) * sizeof *r);
    if (!r)
        return false;
    for (size_t t = 0; t < l->n_targets; t++)
        for (size_t j = 0; j < l->n_labels; j++)
            if (l->labels[j].len == l->targets[t].len &&
                memcmp(l->labels[j].name, l->targets[t].name, l->targets[t].len) == 0 &&
                l->labels[j].at <= l->targets[t].at && l->labels[j].at < l->n_insns) {
                /* Several branches back to one head: the loop ends at the last. */
                size_t h = 0;
                while (h < n && r[h][0] != l->labels[j].at)
                    h++;
                if (h == n)
                    r[n++][0] = l->labels[j].at;
                else if (r[h][1] >= l->targets[t].at)
                    break;
                r[h][1] = l->targets[t].at;
                break;
            }
    for (size_t a = 0; a < n; a++) {
        bool inner = true;
        for (size_t b = 0; b < n && inner; b++)
            if (b != a && r[a][0] <= r[b][0] && r[b][1] <= r[a][1])
                inner = false;
        if (!inner)
            continue;
        if (k->n_loops < ZESLM_ISA_MAX_LOOPS)
            mix_of(l, r[a][0], r[a][1], &k->loops[k->n_loops]);
        k->n_loops++;
    }
    free(r);
    return true;
}

zeslm_status zeslm_isa_parse(const char *text, size_t len, zeslm_isa_kernel *out)
{
    listing l = {0};
    zeslm_status st = ZESLM_OK;
    memset(out, 0, sizeof *out);
    uint32_t line = 0;
    for (const char *s = text, *end = text + len; s < end;) {
        const char *e = memchr(s, '\n', (size_t)(end - s));
        if (!e)
            e = end;
        line++;
        const char *p = skip_spaces(s, e);
        if (starts(s, e, "//.kernel ")) {
            size_t n = (size_t)(e - s - 10);
            while (n && (s[10 + n - 1] == '\r' || s[10 + n - 1] == ' '))
                n--;
            if (n >= sizeof out->name) {
                st = zeslm_fail(ZESLM_ERR_INVALID_ARG, "ISA listing: kernel name longer than %zu bytes",
                                sizeof out->name - 1);
                goto out;
            }
            memcpy(out->name, s + 10, n);
        } else if (p == e || (e - p >= 2 && p[0] == '/' && p[1] == '/')) {
            /* blank or comment */
        } else if (p == s && is_ident(*s)) {
            const char *c = s;
            while (c < e && is_ident(*c))
                c++;
            if (c < e && *c == ':') { /* a label */
                if (!ZESLM_GROW(l.labels, l.n_labels + 1, l.cap_labels))
                    goto oom;
                l.labels[l.n_labels++] = (label){s, (size_t)(c - s), l.n_insns};
            } else if (!instruction(&l, line, p, e)) {
                goto oom;
            }
        } else {
            if (*p == '(') { /* predicate: (W), (~f0.1), (W&f0.0.any16h) */
                const char *q = memchr(p, ')', (size_t)(e - p));
                p = q ? skip_spaces(q + 1, e) : e;
            }
            if (p < e && !instruction(&l, line, p, e))
                goto oom;
        }
        s = e + 1;
    }
    if (!out->name[0] || l.n_insns == 0) {
        st = zeslm_fail(ZESLM_ERR_INVALID_ARG, "not an IGC ISA listing: %s",
                        out->name[0] ? "no instruction" : "no //.kernel line");
        goto out;
    }
    mix_of(&l, 0, l.n_insns - 1, &out->total);
    if (!loops(&l, out))
        goto oom;
    goto out;
oom:
    st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory reading an ISA listing");
out:
    free(l.insns);
    free(l.labels);
    free(l.targets);
    return st;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One listing file into k; its SIMD width from the name (`..._simd16_entry_0003.asm`). */
static zeslm_status read_listing(const char *dir, const char *name, zeslm_isa_kernel *k)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: path too long", dir);
    FILE *f = fopen(path, "rb");
    if (!f)
        return zeslm_fail(ZESLM_ERR_IO, "cannot open %s", path);
    zeslm_status st = ZESLM_OK;
    char *text = NULL;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size < 0 || (unsigned long)size > MAX_LISTING || fseek(f, 0, SEEK_SET) != 0) {
        st = zeslm_fail(ZESLM_ERR_IO, "%s: unreadable or larger than %u MiB", path, MAX_LISTING >> 20);
        goto out;
    }
    text = malloc((size_t)size + 1);
    if (!text) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory reading %s", path);
        goto out;
    }
    if (fread(text, 1, (size_t)size, f) != (size_t)size) {
        st = zeslm_fail(ZESLM_ERR_IO, "cannot read %s", path);
        goto out;
    }
    st = zeslm_isa_parse(text, (size_t)size, k);
    const char *simd = strstr(name, "_simd");
    if (st == ZESLM_OK && simd)
        k->simd = number(simd + 5, simd + strlen(simd), NULL);
out:
    free(text);
    fclose(f);
    return st;
}

zeslm_status zeslm_isa_read_dir(const char *dir, zeslm_isa_kernel **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return zeslm_fail(ZESLM_ERR_IO, "cannot open folder %s", dir);
    zeslm_status st = ZESLM_OK;
    char **names = NULL;
    size_t count = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".asm") != 0)
            continue;
        char *copy = strdup(e->d_name);
        if (!copy || !ZESLM_GROW(names, count + 1, cap)) {
            free(copy);
            st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory listing %s", dir);
            goto out;
        }
        names[count++] = copy;
    }
    if (count == 0) {
        st = zeslm_fail(ZESLM_ERR_INVALID_ARG, "no ISA listing (*.asm) in %s", dir);
        goto out;
    }
    qsort(names, count, sizeof *names, by_name);
    *out = calloc(count, sizeof **out);
    if (!*out) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory listing %s", dir);
        goto out;
    }
    for (size_t i = 0; i < count && st == ZESLM_OK; i++)
        st = read_listing(dir, names[i], &(*out)[i]);
    if (st == ZESLM_OK) {
        *n = count;
    } else {
        free(*out);
        *out = NULL;
    }
out:
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    closedir(d);
    return st;
}
