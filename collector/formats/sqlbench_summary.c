/*
 * sqlbench_summary.c: a sql-bench RUN- summary (sqlbench.h), the file
 * run-all-tests writes for the whole run: a verdict line per test ("ATIS:
 * Total time: ..."), then the "Totals per operation" table, which sums
 * operations over all tests and so is checked for shape and passed over.
 * Since nothing of that table is stored, a row of it that is not a row (an
 * author's "<snip>" where a post cut it) is a warning naming its line, not
 * a reason to lose the verdicts above it.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../../core/lines.h"
#include "../../core/text.h"
#include "../span.h"
#include "sqlbench.h"

/* "name: rest" where name looks like a test script's name and rest is one
 * of run-all-tests' verdicts; sets *rest. */
static int verdict_line(const char *s, size_t n, char *name, size_t cap,
			size_t *rest)
{
	static const char *const verdicts[] = {
		"Total time:", "Estimated total time:", "Test skipped",
		"Failed (", "Warning:",
	};
	size_t i = 0, j;

	while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '-' ||
			 s[i] == '_'))
		i++;
	if (i == 0 || i + 2 > n || s[i] != ':' || s[i + 1] != ' ')
		return 0;
	for (j = 0; j < sizeof(verdicts) / sizeof(verdicts[0]); j++)
		if (span_starts(s + i + 2, n - i - 2, verdicts[j]))
			break;
	if (j == sizeof(verdicts) / sizeof(verdicts[0]))
		return 0;
	if (span_cstr(name, cap, s, i))
		return 0;
	*rest = i + 2;
	return 1;
}

/* A "Totals per operation" row: NAME SECONDS USR SYS CPU TESTS [FLAGS]. */
static int totals_row(const char *s, size_t n, int *is_totals)
{
	const char *f[8];
	size_t fl[8], i = 0, k = 0;
	double v;

	while (i < n) {
		while (i < n && span_isblank(s[i]))
			i++;
		if (i == n)
			break;
		if (k == 8)
			return -1;
		f[k] = s + i;
		while (i < n && !span_isblank(s[i]))
			i++;
		fl[k] = (size_t)(s + i - f[k]);
		k++;
	}
	if (k < 6 || k > 7)
		return -1;
	for (i = 1; i < 6; i++)
		if (num_parse_plain(f[i], fl[i], &v))
			return -1;
	if (memchr(f[5], '.', fl[5]))
		return -1;
	for (i = 0; k == 7 && i < fl[6]; i++)
		if (f[6][i] != '+' && f[6][i] != '?')
			return -1;
	*is_totals = span_eq(f[0], fl[0], "TOTALS");
	return 0;
}

