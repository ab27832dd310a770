/* Compiling OpenCL C for an Intel target on the spot, with the ocloc on PATH. */
#ifndef ZESLM_OCLOC_RUN_H
#define ZESLM_OCLOC_RUN_H

#include <stdbool.h>
#include <stddef.h>

/* Compiles the OpenCL C in `source` (NUL-terminated) for ocloc device `target` into
 * a zebin (*data, malloc'd). ocloc's own messages go to the terminal; a failure is
 * reported in one line and returns false. */
bool ocloc_compile(const char *source, const char *target, unsigned char **data, size_t *size);

/* The same with OpenCL C build options (NULL or "": none), such as a bundled file's
 * "-cl-std=CL3.0"; a failure returns false with the reason in `why`, unprinted. */
bool ocloc_compile_options(const char *source, const char *target, const char *options, unsigned char **data,
                          size_t *size, char *why, size_t why_len);

#endif
