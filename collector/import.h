/*
 * import.h: one input -> the store, in one transaction.
 *
 * The file is read (source.c), checked as text, keyed by its SHA-256,
 * recognised (registry.c) and parsed straight into the store inside one
 * BEGIN IMMEDIATE transaction together with its verbatim bytes.  Any error
 * rolls the whole file back: the store is then exactly as it was.
 * import_set does the same for the files of one run written as several
 * files (sql-bench's output/ folder): one transaction, one run.  The
 * pieces: what the user said (import_opts.h), reading and recognising an
 * input (import_load.h), which files make one unit (import_group.h) and
 * the records' way into the store (sink.h).
 */
#ifndef BENCHSITE_IMPORT_H
#define BENCHSITE_IMPORT_H

#include <stddef.h>

#include "../core/err.h"
#include "import_group.h"
#include "import_load.h"
#include "import_opts.h"

struct err;
struct store;

/* Warnings kept per file; a file with more says how many were left out.
 * Eight is more than any real file needs (one per failed run) and keeps
 * the report on the stack. */
#define IMPORT_WARN_MAX 8

struct import_warning {
	long line;
	char msg[ERR_MSG_MAX];
};


struct import_report {
	int already;		/* the same bytes were imported before (a
				 * set: how many of its files) */
	int skipped;		/* no known format, and skip_unknown */
	const char *format;	/* the format used ("fio-text, iozone" when
				 * the file also held another tool's output,
				 * which was read too: then in formats) */
	char formats[160];
	long runs;
	long results;
	/* What the parser passed over and said so (import succeeded); the
	 * caller prints them.  nwarn counts all, warn holds the first
	 * IMPORT_WARN_MAX. */
	int nwarn;
	struct import_warning warn[IMPORT_WARN_MAX];
};


/* Imports paths[0..n), the files of one run (same import_group_key), as
 * ONE unit: one transaction, a source row per file, one run (a fio
 * output and its logs: one output, whose runs the logs add samples to, in
 * any place of paths).  Files whose
 * bytes are already stored are left out (rep->already counts them); when
 * all are, nothing changes.  Returns 0, or -1 with e naming the file and
 * line at fault and the store unchanged. */
int import_set(struct store *s, const char *const *paths, size_t n,
	       const struct import_opts *o, struct import_report *rep,
	       struct err *e);

/* Imports data[0..n), an input already in memory (a file's bytes, or the
 * output `benchsite run` captured) under name, which is what messages and
 * the store's source record call it and what the default label is made
 * of.  The caller keeps data.  Returns 0 (rep filled), or -1 with e naming
 * name and the line and the store unchanged. */
int import_buffer(struct store *s, const char *name, const char *data,
		  size_t n, const struct import_opts *o,
		  struct import_report *rep, struct err *e);

/* Imports path ("-" for standard input): source_open, then import_buffer
 * under the path ("<stdin>" for "-").  Returns 0 (rep filled), or -1 with
 * e naming the file and line and the store unchanged. */
int import_file(struct store *s, const char *path,
		const struct import_opts *o, struct import_report *rep,
		struct err *e);

#endif
