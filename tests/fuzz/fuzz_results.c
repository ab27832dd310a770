/* libFuzzer target: reading results files, as `compare` does, and making one document
 * of them, as `merge` does (the input twice, as from two hosts). */
#include <stddef.h>
#include <stdint.h>

#include "merge.h"
#include "results_set.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    results_set f;
    char why[256];
    if (results_set_parse((const char *)data, size, &f, why, sizeof why) == 0)
        results_set_free(&f);
    json_t *doc = json_loadb((const char *)data, size, 0, NULL);
    if (doc) {
        merge_input in[2] = {{doc, "a.json"}, {doc, "b.json"}};
        fleet fl;
        fleet_build(in, 2, json_object(), &fl, why, sizeof why);
        fleet_free(&fl);
        json_decref(doc);
    }
    return 0;
}
