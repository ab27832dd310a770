// SPDX-License-Identifier: MIT
// libzeslm from C++: the public headers declare C linkage (extern "C"), so a C++ program
// includes and links them as they are, through find_package(zeslm) or pkg-config. Needs
// no device: the linked library's version against the headers', its workloads, and a
// result handed in and read back as the ABI says (its sizeof given, read through
// zeslm_results_at). Exits 0, or 1 saying what differed.
#include <zeslm/zeslm.h>

#include <cstdio>
#include <cstring>
#include <string>

static int differ(const std::string &what)
{
    std::fprintf(stderr, "from_cpp: %s\n", what.c_str());
    return 1;
}

int main()
{
    const zeslm_version_info *v = zeslm_version();
    if (v->major != ZESLM_VERSION_MAJOR || v->minor != ZESLM_VERSION_MINOR)
        return differ(std::string("headers ") + std::to_string(ZESLM_VERSION_MAJOR) + "." +
                      std::to_string(ZESLM_VERSION_MINOR) + ", library " + v->text);
    std::printf("libzeslm %s, %zu workloads:", v->text, zeslm_workload_count);
    for (size_t i = 0; i < zeslm_workload_count; i++)
        std::printf(" %s", zeslm_workloads[i]->name);
    std::printf("\n");
    if (!zeslm_workload_find("reduce"))
        return differ("no reduce workload");

    zeslm_result r = {};
    std::snprintf(r.workload, sizeof r.workload, "%s", "reduce");
    std::snprintf(r.variant, sizeof r.variant, "%s", "many");
    uint64_t times[] = {100, 200, 300};
    r.times_ns = times;
    r.stats.n = 3;
    r.outcome = ZESLM_MEASURED;
    zeslm_results list = {};
    if (zeslm_results_append(&list, &r, sizeof r) != ZESLM_OK)
        return differ(std::string("zeslm_results_append: ") + zeslm_last_error());
    const zeslm_result *back = zeslm_results_at(&list, 0);
    bool same = back && std::strcmp(back->variant, "many") == 0 && back->times_ns != times && back->times_ns[2] == 300;
    zeslm_results_free(&list);
    if (!same)
        return differ("the result read back is not the one appended");
    char text[32];
    zeslm_format_si(1.5e9, "B/s", text, sizeof text);
    std::printf("a result appended and read back; 1.5e9 B/s is %s\n", text);
    return 0;
}
