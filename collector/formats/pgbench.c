/*
 * pgbench.c: PostgreSQL's pgbench text output, 8.x to 18.
 *
 *   pgbench (15.18 (Debian 15.18-0+deb12u1))        banner, 10+ (absent before)
 *   starting vacuum...end.
 *   progress: 2.0 s, 847.9 tps, lat 4.659 ms stddev 4.771, 0 failed
 *   transaction type: <builtin: TPC-B (sort of)>
 *   scaling factor: 2
 *   query mode: simple
 *   number of clients: 4
 *   number of threads: 2
 *   duration: 10 s                      or: number of transactions per client: 200
 *   number of transactions actually processed: 5757      (or 400/400)
 *   number of failed transactions: 0 (0.000%)            15+
 *   latency average = 6.896 ms          9.4/9.5 wrote "latency average: ..."
 *   latency stddev = 8.615 ms
 *   initial connection time = 17.757 ms                  14+
 *   tps = 575.590926 (without initial connection time)   14+
 *   tps = 12.58 (including connections establishing)     up to 13, with
 *   tps = 13.06 (excluding connections establishing)     this one
 *   statement latencies in milliseconds[ and failures]:  with -r
 *            0.371           0  BEGIN;
 *
 * Suite "pgbench"; the test is the transaction type in pgbench's own -b
 * names (`tpcb-like`, `simple-update`, `select-only`), a custom script's
 * file name, `multiple-scripts`, or --test.  Metrics: `tps` (the rate
 * without connection time: "excluding" up to 13, "without" from 14; 1/s,
 * higher), `tps_including_connections` (up to 13), `latency_avg`,
 * `latency_stddev`, `initial_connection_time` (ms, lower), `transactions`
 * (count, higher), `failed_transactions` (count, lower), and with -r each
 * statement's average latency as a metric named after the statement (ms,
 * lower; a repeated statement gets "#2").  With several scripts (-b/-f
 * twice) each "SQL script N:" block is a test of its own with the same
 * metrics (its tps from "N transactions (x% of total, tps = T)").  The
 * --progress lines are samples of tps, latency_avg and latency_stddev at
 * their time.  Attributes: tool_version, server_version (18's "server
 * N"), scaling_factor, query_mode, clients, threads, duration_s,
 * transactions_per_client, max_tries.
 *
 * One file often holds many runs (a loop appending to one log).  A run
 * starts at a banner, a "starting vacuum" line, or (when the run before is
 * complete) a progress or "transaction type" line; it is complete once a
 * "tps =" line is read, and a run that ends before one is refused: its
 * figures would be those of a run that never finished.  The progress
 * lines come before the summary that names the test, so they are held
 * (within PG_SAMPLES_MAX) until it does.  pgbench writes them to stderr
 * and the summary to stdout, so in a capture of both the last one may
 * come after the summary: a progress line after a complete run that
 * continues its reports (the next time in their step, see trailing())
 * is that run's, not the start of another.  "Run was aborted" after a run is
 * a warning: pgbench printed its figures, but they are incomplete.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/text.h"
#include "../format.h"
#include "../span.h"

#define SUITE "pgbench"
/* Test, script and statement names: statements are SQL lines of a script;
 * longer ones are cut (and kept apart by "#k" if they then collide). */
#define PG_NAME_MAX 256
/* Distinct metric names in one test: the builtin scripts have 11
 * statements; a custom script of hundreds is still far below this. */
#define PG_METRICS_MAX 1024
/* Progress lines held before the summary names the test: one a second
 * for a day. */
#define PG_SAMPLES_MAX 86400
/* Detection looks this far: a wrapper's lines or a vacuum come first. */
#define PG_DETECT_BYTES (64 * 1024)

struct pg_sample {
	double t, tps, lat, sd;
	int has_lat, has_sd;
};

struct pg {
	const struct record_sink *sink;
	const struct parse_opts *o;
	struct err *e;
	int open, done, runs;
	long line;		/* where the run began */
	char run_test[PG_NAME_MAX];	/* "" until the summary names it */
	char test[PG_NAME_MAX];	/* of the figures being read */
	char (*names)[PG_NAME_MAX];	/* owned: metrics used in test */
	int nnames;
	struct pg_sample *smp;	/* owned */
	long nsmp, capsmp;
	long nprog;		/* progress lines of the run so far */
	double last_t, step;	/* the last one's time, and its step */
	int stmts;		/* 1: in statement latencies, 2: with failures */
	int nscripts;
};

