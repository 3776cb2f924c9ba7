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
 *
 * This file holds the format's entry points, detection and the file
 * names; each kind of file has a reader of its own (sqlbench.h).
 */
#include <stdio.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../format.h"
#include "../span.h"
#include "sqlbench.h"

static const char *const known_tests[] = {
	"alter-table", "ATIS", "big-tables", "connect", "create", "insert",
	"select", "table-elimination", "transactions", "wisconsin",
};

enum kind { K_NONE, K_TEST, K_RUN, K_COMPARE };

static const char compare_marker[] =
	"This is the result file of the different benchmark tests.";

/* ---- names --------------------------------------------------------- */

void sqlb_base_name(const char *path, char *out, size_t cap)
{
	const char *b = strrchr(path, '/');
	size_t k;

	snprintf(out, cap, "%s", b ? b + 1 : path);
	k = strlen(out);
	if (k > 3 && strcmp(out + k - 3, ".gz") == 0)
		out[k - 3] = '\0';
}

const char *sqlb_name_tail(const char *base, const char **test)
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

void sqlb_tail_label(const char *tail, char *out, size_t cap)
{
	const char *cmp = strstr(tail, "-cmp-");
	size_t k = cmp ? (size_t)(cmp - tail) : strlen(tail);

	if (span_cstr(out, cap, tail, k))
		out[0] = '\0';
}

/* ---- detection ------------------------------------------------------ */

static enum kind sqlb_kind(const char *p, size_t n)
{
	struct lines l;
	const char *s;
	size_t k;

	if (n > SQLB_DETECT_BYTES)
		n = SQLB_DETECT_BYTES;
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
	return sqlb_kind(p, n) != K_NONE;
}

static int sqlbench_group(const char *name, const char *p, size_t n,
			  char *key, size_t cap)
{
	char base[256];
	const char *test, *tail;
	enum kind k = sqlb_kind(p, n);

	if (k != K_TEST && k != K_RUN)
		return 0;
	sqlb_base_name(name, base, sizeof(base));
	tail = sqlb_name_tail(base, &test);
	/* a RUN- name with a test's content, or the reverse, is not what
	 * run-all-tests writes: such a file stands alone */
	if ((k == K_RUN) != (strncmp(base, "RUN-", 4) == 0) && tail[0])
		return 0;
	if (k == K_TEST && !tail[0])
		return 0;	/* its test would be unknown beside others */
	snprintf(key, cap, "%s", tail);
	return 1;
}

/* ---- entry points --------------------------------------------------- */

static void sqlb_init(struct sqlb *b, const struct parse_opts *o,
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
	static struct sqlb b;	/* ~200 KB of operation names */
	char base[256], label[SQLB_NAME_MAX];
	const char *test;
	size_t i;
	int pass;

	sqlb_init(&b, o, sink, e);
	label[0] = '\0';
	for (i = 0; i < n; i++) {
		enum kind k = sqlb_kind(in[i].p, in[i].n);

		b.file = in[i].name;
		if (k == K_COMPARE) {
			if (n > 1)
				return sqlb_fail(&b, 0, 0, "a compare-results "
					       "table is not part of one run");
			return sqlb_compare_file(&b, &in[i]);
		}
		if (k == K_RUN && n > 1) {
			long line = 1;
			size_t at = next_summary(in[i].p, in[i].n, 0, &line);

			if (at < in[i].n && next_summary(in[i].p, in[i].n,
							 at + 1, &line) <
			    in[i].n)
				return sqlb_fail(&b, line, 1, "a second summary "
					       "in a file that is part of one "
					       "run's folder: import this file "
					       "alone");
		}
		sqlb_base_name(in[i].name, base, sizeof(base));
		if (!label[0])
			sqlb_tail_label(sqlb_name_tail(base, &test), label,
				      sizeof(label));
	}
	b.file = in[0].name;
	if (sink->run_begin(sink->ctx, SUITE, label[0] ? label : NULL, 1, e))
		return sqlb_sink_failed(&b, 1);
	/* the tests' own files first: they are the fuller record, and the
	 * summary lines are then checked against them */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			enum kind k = sqlb_kind(in[i].p, in[i].n);

			b.file = in[i].name;
			if (pass == 0 && k == K_TEST && sqlb_test_file(&b, &in[i]))
				return -1;
			if (pass == 1 && k != K_TEST && sqlb_run_file(&b, &in[i]))
				return -1;
		}
	b.file = in[0].name;
	if (sink->run_end(sink->ctx, e))
		return sqlb_sink_failed(&b, 0);
	return 0;
}

/* The label of the k-th of several summaries in one file: "<Server
 * version>[ <Comments>]" from its header, else "<file label> #k" (or "#k"
 * alone when the file's name says no label). */
static void summary_label(const struct input *in, const char *flabel, int k,
			  char *out, size_t cap)
{
	char ver[SQLB_VALUE_MAX] = "", com[SQLB_VALUE_MAX] = "";
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
		if (span_starts(s, n, "Server version") && span_cstr(ver, sizeof(ver),
							      v, vn))
			ver[0] = '\0';
		if (span_starts(s, n, "Comments") && span_cstr(com, sizeof(com), v, vn))
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
	static struct sqlb b;	/* as in sqlbench_parse_set */
	char base[256], flabel[SQLB_NAME_MAX], label[3 * SQLB_VALUE_MAX];
	const char *test;
	size_t at, end;
	long line = 1, start;
	int k = 0;

	sqlb_base_name(o->name ? o->name : "", base, sizeof(base));
	sqlb_tail_label(sqlb_name_tail(base, &test), flabel, sizeof(flabel));
	at = next_summary(p, n, 0, &line);
	while (at < n) {
		struct input in;

		start = line;
		end = next_summary(p, n, at + 1, &line);
		k++;
		sqlb_init(&b, o, sink, e);
		b.file = o->name ? o->name : "";
		in.name = b.file;
		in.p = p + at;
		in.n = end - at;
		summary_label(&in, flabel, k, label, sizeof(label));
		if (sink->run_begin(sink->ctx, SUITE, label, start, e))
			return sqlb_sink_failed(&b, start);
		if (sqlb_run_file(&b, &in)) {
			if (b.e->line)
				b.e->line += start - 1;
			return -1;
		}
		if (sink->run_end(sink->ctx, e))
			return sqlb_sink_failed(&b, start);
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
	if (sqlb_kind(p, n) == K_RUN) {
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
	FORMAT_MARKED,
	sqlbench_detect,
	sqlbench_parse,
	sqlbench_group,
	sqlbench_parse_set,
};
