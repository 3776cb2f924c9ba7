/*
 * fdio.c: see fdio.h.
 */
#include "fdio.h"

#include <errno.h>
#include <unistd.h>

int fd_write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n > 0) {
		ssize_t k = write(fd, c, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0) {
			errno = EIO;
			return -1;
		}
		c += k;
		n -= (size_t)k;
	}
	return 0;
}
