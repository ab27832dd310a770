/* SPDX-License-Identifier: MIT */
/* A mapped input that changes under its reader. A file mapped with mmap and then
 * truncated, or written again in place (`cp new.json rank.json` truncates it first),
 * raises SIGBUS at the first byte read past its new end, which would kill the tool.
 * A guarded mapping is read on instead: the pages from the fault to its end become zero
 * pages (no JSON holds a NUL, so the parse stops there) and the mapping is marked, for
 * its reader to say the file changed while it was read (doc/doc_reader.c). */
#ifndef ZESLM_MAPPED_H
#define ZESLM_MAPPED_H

#include <stdbool.h>
#include <stddef.h>

/* Guards [map, map + len) until mapped_unguard; returns its slot, or -1 when none is
 * free (the caller then reads the file otherwise). Thread-safe. */
int mapped_guard(const void *map, size_t len);
/* Whether a fault came in the slot's mapping since it was guarded. */
bool mapped_faulted(int slot);
/* Before the mapping is unmapped. */
void mapped_unguard(int slot);

#endif