/* "pgbench (15.18 ...)" with a digit after the parenthesis. */
static int is_banner(const char *s, size_t n)
{
	return span_starts(s, n, "pgbench (") && n > 9 && s[9] >= '0' &&
	       s[9] <= '9';
}

static int is_progress(const char *s, size_t n)
{
	const char *t = memchr(s, ',', n);

	return span_starts(s, n, "progress: ") && t &&
	       span_starts(t, (size_t)(s + n - t), ", ") &&
	       span_find(t, (size_t)(s + n - t), " tps") != NULL;
}

static int pg_detect(const char *p, size_t n)
{
	struct lines l;
	const char *s;
	size_t k;

	lines_init(&l, p, n < PG_DETECT_BYTES ? n : PG_DETECT_BYTES);
	while (lines_next(&l, &s, &k))
		if (is_banner(s, k) || span_starts(s, k, "transaction type: ") ||
		    (span_starts(s, k, "progress: ") && k < 512 &&
		     is_progress(s, k)))
			return 1;
	return 0;
}

static int sink_failed(struct pg *g, long line)
{
	g->e->line = line;
	return -1;
}

static int copy(char *out, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = utf8_fit(s, n, cap);
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}

static int attr(struct pg *g, long line, const char *key, const char *s,
		size_t n)
{
	char v[PG_NAME_MAX];

	span_trim(&s, &n);
	if (n == 0)
		return 0;
	copy(v, sizeof(v), s, n);
	if (g->sink->attr(g->sink->ctx, key, v, g->e))
		return sink_failed(g, line);
	return 0;
}

/* Sends a result of the current test; metric names met before in the
 * test get "#2", "#3"... (a statement written twice in a script). */
static int result(struct pg *g, long line, const char *metric, double v,
		  const char *unit, const char *better)
{
	char name[PG_NAME_MAX + 16];
	int i, k = 1;

	snprintf(name, sizeof(name), "%s", metric);
	for (i = 0; i < g->nnames; i++)
		if (strcmp(g->names[i], metric) == 0)
			k++;
	if (k > 1)
		snprintf(name, sizeof(name), "%s #%d", metric, k);
	if (g->nnames == PG_METRICS_MAX)
		return err_at(g->e, line, 0, "more than %d figures for test "
			      "'%s'", PG_METRICS_MAX, g->test);
	snprintf(g->names[g->nnames++], PG_NAME_MAX, "%s", metric);
	if (record_send(g->sink, g->test, name, unit, better, "ok", v, g->e))
		return sink_failed(g, line);
	return 0;
}

/* The figures that follow are test name's. */
static void set_test(struct pg *g, const char *name)
{
	snprintf(g->test, sizeof(g->test), "%s", name);
	g->nnames = 0;
	g->stmts = 0;
}

/* pgbench's -b names for its builtin scripts, from what "transaction
 * type:" says in every version; a custom script is named by its file. */
static void test_name(const char *s, size_t n, char *out, size_t cap)
{
	static const struct {
		const char *printed, *name;
	} builtin[] = {
		{"TPC-B (sort of)", "tpcb-like"},
		{"simple update", "simple-update"},
		{"Update only pgbench_accounts", "simple-update"},
		{"select only", "select-only"},
		{"SELECT only", "select-only"},
		{"multiple scripts", "multiple-scripts"},
		{"Custom query", "custom"},
	};
	size_t i;

	span_trim(&s, &n);
	if (span_starts(s, n, "<builtin: ") && n > 11 && s[n - 1] == '>') {
		s += 10;
		n -= 11;
	}
	for (i = 0; i < sizeof(builtin) / sizeof(builtin[0]); i++)
		if (span_eq(s, n, builtin[i].printed)) {
			snprintf(out, cap, "%s", builtin[i].name);
			return;
		}
	/* a script's path: its last component */
	for (i = n; i > 0; i--)
		if (s[i - 1] == '/') {
			s += i;
			n -= i;
			break;
		}
	copy(out, cap, s, n);
	if (!out[0])
		snprintf(out, cap, "%s", SUITE);
}

static int flush_samples(struct pg *g)
{
	long i;

	for (i = 0; i < g->nsmp; i++) {
		const struct pg_sample *x = &g->smp[i];
		const char *t = g->run_test;

		if (g->sink->sample(g->sink->ctx, t, "tps", x->t, x->tps, g->e) ||
		    (x->has_lat && g->sink->sample(g->sink->ctx, t,
						   "latency_avg", x->t, x->lat,
						   g->e)) ||
		    (x->has_sd && g->sink->sample(g->sink->ctx, t,
						  "latency_stddev", x->t, x->sd,
						  g->e)))
			return sink_failed(g, g->line);
	}
	g->nsmp = 0;
	return 0;
}

