/* SPDX-License-Identifier: MIT */
/* One line a variant, saying what it measures, for `run --list`. */
#ifndef ZESLM_VARIANT_HELP_H
#define ZESLM_VARIANT_HELP_H

#include <stddef.h>

#include <zeslm/bench.h>

/* What wl's variant v measures, into buf; "" when it has no line (the test
 * run_list_described fails then). Returns buf. */
const char *variant_help(const zeslm_workload *wl, const zeslm_variant *v, char *buf, size_t len);

#endif
