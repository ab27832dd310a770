/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "commands/inspect_isa.h"

/* Text priorities: the classes an SLM kernel is read for are kept longest, then what
 * the kernels that use no SLM do (the roofline's multiply-adds, global atomics and
 * stores), so that no kernel's row is empty at 100 columns; loads, block reads,
 * barriers and fences go first. */
const table_column inspect_isa_columns[] = {
    {"kernel", false, 100}, {"lines", false, 98}, {"SIMD", true, 97},
    {"ALU", true, 93},      {"SLM ld", true, 95}, {"SLM st", true, 94},
    {"SLM at", true, 96},   {"glob ld", true, 89}, {"glob st", true, 91},
    {"glob at", true, 92},  {"block", true, 90},  {"bar", true, 88},
    {"fence", true, 87},
};
const size_t inspect_isa_n_columns = sizeof inspect_isa_columns / sizeof inspect_isa_columns[0];
/* The class columns follow kernel, lines and SIMD, in zeslm_isa_class order. */
#define FIRST_CLASS 3

void inspect_isa_legend(FILE *f, bool markdown)
{
    static const char legend[] =
        "ISA from IGC's listing: instructions (ALU), or messages x bytes a message (SLM and global loads, "
        "stores, atomics; block reads), barriers and fences; empty: none. Lines: the whole kernel (all: its "
        "prologue's loads of the arguments included, block reads on Xe-HPG and Xe-HPC) or an innermost loop, "
        "as lines of --isa=full's listing.";
    if (markdown)
        fprintf(f, "%s\n\n", legend);
    else
        text_wrap(f, "  (", "   ", legend, TABLE_WIDTH);
}

const zeslm_isa_kernel *inspect_isa_find(const zeslm_isa_kernel *isa, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(isa[i].name, name) == 0)
            return &isa[i];
    return NULL;
}

/* A row of the mix; the SIMD width on the kernel's first row only (simd 0). */
static void mix_row(table *t, const char *kernel, const char *lines, uint32_t simd, const zeslm_isa_mix *m)
{
    char cells[FIRST_CLASS + ZESLM_ISA_CLASSES][32];
    const char *row[FIRST_CLASS + ZESLM_ISA_CLASSES] = {kernel, lines, simd ? cells[2] : NULL};
    snprintf(cells[2], sizeof cells[2], "%u", simd);
    for (int c = 0; c < ZESLM_ISA_CLASSES; c++) {
        const zeslm_isa_count *n = &m->c[c];
        char *cell = cells[FIRST_CLASS + c];
        if (n->messages == 0)
            continue;
        if (n->bytes)
            snprintf(cell, sizeof cells[0], "%ux%u", n->messages, (n->bytes + n->messages / 2) / n->messages);
        else
            snprintf(cell, sizeof cells[0], "%u", n->messages);
        row[FIRST_CLASS + c] = cell;
    }
    table_add(t, row, NULL);
}

void inspect_isa_rows(table *t, const zeslm_isa_kernel *k)
{
    mix_row(t, k->name, "all", k->simd, &k->total);
    for (uint32_t l = 0; l < k->n_loops && l < ZESLM_ISA_MAX_LOOPS; l++) {
        char lines[32];
        snprintf(lines, sizeof lines, "%u-%u", k->loops[l].first_line, k->loops[l].last_line);
        mix_row(t, "", lines, 0, &k->loops[l]);
    }
}

static json_t *mix_json(const zeslm_isa_mix *m)
{
    json_t *o = json_object();
    for (int c = 0; c < ZESLM_ISA_CLASSES; c++)
        json_object_set_new(o, zeslm_isa_class_keys[c],
                            json_pack("{s:i, s:i}", "messages", (json_int_t)m->c[c].messages, "bytes",
                                      (json_int_t)m->c[c].bytes));
    json_object_set_new(o, "first_line", json_integer(m->first_line));
    json_object_set_new(o, "last_line", json_integer(m->last_line));
    return o;
}

json_t *inspect_isa_json(const zeslm_isa_kernel *k)
{
    json_t *loops = json_array();
    for (uint32_t l = 0; l < k->n_loops && l < ZESLM_ISA_MAX_LOOPS; l++)
        json_array_append_new(loops, mix_json(&k->loops[l]));
    return json_pack("{s:i, s:o, s:i, s:o}", "simd", (json_int_t)k->simd, "total", mix_json(&k->total),
                     "innermost_loops", (json_int_t)k->n_loops, "loops", loops);
}
