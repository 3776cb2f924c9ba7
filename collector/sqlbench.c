/*
 * sqlbench.c: MySQL/MariaDB sql-bench output (the sqlbench row of
 * docs/formats.md): the per-test files, the RUN- summary and
 * compare-results tables.
 *
 * One sql-bench run is written as several files: run-all-tests saves each
 * test's output as <test>-<server><suffix>-<machine>[-cmp-<servers>] and its
 * own summary as RUN-<same tail> (or wherever the user sent stdout, e.g.
 * sql-bench.log).  The run is the unit people compare, so those files must
 * become one run, not ten.  The design, smallest change that keeps the
 * importer's rules:
 *
 *  - A format may say, from a file's name and content, which run the file
 *    belongs to (struct format.group): here the tail of the name after
 *    "RUN-" or "<test>-".  `benchsite import DIR` asks it of each file of a
 *    folder level; files of one key (per folder, per format) are imported
 *    by import_set() as ONE unit: one BEGIN IMMEDIATE transaction, one
 *    source row per file (so each file's bytes are still kept and keyed by
 *    their SHA-256), one run.  A file whose name says no run (sql-bench.log)
 *    gets the key "" and joins the folder's group when there is exactly one.
 *  - Files whose bytes are already stored are left out of the unit, so the
 *    same bytes imported twice (alone or in a folder) change nothing; when
 *    every file of a group is stored the folder says "already imported".
 *  - The parse of a set is parse_set(): per-test files first, then
 *    summaries.  A test met twice (a summary line after the test's own
 *    file, or two summaries) must agree in status, wall time and CPU time,
 *    else the set is refused naming the later line: that is what makes the
 *    "sql-bench.log joins the only run" rule safe, and it also catches a
 *    summary from another run placed in the wrong folder.  The first
 *    mention is stored; later ones only checked.  Attributes likewise.
 *
 * What is stored: suite "sql-bench"; per test `total_time` (wallclock s)
 * and `cpu_time` (the client's CPU s), and from per-test files each
 * operation as its own metric (repeated names get "#2", "#3"...).  Status
 * `estimated` for Estimated lines and "+"-flagged cells, `wrong-result` for
 * a time line right after a "Warning" line and "?" cells, `skipped` and
 * `failed` with no value.  The RUN file's "Totals per operation" table and
 * compare-results' per-operation rows sum operations over all tests, so
 * they cannot be given to a test: they are checked for shape and passed
 * over.  compare-results columns are runs; with --relative the columns
 * after the first are ratios to it, kept as printed: metric
 * total_time_ratio, unit x (bigger is slower), with the first column's
 * own ratio 1 beside its seconds, so that every column has the metric; a
 * ratio is never turned back into seconds nobody printed (231.00 x 3.377
 * is not the 780.00 the plain table says).  An empty cell cannot tell a
 * failed test from one not run and gives no result.
 *
 * The label is server+suffix+machine as in the file name (the RUN file's
 * and each test file's name carry it); compare-results gives each column's
 * RUN name the same way.  The test of a per-test file comes from its name
 * (the content never says it), else --test.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/lines.h"
#include "../core/text.h"
#include "format.h"
#include "span.h"

#define SUITE "sql-bench"

/* sql-bench has ten test scripts; a run with more than this many distinct
 * tests is not sql-bench output. */
#define SB_TESTS_MAX 64
/* The insert test, the largest, prints about 70 time lines. */
#define SB_OPS_MAX 1024
/* Operation and test names are Perl identifiers of at most ~35 characters
 * (the RUN table's name column); anything near this is damage. */
#define SB_NAME_MAX 128
/* Attribute values: a server version or a comment line. */
#define SB_VALUE_MAX 512
/* compare-results prints a column per RUN file; a table wider than this
 * could not be read by anyone. */
#define SB_COLS_MAX 64
/* How far detection looks for a marker: headers come first, but a RUN
 * file's stderr noise or a log wrapper may come before them. */
#define SB_DETECT_BYTES (64 * 1024)

static const char *const known_tests[] = {
	"alter-table", "ATIS", "big-tables", "connect", "create", "insert",
	"select", "table-elimination", "transactions", "wisconsin",
};

enum kind { K_NONE, K_TEST, K_RUN, K_COMPARE };

static const char compare_marker[] =
	"This is the result file of the different benchmark tests.";

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

static int is_blank(int c)
{
	return c == ' ' || c == '\t';
}

/* Copies s[0..n) into out (cap bytes) as a C string; -1 when too long. */
static int copy(char *out, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		return -1;
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}

