/*
 * fiotext.c: fio's normal (default) text output, fio 2.x and 3.x.
 *
 *   randrw: (g=0): rw=randrw, bs=(R) 4096B-4096B, ..., ioengine=psync, iodepth=1
 *   fio-3.33
 *   randrw: (groupid=0, jobs=1): err= 0: pid=4761: Mon Nov 30 23:14:56 2026
 *     read: IOPS=16.3k, BW=63.6MiB/s (66.7MB/s)(255MiB/4001msec)       3.x
 *     read : io=29854MB, bw=254727KB/s, iops=63647, runt=120014msec    2.x
 *       clat (usec): min=20, max=7781, avg=44.53, stdev=135.99
 *        lat (usec): min=20, max=7781, avg=44.60, stdev=136.00
 *       clat percentiles (usec):
 *        | 99.00th=[  161], 99.50th=[  343], ...
 *        issued rwts: total=65166,64846,0,0 short=0,0,0,0 ...       3.x
 *        issued    : total=r=7638626/w=0/d=0, short=r=0/w=0/d=0     2.x
 *
 * The same runs, tests, metrics and units as the JSON import (fio.c), so
 * that a job's text and JSON outputs line up in one chart: suite fio, one
 * run per job report (per group with group_reporting), test = the job
 * name; per direction that did I/O (read, write, mixed with
 * unified_rw_reporting) `_iops` (1/s), `_bw` (KiB/s), `_lat_mean` (us, the
 * "lat" line's avg), `_clat_p99` (us, the 99.00th clat percentile); a job
 * with err != 0 gives them with status failed and no value.
 *
 * Precision: JSON's iops is the I/O count over the runtime, and so is this
 * one when the report has its "issued" counts and a runtime (every fio
 * since 2.0), to the runtime's significant digits (or the printed
 * IOPS's, when those are more), as every derived figure has the precision
 * of what it comes from; else the printed IOPS (3 significant digits with
 * k/M in 3.x).  Bandwidth is the printed one (3.x: 3 significant digits in
 * binary units; 2.x: KB = KiB), latencies the printed averages (two
 * decimals in the unit printed, converted to us), percentiles the printed
 * bucket (whole units).  A text run and a JSON run of the same job thus
 * agree to the digits the text shows, not beyond.
 *
 * Attributes: tool_version (the "fio-N" line before the reports), rw,
 * ioengine and iodepth from the job's description line, numjobs (the
 * "jobs=N" of a group), error, and job_index (1..N) when one invocation
 * reports several jobs of one name (numjobs without group_reporting), as
 * the JSON import does.
 *
 * With --status-interval fio prints a job's report again and again (the
 * same job name and pid, figures so far); only the last of them is a
 * result, the earlier ones are passed over with a warning.  A file may
 * hold many invocations (a wrapper's loop); each report is a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/text.h"
#include "../format.h"
#include "../span.h"

/* As fio.c: fio caps one invocation at 4096 jobs; allow 16 of those. */
#define FT_REPORTS_MAX 65536
/* Job names, option values. */
#define FT_TEXT_MAX 256
/* Jobs whose description lines are remembered: distinct names. */
#define FT_DESCS_MAX 1024
/* Detection looks this far: wrappers and "Jobs:" lines come first. */
#define FT_DETECT_BYTES (256 * 1024)

enum { D_READ, D_WRITE, D_MIXED, D_N };
static const char *const dir_name[D_N] = {"read", "write", "mixed"};

struct report {
	size_t name_n;
	const char *name;	/* into the input */
	long pid, line, inv;	/* inv: which invocation (fio-N line) */
	int skip;		/* superseded by a later report of its job */
	int index, repeats;
};

struct dir {
	int present;
	double iops, bw, lat, p99, runtime, issued;
	int has_iops, has_bw, has_lat, has_p99, has_runtime, has_issued;
	int iops_sig, runtime_sig;	/* significant digits as printed */
};

struct desc {
	char name[FT_TEXT_MAX];
	char rw[FT_TEXT_MAX], ioengine[FT_TEXT_MAX], iodepth[FT_TEXT_MAX];
};

