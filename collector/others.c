/*
 * others.c: the output of other tools in a file read as one format.
 *
 * A Markdown page or a log may hold fio job reports and iozone tables, or
 * sysbench runs and a fio report.  A file is read first by one parser (the
 * one detected first, or --format); then every other format with an
 * unmistakable marker is asked whether the same text is also its output,
 * and each that says yes reads it too, into the same sink: its runs join
 * the file's, each starting at its own line.  Nothing recognised is
 * dropped.  Such a parser must read the text whole (it sees the first
 * tool's output as well, which it passes over as any wrapper text); it
 * first reads it into a sink that keeps nothing, so that one that cannot
 * stores nothing, and its output is then a warning naming the line where
 * it starts and why it was not read.
 *
 * The formats asked are the registry's FORMAT_MARKED ones, in its order.
 * Formats without a marker of their own (HTML pages, bonnie++ CSV, the
 * long and wide tables) are not asked: almost any text with commas or a
 * table would pass for them.  fio's JSON and normal text are one tool:
 * fio writes both with --output-format=json,normal, and the file's reader
 * already chose between them.
 *
 * The line is found by bisection over line starts: detection looks at a
 * window from the start of the text, so the shortest prefix a format
 * accepts ends on the line where its marker is.  About twenty detections,
 * each bounded by the format's window.
 */
#include <string.h>

#include "../core/err.h"
#include "../core/record.h"
#include "format.h"

/* 1 when f is one of fio's outputs, JSON or normal text. */
static int fio_output(const struct format *f)
{
	return strcmp(f->name, "fio") == 0 || strcmp(f->name, "fio-text") == 0;
}

static int same_tool(const struct format *a, const struct format *b)
{
	return a == b || (fio_output(a) && fio_output(b));
}

/* The line on which f's output starts in p[0..n) (f accepts it whole):
 * the last line of the shortest prefix, ending at a line end, that f
 * accepts. */
static long start_line(const struct format *f, const char *p, size_t n)
{
	size_t lo = 0, hi = n, mid, end;
	const char *q;
	long line = 1;

	for (;;) {
		mid = lo + (hi - lo) / 2;
		q = memchr(p + mid, '\n', hi - mid);
		end = q ? (size_t)(q - p) + 1 : hi;
		if (end >= hi) {
			/* no line end in [mid, hi - 1): the one before mid */
			for (end = mid; end > lo && p[end - 1] != '\n'; end--)
				;
			if (end <= lo)
				break;
		}
		if (f->detect(p, end))
			hi = end;
		else
			lo = end;
	}
	for (q = p; (q = memchr(q, '\n', (size_t)(p + hi - q))) != NULL &&
		    q < p + hi - 1; q++)
		line++;
	return line;
}

/* The sink that keeps nothing: whether a parser can read the text. */
static int n_run_begin(void *ctx, const char *suite, const char *label,
		       long line, struct err *e)
{
	(void)ctx, (void)suite, (void)label, (void)line, (void)e;
	return 0;
}

static int n_attr(void *ctx, const char *key, const char *value,
		  struct err *e)
{
	(void)ctx, (void)key, (void)value, (void)e;
	return 0;
}

static int n_result(void *ctx, const struct record_result *r, struct err *e)
{
	(void)ctx, (void)r, (void)e;
	return 0;
}

static int n_sample(void *ctx, const char *test, const char *metric,
		    double when, double value, struct err *e)
{
	(void)ctx, (void)test, (void)metric, (void)when, (void)value, (void)e;
	return 0;
}

static int n_run_end(void *ctx, struct err *e)
{
	(void)ctx, (void)e;
	return 0;
}

static const struct record_sink nothing = {
	NULL, n_run_begin, n_attr, n_result, n_sample, n_run_end, NULL
};

/* Whether e is an allocation failure, which is the machine's, not the
 * text's: it fails the import rather than becoming a warning. */
static int out_of_memory(const struct err *e)
{
	return strstr(e->msg, "out of memory") != NULL;
}

int format_others_read(const struct format *read, const char *p, size_t n,
		       const struct parse_opts *o,
		       const struct record_sink *sink,
		       struct format_also *also, struct err *e)
{
	size_t i;
	struct err why;

	for (i = 0; formats[i]; i++) {
		const struct format *f = formats[i];

		if (!(f->flags & FORMAT_MARKED) || same_tool(f, read) ||
		    !f->detect(p, n))
			continue;
		err_clear(&why);
		if (f->parse(p, n, o, &nothing, &why) == 0) {
			if (f->parse(p, n, o, sink, e))
				return -1;
			if (also && also->n < FORMAT_ALSO_MAX)
				also->f[also->n++] = f;
			continue;
		}
		if (out_of_memory(&why)) {
			*e = why;
			return -1;
		}
		if (record_warn(sink, start_line(f, p, n), e, "%s output "
				"starts here and was not read: %s%.0ld%s%.300s",
				f->name, why.line > 0 ? "line " : "",
				why.line > 0 ? why.line : 0,
				why.line > 0 ? ": " : "", why.msg))
			return -1;
	}
	return 0;
}
