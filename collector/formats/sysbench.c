/*
 * sysbench.c: sysbench 0.4, 0.5, 1.0 and 1.1 text output (the sysbench row
 * of docs/formats.md): OLTP/SQL scripts, fileio, cpu, memory, threads and
 * mutex.
 *
 * A sysbench file is rarely one clean run: outputs are appended (`>>`),
 * wrapped in user banners, `CPU n ` prefixes, shell transcripts or whole
 * PerfKitBenchmarker logs, and mixed with `prepare`/`cleanup` outputs.  The
 * one reliable marker is the banner (`sysbench 0.4.12:  multi-threaded
 * ...`, `sysbench 1.0.20 (using ...)`), found anywhere in a line, so the
 * file is cut into segments at banners: a segment runs from its banner to
 * the next banner or the end.  Everything else is read by label, never by
 * column, because every sysbench family reworded its report.
 *
 * Each segment is read twice, and nothing per line is kept (so memory does
 * not grow with the number of interim lines):
 *   1. a scan for what the segment is: a run (a header, interim lines or
 *      statistics), a `prepare`/`cleanup` output (passed over), which test
 *      (from the "Doing ... test" lines and the headers), whether it has
 *      statistics, and the first FATAL line;
 *   2. for a run with statistics, the records: run_begin, attributes from
 *      the header, a sample per figure of each interim line, then the
 *      results at the end of the run (some are derived from figures printed
 *      later, e.g. 0.4 fileio rates need the total time).
 * The scan is what lets the run's test name be known before its first
 * sample, and what lets a run that never produced statistics be skipped
 * before anything of it is sent.
 *
 * Failed runs.  A run that stops with FATAL (or simply stops) before its
 * statistics has no figures; inventing a "failed" result would put a
 * number-less bar in every chart.  So: if the file's other runs are fine,
 * they are stored and each failed run becomes a warning naming its FATAL
 * line (the sink's warn channel: visible, yet not fatal to a 5-run file
 * whose fileio prepare ran out of disk); if the file has no good run at
 * all, the import fails naming the first FATAL line, since storing nothing
 * silently would look like success.  A run that printed FATAL and then
 * statistics anyway keeps its figures with status `failed`, and a warning.
 *
 * Malformed input (exit 1, the line named): a line that carries a known
 * label with a value that is not the expected number, an interim line
 * (`[ 10s ] ...`) with an unknown field, a figure given twice in one run.
 * Unknown lines are passed over: they are wrapper text.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/text.h"
#include "../format.h"
#include "../span.h"

/* Names (tests, versions, attribute values) are short; anything longer is
 * cut here, and names longer than this are not sysbench's own. */
#define SYSBENCH_NAME_MAX 64

/* Detection looks at this much: wrapper logs put their own header (the
 * PerfKitBenchmarker log has 17 lines) before the first banner. */
#define SB_DETECT_BYTES (256 * 1024)

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Copies p[0..n) into out, cut to fit at a character's start: the input
 * is valid UTF-8, and a cut inside a character would make an attribute
 * that is not. */
static void span_copy(char *out, size_t cap, const char *p, size_t n)
{
	n = utf8_fit(p, n, cap);
	memcpy(out, p, n);
	out[n] = '\0';
}

/* Next whitespace-separated token of s[*i..n), with a trailing comma cut
 * (sysbench's interim lines put commas after some fields, not others). */
static int token(const char *s, size_t n, size_t *i, struct span *t)
{
	while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
		(*i)++;
	if (*i >= n)
		return 0;
	t->p = s + *i;
	while (*i < n && s[*i] != ' ' && s[*i] != '\t')
		(*i)++;
	t->n = (size_t)(s + *i - t->p);
	if (t->n > 1 && t->p[t->n - 1] == ',')
		t->n--;
	return 1;
}

/* ---- the banner ---- */

/* 1 when line s[0..n) holds a sysbench banner; *ver gets the version
 * ("0.4.12", "1.0.20-ebf1c90").  The banner must be followed by its own
 * words so that a shell command line ("# sysbench --test=fileio ...") or a
 * log mentioning sysbench is not taken for one. */
static int banner(const char *s, size_t n, struct span *ver)
{
	const char *p = s, *end = s + n;

	while ((p = span_find(p, (size_t)(end - p), "sysbench ")) != NULL) {
		const char *v = p + 9, *q = v;

		p += 9;
		if (q >= end || !is_digit(*q))
			continue;
		while (q < end && (is_digit(*q) || *q == '.'))
			q++;
		if (q < end && *q == '-') {
			q++;
			while (q < end && ((*q >= '0' && *q <= '9') ||
					   (*q >= 'a' && *q <= 'z') ||
					   (*q >= 'A' && *q <= 'Z')))
				q++;
		}
		if (span_starts(q, (size_t)(end - q), " (using ") ||
		    (span_starts(q, (size_t)(end - q), ":") &&
		     span_find(q, (size_t)(end - q), " multi-threaded system "
			  "evaluation benchmark"))) {
			ver->p = v;
			ver->n = (size_t)(q - v);
			return 1;
		}
	}
	return 0;
}

/* ---- pass 1: what a segment is ---- */

/* fileio modes as the "Doing ... test" line names them */
static const struct {
	const char *words, *test;
} fileio_modes[] = {
	{"sequential write (creation)", "fileio-seqwr"},
	{"sequential rewrite", "fileio-seqrewr"},
	{"sequential read", "fileio-seqrd"},
	{"random read", "fileio-rndrd"},
	{"random write", "fileio-rndwr"},
	{"random r/w", "fileio-rndrw"},
};

struct segment {
	long line;		/* the banner's, or the split line's */
	struct span ver;	/* empty for a run found by a split */
	/* A run's second "Running the test with following options" line:
	 * a run whose banner was lost (a post that cut its first letter,
	 * "ysbench 1.1.0") starts there, and the segment ends before it;
	 * 0 when the segment ends at a banner or the file's end. */
	long split_line;
	/* A statistics heading after the run's statistics ended that no
	 * split accounts for: read by nothing, so it is warned about. */
	long extra_stats_line;
	int is_run;		/* header, interim lines or statistics */
	int has_stats;
	long fatal_line;	/* first FATAL before the statistics, or 0 */
	struct span fatal;
	long threads, events;	/* -1 when not printed */
	char test[SYSBENCH_NAME_MAX];	/* "" when nothing in the output says */
	int oltp;
	/* OLTP statistics: queries performed (read, write, other) and
	 * transactions, -1 when not printed; they name a script the output
	 * does not (oltp_name) */
	long q_read, q_write, q_other, tx;
};

static long parse_long(const char *s, size_t n)
{
	double v;

	span_trim(&s, &n);
	if (n == 0 || n > 15 || num_parse_plain(s, n, &v) || v != (long)v)
		return -1;
	return (long)v;
}

/* The value after "label:" on a trimmed line, trimmed. */
static int after(const char *s, size_t n, const char *label, struct span *v)
{
	if (!span_starts(s, n, label))
		return 0;
	v->p = s + strlen(label);
	v->n = n - strlen(label);
	span_trim(&v->p, &v->n);
	return 1;
}

static int is_interim(const char *s, size_t n)
{
	size_t i = 1;

	if (n < 4 || s[0] != '[')
		return 0;
	while (i < n && s[i] == ' ')
		i++;
	return i < n && is_digit(s[i]);
}

