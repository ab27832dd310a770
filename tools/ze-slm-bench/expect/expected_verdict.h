/* SPDX-License-Identifier: MIT */
/* Is my number normal? Each headline figure of a device's run beside the paper peak its
 * properties give and the published values of its family, with a verdict
 * (docs/results-schema.md, "expected"). */
#ifndef ZESLM_VERDICT_H
#define ZESLM_VERDICT_H

#include <jansson.h>

#include "model/run_doc.h"

/* A rate above its paper peak by more than this share is HIGH: the clocks the peak
 * takes (the reported maximum) round, and a boost may pass them by a little. */
#define VERDICT_PEAK_SLACK 0.02

/* The device's "expected" object: {table, family, note, figures: [{figure, label, unit,
 * measured, measured_cycles, paper_peak, peak_fraction, peak_formula, published:
 * [{value, unit, tolerance, conditions, source, ratio, verdict}], verdict, why}]}.
 * A device with no entry has family null and a note saying so; a table that cannot be
 * read, table null and the reason in note. Never NULL but out of memory. */
json_t *verdict_device_json(const run_doc_device *d);

#endif
