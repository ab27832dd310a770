/* SPDX-License-Identifier: MIT */
/* The commands of ze-slm-bench, each a row of its own file; tools/ze-slm-bench/cli/help.c lists them. */
#ifndef ZESLM_COMMANDS_H
#define ZESLM_COMMANDS_H

#include "cli/options.h"

extern const cli_command command_devices;
extern const cli_command command_limits;
extern const cli_command command_run;
extern const cli_command command_profile;
extern const cli_command command_inspect;
extern const cli_command command_compare;
extern const cli_command command_help;
extern const cli_command command_merge;
extern const cli_command command_check;

#endif
