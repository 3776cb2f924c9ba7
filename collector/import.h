/*
 * import.h: one input -> the store, in one transaction.
 *
 * The file is read (source.c), checked as text, keyed by its SHA-256,
 * recognised (registry.c) and parsed straight into the store inside one
 * BEGIN IMMEDIATE transaction together with its verbatim bytes.  Any error
 * rolls the whole file back: the store is then exactly as it was.
 */
#ifndef BENCHSITE_IMPORT_H
#define BENCHSITE_IMPORT_H

#include <stddef.h>

#include "../core/err.h"

struct err;
struct store;

/* Attributes given with --set; KEY=VALUE pairs. */
#define IMPORT_SET_MAX 64

struct import_opts {
	const char *format;	/* --format, or NULL to detect */
	const char *label;	/* --label, or NULL */
	const char *test;	/* --test, or NULL */
	const char *suite;	/* --suite (wide tables), or NULL */
	const char *metric;	/* --metric (wide tables), or NULL */
	const char *unit;	/* --unit (wide tables), or NULL */
	const char *better;	/* --better (wide tables), or NULL */
	int table;		/* --table N, or 0 */
	int skip_unknown;	/* a file of no known format is skipped, not
				 * an error (files met inside a folder) */
	int nset;
	const char *set_key[IMPORT_SET_MAX];
	const char *set_value[IMPORT_SET_MAX];
};

/* Warnings kept per file; a file with more says how many were left out.
 * Eight is more than any real file needs (one per failed run) and keeps
 * the report on the stack. */
#define IMPORT_WARN_MAX 8

struct import_warning {
	long line;
	char msg[ERR_MSG_MAX];
};

struct import_report {
	int already;		/* the same bytes were imported before */
	int skipped;		/* no known format, and skip_unknown */
	const char *format;	/* the format used */
	long runs;
	long results;
	/* What the parser passed over and said so (import succeeded); the
	 * caller prints them.  nwarn counts all, warn holds the first
	 * IMPORT_WARN_MAX. */
	int nwarn;
	struct import_warning warn[IMPORT_WARN_MAX];
};

/* Imports data[0..n), an input already in memory (a file's bytes, or the
 * output `benchsite run` captured) under name, which is what messages and
 * the store's source record call it and what the default label is made
 * of.  The caller keeps data.  Returns 0 (rep filled), or -1 with e naming
 * name and the line and the store unchanged. */
int import_buffer(struct store *s, const char *name, const char *data,
		  size_t n, const struct import_opts *o,
		  struct import_report *rep, struct err *e);

/* Imports path ("-" for standard input): source_read, then import_buffer
 * under the path ("<stdin>" for "-").  Returns 0 (rep filled), or -1 with
 * e naming the file and line and the store unchanged. */
int import_file(struct store *s, const char *path,
		const struct import_opts *o, struct import_report *rep,
		struct err *e);

#endif
