/* SPDX-License-Identifier: MIT */
/* A workload's summary (zeslm/bench.h) as the document holds it. */
#ifndef ZESLM_SUMMARY_JSON_H
#define ZESLM_SUMMARY_JSON_H

#include <jansson.h>

#include <zeslm/bench.h>

/* A summary's sentences as one string, and its findings as {key: number or null}. */
json_t *summary_json_text(const zeslm_summary *s);
json_t *summary_json_findings(const zeslm_summary *s);

#endif
