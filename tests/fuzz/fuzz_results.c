/* SPDX-License-Identifier: MIT */
/* libFuzzer target: reading a results file (run_doc_parse, the one reader `compare`
 * and `merge` share), keying each device's results as `compare` does, and making one
 * document of it twice, as `merge` does (as from two hosts). */
#include <stddef.h>
#include <stdint.h>

#include "compare/results_index.h"
#include "json/run_doc_json.h"
#include "model/run_doc.h"
#include "fleet/run_fleet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[256];
    run_doc docs[2] = {0}, merged = {0};
    char a[] = "a.json", b[] = "b.json";
    char *sources[] = {a, b};
    if (run_doc_parse((const char *)data, size, &docs[0], why, sizeof why) == 0 &&
        run_doc_parse((const char *)data, size, &docs[1], why, sizeof why) == 0) {
        for (size_t k = 0; k < docs[0].n_devices; k++) {
            results_index x;
            if (results_index_make(&docs[0].devices[k], &x, why, sizeof why) == 0)
                results_index_free(&x);
        }
        run_doc_merge(&merged, docs, sources, 2, json_object());
        json_decref(run_doc_json(&merged));
    }
    if (merged.head)
        run_doc_free(&merged);
    for (size_t i = 0; i < 2; i++)
        if (docs[i].head)
            run_doc_free(&docs[i]);
    return 0;
}
