/*
 * publish.c: see publish.h.
 */
#define _GNU_SOURCE	/* renameat2 */
#include "publish.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/err.h"

/* Looks into a folder that may be a site: counts its entries, says whether
 * it holds the marker, and refuses anything a site never holds (a
 * subfolder), so that nothing is removed from a folder that is not wholly
 * ours.  dir is opened without following a symlink.  *fd stays open for
 * remove_files. */
static int scan_site(const char *dir, int *fd, int *ours, int *entries,
		     struct err *e)
{
	struct dirent *de;
	struct stat st;
	DIR *d;
	int dfd;

	*ours = *entries = 0;
	*fd = -1;
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0)
		return err_set(e, dir, 0, 0, "cannot open as a folder: %s",
			       strerror(errno));
	/* a second descriptor for the listing: dfd stays open for
	 * remove_files; its failure (no descriptor left) is said as itself,
	 * not as fdopendir's "Bad file descriptor" on -1 */
	d = NULL;
	{
		int copy = dup(dfd);

		if (copy >= 0 && !(d = fdopendir(copy)))
			close(copy);
	}
	if (!d) {
		int why = errno;

		close(dfd);
		return err_set(e, dir, 0, 0, "cannot open: %s", strerror(why));
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		(*entries)++;
		if (strcmp(de->d_name, PUBLISH_MARKER) == 0)
			*ours = 1;
		/* d_type spares a stat a file (a render scans the ~4,000
		 * files of a 1,000-chart site three times: 6% of an
		 * incremental render); a file system that leaves it
		 * DT_UNKNOWN gets the stat */
		if (de->d_type == DT_DIR ||
		    (de->d_type == DT_UNKNOWN &&
		     fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		     S_ISDIR(st.st_mode))) {
			/* the message first: d_name lives in d */
			err_set(e, dir, 0, 0, "holds a folder ('%s'), which a "
				"benchsite site never does: not touching it",
				de->d_name);
			closedir(d);
			close(dfd);
			return -1;
		}
	}
	closedir(d);
	*fd = dfd;
	return 0;
}

/* Removes a folder that benchsite made, after scan_site found only files
 * in it and either the marker, nothing at all, or (staging: its name is
 * ours, and a render that died half way leaves it without the marker)
 * anything. */
static int remove_site(const char *dir, int staging, struct err *e)
{
	struct dirent *de;
	DIR *d;
	int fd, ours, entries;

	if (scan_site(dir, &fd, &ours, &entries, e))
		return -1;
	if (entries && !ours && !staging) {
		close(fd);
		return err_set(e, dir, 0, 0, "not a site benchsite made (no %s "
			       "file): not replacing it; choose another --out",
			       PUBLISH_MARKER);
	}
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return err_set(e, dir, 0, 0, "cannot open: %s", strerror(errno));
	}
	rewinddir(d);	/* scan_site read through a dup of the same offset */
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (unlinkat(dirfd(d), de->d_name, 0)) {
			err_set(e, dir, 0, 0, "cannot remove '%s': %s", de->d_name,
				strerror(errno));
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	if (rmdir(dir))
		return err_set(e, dir, 0, 0, "cannot remove: %s", strerror(errno));
	return 0;
}

/* May out be replaced?  Only a missing folder, an empty one, or one of
 * ours that holds nothing a site never holds. */
int publish_check(const char *out, int *exists, struct err *e)
{
	struct stat st;
	int fd, ours, entries;

	*exists = 0;
	if (lstat(out, &st)) {
		if (errno == ENOENT)
			return 0;
		return err_set(e, out, 0, 0, "cannot use: %s", strerror(errno));
	}
	/* the site is swapped in by renaming over out: a link there would
	 * be replaced by a folder, not followed, so it is refused by name */
	if (S_ISLNK(st.st_mode))
		return err_set(e, out, 0, 0, "is a symbolic link: render "
			       "replaces --out whole and does not follow "
			       "links; name the folder itself%s",
			       stat(out, &st) == 0 && S_ISDIR(st.st_mode) ?
			       " (the link's target)" : "");
	if (!S_ISDIR(st.st_mode))
		return err_set(e, out, 0, 0, "exists and is not a folder");
	*exists = 1;
	if (scan_site(out, &fd, &ours, &entries, e))
		return -1;
	close(fd);
	if (entries && !ours)
		return err_set(e, out, 0, 0, "not a site benchsite made (no %s "
			       "file): not replacing it; choose another --out",
			       PUBLISH_MARKER);
	return 0;
}