static void test_from_line(struct segment *g, const char *s, size_t n)
{
	struct span v;
	size_t i;

	if (after(s, n, "Doing ", &v) && v.n > 5 &&
	    span_eq(v.p + v.n - 5, 5, " test")) {
		for (i = 0; i < sizeof(fileio_modes) / sizeof(fileio_modes[0]); i++)
			if (span_eq(v.p, v.n - 5, fileio_modes[i].words))
				snprintf(g->test, sizeof(g->test), "%s",
					 fileio_modes[i].test);
		if (span_eq(v.p, v.n - 5, "thread subsystem performance"))
			snprintf(g->test, sizeof(g->test), "threads");
		if (span_eq(v.p, v.n - 5, "mutex performance"))
			snprintf(g->test, sizeof(g->test), "mutex");
		if (span_eq(v.p, v.n - 5, "memory operations speed"))
			snprintf(g->test, sizeof(g->test), "memory");
	}
	if (span_starts(s, n, "Doing OLTP test"))
		g->oltp = 1;
	if (span_starts(s, n, "Doing CPU performance benchmark") ||
	    span_starts(s, n, "Prime numbers limit:") ||
	    span_starts(s, n, "Maximum prime number checked in CPU test:"))
		snprintf(g->test, sizeof(g->test), "cpu");
	if (span_starts(s, n, "Running memory speed test") ||
	    span_starts(s, n, "Total operations:") ||
	    (span_starts(s, n, "Operations performed:") &&
	     span_find(s, n, "ops/sec")))
		snprintf(g->test, sizeof(g->test), "memory");
	if (!g->test[0] && span_starts(s, n, "Extra file open flags:"))
		snprintf(g->test, sizeof(g->test), "fileio");
	if (span_starts(s, n, "SQL statistics:") ||
	    span_starts(s, n, "OLTP test statistics:"))
		g->oltp = 1;
}

/* A shell or wrapper line that ran sysbench: its --test=NAME or NAME.lua
 * names an OLTP script the output itself never names.  Fills out (cut to
 * the base name without .lua) and returns 1. */
static int command_test(const char *s, size_t n, char *out, size_t cap)
{
	const char *p = span_find(s, n, "sysbench ");
	size_t i;
	struct span t;

	if (!p)
		return 0;
	i = (size_t)(p - s) + 9;
	while (token(s, n, &i, &t)) {
		struct span name = t;
		const char *slash;

		if (span_starts(t.p, t.n, "--test=")) {
			name.p += 7;
			name.n -= 7;
		} else if (!(t.n > 4 && span_eq(t.p + t.n - 4, 4, ".lua")) &&
			   !span_starts(t.p, t.n, "oltp_")) {
			continue;
		}
		while ((slash = memchr(name.p, '/', name.n)) != NULL) {
			name.n -= (size_t)(slash + 1 - name.p);
			name.p = slash + 1;
		}
		if (name.n > 4 && span_eq(name.p + name.n - 4, 4, ".lua"))
			name.n -= 4;
		if (name.n == 0 || name.n >= cap)
			continue;
		span_copy(out, cap, name.p, name.n);
		return 1;
	}
	return 0;
}

/* 1 when the trimmed line opens a run's statistics.  1.1's fileio may
 * print its Throughput block (`read:  IOPS=...`) and Latency block with
 * no general statistics at all (an output quoted on LKML): those are
 * statistics too. */
static int stats_heading(const char *s, size_t n)
{
	return span_starts(s, n, "General statistics:") ||
	       span_starts(s, n, "Latency (ms):") ||
	       (span_starts(s, n, "read:") && span_find(s, n, "IOPS=") &&
		!span_find(s, n, "BW=")) ||	/* fio's "read: IOPS=.., BW=" */
	       span_starts(s, n, "Test execution summary:") ||
	       span_starts(s, n, "SQL statistics:") ||
	       span_starts(s, n, "OLTP test statistics:") ||
	       span_starts(s, n, "File operations:") ||
	       span_starts(s, n, "CPU speed:") ||
	       span_starts(s, n, "Total operations:") ||
	       span_starts(s, n, "events/s (eps):") ||
	       span_starts(s, n, "Operations performed:");
}

/* Scans the segment whose banner the walker l has just returned, up to the
 * next banner (left for the caller: l stops before it) or the end.  cmd
 * gets the OLTP script named by a command line in the segment's tail (it
 * belongs to the next segment). */
static void scan(struct lines *l, struct segment *g, char *cmd, size_t cap)
{
	const char *s;
	size_t n;
	struct span v;
	int done = 0, in_queries = 0;

	g->threads = g->events = -1;
	g->q_read = g->q_write = g->q_other = g->tx = -1;
	for (;;) {
		struct lines save = *l;

		if (!lines_next(l, &s, &n))
			break;
		if (banner(s, n, &v)) {
			*l = save;
			break;
		}
		if (command_test(s, n, cmd, cap))
			continue;
		span_trim(&s, &n);
		if (g->has_stats && span_starts(s, n, "Running the test with "
						"following options")) {
			g->split_line = l->lineno;
			*l = save;
			break;
		}
		if (done) {
			if (!g->extra_stats_line && stats_heading(s, n))
				g->extra_stats_line = l->lineno;
			continue;
		}
		if (span_starts(s, n, "FATAL:") && !g->fatal_line && !g->has_stats) {
			g->fatal_line = l->lineno;
			g->fatal.p = s;
			g->fatal.n = n;
		}
		if (span_starts(s, n, "Running the test with following options") ||
		    span_starts(s, n, "Threads started!") || is_interim(s, n))
			g->is_run = 1;
		if (stats_heading(s, n)) {
			g->is_run = 1;
			g->has_stats = 1;
		}
		if (span_starts(s, n, "queries performed:"))
			in_queries = 1;
		else if (in_queries && after(s, n, "read:", &v))
			g->q_read = parse_long(v.p, v.n);
		else if (in_queries && after(s, n, "write:", &v))
			g->q_write = parse_long(v.p, v.n);
		else if (in_queries && after(s, n, "other:", &v))
			g->q_other = parse_long(v.p, v.n);
		else if (!(in_queries && span_starts(s, n, "total:")))
			in_queries = 0;
		if (after(s, n, "transactions:", &v)) {
			const char *open = memchr(v.p, '(', v.n);

			g->tx = parse_long(v.p, open ? (size_t)(open - v.p) : v.n);
		}
		if (after(s, n, "Number of threads:", &v))
			g->threads = parse_long(v.p, v.n);
		if (after(s, n, "total number of events:", &v))
			g->events = parse_long(v.p, v.n);
		if (span_starts(s, n, "execution time (avg/stddev):"))
			done = 1;
		test_from_line(g, s, n);
	}
	/* cut the pointer to a FATAL line to what a message can show */
	if (g->fatal.n > 200)
		g->fatal.n = 200;
}

/* ---- pass 2: the records ---- */

/* Every figure a run can have, in the order results are sent. */
enum metric {
	M_TPS, M_QPS, M_EPS, M_OPS, M_MIBS,
	M_READS, M_WRITES, M_FSYNCS, M_READ_MIBS, M_WRITTEN_MIBS,
	M_ERRORS, M_RECONNECTS,
	M_LAT_MIN, M_LAT_AVG, M_LAT_MAX, M_LAT_PCT,
	M_TOTAL_TIME, M_TOTAL_EVENTS,
	M_COUNT
};

static const struct {
	const char *name, *unit, *better;
} metrics[M_COUNT] = {
	{"transactions_per_sec", "1/s", "higher"},
	{"queries_per_sec", "1/s", "higher"},
	{"events_per_sec", "1/s", "higher"},
	{"operations_per_sec", "1/s", "higher"},
	{"mib_per_sec", "MiB/s", "higher"},
	{"reads_per_sec", "1/s", "higher"},
	{"writes_per_sec", "1/s", "higher"},
	{"fsyncs_per_sec", "1/s", "higher"},
	{"read_mib_per_sec", "MiB/s", "higher"},
	{"written_mib_per_sec", "MiB/s", "higher"},
	{"ignored_errors_per_sec", "1/s", "lower"},
	{"reconnects_per_sec", "1/s", "lower"},
	{"latency_min", "ms", "lower"},
	{"latency_avg", "ms", "lower"},
	{"latency_max", "ms", "lower"},
	{NULL, "ms", "lower"},	/* latency_pNN: named by its line */
	{"total_time", "s", "lower"},
	{"total_events", "count", "higher"},
};

/* Where a label's figures go in the statistics: the same words ("min:",
 * "read:") mean different things under different headings. */
enum section {
	S_NONE, S_QUERIES, S_LATENCY, S_HISTOGRAM, S_DONE
};

