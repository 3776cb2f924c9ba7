/*
 * source.c: see source.h.
 */
#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "../core/buf.h"
#include "../core/err.h"

static int read_all(FILE *f, const char *path, struct buf *b, struct err *e)
{
	char chunk[65536];
	size_t k;

	while ((k = fread(chunk, 1, sizeof(chunk), f)) > 0)
		if (buf_add(b, chunk, k))
			return k > b->max - b->len ?
				err_set(e, path, 0, 0, "file larger than %zu "
					"bytes", SOURCE_MAX) :
				err_set(e, path, 0, 0, "out of memory");
	if (ferror(f))
		return err_set(e, path, 0, 0, "cannot read: %s", strerror(errno));
	return 0;
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

static int gunzip(const struct buf *in, const char *path, struct buf *out,
		  struct err *e)
{
	unsigned char chunk[65536];
	z_stream z;
	size_t used = 0;
	unsigned members = 0;
	int rc = Z_OK;

	while (used < in->len) {
		if (source_gz_check(used, out->len, ++members, path, e))
			return -1;
		memset(&z, 0, sizeof(z));
		rc = inflateInit2(&z, 15 + 16);
		if (rc != Z_OK)
			return err_set(e, path, 0, 0, "%s", rc == Z_MEM_ERROR ?
				       "out of memory" : "cannot start gzip");
		z.next_in = (unsigned char *)in->data + used;
		z.avail_in = (uInt)(in->len - used);
		do {
			z.next_out = chunk;
			z.avail_out = sizeof(chunk);
			rc = inflate(&z, Z_NO_FLUSH);
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
			if (buf_add(out, chunk, sizeof(chunk) - z.avail_out)) {
				size_t k = sizeof(chunk) - z.avail_out;

				inflateEnd(&z);
				if (k <= out->max - out->len)
					return err_set(e, path, 0, 0,
						       "out of memory");
				return err_set(e, path, 0, 0, "decompresses to "
					       "more than %zu bytes", out->max);
			}
			if (source_gz_check(in->len - z.avail_in, out->len,
					    members, path, e)) {
				inflateEnd(&z);
				return -1;
			}
			if (rc == Z_OK && z.avail_in == 0 && z.avail_out != 0) {
				inflateEnd(&z);
				return err_set(e, path, 0, 0, "truncated gzip "
					       "data");
			}
		} while (rc != Z_STREAM_END);
		used = in->len - z.avail_in;
		inflateEnd(&z);
		/* another member follows only if it starts with the magic */
		if (in->len - used < 2 ||
		    memcmp(in->data + used, "\x1f\x8b", 2) != 0)
			break;
	}
	/* One level only: an inner gzip would be binary to every parser, and
	 * inflating it too would multiply the ratio cap. */
	if (out->len >= 2 && memcmp(out->data, "\x1f\x8b", 2) == 0)
		return err_set(e, path, 0, 0, "gzip inside gzip refused");
	return 0;
}

int source_gunzip(const char *p, size_t n, size_t max, const char *path,
		  char **out, size_t *outn, struct err *e)
{
	struct buf in, plain;

	/* a read-only view of p: gunzip never writes to or frees it */
	in.data = (char *)p;
	in.len = n;
	in.cap = n;
	in.max = n;
	buf_init(&plain, max);
	if (gunzip(&in, path, &plain, e)) {
		buf_release(&plain);
		return -1;
	}
	*out = buf_detach(&plain, outn);
	return 0;
}

int source_read(const char *path, char **out, size_t *n, int *gz,
		struct err *e)
{
	struct buf raw;
	FILE *f;
	int rc;

	buf_init(&raw, SOURCE_MAX);
	*gz = 0;
	if (strcmp(path, "-") == 0) {
		rc = read_all(stdin, "<stdin>", &raw, e);
	} else {
		f = fopen(path, "rb");
		if (!f)
			return err_set(e, path, 0, 0, "cannot open: %s",
				       strerror(errno));
		rc = read_all(f, path, &raw, e);
		fclose(f);
	}
	if (rc) {
		buf_release(&raw);
		return -1;
	}
	if (raw.len >= 2 && memcmp(raw.data, "\x1f\x8b", 2) == 0) {
		rc = source_gunzip(raw.data, raw.len, SOURCE_MAX, path, out, n,
				   e);
		buf_release(&raw);
		if (rc)
			return -1;
		*gz = 1;
		return 0;
	}
	*out = buf_detach(&raw, n);
	return 0;
}
