/*
 * analysis.c: see analysis.h.
 *
 * Ratios are always oriented so that they are at least 1 and say "slower"
 * or "faster" (worse or better by the metric's direction); a ratio needs
 * two positive values, so a zero or missing figure yields no ratio rather
 * than a division by zero.  Two groups with n >= 2 each are compared with
 * Welch's t-test first: a difference it does not find at 95% is "no
 * significant difference", whatever the means say.
 */
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/text.h"

static const char *const kind_names[] = {
	"best", "slower", "faster", "same", "spread", "vs-best", "geomean",
	"outlier",
};

const char *stmt_kind_name(enum stmt_kind k)
{
	return kind_names[k];
}

const struct stats *analysis_stats(const struct analysis *a, int c, int g)
{
	return &a->st[(size_t)c * (size_t)a->m->ngroups + (size_t)g];
}

static int has(const struct analysis *a, int c, int g)
{
	return analysis_stats(a, c, g)->n > 0;
}

static double mean(const struct analysis *a, int c, int g)
{
	return analysis_stats(a, c, g)->mean;
}

/* How many times worse x is than y (< 1: better), by the column's
 * direction; 0 when either is not positive. */
static double worse_ratio(const struct column *col, double x, double y)
{
	if (!(x > 0) || !(y > 0))
		return 0;
	return column_higher(col) ? y / x : x / y;
}

/* The best mean of column c, or 0 with *any = 0 when no group has one. */
static double best_value(const struct analysis *a, int c, int *any)
{
	const struct column *col = &a->m->cols[c];
	double b = 0;
	int g;

	*any = 0;
	for (g = 0; g < a->m->ngroups; g++) {
		double v;

		if (!has(a, c, g))
			continue;
		v = mean(a, c, g);
		if (!*any || (column_higher(col) ? v > b : v < b))
			b = v;
		*any = 1;
	}
	return b;
}

static int is_tie(double v, double best, double share)
{
	return fabs(v - best) <= share * fabs(best);
}

static int chart_outliers(struct analysis *a, int c, double *tmp)
{
	const struct model *m = a->m;
	double med, mad;
	int g, n = 0;

	for (g = 0; g < m->ngroups; g++)
		if (has(a, c, g))
			tmp[n++] = mean(a, c, g);
	if (n < 3)
		return 0;	/* with two bars neither crushes a scale */
	med = stats_median(tmp, n);
	for (g = 0, n = 0; g < m->ngroups; g++)
		if (has(a, c, g))
			tmp[n++] = fabs(mean(a, c, g) - med);
	mad = stats_median(tmp, n);
	for (g = 0; g < m->ngroups; g++) {
		double v, r;

		if (!has(a, c, g))
			continue;
		v = mean(a, c, g);
		if (!(v > 0) || !(med > 0))
			continue;
		r = v > med ? v / med : med / v;
		if (r >= OUTLIER_RATIO &&
		    (mad == 0 || fabs(v - med) > OUTLIER_MADS * mad))
			a->chart_outlier[(size_t)c * (size_t)m->ngroups +
					 (size_t)g] = 1;
	}
	return 1;
}

