/* SPDX-License-Identifier: MIT */
/* Names from a file (a host, a device, a driver, an error's message and path) with
 * every control character escaped (table/safe_text.h), as a document is read: a rank
 * file's ESC or CR reaches no terminal, CSV, Markdown or JUnit, whichever command
 * prints it. A document this tool wrote has none, and is read unchanged. */
#ifndef ZESLM_SAFE_NAMES_H
#define ZESLM_SAFE_NAMES_H

#include <stdbool.h>

#include <jansson.h>

#include "model/run_doc.h"

/* d's host, name, driver, source, its facts' names and its rank's strings; false when
 * out of memory. */
bool safe_names_device(run_doc_device *d);

/* An error entry's host, name, message, source and status; false when out of memory. */
bool safe_names_error(json_t *e);

/* A document head's host; false when out of memory. */
bool safe_names_head(json_t *head);

#endif
