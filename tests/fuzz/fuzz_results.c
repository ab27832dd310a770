/* libFuzzer target: reading results files, as `compare` does. */
#include <stddef.h>
#include <stdint.h>

#include "results_set.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    results_set f;
    char why[256];
    if (results_set_parse((const char *)data, size, &f, why, sizeof why) == 0)
        results_set_free(&f);
    return 0;
}