int analysis_run(const struct model *m, struct analysis *a, struct err *e)
{
	size_t cells = (size_t)m->ncols * (size_t)m->ngroups;
	int c, g, *hits, *charts, vmax = 1;
	double *tmp;

	memset(a, 0, sizeof(*a));
	a->m = m;
	for (c = 0; c < m->ncols; c++)
		for (g = 0; g < m->ngroups; g++)
			if (m->cols[c].cells[g].n > vmax)
				vmax = m->cols[c].cells[g].n;
	if (vmax < m->ngroups)
		vmax = m->ngroups;
	a->st = calloc(cells + 1, sizeof(*a->st));
	a->chart_outlier = calloc(cells + 1, 1);
	a->outlier = calloc((size_t)m->ngroups + 1, 1);
	a->geomean = calloc((size_t)m->ngroups + 1, sizeof(double));
	hits = calloc((size_t)m->ngroups + 1, sizeof(int));
	charts = calloc((size_t)m->ngroups + 1, sizeof(int));
	tmp = calloc((size_t)vmax + 1, sizeof(double));
	if (!a->st || !a->chart_outlier || !a->outlier || !a->geomean ||
	    !hits || !charts || !tmp) {
		free(hits);
		free(charts);
		free(tmp);
		analysis_release(a);
		return err_set(e, NULL, 0, 0, "out of memory");
	}
	for (c = 0; c < m->ncols; c++)
		for (g = 0; g < m->ngroups; g++) {
			const struct cell *x = &m->cols[c].cells[g];

			if (x->n == 0)
				continue;
			memcpy(tmp, x->v, (size_t)x->n * sizeof(double));
			stats_compute(tmp, x->n,
				      &a->st[(size_t)c * (size_t)m->ngroups +
					     (size_t)g]);
		}
	/* the comparison's outliers: outliers in at least half the charts
	 * where they could be one */
	for (c = 0; c < m->ncols; c++) {
		if (!chart_outliers(a, c, tmp))
			continue;
		for (g = 0; g < m->ngroups; g++) {
			if (!has(a, c, g))
				continue;
			charts[g]++;
			hits[g] += a->chart_outlier[(size_t)c * (size_t)m->ngroups +
						    (size_t)g];
		}
	}
	for (g = 0; g < m->ngroups; g++)
		if (hits[g] > 0 && 2 * hits[g] >= charts[g]) {
			a->outlier[g] = 1;
			a->noutliers++;
		}
	/* each group's geometric mean of its ratios to the best */
	for (g = 0; g < m->ngroups; g++) {
		double logs = 0;
		int k = 0;

		for (c = 0; c < m->ncols; c++) {
			int any;
			double b = best_value(a, c, &any), r;

			if (!any || !has(a, c, g))
				continue;
			r = worse_ratio(&m->cols[c], mean(a, c, g), b);
			if (r > 0) {
				logs += log(r);
				k++;
			}
		}
		a->geomean[g] = k ? exp(logs / k) : 0;
	}
	free(hits);
	free(charts);
	free(tmp);
	return 0;
}

void analysis_release(struct analysis *a)
{
	free(a->st);
	free(a->chart_outlier);
	free(a->outlier);
	free(a->geomean);
	memset(a, 0, sizeof(*a));
}

/* The groups of column c that are not comparison outliers and have a
 * value: how many, and the mean of their means. */
static int others(const struct analysis *a, int c, double *avg)
{
	double sum = 0;
	int g, n = 0;

	for (g = 0; g < a->m->ngroups; g++)
		if (has(a, c, g) && !a->outlier[g]) {
			sum += mean(a, c, g);
			n++;
		}
	*avg = n ? sum / n : 0;
	return n;
}

static void init_stmt(struct statement *s, enum stmt_kind k, int c, int g)
{
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->col = c;
	s->subject = g;
	s->ref_group = -1;
}

/* The best group(s) of column c: ties within TIE_SHARE named together. */
static int best_statements(const struct analysis *a, int c, double best,
			   int (*cb)(void *, const struct statement *),
			   void *ctx)
{
	struct statement s;
	int g, rc;

	for (g = 0; g < a->m->ngroups; g++) {
		if (!has(a, c, g) || !is_tie(mean(a, c, g), best, TIE_SHARE))
			continue;
		init_stmt(&s, K_BEST, c, g);
		s.ratio = 1;
		s.value = mean(a, c, g);
		s.n = analysis_stats(a, c, g)->n;
		if ((rc = cb(ctx, &s)) != 0)
			return rc;
	}
	return 0;
}

