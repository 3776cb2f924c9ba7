/*
 * source.c: see source.h.
 *
 * Bytes that arrive as a stream (standard input, inflated gzip) go into a
 * spool: memory while small, an unlinked temporary file past SOURCE_SPOOL.
 * Either way the result is a source_input whose bytes end with a NUL: a
 * mapping gets it from an anonymous page placed after the file's pages
 * (or from the zeros past the end of the file's last page).
 */
#define _GNU_SOURCE
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/fdio.h"

/* Inflating drops the compressed pages it has read every this many bytes. */
#define SOURCE_DROP_EVERY ((size_t)8 << 20)

static void spool_init(struct source_spool *sp, size_t max, size_t spill_at,
		       const char *path, const char *too_big)
{
	memset(sp, 0, sizeof(*sp));
	sp->fd = -1;
	sp->max = max;
	sp->spill_at = spill_at < max ? spill_at : max;
	sp->path = path;
	sp->too_big = too_big;
	buf_init(&sp->mem, sp->spill_at);
}

void source_spool_release(struct source_spool *sp)
{
	buf_release(&sp->mem);
	if (sp->fd >= 0)
		close(sp->fd);
	sp->fd = -1;
}

/* A temporary file nobody else can open: created and at once unlinked. */
static int temp_file(const char *path, struct err *e)
{
	const char *dir = getenv("TMPDIR");
	char name[4096];
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	if ((size_t)snprintf(name, sizeof(name), "%s/benchsite-XXXXXX", dir) >=
	    sizeof(name))
		return err_set(e, path, 0, 0, "TMPDIR too long");
	fd = mkstemp(name);
	if (fd < 0)
		return err_set(e, path, 0, 0, "cannot create a temporary file "
			       "in %s: %s", dir, strerror(errno));
	unlink(name);
	return fd;
}

int source_spool_put(void *spool, const void *p, size_t k, struct err *e)
{
	struct source_spool *sp = spool;

	if (k > sp->max - sp->n)
		return err_set(e, sp->path, 0, 0, "%s %zu bytes", sp->too_big,
			       sp->max);
	if (sp->n < 2)
		memcpy(sp->head + sp->n, p, k < 2 - sp->n ? k : 2 - sp->n);
	if (sp->fd < 0 && k <= sp->spill_at - sp->mem.len) {
		if (buf_add(&sp->mem, p, k))
			return err_set(e, sp->path, 0, 0, "out of memory");
		sp->n += k;
		return 0;
	}
	if (sp->fd < 0) {
		sp->fd = temp_file(sp->path, e);
		if (sp->fd < 0)
			return -1;
		if (fd_write_all(sp->fd, sp->mem.data, sp->mem.len))
			goto fail;
		buf_release(&sp->mem);
	}
	if (fd_write_all(sp->fd, p, k))
		goto fail;
	sp->n += k;
	return 0;
fail:
	return err_set(e, sp->path, 0, 0, "cannot write a temporary file: %s",
		       strerror(errno));
}

/* A mapped file that shrinks while it is read (another program truncates
 * it, or the disk fails under it) raises SIGBUS at the first access past
 * its new end: without a handler, "Bus error" and a core.  The handler
 * names the file and exits 1; the store is left as it was, because the
 * file's transaction never commits (SQLite ignores a WAL frame without a
 * commit).  The mappings are few (an input, its spool) and registered
 * here with the message prepared, so that the handler only compares
 * addresses and calls write and _exit, both async-signal-safe. */
#define GUARD_MAX 4
static struct guard {
	volatile sig_atomic_t used;
	const char *base;
	size_t len;
	char msg[600];
	size_t msglen;
} guards[GUARD_MAX];

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
	const char *a = si->si_addr;
	int i;

	(void)uc;
	for (i = 0; i < GUARD_MAX; i++)
		if (guards[i].used && a >= guards[i].base &&
		    a < guards[i].base + guards[i].len) {
			ssize_t k = write(2, guards[i].msg, guards[i].msglen);

			(void)k;
			_exit(1);
		}
	/* not ours: the default action, on returning to the faulting
	 * access */
	signal(sig, SIG_DFL);
}

