/* SPDX-License-Identifier: MIT */
/* Where the tool's data is (the table of expected values): found where the tool lies,
 * so an installed tree works under any prefix and no build or source path is written
 * into the binary. */
#ifndef ZESLM_DATA_DIR_H
#define ZESLM_DATA_DIR_H

#include <stdbool.h>
#include <stddef.h>

/* The folder to read the data file `name` from, into `dir`: ZESLM_DATA_DIR when set
 * (whether or not it holds `name`: the reader then says what is missing); else the
 * first of these, relative to the running binary (/proc/self/exe), that holds `name`:
 * the installed layout's data folder (bin/../share/ze-slm, from GNUInstallDirs), then
 * share/ze-slm beside the binary (a build tree, where the build copies it). False when
 * none does or the path does not fit. */
bool data_dir_find(const char *name, char *dir, size_t len);

#endif