struct run {
	const struct record_sink *sink;
	struct err *e;
	const struct segment *g;
	const char *test;
	long line;
	const char *line_start;	/* for columns */
	enum section sec;
	int lat_ms_suffix;	/* 0.4/0.5 print "4.18ms", 1.0 "4.18" */
	double v[M_COUNT];
	long at[M_COUNT];	/* line where set, 0 = not set */
	char pct_name[24];
	/* 0.4/0.5 figures combined at the end */
	double rw_rate, other_rate;
	long rw_at;
	double n_read, n_write, n_other, mib_read, mib_written;
	long fileio_ops_at, fileio_mib_at;
	/* the precision of the printed figures those are derived from: a
	 * derived figure gets no more (core/text.h num_round_*) */
	int rate_dec;		/* decimals of the last "(X per sec.)" read */
	int rw_dec, other_dec;
	int time_sig;
};

static long col(const struct run *r, const char *p)
{
	return (long)(p - r->line_start) + 1;
}

static int bad_value(struct run *r, const char *label, struct span v,
		     const char *what)
{
	return err_at(r->e, r->line, col(r, v.p), "'%s': expected %s, found "
		      "'%.*s'", label, what, v.n > 40 ? 40 : (int)v.n, v.p);
}

static int set(struct run *r, enum metric m, double v, const char *label)
{
	if (r->at[m])
		return err_at(r->e, r->line, 0, "'%s' given twice in one run "
			      "(first at line %ld)", label, r->at[m]);
	r->v[m] = v;
	r->at[m] = r->line;
	return 0;
}

/* A plain number, optionally followed by the given suffix ("s", "ms"). */
static int number(struct run *r, const char *label, struct span v,
		  const char *suffix, double *out)
{
	size_t k = strlen(suffix);

	if (v.n <= k || !span_eq(v.p + v.n - k, k, suffix) ||
	    num_parse_plain(v.p, v.n - k, out))
		return bad_value(r, label, v, *suffix ? "a number with its unit"
				 : "a number");
	return 0;
}

static int figure(struct run *r, enum metric m, const char *label,
		  struct span v, const char *suffix)
{
	double x;

	return number(r, label, v, suffix, &x) || set(r, m, x, label);
}

/* "N (X per sec.)", "N  (X per second)", "N ( X ops/sec)": the rate X;
 * unit is what follows X, closing parenthesis included. */
static int count_rate(struct run *r, const char *label, struct span v,
		      const char *unit, double *rate)
{
	const char *open = memchr(v.p, '(', v.n);
	size_t k = strlen(unit);
	struct span c, x;
	double cnt;

	if (open) {
		c.p = v.p;
		c.n = (size_t)(open - v.p);
		span_trim(&c.p, &c.n);
		x.p = open + 1;
		x.n = (size_t)(v.p + v.n - x.p);
		span_trim(&x.p, &x.n);
		if (num_parse_plain(c.p, c.n, &cnt) == 0 && x.n > k + 1 &&
		    span_eq(x.p + x.n - k, k, unit) && x.p[x.n - k - 1] == ' ' &&
		    num_parse_plain(x.p, x.n - k - 1, rate) == 0) {
			r->rate_dec = num_decimals(x.p, x.n - k - 1);
			return 0;
		}
	}
	return bad_value(r, label, v, "'N (X per sec.)'");
}

static int rate_figure(struct run *r, enum metric m, const char *label,
		       struct span v, const char *unit)
{
	double x;

	return count_rate(r, label, v, unit, &x) || set(r, m, x, label);
}

/* sb_print_value_size: "305.98Mb", "8Gb", "0b" -> MiB */
static int size_mib(const char *s, size_t n, double *mib)
{
	static const char units[] = "bKMGT";
	double scale = 1.0 / (1024.0 * 1024.0);
	const char *u;

	if (n < 2 || s[n - 1] != 'b')
		return -1;
	n--;
	if (n && (u = memchr(units + 1, s[n - 1], 4)) != NULL) {
		scale = 1.0;
		if (*u == 'K')
			scale = 1.0 / 1024.0;
		else if (*u == 'G')
			scale = 1024.0;
		else if (*u == 'T')
			scale = 1024.0 * 1024.0;
		n--;
	}
	if (num_parse_plain(s, n, mib))
		return -1;
	*mib *= scale;
	return 0;
}

static int attr(struct run *r, const char *key, const char *p, size_t n)
{
	char v[SYSBENCH_NAME_MAX * 2];

	span_trim(&p, &n);
	if (n == 0)
		return 0;
	span_copy(v, sizeof(v), p, n);
	return r->sink->attr(r->sink->ctx, key, v, r->e);
}

/* A size as IEC text: 0.4's "16Kb", "1K", "8Mb" become "16KiB", "1KiB",
 * "8MiB", so that 0.4 and 1.0 runs of the same size have the same
 * attribute value. */
static int size_attr(struct run *r, const char *key, const char *p, size_t n)
{
	char v[SYSBENCH_NAME_MAX];

	span_trim(&p, &n);
	if (n > 1 && p[n - 1] == 'b' && memchr("KMGT", p[n - 2], 4))
		n--;
	if (n > 0 && n < 40 && memchr("KMGT", p[n - 1], 4)) {
		snprintf(v, sizeof(v), "%.*siB", (int)n, p);
		return r->sink->attr(r->sink->ctx, key, v, r->e);
	}
	return attr(r, key, p, n);
}

static int sample(struct run *r, const char *metric, double t, double v)
{
	return r->sink->sample(r->sink->ctx, r->test, metric, t, v, r->e);
}

/* "(95%)", "(ms,95%):" -> "latency_p95" */
static int pct_metric(const char *p, size_t n, char *out, size_t cap)
{
	size_t i = 0, d;

	while (i < n && !is_digit(p[i]))
		i++;
	d = i;
	while (i < n && (is_digit(p[i]) || p[i] == '.'))
		i++;
	if (i == d || i - d > 6 || i >= n || p[i] != '%')
		return -1;
	snprintf(out, cap, "latency_p%.*s", (int)(i - d), p + d);
	return 0;
}

/* One interim line: "[  10s] threads: 256, tps: 870.88, ...", "[ 1s ] thds:
 * 1 eps: 1177.85 lat (ms,95%): 0.86", "[ 1s ] 15738.50 MiB/sec", ...
 * (0.4 to 1.0 each word them their own way).  Each figure becomes a
 * sample under the canonical metric name; threads and queue lengths are
 * passed over. */
