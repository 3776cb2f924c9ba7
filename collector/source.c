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
			return err_set(e, path, 0, 0, "file larger than %zu "
				       "bytes", SOURCE_MAX);
	if (ferror(f))
		return err_set(e, path, 0, 0, "cannot read: %s", strerror(errno));
	return 0;
}

static int gunzip(const struct buf *in, const char *path, struct buf *out,
		  struct err *e)
{
	unsigned char chunk[65536];
	z_stream z;
	size_t used = 0;
	int rc = Z_OK;

	while (used < in->len) {
		memset(&z, 0, sizeof(z));
		if (inflateInit2(&z, 15 + 16) != Z_OK)
			return err_set(e, path, 0, 0, "cannot start gzip");
		z.next_in = (unsigned char *)in->data + used;
		z.avail_in = (uInt)(in->len - used);
		do {
			z.next_out = chunk;
			z.avail_out = sizeof(chunk);
			rc = inflate(&z, Z_NO_FLUSH);
			if (rc != Z_OK && rc != Z_STREAM_END) {
				inflateEnd(&z);
				return err_set(e, path, 0, 0, "damaged gzip "
					       "data: %s", z.msg ? z.msg :
					       "truncated");
			}
			if (buf_add(out, chunk, sizeof(chunk) - z.avail_out)) {
				inflateEnd(&z);
				return err_set(e, path, 0, 0, "decompresses to "
					       "more than %zu bytes", SOURCE_MAX);
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
		struct buf plain;

		buf_init(&plain, SOURCE_MAX);
		rc = gunzip(&raw, path, &plain, e);
		buf_release(&raw);
		if (rc) {
			buf_release(&plain);
			return -1;
		}
		raw = plain;
		*gz = 1;
	}
	*out = buf_detach(&raw, n);
	return 0;
}
