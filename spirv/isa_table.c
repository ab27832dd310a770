/* SPDX-License-Identifier: MIT */
/* Build step: reads the ISA listings IGC wrote while ocloc compiled one kernel file for
 * one target (src/intel/isa.c) and writes their instruction mix as a C array, which
 * embed.cmake puts beside that target's zebin. Usage: isa_table DUMP_DIR OUT.c C_NAME */
#include <stdio.h>
#include <stdlib.h>

#include <zeslm/isa.h>

static void mix(FILE *f, const zeslm_isa_mix *m)
{
    fprintf(f, "{{");
    for (int c = 0; c < ZESLM_ISA_CLASSES; c++)
        fprintf(f, "%s{%u, %u}", c ? ", " : "", m->c[c].messages, m->c[c].bytes);
    fprintf(f, "}, %u, %u}", m->first_line, m->last_line);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: isa_table DUMP_DIR OUT.c C_NAME\n");
        return 2;
    }
    zeslm_isa_kernel *k;
    size_t n;
    if (zeslm_isa_read_dir(argv[1], &k, &n) != ZESLM_OK) {
        fprintf(stderr, "isa_table: %s\n", zeslm_last_error());
        return 1;
    }
    FILE *f = fopen(argv[2], "w");
    if (!f) {
        fprintf(stderr, "isa_table: cannot write %s\n", argv[2]);
        free(k);
        return 1;
    }
    fprintf(f, "static const zeslm_isa_kernel %s[] = {\n", argv[3]);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "    {\"%s\", %u, ", k[i].name, k[i].simd);
        mix(f, &k[i].total);
        fprintf(f, ", %u, {", k[i].n_loops);
        for (uint32_t l = 0; l < k[i].n_loops && l < ZESLM_ISA_MAX_LOOPS; l++) {
            fprintf(f, "%s", l ? ", " : "");
            mix(f, &k[i].loops[l]);
        }
        fprintf(f, "}},\n");
    }
    fprintf(f, "};\n");
    free(k);
    if (ferror(f) | (fclose(f) != 0)) {
        fprintf(stderr, "isa_table: cannot write %s\n", argv[2]);
        return 1;
    }
    return 0;
}