static int interim(struct run *r, const char *s, size_t n)
{
	size_t i = 1, d;
	struct span t, v;
	double when, x;
	char pct[24];

	while (i < n && s[i] == ' ')
		i++;
	d = i;
	while (i < n && (is_digit(s[i]) || s[i] == '.'))
		i++;
	if (i == d || i >= n || s[i] != 's' ||
	    num_parse_plain(s + d, i - d, &when))
		goto bad;
	i++;
	while (i < n && s[i] == ' ')
		i++;
	if (i >= n || s[i] != ']')
		goto bad;
	i++;
	while (token(s, n, &i, &t)) {
		const char *metric = NULL, *label = NULL;

		if (span_eq(t.p, t.n, "thds:") || span_eq(t.p, t.n, "threads:")) {
			if (!token(s, n, &i, &v) || parse_long(v.p, v.n) < 0)
				goto bad;
			continue;
		}
		if (span_eq(t.p, t.n, "queue"))
			return 0;	/* --rate: queue length, concurrency */
		if (span_eq(t.p, t.n, "(r/w/o:")) {
			const char *a = NULL, *b = NULL;
			double rw[3];

			if (!token(s, n, &i, &v) || v.n < 6 ||
			    v.p[v.n - 1] != ')' ||
			    !(a = memchr(v.p, '/', v.n)) ||
			    !(b = memchr(a + 1, '/', (size_t)(v.p + v.n - a - 1))) ||
			    num_parse_plain(v.p, (size_t)(a - v.p), &rw[0]) ||
			    num_parse_plain(a + 1, (size_t)(b - a - 1), &rw[1]) ||
			    num_parse_plain(b + 1, (size_t)(v.p + v.n - b - 2),
					    &rw[2]))
				goto bad_field;
			if (sample(r, "reads_per_sec", when, rw[0]) ||
			    sample(r, "writes_per_sec", when, rw[1]) ||
			    sample(r, "other_per_sec", when, rw[2]))
				return -1;
			continue;
		}
		if (span_eq(t.p, t.n, "response")) {
			/* "response time: 456.31ms (99%)" */
			if (!token(s, n, &i, &v) || !span_eq(v.p, v.n, "time:") ||
			    !token(s, n, &i, &v) || v.n < 3 ||
			    !span_eq(v.p + v.n - 2, 2, "ms") ||
			    num_parse_plain(v.p, v.n - 2, &x) ||
			    !token(s, n, &i, &t) ||
			    pct_metric(t.p, t.n, pct, sizeof(pct)))
				goto bad_field;
			if (sample(r, pct, when, x))
				return -1;
			continue;
		}
		if (span_eq(t.p, t.n, "lat") || span_eq(t.p, t.n, "latency")) {
			/* "lat (ms,95%): 4.57" */
			if (!token(s, n, &i, &t) || !span_starts(t.p, t.n, "(ms,") ||
			    pct_metric(t.p, t.n, pct, sizeof(pct)) ||
			    !token(s, n, &i, &v) ||
			    num_parse_plain(v.p, v.n, &x))
				goto bad_field;
			if (sample(r, pct, when, x))
				return -1;
			continue;
		}
		if (span_eq(t.p, t.n, "tps:"))
			metric = "transactions_per_sec";
		else if (span_eq(t.p, t.n, "qps:"))
			metric = "queries_per_sec";
		else if (span_eq(t.p, t.n, "eps:"))
			metric = "events_per_sec";
		else if (span_eq(t.p, t.n, "reads/s:"))
			metric = "reads_per_sec";
		else if (span_eq(t.p, t.n, "writes/s:"))
			metric = "writes_per_sec";
		else if (span_eq(t.p, t.n, "errors:") ||
			 span_eq(t.p, t.n, "err/s:"))
			metric = "ignored_errors_per_sec";
		else if (span_eq(t.p, t.n, "reconnects:") ||
			 span_eq(t.p, t.n, "reconn/s:"))
			metric = "reconnects_per_sec";
		else if (span_eq(t.p, t.n, "reads:") ||
			 span_eq(t.p, t.n, "writes:") ||
			 span_eq(t.p, t.n, "fsyncs:"))
			label = t.p;
		if (metric) {
			if (!token(s, n, &i, &v) || num_parse_plain(v.p, v.n, &x))
				return err_at(r->e, r->line, col(r, t.p),
					      "interim report: '%.*s' expects a "
					      "number", (int)t.n, t.p);
			if (sample(r, metric, when, x))
				return -1;
			continue;
		}
		if (label) {
			/* 0.5 OLTP "reads: 50417.76," (per second); fileio
			 * "reads: 7.33 MiB/s", "fsyncs: 1000.69/s" */
			size_t save;
			struct span u;
			int rd = label[0] == 'r', fs = label[0] == 'f';

			if (!token(s, n, &i, &v))
				goto bad_field;
			if (fs) {
				if (v.n < 3 || !span_eq(v.p + v.n - 2, 2, "/s") ||
				    num_parse_plain(v.p, v.n - 2, &x))
					goto bad_field;
				if (sample(r, "fsyncs_per_sec", when, x))
					return -1;
				continue;
			}
			if (num_parse_plain(v.p, v.n, &x))
				goto bad_field;
			save = i;
			if (token(s, n, &i, &u) && (span_eq(u.p, u.n, "MiB/s") ||
						    span_eq(u.p, u.n, "MB/s"))) {
				metric = rd ? "read_mib_per_sec"
					    : "written_mib_per_sec";
			} else {
				i = save;
				metric = rd ? "reads_per_sec" : "writes_per_sec";
			}
			if (sample(r, metric, when, x))
				return -1;
			continue;
		}
		/* memory: "15738.50 MiB/sec" (0.5: "4005.30 MB/sec,") */
		if (num_parse_plain(t.p, t.n, &x) == 0) {
			if (!token(s, n, &i, &v) || !(span_eq(v.p, v.n, "MiB/sec") ||
						      span_eq(v.p, v.n, "MB/sec")))
				goto bad_field;
			if (sample(r, "mib_per_sec", when, x))
				return -1;
			continue;
		}
		goto bad_field;
	bad_field:
		return err_at(r->e, r->line, col(r, t.p), "interim report: "
			      "unexpected '%.*s'", t.n > 40 ? 40 : (int)t.n,
			      t.p);
	}
	return 0;
bad:
	return err_at(r->e, r->line, 1, "interim report: expected '[ Ns ]' "
		      "at the start, found '%.*s'", n > 20 ? 20 : (int)n, s);
}

/* The header lines that say how the test was set up. */
static int header(struct run *r, const char *s, size_t n, int *handled)
{
	struct span v;
	const char *q;

	*handled = 1;
	if (after(s, n, "Number of threads:", &v)) {
		if (parse_long(v.p, v.n) < 0)
			return bad_value(r, "Number of threads", v, "a count");
		return attr(r, "threads", v.p, v.n);
	}
	if (after(s, n, "Report intermediate results every", &v)) {
		q = span_find(v.p, v.n, " second");
		return attr(r, "report_interval", v.p,
			    q ? (size_t)(q - v.p) : v.n);
	}
	if (after(s, n, "Target transaction rate:", &v)) {
		q = span_find(v.p, v.n, "/sec");
		return attr(r, "rate", v.p, q ? (size_t)(q - v.p) : v.n);
	}
	if (after(s, n, "Initializing random number generator from seed (",
		  &v)) {
		q = memchr(v.p, ')', v.n);
		return attr(r, "seed", v.p, q ? (size_t)(q - v.p) : v.n);
	}
	if (after(s, n, "Prime numbers limit:", &v) ||
	    after(s, n, "Maximum prime number checked in CPU test:", &v))
		return attr(r, "max_prime", v.p, v.n);
	if (after(s, n, "Extra file open flags:", &v))
		return attr(r, "file_extra_flags", v.p, v.n);
	if (after(s, n, "Block size", &v))
		return size_attr(r, "block_size", v.p, v.n);
	if (after(s, n, "Read/Write ratio for combined random IO test:", &v))
		return attr(r, "rw_ratio", v.p, v.n);
	if (after(s, n, "Periodic FSYNC enabled, calling fsync() each", &v)) {
		q = span_find(v.p, v.n, " request");
		return attr(r, "fsync_freq", v.p, q ? (size_t)(q - v.p) : v.n);
	}
	if (span_starts(s, n, "Calling fsync() at the end of test, Enabled"))
		return attr(r, "fsync_end", "on", 2);
	if (after(s, n, "Using ", &v) && (q = span_find(v.p, v.n, " I/O mode")))
		return attr(r, "io_mode", v.p, (size_t)(q - v.p));
	if ((q = span_find(s, n, " total file size")) && q + 16 == s + n)
		return size_attr(r, "file_total_size", s, (size_t)(q - s));
	/* " files, " and " each" must not overlap ("2 files, each"): the
	 * size between them would have a negative length */
	if ((q = span_find(s, n, " files, ")) && n > 5 &&
	    span_eq(s + n - 5, 5, " each") && q + 8 <= s + n - 5) {
		if (attr(r, "file_num", s, (size_t)(q - s)))
			return -1;
		return size_attr(r, "file_size", q + 8,
				 (size_t)(s + n - 5 - q - 8));
	}
	/* memory: 1.0 "  block size: 1KiB", 0.4 "Memory block size: 1K" */
	if (after(s, n, "block size:", &v) ||
	    after(s, n, "Memory block size:", &v))
		return size_attr(r, "block_size", v.p, v.n);
	if (after(s, n, "total size:", &v) ||
	    after(s, n, "Memory transfer size:", &v))
		return size_attr(r, "total_size", v.p, v.n);
	if (after(s, n, "operation:", &v) ||
	    after(s, n, "Memory operations type:", &v))
		return attr(r, "operation", v.p, v.n);
	if (after(s, n, "scope:", &v) || after(s, n, "Memory scope type:", &v))
		return attr(r, "scope", v.p, v.n);
	/* threads 0.4: "Thread yields per test: 1000 Locks used: 8" */
	if (after(s, n, "Thread yields per test:", &v)) {
		q = span_find(v.p, v.n, " Locks used:");
		if (!q)
			return attr(r, "thread_yields", v.p, v.n);
		return attr(r, "thread_yields", v.p, (size_t)(q - v.p)) ||
		       attr(r, "thread_locks", q + 12,
			    (size_t)(v.p + v.n - q - 12));
	}
	/* 0.4 OLTP */
	if (after(s, n, "No DB drivers specified, using", &v))
		return attr(r, "db_driver", v.p, v.n);
	if (after(s, n, "Running", &v) && (q = span_find(v.p, v.n, " OLTP test")))
		return attr(r, "oltp_mode", v.p, (size_t)(q - v.p));
	if (span_starts(s, n, "Doing read-only test"))
		return attr(r, "oltp_read_only", "on", 2);
	*handled = 0;
	return 0;
}

