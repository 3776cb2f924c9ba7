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

struct import_report {
	int already;		/* the same bytes were imported before */
	int skipped;		/* no known format, and skip_unknown */
	const char *format;	/* the format used */
	long runs;
	long results;
};

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
int import_file(struct store *s, const char *path,
		const struct import_opts *o, struct import_report *rep,
		struct err *e);

#endif