static int column_statements(const struct analysis *a, int c,
			     int (*cb)(void *, const struct statement *),
			     void *ctx)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	struct statement s;
	int g, n = 0, first = -1, second = -1, any, rc;
	double best = best_value(a, c, &any), avg;

	for (g = 0; g < m->ngroups; g++)
		if (has(a, c, g)) {
			if (first < 0)
				first = g;
			else if (second < 0)
				second = g;
			n++;
		}
	if (n < 2)
		return 0;	/* one group: nothing to compare */
	if (n == 2) {
		const struct stats *x = analysis_stats(a, c, first);
		const struct stats *y = analysis_stats(a, c, second);
		double r = worse_ratio(col, x->mean, y->mean);
		int xbetter = r > 0 && r < 1;

		if (x->n >= 2 && y->n >= 2 && stats_welch_p(x, y) >= 0.05) {
			init_stmt(&s, K_SAME, c, first);
			s.by_test = 1;
		} else if (r > 0 && (r < 1 ? 1 / r : r) < 1.005) {
			init_stmt(&s, K_SAME, c, first);
		} else if (r > 0) {
			init_stmt(&s, K_FASTER, c, xbetter ? first : second);
			s.ratio = xbetter ? 1 / r : r;
		} else {
			init_stmt(&s, K_SAME, c, first);
			s.kind = K_SAME;
			s.ratio = 0;	/* no ratio: a zero figure */
			s.by_test = -1;
		}
		s.ref_group = s.subject == first ? second : first;
		s.value = analysis_stats(a, c, s.subject)->mean;
		s.n = analysis_stats(a, c, s.subject)->n;
		s.ref_value = analysis_stats(a, c, s.ref_group)->mean;
		s.ref_n = analysis_stats(a, c, s.ref_group)->n;
		s.has_ref_value = 1;
		if (s.kind == K_SAME && s.ratio == 0 && s.by_test >= 0)
			s.ratio = 1;
		if ((rc = cb(ctx, &s)) != 0)
			return rc;
		/* "best" of two that do not differ would claim a difference */
		if (s.kind == K_FASTER &&
		    (rc = best_statements(a, c, best, cb, ctx)) != 0)
			return rc;
	}
	if (n >= 3) {
		int nothers = others(a, c, &avg), lo = -1, hi = -1;

		for (g = 0; g < m->ngroups && nothers > 0; g++) {
			double r;

			if (!has(a, c, g) || !a->outlier[g])
				continue;
			r = worse_ratio(col, mean(a, c, g), avg);
			if (r <= 0)
				continue;
			init_stmt(&s, r >= 1 ? K_SLOWER : K_FASTER, c, g);
			s.ratio = r >= 1 ? r : 1 / r;
			if (s.ratio < SAY_RATIO)
				s.kind = K_SAME;	/* not worth a ratio */
			s.ref_word = "others";
			s.value = mean(a, c, g);
			s.n = analysis_stats(a, c, g)->n;
			s.ref_value = avg;
			s.ref_n = nothers;
			s.has_ref_value = 1;
			if ((rc = cb(ctx, &s)) != 0)
				return rc;
		}
		if ((rc = best_statements(a, c, best, cb, ctx)) != 0)
			return rc;
		for (g = 0; g < m->ngroups; g++) {
			if (!has(a, c, g) || a->outlier[g])
				continue;
			if (lo < 0 || mean(a, c, g) < mean(a, c, lo))
				lo = g;
			if (hi < 0 || mean(a, c, g) > mean(a, c, hi))
				hi = g;
		}
		if (nothers >= 2 && mean(a, c, lo) > 0) {
			init_stmt(&s, K_SPREAD, c, hi);
			s.ref_group = lo;
			s.ratio = mean(a, c, hi) / mean(a, c, lo);
			s.value = mean(a, c, hi);
			s.ref_value = mean(a, c, lo);
			s.has_ref_value = 1;
			s.n = nothers;
			if ((rc = cb(ctx, &s)) != 0)
				return rc;
		}
	}
	for (g = 0; g < m->ngroups; g++) {
		double r;

		if (!has(a, c, g) || is_tie(mean(a, c, g), best, TIE_SHARE))
			continue;
		r = worse_ratio(col, mean(a, c, g), best);
		if (r <= 0)
			continue;
		init_stmt(&s, K_VS_BEST, c, g);
		s.ref_word = "best";
		s.ratio = r;
		s.value = mean(a, c, g);
		s.n = analysis_stats(a, c, g)->n;
		s.ref_value = best;
		s.has_ref_value = 1;
		if ((rc = cb(ctx, &s)) != 0)
			return rc;
	}
	return 0;
}

int analysis_each_statement(const struct analysis *a,
			    int (*cb)(void *ctx, const struct statement *s),
			    void *ctx)
{
	const struct model *m = a->m;
	struct statement s;
	int c, g, rc;

	for (c = 0; c < m->ncols; c++)
		if ((rc = column_statements(a, c, cb, ctx)) != 0)
			return rc;
	for (g = 0; g < m->ngroups; g++) {
		if (a->geomean[g] <= 0 || m->ngroups < 2)
			continue;
		init_stmt(&s, K_GEOMEAN, -1, g);
		s.ref_word = "best";
		s.ratio = a->geomean[g];
		if ((rc = cb(ctx, &s)) != 0)
			return rc;
	}
	for (g = 0; g < m->ngroups; g++) {
		double logs = 0, avg;
		int k = 0;

		if (!a->outlier[g])
			continue;
		for (c = 0; c < m->ncols; c++) {
			double r;

			if (!has(a, c, g) || others(a, c, &avg) == 0)
				continue;
			r = worse_ratio(&m->cols[c], mean(a, c, g), avg);
			if (r > 0) {
				logs += fabs(log(r));
				k++;
			}
		}
		init_stmt(&s, K_OUTLIER, -1, g);
		s.ref_word = "others";
		s.ratio = k ? exp(logs / k) : 0;
		if ((rc = cb(ctx, &s)) != 0)
			return rc;
	}
	return 0;
}

