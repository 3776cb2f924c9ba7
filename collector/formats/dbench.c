/*
 * dbench.c: dbench 3.x and 4.x text output.
 *
 *   dbench version 4.00 - Copyright Andrew Tridgell 1999-2004
 *   Running for 600 seconds with load 'client.txt' and minimum warmup 120 secs
 *    128     18384  14924.44 MB/sec  warmup   1 sec  latency 45.920 ms
 *    128  14082566  13563.95 MB/sec  execute 599 sec  latency 11.331 ms
 *    Operation                Count    AvgLat    MaxLat
 *    --------------------------------------------------
 *    NTCreateX              259219016     0.014    13.511
 *   Throughput 13563.9 MB/sec  128 clients  128 procs  max_latency=53.132 ms
 *
 * A run is everything up to its "Throughput" line, which closes it: a file
 * of runs appended one after another gives one run each, and a run cut off
 * before its Throughput line is an error (its figures would be a partial
 * run's).  What is stored, suite "dbench":
 *
 *  - test `total`: `throughput` (MB/s as dbench prints it, higher) and, from
 *    dbench 4, `max_latency` (ms, lower);
 *  - test = each operation of the table (dbench 4: `NTCreateX`, `ReadX`,
 *    ...): `count` (higher), `latency_avg` and `latency_max` (ms, lower);
 *  - the once-a-second "execute N sec" lines as samples of total /
 *    throughput at N seconds (warmup lines are passed over: their clock
 *    restarts at execute, and warmup is not what the run measures);
 *  - attributes `tool_version`, `clients`, `procs`, `load` (the load
 *    file), `duration_s` (the "Running for" seconds).
 *
 * dbench 3 prints "Throughput 104.5 MB/sec 4 procs" (no clients, no
 * latency), and with options " (sync open)" or " (sync dirs)" after
 * MB/sec; both are read.  Other lines (launch, cleanup, wrapper text) are
 * passed over.
 */
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/text.h"
#include "../format.h"
#include "../span.h"

#define SUITE "dbench"
/* The longest line read: a Throughput line has 9 words, a progress line 10. */
#define DB_TOKENS 16
/* Detection looks this far: wrappers print a command line or two first. */
#define DB_DETECT_BYTES (64 * 1024)
/* Operation names are SMB/NFS call names (QUERY_PATH_INFORMATION, 22). */
#define DB_NAME_MAX 128

static int is_banner(const char *s, size_t n)
{
	return span_starts(s, n, "dbench version ");
}

static int is_throughput(const char *s, size_t n)
{
	struct span t[DB_TOKENS];
	int k = span_words(s, n, t, DB_TOKENS);
	double v;

	return k >= 3 && span_eq(t[0].p, t[0].n, "Throughput") &&
	       num_parse_plain(t[1].p, t[1].n, &v) == 0 &&
	       span_eq(t[2].p, t[2].n, "MB/sec");
}

static int dbench_detect(const char *p, size_t n)
{
	struct lines l;
	const char *s;
	size_t k;

	lines_init(&l, p, n < DB_DETECT_BYTES ? n : DB_DETECT_BYTES);
	while (lines_next(&l, &s, &k))
		if (is_banner(s, k) || is_throughput(s, k))
			return 1;
	return 0;
}

struct db {
	const struct record_sink *sink;
	struct err *e;
	int open;	/* a run has begun */
	long line;	/* where it began */
	int table;	/* 0 none, 1 header seen, 2 in the rows */
};

static int sink_failed(struct db *d, long line)
{
	d->e->line = line;
	return -1;
}

static int result(struct db *d, long line, const char *test,
		  const char *metric, double v, const char *unit,
		  const char *better)
{
	if (record_send(d->sink, test, metric, unit, better, "ok", v, d->e))
		return sink_failed(d, line);
	return 0;
}

static int attr(struct db *d, long line, const char *key, const char *p,
		size_t n)
{
	if (record_attr_span(d->sink, key, p, n, line, 0, d->e))
		return sink_failed(d, line);
	return 0;
}

