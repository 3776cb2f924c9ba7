/*
 * timeseries.c: see timeseries.h; the rules are docs/analysis.md's "Over
 * time", which tests/timeseries/check.py implements again.
 */
#include "timeseries.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../schema/store.h"
#include "stats.h"
#include "units.h"

void ts_group_init(struct ts_group *g)
{
	memset(g, 0, sizeof(*g));
}

void ts_group_release(struct ts_group *g)
{
	free(g->tsum);
	free(g->vsum);
	free(g->cnt);
	ts_group_init(g);
}

static int grow(struct ts_group *g, long need)
{
	long cap = g->cap ? g->cap : 256;
	double *t, *v;
	int *c;

	while (cap < need)
		cap *= 2;
	if (cap > TS_SAMPLES_MAX)
		cap = TS_SAMPLES_MAX;
	t = realloc(g->tsum, (size_t)cap * sizeof(*t));
	if (t)
		g->tsum = t;
	v = realloc(g->vsum, (size_t)cap * sizeof(*v));
	if (v)
		g->vsum = v;
	c = realloc(g->cnt, (size_t)cap * sizeof(*c));
	if (c)
		g->cnt = c;
	if (!t || !v || !c)
		return -1;
	memset(t + g->cap, 0, (size_t)(cap - g->cap) * sizeof(*t));
	memset(v + g->cap, 0, (size_t)(cap - g->cap) * sizeof(*v));
	memset(c + g->cap, 0, (size_t)(cap - g->cap) * sizeof(*c));
	g->cap = cap;
	return 0;
}

int ts_group_add(struct ts_group *g, long i, double t, double v)
{
	if (i >= TS_SAMPLES_MAX) {
		g->dropped++;
		return 0;
	}
	if (i >= g->cap && grow(g, i + 1))
		return -1;
	g->tsum[i] += t;
	g->vsum[i] += v;
	g->cnt[i]++;
	if (i >= g->n)
		g->n = i + 1;
	return 0;
}

void ts_group_series(const struct ts_group *g, double *t, double *v)
{
	long i;

	for (i = 0; i < g->n; i++) {
		t[i] = g->cnt[i] ? g->tsum[i] / g->cnt[i] : 0;
		v[i] = g->cnt[i] ? g->vsum[i] / g->cnt[i] : 0;
	}
}

