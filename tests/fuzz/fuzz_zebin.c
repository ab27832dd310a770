/* SPDX-License-Identifier: MIT */
/* libFuzzer target: reading zebins, as `inspect` does with a user's file, and reading
 * which kernels of a SPIR-V module use SLM atomics. */
#include <stddef.h>
#include <stdint.h>

#include <zeslm/zebin.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    zeslm_zebin z;
    if (zeslm_zebin_parse(data, size, &z) == ZESLM_OK)
        zeslm_zebin_free(&z);
    zeslm_zebin none = {0};
    (void)zeslm_zebin_local_atomics(&none, data, size);
    return 0;
}