/* One decimal from 1.2x up, two below: "2.1x slower" reads better than
 * "2.14x", but below 1.2 one decimal blurs real differences ("1.13x
 * faster", the seed pages' own wording, would become "1.1x"), and 1.0x
 * would say nothing at all. */
void analysis_ratio_text(double r, char out[16])
{
	if (round(r * 100) / 100 >= 1.2)
		snprintf(out, 16, "%.1fx", r);
	else
		snprintf(out, 16, "%.2fx", r);
}

void analysis_value_text(double v, const char *unit, char out[48])
{
	char num[32];
	double a = fabs(v);

	num_format(v, num);
	if (strlen(num) <= 7)
		;	/* short enough to show exactly: 715.56, 0.0123 */
	else if (a < 1e15 && v == floor(v))
		snprintf(num, sizeof(num), "%.0f", v);
	else if (a >= 1000)
		snprintf(num, sizeof(num), "%.0f", v);
	else if (a >= 100)
		snprintf(num, sizeof(num), "%.1f", v);
	else
		snprintf(num, sizeof(num), "%.4g", v);
	if (!unit || !*unit)
		snprintf(out, 48, "%s", num);
	else if (strcmp(unit, "1/s") == 0)
		snprintf(out, 48, "%s/s", num);
	else if (strcmp(unit, "%") == 0)
		snprintf(out, 48, "%s%%", num);
	else
		snprintf(out, 48, "%s %s", num, unit);
}

/* "faster"/"slower" for times and rates, "better"/"worse" otherwise. */
static const char *word(const struct column *col, int better)
{
	const char *u = col->unit;
	int speed = strcmp(u, "s") == 0 || strcmp(u, "ms") == 0 ||
		    strcmp(u, "us") == 0 || strstr(u, "/s") != NULL;

	if (speed)
		return better ? "faster" : "slower";
	return better ? "better" : "worse";
}

/* 1 when every group with a value in column c ties for best. */
static int all_tie(const struct analysis *a, int c)
{
	int g;

	for (g = 0; g < a->m->ngroups; g++)
		if (has(a, c, g) && !analysis_is_best(a, c, g))
			return 0;
	return 1;
}

struct sentence {
	const struct analysis *a;
	int col;
	struct buf *out;
	int parts;
	int best_done;
};

static void part(struct sentence *x)
{
	buf_adds(x->out, x->parts++ ? "; " : "");
}

static void n_text(struct buf *b, int n)
{
	if (n > 1)
		buf_printf(b, ", n=%d", n);
}