/* ---- the statistics ---- */

/* How a rule reads the text after its label. */
enum how {
	H_FIGURE,	/* a number, then suffix: the figure of metric m */
	H_RATE,		/* "N (X suffix": X is the figure of metric m */
	H_CHECK,	/* a number, then suffix: checked, not kept */
	H_COUNT,	/* a whole count: checked, not kept */
	H_LINE,		/* nothing: a known line with nothing to keep */
	H_END,		/* the statistics' last line */
	H_OWN,		/* by own() */
};

/* Neither 0 nor the 1 or -1 of a failed figure(). */
#define RULE_PASS 2

/* A line a rule's label was found in: s[0..n), the label at at, v the
 * text after it, trimmed. */
struct hit {
	const char *s;
	size_t n;
	const char *at;
	struct span v;
};

/* One kind of statistics line.  Its metric's name, unit and direction are
 * in metrics[]; what is the label as messages name it.  A suffix of NULL
 * is the latency section's: "ms" under 0.4/0.5's headings, none under
 * 1.0's "Latency (ms):". */
struct rule {
	enum section in;	/* the heading it is read under; S_NONE: none */
	const char *label;	/* the line starts with it (find: holds it) */
	int find;
	enum how how;
	enum metric m;
	const char *what;
	const char *suffix;
	/* H_OWN: a reader of its own, for lines a number and a suffix do
	 * not describe.  Returns 0, or non-zero as stats() does, or
	 * RULE_PASS when the line is not the rule's after all (the rules
	 * after it are tried). */
	int (*own)(struct run *r, const struct rule *u, const struct hit *h);
};

/* "approx.  95 percentile:", "95th percentile:": the percentile named
 * before the label becomes the metric's name (the first one read). */
static int read_percentile(struct run *r, const struct rule *u,
			   const struct hit *h)
{
	const char *s = h->s;
	char label[24];
	size_t i = 0, d;

	while (s + i < h->at && !is_digit(s[i]))
		i++;
	d = i;
	while (s + i < h->at && (is_digit(s[i]) || s[i] == '.'))
		i++;
	if (i == d || i - d > 6)
		return err_at(r->e, r->line, 1, "percentile line without a "
			      "percentile");
	snprintf(label, sizeof(label), "latency_p%.*s", (int)(i - d), s + d);
	if (r->at[M_LAT_PCT] == 0)
		snprintf(r->pct_name, sizeof(r->pct_name), "%s", label);
	return figure(r, M_LAT_PCT, u->what, h->v,
		      r->lat_ms_suffix ? "ms" : "");
}

/* 0.4/0.5 fileio: the rates of read/write requests and of other
 * operations, which the queries per second are worked out from; the
 * requests are the one of the two a run may not print twice. */
static int read_op_rate(struct run *r, const struct rule *u,
			const struct hit *h)
{
	int rw = u->m == M_QPS;	/* read/write requests, not other ops */

	if (rw && r->rw_at)
		return err_at(r->e, r->line, 0, "'%s' given twice in one run "
			      "(first at line %ld)", u->what, r->rw_at);
	if (rw)
		r->rw_at = r->line;
	if (count_rate(r, u->what, h->v, u->suffix,
		       rw ? &r->rw_rate : &r->other_rate))
		return -1;
	*(rw ? &r->rw_dec : &r->other_dec) = r->rate_dec;
	return 0;
}

/* The run's time, whose precision bounds the figures worked out from it. */
static int read_total_time(struct run *r, const struct rule *u,
			   const struct hit *h)
{
	r->time_sig = num_sig_digits(h->v.p, h->v.n);
	return figure(r, M_TOTAL_TIME, u->what, h->v, u->suffix);
}

/* "total time taken by event execution: 9.97s" (or without its 's'). */
static int read_event_time(struct run *r, const struct rule *u,
			   const struct hit *h)
{
	struct span v = h->v;
	double x;

	if (v.n && v.p[v.n - 1] == 's')
		v.n--;
	return number(r, u->what, v, "", &x);
}

/* 1.1 fileio: "read:  IOPS=468.89 7.33 MiB/s (7.68 MB/s)"; a "read:" line
 * of any other shape is not this rule's. */
static int read_iops(struct run *r, const struct rule *u, const struct hit *h)
{
	struct span v = h->v, a, b, m;
	int rd = h->s[0] == 'r';
	size_t i = 0;
	double iops, mib;

	if (!span_starts(v.p, v.n, "IOPS="))
		return RULE_PASS;
	if (!token(v.p, v.n, &i, &a) || !token(v.p, v.n, &i, &b) ||
	    !token(v.p, v.n, &i, &m) || !span_eq(m.p, m.n, "MiB/s") ||
	    num_parse_plain(a.p + 5, a.n - 5, &iops) ||
	    num_parse_plain(b.p, b.n, &mib))
		return bad_value(r, u->what, v, "'IOPS=X Y MiB/s'");
	return set(r, rd ? M_READS : M_WRITES, iops, "IOPS") ||
	       set(r, rd ? M_READ_MIBS : M_WRITTEN_MIBS, mib, "MiB/s");
}

/* memory: "10240.00 MiB transferred (15738.50 MiB/sec)" (0.5: MB). */
static int read_transferred(struct run *r, const struct rule *u,
			    const struct hit *h)
{
	const char *s = h->s, *end = h->s + h->n;
	const char *open = memchr(h->at, '(', (size_t)(end - h->at));
	struct span v;
	double amount;

	v.p = open + 1;
	v.n = (size_t)(end - v.p);
	if (num_parse_plain(s, (size_t)(h->at - s), &amount))
		return bad_value(r, u->what, (struct span){s, h->n},
				 "'X MiB transferred (Y MiB/sec)'");
	if (v.n > 9 && span_eq(v.p + v.n - 9, 9, " MiB/sec)"))
		v.n -= 9;
	else if (v.n > 8 && span_eq(v.p + v.n - 8, 8, " MB/sec)"))
		v.n -= 8;
	else
		return bad_value(r, u->what, v, "'Y MiB/sec)'");
	return figure(r, M_MIBS, "MiB/sec", v, "");
}

/* 0.4/0.5: memory "Operations performed: 10240 ( 4005.30 ops/sec)",
 * fileio "Operations performed:  19583 Read, 13055 Write, 41728 Other =
 * 74366 Total" (0.5: "reads", "writes"): the counts the fileio rates are
 * worked out from. */
