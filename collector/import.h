/*
 * import.h: one input -> the store, in one transaction.
 *
 * The file is read (source.c), checked as text, keyed by its SHA-256,
 * recognised (registry.c) and parsed straight into the store inside one
 * BEGIN IMMEDIATE transaction together with its verbatim bytes.  Any error
 * rolls the whole file back: the store is then exactly as it was.
 * import_set does the same for the files of one run written as several
 * files (sql-bench's output/ folder): one transaction, one run.
 */
#ifndef BENCHSITE_IMPORT_H
#define BENCHSITE_IMPORT_H

#include <stddef.h>

#include "../core/err.h"

struct err;
struct store;

/* Attributes given with --set; KEY=VALUE pairs. */
#define IMPORT_SET_MAX 64

/* The most files one unit may have (a sql-bench run's, a fio output and
 * its logs). */
#define IMPORT_SET_FILES_MAX 64

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
	/* What a tool printed while its results went to a file (`benchsite
	 * run -- fio --output F`): stored beside the file, in the same
	 * transaction, as a source of format LIFECYCLE_PRINTED (schema/lifecycle.h) under
	 * printed_name, never parsed (reparse passes it over); NULL: none.
	 * Not one of the options import_opts_encode records. */
	const char *printed_name;
	const char *printed;
	size_t nprinted;
	/* A run's own output (benchsite run): the run's facts (its --set
	 * pairs) make it a run of its own even when the same bytes are
	 * stored already, as a deterministic benchmark prints on another
	 * filesystem: it is then keyed by the SHA-256 of the bytes' and of
	 * the options' text.  Not one of the options import_opts_encode
	 * records. */
	int own_run;
	/* Read back from a source's options only: the SHA-256s of the files
	 * (fio's logs) that were read with it, which reparse reads with it
	 * again. */
	int npart;
	const char *part[IMPORT_SET_FILES_MAX];
};

/* Warnings kept per file; a file with more says how many were left out.
 * Eight is more than any real file needs (one per failed run) and keeps
 * the report on the stack. */
#define IMPORT_WARN_MAX 8

struct import_warning {
	long line;
	char msg[ERR_MSG_MAX];
};

/* Inputs of at least this many bytes report their progress. */
#define IMPORT_PROGRESS_MIN ((size_t)64 << 20)

/* How far a pass over a large input has got: phase is "checking",
 * "hashing" or "reading"; done of total bytes. */
typedef void (*import_progress_fn)(void *ctx, const char *name,
				   const char *phase, size_t done,
				   size_t total);

/* Sets (NULL: unsets) the progress hook for this thread's imports. */
void import_set_progress(import_progress_fn fn, void *ctx);

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

/* The largest key struct format.group may give, with its format name. */
#define IMPORT_KEY_MAX 512

/* For `import DIR`: 1 when path's format writes one run as several files
 * (struct format.group) and path is one of them; key (cap bytes) is then
 * "FORMAT:RUNKEY", *unnamed 1 when the file does not say which run (it
 * joins its folder's only group).  0 for files that stand alone, and for
 * files that cannot be read or recognised (import_file then reports
 * them).  Reads the file; changes nothing. */
int import_group_key(const char *path, const struct import_opts *o,
		     char *key, size_t cap, int *unnamed);

/* 1 when path is a file named as fio names its logs (NAME_bw.N.log ...),
 * to go after the job's output in one import_set; 2 when it is such a
 * file but empty (nothing to read: fio leaves the slat log of a
 * synchronous engine empty); 0 for anything else.  Changes nothing. */
int import_is_part(const char *path);

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
/* The options of o that steer parsing and naming (--label, --set, --test,
 * --suite, --metric, --unit, --better, --table), as text for the source's
 * record in the store: one "name<TAB>value" line each, with backslash,
 * tab and line feed escaped.  *out is malloc'd (the caller frees); "" when
 * none were given. */
int import_opts_encode(const struct import_opts *o, char **out);

/* Reads text made by import_opts_encode back into o (zeroed first),
 * unescaping text in place: o's strings point into text, which must
 * outlive o.  -1 on text it did not make. */
int import_opts_decode(char *text, struct import_opts *o);

/* The label of a run whose input names none: the file's name without
 * folders and extensions ("out/ext4.csv.gz" -> "ext4"). */
void import_default_label(const char *path, char *out, size_t cap);

/* Imports path ("-" for standard input).  Returns 0 (rep filled), or -1
 * with e naming the file and line and the store unchanged. */
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
