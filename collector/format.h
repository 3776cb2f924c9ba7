/*
 * format.h: the boundary between input bytes and records.
 *
 * Each input format is one file under formats/ with one `struct format`,
 * declared and listed in the registry (registry.c), the one list of formats
 * (docs/adding-a-format.md).  A parser turns a whole, validated buffer into
 * records through a struct record_sink; it knows nothing of SQLite, HTML or
 * the terminal.  Detection is by content: each format says whether a buffer
 * looks like its own, and the registry asks them in a fixed order.
 */
#ifndef BENCHSITE_FORMAT_H
#define BENCHSITE_FORMAT_H

#include <stddef.h>

#include "../core/record.h"

struct err;
struct format_also;

/* What the user told the importer about the input; NULL or 0 when not
 * given. */
struct parse_opts {
	const char *test;	/* --test NAME: the test the output does not name */
	const char *suite;	/* --suite: wide tables */
	const char *metric;	/* --metric: wide tables */
	const char *unit;	/* --unit: wide tables */
	const char *better;	/* --better lower|higher: wide tables */
	int table;		/* --table N (1-based): which table of a page */
	const char *name;	/* the input's name (path, or "<stdin>") */
	/* NULL, or where format_parse lists the other tools whose output
	 * the text also held and that read it (collector/others.c) */
	struct format_also *also;
};

/* One input of a set given to struct format.parse_set. */
struct input {
	const char *name;	/* as given to import ("<stdin>"), for messages
				 * and for what the name says (sql-bench) */
	const char *p;		/* validated text, as for parse */
	size_t n;
};

/* struct format flags */
#define FORMAT_ANY_BYTES 1	/* the parser checks its own encoding (HTML
				 * pages in Latin-1); others get only valid
				 * UTF-8 text without NUL bytes */
#define FORMAT_EXACT 2		/* read as it is, never unwrapped (XML,
				 * whose entities are its own) */
#define FORMAT_PART 4		/* read only with the output of a
				 * FORMAT_PARTS format, in one unit, after
				 * it (fio's logs) */
#define FORMAT_PARTS 8		/* parse_set takes the output in[0] and
				 * FORMAT_PART files after it */
#define FORMAT_MARKED 16	/* its output has a marker no other text
				 * has: it is asked for its output in a
				 * file read as another format (others.c) */

struct format {
	const char *name;	/* as given to --format */
	const char *what;	/* one line for --help */
	unsigned flags;
	/* 1 when p[0..n) (validated text) looks like this format. */
	int (*detect)(const char *p, size_t n);
	/* Parses p[0..n) (valid UTF-8, no NUL, lines within LINE_MAX_BYTES,
	 * unless FORMAT_ANY_BYTES), sending every run to sink; fills e's
	 * line/col on failure (the file name is the importer's). */
	int (*parse)(const char *p, size_t n, const struct parse_opts *o,
		     const struct record_sink *sink, struct err *e);
	/* Optional; NULL for formats whose runs never span files.  A tool
	 * that writes one run as several files (sql-bench: a file per test
	 * and a summary) says which run the file named name (its last path
	 * component) with content p[0..n) belongs to: returns 1 and writes a
	 * NUL-terminated key of at most cap bytes; the key "" means "of some
	 * run, but its name does not say which" (such a file joins the only
	 * run of its folder, if there is exactly one).  Returns 0 when the
	 * file stands alone. */
	int (*group)(const char *name, const char *p, size_t n, char *key,
		     size_t cap);
	/* With group: parses in[0..n), the files of one run, into that one
	 * run.  On failure e names the input at fault (file, line, column). */
	int (*parse_set)(const struct input *in, size_t n,
			 const struct parse_opts *o,
			 const struct record_sink *sink, struct err *e);
};

/* The registry, NULL-terminated, in detection order. */
extern const struct format *const formats[];

/* The format named name, or NULL. */
const struct format *format_find(const char *name);

/* The first format whose detect accepts p[0..n), or NULL. */
const struct format *format_detect(const char *p, size_t n);

/* guess.c: for a file no format detects, "this looks like X output; ...
 * is read" when it is a known tool's output in a form not read (its
 * terminal output, another export), else NULL.  Static text. */
const char *format_guess(const char *p, size_t n);

/* unwrap.c: text pasted into Markdown or a mail ('>' quoting, '**', HTML
 * entities, an indented block) as the plain text.  unwrap_text returns 1
 * and sets *out (malloc'd, NUL-terminated, the caller frees) and *outn
 * when p[0..n) was wrapped, 0 when it was not (or is too large to copy),
 * -1 when out of memory; lines stay where they were. */
int unwrap_text(const char *p, size_t n, char **out, size_t *outn);
/* The format the unwrapped text of p[0..n) is detected as, or NULL (no
 * wrapping, or none detected, or a format read only as it is). */
const struct format *format_detect_wrapped(const char *p, size_t n);
/* f->parse of p[0..n) unwrapped (unless f reads bytes as they are), with
 * every label trimmed of blanks on the way to sink: what import and
 * reparse call, so that both read a source the same way. */
int format_parse(const struct format *f, const char *p, size_t n,
		 const struct parse_opts *o, const struct record_sink *sink,
		 struct err *e);

/* others.c: after p[0..n) was read as read, every other tool whose output
 * the text also holds reads it into sink too (its runs follow), or, when
 * it cannot, is a warning (through sink) naming the line where its output
 * starts and why.  The formats that read are listed in also (may be NULL).
 * 0, or -1 when a parser or the sink failed. */
#define FORMAT_ALSO_MAX 16
struct format_also {
	size_t n;
	const struct format *f[FORMAT_ALSO_MAX];
};
int format_others_read(const struct format *read, const char *p, size_t n,
		       const struct parse_opts *o,
		       const struct record_sink *sink,
		       struct format_also *also, struct err *e);


/* fiolog.c: the parse_set of fio's outputs (out: fio or fio-text): in[0]
 * the job output, in[1..n) its logs, sent as samples of its runs.  On
 * failure e names the input at fault. */
int fiolog_parse_set(const struct format *out, const struct input *in,
		     size_t n, const struct parse_opts *o,
		     const struct record_sink *sink, struct err *e);
/* 1 when path (its last component) is named as fio names its logs. */
int fiolog_named(const char *path);

#endif