/* The median of x[0..n), n >= 1; tmp holds n. */
static double median_of(const double *x, long n, double *tmp)
{
	long i, k;

	memcpy(tmp, x, (size_t)n * sizeof(*tmp));
	if (n > TS_WINDOW)
		return stats_median_select(tmp, n);	/* half a series */
	/* a rolling window, once a report: sorted in place, no call per
	 * comparison */
	for (i = 1; i < n; i++) {
		double v = tmp[i];

		for (k = i; k > 0 && tmp[k - 1] > v; k--)
			tmp[k] = tmp[k - 1];
		tmp[k] = v;
	}
	return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

static int in_band(double x, double m)
{
	return fabs(x - m) <= TS_BAND * fabs(m);
}

/* Where the figures settle: the first report inside the band from which
 * every rolling median stays inside it; -1 when there is none. */
static long settle(const double *v, long n, double m)
{
	double tmp[TS_WINDOW];
	long j, first = -1;

	/* walking back from the end: the answer is the earliest report of
	 * the last stretch whose rolling medians are all in the band */
	for (j = n - 1; j >= 0; j--) {
		long lo = j - TS_WINDOW / 2, hi = j + TS_WINDOW / 2, k;
		int out[2] = {0, 0};	/* below, above the band */
		int counted = m == m;	/* no NaN in the window or in m */

		lo = lo < 0 ? 0 : lo;
		hi = hi < n ? hi : n - 1;
		for (k = lo; k <= hi; k++) {
			if (!in_band(v[k], m))
				out[v[k] > m]++;
			counted &= v[k] == v[k];
		}
		/* the middle of an odd window is out of the band on a side
		 * only when more than half the window is (the band's edges
		 * are monotone in the value): counted, not sorted; an even
		 * window (at an end) has a mean of two for its median */
		counted &= (hi - lo + 1) % 2;
		if (counted ? out[0] > (hi - lo + 1) / 2 ||
			      out[1] > (hi - lo + 1) / 2 :
		    !in_band(median_of(v + lo, hi - lo + 1, tmp), m))
			break;
		if (in_band(v[j], m))
			first = j;
	}
	return first;
}

int ts_analyse(const double *t, const double *v, long n, int higher,
	       struct ts_result *r)
{
	double *tmp, sum = 0, ss = 0, mean;
	long i, from, k;

	memset(r, 0, sizeof(*r));
	r->n = n;
	r->rate = higher;
	if (n < TS_MIN)
		return 0;
	if (!(tmp = malloc((size_t)n * sizeof(*tmp))))
		return -1;
	r->said = 1;
	r->median = median_of(v + n / 2, n - n / 2, tmp);
	free(tmp);
	for (i = 1; i < n && v[i] == v[0]; i++)
		;
	if (i == n) {
		r->flat = r->settled = 1;
		return 0;
	}
	r->first = settle(v, n, r->median);
	r->settled = r->first >= 0;
	if (r->settled && r->first > 0)
		r->warmup = t[r->first - 1];
	from = r->settled ? r->first : n / 2;
	for (i = from; i < n; i++)
		sum += v[i];
	mean = sum / (double)(n - from);
	for (i = from; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	if (n - from >= 2 && mean != 0) {
		r->has_cv = 1;
		r->cv = sqrt(ss / (double)(n - from - 1)) / fabs(mean);
	}
	if (!higher || !(r->median > 0))
		return 0;
	for (i = from; i < n; i = k) {
		if (!(v[i] < TS_STALL * r->median)) {
			k = i + 1;
			continue;
		}
		for (k = i; k < n && v[k] < TS_STALL * r->median; k++)
			;
		{
			double at = i > 0 ? t[i - 1] : 0, len = t[k - 1] - at;

			if (r->nstalls < TS_STALLS_SAID) {
				r->stall[r->nstalls].at = at;
				r->stall[r->nstalls].len = len;
			}
			r->nstalls++;
			r->stalled += len;
		}
	}
	if (r->settled && r->first > 0) {
		double whole = 0, steady = 0;

		for (i = 0; i < n; i++)
			whole += v[i];
		for (i = r->first; i < n; i++)
			steady += v[i];
		whole /= (double)n;
		steady /= (double)(n - r->first);
		r->whole = whole;
		r->steady = steady;
		r->has_means = fabs(whole - steady) > TS_MEANS_APART *
						      fabs(steady);
	}
	return 0;
}

int ts_includes_warmup(const struct ts_result *r, double reported)
{
	if (!r->has_means || !isfinite(reported))
		return -1;
	return fabs(reported - r->whole) < fabs(reported - r->steady);
}

void ts_sentences(const struct ts_result *r, const char *name, int nruns,
		  const char *unit, double reported, struct buf *out)
{
	char a[48], b[48], c[48];
	int inc, i;

	buf_printf(out, "%s (%s%d run%s): ", name, nruns > 1 ? "mean of " : "",
		   nruns, nruns == 1 ? "" : "s");
	if (!r->said) {
		buf_printf(out, "%ld report%s, too few to tell a warm-up "
			   "(%d needed).", r->n, r->n == 1 ? "" : "s", TS_MIN);
		return;
	}
	units_value(r->median, unit, a);
	if (r->flat) {
		buf_printf(out, "The same figure, %s, at every report.", a);
		return;
	}
	if (!r->settled) {
		buf_printf(out, "The figures never stay within %.0f%% of the "
			   "steady median, %s.", TS_BAND * 100, a);
	} else if (r->first == 0) {
		buf_printf(out, "Steady from the first report: the figures "
			   "stay within %.0f%% of the steady median, %s.",
			   TS_BAND * 100, a);
	} else {
		units_value(r->warmup, "s", b);
		buf_printf(out, "Warm-up %s: from then on the figures stay "
			   "within %.0f%% of the steady median, %s.", b,
			   TS_BAND * 100, a);
	}
	if (r->has_cv) {
		units_number(r->cv * 100, c);
		buf_printf(out, " %s by %s%% (coefficient of variation).",
			   !r->settled ? "In the later half they vary" :
			   r->first > 0 ? "After the warm-up they vary" :
			   "They vary", c);
	}
	if (r->nstalls == 1) {
		units_value(r->stall[0].len, "s", a);
		units_value(r->stall[0].at, "s", b);
		buf_printf(out, " Stalled %s at %s (below %.0f%% of the steady "
			   "median).", a, b, TS_STALL * 100);
	} else if (r->nstalls > 1) {
		units_value(r->stalled, "s", a);
		buf_printf(out, " Stalled %d times, %s in all (below %.0f%% of "
			   "the steady median):", r->nstalls, a, TS_STALL * 100);
		for (i = 0; i < r->nstalls && i < TS_STALLS_SAID; i++) {
			units_value(r->stall[i].len, "s", a);
			units_value(r->stall[i].at, "s", b);
			buf_printf(out, "%s %s at %s", i ? "," : "", a, b);
		}
		buf_printf(out, "%s.", r->nstalls > TS_STALLS_SAID ? ", ..." :
			   "");
	}
	if ((inc = ts_includes_warmup(r, reported)) >= 0) {
		units_value(reported, unit, a);
		units_value(r->whole, unit, b);
		units_value(r->steady, unit, c);
		if (inc)
			buf_printf(out, " The reported figure, %s, includes the "
				   "warm-up: it is nearer the mean of every "
				   "report, %s, than that of the steady part, "
				   "%s.", a, b, c);
		else
			buf_printf(out, " The reported figure, %s, leaves the "
				   "warm-up out: it is nearer the mean of the "
				   "steady part, %s, than that of every report, "
				   "%s.", a, c, b);
	}
}

struct load {
	struct ts_group *tg;
	void (*each)(void *ctx, int k, double t, double v);
	void *ctx;
	int k;
	long i;
	int bad;
};

static int load_one(void *p, double t, double v)
{
	struct load *l = p;

	if (!isfinite(t) || !isfinite(v))
		return 0;	/* a report that is no number is not drawn */
	if (l->each)
		l->each(l->ctx, l->k, t, v);
	if (ts_group_add(l->tg, l->i++, t, v)) {
		l->bad = 1;
		return 1;
	}
	return 0;
}

int ts_load(struct store *s, const struct model *m, int c, int g,
	    struct ts_group *tg,
	    void (*each)(void *ctx, int k, double t, double v), void *ctx,
	    struct err *e)
{
	const struct column *col = &m->cols[c];
	struct load l;
	int k, rc;

	memset(&l, 0, sizeof(l));
	l.tg = tg;
	l.each = each;
	l.ctx = ctx;
	for (k = 0; k < m->nruns[g]; k++) {
		l.k = k;
		l.i = 0;
		if (!model_uses_has(m->sampled, m->nsampled, c, m->runs[g][k]))
			continue;	/* no samples: nothing to ask */
		rc = store_each_sample_of(s, m->runs[g][k], col->test,
					  col->metric, load_one, &l, e);
		if (l.bad)
			return err_set(e, NULL, 0, 0, "out of memory");
		if (rc)
			return -1;
		if (l.i > 0)
			tg->nruns++;
	}
	return 0;
}

int ts_column(struct store *s, const struct model *m, int c, int g,
	      struct ts_result *r, int *nruns, long *dropped, struct err *e)
{
	struct ts_group tg;
	double *t = NULL, *v = NULL;

	memset(r, 0, sizeof(*r));
	ts_group_init(&tg);
	if (ts_load(s, m, c, g, &tg, NULL, NULL, e)) {
		ts_group_release(&tg);
		return -1;
	}
	*nruns = tg.nruns;
	*dropped = tg.dropped;
	if (tg.n > 0) {
		t = malloc((size_t)tg.n * sizeof(*t));
		v = malloc((size_t)tg.n * sizeof(*v));
		if (!t || !v) {
			free(t);
			free(v);
			ts_group_release(&tg);
			return err_set(e, NULL, 0, 0, "out of memory");
		}
		ts_group_series(&tg, t, v);
		if (ts_analyse(t, v, tg.n, column_higher(&m->cols[c]), r)) {
			free(t);
			free(v);
			ts_group_release(&tg);
			return err_set(e, NULL, 0, 0, "out of memory");
		}
	}
	free(t);
	free(v);
	ts_group_release(&tg);
	return 0;
}