static int read_operations(struct run *r, const struct rule *u,
			   const struct hit *h)
{
	struct span v = h->v, a[7];
	size_t i = 0;
	int k;

	if (memchr(v.p, '(', v.n))
		return rate_figure(r, M_OPS, u->what, v, "ops/sec)");
	for (k = 0; k < 7; k++)
		if (!token(v.p, v.n, &i, &a[k]))
			break;
	if (k < 6 || num_parse_plain(a[0].p, a[0].n, &r->n_read) ||
	    num_parse_plain(a[2].p, a[2].n, &r->n_write) ||
	    num_parse_plain(a[4].p, a[4].n, &r->n_other))
		return bad_value(r, u->what, v, "'N Read, N Write, N Other = "
				 "N Total'");
	if (r->fileio_ops_at)
		return err_at(r->e, r->line, 0, "'%s' given twice in one run "
			      "(first at line %ld)", u->what, r->fileio_ops_at);
	r->fileio_ops_at = r->line;
	return 0;
}

/* "Read 305.98Mb  Written 203.98Mb  Total transferred 509.97Mb
 * (1.6996Mb/sec)": the amounts the fileio MiB/s are worked out from. */
static int read_amounts(struct run *r, const struct rule *u,
			const struct hit *h)
{
	struct span a[4];
	size_t i = 0;
	int k;

	if (!span_find(h->s, h->n, " Written "))
		return RULE_PASS;
	for (k = 0; k < 4; k++)
		if (!token(h->s, h->n, &i, &a[k]))
			break;
	if (k < 4 || !span_eq(a[2].p, a[2].n, "Written") ||
	    size_mib(a[1].p, a[1].n, &r->mib_read) ||
	    size_mib(a[3].p, a[3].n, &r->mib_written))
		return bad_value(r, u->what, (struct span){h->s, h->n},
				 "'Read XMb  Written YMb ...'");
	if (r->fileio_mib_at)
		return err_at(r->e, r->line, 0, "'Read ... Written' given twice "
			      "in one run (first at line %ld)",
			      r->fileio_mib_at);
	r->fileio_mib_at = r->line;
	return 0;
}

/* "  108.78 Requests/sec executed": (reads+writes)/time in 0.4/0.5, i.e.
 * events per second of that version. */
static int read_requests(struct run *r, const struct rule *u,
			 const struct hit *h)
{
	struct span v = {h->s, (size_t)(h->at - h->s)};

	return figure(r, M_EPS, u->what, v, "");
}

/* The statistics lines of every version, in the order they are tried: the
 * first rule whose label fits a line reads it.  The same words ("min:",
 * "read:") mean different things under different headings, so a rule
 * belongs to one. */
static const struct rule rules[] = {
	{S_QUERIES, "read:", 0, H_COUNT, 0, "queries performed", "", NULL},
	{S_QUERIES, "write:", 0, H_COUNT, 0, "queries performed", "", NULL},
	{S_QUERIES, "other:", 0, H_COUNT, 0, "queries performed", "", NULL},
	{S_QUERIES, "total:", 0, H_COUNT, 0, "queries performed", "", NULL},

	{S_LATENCY, "min:", 0, H_FIGURE, M_LAT_MIN, "min", NULL, NULL},
	{S_LATENCY, "avg:", 0, H_FIGURE, M_LAT_AVG, "avg", NULL, NULL},
	{S_LATENCY, "max:", 0, H_FIGURE, M_LAT_MAX, "max", NULL, NULL},
	{S_LATENCY, "sum:", 0, H_CHECK, 0, "sum", NULL, NULL},
	/* --percentile=0: disabled */
	{S_LATENCY, "percentile stats:", 0, H_LINE, 0, "", "", NULL},
	{S_LATENCY, "percentile:", 1, H_OWN, M_LAT_PCT, "percentile", NULL,
	 read_percentile},

	{S_NONE, "transactions:", 0, H_RATE, M_TPS, "transactions",
	 "per sec.)", NULL},
	{S_NONE, "queries:", 0, H_RATE, M_QPS, "queries", "per sec.)", NULL},
	/* 0.4's deadlocks are the errors sysbench retried and ignored, the
	 * counter 0.5 (Oct 2014) renamed "ignored errors": one metric, so
	 * runs of both line up. */
	{S_NONE, "deadlocks:", 0, H_RATE, M_ERRORS, "deadlocks", "per sec.)",
	 NULL},
	{S_NONE, "ignored errors:", 0, H_RATE, M_ERRORS, "ignored errors",
	 "per sec.)", NULL},
	{S_NONE, "reconnects:", 0, H_RATE, M_RECONNECTS, "reconnects",
	 "per sec.)", NULL},
	{S_NONE, "read/write requests:", 0, H_OWN, M_QPS,
	 "read/write requests", "per sec.)", read_op_rate},
	{S_NONE, "other operations:", 0, H_OWN, M_OPS, "other operations",
	 "per sec.)", read_op_rate},
	{S_NONE, "total time:", 0, H_OWN, M_TOTAL_TIME, "total time", "s",
	 read_total_time},
	/* 1.1 */
	{S_NONE, "time elapsed:", 0, H_OWN, M_TOTAL_TIME, "time elapsed", "s",
	 read_total_time},
	{S_NONE, "total number of events:", 0, H_FIGURE, M_TOTAL_EVENTS,
	 "total number of events", "", NULL},
	{S_NONE, "total time taken by event execution:", 0, H_OWN, 0,
	 "total time taken by event execution", "", read_event_time},
	{S_NONE, "events per second:", 0, H_FIGURE, M_EPS,
	 "events per second", "", NULL},
	{S_NONE, "events/s (eps):", 0, H_FIGURE, M_EPS, "events per second",
	 "", NULL},
	{S_NONE, "events (avg/stddev):", 0, H_LINE, 0, "", "", NULL},
	{S_NONE, "execution time (avg/stddev):", 0, H_END, 0, "", "", NULL},
	/* 1.0 fileio */
	{S_NONE, "reads/s:", 0, H_FIGURE, M_READS, "reads/s", "", NULL},
	{S_NONE, "writes/s:", 0, H_FIGURE, M_WRITES, "writes/s", "", NULL},
	{S_NONE, "fsyncs/s:", 0, H_FIGURE, M_FSYNCS, "fsyncs/s", "", NULL},
	{S_NONE, "read, MiB/s:", 0, H_FIGURE, M_READ_MIBS, "read, MiB/s", "",
	 NULL},
	{S_NONE, "written, MiB/s:", 0, H_FIGURE, M_WRITTEN_MIBS,
	 "written, MiB/s", "", NULL},
	/* 1.1 fileio */
	{S_NONE, "read:", 0, H_OWN, 0, "read", "", read_iops},
	{S_NONE, "write:", 0, H_OWN, 0, "write", "", read_iops},
	{S_NONE, "fsync: IOPS=", 0, H_FIGURE, M_FSYNCS, "fsync", "", NULL},
	/* 1.0 memory */
	{S_NONE, "Total operations:", 0, H_RATE, M_OPS, "Total operations",
	 "per second)", NULL},
	{S_NONE, " MiB transferred (", 1, H_OWN, M_MIBS, "transferred", "",
	 read_transferred},
	{S_NONE, " MB transferred (", 1, H_OWN, M_MIBS, "transferred", "",
	 read_transferred},
	/* 0.4/0.5 */
	{S_NONE, "Operations performed:", 0, H_OWN, M_OPS,
	 "Operations performed", "", read_operations},
	{S_NONE, "Read ", 0, H_OWN, 0, "Read/Written", "", read_amounts},
	{S_NONE, " Requests/sec executed", 1, H_OWN, M_EPS,
	 "Requests/sec executed", "", read_requests},
};

/* Reads s[0..n) by the first rule of section sec that takes it: 1 when
 * one did, with *rc what it returned; 0 when none. */