static void guard_add(const void *base, size_t len, const char *path)
{
	static int installed;
	int i;

	if (!installed) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		installed = sigaction(SIGBUS, &sa, NULL) == 0;
	}
	for (i = 0; i < GUARD_MAX; i++)
		if (!guards[i].used) {
			struct guard *g = &guards[i];
			int k = snprintf(g->msg, sizeof(g->msg),
					 "benchsite: %s: cannot be read any "
					 "more: it was cut short while being "
					 "read (truncated by another program, "
					 "or a failing disk); nothing of it is "
					 "stored\n", path);

			g->base = base;
			g->len = len;
			g->msglen = k < 0 ? 0 : (size_t)k < sizeof(g->msg) ?
				    (size_t)k : sizeof(g->msg) - 1;
			g->used = 1;
			return;
		}
}

static void guard_remove(const void *base)
{
	int i;

	for (i = 0; i < GUARD_MAX; i++)
		if (guards[i].used && guards[i].base == base)
			guards[i].used = 0;
}

/* Maps fd's first n bytes (n > 0) read-only into in, with a NUL after. */
static int map_fd(int fd, size_t n, const char *path, struct source_input *in,
		  struct err *e)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t len = (n / page + 1) * page;	/* room for the NUL */
	void *base;

	/* An anonymous, zero-filled reservation first, then the file over
	 * its start: the byte after the file is then a zero either way. */
	base = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		return err_set(e, path, 0, 0, "cannot map: %s", strerror(errno));
	if (mmap(base, n, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) ==
	    MAP_FAILED) {
		int errno_ = errno;

		munmap(base, len);
		return err_set(e, path, 0, 0, "cannot map: %s",
			       strerror(errno_));
	}
	/* read ahead generously: every pass walks the bytes in order */
	madvise(base, n, MADV_SEQUENTIAL);
	guard_add(base, n, path);
	memset(in, 0, sizeof(*in));
	in->p = base;
	in->n = n;
	in->map = base;
	in->maplen = len;
	return 0;
}

void source_spool_init(struct source_spool *sp, const char *name)
{
	spool_init(sp, SOURCE_MAX, SOURCE_SPOOL, name, "larger than");
}

int source_spool_finish(struct source_spool *sp, struct source_input *in,
			struct err *e)
{
	int rc = 0;

	if (sp->fd >= 0) {
		rc = map_fd(sp->fd, sp->n, sp->path, in, e);
	} else {
		memset(in, 0, sizeof(*in));
		in->mem = buf_detach(&sp->mem, &in->n);
		if (!in->mem)
			rc = err_set(e, sp->path, 0, 0, "out of memory");
		in->p = in->mem;
	}
	source_spool_release(sp);
	return rc;
}

void source_drop(const struct source_input *in)
{
	if (in->map)
		madvise(in->map, in->maplen, MADV_DONTNEED);
}

void source_close(struct source_input *in)
{
	if (in->map) {
		guard_remove(in->map);
		munmap(in->map, in->maplen);
	}
	free(in->mem);
	memset(in, 0, sizeof(*in));
}

int source_gz_check(size_t in, size_t out, unsigned members,
		    const char *path, struct err *e)
{
	if (members > SOURCE_GZ_MEMBERS_MAX)
		return err_set(e, path, 0, 0, "gzip data of more than %d "
			       "members refused (a gzip bomb?)",
			       SOURCE_GZ_MEMBERS_MAX);
	if (out > SOURCE_GZ_FLOOR && out / SOURCE_GZ_RATIO > in)
		return err_set(e, path, 0, 0, "gzip data inflating more than "
			       "%dx (%zu bytes from %zu) refused (a gzip "
			       "bomb?)", SOURCE_GZ_RATIO, out, in);
	return 0;
}

