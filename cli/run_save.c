/*
 * run_save.c: see run_save.h.  The --save files of `benchsite run`.
 */
#include "run_save.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../collector/source.h"
#include "../core/err.h"
#include "../core/fdio.h"

int run_write_input(int fd, const struct source_input *in)
{
	const size_t step = (size_t)8 << 20;
	size_t at, k;

	for (at = 0; at < in->n; at += k) {
		k = in->n - at < step ? in->n - at : step;
		if (fd_write_all(fd, in->p + at, k))
			return -1;
		source_drop(in);
	}
	return 0;
}

void run_save_path(const struct run_save *sv, long i, char *path, size_t cap)
{
	const char *slash = strrchr(sv->file, '/');
	const char *dot = strrchr(slash ? slash + 1 : sv->file, '.');

	if (sv->n == 1)
		snprintf(path, cap, "%s", sv->file);
	else if (dot && dot != (slash ? slash + 1 : sv->file))
		snprintf(path, cap, "%.*s-%ld%s", (int)(dot - sv->file),
			 sv->file, i, dot);
	else
		snprintf(path, cap, "%s-%ld", sv->file, i);
}

/* Removes the file of run i when it is still ours (same device and inode,
 * not replaced by anything else since) and, with empty_only, empty. */
static void remove_ours(struct run_save *sv, long i, int empty_only)
{
	char path[4096];
	struct run_saved *s = &sv->saved[i - 1];
	struct stat st;

	if (!s->ino)
		return;
	run_save_path(sv, i, path, sizeof(path));
	if (lstat(path, &st) == 0 && st.st_dev == s->dev &&
	    st.st_ino == s->ino && (!empty_only || st.st_size == 0))
		unlink(path);
	s->ino = 0;
	s->written = 0;
}

void run_save_remove(struct run_save *sv, long i)
{
	if (sv->saved)
		remove_ours(sv, i, 0);
}

void run_save_finish(struct run_save *sv)
{
	long i;

	if (!sv->saved)
		return;
	for (i = 1; i <= sv->n; i++)
		if (!sv->saved[i - 1].written)
			remove_ours(sv, i, 1);
	free(sv->saved);
	sv->saved = NULL;
}

int run_save_create(struct run_save *sv, const char *file, long n)
{
	char path[4096];
	struct stat st;
	long i;
	int fd;

	sv->file = file;
	sv->n = n;
	sv->saved = calloc((size_t)n, sizeof(*sv->saved));
	if (!sv->saved)
		return warnmsg("out of memory");
	for (i = 1; i <= n; i++) {
		run_save_path(sv, i, path, sizeof(path));
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			  O_CLOEXEC, 0644);
		if (fd < 0 || fstat(fd, &st)) {
			int err = errno;

			if (fd >= 0)
				close(fd);
			run_save_finish(sv);
			if (err == EEXIST)
				return warnmsg("%s: exists; --save never "
					       "overwrites a file (remove it or "
					       "name another)", path);
			return warnmsg("%s: cannot create: %s", path,
				       strerror(err));
		}
		close(fd);
		sv->saved[i - 1].dev = st.st_dev;
		sv->saved[i - 1].ino = st.st_ino;
	}
	return 0;
}

int run_save_write(struct run_save *sv, long i, const struct source_input *in)
{
	char path[4096];
	struct run_saved *s = &sv->saved[i - 1];
	struct stat st;
	int fd, rc;

	run_save_path(sv, i, path, sizeof(path));
	fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return warnmsg("%s: cannot write: %s", path, strerror(errno));
	if (fstat(fd, &st) || st.st_dev != s->dev || st.st_ino != s->ino) {
		close(fd);
		return warnmsg("%s: not the file benchsite made for --save "
			       "(replaced meanwhile); nothing written", path);
	}
	s->written = 1;
	rc = run_write_input(fd, in);
	if (close(fd) || rc)
		return warnmsg("%s: cannot write: %s", path, strerror(errno));
	return 0;
}