static int by_rules(struct run *r, enum section sec, const char *s,
		    size_t n, int *rc)
{
	size_t i;
	double x;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct rule *u = &rules[i];
		const char *sfx = u->suffix ? u->suffix
					    : r->lat_ms_suffix ? "ms" : "";
		struct hit h;

		if (u->in != sec)
			continue;
		if (u->find)
			h.at = span_find(s, n, u->label);
		else
			h.at = span_starts(s, n, u->label) ? s : NULL;
		if (!h.at)
			continue;
		h.s = s;
		h.n = n;
		h.v.p = h.at + strlen(u->label);
		h.v.n = (size_t)(s + n - h.v.p);
		span_trim(&h.v.p, &h.v.n);
		switch (u->how) {
		case H_FIGURE:
			*rc = figure(r, u->m, u->what, h.v, sfx);
			break;
		case H_RATE:
			*rc = rate_figure(r, u->m, u->what, h.v, sfx);
			break;
		case H_CHECK:
			*rc = number(r, u->what, h.v, sfx, &x);
			break;
		case H_COUNT:
			*rc = parse_long(h.v.p, h.v.n) < 0 ?
			      bad_value(r, u->what, h.v, "a count") : 0;
			break;
		case H_LINE:
			*rc = 0;
			break;
		case H_END:
			r->sec = S_DONE;
			*rc = 0;
			break;
		case H_OWN:
			*rc = u->own(r, u, &h);
			if (*rc == RULE_PASS)
				continue;
			break;
		}
		return 1;
	}
	return 0;
}

/* A statistics line; *handled says whether it was one. */
static int stats(struct run *r, const char *s, size_t n, int *handled)
{
	int rc;

	*handled = 1;
	/* headings */
	if (span_starts(s, n, "queries performed:")) {
		r->sec = S_QUERIES;
		return 0;
	}
	if (span_starts(s, n, "per-request statistics:") ||
	    span_eq(s, n, "response time:")) {
		r->sec = S_LATENCY;
		r->lat_ms_suffix = 1;
		return 0;
	}
	if (span_starts(s, n, "Latency (ms):")) {
		r->sec = S_LATENCY;
		r->lat_ms_suffix = 0;
		return 0;
	}
	if (span_starts(s, n, "Latency histogram")) {
		r->sec = S_HISTOGRAM;
		return 0;
	}
	if (span_starts(s, n, "SQL statistics:") ||
	    span_starts(s, n, "OLTP test statistics:") ||
	    span_starts(s, n, "General statistics:") ||
	    span_starts(s, n, "Test execution summary:") ||
	    span_starts(s, n, "Threads fairness:") ||
	    span_starts(s, n, "File operations:") ||
	    span_starts(s, n, "Throughput:") || span_starts(s, n, "CPU speed:")) {
		r->sec = S_NONE;
		return 0;
	}
	if (r->sec == S_HISTOGRAM) {
		/* "      10.651 |*          19" rows and the column heads */
		if (n == 0 || memchr(s, '|', n) ||
		    (span_starts(s, n, "value") &&
		     span_find(s, n, "distribution")))
			return 0;
		r->sec = S_NONE;
	}
	if (r->sec == S_QUERIES || r->sec == S_LATENCY) {
		if (by_rules(r, r->sec, s, n, &rc))
			return rc;
		r->sec = S_NONE;
	}
	if (by_rules(r, S_NONE, s, n, &rc))
		return rc;
	*handled = 0;
	return 0;
}

static int emit(struct run *r, enum metric m, const char *status)
{
	struct record_result res;

	if (!r->at[m])
		return 0;
	res.test = r->test;
	res.metric = m == M_LAT_PCT ? r->pct_name : metrics[m].name;
	res.value = r->v[m];
	res.has_value = 1;
	res.unit = metrics[m].unit;
	res.better = metrics[m].better;
	res.status = status;
	return r->sink->result(r->sink->ctx, &res, r->e);
}

/* Figures the run's version leaves to be worked out, then every result.
 * A derived figure has the precision of what it is derived from, and no
 * float noise (docs/parsed-names-and-figures.md): a sum of rates printed
 * with 2 decimals has 2 decimals (8327.52 + 925.28 is 9252.8, never
 * 9252.800000000001); a quotient of an exact count by the total time has
 * the total time's significant digits (sysbench prints it to 0.1 ms:
 * "60.0034s", 6 digits), of a size by it the fewer of the two (sizes are
 * printed %.5g: "305.98Mb" and "4Gb" both have 5, %g drops the zeros). */
static int finish(struct run *r)
{
	double t = r->at[M_TOTAL_TIME] ? r->v[M_TOTAL_TIME] : 0;
	const char *status = r->g->fatal_line ? "failed" : "ok";
	int m, ts = r->time_sig, ss = ts < 5 ? ts : 5;

	if (r->rw_at && !r->at[M_QPS]) {
		/* 0.4/0.5 split 1.0's queries into read/write requests and
		 * other operations */
		r->v[M_QPS] = num_round_decimals(r->rw_rate + r->other_rate,
						 r->rw_dec > r->other_dec ?
						 r->rw_dec : r->other_dec);
		r->at[M_QPS] = r->rw_at;
	}
	if (t > 0 && r->fileio_ops_at) {
		set(r, M_READS, num_round_sig(r->n_read / t, ts), "reads");
		set(r, M_WRITES, num_round_sig(r->n_write / t, ts), "writes");
		set(r, M_FSYNCS, num_round_sig(r->n_other / t, ts), "fsyncs");
	}
	if (t > 0 && r->fileio_mib_at) {
		set(r, M_READ_MIBS, num_round_sig(r->mib_read / t, ss), "read");
		set(r, M_WRITTEN_MIBS, num_round_sig(r->mib_written / t, ss),
		    "written");
	}
	/* cpu before 1.0.8, threads and mutex print no rate: events/time,
	 * as 1.0.8+ computes its "events per second" */
	if (t > 0 && !r->at[M_EPS] && r->at[M_TOTAL_EVENTS] &&
	    (strcmp(r->test, "cpu") == 0 || strcmp(r->test, "threads") == 0 ||
	     strcmp(r->test, "mutex") == 0)) {
		r->v[M_EPS] = num_round_sig(r->v[M_TOTAL_EVENTS] / t, ts);
		r->at[M_EPS] = r->at[M_TOTAL_TIME];
	}
	for (m = 0; m < M_COUNT; m++)
		if (emit(r, (enum metric)m, status))
			return -1;
	return 0;
}

static int any_result(const struct run *r)
{
	int m;

	for (m = 0; m < M_COUNT; m++)
		if (r->at[m])
			return 1;
	return r->rw_at || r->fileio_ops_at;
}

/* Pass 2 over one segment (l is just past its banner). */
static int run_parse(struct lines *l, const struct segment *g,
		     const char *test, const struct record_sink *sink,
		     struct err *e)
{
	struct run r;
	const char *s;
	size_t n;
	struct span v;

	memset(&r, 0, sizeof(r));
	r.sink = sink;
	r.e = e;
	r.g = g;
	r.test = test;
	if (sink->run_begin(sink->ctx, "sysbench", NULL, g->line, e))
		return -1;
	r.line = g->line;
	if (attr(&r, "tool_version", g->ver.p, g->ver.n))
		return -1;
	for (;;) {
		struct lines save = *l;
		int handled;

		if (!lines_next(l, &s, &n))
			break;
		if (banner(s, n, &v) ||
		    (g->split_line && l->lineno == g->split_line)) {
			*l = save;
			break;
		}
		if (r.sec == S_DONE)
			continue;	/* wrapper text after the report */
		r.line = l->lineno;
		r.line_start = s;
		if (is_interim(s, n)) {
			if (interim(&r, s, n))
				return -1;
			continue;
		}
		span_trim(&s, &n);
		if (stats(&r, s, n, &handled))
			return -1;
		if (!handled && header(&r, s, n, &handled))
			return -1;
	}
	r.line = g->line;
	if (!any_result(&r))
		return err_at(e, g->line, 0, "the statistics of the sysbench run "
			      "starting here hold no figure");
	if (finish(&r))
		return -1;
	return sink->run_end(sink->ctx, e);
}

/* The sysbench 1.0 OLTP scripts by their queries per transaction (read,
 * write, other) with their default options (oltp_common.lua): 10 point
 * selects and 4 range selects read, 2 index/non-index updates + 1 delete +
 * 1 insert write, BEGIN and COMMIT are other.  0.4's complex mode and 0.5's
 * oltp.lua with the same options run the same transactions and print the
 * same counts.  Mixes that several scripts share are left out on purpose:
 * 0/1/0 is oltp_insert, oltp_update_index, oltp_update_non_index and
 * oltp_delete alike, so it is named by its mix. */