/* A cursor over one line, for the fixed phrases of Benchmark::timestr. */
struct cur {
	const char *s;
	size_t n, i;
};

static void cur_ws(struct cur *c)
{
	while (c->i < c->n && is_blank(c->s[c->i]))
		c->i++;
}

static int cur_num(struct cur *c, double *v)
{
	size_t j = c->i;

	while (j < c->n && (isdigit((unsigned char)c->s[j]) || c->s[j] == '.'))
		j++;
	if (j == c->i || num_parse_plain(c->s + c->i, j - c->i, v))
		return -1;
	c->i = j;
	return 0;
}

static int cur_word(struct cur *c, const char *w)
{
	size_t k = strlen(w);

	if (c->n - c->i < k || memcmp(c->s + c->i, w, k) != 0)
		return -1;
	c->i += k;
	return 0;
}

/* Parses Benchmark::timestr text, as every sql-bench version prints it:
 *   "7 secs ( 7.50 usr  0.00 sys =  7.50 cpu)"                  1998
 *   "N wallclock secs ( u usr  s sys +  cu cusr  cs csys =  c CPU secs)"
 *   "N wallclock secs (...  = c CPU)"  with N fractional under --hires.
 * Sets *wall and *cpu; -1 with *col (0-based in s) at the fault. */
static int parse_timestr(const char *s, size_t n, double *wall, double *cpu,
			 size_t *col)
{
	struct cur c = {s, n, 0};
	double u;

	cur_ws(&c);
	if (cur_num(&c, wall))
		goto bad;
	cur_ws(&c);
	if (cur_word(&c, "wallclock") == 0)
		cur_ws(&c);
	if (cur_word(&c, "secs"))
		goto bad;
	cur_ws(&c);
	if (cur_word(&c, "("))
		goto bad;
	cur_ws(&c);
	if (cur_num(&c, &u) || (cur_ws(&c), cur_word(&c, "usr")))
		goto bad;
	cur_ws(&c);
	if (cur_num(&c, &u) || (cur_ws(&c), cur_word(&c, "sys")))
		goto bad;
	cur_ws(&c);
	if (cur_word(&c, "+") == 0) {
		cur_ws(&c);
		if (cur_num(&c, &u) || (cur_ws(&c), cur_word(&c, "cusr")))
			goto bad;
		cur_ws(&c);
		if (cur_num(&c, &u) || (cur_ws(&c), cur_word(&c, "csys")))
			goto bad;
		cur_ws(&c);
	}
	if (cur_word(&c, "="))
		goto bad;
	cur_ws(&c);
	if (cur_num(&c, cpu))
		goto bad;
	cur_ws(&c);
	if (cur_word(&c, "CPU") && cur_word(&c, "cpu"))
		goto bad;
	cur_ws(&c);
	if (cur_word(&c, "secs") == 0)
		cur_ws(&c);
	if (cur_word(&c, ")"))
		goto bad;
	cur_ws(&c);
	if (c.i != c.n)
		goto bad;
	return 0;
bad:
	*col = c.i;
	return -1;
}

/* ---- names --------------------------------------------------------- */

/* The last path component without a ".gz" (the importer reads gzip). */
static void base_name(const char *path, char *out, size_t cap)
{
	const char *b = strrchr(path, '/');
	size_t k;

	snprintf(out, cap, "%s", b ? b + 1 : path);
	k = strlen(out);
	if (k > 3 && strcmp(out + k - 3, ".gz") == 0)
		out[k - 3] = '\0';
}

/* What a sql-bench file name says: the test ("" for RUN- or unknown) and
 * the tail "<server><suffix>-<machine>[-cmp-<servers>]" ("" when the name
 * is not sql-bench's).  Returns a pointer into base. */
static const char *name_tail(const char *base, const char **test)
{
	size_t i, k;

	*test = "";
	if (strncmp(base, "RUN-", 4) == 0)
		return base + 4;
	for (i = 0; i < sizeof(known_tests) / sizeof(known_tests[0]); i++) {
		k = strlen(known_tests[i]);
		if (strncmp(base, known_tests[i], k) == 0 && base[k] == '-' &&
		    base[k + 1]) {
			*test = known_tests[i];
			return base + k + 1;
		}
	}
	return "";
}

/* The label (server+suffix+machine) from a tail: the part before "-cmp-". */
static void tail_label(const char *tail, char *out, size_t cap)
{
	const char *cmp = strstr(tail, "-cmp-");
	size_t k = cmp ? (size_t)(cmp - tail) : strlen(tail);

	if (copy(out, cap, tail, k))
		out[0] = '\0';
}