int sqlb_run_file(struct sqlb *b, const struct input *in)
{
	enum { HEAD0, HEAD, BODY, TABLE_HEAD, TABLE, END } st = HEAD0;
	struct lines l;
	const char *s;
	size_t n;
	long nlines = 0, nfailed = 0, warn_line = 0, summary_line = 0;
	long bad_row = 0, nbad = 0;	/* malformed rows of the totals */

	lines_init(&l, in->p, in->n);
	while (lines_next(&l, &s, &n)) {
		char name[SQLB_NAME_MAX];
		size_t rest, col;
		const char *colon;

		if (st != HEAD0 && span_starts(s, n, "Benchmark DBD suit"))
			return sqlb_fail(b, l.lineno, 1, "a second summary in a "
				       "file that is part of one run's folder: "
				       "import this file alone");
		switch (st) {
		case HEAD0:
			if (span_starts(s, n, "Benchmark DBD suit")) {
				colon = memchr(s, ':', n);
				if (!colon)
					return sqlb_fail(b, l.lineno, 1,
						       "expected 'Benchmark "
						       "DBD suite: <version>'");
				if (sqlb_attr_set(b, l.lineno, "tool_version", colon + 1,
						(size_t)(s + n - colon - 1)))
					return -1;
				st = HEAD;
			}
			continue;
		case HEAD:
			colon = memchr(s, ':', n);
			if (span_blank(s, n)) {
				st = BODY;
				continue;
			}
			if (colon && !verdict_line(s, n, name, sizeof(name),
						   &rest)) {
				const char *key = s, *v = colon + 1;
				size_t kn = (size_t)(colon - s);
				size_t vn = (size_t)(s + n - v);
				int r = 0;

				span_trim(&key, &kn);
				if (span_eq(key, kn, "Running tests on"))
					r = sqlb_attr_set(b, l.lineno, "machine", v, vn);
				else if (span_eq(key, kn, "Comments"))
					r = sqlb_attr_set(b, l.lineno, "comments", v, vn);
				else if (span_eq(key, kn, "Server version"))
					r = sqlb_attr_set(b, l.lineno, "server_version",
							v, vn);
				if (r)
					return -1;
				continue;
			}
			/* a header without its blank line */
			st = BODY;
			/* FALLTHROUGH */
		case BODY:
			if (span_blank(s, n))
				continue;
			if (verdict_line(s, n, name, sizeof(name), &rest)) {
				const char *r = s + rest;
				size_t rn = n - rest;
				double wall, cpu;
				int est = span_starts(r, rn, "Estimated");

				nlines++;
				warn_line = 0;
				if (span_starts(r, rn, "Total time:") || est) {
					size_t off = est ? 21 : 11;

					if (sqlb_timestr(r + off, rn - off,
						       &wall, &cpu, &col))
						return sqlb_fail(b, l.lineno,
							       (long)(rest + off + col) + 1,
							       "expected a "
							       "time as 'N "
							       "wallclock secs "
							       "(... = C "
							       "CPU)'");
					if (sqlb_test_result(b, l.lineno, name,
							   est ? "estimated" : "ok",
							   1, wall, cpu))
						return -1;
					continue;
				}
				if (span_starts(r, rn, "Test skipped")) {
					if (sqlb_test_result(b, l.lineno, name,
							   "skipped", 0, 0, 0))
						return -1;
					continue;
				}
				/* "Failed (...)", or the stderr warning
				 * whose "Failed (...)" follows on its own
				 * line */
				nfailed++;
				if (span_starts(r, rn, "Warning:"))
					warn_line = l.lineno;
				if (sqlb_test_result(b, l.lineno, name, "failed", 0,
						   0, 0))
					return -1;
				continue;
			}
			if (span_starts(s, n, "Failed (")) {
				if (!warn_line)
					return sqlb_fail(b, l.lineno, 1,
						       "'Failed' line with no "
						       "test before it");
				warn_line = 0;
				continue;
			}
			warn_line = 0;
			if (span_starts(s, n, "All ") ||
			    span_starts(s, n, "Of ")) {
				long all = -1, bad = 0;
				int used = -1;
				char t[64];

				if (n >= sizeof(t))
					continue;	/* prose */
				memcpy(t, s, n);
				t[n] = '\0';
				if (!(sscanf(t, "All %ld test executed "
					     "successfully%n", &all, &used) == 1 &&
				      used == (int)n) &&
				    !(sscanf(t, "Of %ld tests, %ld tests "
					     "didn't work%n", &all, &bad,
					     &used) == 2 && used == (int)n))
					continue;	/* prose */
				if (all != nlines || bad != nfailed)
					return sqlb_fail(b, l.lineno, 1, "the "
						       "summary counts %ld "
						       "tests, %ld failed; the "
						       "lines above give %ld, "
						       "%ld failed", all, bad,
						       nlines, nfailed);
				summary_line = l.lineno;
				continue;
			}
			if (span_starts(s, n, "Totals per operation:"))
				st = TABLE_HEAD;
			continue;	/* stderr noise, notes */
		case TABLE_HEAD:
			if (!span_starts(s, n, "Operation"))
				return sqlb_fail(b, l.lineno, 1, "expected the "
					       "'Operation seconds usr sys cpu "
					       "tests' header");
			st = TABLE;
			continue;
		case TABLE: {
			int totals;

			if (totals_row(s, n, &totals)) {
				if (!bad_row)
					bad_row = l.lineno;
				nbad++;
				continue;
			}
			if (totals)
				st = END;
			continue;
		}
		case END:
			continue;
		}
	}
	if (st == HEAD0)
		return sqlb_fail(b, 0, 0, "no 'Benchmark DBD suite' line: not a "
			       "sql-bench summary");
	if (st == TABLE_HEAD || st == TABLE)
		return sqlb_fail(b, l.lineno, 0, "the totals per operation end "
			       "before their TOTALS row");
	if (!summary_line)
		return sqlb_fail(b, l.lineno, 0, "the summary ends before 'All N "
			       "test executed successfully' or 'Of N tests, M "
			       "tests didn't work'");
	if (nbad && record_warn(b->sink, bad_row, b->e, "%ld line%s of the "
				"totals per operation (not stored) %s not "
				"'NAME SECONDS USR SYS CPU TESTS [FLAGS]'%s",
				nbad, nbad > 1 ? "s" : "",
				nbad > 1 ? "are" : "is",
				nbad > 1 ? ", the first here" : ""))
		return sqlb_sink_failed(b, bad_row);
	return 0;
}
