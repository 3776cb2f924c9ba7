/*
 * sqlbench_compare.c: a sql-bench compare-results table (sqlbench.h): a
 * column per RUN file, so a run per column, begun and ended here; with
 * --relative the columns after the first are ratios to it, kept as
 * printed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/lines.h"
#include "../../core/text.h"
#include "../span.h"
#include "sqlbench.h"

struct cmp_col {
	char label[SQLB_NAME_MAX];
	char version[SQLB_VALUE_MAX];
	char comments[SQLB_VALUE_MAX];
	long line;
};

struct cmp_row {
	char test[SQLB_NAME_MAX];
	long line;
	double v[SQLB_COLS_MAX];
	unsigned char has[SQLB_COLS_MAX];
	const char *status[SQLB_COLS_MAX];
};

struct cmp {
	struct cmp_col cols[SQLB_COLS_MAX];
	size_t ncols;
	struct cmp_row rows[SQLB_TESTS_MAX];
	size_t nrows;
	int relative;
};

/* Splits "name |c1|c2|...|ck|" into cells; -1 unless exactly k cells and
 * nothing after the last bar. */
static int cmp_cells(const char *s, size_t n, size_t k, const char **cell,
		     size_t *cn)
{
	const char *bar = memchr(s, '|', n), *end = s + n;
	size_t i;

	if (!bar)
		return -1;
	cell[0] = s;
	cn[0] = (size_t)(bar - s);
	for (i = 1; i <= k; i++) {
		const char *next;

		if (bar + 1 > end)
			return -1;
		next = memchr(bar + 1, '|', (size_t)(end - bar - 1));
		if (!next)
			return -1;
		cell[i] = bar + 1;
		cn[i] = (size_t)(next - bar - 1);
		bar = next;
	}
	return span_blank(bar + 1, (size_t)(end - bar - 1)) ? 0 : -1;
}

/* A value cell: blank, or flags "*+?" around a number. */
static int cmp_value(const char *s, size_t n, int *has, double *v,
		     const char **status)
{
	size_t i = 0, j;

	span_trim(&s, &n);
	*has = 0;
	*status = "ok";
	if (n == 0)
		return 0;
	for (j = 0; j < 2; j++) {
		while (i < n && strchr("*+?", s[i])) {
			if (s[i] == '+')
				*status = "estimated";
			else if (s[i] == '?')
				*status = "wrong-result";
			i++;
		}
		if (j == 0) {
			size_t k = i;

			while (k < n && (isdigit((unsigned char)s[k]) ||
					 s[k] == '.'))
				k++;
			if (k == i || num_parse_plain(s + i, k - i, v))
				return -1;
			i = k;
		}
	}
	if (i != n)
		return -1;
	*has = 1;
	return 0;
}

/* A compare-results --relative cell: the ratio to column 1 as printed. */
static int emit_ratio(struct sqlb *b, const struct cmp_row *row, double v,
		      const char *status)
{
	struct record_result r;

	r.test = row->test;
	r.metric = "total_time_ratio";
	r.value = v;
	r.has_value = 1;
	r.unit = "x";
	r.better = "lower";
	r.status = status;
	if (b->sink->result(b->sink->ctx, &r, b->e))
		return sqlb_sink_failed(b, row->line);
	return 0;
}

static int cmp_emit(struct sqlb *b, struct cmp *c)
{
	size_t i, r;

	for (i = 0; i < c->ncols; i++) {
		struct cmp_col *col = &c->cols[i];

		if (b->sink->run_begin(b->sink->ctx, SUITE, col->label,
				       col->line, b->e))
			return sqlb_sink_failed(b, col->line);
		if (col->version[0] &&
		    b->sink->attr(b->sink->ctx, "server_version", col->version,
				  b->e))
			return sqlb_sink_failed(b, col->line);
		if (col->comments[0] &&
		    b->sink->attr(b->sink->ctx, "comments", col->comments, b->e))
			return sqlb_sink_failed(b, col->line + 1);
		for (r = 0; r < c->nrows; r++) {
			struct cmp_row *row = &c->rows[r];
			double v = row->v[i];

			if (!row->has[i])
				continue;
			if (c->relative && i > 0) {
				if (!row->has[0])
					continue;	/* a ratio to nothing */
				if (emit_ratio(b, row, v, row->status[i]))
					return -1;
				continue;
			}
			if (sqlb_emit(b, row->line, row->test, "total_time", 1, v,
				    row->status[i]))
				return -1;
			/* the reference of the ratios: 1 by definition ("1.00
			 * is the same") */
			if (c->relative && emit_ratio(b, row, 1, row->status[0]))
				return -1;
		}
		if (b->sink->run_end(b->sink->ctx, b->e))
			return sqlb_sink_failed(b, col->line);
	}
	return 0;
}

