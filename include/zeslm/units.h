/* Numbers for people: three significant digits and an SI prefix, never e-notation
 * (33.2 TB/s, 1.07 ms, 1.00 GHz). Shared by the library's fact text and the tool. */
#ifndef ZESLM_UNITS_H
#define ZESLM_UNITS_H

#include <stddef.h>

/* Writes `value` `unit` rescaled to the prefix that puts it in [1, 1000). `unit` may
 * itself carry a prefix the value is expressed in ("GB/s", "ns/barrier"), which is
 * replaced. A unit of "" gives the bare number with three significant digits. */
void zeslm_format_si(double value, const char *unit, char *buf, size_t len);

#endif
