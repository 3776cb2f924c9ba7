/*
 * site_files.c: writing the site's files into the staging folder, reusing
 * the published site's copies where they are the same (see site.h), and
 * their gzip twins.
 */
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "../../core/err.h"
#include "../../core/fdio.h"
#include "../../schema/store.h"
#include "draw.h"
#include "publish.h"
#include "site.h"

/* 1 when name is one of the site's flat file names. */
static int name_ok(const char *name)
{
	return *name && (name[0] != '.' || strcmp(name, PUBLISH_MARKER) == 0) &&
	       !strchr(name, '/');
}

int site_path(struct site *s, const char *name, char *out, size_t cap)
{
	if (!name_ok(name) ||
	    (size_t)snprintf(out, cap, "%s/%s", s->stage, name) >= cap)
		return err_set(s->e, name, 0, 0, "bad output file name");
	return 0;
}

int site_unlink(struct site *s, const char *name)
{
	if (!name_ok(name)) {
		errno = EINVAL;
		return -1;
	}
	return unlinkat(s->stage_fd, name, 0);
}

/* 1 when the published site's NAME holds exactly data[0..n). */
static int same_as_published(struct site *s, const char *name,
			     const void *data, size_t n)
{
	struct stat st;
	char *old;
	int fd, same = 0;

	if (s->out_fd < 0 || !name_ok(name))
		return 0;
	fd = openat(s->out_fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (size_t)st.st_size == n && n <= SITE_FILE_MAX &&
	    (old = malloc(n + 1)) != NULL) {
		size_t got = 0;
		ssize_t k;

		while (got < n && (k = read(fd, old + got, n - got)) > 0)
			got += (size_t)k;
		same = got == n && memcmp(old, data, n) == 0;
		free(old);
	}
	close(fd);
	return same;
}

/* Both folders by descriptor: a link walks one name each, not two whole
 * paths (a render after one new run links ~3,750 files; linkat saves ~30%
 * of their kernel time on tmpfs, ~45% on ext4). */
