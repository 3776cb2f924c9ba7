/*
 * site_stream.h: a file of the site written a piece at a time
 * (site_stream.c), for files too large to hold whole: the raw sources.
 */
#ifndef BENCHSITE_SITE_STREAM_H
#define BENCHSITE_SITE_STREAM_H

#include <stddef.h>

struct err;
struct site;

/* Puts a file of size bytes at stage/name as produce(ctx, put, pctx, e)
 * hands them to put (a piece at a time: the file is never whole in
 * memory), and NAME.gz beside it when s->gzip.  For files named by the
 * SHA-256 of their bytes (raw sources): the published copies of the same
 * name (and size) are linked instead.  produce returns 0, or -1 with e
 * filled. */
typedef int site_put_fn(void *pctx, const void *p, size_t n,
			struct err *e);
typedef int site_produce_fn(void *ctx, site_put_fn *put, void *pctx,
			    struct err *e);
int site_write_stream(struct site *s, const char *name,
		      unsigned long long size, site_produce_fn *produce,
		      void *ctx);

#endif
