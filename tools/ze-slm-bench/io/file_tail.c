/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* fallocate */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/file_tail.h"

/* Whether the file's len bytes at `at` are text's. */
static bool holds(int fd, off_t at, const char *text, size_t len)
{
    char *got = malloc(len ? len : 1);
    bool same = got && pread(fd, got, len, at) == (ssize_t)len && memcmp(got, text, len) == 0;
    free(got);
    return same;
}

bool file_tail_open(file_tail *p, const char *path, const char *head, size_t head_len, const char *tail,
                    size_t tail_len)
{
    *p = (file_tail){.fd = -1};
    int fd = open(path, O_RDWR | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return false;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size < head_len + tail_len ||
        !holds(fd, 0, head, head_len) || !holds(fd, st.st_size - (off_t)tail_len, tail, tail_len)) {
        close(fd);
        return false;
    }
    *p = (file_tail){.fd = fd, .end = st.st_size};
    return true;
}

bool file_tail_write(file_tail *p, off_t at, const char *text, size_t len)
{
    /* What is left of the old text past the new end: spaces, in the same write. */
    size_t pad = at + (off_t)len < p->end ? (size_t)(p->end - at - (off_t)len) : 0;
    char *buf = malloc(len + pad);
    if (!buf)
        return false;
    memcpy(buf, text, len);
    memset(buf + len, ' ', pad);
    /* Its room first, the size kept: a full disk fails here with the file as it was,
     * not halfway through the write. A filesystem without fallocate is written as is. A
     * signal during the run (held to the next check, its handler without SA_RESTART)
     * interrupts it on tmpfs: tried again. */
    int rc;
    while ((rc = fallocate(p->fd, FALLOC_FL_KEEP_SIZE, at, (off_t)(len + pad))) != 0 && errno == EINTR)
        ;
    if (rc != 0 && errno != EOPNOTSUPP && errno != ENOSYS) {
        int reserve_err = errno;
        free(buf);
        errno = reserve_err;
        return false;
    }
    size_t done = 0;
    while (done < len + pad) {
        ssize_t n = pwrite(p->fd, buf + done, len + pad - done, at + (off_t)done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            break;
        }
        done += (size_t)n;
    }
    int err = errno;
    free(buf);
    if (done < len + pad) {
        errno = err;
        return false;
    }
    while ((rc = fdatasync(p->fd)) != 0 && errno == EINTR)
        ;
    if (rc != 0)
        return false;
    if (at + (off_t)len > p->end)
        p->end = at + (off_t)len;
    return true;
}

void file_tail_close(file_tail *p)
{
    if (p->fd >= 0)
        close(p->fd);
    p->fd = -1;
}