static int begin(struct pg *g, long line)
{
	if (g->open)
		return 0;
	if (g->sink->run_begin(g->sink->ctx, SUITE, NULL, line, g->e))
		return sink_failed(g, line);
	g->open = 1;
	g->done = 0;
	g->line = line;
	g->run_test[0] = '\0';
	g->nscripts = 0;
	g->nsmp = 0;
	g->nprog = 0;
	set_test(g, g->o->test ? g->o->test : SUITE);
	return 0;
}

static int end(struct pg *g, long line)
{
	if (!g->open)
		return 0;
	if (!g->done)
		return err_at(g->e, g->line, 0, "the pgbench run of this line "
			      "ends before its 'tps = ' line%s", g->run_test[0]
			      ? "" : " (progress lines alone are not a run's "
			      "figures: import the output that holds its "
			      "summary)");
	if (!g->run_test[0])
		snprintf(g->run_test, sizeof(g->run_test), "%s", g->o->test ?
			 g->o->test : SUITE);
	if (flush_samples(g))
		return -1;
	if (g->sink->run_end(g->sink->ctx, g->e))
		return sink_failed(g, line);
	g->open = 0;
	g->runs++;
	return 0;
}

/* The number that starts s[0..n) (after blanks); *rest after it.
 * pgbench prints every figure with printf's %f or %d, so its grammar is
 * digits with an optional fraction, whole (num_lead_plain), ending where a
 * number can end (num_ends): "12abc" and "2.5e3" are no number, never 12
 * and 2.5. */
static int lead_num(const char *s, size_t n, double *v, size_t *rest)
{
	size_t i = 0, used;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (num_lead_plain(s + i, n - i, v, &used) ||
	    !num_ends(s + i + used, n - i - used))
		return -1;
	if (rest)
		*rest = i + used;
	return 0;
}

static int bad_num(struct pg *g, long line, const char *what)
{
	return err_at(g->e, line, 0, "%s: expected a number", what);
}

/* "progress: 2.0 s, 847.9 tps, lat 4.659 ms stddev 4.771[, 0 failed]" */
static int progress(struct pg *g, long line, const char *s, size_t n)
{
	struct pg_sample x;
	const char *p;
	size_t at;

	memset(&x, 0, sizeof(x));
	s += 10;
	n -= 10;
	if (lead_num(s, n, &x.t, &at) || !span_starts(s + at, n - at, " s, "))
		return bad_num(g, line, "progress time");
	s += at + 4;
	n -= at + 4;
	if (lead_num(s, n, &x.tps, &at) || !span_starts(s + at, n - at, " tps"))
		return bad_num(g, line, "progress tps");
	p = span_find(s, n, "lat ");
	if (p) {
		if (lead_num(p + 4, (size_t)(s + n - p - 4), &x.lat, NULL))
			return bad_num(g, line, "progress lat");
		x.has_lat = 1;
	}
	p = span_find(s, n, "stddev ");
	if (p) {
		if (lead_num(p + 7, (size_t)(s + n - p - 7), &x.sd, NULL))
			return bad_num(g, line, "progress stddev");
		x.has_sd = 1;
	}
	if (g->nsmp == g->capsmp) {
		long cap = g->capsmp ? g->capsmp * 2 : 64;
		struct pg_sample *m;

		if (g->nsmp == PG_SAMPLES_MAX)
			return err_at(g->e, line, 0, "more than %d progress "
				      "lines before the summary",
				      PG_SAMPLES_MAX);
		if (cap > PG_SAMPLES_MAX)
			cap = PG_SAMPLES_MAX;
		m = realloc(g->smp, (size_t)cap * sizeof(*m));
		if (!m)
			return err_at(g->e, line, 0, "out of memory");
		g->smp = m;
		g->capsmp = cap;
	}
	g->smp[g->nsmp++] = x;
	if (g->nprog)
		g->step = x.t - g->last_t;
	else
		g->step = x.t;
	g->last_t = x.t;
	g->nprog++;
	return 0;
}

/* 1 when the progress line s[0..n), read after the open run's summary, is
 * that run's last report: the run had reports, and this one's time is
 * later than the last one's by at most one and a half of their step (the
 * -P interval; a run's first report comes one step after its start).  A
 * run that follows starts its clock again from zero, so its first report
 * is not later than the previous run's last one unless that run stopped
 * before its first interval's end. */