/* ---- detection ------------------------------------------------------ */

static enum kind sb_kind(const char *p, size_t n)
{
	struct lines l;
	const char *s;
	size_t k;

	if (n > SB_DETECT_BYTES)
		n = SB_DETECT_BYTES;
	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k)) {
		if (span_starts(s, k, "Benchmark DBD suit"))
			return K_RUN;
		if (span_starts(s, k, "Testing server '"))
			return K_TEST;
		if (span_starts(s, k, compare_marker))
			return K_COMPARE;
	}
	return K_NONE;
}

static int sqlbench_detect(const char *p, size_t n)
{
	return sb_kind(p, n) != K_NONE;
}

static int sqlbench_group(const char *name, const char *p, size_t n,
			  char *key, size_t cap)
{
	char base[256];
	const char *test, *tail;
	enum kind k = sb_kind(p, n);

	if (k != K_TEST && k != K_RUN)
		return 0;
	base_name(name, base, sizeof(base));
	tail = name_tail(base, &test);
	/* a RUN- name with a test's content, or the reverse, is not what
	 * run-all-tests writes: such a file stands alone */
	if ((k == K_RUN) != (strncmp(base, "RUN-", 4) == 0) && tail[0])
		return 0;
	if (k == K_TEST && !tail[0])
		return 0;	/* its test would be unknown beside others */
	snprintf(key, cap, "%s", tail);
	return 1;
}

/* ---- the parse state of one run (one set of files) ----------------- */

/* What one mention said of a test, to check that later ones agree. */
struct sb_test {
	char name[SB_NAME_MAX];
	const char *status;
	int has_value;
	double wall, cpu;
	const char *file;
	long line;
};

struct sb_attr {
	const char *key;
	int set;
	char value[SB_VALUE_MAX];
	const char *file;
	long line;
};

struct sb_op {
	char name[SB_NAME_MAX];
	int count;
};

struct sb {
	const struct parse_opts *o;
	const struct record_sink *sink;
	struct err *e;
	const char *file;	/* the input being read, for messages */
	struct sb_test tests[SB_TESTS_MAX];
	size_t ntests;
	struct sb_attr attrs[4];
	struct sb_op ops[SB_OPS_MAX];
	size_t nops;
};

