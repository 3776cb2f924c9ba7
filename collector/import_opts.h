/*
 * import_opts.h: what the user told import (--label, --set, --test...),
 * and its text form kept with each source so that reparse reads the
 * source again exactly as import did.
 */
#ifndef BENCHSITE_IMPORT_OPTS_H
#define BENCHSITE_IMPORT_OPTS_H

#include <stddef.h>

struct parse_opts;

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

/* The options of o that steer the parser, for the input called name, into
 * po (zeroed first; o NULL: none). */
void import_opts_parse(const struct import_opts *o, const char *name,
		       struct parse_opts *po);

#endif
