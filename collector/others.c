/*
 * others.c: the output of another tool in a file read as one format.
 *
 * A Markdown page or a log may hold fio job reports and iozone tables, or
 * sysbench runs and a fio report.  A file is read by one parser (the one
 * detected first, or --format), so the other tool's reports would vanish
 * without a word.  After the parse, every other format with an
 * unmistakable marker is asked whether the same text is also its output;
 * each that says yes is a warning naming the line where its output
 * starts, so that nothing recognised is dropped in silence.
 *
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

#include "../core/record.h"
#include "format.h"

static const struct format *const asked[] = {
	&format_sysbench, &format_sqlbench, &format_fio, &format_fiotext,
	&format_hyperfine, &format_supersmack, &format_dbench,
	&format_pgbench, &format_iozone,
};

static int same_tool(const struct format *a, const struct format *b)
{
	int fa = a == &format_fio || a == &format_fiotext;
	int fb = b == &format_fio || b == &format_fiotext;

	return a == b || (fa && fb);
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

int format_others_warn(const struct format *read, const char *p, size_t n,
		       const struct record_sink *sink, struct err *e)
{
	size_t i;

	for (i = 0; i < sizeof(asked) / sizeof(asked[0]); i++) {
		const struct format *f = asked[i];

		if (same_tool(f, read) || !f->detect(p, n))
			continue;
		if (record_warn(sink, start_line(f, p, n), e, "%s output "
				"starts here and was not read (the file was "
				"read as %s, one tool per file): put it in a "
				"file of its own to import it", f->name,
				read->name))
			return -1;
	}
	return 0;
}