static size_t lead_blanks(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* "NAME: (groupid=N, jobs=N): err= N: pid=N: ..." at column 0: sets the
 * name's length. */
static int is_report(const char *s, size_t n, size_t *name_n)
{
	const char *g;

	if (n == 0 || s[0] == ' ' || s[0] == '\t')
		return 0;
	g = span_find(s, n, ": (groupid=");
	if (!g || g == s || !span_find(g, (size_t)(s + n - g), "): err="))
		return 0;
	*name_n = (size_t)(g - s);
	return 1;
}

/* "fio-3.33", "fio-2.2.10", "fio-3.19-10-g3bd2" alone on a line. */
static int is_version(const char *s, size_t n)
{
	return n > 4 && n < 64 && span_starts(s, n, "fio-") && s[4] >= '0' &&
	       s[4] <= '9' && !memchr(s, ' ', n);
}

static int ft_detect(const char *p, size_t n)
{
	struct lines l;
	const char *s;
	size_t k, nn;

	lines_init(&l, p, n < FT_DETECT_BYTES ? n : FT_DETECT_BYTES);
	while (lines_next(&l, &s, &k))
		if (is_report(s, k, &nn))
			return 1;
	return 0;
}

/* A figure as fio prints it: digits with an optional fraction, whole
 * (num_lead_plain), then either unit (when not NULL: "msec" after a
 * runtime) or an optional multiplier of fio's num2str (k, K, M, G, T, P, E;
 * base 1000), and then the figure's end (num_ends).  Anything else after
 * the digits ("16.3x", "12abc", "2.5e3") is refused whole, never read as
 * the digits before it. */
static int num_suffix(const char *s, size_t n, double *v, size_t *used,
		      const char *unit)
{
	static const char mult[] = "kKMGTPE";
	static const double by[] = {1e3, 1e3, 1e6, 1e9, 1e12, 1e15, 1e18};
	const char *m;
	size_t i;

	if (num_lead_plain(s, n, v, &i))
		return -1;
	if (unit) {
		if (!span_starts(s + i, n - i, unit))
			return -1;
		i += strlen(unit);
	} else if (i < n && s[i] && (m = strchr(mult, s[i])) != NULL) {
		*v *= by[m - mult];
		i++;
	}
	if (!num_ends(s + i, n - i))
		return -1;
	if (used)
		*used = i;
	return 0;
}

/* The value after key in s[0..n) (blanks after key allowed), followed by
 * unit when it is not NULL (num_suffix). */
static int keyed(const char *s, size_t n, const char *key, double *v,
		 size_t *at, const char *unit)
{
	const char *k = span_find(s, n, key);
	size_t off, used;

	if (!k)
		return 1;
	off = (size_t)(k - s) + strlen(key);
	off += lead_blanks(s + off, n - off);
	if (num_suffix(s + off, n - off, v, &used, unit))
		return -1;
	if (at)
		*at = off + used;
	return 0;
}

/* The significant digits of the number after key (as keyed reads it). */
static int keyed_sig(const char *s, size_t n, const char *key)
{
	const char *k = span_find(s, n, key);
	size_t off;

	if (!k)
		return 0;
	off = (size_t)(k - s) + strlen(key);
	off += lead_blanks(s + off, n - off);
	return num_sig_digits(s + off, n - off);
}

/* KiB per one of the bandwidth unit at s ("MiB/s", "KB/s", ...). */
static double bw_unit(const char *s, size_t n)
{
	static const struct {
		const char *u;
		double kib;
	} units[] = {
		{"KiB/s", 1}, {"MiB/s", 1024}, {"GiB/s", 1048576},
		{"TiB/s", 1073741824.0}, {"KB/s", 1}, {"MB/s", 1024},
		{"GB/s", 1048576}, {"TB/s", 1073741824.0},
		{"kB/s", 1000.0 / 1024}, {"B/s", 1.0 / 1024},
	};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (span_starts(s, n, units[i].u))
			return units[i].kib;
	return 0;
}

/* The power of ten that takes the unit in "(usec)", "(nsec)", "(msec)",
 * "(sec)" to us, in *exp; 0, or -1 for no such unit. */
static int time_unit(const char *s, size_t n, int *exp)
{
	*exp = span_starts(s, n, "(nsec)") ? -3 : span_starts(s, n, "(usec)") ? 0 :
	       span_starts(s, n, "(msec)") ? 3 : span_starts(s, n, "(sec)") ? 6 : 99;
	return *exp == 99 ? -1 : 0;
}

/* v x 10^exp through the decimal text (as fio.c's ns_to_us), so that
 * 15040 ns is stored as the double nearest 15.04, not as 15040 * 0.001. */
static double scale(double v, int exp)
{
	char t[48];

	if (exp == 0)
		return v;
	num_format(v, t);
	snprintf(t + strlen(t), sizeof(t) - strlen(t), "e%d", exp);
	return strtod(t, NULL);
}

struct ft {
	const struct record_sink *sink;
	struct err *e;
	struct report *rep;	/* owned */
	long nrep;
	struct desc *desc;	/* owned */
	int ndesc;
	char version[FT_TEXT_MAX];
};

static int bad(struct ft *f, long line, const char *what)
{
	return err_at(f->e, line, 0, "fio %s: expected a number", what);
}

/* The direction line "  read: IOPS=..." / "  read : io=..."; *d set. */
static int dir_line(const char *s, size_t n, int *d)
{
	size_t i = lead_blanks(s, n), k;
	int j;

	for (j = 0; j < D_N; j++) {
		k = strlen(dir_name[j]);
		if (n - i > k && memcmp(s + i, dir_name[j], k) == 0) {
			size_t m = i + k;

			while (m < n && s[m] == ' ')
				m++;
			if (m < n && s[m] == ':' &&
			    (span_find(s + m, n - m, "IOPS=") ||
			     span_find(s + m, n - m, "iops="))) {
				*d = j;
				return 1;
			}
		}
	}
	return 0;
}

static int read_dir(struct ft *f, long line, const char *s, size_t n,
		    struct dir *x)
{
	const char *b;
	double v;
	size_t at;
	int rc;

	x->present = 1;
	rc = keyed(s, n, "IOPS=", &x->iops, NULL, NULL);
	x->iops_sig = keyed_sig(s, n, "IOPS=");
	if (rc == 1) {
		rc = keyed(s, n, "iops=", &x->iops, NULL, NULL);
		x->iops_sig = keyed_sig(s, n, "iops=");
	}
	if (rc)
		return bad(f, line, "iops");
	x->has_iops = 1;
	b = span_find(s, n, "BW=");
	if (!b)
		b = span_find(s, n, "bw=");
	if (b) {
		size_t m = (size_t)(s + n - b) - 3;

		/* a plain number: the unit's K or M is no suffix here */
		if (num_lead_plain(b + 3, m, &v, &at) ||
		    !bw_unit(b + 3 + at, m - at))
			return bad(f, line, "bandwidth");
		x->bw = v * bw_unit(b + 3 + at, m - at);
		x->has_bw = 1;
	}
	/* 3.x "(255MiB/4001msec)", 2.x "runt=120014msec" */
	rc = keyed(s, n, "runt=", &x->runtime, NULL, "msec");
	x->runtime_sig = keyed_sig(s, n, "runt=");
	if (rc < 0)
		return bad(f, line, "runtime");
	if (rc == 1) {
		const char *m = span_find(s, n, "msec)");

		if (m) {
			const char *q = m;

			while (q > s && ((q[-1] >= '0' && q[-1] <= '9') ||
					 q[-1] == '.'))
				q--;
			/* the runtime follows the "/" of "(255MiB/4001msec)":
			 * digits after anything else are part of another word */
			if (q == m || q == s || q[-1] != '/' ||
			    num_parse_plain(q, (size_t)(m - q), &x->runtime))
				return bad(f, line, "runtime");
			x->runtime_sig = num_sig_digits(q, (size_t)(m - q));
			rc = 0;
		}
	}
	x->has_runtime = rc == 0;
	return 0;
}

/* "issued rwts: total=65166,64846,0,0 ..." / "issued    : total=r=N/w=N/d=N" */
static int issued(struct ft *f, long line, const char *s, size_t n,
		  struct dir *d)
{
	const char *t = span_find(s, n, "total=");
	double v[3] = {0, 0, 0};
	size_t i, k = 0;

	if (!t)
		return 0;
	t += 6;
	n = (size_t)(s + n - t);
	s = t;
	for (i = 0; i < 3 && k < n; i++) {
		size_t used;

		if (k + 2 <= n && s[k + 1] == '=' && (s[k] == 'r' || s[k] == 'w' ||
						      s[k] == 'd' || s[k] == 't'))
			k += 2;
		if (num_suffix(s + k, n - k, &v[i], &used, NULL))
			return bad(f, line, "issued count");
		k += used;
		if (k < n && (s[k] == ',' || s[k] == '/'))
			k++;
		else
			break;
	}
	d[D_READ].issued = v[0];
	d[D_WRITE].issued = v[1];
	d[D_MIXED].issued = v[0] + v[1] + v[2];
	for (i = 0; i < D_N; i++)
		d[i].has_issued = 1;
	return 0;
}

/* "  99.00th=[  161]" among the percentile entries of a "|" line. */
static int percentile(struct ft *f, long line, const char *s, size_t n,
		      int unit, struct dir *x)
{
	const char *p = span_find(s, n, "99.00th=[");
	size_t off;
	double v;

	if (!p)
		return 0;
	off = (size_t)(p - s) + 9;
	off += lead_blanks(s + off, n - off);
	if (num_suffix(s + off, n - off, &v, NULL, NULL))
		return bad(f, line, "99th percentile");
	x->p99 = scale(v, unit);
	x->has_p99 = 1;
	return 0;
}

static int result(struct ft *f, long line, const char *test, int d,
		  const char *metric, const char *unit, const char *better,
		  int failed, double v)
{
	char name[64];

	snprintf(name, sizeof(name), "%s_%s", dir_name[d], metric);
	if (record_send(f->sink, test, name, unit, better,
			failed ? "failed" : "ok", v, f->e)) {
		f->e->line = line;
		return -1;
	}
	return 0;
}

static int attr(struct ft *f, long line, const char *key, const char *v)
{
	if (!v[0])
		return 0;
	if (f->sink->attr(f->sink->ctx, key, v, f->e)) {
		f->e->line = line;
		return -1;
	}
	return 0;
}

/* "NAME: (g=0): rw=randrw, bs=..., ioengine=psync, iodepth=1" */
static void description(struct ft *f, const char *s, size_t n)
{
	static const char *const keys[3] = {"rw=", "ioengine=", "iodepth="};
	const char *g = span_find(s, n, ": (g=");
	struct desc *d = NULL;
	size_t nn;
	int i;

	if (!g || g == s || s[0] == ' ')
		return;
	nn = (size_t)(g - s);
	if (nn >= FT_TEXT_MAX)
		return;
	for (i = 0; i < f->ndesc; i++)
		if (span_eq(s, nn, f->desc[i].name))
			d = &f->desc[i];
	if (!d) {
		if (f->ndesc == FT_DESCS_MAX)
			return;
		d = &f->desc[f->ndesc++];
		memcpy(d->name, s, nn);
		d->name[nn] = '\0';
	}
	for (i = 0; i < 3; i++) {
		char *out = i == 0 ? d->rw : i == 1 ? d->ioengine : d->iodepth;
		const char *k = span_find(g, (size_t)(s + n - g), keys[i]);
		size_t m = 0;

		out[0] = '\0';
		if (!k)
			continue;
		k += strlen(keys[i]);
		while (k + m < s + n && k[m] != ',' && k[m] != ' ' &&
		       m + 1 < FT_TEXT_MAX)
			m++;
		memcpy(out, k, m);
		out[m] = '\0';
	}
}

static const struct desc *desc_of(const struct ft *f, const char *name)
{
	int i;

	for (i = 0; i < f->ndesc; i++)
		if (strcmp(f->desc[i].name, name) == 0)
			return &f->desc[i];
	return NULL;
}

/* One report from its header line; *l is left on the line after it
 * (read: *pending). */
static int report(struct ft *f, const struct report *r, struct lines *l,
		  const char *hs, size_t hn, const char **s, size_t *n,
		  int *pending)
{
	struct dir d[D_N];
	char name[FT_TEXT_MAX], v[64];
	const struct desc *ds;
	double err = 0, jobs = 1;
	int cur = -1, pct = 0, i, failed, unit = 0;

	memset(d, 0, sizeof(d));
	if (r->name_n >= sizeof(name))
		return err_at(f->e, r->line, 1, "job name longer than %d bytes",
			      FT_TEXT_MAX - 1);
	memcpy(name, r->name, r->name_n);
	name[r->name_n] = '\0';
	if (keyed(hs, hn, "err=", &err, NULL, NULL) < 0)
		return bad(f, r->line, "err");
	if (keyed(hs, hn, "jobs=", &jobs, NULL, NULL) < 0)
		return bad(f, r->line, "jobs");
	failed = err != 0;
	*pending = 0;
	while (lines_next(l, s, n)) {
		const char *t = *s + lead_blanks(*s, *n);
		size_t tn = *n - (size_t)(t - *s);
		int dd;

		if (tn == 0 || t == *s) {
			*pending = 1;
			break;
		}
		if (pct && t[0] == '|') {
			if (percentile(f, l->lineno, t, tn, unit, &d[cur]))
				return -1;
			continue;
		}
		pct = 0;
		if (dir_line(*s, *n, &dd)) {
			cur = dd;
			if (read_dir(f, l->lineno, t, tn, &d[cur]))
				return -1;
			continue;
		}
		if (span_starts(t, tn, "issued")) {
			if (issued(f, l->lineno, t, tn, d))
				return -1;
			continue;
		}
		if (cur < 0)
			continue;
		if (span_starts(t, tn, "lat (") && span_find(t, tn, "): min=")) {
			int us;

			if (time_unit(t + 4, tn - 4, &us) ||
			    keyed(t, tn, "avg=", &d[cur].lat, NULL, NULL))
				return bad(f, l->lineno, "lat avg");
			d[cur].lat = scale(d[cur].lat, us);
			d[cur].has_lat = 1;
			continue;
		}
		if (span_starts(t, tn, "clat percentiles (")) {
			if (time_unit(t + 17, tn - 17, &unit))
				return err_at(f->e, l->lineno, 0, "clat "
					      "percentiles: unknown unit");
			pct = 1;
			continue;
		}
	}
	if (r->skip)
		return 0;
	if (f->sink->run_begin(f->sink->ctx, "fio", NULL, r->line, f->e)) {
		f->e->line = r->line;
		return -1;
	}
	ds = desc_of(f, name);
	if (attr(f, r->line, "tool_version", f->version) ||
	    (ds && (attr(f, r->line, "rw", ds->rw) ||
		    attr(f, r->line, "ioengine", ds->ioengine) ||
		    attr(f, r->line, "iodepth", ds->iodepth))))
		return -1;
	if (jobs > 1) {
		snprintf(v, sizeof(v), "%.0f", jobs);
		if (attr(f, r->line, "numjobs", v))
			return -1;
	}
	if (failed) {
		snprintf(v, sizeof(v), "%.0f", err);
		if (attr(f, r->line, "error", v))
			return -1;
	}
	if (r->repeats > 1) {
		snprintf(v, sizeof(v), "%d", r->index);
		if (attr(f, r->line, "job_index", v))
			return -1;
	}
	for (i = 0; i < D_N; i++) {
		struct dir *x = &d[i];

		if (!x->present)
			continue;
		/* an exact count over the runtime has the runtime's
		 * digits, never fewer than the IOPS fio printed from them
		 * (a 64 msec run has 2, and fio prints IOPS=7750) */
		if (x->has_issued && x->has_runtime && x->runtime > 0)
			x->iops = num_round_sig(x->issued * 1000 / x->runtime,
						x->runtime_sig > x->iops_sig ?
						x->runtime_sig : x->iops_sig);
		if (result(f, r->line, name, i, "iops", "1/s", "higher", failed,
			   x->iops) ||
		    ((x->has_bw || failed) &&
		     result(f, r->line, name, i, "bw", "KiB/s", "higher",
			    failed, x->bw)) ||
		    ((x->has_lat || failed) &&
		     result(f, r->line, name, i, "lat_mean", "us", "lower",
			    failed, x->lat)) ||
		    ((x->has_p99 || failed) &&
		     result(f, r->line, name, i, "clat_p99", "us", "lower",
			    failed, x->p99)))
			return -1;
	}
	if (f->sink->run_end(f->sink->ctx, f->e)) {
		f->e->line = r->line;
		return -1;
	}
	return 0;
}

/* First pass: every report's name, pid and invocation; which are
 * superseded (--status-interval) and which share a name. */
static int outline(struct ft *f, const char *p, size_t n, long *superseded,
		   long *first)
{
	struct lines l;
	const char *s;
	size_t k, nn;
	long inv = 0, i, j;

	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k)) {
		struct report *r;
		double pid = 0;

		if (is_version(s, k)) {
			inv++;
			continue;
		}
		if (!is_report(s, k, &nn))
			continue;
		if (f->nrep == FT_REPORTS_MAX)
			return err_at(f->e, l.lineno, 0, "more than %d job "
				      "reports", FT_REPORTS_MAX);
		if (keyed(s, k, ": pid=", &pid, NULL, NULL) < 0)
			return bad(f, l.lineno, "pid");
		r = &f->rep[f->nrep++];
		memset(r, 0, sizeof(*r));
		r->name = s;
		r->name_n = nn;
		r->pid = (long)pid;
		r->line = l.lineno;
		r->inv = inv;
	}
	*superseded = 0;
	/* quadratic in the reports of one invocation, which are few */
	for (i = 0; i < f->nrep; i++)
		for (j = i + 1; j < f->nrep && f->rep[j].inv == f->rep[i].inv;
		     j++)
			if (f->rep[j].pid == f->rep[i].pid && f->rep[i].pid &&
			    f->rep[j].name_n == f->rep[i].name_n &&
			    memcmp(f->rep[j].name, f->rep[i].name,
				   f->rep[i].name_n) == 0) {
				f->rep[i].skip = 1;
				if (!(*superseded)++)
					*first = f->rep[i].line;
				break;
			}
	for (i = 0; i < f->nrep; i++) {
		struct report *r = &f->rep[i];
		int count = 0, k2 = 0;

		if (r->skip || r->index)
			continue;
		for (j = i; j < f->nrep && f->rep[j].inv == r->inv; j++)
			if (!f->rep[j].skip && f->rep[j].name_n == r->name_n &&
			    memcmp(f->rep[j].name, r->name, r->name_n) == 0)
				count++;
		for (j = i; j < f->nrep && f->rep[j].inv == r->inv; j++)
			if (!f->rep[j].skip && f->rep[j].name_n == r->name_n &&
			    memcmp(f->rep[j].name, r->name, r->name_n) == 0) {
				f->rep[j].index = ++k2;
				f->rep[j].repeats = count;
			}
	}
	return 0;
}