int site_link_published(struct site *s, const char *name)
{
	struct stat st;

	if (s->out_fd < 0 || !name_ok(name))
		return -1;
	/* a file changed since the site was published (edited by hand, cut
	 * short by a full disk) is written again, never carried on */
	if (fstatat(s->out_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !S_ISREG(st.st_mode) || site_changed_after(&st, &s->published))
		return -1;
	return linkat(s->out_fd, name, s->stage_fd, name, 0);
}

int site_changed_after(const struct stat *st, const struct timespec *t)
{
	return st->st_mtim.tv_sec > t->tv_sec ||
	       (st->st_mtim.tv_sec == t->tv_sec &&
		st->st_mtim.tv_nsec > t->tv_nsec);
}

int site_create(struct site *s, const char *name, char *path, size_t cap)
{
	int fd;

	if (site_path(s, name, path, cap))
		return -1;
	fd = openat(s->stage_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		    0644);
	if (fd < 0)
		err_set(s->e, path, 0, 0, "cannot create: %s", strerror(errno));
	return fd;
}

static int write_new(struct site *s, const char *name, const void *data,
		     size_t n)
{
	char path[4200];
	int fd = site_create(s, name, path, sizeof(path)), rc;

	if (fd < 0)
		return -1;
	rc = fd_write_all(fd, data, n);
	if (close(fd) || rc)
		return err_set(s->e, path, 0, 0, "cannot write: %s",
			       strerror(errno));
	return 0;
}

/* 1 for the name of an HTML page (not its .gz). */
static int is_page(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && strcmp(name + n - 5, ".html") == 0;
}

/* Puts one file in place, reusing the published copy when equal. */
static int put(struct site *s, const char *name, const void *data, size_t n)
{
	if (s->recording && buf_printf(&s->manifest, "file %s\n", name))
		return err_set(s->e, NULL, 0, 0, "%s", buf_oom() ?
			       "out of memory" : "manifest too large");
	s->files++;
	if (is_page(name))
		s->pages++;
	draw_progress(s);
	if (same_as_published(s, name, data, n) &&
	    site_link_published(s, name) == 0) {
		s->reused++;
		return 0;
	}
	s->written++;
	return write_new(s, name, data, n);
}

/* gzip of data, reproducible: no name, no time in the header.  0, -2
 * when zlib's state could not be allocated, else -1. */
static int gzip_buf(const void *data, size_t n, struct buf *out)
{
	unsigned char chunk[65536];
	z_stream z;
	int rc;

	memset(&z, 0, sizeof(z));
	rc = deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
	if (rc != Z_OK)
		return rc == Z_MEM_ERROR ? -2 : -1;
	z.next_in = (unsigned char *)data;
	z.avail_in = (uInt)n;
	do {
		z.next_out = chunk;
		z.avail_out = sizeof(chunk);
		rc = deflate(&z, Z_FINISH);
		if (rc == Z_STREAM_ERROR ||
		    buf_add(out, chunk, sizeof(chunk) - z.avail_out)) {
			deflateEnd(&z);
			return -1;
		}
	} while (rc != Z_STREAM_END);
	deflateEnd(&z);
	return 0;
}

int site_write(struct site *s, const char *name, const void *data, size_t n,
	       int text)
{
	char gzname[300];
	struct buf gz;
	int rc;

	if (put(s, name, data, n))
		return -1;
	if (!s->gzip || !text)
		return 0;
	if ((size_t)snprintf(gzname, sizeof(gzname), "%s.gz", name) >=
	    sizeof(gzname))
		return err_set(s->e, name, 0, 0, "file name too long");
	buf_init(&gz, SITE_FILE_MAX);
	if ((rc = gzip_buf(data, n, &gz)) != 0) {
		buf_release(&gz);
		return err_set(s->e, name, 0, 0, "%s", rc == -2 || buf_oom() ?
			       "out of memory" : "cannot compress");
	}
	rc = put(s, gzname, gz.data, gz.len);
	buf_release(&gz);
	return rc;
}

/* Undoes the links made for a unit that cannot be reused whole. */
static void unlink_files(struct site *s, const char *p, const char *end)
{
	char name[256];

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k;

		if (!nl)
			break;
		if (strncmp(p, "file ", 5) == 0 &&
		    (k = (size_t)(nl - p - 5)) < sizeof(name)) {
			memcpy(name, p + 5, k);
			name[k] = '\0';
			site_unlink(s, name);
		}
		p = nl + 1;
	}
}

/* A unit key's slot in the index: its first 16 hex digits. */
static size_t unit_hash(const char *key, size_t mask)
{
	uint64_t x = 0;
	int i;

	for (i = 0; i < 16 && key[i]; i++)
		x = x * 31 + (unsigned char)key[i];
	return (size_t)(x * 0x9e3779b97f4a7c15u >> 20) & mask;
}

/* Indexes the old manifest's "unit KEY" lines by key (offset + 1 of the
 * line, 0 = free), so a lookup is not a scan of the whole manifest: a
 * store of thousands of runs has as many units.  0, or -1 when memory ran
 * out. */
static int unit_index(struct site *s)
{
	const char *d = s->old_manifest.data, *p;
	size_t n = 0, nslot = 64, i;

	for (p = d; (p = strstr(p, "\nunit ")) != NULL; p += 6)
		n++;
	while (nslot < 2 * n + 2)
		nslot *= 2;
	if (!(s->units = calloc(nslot, sizeof(*s->units))))
		return -1;
	s->nunit_slots = nslot;
	for (p = d; (p = strstr(p, "\nunit ")) != NULL; p += 6) {
		for (i = unit_hash(p + 6, nslot - 1); s->units[i];
		     i = (i + 1) & (nslot - 1))
			;
		s->units[i] = (size_t)(p + 1 - d) + 1;
	}
	return 0;
}

