/* SPDX-License-Identifier: MIT */
/* libFuzzer target: reading IGC's ISA listings, as `inspect --isa` does with the
 * listings ocloc writes for a user's file. */
#include <stddef.h>
#include <stdint.h>

#include <zeslm/isa.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    zeslm_isa_kernel k;
    (void)zeslm_isa_parse((const char *)data, size, &k);
    return 0;
}