static int begin(struct db *d, long line)
{
	if (d->open)
		return 0;
	if (d->sink->run_begin(d->sink->ctx, SUITE, NULL, line, d->e))
		return sink_failed(d, line);
	d->open = 1;
	d->line = line;
	d->table = 0;
	return 0;
}

static int num(struct db *d, long line, const struct span *t, const char *what,
	       double *v)
{
	if (num_parse_plain(t->p, t->n, v))
		return err_at(d->e, line, 0, "%s: expected a number, found "
			      "'%.*s'", what, (int)(t->n > 40 ? 40 : t->n),
			      t->p);
	return 0;
}

/* " 128  14082566  13563.95 MB/sec  execute 599 sec  latency 11.331 ms" */
static int progress(const struct span *t, int k)
{
	double v;
	int i;

	if (k != 10 || !span_eq(t[3].p, t[3].n, "MB/sec") ||
	    !span_eq(t[6].p, t[6].n, "sec") ||
	    !span_eq(t[7].p, t[7].n, "latency"))
		return 0;
	for (i = 0; i < 3; i++)
		if (num_parse_plain(t[i].p, t[i].n, &v))
			return 0;
	return span_eq(t[4].p, t[4].n, "execute") ? 2 :
	       span_eq(t[4].p, t[4].n, "warmup") ? 1 : 0;
}

/* "Throughput 13563.9 MB/sec [(sync open)] [N clients] N procs
 * [max_latency=N ms]" */
static int throughput(struct db *d, long line, const struct span *t, int k)
{
	double tput, lat;
	int i = 3, depth;

	if (num(d, line, &t[1], "throughput", &tput) ||
	    result(d, line, "total", "throughput", tput, "MB/s", "higher"))
		return -1;
	for (depth = 0; i < k && (depth || t[i].p[0] == '('); i++)
		depth = t[i].p[t[i].n - 1] != ')';	/* "(sync open)" */
	for (; i < k; i++) {
		const char *w = i + 1 < k ? t[i + 1].p : "";
		size_t wn = i + 1 < k ? t[i + 1].n : 0;

		if (span_eq(w, wn, "clients") || span_eq(w, wn, "procs")) {
			if (num(d, line, &t[i], w[0] == 'c' ? "clients" :
				"procs", &lat) ||
			    attr(d, line, w[0] == 'c' ? "clients" : "procs",
				 t[i].p, t[i].n))
				return -1;
			i++;
		} else if (span_starts(t[i].p, t[i].n, "max_latency=")) {
			struct span v = {t[i].p + 12, t[i].n - 12};

			if (num(d, line, &v, "max_latency", &lat) ||
			    result(d, line, "total", "max_latency", lat, "ms",
				   "lower"))
				return -1;
			if (span_eq(w, wn, "ms"))
				i++;
		} else {
			return err_at(d->e, line, 0, "Throughput line: unexpected "
				      "'%.*s'", (int)(t[i].n > 40 ? 40 :
						      t[i].n), t[i].p);
		}
	}
	if (d->sink->run_end(d->sink->ctx, d->e))
		return sink_failed(d, line);
	d->open = 0;
	return 0;
}

/* "Running for 600 seconds with load 'client.txt' and minimum warmup 120
 * secs" */
static int running(struct db *d, long line, const char *s, size_t n)
{
	struct span t[DB_TOKENS];
	int k = span_words(s, n, t, DB_TOKENS);
	const char *q, *q2;

	if (k >= 4 && span_eq(t[3].p, t[3].n, "seconds") &&
	    attr(d, line, "duration_s", t[2].p, t[2].n))
		return -1;
	q = memchr(s, '\'', n);
	q2 = q ? memchr(q + 1, '\'', (size_t)(s + n - q - 1)) : NULL;
	if (q2 && q2 > q + 1 && attr(d, line, "load", q + 1,
				     (size_t)(q2 - q - 1)))
		return -1;
	return 0;
}

