/* Compiling OpenCL C for an Intel target on the spot, with the ocloc on PATH. */
#ifndef ZESLM_OCLOC_RUN_H
#define ZESLM_OCLOC_RUN_H

#include <stdbool.h>
#include <stddef.h>

/* Compiles the OpenCL C in `source` (NUL-terminated) for ocloc device `target` into
 * a zebin (*data, malloc'd). ocloc's own messages go to the terminal; a failure is
 * reported in one line and returns false. */
bool ocloc_compile(const char *source, const char *target, unsigned char **data, size_t *size);

#endif