static int say(void *ctx, const struct statement *s)
{
	struct sentence *x = ctx;
	const struct analysis *a = x->a;
	const struct model *m = a->m;
	const struct column *col = s->col >= 0 ? &m->cols[s->col] : NULL;
	char r[16], v1[48], v2[48];
	int g, k;

	if (s->col != x->col)
		return 0;
	analysis_ratio_text(s->ratio, r);
	analysis_value_text(s->value, col->unit, v1);
	analysis_value_text(s->ref_value, col->unit, v2);
	switch (s->kind) {
	case K_SAME:
		part(x);
		if (s->ref_word)
			buf_printf(x->out, "%s is within %.1f%% of the other %d (%s "
				   "vs %s mean)", m->groups[s->subject],
				   (s->ratio - 1) * 100, s->ref_n, v1, v2);
		else if (s->by_test == 1)
			buf_printf(x->out, "no significant difference between %s "
				   "(%s mean, n=%d) and %s (%s mean, n=%d) at 95%% "
				   "confidence", m->groups[s->subject], v1, s->n,
				   m->groups[s->ref_group], v2, s->ref_n);
		else if (s->by_test == -1)
			buf_printf(x->out, "%s: %s, %s: %s (no ratio of a zero "
				   "figure)", m->groups[s->subject], v1,
				   m->groups[s->ref_group], v2);
		else
			buf_printf(x->out, "no difference between %s and %s (%s, "
				   "n=%d and n=%d)", m->groups[s->subject],
				   m->groups[s->ref_group], v1, s->n, s->ref_n);
		break;
	case K_FASTER:
	case K_SLOWER:
		part(x);
		if (s->ref_word) {
			buf_printf(x->out, "%s is %s %s than the other %d (%s vs "
				   "%s mean)", m->groups[s->subject], r,
				   word(col, s->kind == K_FASTER), s->ref_n, v1, v2);
		} else {
			/* n is always said: one run each is not the same
			 * claim as the mean of ten */
			buf_printf(x->out, "%s is %s %s than %s (%s",
				   m->groups[s->subject], r,
				   word(col, s->kind == K_FASTER),
				   m->groups[s->ref_group], v1);
			if (s->n == s->ref_n)
				buf_printf(x->out, " vs %s, n=%d each)", v2, s->n);
			else
				buf_printf(x->out, ", n=%d vs %s, n=%d)", s->n, v2,
					   s->ref_n);
		}
		break;
	case K_BEST:
		if (x->best_done)
			break;
		x->best_done = 1;
		if (all_tie(a, s->col))
			break;	/* the spread says "all N are equal" */
		part(x);
		buf_adds(x->out, "best: ");
		for (g = 0, k = 0; g < m->ngroups; g++) {
			const struct stats *st = analysis_stats(a, s->col, g);

			if (st->n == 0 || !is_tie(st->mean, s->value, TIE_SHARE))
				continue;
			buf_printf(x->out, "%s%s", k++ ? " and " : "", m->groups[g]);
		}
		buf_printf(x->out, " (%s", v1);
		n_text(x->out, s->n);
		buf_adds(x->out, ")");
		/* near-ties: mentioned, never called best */
		for (g = 0, k = 0; g < m->ngroups; g++) {
			const struct stats *st = analysis_stats(a, s->col, g);

			if (st->n == 0 || is_tie(st->mean, s->value, TIE_SHARE) ||
			    !is_tie(st->mean, s->value, NEAR_TIE_SHARE))
				continue;
			buf_printf(x->out, "%s%s", k++ ? ", " : ", with ",
				   m->groups[g]);
		}
		if (k)
			buf_adds(x->out, " within 0.5%");
		break;
	case K_SPREAD:
		part(x);
		if (s->ratio == 1)
			buf_printf(x->out, "%s %d are equal (%s)", a->noutliers ?
				   "the other" : "all", s->n, v1);
		else if (s->ratio < SPREAD_AS_SHARE)
			buf_printf(x->out, "%s are within %.1f%% of each other",
				   a->noutliers ? "the others" : "all",
				   (s->ratio - 1) * 100);
		else	/* "within 98.5%" reads as "close": say how far */
			buf_printf(x->out, "%s range from %s (%s) to %s (%s), %s "
				   "apart", a->noutliers ? "the others" : "they",
				   v2, m->groups[s->ref_group], v1,
				   m->groups[s->subject], r);
		break;
	default:
		break;
	}
	return 0;
}

int analysis_sentence(const struct analysis *a, int col, struct buf *out)
{
	struct sentence x;

	x.a = a;
	x.col = col;
	x.out = out;
	x.parts = 0;
	x.best_done = 0;
	analysis_each_statement(a, say, &x);
	if (x.parts)
		buf_adds(out, ".");
	return 0;
}

int analysis_is_best(const struct analysis *a, int c, int g)
{
	int any;
	double b = best_value(a, c, &any);

	return any && has(a, c, g) && is_tie(mean(a, c, g), b, TIE_SHARE);
}

int analysis_ratio_to_best(const struct analysis *a, int c, int g,
			   char out[16])
{
	int any;
	double b = best_value(a, c, &any), r;

	if (!any || !has(a, c, g) || is_tie(mean(a, c, g), b, TIE_SHARE))
		return 0;
	r = worse_ratio(&a->m->cols[c], mean(a, c, g), b);
	if (r <= 0)
		return 0;
	analysis_ratio_text(r, out);
	return 1;
}
