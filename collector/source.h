/*
 * source.h: opening an input for reading, in bounded memory, with caps.
 *
 * A regular file is mapped, not read: its pages are the kernel's page
 * cache, and source_drop() lets the importer give back the pages a pass
 * has gone over, so that a 1 GB log imports in a few MB of memory (each
 * pass over the bytes, the text checks, the SHA-256, the compression and
 * the parser, drops what it has read).  Standard input ("-") and gzip input
 * (known by its magic bytes, not its name; every member of a multi-member
 * stream) are held in memory while small and spooled past SOURCE_SPOOL
 * bytes to an unlinked temporary file (in $TMPDIR, else /tmp), which is
 * then mapped like a file; a stream's first bytes can be checked before
 * the rest is read (source_open_peek).  The decompressed size is capped so that a small
 * hostile .gz cannot take the machine's memory or disk.
 */
#ifndef BENCHSITE_SOURCE_H
#define BENCHSITE_SOURCE_H

#include <stddef.h>

#include "../core/buf.h"

struct err;

/* The largest input benchsite reads: far above any real benchmark output
 * (a day of per-second sysbench lines is ~10 MB, a month ~300 MB); it
 * bounds the disk a spooled input may take. */
#define SOURCE_MAX ((size_t)16 << 30)

/* A stream (standard input, a pipe, a FIFO) is refused past this many
 * bytes, before it can fill the temporary disk it is spooled to:
 * `tail -f log | benchsite import -` never ends, and a real result piped in
 * is far smaller (a day of per-second sysbench lines is ~10 MB).  The same
 * cap as a command's output under `run` (RUN_OUTPUT_MAX); a larger result
 * is saved to a file and imported from there (up to SOURCE_MAX). */
#define SOURCE_STREAM_MAX ((size_t)256 << 20)

/* Standard input and inflated gzip past this go to a temporary file. */
#define SOURCE_SPOOL ((size_t)16 << 20)

/* Gzip caps, checked as the data inflates so that a bomb is refused after
 * a bounded amount of work and memory.  Text compresses 5-20x (a log of
 * identical lines ~100x); gzip's own limit is ~1030x, reached only by
 * runs of one byte.  So: past SOURCE_GZ_FLOOR of output (far above any
 * benchmark log, reached in ~50 ms), more than SOURCE_GZ_RATIO output bytes
 * per input byte read so far is a bomb, not a log. */
#define SOURCE_GZ_FLOOR ((size_t)64 << 20)
#define SOURCE_GZ_RATIO 200
/* `cat a.gz b.gz` makes a few members; a tool never writes hundreds for
 * one log.  Many members cost a fresh inflate state each. */
#define SOURCE_GZ_MEMBERS_MAX 256

/* An open input.  p[0..n) are its bytes and p[n] is a NUL (parsers may
 * rely on it); gz is 1 when the input was gzip.  The rest is private. */
struct source_input {
	const char *p;
	size_t n;
	int gz;
	char *mem;	/* owned bytes when held in memory, else NULL */
	void *map;	/* the mapping when mapped, else NULL */
	size_t maplen;
};

/* 0 when inflating `in` input bytes into `out` bytes in `members` members
 * stays within the caps above; else -1 with e (file path) saying which. */
int source_gz_check(size_t in, size_t out, unsigned members,
		    const char *path, struct err *e);

/* Inflates the gzip data p[0..n) (every member) into *out (malloc'd,
 * NUL-terminated, the caller frees), *outn bytes, at most max; refuses
 * what source_gz_check refuses, and gzip inside gzip.  path is for
 * messages. */
int source_gunzip(const char *p, size_t n, size_t max, const char *path,
		  char **out, size_t *outn, struct err *e);

/* Opens path ("-": standard input) into in; -1 with e (path named) when
 * it cannot be read, is larger than SOURCE_MAX, or is refused gzip.
 * source_close() releases it. */
int source_open(const char *path, struct source_input *in, struct err *e);

/* What a stream's first bytes are shown to before the rest is read: more
 * than any format's detection reads (256 KiB) and than the longest line a
 * parser takes (LINE_MAX_BYTES, 1 MiB), so that what they say of these
 * bytes is what they would say of the whole input. */
#define SOURCE_PEEK (((size_t)1 << 20) + 65536)

/* peek(ctx, p, n, end, e): the first n bytes of a stream (n is
 * SOURCE_PEEK or more, or all of it when end is 1); 0 to read on, -1
 * with e filled to refuse the input there. */
typedef int (*source_peek_fn)(void *ctx, const char *p, size_t n, int end,
			      struct err *e);

/* source_open, showing a stream's (standard input's, a pipe's, a
 * device's) first bytes to peek before reading the rest; a regular file
 * is mapped as before, unpeeked (nothing is copied for it).  peek may be
 * NULL. */
int source_open_peek(const char *path, struct source_input *in,
		     source_peek_fn peek, void *ctx, struct err *e);

/* Gives back the memory holding a mapped input's pages (a no-op for one
 * held in memory).  The bytes stay readable: a page touched again is read
 * again from the file.  Cheap enough to call every few MB of progress. */
void source_drop(const struct source_input *in);

void source_close(struct source_input *in);

/* A spool: bytes that arrive in pieces (a source read back from the
 * store) made into a source_input like source_open's, in memory while
 * small, in an unlinked temporary file past SOURCE_SPOOL. */
struct source_spool {
	struct buf mem;		/* the bytes while in memory */
	int fd;			/* the temporary file once spilled, else -1 */
	size_t n;		/* bytes so far */
	size_t max;		/* refuse past this */
	size_t spill_at;	/* go to a file past this */
	const char *path;	/* for messages */
	const char *too_big;	/* "file larger than", ... */
	unsigned char head[2];	/* the first bytes, for "gzip inside gzip" */
};

/* name is for messages and must outlive the spool. */
void source_spool_init(struct source_spool *sp, const char *name);
/* Adds p[0..n) (sp is a struct source_spool *: the shape of
 * store_source_read's callback); -1 with e filled. */
int source_spool_put(void *sp, const void *p, size_t n, struct err *e);
/* Makes the bytes so far into in (source_close releases it); the spool
 * is released either way. */
int source_spool_finish(struct source_spool *sp, struct source_input *in,
			struct err *e);
/* Releases a spool that will not be finished. */
void source_spool_release(struct source_spool *sp);

#endif
