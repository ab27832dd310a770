/* SPDX-License-Identifier: MIT */
/* Shared command-line plumbing of ze-slm-bench: strict numbers, device choice,
 * one-line errors. */
#ifndef ZESLM_CLI_H
#define ZESLM_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include <zeslm/device.h>

#define PROG "ze-slm-bench"

/* The tool's one error convention: a failure is reported once, where it is found, as
 * one line "ze-slm-bench: error: ..." on stderr through cli_error (exit status 1) or
 * cli_usage_error (bad usage, exit status 2), and the function returns that status
 * (int) or false (bool helpers, whose caller then returns 1 without printing again). A
 * library failure is reported with zeslm_last_error() as its message. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "ze-slm-bench: note: ..." on stderr: what the tool did instead of failing; nothing
 * under --quiet. */
void cli_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* --quiet, which every command takes: errors only. Its tables go nowhere
 * (output_text_stream), its notes and progress line are not shown; the files it
 * was asked to write are written. */
extern bool cli_quiet;

/* Reports what getopt_long rejected (call with opterr = 0 and a ':'-prefixed
 * optstring): an unknown option or one missing its value. Returns exit status 2. */
int cli_bad_option(int c, char **argv);

/* Parses a whole non-negative integer: decimal, with an optional K/M/G (x1024)
 * suffix, or a product "8192*8192". Rejects empty text, signs, junk, overflow and
 * values outside [min, max], naming the option. Returns false after printing. */
bool cli_u64(const char *opt, const char *text, uint64_t min, uint64_t max, uint64_t *out);
bool cli_u32(const char *opt, const char *text, uint32_t min, uint32_t max, uint32_t *out);
/* A comma-separated list of such numbers, at most cap of them. */
bool cli_u32_list(const char *opt, const char *text, uint32_t min, uint32_t max, uint32_t *out,
                  uint32_t cap, uint32_t *n);

/* Appends the Intel targets a comma-separated list names (ocloc's names; with
 * allow_all, "all" for every target) to out, which holds *n and has room for max.
 * Returns false after a usage error naming the known targets. */
struct zeslm_intel_target;
bool cli_intel_targets(const char *list, bool allow_all, const struct zeslm_intel_target **out, size_t max,
                       size_t *n);

/* The most bytes cli_read_file reads: a results file of a million results is about
 * 200 MiB; a .cl source, a zebin or a SPIR-V module is far smaller. */
#define CLI_READ_MAX (256 << 20)

/* Reads a whole file into *data (malloc'd, NUL-terminated past *size), at most
 * CLI_READ_MAX bytes: a larger file, or a device that never ends, is refused with
 * the limit in the error. Prints the error and returns false when it cannot. */
bool cli_read_file(const char *path, unsigned char **data, size_t *size);

/* --backend and --device, common to every command that uses a device. */
typedef struct cli_device_opts {
    const char *backend; /* a name in the backend registry; NULL: every backend */
    const char *device;  /* NULL: the best device */
} cli_device_opts;

/* The defaults: the best device of any backend, or of the backend that the
 * environment variable ZESLM_BACKEND (a backend's name or auto) names. Returns false
 * after printing when that variable holds anything else. */
bool cli_device_defaults(cli_device_opts *o);

/* Whether a --device value names several devices: "all", or a comma-separated list
 * ("0,2"), which `run` runs at once (tools/ze-slm-bench/run/run_fanout.c). */
bool cli_device_several(const char *spec);

/* Handles 'b' and 'd'; returns false after printing when the value is bad. */
bool cli_device_option(cli_device_opts *o, int opt, const char *arg);

/* The library's settings from the environment: ZESLM_MODULES (auto, native, spirv)
 * and ZESLM_DUMP_BINARIES (a directory). Returns false after printing when
 * ZESLM_MODULES holds anything else. */
bool cli_settings_from_env(zeslm_settings *s);

/* Lists devices, picks one and opens it with the settings from the environment. On
 * failure prints the reason and returns the exit status (2 for a bad environment
 * variable); on success returns 0 with *list owned by the caller. */
int cli_open_device(const cli_device_opts *o, zeslm_device_list *list, uint32_t *index,
                    zeslm_device **dev);

#endif
