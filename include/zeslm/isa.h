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

#include <zeslm/status.h>

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

#endif
