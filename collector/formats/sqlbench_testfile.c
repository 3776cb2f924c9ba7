/*
 * sqlbench_testfile.c: a sql-bench per-test file (sqlbench.h): "Testing server
 * '...'", the server's settings, then a time line per operation and the
 * test's total.  The test comes from the file's name, as run-all-tests
 * writes it ("select-mysql-box-cmp-mysql,pg"); a file renamed by hand has
 * lost that, so then the line each test script prints first, under the
 * "Testing server" line, tells it (intro_test); else --test.  Each
 * operation becomes a metric of the test.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../../core/lines.h"
#include "../span.h"
#include "sqlbench.h"

/* The first words each test script prints after the banner, from every
 * version seen (1998-2012); a prefix, since some versions go on with the
 * table's size.  The transactions and table-elimination scripts are not
 * here: a skipped run prints only "Test skipped", and nothing seen says
 * what their first line is. */
static const struct {
	const char *words, *test;
} intros[] = {
	{"Testing of ALTER TABLE", "alter-table"},
	{"ATIS table test", "ATIS"},
	{"Testing of some unusual tables", "big-tables"},
	{"Testing the speed of connecting to the server", "connect"},
	{"Testing the speed of creating and dropping tables", "create"},
	{"Testing the speed of inserting data into 1 table", "insert"},
	{"Testing the speed of selecting on keys", "select"},
	{"Wisconsin benchmark test", "wisconsin"},
};

/* Lines after the banner that intro_test looks at: the intro is the first
 * line of text, and a wrapper may put a few lines of its own around. */
#define SQLB_INTRO_LINES 8

/* The test the first lines after the banner name, or "". */
static const char *intro_test(const struct input *in)
{
	struct lines l;
	const char *s;
	size_t n, i;
	long after = 0;

	lines_init(&l, in->p, in->n);
	while (lines_next(&l, &s, &n)) {
		if (!after) {
			if (span_starts(s, n, "Testing server '"))
				after = l.lineno;
			continue;
		}
		if (l.lineno - after > SQLB_INTRO_LINES)
			break;
		span_trim(&s, &n);
		for (i = 0; i < sizeof(intros) / sizeof(intros[0]); i++)
			if (span_starts(s, n, intros[i].words))
				return intros[i].test;
	}
	return "";
}

static int has_iprefix(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;

	if (n < k)
		return 0;
	for (i = 0; i < k; i++)
		if (tolower((unsigned char)s[i]) != tolower((unsigned char)w[i]))
			return 0;
	return 1;
}

/* 1 when the line is sql-bench's "[Estimated ]Time for|to NAME (...)" */
static int op_line(const char *s, size_t n, int *estimated, size_t *at)
{
	size_t i = 0;

	*estimated = 0;
	if (has_iprefix(s, n, "estimated ")) {
		*estimated = 1;
		i = 10;
	}
	if (has_iprefix(s + i, n - i, "time for "))
		i += 9;
	else if (has_iprefix(s + i, n - i, "time to "))
		i += 8;
	else
		return 0;
	if (!memchr(s + i, '(', n - i))
		return 0;
	*at = i;
	return 1;
}

static int parse_op(struct sqlb *b, long ln, const char *test, const char *s,
		    size_t n, size_t at, const char *status)
{
	const char *paren = memchr(s + at, '(', n - at);
	const char *name = s + at;
	size_t k = (size_t)(paren - name), i, col;
	char metric[SQLB_NAME_MAX + 16];
	double wall, cpu;
	struct sqlb_op *op = NULL;

	while (k && span_isblank(name[k - 1]))
		k--;
	if (k == 0 || memchr(name, ':', k))
		return sqlb_fail(b, ln, (long)at + 1, "expected an operation "
			       "name before '('");
	if (k >= SQLB_NAME_MAX)
		return sqlb_fail(b, ln, (long)at + 1, "operation name longer "
			       "than %d bytes", SQLB_NAME_MAX - 1);
	i = (size_t)(paren - s) + 1;
	while (i < n && (isdigit((unsigned char)s[i]) || s[i] == ':'))
		i++;
	if (i >= n || s[i] != ')')
		return sqlb_fail(b, ln, (long)i + 1, "expected '(COUNT)' or "
			       "'(COUNT:ROWS)' after the operation name");
	i++;
	while (i < n && span_isblank(s[i]))
		i++;
	if (i < n && s[i] == ':')
		i++;
	if (sqlb_timestr(s + i, n - i, &wall, &cpu, &col))
		return sqlb_fail(b, ln, (long)(i + col) + 1, "expected a time as "
			       "'N wallclock secs (U usr S sys ... = C CPU)'");
	for (i = 0; i < b->nops; i++)
		if (span_eq(name, k, b->ops[i].name))
			op = &b->ops[i];
	if (!op) {
		if (b->nops == SQLB_OPS_MAX)
			return sqlb_fail(b, ln, 0, "more than %d operations in "
				       "one test", SQLB_OPS_MAX);
		op = &b->ops[b->nops++];
		memcpy(op->name, name, k);
		op->name[k] = '\0';
		op->count = 0;
	}
	op->count++;
	if (op->count == 1)
		snprintf(metric, sizeof(metric), "%s", op->name);
	else
		snprintf(metric, sizeof(metric), "%s#%d", op->name, op->count);
	return sqlb_emit(b, ln, test, metric, 1, wall, status);
}

