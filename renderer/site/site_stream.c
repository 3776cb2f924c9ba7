/*
 * site_stream.c: a site file too large to hold in memory (a raw source:
 * a 1 GB log is a 1 GB file), written as its bytes come.
 *
 * site_write compares a new file with the published copy byte for byte
 * before linking it; that needs the bytes whole.  A streamed file is named
 * by the SHA-256 of its bytes instead (page_run_source_file), so the
 * published copy of the same name and size is linked as it is, and so is
 * its gzip twin, which gzip made from those bytes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "../../core/err.h"
#include "../../core/fdio.h"
#include "site.h"
#include "site_stream.h"

struct out {
	struct site *s;
	int fd, gzfd;		/* gzfd -1: no twin */
	z_stream z;
	const char *path, *gzpath;
};

/* Deflates what z holds into the twin; flush: Z_NO_FLUSH or Z_FINISH. */
static int deflate_out(struct out *o, int flush, struct err *e)
{
	unsigned char chunk[65536];
	int rc;

	do {
		o->z.next_out = chunk;
		o->z.avail_out = sizeof(chunk);
		rc = deflate(&o->z, flush);
		if (rc == Z_STREAM_ERROR)
			return err_set(e, o->gzpath, 0, 0, "cannot compress");
		if (fd_write_all(o->gzfd, chunk, sizeof(chunk) - o->z.avail_out))
			return err_set(e, o->gzpath, 0, 0, "cannot write: %s",
				       strerror(errno));
	} while (o->z.avail_out == 0 || (flush == Z_FINISH &&
					 rc != Z_STREAM_END));
	return 0;
}

static int put_piece(void *ctx, const void *p, size_t n, struct err *e)
{
	struct out *o = ctx;

	if (fd_write_all(o->fd, p, n))
		return err_set(e, o->path, 0, 0, "cannot write: %s",
			       strerror(errno));
	if (o->gzfd < 0)
		return 0;
	o->z.next_in = (Bytef *)p;
	o->z.avail_in = (uInt)n;
	return deflate_out(o, Z_NO_FLUSH, e);
}

/* 1 when the published site has a regular file NAME of size bytes (any
 * size when size is -1), now linked into the staging folder. */
static int link_same(struct site *s, const char *name, long long size)
{
	struct stat st;

	if (s->out_fd < 0 ||
	    fstatat(s->out_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !S_ISREG(st.st_mode) ||
	    (size >= 0 && st.st_size != size))
		return 0;
	return site_link_published(s, name) == 0;
}

int site_write_stream(struct site *s, const char *name,
		      unsigned long long size, site_produce_fn *produce,
		      void *ctx)
{
	char path[4200], gzpath[4200], gzname[300];
	struct out o;
	int rc = -1, twin = s->gzip, have, have_gz = 0;

	if ((size_t)snprintf(gzname, sizeof(gzname), "%s.gz", name) >=
	    sizeof(gzname))
		return err_set(s->e, name, 0, 0, "file name too long");
	if (s->recording && (buf_printf(&s->manifest, "file %s\n", name) ||
			     (twin && buf_printf(&s->manifest, "file %s\n",
						 gzname))))
		return err_set(s->e, NULL, 0, 0, "%s", buf_oom() ?
			       "out of memory" : "manifest too large");
	s->files += 1 + twin;
	have = link_same(s, name, (long long)size);
	if (have)
		have_gz = twin && link_same(s, gzname, -1);
	s->reused += have + have_gz;
	if (have && (!twin || have_gz))
		return 0;
	/* the twin comes from the bytes: with the file linked and the twin
	 * missing, both are made again (the linked file is replaced) */
	if (have) {
		site_unlink(s, name);
		s->reused--;
	}
	s->written += 1 + twin;
	memset(&o, 0, sizeof(o));
	o.s = s;
	o.gzfd = -1;
	o.path = path;
	o.gzpath = gzpath;
	o.fd = site_create(s, name, path, sizeof(path));
	if (o.fd < 0)
		return -1;
	if (twin) {
		o.gzfd = site_create(s, gzname, gzpath, sizeof(gzpath));
		/* as site_write's gzip_buf: no name, no time in the header */
		if (o.gzfd >= 0 && deflateInit2(&o.z, 9, Z_DEFLATED, 15 + 16, 9,
						Z_DEFAULT_STRATEGY) != Z_OK) {
			err_set(s->e, gzpath, 0, 0, "out of memory");
			close(o.gzfd);
			o.gzfd = -1;
			goto out;
		}
		if (o.gzfd < 0)
			goto out;
	}
	if (produce(ctx, put_piece, &o, s->e) == 0 &&
	    (o.gzfd < 0 || deflate_out(&o, Z_FINISH, s->e) == 0))
		rc = 0;
out:
	if (close(o.fd) && rc == 0)
		rc = err_set(s->e, path, 0, 0, "cannot write: %s",
			     strerror(errno));
	if (o.gzfd >= 0) {
		deflateEnd(&o.z);
		if (close(o.gzfd) && rc == 0)
			rc = err_set(s->e, gzpath, 0, 0, "cannot write: %s",
				     strerror(errno));
	}
	return rc;
}
