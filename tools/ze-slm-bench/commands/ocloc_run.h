/* Compiling OpenCL C for an Intel target on the spot, with the ocloc on PATH. */
#ifndef ZESLM_OCLOC_RUN_H
#define ZESLM_OCLOC_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <zeslm/isa.h>

/* What ocloc_compile compiles: OpenCL C with its build options, or SPIR-V. */
typedef struct ocloc_input {
    const char *source;         /* OpenCL C, NUL-terminated (unused with spirv) */
    const char *options;        /* build options ("-cl-std=CL3.0"); NULL or "": none */
    const unsigned char *spirv; /* when not NULL: this SPIR-V instead of the source */
    size_t spirv_size;
    unsigned timeout_s;         /* ocloc is killed past this many seconds (0: no bound) */
} ocloc_input;

/* Compiles `in` for ocloc device `target` into a zebin (*data, malloc'd), in a scratch
 * folder under $TMPDIR (else /tmp) that is removed on every path, a signal's included.
 * ocloc's own messages are shown only when it fails, after a one-line error, and false
 * returned; past in->timeout_s it is killed with an error that says so.
 * When `isa` is not NULL, with IGC's ISA listings (IGC_ShaderDumpEnable in ocloc's
 * environment alone): their instruction mix into *isa (malloc'd, *n_isa kernels), and,
 * when `listing` is not NULL, the listing of every kernel (of `kernel` alone when not
 * NULL) copied there. */
bool ocloc_compile(const ocloc_input *in, const char *target, unsigned char **data, size_t *size,
                       zeslm_isa_kernel **isa, size_t *n_isa, FILE *listing, const char *kernel);

#endif