/* The old site's folder beside out when renameat2 cannot exchange. */
static void old_name(const char *stage, char *old, size_t cap)
{
	snprintf(old, cap, "%s.old", stage);
}

int publish_swap(const char *stage, const char *out, struct err *e)
{
	char old[4200];
	int exists;

	if (publish_check(out, &exists, e))
		return -1;
	if (!exists) {
		if (rename(stage, out))
			return err_set(e, out, 0, 0, "cannot publish: %s",
				       strerror(errno));
		return 0;
	}
	/* once swapped, the new site is out: a failure to remove the old
	 * one (out of memory for its listing, say) is no failure of the
	 * render, and publish_prepare removes it next time */
	if (renameat2(AT_FDCWD, stage, AT_FDCWD, out, RENAME_EXCHANGE) == 0)
		return remove_site(stage, 0, e) ? 1 : 0;	/* the old site */
	if (errno != EINVAL && errno != ENOSYS)
		return err_set(e, out, 0, 0, "cannot publish: %s",
			       strerror(errno));
	old_name(stage, old, sizeof(old));
	if (rename(out, old))
		return err_set(e, out, 0, 0, "cannot publish: %s",
			       strerror(errno));
	if (rename(stage, out)) {
		rename(old, out);
		return err_set(e, out, 0, 0, "cannot publish: %s",
			       strerror(errno));
	}
	return remove_site(old, 0, e) ? 1 : 0;
}

int publish_stage_name(const char *out, char *stage, size_t cap,
		       struct err *e)
{
	char tmp[4096];
	const char *base;
	size_t n = strlen(out);

	if (n == 0 || n >= sizeof(tmp))
		return err_set(e, out, 0, 0, "bad --out folder");
	memcpy(tmp, out, n + 1);
	while (n > 1 && tmp[n - 1] == '/')
		tmp[--n] = '\0';
	base = strrchr(tmp, '/');
	base = base ? base + 1 : tmp;
	if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
		return err_set(e, out, 0, 0, "--out must name a folder, not "
			       "'.', '..' or '/'");
	if ((size_t)snprintf(stage, cap, "%.*s.%s.benchsite-new",
			     (int)(base - tmp), tmp, base) >= cap)
		return err_set(e, out, 0, 0, "path too long");
	return 0;
}

int publish_prepare(const char *out, const char *stage, struct err *e)
{
	struct stat st;
	int exists;

	char old[4200];

	/* refuse early, before any work, to replace a foreign folder */
	if (publish_check(out, &exists, e))
		return -1;
	if (lstat(stage, &st) == 0) {
		if (!S_ISDIR(st.st_mode))
			return err_set(e, stage, 0, 0, "is in the way and is not a "
				       "folder: remove it");
		if (remove_site(stage, 1, e))
			return -1;
	}
	/* an old site that publish_swap could not remove */
	old_name(stage, old, sizeof(old));
	if (lstat(old, &st) == 0 && S_ISDIR(st.st_mode) &&
	    remove_site(old, 1, e))
		return -1;
	if (mkdir(stage, 0755))
		return err_set(e, stage, 0, 0, "cannot create: %s",
			       strerror(errno));
	return 0;
}

void publish_abandon(const char *stage)
{
	struct err ignore;

	err_clear(&ignore);
	remove_site(stage, 1, &ignore);
}

long publish_count_files(const char *dir)
{
	struct err ignore;
	int fd, ours, entries;

	err_clear(&ignore);
	if (scan_site(dir, &fd, &ours, &entries, &ignore))
		return -1;
	close(fd);
	return entries;
}