static int op_row(struct db *d, long line, const struct span *t, int k)
{
	char name[DB_NAME_MAX];
	double c, avg, max;

	if (k != 4)
		return err_at(d->e, line, 0, "operation row: expected 4 fields "
			      "(Operation Count AvgLat MaxLat), found %d", k);
	if (t[0].n >= sizeof(name))
		return err_at(d->e, line, 0, "operation name longer than %zu "
			      "bytes", sizeof(name) - 1);
	memcpy(name, t[0].p, t[0].n);
	name[t[0].n] = '\0';
	if (num(d, line, &t[1], "Count", &c) ||
	    num(d, line, &t[2], "AvgLat", &avg) ||
	    num(d, line, &t[3], "MaxLat", &max))
		return -1;
	return result(d, line, name, "count", c, "count", "higher") ||
	       result(d, line, name, "latency_avg", avg, "ms", "lower") ||
	       result(d, line, name, "latency_max", max, "ms", "lower");
}

static int dbench_parse(const char *p, size_t n, const struct parse_opts *o,
			const struct record_sink *sink, struct err *e)
{
	struct db d;
	struct lines l;
	const char *s;
	size_t k;
	int runs = 0;

	(void)o;
	memset(&d, 0, sizeof(d));
	d.sink = sink;
	d.e = e;
	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k)) {
		struct span t[DB_TOKENS];
		int nt = span_words(s, k, t, DB_TOKENS), pr;
		double v, mb;

		if (is_banner(s, k)) {
			struct span *ver = &t[2];

			if (d.open)
				return err_at(e, l.lineno, 0, "a new dbench run "
					      "before the Throughput line of "
					      "the run of line %ld", d.line);
			if (begin(&d, l.lineno) ||
			    (nt > 2 && attr(&d, l.lineno, "tool_version",
					    ver->p, ver->n)))
				return -1;
			continue;
		}
		if (d.table == 2) {
			if (nt == 0) {
				d.table = 0;
				continue;
			}
			if (op_row(&d, l.lineno, t, nt))
				return -1;
			continue;
		}
		if (d.table == 1) {
			if (nt == 1 && t[0].p[0] == '-') {
				d.table = 2;
				continue;
			}
			return err_at(e, l.lineno, 0, "expected the '-----' line "
				      "under the operation table's header");
		}
		if (nt == 4 && span_eq(t[0].p, t[0].n, "Operation") &&
		    span_eq(t[1].p, t[1].n, "Count")) {
			if (begin(&d, l.lineno))
				return -1;
			d.table = 1;
			continue;
		}
		if (nt > 2 && span_eq(t[0].p, t[0].n, "Running") &&
		    span_eq(t[1].p, t[1].n, "for")) {
			if (begin(&d, l.lineno) ||
			    running(&d, l.lineno, s, k))
				return -1;
			continue;
		}
		if ((pr = progress(t, nt)) != 0) {
			if (begin(&d, l.lineno))
				return -1;
			if (pr == 2 &&
			    (num(&d, l.lineno, &t[5], "seconds", &v) ||
			     num(&d, l.lineno, &t[2], "MB/sec", &mb)))
				return -1;
			if (pr == 2 && sink->sample(sink->ctx, "total",
						    "throughput", v, mb, e))
				return sink_failed(&d, l.lineno);
			continue;
		}
		if (is_throughput(s, k)) {
			if (begin(&d, l.lineno) ||
			    throughput(&d, l.lineno, t, nt < DB_TOKENS ? nt :
				       DB_TOKENS))
				return -1;
			runs++;
		}
	}
	if (d.open)
		return err_at(e, d.line, 0, "the dbench run of this line ends "
			      "before its 'Throughput' line");
	if (runs == 0)
		return err_at(e, 0, 0, "no 'Throughput N MB/sec' line: not a "
			      "complete dbench output");
	return 0;
}

const struct format format_dbench = {
	"dbench",
	"dbench 3.x/4.x output: the Throughput line, the operation table, "
	"the execute lines as samples; one run per Throughput line",
	FORMAT_MARKED,
	dbench_detect,
	dbench_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