static int trailing(const struct pg *g, const char *s, size_t n)
{
	double t;

	if (!g->nprog || lead_num(s + 10, n - 10, &t, NULL))
		return 0;
	return t > g->last_t && t - g->last_t <= 1.5 * g->step;
}

/* A "label: value" or "label = value" line of the summary (or, with a
 * leading " - ", of a script's block).  Returns 1 when it was one. */
static int summary(struct pg *g, long line, const char *s, size_t n)
{
	static const struct {
		const char *label, *key;
	} attrs[] = {
		{"scaling factor:", "scaling_factor"},
		{"query mode:", "query_mode"},
		{"number of clients:", "clients"},
		{"number of threads:", "threads"},
		{"number of transactions per client:", "transactions_per_client"},
		{"maximum number of tries:", "max_tries"},
	};
	static const struct {
		const char *label, *metric;
	} ms[] = {
		{"latency average", "latency_avg"},
		{"latency stddev", "latency_stddev"},
		{"initial connection time", "initial_connection_time"},
	};
	size_t i, at;
	double v;

	for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
		if (span_starts(s, n, attrs[i].label)) {
			size_t k = strlen(attrs[i].label);

			return attr(g, line, attrs[i].key, s + k, n - k) ? -1 : 1;
		}
	if (span_starts(s, n, "duration:")) {
		if (lead_num(s + 9, n - 9, &v, &at))
			return bad_num(g, line, "duration");
		return attr(g, line, "duration_s", s + 9, at) ? -1 : 1;
	}
	for (i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
		size_t k = strlen(ms[i].label);

		if (span_starts(s, n, ms[i].label) && n > k + 2 &&
		    (span_starts(s + k, n - k, " = ") ||
		     span_starts(s + k, n - k, ": "))) {
			if (lead_num(s + k + 2, n - k - 2, &v, &at) ||
			    !span_starts(s + k + 2 + at, n - k - 2 - at, " ms"))
				return bad_num(g, line, ms[i].label);
			return result(g, line, ms[i].metric, v, "ms", "lower") ?
			       -1 : 1;
		}
	}
	if (span_starts(s, n, "number of transactions actually processed: ")) {
		if (lead_num(s + 43, n - 43, &v, NULL))
			return bad_num(g, line, "transactions processed");
		return result(g, line, "transactions", v, "count", "higher") ?
		       -1 : 1;
	}
	if (span_starts(s, n, "number of failed transactions: ")) {
		if (lead_num(s + 31, n - 31, &v, NULL))
			return bad_num(g, line, "failed transactions");
		return result(g, line, "failed_transactions", v, "count",
			      "lower") ? -1 : 1;
	}
	if (span_starts(s, n, "tps = ")) {
		const char *metric = "tps";

		if (lead_num(s + 6, n - 6, &v, &at))
			return bad_num(g, line, "tps");
		if (span_find(s + 6 + at, n - 6 - at, "(including connections"))
			metric = "tps_including_connections";
		if (result(g, line, metric, v, "1/s", "higher"))
			return -1;
		g->done = 1;
		return 1;
	}
	return 0;
}

/* " - 2888 transactions (50.1% of total, tps = 288.955675)" */
static int script_tps(struct pg *g, long line, const char *s, size_t n)
{
	const char *t = span_find(s, n, "tps = ");
	double v;

	if (!t || lead_num(t + 6, (size_t)(s + n - t - 6), &v,
					 NULL))
		return bad_num(g, line, "script tps");
	if (lead_num(s, n, &v, NULL))
		return bad_num(g, line, "script transactions");
	if (result(g, line, "transactions", v, "count", "higher"))
		return -1;
	lead_num(t + 6, (size_t)(s + n - t - 6), &v, NULL);
	return result(g, line, "tps", v, "1/s", "higher");
}

/* A statement latency line: "  0.371  [failures]  BEGIN;". */
static int statement(struct pg *g, long line, const char *s, size_t n)
{
	char name[PG_NAME_MAX];
	double v, f;
	size_t at, at2;

	if (lead_num(s, n, &v, &at)) {
		size_t i = 0;

		/* a line of the block starting with a digit is a latency that
		 * is no number ("0.371x BEGIN;"), not the block's end */
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		return i < n && s[i] >= '0' && s[i] <= '9' ?
		       bad_num(g, line, "statement latency") : 0;
	}
	s += at;
	n -= at;
	if (g->stmts == 2) {
		if (lead_num(s, n, &f, &at2))
			return bad_num(g, line, "statement failures");
		s += at2;
		n -= at2;
	}
	span_trim(&s, &n);
	if (n == 0)
		return err_at(g->e, line, 0, "a statement latency with no "
			      "statement");
	copy(name, sizeof(name), s, n);
	return result(g, line, name, v, "ms", "lower") ? -1 : 1;
}

