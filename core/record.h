/*
 * record.h: the one shape in which results travel from a parser to the
 * store and from the store to export and the renderer.
 *
 * It is plain data (strings owned by whoever passes the struct, valid for
 * the duration of the call), so a parser needs no SQLite and the store needs
 * no format.  suite/test/metric are the canonical names of what was
 * measured (docs/formats.md lists them per format), unit is the canonical
 * unit, better is "lower" or "higher", status is one of the words
 * record_status_valid accepts.
 */
#ifndef BENCHSITE_RECORD_H
#define BENCHSITE_RECORD_H

#include <stddef.h>

struct err;

struct record_result {
	const char *test;
	const char *metric;
	double value;		/* meaningful only when has_value */
	int has_value;
	const char *unit;
	const char *better;	/* "lower" or "higher" */
	const char *status;	/* "ok", "too-fast", ... */
};

/* Where parsed records go.  Each callback returns 0 or -1 (with e filled);
 * a parser stops at the first -1 and returns it.  Calls come in the order
 * run_begin, (attr | result | sample)*, run_end, for each run; warn may come
 * at any time. */
struct record_sink {
	void *ctx;
	/* label may be NULL: the importer then names the run after the file.
	 * line is where the run starts in the input, for messages. */
	int (*run_begin)(void *ctx, const char *suite, const char *label,
			 long line, struct err *e);
	int (*attr)(void *ctx, const char *key, const char *value,
		    struct err *e);
	int (*result)(void *ctx, const struct record_result *r, struct err *e);
	/* An interim figure: value of test/metric t seconds into the run
	 * (sysbench --report-interval lines). */
	int (*sample)(void *ctx, const char *test, const char *metric, double t,
		      double value, struct err *e);
	int (*run_end)(void *ctx, struct err *e);
	/* Optional (NULL: warnings are dropped).  Something the parser passed
	 * over that the user should know of, at line of the input: a sysbench
	 * run that stopped with FATAL while the file's other runs are fine.
	 * A warning never changes what is stored. */
	int (*warn)(void *ctx, long line, const char *msg, struct err *e);
};

/* Sends a printf-style warning through sink->warn when there is one;
 * returns what warn returned, or 0. */
int record_warn(const struct record_sink *sink, long line, struct err *e,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Sends one result through sink->result: with status "ok" it carries v,
 * with any other status (the test failed, ran too fast to time...) no
 * value.  Returns what sink->result returned. */
int record_send(const struct record_sink *sink, const char *test,
		const char *metric, const char *unit, const char *better,
		const char *status, double v, struct err *e);

/* The longest attribute value record_attr_span sends, NUL included: what
 * a parser takes from a line for an attribute is a name or a setting, and
 * one longer than this is a damaged line rather than a value. */
#define RECORD_SPAN_VALUE_MAX 256

/* Sends attribute key with the value p[0..n) (not NUL-terminated) through
 * sink->attr and returns what attr returned; a value of
 * RECORD_SPAN_VALUE_MAX bytes or more is refused: -1 with e at line and
 * col ("KEY longer than 255 bytes"). */
int record_attr_span(const struct record_sink *sink, const char *key,
		     const char *p, size_t n, long line, long col,
		     struct err *e);

/* 1 when s is a status word the store accepts. */
int record_status_valid(const char *s);
/* 1 when s is "lower" or "higher". */
int record_better_valid(const char *s);

/* The figures the statistics can carry: 0, or a magnitude from
 * RECORD_FIGURE_MIN to RECORD_FIGURE_MAX, either sign.  The analysis squares
 * figures (a variance) and raises them to the fourth power (Welch's degrees
 * of freedom, Fieller's interval for a ratio) and divides one by another
 * (ratios): 1e75 to the fourth is 1e300, still a double, and so is 1e75
 * over 1e-75; 1.7976931348623157e308 squared, or 1.5 over 5e-324, is
 * infinity, which no JSON, CSV or chart can show.  No benchmark reports a
 * figure near either bound in its canonical unit (docs/units.md). */
#define RECORD_FIGURE_MIN 1e-75
#define RECORD_FIGURE_MAX 1e75

/* 1 when v is such a figure. */
int record_figure_ok(double v);
/* The same word as a string of static storage, or NULL when s is none:
 * what holds a result beyond its parser's call keeps this instead of a
 * copy. */
const char *record_status_word(const char *s);
const char *record_better_word(const char *s);

/* The columns of the long format, in their order: what `benchsite export`
 * writes and the table importer reads back. */
#define RECORD_NCOLS 9
extern const char *const record_cols[RECORD_NCOLS];

/* 1 when s is a valid attribute key: letters, digits, '_', '-', '.'. */
int record_key_valid(const char *s);

#endif
