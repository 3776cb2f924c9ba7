/*
 * fdio.h: writing a whole buffer to a file descriptor.
 *
 * write(2) may write less than asked or be interrupted; every writer of a
 * file or pipe in benchsite (the captured output, the spool, the site's
 * files) needs the same loop, so it is here once.
 */
#ifndef BENCHSITE_FDIO_H
#define BENCHSITE_FDIO_H

#include <stddef.h>

/* Writes all of p[0..n) to fd, retrying after EINTR; 0, or -1 with errno
 * set (EIO when write wrote nothing without saying why). */
int fd_write_all(int fd, const void *p, size_t n);

#endif
