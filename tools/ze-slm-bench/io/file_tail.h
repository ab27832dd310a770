/* SPDX-License-Identifier: MIT */
/* A regular file written whole (output_open, output_close), then changed in place from
 * an offset on: a run's results file grows by each workload's results without the
 * file being written again (run/run_file.c). Each change is one pwrite, synced, its
 * room reserved first (fallocate: a full disk leaves the file as it was, where the
 * filesystem reserves room for a write over blocks it has: ext4, XFS, tmpfs; a
 * copy-on-write one, btrfs or ZFS, may not); text
 * shorter than what it replaces is padded with spaces, which JSON allows after a
 * document, so the file is a whole document before and after. */
#ifndef ZESLM_FILE_TAIL_H
#define ZESLM_FILE_TAIL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct file_tail {
    int fd;    /* -1: not open */
    off_t end; /* the file's size: what was written, padding included */
} file_tail;

/* Opens `path`, a regular file just written whole, to change its tail; false where it is
 * not one, or does not begin with `head` and end with `tail` (another file: the caller
 * writes it whole again). p->end is then its size. */
bool file_tail_open(file_tail *p, const char *path, const char *head, size_t head_len, const char *tail,
                    size_t tail_len);
/* Writes text at `at`, padding to the old end; false with errno set where the write or
 * its sync failed. */
bool file_tail_write(file_tail *p, off_t at, const char *text, size_t len);
void file_tail_close(file_tail *p);

#endif