/* Inflates every member of p[0..n) into out.  src, when not NULL, is
 * where p lives: its pages are dropped as the input is consumed. */
static int gunzip(const char *p, size_t n, const struct source_input *src,
		  const char *path, struct source_spool *out, struct err *e)
{
	unsigned char chunk[65536];
	z_stream z;
	size_t used = 0, dropped = 0;
	unsigned members = 0;
	int rc = Z_OK;

	while (used < n) {
		if (source_gz_check(used, out->n, ++members, path, e))
			return -1;
		memset(&z, 0, sizeof(z));
		rc = inflateInit2(&z, 15 + 16);
		if (rc != Z_OK)
			return err_set(e, path, 0, 0, "%s", rc == Z_MEM_ERROR ?
				       "out of memory" : "cannot start gzip");
		z.next_in = (unsigned char *)p + used;
		/* uInt is 32 bits: feed at most 1 GiB at a time */
		z.avail_in = (uInt)(n - used < ((size_t)1 << 30) ? n - used :
				    (size_t)1 << 30);
		do {
			size_t at;

			if (z.avail_in == 0) {
				at = (size_t)((const char *)z.next_in - p);
				z.avail_in = (uInt)(n - at < ((size_t)1 << 30) ?
						    n - at : (size_t)1 << 30);
			}
			z.next_out = chunk;
			z.avail_out = sizeof(chunk);
			rc = inflate(&z, Z_NO_FLUSH);
			at = (size_t)((const char *)z.next_in - p);
			if (rc == Z_MEM_ERROR) {
				inflateEnd(&z);
				return err_set(e, path, 0, 0, "out of memory");
			}
			if (rc != Z_OK && rc != Z_STREAM_END) {
				inflateEnd(&z);
				return err_set(e, path, 0, 0, "damaged gzip "
					       "data: %s", z.msg ? z.msg :
					       "truncated");
			}
			if (source_spool_put(out, chunk,
					     sizeof(chunk) - z.avail_out, e)) {
				inflateEnd(&z);
				return -1;
			}
			if (source_gz_check(at, out->n, members, path, e)) {
				inflateEnd(&z);
				return -1;
			}
			if (rc == Z_OK && at == n && z.avail_out != 0) {
				inflateEnd(&z);
				return err_set(e, path, 0, 0, "truncated gzip "
					       "data");
			}
			if (src && at - dropped >= SOURCE_DROP_EVERY) {
				source_drop(src);
				dropped = at;
			}
		} while (rc != Z_STREAM_END);
		used = (size_t)((const char *)z.next_in - p);
		inflateEnd(&z);
		/* another member follows only if it starts with the magic;
		 * anything else after the last member is not gzip data, and
		 * is refused rather than dropped without a word (gzip(1)
		 * warns "trailing garbage ignored") */
		if (used < n && (n - used < 2 ||
				 memcmp(p + used, "\x1f\x8b", 2) != 0))
			return err_set(e, path, 0, 0, "%zu bytes after the "
				       "gzip data (at byte %zu) that are not "
				       "gzip: a damaged or appended-to file",
				       n - used, used);
	}
	/* One level only: an inner gzip would be binary to every parser, and
	 * inflating it too would multiply the ratio cap. */
	if (out->n >= 2 && memcmp(out->head, "\x1f\x8b", 2) == 0)
		return err_set(e, path, 0, 0, "gzip inside gzip refused");
	return 0;
}

int source_gunzip(const char *p, size_t n, size_t max, const char *path,
		  char **out, size_t *outn, struct err *e)
{
	struct source_spool sp;

	spool_init(&sp, max, max, path, "decompresses to more than");
	if (gunzip(p, n, NULL, path, &sp, e)) {
		source_spool_release(&sp);
		return -1;
	}
	*out = buf_detach(&sp.mem, outn);
	source_spool_release(&sp);
	return *out ? 0 : err_set(e, path, 0, 0, "out of memory");
}

