/* libFuzzer target: reading results files, as `compare` does. */
#include <stddef.h>
#include <stdint.h>

#include "results_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    results_file f;
    char why[256];
    if (results_parse((const char *)data, size, &f, why, sizeof why) == 0)
        results_free(&f);
    return 0;
}