/* The old manifest's "unit KEY" line, or NULL. */
static const char *unit_find(struct site *s, const char *key)
{
	const char *d = s->old_manifest.data;
	size_t i, k = strlen(key);

	for (i = unit_hash(key, s->nunit_slots - 1); s->units[i];
	     i = (i + 1) & (s->nunit_slots - 1)) {
		const char *u = d + s->units[i] - 1;

		if (strncmp(u + 5, key, k) == 0 && u[5 + k] == '\n')
			return u;
	}
	return NULL;
}

int site_unit_reuse(struct site *s, const char *key, char **saved)
{
	char name[256], base[256], ckey[65];
	const char *start, *p, *end = NULL, *text = NULL;
	size_t k;
	long files = 0, pages = 0, lines = 0;

	*saved = NULL;
	if (!s->out || !s->prog[0] || !s->old_manifest.data)
		return 0;
	if (!s->units && unit_index(s))
		return err_set(s->e, NULL, 0, 0, "out of memory");
	start = unit_find(s, key);
	if (!start)
		return 0;
	/* the block must be whole: "saved" then "end" */
	for (p = strchr(start, '\n') + 1; *p; p = strchr(p, '\n') + 1) {
		const char *nl = strchr(p, '\n');

		if (!nl)
			return 0;
		if (strncmp(p, "end\n", 4) == 0) {
			end = nl + 1;
			break;
		}
		if (strncmp(p, "saved ", 6) == 0)
			text = p + 6;
		else if (strncmp(p, "file ", 5) != 0 &&
			 strncmp(p, "chart ", 6) != 0 &&
			 strncmp(p, "line ", 5) != 0)
			return 0;
	}
	if (!end || !text)
		return 0;
	for (p = start; p < end; p = strchr(p, '\n') + 1) {
		const char *nl = strchr(p, '\n');

		k = (size_t)(nl - p);
		if (strncmp(p, "file ", 5) == 0) {
			if (k - 5 >= sizeof(name))
				goto undo;
			memcpy(name, p + 5, k - 5);
			name[k - 5] = '\0';
			if (site_link_published(s, name))
				goto undo;
			files++;
			pages += is_page(name);
		} else if (strncmp(p, "line ", 5) == 0) {
			lines++;	/* a line chart, its files above */
		}
	}
	for (p = start; p < end; p = strchr(p, '\n') + 1) {
		const char *nl = strchr(p, '\n'), *sp;

		k = (size_t)(nl - p);
		if (strncmp(p, "chart ", 6) != 0 || k >= sizeof(base) ||
		    !(sp = memchr(p + 6, ' ', k - 6)) || nl - sp - 1 != 64)
			continue;
		memcpy(base, p + 6, (size_t)(sp - p - 6));
		base[sp - p - 6] = '\0';
		memcpy(ckey, sp + 1, 64);
		ckey[64] = '\0';
		if (draw_chart_made(s, base, ckey))
			goto undo_err;
	}
	k = (size_t)(strchr(text, '\n') - text);
	if (buf_add(&s->manifest, start, (size_t)(end - start)) ||
	    !(*saved = malloc(k + 1)))
		goto undo_err;
	memcpy(*saved, text, k);
	(*saved)[k] = '\0';
	s->files += files;
	s->reused += files;
	s->pages += pages;
	s->ncharts += lines;
	return 1;
undo:
	/* p: the first file not linked; those before it were */
	unlink_files(s, start, p);
	return 0;
undo_err:
	unlink_files(s, start, end);
	return err_set(s->e, NULL, 0, 0, "out of memory");
}

int site_unit_begin(struct site *s, const char *key)
{
	if (!s->prog[0])
		return 0;
	if (buf_printf(&s->manifest, "unit %s\n", key))
		return err_set(s->e, NULL, 0, 0, "%s", buf_oom() ?
			       "out of memory" : "manifest too large");
	s->recording = 1;
	return 0;
}