int sqlb_compare_file(struct sqlb *b, const struct input *in)
{
	enum { SEEK, LIST, HEADER, NAMES, TABLE } st = SEEK;
	enum { NONE, TESTS, OPS } part = NONE;
	static struct cmp c;	/* 300 KB: too big for the stack */
	struct lines l;
	const char *s;
	size_t n;
	int tables = 0;

	memset(&c, 0, sizeof(c));
	lines_init(&l, in->p, in->n);
	while (lines_next(&l, &s, &n)) {
		const char *cell[SQLB_COLS_MAX + 1];
		size_t cn[SQLB_COLS_MAX + 1], i;

		switch (st) {
		case SEEK:
			if (span_starts(s, n, "The result logs which where found")) {
				memset(&c, 0, sizeof(c));
				st = LIST;
			}
			continue;
		case LIST: {
			const char *sep, *t = s;
			size_t tn = n;
			long num;
			char *end;
			char digits[8];
			struct cmp_col *col;

			if (span_blank(s, n))
				continue;
			if (s[0] == '=') {
				if (c.ncols == 0)
					return sqlb_fail(b, l.lineno, 1, "no "
						       "result logs listed "
						       "before the table");
				st = HEADER;
				continue;
			}
			span_trim(&t, &tn);
			i = 0;
			while (i < tn && i < sizeof(digits) - 1 &&
			       isdigit((unsigned char)t[i]))
				i++;
			if (i == 0 || i == tn || t[i] != ' ') {
				/* the comment line under an entry */
				if (c.ncols && n > 2 && s[0] == ' ' &&
				    s[1] == ' ') {
					col = &c.cols[c.ncols - 1];
					if (col->comments[0] ||
					    span_cstr(col->comments,
						      sizeof(col->comments), t, tn))
						return sqlb_fail(b, l.lineno, 1,
							       "unexpected "
							       "line in the "
							       "list of result "
							       "logs");
					continue;
				}
				return sqlb_fail(b, l.lineno, 1, "expected ' N "
					       "<run name> : <server version> "
					       "<arguments>'");
			}
			memcpy(digits, t, i);
			digits[i] = '\0';
			num = strtol(digits, &end, 10);
			if (num != (long)c.ncols + 1)
				return sqlb_fail(b, l.lineno, 1, "result log %ld "
					       "listed where %zu was expected",
					       num, c.ncols + 1);
			if (c.ncols == SQLB_COLS_MAX)
				return sqlb_fail(b, l.lineno, 1, "more than %d "
					       "result logs", SQLB_COLS_MAX);
			sep = NULL;
			for (i = i + 1; i + 1 < tn; i++)
				if (t[i] == ':' && t[i + 1] == ' ') {
					sep = t + i;
					break;
				}
			if (!sep)
				return sqlb_fail(b, l.lineno, 1, "expected ' N "
					       "<run name> : <server version> "
					       "<arguments>'");
			col = &c.cols[c.ncols++];
			col->line = l.lineno;
			{
				const char *nm = t + strlen(digits) + 1;
				size_t nn = (size_t)(sep - nm);
				const char *v = sep + 2, *args;
				size_t vn = (size_t)(t + tn - v);

				span_trim(&nm, &nn);
				if (nn == 0 || span_cstr(col->label,
							 sizeof(col->label), nm, nn))
					return sqlb_fail(b, l.lineno, 1,
						       "expected a run name of "
						       "1 to %d bytes",
						       SQLB_NAME_MAX - 1);
				/* a RUN- name with its -cmp- part */
				sqlb_tail_label(col->label, col->label,
					      sizeof(col->label));
				if (!col->label[0])
					return sqlb_fail(b, l.lineno, 1,
						       "expected a run name of "
						       "1 to %d bytes",
						       SQLB_NAME_MAX - 1);
				args = NULL;
				for (i = 0; i + 3 <= vn; i++)
					if (memcmp(v + i, " --", 3) == 0) {
						args = v + i;
						break;
					}
				if (args)
					vn = (size_t)(args - v);
				span_trim(&v, &vn);
				if (span_cstr(col->version, sizeof(col->version),
					      v, vn))
					return sqlb_fail(b, l.lineno, 1, "server "
						       "version longer than %d "
						       "bytes",
						       SQLB_VALUE_MAX - 1);
			}
			continue;
		}
		case HEADER:
			if (cmp_cells(s, n, c.ncols, cell, cn) ||
			    !span_starts(cell[0], cn[0], "Operation"))
				return sqlb_fail(b, l.lineno, 1, "expected the "
					       "'Operation |  1|  2|...' "
					       "header with %zu columns",
					       c.ncols);
			for (i = 1; i <= c.ncols; i++) {
				const char *t = cell[i];
				size_t tn = cn[i];
				char want[16];

				span_trim(&t, &tn);
				snprintf(want, sizeof(want), "%zu", i);
				if (!span_eq(t, tn, want))
					return sqlb_fail(b, l.lineno, 1, "column "
						       "%zu of the header is "
						       "not numbered %zu", i,
						       i);
			}
			st = NAMES;
			continue;
		case NAMES:
			if (cmp_cells(s, n, c.ncols, cell, cn) ||
			    !span_blank(cell[0], cn[0]))
				return sqlb_fail(b, l.lineno, 1, "expected the "
					       "row of run names under the "
					       "header");
			st = TABLE;
			continue;
		case TABLE:
			if (s[0] == '-')
				continue;
			if (s[0] == '=') {
				if (part != OPS || cmp_emit(b, &c))
					return part != OPS ?
						sqlb_fail(b, l.lineno, 1, "the table "
							"ends before its results "
							"per operation") : -1;
				tables++;
				st = SEEK;
				part = NONE;
				continue;
			}
			if (span_starts(s, n, "Results per test in seconds:") ||
			    span_starts(s, n, "Relative results per test")) {
				c.relative = s[0] == 'R' && s[1] == 'e' &&
					     s[2] == 'l';
				part = TESTS;
				continue;
			}
			if (span_starts(s, n, "The results per operation:")) {
				part = OPS;
				continue;
			}
			if (part == NONE ||
			    cmp_cells(s, n, c.ncols, cell, cn))
				return sqlb_fail(b, l.lineno, 1, "expected 'NAME "
					       "|value|...|' with %zu values",
					       c.ncols);
			if (part == TESTS) {
				struct cmp_row *row;
				const char *t = cell[0];
				size_t tn = cn[0];

				if (c.nrows == SQLB_TESTS_MAX)
					return sqlb_fail(b, l.lineno, 1, "more "
						       "than %d tests",
						       SQLB_TESTS_MAX);
				row = &c.rows[c.nrows++];
				span_trim(&t, &tn);
				if (tn == 0 || span_cstr(row->test,
							 sizeof(row->test), t, tn))
					return sqlb_fail(b, l.lineno, 1,
						       "expected a test name");
				row->line = l.lineno;
				for (i = 1; i <= c.ncols; i++) {
					int has;

					if (cmp_value(cell[i], cn[i], &has,
						      &row->v[i - 1],
						      &row->status[i - 1]))
						goto bad_cell;
					row->has[i - 1] = (unsigned char)has;
				}
			} else {
				for (i = 1; i <= c.ncols; i++) {
					int has;
					double v;
					const char *status;

					if (cmp_value(cell[i], cn[i], &has, &v,
						      &status))
						goto bad_cell;
				}
			}
			continue;
bad_cell:
			return sqlb_fail(b, l.lineno, (long)(cell[i] - s) + 1,
				       "column %zu: expected a number, "
				       "optionally marked '*', '+' or '?'", i);
		}
	}
	if (st != SEEK || tables == 0)
		return sqlb_fail(b, l.lineno, 0, "the comparison ends before its "
			       "table is complete");
	return 0;
}
