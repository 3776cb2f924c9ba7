/*
 * wide.c: wide results tables (rows = configurations, columns = tests), the
 * shape people put in spreadsheets and web pages, and the grid that the
 * HTML reader (htmltable.c) fills too, so both turn cells into records here.
 *
 * This is its own file, not part of table.c: table.c reads the long form
 * (one figure per row, every row self-describing) with a two-pass index,
 * while a wide table is a grid whose figures only mean something through
 * their row's label, their column's heading and what the user says the
 * figures are.  The two share only the CSV reader.
 *
 * A wide table has no marker (any CSV of numbers looks like one), so it is
 * never detected: it is read only with --format wide.  The command line
 * must say which way is good (--better): guessing it would silently invert
 * every conclusion the site draws.
 */
#include "wide.h"

#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/record.h"
#include "../../core/text.h"
#include "../../core/textrule.h"
#include "../csv.h"

int grid_init(struct grid *g, int rows, int cols)
{
	long i, n;

	g->rows = g->cols = 0;
	g->cell = NULL;
	if (rows < 0 || cols < 0 || (cols && rows > WIDE_CELLS_MAX / cols))
		return -1;
	n = (long)rows * cols;
	g->cell = calloc(n ? (size_t)n : 1, sizeof(*g->cell));
	if (!g->cell)
		return -1;
	for (i = 0; i < n; i++)
		g->cell[i].text = NULL;
	g->rows = rows;
	g->cols = cols;
	return 0;
}

void grid_release(struct grid *g)
{
	long i;

	for (i = 0; i < (long)g->rows * g->cols; i++)
		free(g->cell[i].text);
	free(g->cell);
	g->cell = NULL;
	g->rows = g->cols = 0;
}

struct grid_cell *grid_at(const struct grid *g, int r, int c)
{
	return &g->cell[(long)r * g->cols + c];
}

int grid_set(struct grid *g, int r, int c, const char *s, size_t n,
	     long line, long col)
{
	struct grid_cell *x = grid_at(g, r, c);
	char *t = malloc(n + 1);

	if (!t)
		return -1;
	memcpy(t, s, n);
	t[n] = '\0';
	free(x->text);
	x->text = t;
	x->line = line;
	x->col = col;
	return 0;
}

static const char *text(const struct grid *g, int r, int c)
{
	const char *t = grid_at(g, r, c)->text;

	return t ? t : "";
}

/* A column with no heading and no figure is layout (a spacer, a
 * rowspan's shadow), not a test. */
static int column_empty(const struct grid *g, int c)
{
	int r;

	for (r = 0; r < g->rows; r++)
		if (*text(g, r, c))
			return 0;
	return 1;
}

static int row_has_figure(const struct grid *g, int r, const char *skip)
{
	int c;

	for (c = 1; c < g->cols; c++)
		if (!skip[c] && *text(g, r, c))
			return 1;
	return 0;
}

static int where(const struct grid *g, int r, int c, struct err *e)
{
	const struct grid_cell *x = grid_at(g, r, c);

	e->line = x->line;
	e->col = x->col;
	return -1;
}

int wide_records(const struct grid *g, const struct parse_opts *o,
		 const struct record_sink *sink, struct err *e)
{
	const char *suite = o->suite ? o->suite : "table";
	const char *metric = o->metric ? o->metric : "value";
	const char *unit = o->unit ? o->unit : "";
	char *skip;
	int r, c, k, runs = 0, rc = -1;

	if (!o->better)
		return err_at(e, 0, 0, "a wide table does not say which way is "
			      "good: give --better lower or --better higher");
	if (!record_better_valid(o->better))
		return err_at(e, 0, 0, "--better must be 'lower' or 'higher', "
			      "found '%.40s'", o->better);
	if (!*suite || !*metric)
		return err_at(e, 0, 0, "--suite and --metric must not be empty");
	if (g->rows < 1 || g->cols < 2)
		return err_at(e, g->rows ? grid_at(g, 0, 0)->line : 0, 0,
			      "a wide table needs a heading row and at least "
			      "two columns (labels, then tests)");
	skip = calloc((size_t)g->cols, 1);
	if (!skip)
		return err_at(e, 0, 0, "out of memory");
	for (c = 1; c < g->cols; c++) {
		const char *t = text(g, 0, c);

		if (column_empty(g, c)) {
			skip[c] = 1;
			continue;
		}
		if (!*t) {
			err_at(e, 0, 0, "column %d has figures but no test name "
			       "in the heading row", c + 1);
			where(g, 0, c, e);
			goto out;
		}
		/* spelt either way, a heading is one test name */
		for (k = 1; k < c; k++) {
			int same = skip[k] ? 0 : textrule_same(text(g, 0, k), t);

			if (same < 0) {
				err_at(e, 0, 0, "out of memory");
				goto out;
			}
			if (same) {
				err_at(e, 0, 0, "test '%.60s' is the heading of "
				       "columns %d and %d", t, k + 1, c + 1);
				where(g, 0, c, e);
				goto out;
			}
		}
	}
	for (r = 1; r < g->rows; r++) {
		const char *label = text(g, r, 0);

		if (!row_has_figure(g, r, skip))
			continue;
		if (!*label) {
			err_at(e, 0, 0, "a row with figures but no label in its "
			       "first cell");
			where(g, r, 0, e);
			goto out;
		}
		if (sink->run_begin(sink->ctx, suite, label,
				    grid_at(g, r, 0)->line, e))
			goto out;
		for (c = 1; c < g->cols; c++) {
			const char *t = text(g, r, c);
			struct record_result res;

			if (skip[c] || !*t)
				continue;
			res.test = text(g, 0, c);
			res.metric = metric;
			res.unit = unit;
			res.better = o->better;
			res.status = "ok";
			res.has_value = 1;
			if (num_parse(t, strlen(t), &res.value)) {
				err_at(e, 0, 0, "'%.40s' (row '%.40s', test "
				       "'%.40s') is not a number", t, label,
				       res.test);
				where(g, r, c, e);
				goto out;
			}
			if (sink->result(sink->ctx, &res, e)) {
				where(g, r, c, e);
				goto out;
			}
		}
		if (sink->run_end(sink->ctx, e))
			goto out;
		runs++;
	}
	if (runs == 0) {
		err_at(e, 0, 0, "no row with figures under the heading row");
		where(g, 0, 0, e);
		goto out;
	}
	rc = 0;
out:
	free(skip);
	return rc;
}

