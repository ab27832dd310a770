/* SPDX-License-Identifier: MIT */
/* Numbers for people: three significant digits and an SI prefix, never e-notation
 * (33.2 TB/s, 1.07 ms, 1.00 GHz). Shared by the library's fact text and the tool. */
#ifndef ZESLM_UNITS_H
#define ZESLM_UNITS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes `value` `unit` rescaled to the prefix that puts it in [1, 1000). `unit` may
 * itself carry a prefix the value is expressed in ("GB/s", "ns/barrier"), which is
 * replaced. A unit of "" gives the bare number with three significant digits. */
void zeslm_format_si(double value, const char *unit, char *buf, size_t len);

/* A byte count for people, in binary units: an exact multiple of a unit as a whole
 * number ("64 KiB", "1 GiB"), else three significant digits ("4.38 GiB"); under
 * 1 KiB, "N bytes". */
void zeslm_format_bytes(unsigned long long bytes, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
