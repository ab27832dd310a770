/* SPDX-License-Identifier: MIT */
/* Which kernels of a SPIR-V module make atomic operations on SLM (Workgroup storage),
 * for zebins, whose .ze_info says has_global_atomics but never has_local_atomics
 * (IGC 1.x does not write it). A kernel counts when an atomic in it, or in a function
 * it calls, takes a pointer into Workgroup storage, directly or through access chains,
 * bitcasts and casts to the generic address space. Opcodes and storage classes: the
 * SPIR-V specification, unified 1.6, sections 3.7 and 3.52. */
#include <stdlib.h>
#include <string.h>

#include <zeslm/zebin.h>

#include "error.h"

enum {
    SPV_MAGIC = 0x07230203,
    OP_ENTRY_POINT = 15, OP_TYPE_POINTER = 32, OP_FUNCTION = 54, OP_FUNCTION_PARAMETER = 55,
    OP_FUNCTION_END = 56, OP_FUNCTION_CALL = 57, OP_VARIABLE = 59, OP_ACCESS_CHAIN = 65,
    OP_IN_BOUNDS_ACCESS_CHAIN = 66, OP_PTR_ACCESS_CHAIN = 67, OP_IN_BOUNDS_PTR_ACCESS_CHAIN = 70,
    OP_COPY_OBJECT = 83, OP_BITCAST = 124, OP_PTR_CAST_TO_GENERIC = 121, OP_GENERIC_CAST_TO_PTR = 122,
    OP_ATOMIC_LOAD = 227, OP_ATOMIC_STORE = 228, OP_ATOMIC_XOR = 242, OP_ATOMIC_FLAG_TEST_AND_SET = 318,
    OP_ATOMIC_FLAG_CLEAR = 319, OP_ATOMIC_FMIN_EXT = 5614, OP_ATOMIC_FMAX_EXT = 5615, OP_ATOMIC_FADD_EXT = 6035,
    SC_WORKGROUP = 4,
};

static bool is_atomic(uint32_t op)
{
    return (op >= OP_ATOMIC_LOAD && op <= OP_ATOMIC_XOR) || op == OP_ATOMIC_FLAG_TEST_AND_SET ||
           op == OP_ATOMIC_FLAG_CLEAR || op == OP_ATOMIC_FMIN_EXT || op == OP_ATOMIC_FMAX_EXT ||
           op == OP_ATOMIC_FADD_EXT;
}

/* Instructions whose result points where their first operand (word 3) points. */
static bool derives_pointer(uint32_t op)
{
    return op == OP_ACCESS_CHAIN || op == OP_IN_BOUNDS_ACCESS_CHAIN || op == OP_PTR_ACCESS_CHAIN ||
           op == OP_IN_BOUNDS_PTR_ACCESS_CHAIN || op == OP_COPY_OBJECT || op == OP_BITCAST ||
           op == OP_PTR_CAST_TO_GENERIC || op == OP_GENERIC_CAST_TO_PTR;
}

/* Per id: a pointer type into Workgroup storage, a value pointing there, a function
 * with an SLM atomic of its own. */
enum { WG_TYPE = 1, WG_VALUE = 2, LOCAL_ATOMIC = 4 };

static zeslm_status bad(const char *why)
{
    return zeslm_fail(ZESLM_ERR_INVALID_ARG, "SPIR-V: %s", why);
}

/* Whether function f, or one it calls (the calls[] pairs caller, callee), has an SLM
 * atomic; depth bounds a recursion SPIR-V forbids anyway. */
static bool reaches(const uint8_t *flag, const uint32_t *calls, size_t n_calls, uint32_t f, unsigned depth)
{
    if (flag[f] & LOCAL_ATOMIC)
        return true;
    for (size_t i = 0; i < n_calls && depth < 64; i++)
        if (calls[2 * i] == f && reaches(flag, calls, n_calls, calls[2 * i + 1], depth + 1))
            return true;
    return false;
}

zeslm_status zeslm_zebin_local_atomics(zeslm_zebin *z, const void *spirv, size_t size)
{
    size_t n = size / 4;
    uint32_t head[5];
    if (size % 4 || n < 5)
        return bad("not a little-endian SPIR-V module");
    memcpy(head, spirv, sizeof head);
    if (head[0] != SPV_MAGIC)
        return bad("not a little-endian SPIR-V module");
    uint32_t bound = head[3];
    if (bound == 0 || bound > (1u << 22))
        return bad("an id bound out of range");
    zeslm_status st = ZESLM_OK;
    uint8_t *flag = calloc(bound, 1);
    uint32_t *calls = malloc(n * sizeof *calls); /* at most one pair per two words */
    /* The words, aligned (an embedded module is an array of bytes). */
    uint32_t *w = malloc(size);
    size_t n_calls = 0;
    if (!flag || !calls || !w) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    memcpy(w, spirv, size);
    uint32_t function = 0;
    for (size_t i = 5; i < n;) {
        uint32_t count = w[i] >> 16, op = w[i] & 0xFFFF;
        if (count == 0 || i + count > n) {
            st = bad("an instruction runs past the module's end");
            goto out;
        }
        const uint32_t *in = &w[i];
        /* Every id read below is checked against the bound. */
#define ID(k) (count > (k) && in[k] < bound ? in[k] : 0)
        if (op == OP_TYPE_POINTER && count >= 3 && in[2] == SC_WORKGROUP)
            flag[ID(1)] |= WG_TYPE;
        else if ((op == OP_VARIABLE || op == OP_FUNCTION_PARAMETER) && (flag[ID(1)] & WG_TYPE))
            flag[ID(2)] |= WG_VALUE;
        else if (derives_pointer(op) && ((flag[ID(1)] & WG_TYPE) || (flag[ID(3)] & WG_VALUE)))
            flag[ID(2)] |= WG_VALUE;
        else if (op == OP_FUNCTION)
            function = ID(2);
        else if (op == OP_FUNCTION_END)
            function = 0;
        else if (op == OP_FUNCTION_CALL && function && ID(3)) {
            calls[2 * n_calls] = function;
            calls[2 * n_calls + 1] = ID(3);
            n_calls++;
        } else if (is_atomic(op) && function) {
            /* The pointer: word 1 of a store or a flag clear, else word 3. */
            uint32_t ptr = op == OP_ATOMIC_STORE || op == OP_ATOMIC_FLAG_CLEAR ? ID(1) : ID(3);
            if (flag[ptr] & WG_VALUE)
                flag[function] |= LOCAL_ATOMIC;
        }
#undef ID
        i += count;
    }
    /* The entry points: OpEntryPoint model, function, "name". */
    for (size_t i = 5; i < n; i += w[i] >> 16) {
        uint32_t count = w[i] >> 16;
        if ((w[i] & 0xFFFF) != OP_ENTRY_POINT || count < 4 || w[i + 2] >= bound)
            continue;
        const char *name = (const char *)&w[i + 3];
        size_t room = (count - 3) * 4;
        if (strnlen(name, room) == room)
            continue;
        for (size_t k = 0; k < z->count; k++)
            if (strcmp(z->kernels[k].name, name) == 0) {
                z->kernels[k].has_local_atomics = reaches(flag, calls, n_calls, w[i + 2], 0);
                z->kernels[k].local_atomics_known = true;
            }
    }
out:
    free(flag);
    free(calls);
    free(w);
    return st;
}
