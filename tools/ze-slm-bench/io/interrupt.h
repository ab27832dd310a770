/* SPDX-License-Identifier: MIT */
/* SIGINT, SIGTERM and SIGHUP for every command: a stop always counts and leaves no
 * temporary behind. */
#ifndef ZESLM_INTERRUPT_H
#define ZESLM_INTERRUPT_H

#include <stdbool.h>

/* The exit status of a command stopped by a signal: 128 + the signal's number, as
 * shells give it (130 SIGINT, 143 SIGTERM, 129 SIGHUP; docs/cli.md). The first signal
 * counts; 130 where the stop came from no signal. */
int interrupt_status(void);

/* Installs the handlers. Outside a deferred region a signal removes every tracked
 * temporary and exits interrupt_status() at once; inside one it only raises the library's
 * stop flag (zeslm_request_stop), and the region's code stops at its next check. Called by main before any command, and
 * again by `run` once its devices opened (PoCL's LLVM replaces handlers there). */
void interrupt_install(void);

/* A region that stops by itself after a signal (nestable): `run`, whose workloads
 * check the stop flag and whose document then says complete: false; an ocloc compile
 * (zeslm_ocloc_compile kills ocloc and removes its scratch folder when it sees the flag). interrupt_resume ends the region;
 * when it is the outermost and a signal came, the process exits as a signal outside
 * would have made it. */
void interrupt_defer(void);
void interrupt_resume(void);

/* Tracks a temporary file that a signal outside a deferred region removes; returns
 * its slot, or -1 when the table is full (the file is then not removed by a signal).
 * interrupt_untrack(slot) once the file was renamed or removed. Thread-safe. */
int interrupt_track(const char *path);
void interrupt_untrack(int slot);

/* The end of a command's work: blocks the signals, so that one that arrives later
 * comes after the command's last decision and is not half taken, and says whether
 * one came before. */
bool interrupt_close(void);

#endif
