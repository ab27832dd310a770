/* SPDX-License-Identifier: MIT */
/* Intel GPU ISA listings: the instruction mix of a kernel as Intel's compiler (IGC)
 * wrote it, read from its own listing (`IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir=DIR
 * ocloc compile ...` leaves one `*_simdNN_*.asm` per kernel: one instruction a line,
 * each message decoded in a comment, with labels and branches). Two syntaxes occur:
 * the data-port sends of Xe-LP (`send.dc1 ... // untyped atomic int32 integer
 * increment`, binding table index 254 being SLM) and the load/store unit of Xe-HPG and
 * Xe-HPC (`atomic_iinc.slm.d32.a32 (16|M0) ...`). */
#ifndef ZESLM_ISA_H
#define ZESLM_ISA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <zeslm/status.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What an instruction does, one class each. Messages to memory are split by space
 * (SLM or global) and kind. Block reads of global memory (one lane reads a run of
 * bytes: sub-group block loads, Xe-LP's oword block reads, Xe-HPG/HPC transposed
 * loads, which also load the kernel's arguments and uniform values) are their own
 * class; those of SLM count as SLM loads. A barrier is its signal message (the wait,
 * sync.bar, is not counted again). */
typedef enum zeslm_isa_class {
    ZESLM_ISA_ALU,           /* every other instruction but branches, sync and nop */
    ZESLM_ISA_SLM_LOAD,
    ZESLM_ISA_SLM_STORE,
    ZESLM_ISA_SLM_ATOMIC,
    ZESLM_ISA_GLOBAL_LOAD,
    ZESLM_ISA_GLOBAL_STORE,
    ZESLM_ISA_GLOBAL_ATOMIC,
    ZESLM_ISA_BLOCK_READ,
    ZESLM_ISA_BARRIER,
    ZESLM_ISA_FENCE,
    ZESLM_ISA_CLASSES
} zeslm_isa_class;

/* JSON key of each class, in enum order ("slm_atomic"). */
extern const char *const zeslm_isa_class_keys[ZESLM_ISA_CLASSES];

/* Instructions (ALU) or messages of a class, and the bytes of memory those messages
 * move together (lanes x element size x vector length; a block read its length); 0
 * for ALU, barriers and fences. Bytes per message is bytes / messages. */
typedef struct zeslm_isa_count {
    uint32_t messages;
    uint32_t bytes;
} zeslm_isa_count;

/* The mix of a range of the listing: the whole kernel or one loop body. Lines are
 * the listing's own, counted from 1. */
typedef struct zeslm_isa_mix {
    zeslm_isa_count c[ZESLM_ISA_CLASSES];
    uint32_t first_line, last_line;
} zeslm_isa_mix;

/* Innermost loops kept a kernel; more are counted in n_loops but not described. */
#define ZESLM_ISA_MAX_LOOPS 8

typedef struct zeslm_isa_kernel {
    char name[128];          /* from the listing's `//.kernel NAME` */
    uint32_t simd;           /* from the file name's `_simdNN_`; 0 unknown */
    zeslm_isa_mix total;
    /* Innermost loops: a loop is the range from a label to a branch back to it, and
     * an innermost one holds no other loop. In the order of the listing. */
    uint32_t n_loops;
    zeslm_isa_mix loops[ZESLM_ISA_MAX_LOOPS];
} zeslm_isa_kernel;

/* Reads one listing (text of `len` bytes, not necessarily NUL-terminated). A text with
 * no `//.kernel` line or no instruction is ZESLM_ERR_INVALID_ARG. */
zeslm_status zeslm_isa_parse(const char *text, size_t len, zeslm_isa_kernel *out);

/* Reads every `*.asm` listing in folder `dir` (IGC's dump folder), in name order; the
 * SIMD width comes from each file's name. *out is malloc'd (free()), *n its length.
 * No listing at all is ZESLM_ERR_INVALID_ARG. */
zeslm_status zeslm_isa_read_dir(const char *dir, zeslm_isa_kernel **out, size_t *n);

/* What zeslm_ocloc_compile compiles: OpenCL C with its build options, or SPIR-V. */
typedef struct zeslm_ocloc_input {
    const char *source;         /* OpenCL C, NUL-terminated (unused with spirv) */
    const char *options;        /* build options ("-cl-std=CL3.0"); NULL or "": none */
    const unsigned char *spirv; /* when not NULL: this SPIR-V instead of the source */
    size_t spirv_size;
    unsigned timeout_s;         /* ocloc is killed past this many seconds (0: no bound) */
} zeslm_ocloc_input;

/* Compiles `in` for ocloc device `target` ("tgllp", "pvc") with the `ocloc` command on
 * PATH into a zebin: *zebin malloc'd (free()), *size bytes. ocloc runs as a command,
 * not through libocloc, because IGC writes its listings only where its environment
 * says (IGC_ShaderDumpEnable, IGC_DumpToCustomDir), which is set in ocloc's
 * environment alone. When `isa` is not NULL, the listings' instruction mix into *isa
 * (malloc'd, *n_isa kernels), and, when `listing` is not NULL, the listing of every
 * kernel (of `kernel` alone when not NULL) copied there. Scratch files live in a
 * folder under $TMPDIR (else /tmp), removed before returning, whatever the outcome.
 * A compile error is ZESLM_ERR_BUILD with ocloc's own messages in zeslm_last_error();
 * no ocloc is ZESLM_ERR_UNSUPPORTED; ocloc past in->timeout_s is killed,
 * ZESLM_ERR_TIMEOUT; zeslm_request_stop (a signal) kills it too, ZESLM_ERR_INTERRUPTED.
 * On failure nothing is left allocated. */
zeslm_status zeslm_ocloc_compile(const zeslm_ocloc_input *in, const char *target, unsigned char **zebin,
                                 size_t *size, zeslm_isa_kernel **isa, size_t *n_isa, FILE *listing,
                                 const char *kernel);

#ifdef __cplusplus
}
#endif

#endif
