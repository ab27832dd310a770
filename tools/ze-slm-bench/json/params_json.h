/* SPDX-License-Identifier: MIT */
/* A result's parameters ("bytes=4194304 waves=2") as typed values
 * ({"bytes": 4194304, "waves": 2}): whole numbers as integers, other numbers as
 * reals, anything else as a string. */
#ifndef ZESLM_PARAMS_JSON_H
#define ZESLM_PARAMS_JSON_H

#include <jansson.h>

json_t *params_json(const char *params);

#endif