static const struct {
	long r, w, o;
	const char *name;
} oltp_mixes[] = {
	{1, 0, 0, "oltp_point_select"},
	{14, 0, 2, "oltp_read_only"},
	{14, 4, 2, "oltp_read_write"},
	{0, 4, 2, "oltp_write_only"},
};

/* One figure of the mix: count per transaction, a whole number when
 * within 2% (at least 0.05) of one (retried and cut-off transactions add
 * a few queries), else to one decimal.  *whole gets it when whole, else
 * -1. */
static void mix_figure(long count, long tx, char *out, size_t cap,
		       long *whole)
{
	double x = (double)count / (double)tx, k = floor(x + 0.5);
	double tol = 0.02 * k > 0.05 ? 0.02 * k : 0.05;

	if (fabs(x - k) <= tol) {
		*whole = (long)k;
		snprintf(out, cap, "%ld", *whole);
	} else {
		*whole = -1;
		snprintf(out, cap, "%.1f", num_round_decimals(x, 1));
	}
}

/* The name of an OLTP run whose script nothing names: the script its
 * query mix per transaction is (oltp_mixes), else "oltp r/w/o R/W/O", the
 * mix itself, so that different workloads never share a test; "oltp" when
 * the output has no SQL statistics to tell. */
static void oltp_name(const struct segment *g, char *out, size_t cap)
{
	char r[32], w[32], o[32], mix[128];
	long wr, ww, wo;
	size_t i;

	if (g->tx <= 0 || g->q_read < 0 || g->q_write < 0 || g->q_other < 0) {
		snprintf(out, cap, "oltp");
		return;
	}
	mix_figure(g->q_read, g->tx, r, sizeof(r), &wr);
	mix_figure(g->q_write, g->tx, w, sizeof(w), &ww);
	mix_figure(g->q_other, g->tx, o, sizeof(o), &wo);
	for (i = 0; i < sizeof(oltp_mixes) / sizeof(oltp_mixes[0]); i++)
		if (wr == oltp_mixes[i].r && ww == oltp_mixes[i].w &&
		    wo == oltp_mixes[i].o) {
			snprintf(out, cap, "%s", oltp_mixes[i].name);
			return;
		}
	snprintf(mix, sizeof(mix), "oltp r/w/o %s/%s/%s", r, w, o);
	span_copy(out, cap, mix, strlen(mix));
}

/* 1 when an OLTP script name says which workload ran: any but "oltp",
 * which is 0.4's --test=oltp and 0.5's oltp.lua, both of which run the
 * mix their options ask for. */
static int names_workload(const char *name)
{
	return name && name[0] && strcmp(name, "oltp") != 0;
}

/* What a run is called: fileio/cpu/memory/threads/mutex by what the output
 * says; an OLTP/SQL script (whose name sysbench never prints) by --test,
 * else by the command line before the banner, else by its query mix
 * (oltp_name); "oltp" from either does not name a workload and leaves it
 * to the mix.  sysbench 1.0+ prints nothing at all for threads and mutex:
 * a run with only general statistics is then mutex when it has one event
 * per thread (mutex's "events" are its threads), else threads; --test
 * names it when that guess is not wanted. */
static void name_test(const struct segment *g, const struct parse_opts *o,
		      const char *cmd, char *out, size_t cap)
{
	if (g->test[0] && !g->oltp)
		snprintf(out, cap, "%s", g->test);
	else if (g->oltp && names_workload(o->test))
		snprintf(out, cap, "%s", o->test);
	else if (g->oltp && names_workload(cmd))
		snprintf(out, cap, "%s", cmd);
	else if (g->oltp)
		oltp_name(g, out, cap);
	else if (o->test)
		snprintf(out, cap, "%s", o->test);
	else if (cmd[0])
		snprintf(out, cap, "%s", cmd);
	else if (g->events >= 0 && g->events == g->threads)
		snprintf(out, cap, "mutex");
	else
		snprintf(out, cap, "threads");
}

static int sysbench_detect(const char *p, size_t n)
{
	struct lines l;
	const char *s;
	size_t k;
	struct span v;

	if (n > SB_DETECT_BYTES)
		n = SB_DETECT_BYTES;
	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k))
		if (banner(s, k, &v))
			return 1;
	return 0;
}

static int sysbench_parse(const char *p, size_t n, const struct parse_opts *o,
			  const struct record_sink *sink, struct err *e)
{
	struct lines l;
	const char *s;
	size_t k;
	char cmd[SYSBENCH_NAME_MAX] = "", next_cmd[SYSBENCH_NAME_MAX];
	int stored = 0;
	long first_failed = 0;
	char why[ERR_MSG_MAX] = "";
	long split = 0;	/* where a banner-less run starts, see scan */

	lines_init(&l, p, n);
	for (;;) {
		struct segment g;
		struct lines body;
		char test[SYSBENCH_NAME_MAX];
		char msg[ERR_MSG_MAX], ver[SYSBENCH_NAME_MAX + 16];
		long at;

		memset(&g, 0, sizeof(g));
		if (split) {
			/* l stands just before the split line */
			g.line = split;
			if (record_warn(sink, split, e, "%s", "a second sysbench "
					"run starts here without its banner (lost "
					"from the output); read as a run of its "
					"own, with no tool_version"))
				return -1;
		} else {
			/* to the next banner, noting a command line on the
			 * way */
			for (;;) {
				if (!lines_next(&l, &s, &k))
					goto end;
				if (banner(s, k, &g.ver))
					break;
				command_test(s, k, cmd, sizeof(cmd));
			}
			g.line = l.lineno;
		}
		body = l;
		next_cmd[0] = '\0';
		scan(&l, &g, next_cmd, sizeof(next_cmd));
		split = g.split_line;
		snprintf(ver, sizeof(ver), "sysbench%s%.*s", g.ver.n ? " " : "",
			 (int)g.ver.n, g.ver.p);
		if (g.extra_stats_line &&
		    record_warn(sink, g.extra_stats_line, e, "a second statistics "
				"block in the %s run starting at line %ld, with "
				"no 'Running the test' line to tell where its "
				"run starts [passed over]", ver, g.line))
			return -1;
		if (!g.has_stats) {
			at = g.fatal_line ? g.fatal_line : g.line;
			if (g.fatal_line)
				snprintf(msg, sizeof(msg), "%s output "
					 "stopped before any statistics: %.*s",
					 ver, (int)g.fatal.n, g.fatal.p);
			else if (g.is_run)
				snprintf(msg, sizeof(msg), "%s run "
					 "starting here has no statistics (the "
					 "output ends before them)", ver);
			else
				msg[0] = '\0';	/* prepare, cleanup, help */
			if (msg[0]) {
				if (!first_failed) {
					first_failed = at;
					snprintf(why, sizeof(why), "%s", msg);
				}
				if (record_warn(sink, at, e, "%s [passed over]",
						msg))
					return -1;
			}
		} else {
			name_test(&g, o, cmd, test, sizeof(test));
			if (run_parse(&body, &g, test, sink, e))
				return -1;
			stored++;
			if (g.fatal_line &&
			    record_warn(sink, g.fatal_line, e, "sysbench run "
					"reported %.*s; its figures are stored "
					"with status failed", (int)g.fatal.n,
					g.fatal.p))
				return -1;
		}
		memcpy(cmd, next_cmd, sizeof(cmd));
	}
end:
	if (stored == 0 && first_failed)
		return err_at(e, first_failed, 0, "%s", why);
	if (stored == 0)
		return err_at(e, 0, 0, "no sysbench run with statistics found");
	return 0;
}

const struct format format_sysbench = {
	"sysbench",
	"sysbench 0.4, 0.5, 1.0 and 1.1 output (OLTP, fileio, cpu, memory, "
	"threads, mutex), several runs per file",
	FORMAT_MARKED,
	sysbench_detect,
	sysbench_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