int site_unit_end(struct site *s, const char *saved)
{
	if (!s->recording)
		return 0;
	s->recording = 0;
	if (buf_printf(&s->manifest, "saved %s\nend\n", saved))
		return err_set(s->e, NULL, 0, 0, "%s", buf_oom() ?
			       "out of memory" : "manifest too large");
	return 0;
}

/* Reads the published site's marker (its manifest); none is fine. */
static void read_old_manifest(struct site *s)
{
	char path[4200];
	char chunk[65536];
	FILE *f;
	size_t k;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", s->out,
			     PUBLISH_MARKER) >= sizeof(path))
		return;
	f = fopen(path, "r");
	if (!f)
		return;
	while ((k = fread(chunk, 1, sizeof(chunk), f)) > 0)
		if (buf_add(&s->old_manifest, chunk, k)) {
			buf_reset(&s->old_manifest);	/* too big: reuse nothing */
			break;
		}
	fclose(f);
}

int site_init(struct site *s, const char *out, const char *stage,
	      struct err *e)
{
	memset(s, 0, sizeof(*s));
	s->out = out;
	s->e = e;
	s->jobs = 1;
	s->out_fd = s->stage_fd = -1;
	if ((size_t)snprintf(s->stage, sizeof(s->stage), "%s", stage) >=
	    sizeof(s->stage))
		return err_set(e, stage, 0, 0, "path too long");
	/* not following symlinks: publish_prepare made stage, and out is
	 * only read (a missing out is a first render) */
	s->stage_fd = open(stage, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			   O_CLOEXEC);
	if (s->stage_fd < 0)
		return err_set(e, stage, 0, 0, "cannot open: %s",
			       strerror(errno));
	if (out)
		s->out_fd = open(out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
				 O_CLOEXEC);
	{
		/* the marker is the last file a render writes: every file
		 * it wrote or kept is no newer */
		struct stat st;

		if (s->out_fd >= 0 && fstatat(s->out_fd, PUBLISH_MARKER, &st,
					      AT_SYMLINK_NOFOLLOW) == 0)
			s->published = st.st_mtim;
	}
	buf_init(&s->old_manifest, (size_t)64 << 20);
	buf_init(&s->manifest, (size_t)64 << 20);
	read_old_manifest(s);
	/* the first line of an empty buffer: only memory can refuse it */
	if (buf_adds(&s->manifest, "benchsite site 1\n"))
		return err_set(e, NULL, 0, 0, "out of memory");
	return 0;
}

int site_finish(struct site *s)
{
	/* the marker itself is the last file (site_key_fresh) */
	if (buf_printf(&s->manifest, "files %ld\n", s->files + 1))
		return err_set(s->e, NULL, 0, 0, "%s", buf_oom() ?
			       "out of memory" : "manifest too large");
	/* written anew after any other file was: its mtime says when the
	 * site was finished, and a file newer than it was changed outside
	 * benchsite (site_changed_after); a site of only reused files may
	 * keep the marker too */
	if (s->written == 0)
		return site_write(s, PUBLISH_MARKER, s->manifest.data,
				  s->manifest.len, 0);
	s->files++;
	s->written++;
	return write_new(s, PUBLISH_MARKER, s->manifest.data, s->manifest.len);
}

int site_unchanged(struct site *s)
{
	/* nothing written, and as many files as the published site has:
	 * every published file was reused, so the sets are equal */
	return s->written == 0 && s->out &&
	       publish_count_files(s->out) == s->files;
}

void site_release(struct site *s)
{
	buf_release(&s->old_manifest);
	buf_release(&s->manifest);
	free(s->units);
	s->units = NULL;
	draw_flush(s);	/* after a failure: stops the drawing threads */
	draw_release(s);
	store_digests_free(s->digests);
	s->digests = NULL;
	if (s->out_fd >= 0)
		close(s->out_fd);
	if (s->stage_fd >= 0)
		close(s->stage_fd);
	s->out_fd = s->stage_fd = -1;
}
