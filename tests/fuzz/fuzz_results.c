/* libFuzzer target: reading results files, as `compare` does, and making one document
 * of them, as `merge` does (the input twice, as from two hosts). */
#include <stddef.h>
#include <stdint.h>

#include "doc/results_set.h"
#include "doc/run_doc.h"
#include "doc/run_fleet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    results_set f;
    char why[256];
    if (results_set_parse((const char *)data, size, &f, why, sizeof why) == 0)
        results_set_free(&f);
    run_doc docs[2] = {0}, merged = {0};
    char a[] = "a.json", b[] = "b.json";
    char *sources[] = {a, b};
    if (run_doc_parse((const char *)data, size, &docs[0], why, sizeof why) == 0 &&
        run_doc_parse((const char *)data, size, &docs[1], why, sizeof why) == 0) {
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
