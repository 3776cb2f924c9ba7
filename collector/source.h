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

/* Reads path ("-": standard input) into *out (malloc'd, NUL-terminated,
 * the caller frees), *n bytes.  *gz is set to 1 when it was gzip. */
int source_read(const char *path, char **out, size_t *n, int *gz,
		struct err *e);

#endif
