/*
 * publish_lock.c: see publish_lock.h.
 */
#include "publish_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/err.h"

#define STAGE_SUFFIX "-new"

static int set_lock(int fd, int wait)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	while (fcntl(fd, wait ? F_SETLKW : F_SETLK, &fl) == -1) {
		if (errno != EINTR)
			return -1;
	}
	return 0;
}

int publish_lock(const char *stage, struct publish_lock *l, struct err *e)
{
	size_t n = strlen(stage), k = strlen(STAGE_SUFFIX);
	int said = 0;

	l->fd = -1;
	if (n < k || strcmp(stage + n - k, STAGE_SUFFIX) != 0 ||
	    (size_t)snprintf(l->path, sizeof(l->path), "%.*s-lock",
			     (int)(n - k), stage) >= sizeof(l->path))
		return err_set(e, stage, 0, 0, "path too long");
	for (;;) {
		struct stat a, b;
		int fd = open(l->path, O_RDWR | O_CREAT | O_CLOEXEC |
			      O_NOFOLLOW, 0644);

		if (fd < 0)
			return err_set(e, l->path, 0, 0, "cannot create: %s",
				       strerror(errno));
		if (set_lock(fd, 0) != 0) {
			if (errno != EAGAIN && errno != EACCES) {
				int saved = errno;

				close(fd);
				return err_set(e, l->path, 0, 0,
					       "cannot lock: %s",
					       strerror(saved));
			}
			if (!said++)
				fprintf(stderr, "benchsite: %s: another render "
					"is building this site; waiting for "
					"it\n", l->path);
			if (set_lock(fd, 1) != 0) {
				int saved = errno;

				close(fd);
				return err_set(e, l->path, 0, 0,
					       "cannot lock: %s",
					       strerror(saved));
			}
		}
		/* the render before may have removed the file it locked
		 * while we waited on it: the lock is ours only on the file
		 * the name still holds */
		if (fstat(fd, &a) == 0 && stat(l->path, &b) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
			l->fd = fd;
			return 0;
		}
		close(fd);
	}
}

void publish_unlock(struct publish_lock *l)
{
	if (l->fd < 0)
		return;
	/* removed while still held, so that no one takes the lock of a
	 * file no longer there */
	unlink(l->path);
	close(l->fd);
	l->fd = -1;
}