int sqlb_test_file(struct sqlb *b, const struct input *in)
{
	static const char banner[] = "Testing server '";
	char base[256];
	const char *test, *s;
	size_t n;
	struct lines l;
	long banner_line = 0, total_line = 0, last_line = 0;
	const char *last = NULL;
	size_t last_n = 0;
	int warned = 0, total_est = 0;
	double wall = 0, cpu = 0;

	sqlb_base_name(in->name, base, sizeof(base));
	sqlb_name_tail(base, &test);
	if (!test[0] && b->o->test)
		test = b->o->test;
	if (!test[0])
		test = intro_test(in);
	if (!test[0])
		return sqlb_fail(b, 0, 0, "neither the file name (as "
			       "'<test>-<server>-<machine>') nor its first "
			       "lines say which sql-bench test this is; name "
			       "it with --test");
	b->nops = 0;
	lines_init(&l, in->p, in->n);
	while (lines_next(&l, &s, &n)) {
		int est;
		size_t at, col;

		if (span_starts(s, n, banner)) {
			const char *q = s + sizeof(banner) - 1, *end = NULL, *t;

			if (banner_line)
				return sqlb_fail(b, l.lineno, 1, "a second "
					       "'Testing server' line: one "
					       "test per file (first at line "
					       "%ld)", banner_line);
			for (t = q; t + 5 <= s + n; t++)
				if (memcmp(t, "' at ", 5) == 0)
					end = t;
			if (!end)
				return sqlb_fail(b, l.lineno, 1, "expected "
					       "'Testing server '<version>' at "
					       "<date>'");
			banner_line = l.lineno;
			if (sqlb_attr_set(b, l.lineno, "server_version", q,
					(size_t)(end - q)))
				return -1;
			continue;
		}
		if (!banner_line)
			continue;	/* wrapper output before the test */
		if (!span_blank(s, n)) {
			last = s;
			last_n = n;
			last_line = l.lineno;
		}
		if (has_iprefix(s, n, "warning")) {
			warned = 1;
			continue;
		}
		if (op_line(s, n, &est, &at)) {
			if (parse_op(b, l.lineno, test, s, n, at,
				     warned ? "wrong-result" :
				     est ? "estimated" : "ok"))
				return -1;
		} else if (has_iprefix(s, n, "total time:") ||
			   has_iprefix(s, n, "estimated total time:")) {
			size_t off = has_iprefix(s, n, "total time:") ? 11 : 21;

			if (total_line)
				return sqlb_fail(b, l.lineno, 1, "a second total "
					       "time (first at line %ld)",
					       total_line);
			if (sqlb_timestr(s + off, n - off, &wall, &cpu, &col))
				return sqlb_fail(b, l.lineno,
					       (long)(off + col) + 1,
					       "expected a time as 'N "
					       "wallclock secs (U usr S sys "
					       "... = C CPU)'");
			total_line = l.lineno;
			total_est = off == 21;
		}
		warned = 0;
	}
	if (!banner_line)
		return sqlb_fail(b, 0, 0, "no 'Testing server' line: not a "
			       "sql-bench test output");
	/* run-all-tests' rule: the last line decides */
	if (total_line && total_line == last_line)
		return sqlb_test_result(b, total_line, test,
				      total_est ? "estimated" : "ok", 1, wall, cpu);
	if (last && span_starts(last, last_n, "Test skipped"))
		return sqlb_test_result(b, last_line, test, "skipped", 0, 0, 0);
	return sqlb_test_result(b, last_line ? last_line : banner_line, test,
			      "failed", 0, 0, 0);
}
