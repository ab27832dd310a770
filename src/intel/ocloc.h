/* SPDX-License-Identifier: MIT */
/* OpenCL C compiled in-process by Intel's offline compiler, libocloc (the library
 * behind the `ocloc` command, in Debian's intel-opencl-icd). It is loaded with dlopen
 * when first needed, so that libzeslm runs where it is absent. */
#ifndef ZESLM_OCLOC_H
#define ZESLM_OCLOC_H

#include <stddef.h>

#include <zeslm/status.h>

/* Compiles the NUL-terminated OpenCL C `source` with the compiler options `options`
 * (NULL or "": none) for ocloc device `device` ("tgllp", or a PCI device id as
 * "0x9a49") into SPIR-V: *out, malloc'd, *size bytes. `name` names the program in
 * messages. A compile error is ZESLM_ERR_BUILD with ocloc's own diagnostics in
 * zeslm_last_error(); a missing libocloc is ZESLM_ERR_UNSUPPORTED saying so. Safe to
 * call from several threads (calls into libocloc are serialised). */
zeslm_status zeslm_ocloc_spirv(const char *source, const char *options, const char *device, const char *name,
                               unsigned char **out, size_t *size);

#endif