static int ft_parse(const char *p, size_t n, const struct parse_opts *o,
		    const struct record_sink *sink, struct err *e)
{
	struct ft f;
	struct lines l;
	const char *s;
	size_t k, nn;
	long superseded = 0, next = 0, first = 0;
	int pending = 0, rc = -1;

	(void)o;
	memset(&f, 0, sizeof(f));
	f.sink = sink;
	f.e = e;
	f.rep = malloc(FT_REPORTS_MAX * sizeof(*f.rep));
	f.desc = malloc(FT_DESCS_MAX * sizeof(*f.desc));
	if (!f.rep || !f.desc) {
		err_at(e, 0, 0, "out of memory");
		goto out;
	}
	if (outline(&f, p, n, &superseded, &first))
		goto out;
	if (f.nrep == 0) {
		err_at(e, 0, 0, "no fio job report ('NAME: (groupid=N, "
		       "jobs=N): err= N: ...')");
		goto out;
	}
	lines_init(&l, p, n);
	while (pending || lines_next(&l, &s, &k)) {
		pending = 0;
		if (is_version(s, k)) {
			memcpy(f.version, s + 4, k - 4);
			f.version[k - 4] = '\0';
			continue;
		}
		if (is_report(s, k, &nn)) {
			if (report(&f, &f.rep[next++], &l, s, k, &s, &k,
				   &pending))
				goto out;
			continue;
		}
		description(&f, s, k);
	}
	if (superseded && record_warn(sink, first, e, "%ld interim report%s "
				      "(--status-interval) passed over: the "
				      "last report of each job is its result",
				      superseded, superseded == 1 ? "" : "s"))
		goto out;
	rc = 0;
out:
	free(f.rep);
	free(f.desc);
	return rc;
}

static int fiotext_parse_set(const struct input *in, size_t n,
			     const struct parse_opts *o,
			     const struct record_sink *sink, struct err *e);

const struct format format_fiotext = {
	"fio-text",
	"fio normal (default) text output, 2.x and 3.x: one run per job "
	"report, the same names and units as the JSON import",
	FORMAT_MARKED | FORMAT_PARTS,	/* its logs (fiolog.c) */
	ft_detect,
	ft_parse,
	NULL,	/* group: its runs never span files; its logs are named */
	fiotext_parse_set,
};

/* The output with fio's logs after it (fiolog.c). */
static int fiotext_parse_set(const struct input *in, size_t n,
			     const struct parse_opts *o,
			     const struct record_sink *sink, struct err *e)
{
	return fiolog_parse_set(&format_fiotext, in, n, o, sink, e);
}
