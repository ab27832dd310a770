/* A merged document (tools/merge.h) as text: the devices with where they ran, the
 * table across them, each host, and the errors. */
#ifndef ZESLM_MERGE_REPORT_H
#define ZESLM_MERGE_REPORT_H

#include <stdio.h>

#include "merge.h"

void merge_report_text(FILE *f, const fleet *fl);

#endif