static char first_line_delim(const char *p, size_t n)
{
	const char *nl = memchr(p, '\n', n);

	return memchr(p, '\t', nl ? (size_t)(nl - p) : n) ? '\t' : ',';
}

static int wide_detect(const char *p, size_t n)
{
	(void)p;
	(void)n;
	return 0;
}

/* Reads every record into a grid; all must have the heading's width. */
static int read_grid(const char *p, size_t n, struct grid *g, struct err *e)
{
	struct csv *c = malloc(sizeof(*c));
	struct csv_row *r = malloc(sizeof(*r));
	size_t pos0 = 0;
	long line0 = 1, rows = 0;
	int got, width = 0, i, rc = -1;

	if (!c || !r) {
		err_at(e, 0, 0, "out of memory");
		goto done;
	}
	csv_init(c, p, n, first_line_delim(p, n));
	/* pass 1: count and check the shape, so the grid is made once */
	while ((got = csv_next(c, r, e)) == 1) {
		if (rows == 0) {
			width = r->count;
			pos0 = r->pos;
			line0 = r->line;
		} else if (r->count != width) {
			err_at(e, r->line, 0, "expected %d fields like the "
			       "heading row, found %d", width, r->count);
			goto out;
		}
		if (++rows * width > WIDE_CELLS_MAX) {
			err_at(e, r->line, 0, "more than %ld cells",
			       WIDE_CELLS_MAX);
			goto out;
		}
	}
	if (got < 0)
		goto out;
	if (rows == 0) {
		err_at(e, 1, 0, "no heading row");
		goto out;
	}
	if (grid_init(g, (int)rows, width)) {
		err_at(e, 0, 0, "out of memory");
		goto out;
	}
	csv_seek(c, pos0, line0);
	for (rows = 0; csv_next(c, r, e) == 1; rows++)
		for (i = 0; i < width; i++) {
			/* spreadsheets pad cells with spaces; a figure is
			 * still a figure */
			const char *f = r->field[i];
			size_t k = r->len[i];

			while (k && (*f == ' ' || *f == '\t')) {
				f++;
				k--;
			}
			while (k && (f[k - 1] == ' ' || f[k - 1] == '\t'))
				k--;
			if (grid_set(g, (int)rows, i, f, k, r->line, i + 1)) {
				err_at(e, r->line, 0, "out of memory");
				goto out;
			}
		}
	rc = 0;
out:
	csv_release(c);
done:
	free(c);
	free(r);
	return rc;
}

static int wide_parse(const char *p, size_t n, const struct parse_opts *o,
		      const struct record_sink *sink, struct err *e)
{
	struct grid g = {0, 0, NULL};
	int rc;

	if (!o->better)
		return wide_records(&g, o, sink, e);
	rc = read_grid(p, n, &g, e);
	if (rc == 0)
		rc = wide_records(&g, o, sink, e);
	grid_release(&g);
	return rc;
}

const struct format format_wide = {
	"wide",
	"wide CSV or TSV: rows = runs (first column the label), columns = "
	"tests; needs --better (never detected)",
	FORMAT_EXACT,	/* a user's table: its names are data, read byte for byte */
	wide_detect,
	wide_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
