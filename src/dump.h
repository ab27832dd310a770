/* Keeping what the driver compiled, for reading offline (PTX from NVIDIA, zebin from
 * Intel): set ZESLM_DUMP_BINARIES=DIR and every module built is written there. */
#ifndef ZESLM_DUMP_H
#define ZESLM_DUMP_H

#include <stddef.h>

/* Writes DIR/<name>.<ext> when ZESLM_DUMP_BINARIES is set; a failure to write is
 * reported on stderr and otherwise ignored, since the dump is a by-product. */
void zeslm_dump_binary(const char *name, const char *ext, const void *data, size_t size);

#endif