/* Reads a stream (a pipe, a terminal, a device) to its end into in.  Its
 * first SOURCE_PEEK bytes (all of it when shorter) go to peek, when
 * given, before any more is read: /dev/zero or `yes` are refused there
 * rather than spooled up to SOURCE_MAX.  They are still in memory then
 * (SOURCE_PEEK < SOURCE_SPOOL), so nothing has been written to disk. */
static int read_stream(int fd, const char *path, struct source_input *in,
		       source_peek_fn peek, void *ctx, struct err *e)
{
	char chunk[65536];
	struct source_spool sp;
	ssize_t k;

	spool_init(&sp, SOURCE_STREAM_MAX, SOURCE_SPOOL, path,
		   "file larger than");
	for (;;) {
		k = read(fd, chunk, sizeof(chunk));
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			err_set(e, path, 0, 0, "cannot read: %s",
				strerror(errno));
			goto fail;
		}
		if (k == 0)
			break;
		if ((size_t)k > SOURCE_STREAM_MAX - sp.n) {
			err_set(e, path, 0, 0, "more than %zu MiB from a stream "
				"(standard input or a pipe), its cap: save it to "
				"a file and import the file", SOURCE_STREAM_MAX >> 20);
			goto fail;
		}
		if (source_spool_put(&sp, chunk, (size_t)k, e))
			goto fail;
		if (peek && sp.n >= SOURCE_PEEK) {
			if (peek(ctx, sp.mem.data, sp.n, 0, e))
				goto fail;
			peek = NULL;
		}
	}
	if (peek && peek(ctx, sp.mem.data ? sp.mem.data : "", sp.n, 1, e))
		goto fail;
	return source_spool_finish(&sp, in, e);
fail:
	source_spool_release(&sp);
	return -1;
}

/* Opens path's bytes as they are: mapped when a regular file. */
static int open_raw(const char *path, struct source_input *in,
		    source_peek_fn peek, void *ctx, struct err *e)
{
	struct stat st;
	int fd, rc;

	if (strcmp(path, "-") == 0)
		return read_stream(0, "<stdin>", in, peek, ctx, e);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return err_set(e, path, 0, 0, "cannot open: %s", strerror(errno));
	if (fstat(fd, &st) != 0) {
		rc = err_set(e, path, 0, 0, "cannot read: %s", strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		rc = read_stream(fd, path, in, peek, ctx, e);
	} else if ((unsigned long long)st.st_size > SOURCE_MAX) {
		rc = err_set(e, path, 0, 0, "file larger than %zu bytes",
			     SOURCE_MAX);
	} else if (st.st_size == 0) {
		memset(in, 0, sizeof(*in));
		in->mem = calloc(1, 1);
		in->p = in->mem;
		rc = in->mem ? 0 : err_set(e, path, 0, 0, "out of memory");
	} else {
		rc = map_fd(fd, (size_t)st.st_size, path, in, e);
	}
	close(fd);
	return rc;
}

int source_open(const char *path, struct source_input *in, struct err *e)
{
	return source_open_peek(path, in, NULL, NULL, e);
}

int source_open_peek(const char *path, struct source_input *in,
		     source_peek_fn peek, void *ctx, struct err *e)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct source_input raw;
	struct source_spool sp;
	int rc;

	if (open_raw(path, &raw, peek, ctx, e))
		return -1;
	if (raw.n < 2 || memcmp(raw.p, "\x1f\x8b", 2) != 0) {
		*in = raw;
		return 0;
	}
	spool_init(&sp, SOURCE_MAX, SOURCE_SPOOL, name,
		   "decompresses to more than");
	rc = gunzip(raw.p, raw.n, &raw, name, &sp, e);
	source_close(&raw);
	if (rc) {
		source_spool_release(&sp);
		return -1;
	}
	if (source_spool_finish(&sp, in, e))
		return -1;
	in->gz = 1;
	return 0;
}