static int fail(struct sb *b, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(struct sb *b, long line, long col, const char *fmt, ...)
{
	va_list ap;
	char msg[ERR_MSG_MAX];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return err_set(b->e, b->file, line, col, "%s", msg);
}

/* After a sink call failed: the message is the store's, the place ours. */
static int sink_failed(struct sb *b, long line)
{
	if (!b->e->file[0])
		snprintf(b->e->file, sizeof(b->e->file), "%s", b->file);
	b->e->line = line;
	b->e->col = 0;
	return -1;
}

static int emit(struct sb *b, long line, const char *test, const char *metric,
		int has_value, double v, const char *status)
{
	struct record_result r;

	r.test = test;
	r.metric = metric;
	r.value = v;
	r.has_value = has_value;
	r.unit = "s";
	r.better = "lower";
	r.status = status;
	if (b->sink->result(b->sink->ctx, &r, b->e))
		return sink_failed(b, line);
	return 0;
}

/* Sets attribute key from s[0..n) (trimmed; empty values are not set);
 * a second, different value for the same run is an error. */
static int attr(struct sb *b, long line, const char *key, const char *s,
		size_t n)
{
	struct sb_attr *a = NULL;
	char v[SB_VALUE_MAX];
	size_t i;

	span_trim(&s, &n);
	if (n == 0)
		return 0;
	if (copy(v, sizeof(v), s, n))
		return fail(b, line, 0, "'%s' longer than %d bytes", key,
			    SB_VALUE_MAX - 1);
	for (i = 0; i < sizeof(b->attrs) / sizeof(b->attrs[0]); i++)
		if (strcmp(b->attrs[i].key, key) == 0)
			a = &b->attrs[i];
	if (a->set) {
		if (strcmp(a->value, v) != 0)
			return fail(b, line, 0, "%s '%s' differs from '%s' "
				    "(%s:%ld): not one run", key, v, a->value,
				    a->file, a->line);
		return 0;
	}
	a->set = 1;
	memcpy(a->value, v, n + 1);
	a->file = b->file;
	a->line = line;
	if (b->sink->attr(b->sink->ctx, key, v, b->e))
		return sink_failed(b, line);
	return 0;
}

/* Records what a file or summary line says of test; the first mention is
 * stored, later ones must agree. */
static int test_result(struct sb *b, long line, const char *test,
		       const char *status, int has_value, double wall,
		       double cpu)
{
	struct sb_test *t;
	size_t i;

	for (i = 0; i < b->ntests; i++) {
		t = &b->tests[i];
		if (strcmp(t->name, test) != 0)
			continue;
		if (strcmp(t->status, status) != 0 || t->has_value != has_value ||
		    (has_value && (t->wall != wall || t->cpu != cpu)))
			return fail(b, line, 0, "test '%s' disagrees with %s:%ld "
				    "(%s there, %s here): not one run", test,
				    t->file, t->line, t->status, status);
		return 0;
	}
	if (b->ntests == SB_TESTS_MAX)
		return fail(b, line, 0, "more than %d tests in one run",
			    SB_TESTS_MAX);
	t = &b->tests[b->ntests++];
	snprintf(t->name, sizeof(t->name), "%s", test);
	t->status = status;
	t->has_value = has_value;
	t->wall = wall;
	t->cpu = cpu;
	t->file = b->file;
	t->line = line;
	if (emit(b, line, test, "total_time", has_value, wall, status))
		return -1;
	if (has_value && emit(b, line, test, "cpu_time", 1, cpu, status))
		return -1;
	return 0;
}

/* ---- per-test file -------------------------------------------------- */

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

static int parse_op(struct sb *b, long ln, const char *test, const char *s,
		    size_t n, size_t at, const char *status)
{
	const char *paren = memchr(s + at, '(', n - at);
	const char *name = s + at;
	size_t k = (size_t)(paren - name), i, col;
	char metric[SB_NAME_MAX + 16];
	double wall, cpu;
	struct sb_op *op = NULL;

	while (k && is_blank(name[k - 1]))
		k--;
	if (k == 0 || memchr(name, ':', k))
		return fail(b, ln, (long)at + 1, "expected an operation name "
			    "before '('");
	if (k >= SB_NAME_MAX)
		return fail(b, ln, (long)at + 1, "operation name longer than %d "
			    "bytes", SB_NAME_MAX - 1);
	i = (size_t)(paren - s) + 1;
	while (i < n && (isdigit((unsigned char)s[i]) || s[i] == ':'))
		i++;
	if (i >= n || s[i] != ')')
		return fail(b, ln, (long)i + 1, "expected '(COUNT)' or "
			    "'(COUNT:ROWS)' after the operation name");
	i++;
	while (i < n && is_blank(s[i]))
		i++;
	if (i < n && s[i] == ':')
		i++;
	if (parse_timestr(s + i, n - i, &wall, &cpu, &col))
		return fail(b, ln, (long)(i + col) + 1, "expected a time as "
			    "'N wallclock secs (U usr S sys ... = C CPU)'");
	for (i = 0; i < b->nops; i++)
		if (strlen(b->ops[i].name) == k &&
		    memcmp(b->ops[i].name, name, k) == 0)
			op = &b->ops[i];
	if (!op) {
		if (b->nops == SB_OPS_MAX)
			return fail(b, ln, 0, "more than %d operations in one "
				    "test", SB_OPS_MAX);
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
	return emit(b, ln, test, metric, 1, wall, status);
}

static int test_file(struct sb *b, const struct input *in)
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

	base_name(in->name, base, sizeof(base));
	name_tail(base, &test);
	if (!test[0])
		test = b->o->test ? b->o->test : "";
	if (!test[0])
		return fail(b, 0, 0, "the file name does not say which sql-bench "
			    "test this is (as '<test>-<server>-<machine>' "
			    "does); name it with --test");
	b->nops = 0;
	lines_init(&l, in->p, in->n);
	while (lines_next(&l, &s, &n)) {
		int est;
		size_t at, col;

		if (span_starts(s, n, banner)) {
			const char *q = s + sizeof(banner) - 1, *end = NULL, *t;

			if (banner_line)
				return fail(b, l.lineno, 1, "a second 'Testing "
					    "server' line: one test per file "
					    "(first at line %ld)", banner_line);
			for (t = q; t + 5 <= s + n; t++)
				if (memcmp(t, "' at ", 5) == 0)
					end = t;
			if (!end)
				return fail(b, l.lineno, 1, "expected 'Testing "
					    "server '<version>' at <date>'");
			banner_line = l.lineno;
			if (attr(b, l.lineno, "server_version", q,
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
				return fail(b, l.lineno, 1, "a second total time "
					    "(first at line %ld)", total_line);
			if (parse_timestr(s + off, n - off, &wall, &cpu, &col))
				return fail(b, l.lineno, (long)(off + col) + 1,
					    "expected a time as 'N wallclock "
					    "secs (U usr S sys ... = C CPU)'");
			total_line = l.lineno;
			total_est = off == 21;
		}
		warned = 0;
	}
	if (!banner_line)
		return fail(b, 0, 0, "no 'Testing server' line: not a sql-bench "
			    "test output");
	/* run-all-tests' rule: the last line decides */
	if (total_line && total_line == last_line)
		return test_result(b, total_line, test,
				   total_est ? "estimated" : "ok", 1, wall, cpu);
	if (last && span_starts(last, last_n, "Test skipped"))
		return test_result(b, last_line, test, "skipped", 0, 0, 0);
	return test_result(b, last_line ? last_line : banner_line, test,
			   "failed", 0, 0, 0);
}

/* ---- RUN- summary --------------------------------------------------- */

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
	if (copy(name, cap, s, i))
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
		while (i < n && is_blank(s[i]))
			i++;
		if (i == n)
			break;
		if (k == 8)
			return -1;
		f[k] = s + i;
		while (i < n && !is_blank(s[i]))
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

static int run_file(struct sb *b, const struct input *in)
{
	enum { HEAD0, HEAD, BODY, TABLE_HEAD, TABLE, END } st = HEAD0;
	struct lines l;
	const char *s;
	size_t n;
	long nlines = 0, nfailed = 0, warn_line = 0, summary_line = 0;

	lines_init(&l, in->p, in->n);
	while (lines_next(&l, &s, &n)) {
		char name[SB_NAME_MAX];
		size_t rest, col;
		const char *colon;

		if (st != HEAD0 && span_starts(s, n, "Benchmark DBD suit"))
			return fail(b, l.lineno, 1, "a second summary in a file "
				    "that is part of one run's folder: import "
				    "this file alone");
		switch (st) {
		case HEAD0:
			if (span_starts(s, n, "Benchmark DBD suit")) {
				colon = memchr(s, ':', n);
				if (!colon)
					return fail(b, l.lineno, 1, "expected "
						    "'Benchmark DBD suite: "
						    "<version>'");
				if (attr(b, l.lineno, "tool_version", colon + 1,
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
					r = attr(b, l.lineno, "machine", v, vn);
				else if (span_eq(key, kn, "Comments"))
					r = attr(b, l.lineno, "comments", v, vn);
				else if (span_eq(key, kn, "Server version"))
					r = attr(b, l.lineno, "server_version",
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

					if (parse_timestr(r + off, rn - off,
							  &wall, &cpu, &col))
						return fail(b, l.lineno,
							    (long)(rest + off +
								   col) + 1,
							    "expected a time as "
							    "'N wallclock secs "
							    "(... = C CPU)'");
					if (test_result(b, l.lineno, name,
							est ? "estimated" : "ok",
							1, wall, cpu))
						return -1;
					continue;
				}
				if (span_starts(r, rn, "Test skipped")) {
					if (test_result(b, l.lineno, name,
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
				if (test_result(b, l.lineno, name, "failed", 0,
						0, 0))
					return -1;
				continue;
			}
			if (span_starts(s, n, "Failed (")) {
				if (!warn_line)
					return fail(b, l.lineno, 1, "'Failed' "
						    "line with no test before "
						    "it");
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
					return fail(b, l.lineno, 1, "the summary "
						    "counts %ld tests, %ld "
						    "failed; the lines above "
						    "give %ld, %ld failed",
						    all, bad, nlines, nfailed);
				summary_line = l.lineno;
				continue;
			}
			if (span_starts(s, n, "Totals per operation:"))
				st = TABLE_HEAD;
			continue;	/* stderr noise, notes */
		case TABLE_HEAD:
			if (!span_starts(s, n, "Operation"))
				return fail(b, l.lineno, 1, "expected the "
					    "'Operation seconds usr sys cpu "
					    "tests' header");
			st = TABLE;
			continue;
		case TABLE: {
			int totals;

			if (totals_row(s, n, &totals))
				return fail(b, l.lineno, 1, "expected 'NAME "
					    "SECONDS USR SYS CPU TESTS [FLAGS]' "
					    "in the totals per operation");
			if (totals)
				st = END;
			continue;
		}
		case END:
			continue;
		}
	}
	if (st == HEAD0)
		return fail(b, 0, 0, "no 'Benchmark DBD suite' line: not a "
			    "sql-bench summary");
	if (st == TABLE_HEAD || st == TABLE)
		return fail(b, l.lineno, 0, "the totals per operation end "
			    "before their TOTALS row");
	if (!summary_line)
		return fail(b, l.lineno, 0, "the summary ends before 'All N "
			    "test executed successfully' or 'Of N tests, M "
			    "tests didn't work'");
	return 0;
}

/* ---- compare-results ------------------------------------------------ */

struct cmp_col {
	char label[SB_NAME_MAX];
	char version[SB_VALUE_MAX];
	char comments[SB_VALUE_MAX];
	long line;
};

struct cmp_row {
	char test[SB_NAME_MAX];
	long line;
	double v[SB_COLS_MAX];
	unsigned char has[SB_COLS_MAX];
	const char *status[SB_COLS_MAX];
};

struct cmp {
	struct cmp_col cols[SB_COLS_MAX];
	size_t ncols;
	struct cmp_row rows[SB_TESTS_MAX];
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
static int emit_ratio(struct sb *b, const struct cmp_row *row, double v,
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
		return sink_failed(b, row->line);
	return 0;
}

static int cmp_emit(struct sb *b, struct cmp *c)
{
	size_t i, r;

	for (i = 0; i < c->ncols; i++) {
		struct cmp_col *col = &c->cols[i];

		if (b->sink->run_begin(b->sink->ctx, SUITE, col->label,
				       col->line, b->e))
			return sink_failed(b, col->line);
		if (col->version[0] &&
		    b->sink->attr(b->sink->ctx, "server_version", col->version,
				  b->e))
			return sink_failed(b, col->line);
		if (col->comments[0] &&
		    b->sink->attr(b->sink->ctx, "comments", col->comments, b->e))
			return sink_failed(b, col->line + 1);
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
			if (emit(b, row->line, row->test, "total_time", 1, v,
				 row->status[i]))
				return -1;
			/* the reference of the ratios: 1 by definition ("1.00
			 * is the same") */
			if (c->relative && emit_ratio(b, row, 1, row->status[0]))
				return -1;
		}
		if (b->sink->run_end(b->sink->ctx, b->e))
			return sink_failed(b, col->line);
	}
	return 0;
}

static int compare_file(struct sb *b, const struct input *in)
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
		const char *cell[SB_COLS_MAX + 1];
		size_t cn[SB_COLS_MAX + 1], i;

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
					return fail(b, l.lineno, 1, "no result "
						    "logs listed before the "
						    "table");
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
					    copy(col->comments,
						 sizeof(col->comments), t, tn))
						return fail(b, l.lineno, 1,
							    "unexpected line in "
							    "the list of result "
							    "logs");
					continue;
				}
				return fail(b, l.lineno, 1, "expected ' N "
					    "<run name> : <server version> "
					    "<arguments>'");
			}
			memcpy(digits, t, i);
			digits[i] = '\0';
			num = strtol(digits, &end, 10);
			if (num != (long)c.ncols + 1)
				return fail(b, l.lineno, 1, "result log %ld "
					    "listed where %zu was expected",
					    num, c.ncols + 1);
			if (c.ncols == SB_COLS_MAX)
				return fail(b, l.lineno, 1, "more than %d "
					    "result logs", SB_COLS_MAX);
			sep = NULL;
			for (i = i + 1; i + 1 < tn; i++)
				if (t[i] == ':' && t[i + 1] == ' ') {
					sep = t + i;
					break;
				}
			if (!sep)
				return fail(b, l.lineno, 1, "expected ' N "
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
				if (nn == 0 || copy(col->label,
						    sizeof(col->label), nm, nn))
					return fail(b, l.lineno, 1, "expected a "
						    "run name of 1 to %d bytes",
						    SB_NAME_MAX - 1);
				/* a RUN- name with its -cmp- part */
				tail_label(col->label, col->label,
					   sizeof(col->label));
				if (!col->label[0])
					return fail(b, l.lineno, 1, "expected a "
						    "run name of 1 to %d bytes",
						    SB_NAME_MAX - 1);
				args = NULL;
				for (i = 0; i + 3 <= vn; i++)
					if (memcmp(v + i, " --", 3) == 0) {
						args = v + i;
						break;
					}
				if (args)
					vn = (size_t)(args - v);
				span_trim(&v, &vn);
				if (copy(col->version, sizeof(col->version),
					 v, vn))
					return fail(b, l.lineno, 1, "server "
						    "version longer than %d "
						    "bytes", SB_VALUE_MAX - 1);
			}
			continue;
		}
		case HEADER:
			if (cmp_cells(s, n, c.ncols, cell, cn) ||
			    !span_starts(cell[0], cn[0], "Operation"))
				return fail(b, l.lineno, 1, "expected the "
					    "'Operation |  1|  2|...' header with "
					    "%zu columns", c.ncols);
			for (i = 1; i <= c.ncols; i++) {
				const char *t = cell[i];
				size_t tn = cn[i];
				char want[16];

				span_trim(&t, &tn);
				snprintf(want, sizeof(want), "%zu", i);
				if (!span_eq(t, tn, want))
					return fail(b, l.lineno, 1, "column %zu "
						    "of the header is not "
						    "numbered %zu", i, i);
			}
			st = NAMES;
			continue;
		case NAMES:
			if (cmp_cells(s, n, c.ncols, cell, cn) ||
			    !span_blank(cell[0], cn[0]))
				return fail(b, l.lineno, 1, "expected the row "
					    "of run names under the header");
			st = TABLE;
			continue;
		case TABLE:
			if (s[0] == '-')
				continue;
			if (s[0] == '=') {
				if (part != OPS || cmp_emit(b, &c))
					return part != OPS ?
						fail(b, l.lineno, 1, "the table "
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
				return fail(b, l.lineno, 1, "expected 'NAME "
					    "|value|...|' with %zu values",
					    c.ncols);
			if (part == TESTS) {
				struct cmp_row *row;
				const char *t = cell[0];
				size_t tn = cn[0];

				if (c.nrows == SB_TESTS_MAX)
					return fail(b, l.lineno, 1, "more than "
						    "%d tests", SB_TESTS_MAX);
				row = &c.rows[c.nrows++];
				span_trim(&t, &tn);
				if (tn == 0 || copy(row->test,
						    sizeof(row->test), t, tn))
					return fail(b, l.lineno, 1, "expected "
						    "a test name");
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
			return fail(b, l.lineno, (long)(cell[i] - s) + 1,
				    "column %zu: expected a number, optionally "
				    "marked '*', '+' or '?'", i);
		}
	}
	if (st != SEEK || tables == 0)
		return fail(b, l.lineno, 0, "the comparison ends before its "
			    "table is complete");
	return 0;
}

/* ---- entry points --------------------------------------------------- */

static void sb_init(struct sb *b, const struct parse_opts *o,
		    const struct record_sink *sink, struct err *e)
{
	static const char *const keys[4] = {
		"tool_version", "server_version", "machine", "comments",
	};
	size_t i;

	memset(b, 0, sizeof(*b));
	b->o = o;
	b->sink = sink;
	b->e = e;
	for (i = 0; i < 4; i++)
		b->attrs[i].key = keys[i];
}

/* Where the next summary of p[at..n) starts: the offset of its "Benchmark
 * DBD suit" line, or n.  *line counts the lines passed over. */
static size_t next_summary(const char *p, size_t n, size_t at, long *line)
{
	while (at < n) {
		const char *nl = memchr(p + at, '\n', n - at);

		if (span_starts(p + at, n - at, "Benchmark DBD suit"))
			return at;
		if (!nl)
			return n;
		at = (size_t)(nl - p) + 1;
		(*line)++;
	}
	return n;
}

static int sqlbench_parse_set(const struct input *in, size_t n,
			      const struct parse_opts *o,
			      const struct record_sink *sink, struct err *e)
{
	static struct sb b;	/* ~200 KB of operation names */
	char base[256], label[SB_NAME_MAX];
	const char *test;
	size_t i;
	int pass;

	sb_init(&b, o, sink, e);
	label[0] = '\0';
	for (i = 0; i < n; i++) {
		enum kind k = sb_kind(in[i].p, in[i].n);

		b.file = in[i].name;
		if (k == K_COMPARE) {
			if (n > 1)
				return fail(&b, 0, 0, "a compare-results table "
					    "is not part of one run");
			return compare_file(&b, &in[i]);
		}
		if (k == K_RUN && n > 1) {
			long line = 1;
			size_t at = next_summary(in[i].p, in[i].n, 0, &line);

			if (at < in[i].n && next_summary(in[i].p, in[i].n,
							 at + 1, &line) <
			    in[i].n)
				return fail(&b, line, 1, "a second summary in a "
					    "file that is part of one run's "
					    "folder: import this file alone");
		}
		base_name(in[i].name, base, sizeof(base));
		if (!label[0])
			tail_label(name_tail(base, &test), label,
				   sizeof(label));
	}
	b.file = in[0].name;
	if (sink->run_begin(sink->ctx, SUITE, label[0] ? label : NULL, 1, e))
		return sink_failed(&b, 1);
	/* the tests' own files first: they are the fuller record, and the
	 * summary lines are then checked against them */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			enum kind k = sb_kind(in[i].p, in[i].n);

			b.file = in[i].name;
			if (pass == 0 && k == K_TEST && test_file(&b, &in[i]))
				return -1;
			if (pass == 1 && k != K_TEST && run_file(&b, &in[i]))
				return -1;
		}
	b.file = in[0].name;
	if (sink->run_end(sink->ctx, e))
		return sink_failed(&b, 0);
	return 0;
}

/* The label of the k-th of several summaries in one file: "<Server
 * version>[ <Comments>]" from its header, else "<file label> #k" (or "#k"
 * alone when the file's name says no label). */
static void summary_label(const struct input *in, const char *flabel, int k,
			  char *out, size_t cap)
{
	char ver[SB_VALUE_MAX] = "", com[SB_VALUE_MAX] = "";
	struct lines l;
	const char *s;
	size_t n;

	lines_init(&l, in->p, in->n);
	while (lines_next(&l, &s, &n) && l.lineno < 32) {
		const char *colon = memchr(s, ':', n), *v;
		size_t vn;

		if (l.lineno > 1 && span_blank(s, n))
			break;
		if (!colon)
			continue;
		v = colon + 1;
		vn = (size_t)(s + n - v);
		span_trim(&v, &vn);
		if (span_starts(s, n, "Server version") && copy(ver, sizeof(ver),
							      v, vn))
			ver[0] = '\0';
		if (span_starts(s, n, "Comments") && copy(com, sizeof(com), v, vn))
			com[0] = '\0';
	}
	if (ver[0])
		snprintf(out, cap, "%s%s%s", ver, com[0] ? " " : "", com);
	else
		snprintf(out, cap, "%s%s#%d", flabel, flabel[0] ? " " : "", k);
}

/* One file that holds several RUN summaries (two runs pasted one after the
 * other into a page or a mail): each is a run of its own, read as if it
 * were its own file, so that no summary is dropped.  The file name's label
 * fits none of them alone; each is labelled by its Server version and
 * Comments (what tells two pasted runs apart), and the file's label and the
 * summary's number when its header says neither.  Lines are counted from
 * the file's start for messages. */
static int summaries(const char *p, size_t n, const struct parse_opts *o,
		     const struct record_sink *sink, struct err *e)
{
	static struct sb b;	/* as in sqlbench_parse_set */
	char base[256], flabel[SB_NAME_MAX], label[3 * SB_VALUE_MAX];
	const char *test;
	size_t at, end;
	long line = 1, start;
	int k = 0;

	base_name(o->name ? o->name : "", base, sizeof(base));
	tail_label(name_tail(base, &test), flabel, sizeof(flabel));
	at = next_summary(p, n, 0, &line);
	while (at < n) {
		struct input in;

		start = line;
		end = next_summary(p, n, at + 1, &line);
		k++;
		sb_init(&b, o, sink, e);
		b.file = o->name ? o->name : "";
		in.name = b.file;
		in.p = p + at;
		in.n = end - at;
		summary_label(&in, flabel, k, label, sizeof(label));
		if (sink->run_begin(sink->ctx, SUITE, label, start, e))
			return sink_failed(&b, start);
		if (run_file(&b, &in)) {
			if (b.e->line)
				b.e->line += start - 1;
			return -1;
		}
		if (sink->run_end(sink->ctx, e))
			return sink_failed(&b, start);
		at = end;
	}
	return 0;
}

static int sqlbench_parse(const char *p, size_t n, const struct parse_opts *o,
			  const struct record_sink *sink, struct err *e)
{
	struct input in;
	long line = 1;
	size_t first;

	in.name = o->name ? o->name : "";
	in.p = p;
	in.n = n;
	if (sb_kind(p, n) == K_RUN) {
		first = next_summary(p, n, 0, &line);
		if (first < n && next_summary(p, n, first + 1, &line) < n)
			return summaries(p, n, o, sink, e);
	}
	return sqlbench_parse_set(&in, 1, o, sink, e);
}

const struct format format_sqlbench = {
	"sqlbench",
	"sql-bench per-test outputs, RUN- summaries (one run per output "
	"folder) and compare-results tables",
	0,
	sqlbench_detect,
	sqlbench_parse,
	sqlbench_group,
	sqlbench_parse_set,
};
