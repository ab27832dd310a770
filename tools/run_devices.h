/* `run --device all` and `run --device 0,2`: the chosen devices at once, a thread
 * each, into one results file (schema 2), with each device's tables, then every
 * result across the devices and the devices that are slow against their peers. */
#ifndef ZESLM_RUN_DEVICES_H
#define ZESLM_RUN_DEVICES_H

#include <stdbool.h>

#include "run_cli.h"

/* Runs the workloads on every device o->dev.device names (see cli_device_several).
 * `profile` is true for the profile command, which takes one device: a usage error.
 * Returns 0, 1 (an error on some device, or in writing), 2 (bad usage) or 130. */
int run_devices_execute(run_cli *o, const run_choice *choices, size_t n, int argc, char **argv, bool profile);

#endif