static int pg_line(struct pg *g, long line, const char *s, size_t n)
{
	const char *t = s;
	size_t tn = n;
	int r;

	if (is_banner(s, n) || span_starts(s, n, "starting vacuum")) {
		if (g->open && (g->done || is_banner(s, n)) && end(g, line))
			return -1;
		if (begin(g, line))
			return -1;
		if (is_banner(s, n)) {
			const char *p = s + 9, *q = s + n;
			const char *srv;

			if (q > p && q[-1] == ')')
				q--;
			srv = span_find(p, (size_t)(q - p), ", server ");
			if (srv) {
				if (attr(g, line, "server_version", srv + 9,
					 (size_t)(q - srv - 9)))
					return -1;
				q = srv;
			}
			if (attr(g, line, "tool_version", p, (size_t)(q - p)))
				return -1;
		}
		return 0;
	}
	if (span_starts(s, n, "progress: ") && is_progress(s, n)) {
		if (g->open && g->done && !trailing(g, s, n) && end(g, line))
			return -1;
		return begin(g, line) || progress(g, line, s, n);
	}
	if (span_starts(s, n, "transaction type:")) {
		if (g->open && (g->done || g->run_test[0]) && end(g, line))
			return -1;
		if (begin(g, line))
			return -1;
		if (g->o->test)
			snprintf(g->run_test, sizeof(g->run_test), "%s",
				 g->o->test);
		else
			test_name(s + 17, n - 17, g->run_test,
				  sizeof(g->run_test));
		set_test(g, g->run_test);
		return flush_samples(g);
	}
	if (!g->open)
		return 0;	/* wrapper text between runs */
	if (span_starts(s, n, "Run was aborted"))
		return record_warn(g->sink, line, g->e, "pgbench says the run "
				   "was aborted: its figures are incomplete");
	if (span_starts(s, n, "SQL script ")) {
		const char *c = memchr(s, ':', n);
		char name[PG_NAME_MAX - 32], full[PG_NAME_MAX];

		if (!c)
			return err_at(g->e, line, 0, "expected 'SQL script N: "
				      "NAME'");
		test_name(c + 1, (size_t)(s + n - c - 1), name, sizeof(name));
		g->nscripts++;
		/* numbered: two scripts of one name (a builtin given twice
		 * with -b) stay apart */
		snprintf(full, sizeof(full), "%s (script %d)", name,
			 g->nscripts);
		set_test(g, full);
		return 0;
	}
	if (span_starts(t, tn, " - ")) {
		t += 3;
		tn -= 3;
	}
	if (span_starts(t, tn, "statement latencies in milliseconds")) {
		g->stmts = span_find(t, tn, "failures") ? 2 : 1;
		return 0;
	}
	if (g->stmts) {
		if ((r = statement(g, line, s, n)) != 0)
			return r < 0 ? -1 : 0;
		g->stmts = 0;
	}
	if (t != s && span_find(t, tn, " transactions (") &&
	    span_find(t, tn, "tps = "))
		return script_tps(g, line, t, tn);
	if (t != s && span_starts(t, tn, "weight:"))
		return 0;
	r = summary(g, line, t, tn);
	return r < 0 ? -1 : 0;
}

static int pg_parse(const char *p, size_t n, const struct parse_opts *o,
		    const struct record_sink *sink, struct err *e)
{
	struct pg g;
	struct lines l;
	const char *s;
	size_t k;
	int rc = -1;

	memset(&g, 0, sizeof(g));
	g.sink = sink;
	g.o = o;
	g.e = e;
	g.names = malloc(PG_METRICS_MAX * sizeof(*g.names));
	if (!g.names)
		return err_at(e, 0, 0, "out of memory");
	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k))
		if (pg_line(&g, l.lineno, s, k))
			goto out;
	if (end(&g, l.lineno))
		goto out;
	if (g.runs == 0) {
		err_at(e, 0, 0, "no pgbench run ('tps = ' line) found");
		goto out;
	}
	rc = 0;
out:
	free(g.names);
	free(g.smp);
	return rc;
}

const struct format format_pgbench = {
	"pgbench",
	"PostgreSQL pgbench output (8.x to 18): the summary, statement "
	"latencies, per-script blocks, progress lines as samples; one run per "
	"summary",
	FORMAT_MARKED,
	pg_detect,
	pg_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
