/*
 * source.h: reading an input into memory, with caps.
 *
 * A file, a directory's file or standard input ("-") is read whole; gzip
 * input (by its magic bytes, not its name) is inflated transparently, every
 * member of a multi-member stream included.  The decompressed size is capped
 * so that a small hostile .gz cannot take the machine's memory.
 */
#ifndef BENCHSITE_SOURCE_H
#define BENCHSITE_SOURCE_H

#include <stddef.h>

struct err;

/* The largest input benchsite reads: far above any real benchmark output
 * (a day of per-second sysbench lines is ~10 MB), low enough to hold in
 * memory twice on a small machine. */
#define SOURCE_MAX ((size_t)256 << 20)

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

/* Reads path ("-": standard input) into *out (malloc'd, NUL-terminated,
 * the caller frees), *n bytes.  *gz is set to 1 when it was gzip. */
int source_read(const char *path, char **out, size_t *n, int *gz,
		struct err *e);

#endif
