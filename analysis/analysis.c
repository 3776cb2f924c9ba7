/*
 * analysis.c: see analysis.h.  The rules: which statements hold, as data
 * (struct statement); how each is said is wording.c's.
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
#include "../core/sort.h"
#include "../core/text.h"

const struct stats *analysis_stats(const struct analysis *a, int c, int g)
{
	return &a->st[(size_t)c * (size_t)a->m->ngroups + (size_t)g];
}

size_t analysis_at(const struct analysis *a, int c, int g)
{
	return (size_t)c * (size_t)a->m->ngroups + (size_t)g;
}

int analysis_has(const struct analysis *a, int c, int g)
{
	return analysis_stats(a, c, g)->n > 0 && !a->fixed[analysis_at(a, c, g)];
}

double analysis_mean(const struct analysis *a, int c, int g)
{
	return analysis_stats(a, c, g)->mean;
}

/* The groups of column c with the lowest and the highest mean among the
 * measured ones that are not outliers; -1 for both when there is none. */
static void extremes(const struct analysis *a, int c, int *lo, int *hi)
{
	int g;

	*lo = *hi = -1;
	for (g = 0; g < a->m->ngroups; g++) {
		if (!analysis_has(a, c, g) || a->outlier[g])
			continue;
		if (*lo < 0 || analysis_mean(a, c, g) < analysis_mean(a, c, *lo))
			*lo = g;
		if (*hi < 0 || analysis_mean(a, c, g) > analysis_mean(a, c, *hi))
			*hi = g;
	}
}

double analysis_worse_ratio(const struct column *col, double x, double y)
{
	if (!(x > 0) || !(y > 0))
		return 0;
	return column_higher(col) ? y / x : x / y;
}

/* The best-placed group of column c by its mean, or -1. */
static int best_group(const struct analysis *a, int c)
{
	const struct column *col = &a->m->cols[c];
	int g, b = -1;

	for (g = 0; g < a->m->ngroups; g++) {
		double v;

		if (!analysis_has(a, c, g))
			continue;
		v = analysis_mean(a, c, g);
		if (b < 0 || (column_higher(col) ? v > analysis_mean(a, c, b) :
						   v < analysis_mean(a, c, b)))
			b = g;
	}
	return b;
}

int analysis_is_tie(double v, double best, double share)
{
	return fabs(v - best) <= share * fabs(best);
}

static int chart_outliers(struct analysis *a, int c, double *tmp)
{
	const struct model *m = a->m;
	double med, mad;
	int g, n = 0;

	for (g = 0; g < m->ngroups; g++)
		if (analysis_has(a, c, g))
			tmp[n++] = analysis_mean(a, c, g);
	if (n < 3)
		return 0;	/* with two bars neither crushes a scale */
	med = stats_median(tmp, n);
	for (g = 0, n = 0; g < m->ngroups; g++)
		if (analysis_has(a, c, g))
			tmp[n++] = fabs(analysis_mean(a, c, g) - med);
	mad = stats_median(tmp, n);
	for (g = 0; g < m->ngroups; g++) {
		double v, r;

		if (!analysis_has(a, c, g))
			continue;
		v = analysis_mean(a, c, g);
		/* a zero, or a figure across zero from the median, is
		 * infinitely far by ratio: the deviations alone decide */
		if (v > 0 && med > 0)
			r = v > med ? v / med : med / v;
		else if (v < 0 && med < 0)
			r = v < med ? v / med : med / v;
		else if (v == med)
			r = 1;
		else
			r = INFINITY;
		if (r >= OUTLIER_RATIO &&
		    (mad == 0 || fabs(v - med) > OUTLIER_MADS * mad))
			a->chart_outlier[analysis_at(a, c, g)] = 1;
	}
	return 1;
}

/* The column's state: nothing measured, every figure fixed by the runs'
 * settings, or every group equal (within TIE_SHARE). */
static enum col_state column_state(const struct analysis *a, int c)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	int g, n = 0, nfixed = 0, b = best_group(a, c), equal = 1;

	for (g = 0; g < m->ngroups; g++) {
		nfixed += a->fixed[analysis_at(a, c, g)];
		if (!analysis_has(a, c, g))
			continue;
		n++;
		if (!analysis_is_tie(analysis_mean(a, c, g), analysis_mean(a, c, b), TIE_SHARE))
			equal = 0;
	}
	if (n == 0 && nfixed > 0)
		return COL_SET;
	if (n == 0)
		return COL_NONE;
	for (g = 0; g < m->ngroups; g++)
		if (a->toofast[analysis_at(a, c, g)])
			equal = 0;	/* too fast is not the same figure */
	if (n >= 2 && equal)
		return COL_EQUAL;
	if (n == 1) {
		int ntf = 0;

		for (g = 0; g < m->ngroups; g++)
			ntf += a->toofast[analysis_at(a, c, g)];
		if (ntf == 0)
			return COL_ONE;	/* too fast beats measured: that
					 * still compares */
	}
	(void)col;
	return COL_OK;
}

/* A list of the groups a test separates: names are capped by the text
 * rule, and a chart's groups by FAMILY_GROUPS_MAX. */
#define APART_MAX (4u << 20)

/* The statements under construction. */
struct gen {
	struct analysis *a;
	int cap;
	int fail;		/* 1: out of memory; 2: family too large */
	/* the chart's family: every pair of its measured groups with two
	 * runs or more each.  ti[g] is g's place among those k groups (-1:
	 * untested), and pair (i < j) is p[j * (j - 1) / 2 + i] */
	int *ti;
	int *tg;		/* the k tested groups, tg[ti[g]] = g: the
				 * only pairs a test can tell apart, walked
				 * instead of every pair of the chart */
	int k;
	double *p, *adj;
	size_t pcap;
	int *order;		/* the measured groups, best figure first */
};

static struct statement *add(struct gen *x, enum stmt_kind k, int c, int g)
{
	struct analysis *a = x->a;
	struct statement *s;

	if (a->nstmt == x->cap) {
		int ncap = x->cap ? 2 * x->cap : 64;
		struct statement *ns = realloc(a->stmt, (size_t)ncap * sizeof(*ns));

		if (!ns) {
			x->fail = 1;
			return NULL;
		}
		a->stmt = ns;
		x->cap = ncap;
	}
	s = &a->stmt[a->nstmt++];
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->col = c;
	s->subject = g;
	s->ref_group = -1;
	return s;
}

static int testable(const struct analysis *a, int c, int g, int h)
{
	return analysis_has(a, c, g) && analysis_has(a, c, h) &&
	       analysis_stats(a, c, g)->n >= 2 && analysis_stats(a, c, h)->n >= 2;
}

static size_t pair_at(int i, int j)
{
	if (i > j) {
		int t = i;

		i = j;
		j = t;
	}
	return (size_t)j * (size_t)(j - 1) / 2 + (size_t)i;
}

/* Tests every pair of column c's measured groups with two runs or more
 * each, and adjusts the p-values together (Holm): 0, or -1 with x->fail
 * set. */
static int family(struct gen *x, int c)
{
	struct analysis *a = x->a;
	const struct model *m = a->m;
	int g, h, k = 0;
	size_t np;

	for (g = 0; g < m->ngroups; g++) {
		x->ti[g] = analysis_has(a, c, g) && analysis_stats(a, c, g)->n >= 2 ?
			   k++ : -1;
		if (x->ti[g] >= 0 && x->tg)
			x->tg[x->ti[g]] = g;
	}
	x->k = k;
	if (k < 2)
		return 0;
	if (k > FAMILY_GROUPS_MAX) {
		x->fail = 2;
		return -1;
	}
	np = (size_t)k * (size_t)(k - 1) / 2;
	if (np > x->pcap) {
		double *p = realloc(x->p, np * sizeof(double));
		double *adj;

		if (p)
			x->p = p;
		adj = p ? realloc(x->adj, np * sizeof(double)) : NULL;
		if (!adj) {
			x->fail = 1;
			return -1;
		}
		x->adj = adj;
		x->pcap = np;
	}
	for (g = 0; g < m->ngroups; g++)
		for (h = 0; h < g && x->ti[g] >= 0; h++)
			if (x->ti[h] >= 0)
				x->p[pair_at(x->ti[g], x->ti[h])] =
					stats_welch_p(analysis_stats(a, c, g),
						      analysis_stats(a, c, h));
	stats_holm(x->p, (int)np, x->adj);
	return 0;
}

/* 1 when the family's Holm-adjusted test tells g and h apart, 0 when it
 * does not, -1 when the pair was not tested (a single run on a side). */
static int differ(const struct gen *x, int g, int h)
{
	if (g == h || x->ti[g] < 0 || x->ti[h] < 0)
		return -1;
	return x->adj[pair_at(x->ti[g], x->ti[h])] < ALPHA;
}

/* What a statement about the pair (g, h) of column c rests on: the test
 * where it separates them; else a tie within 0.1%; else no test, or a
 * test that does not separate them. */
static enum stmt_support pair_support(const struct gen *x, int c, int g, int h)
{
	int d = differ(x, g, h);

	if (d == 1)
		return S_SIG;
	if (analysis_is_tie(analysis_mean(x->a, c, g), analysis_mean(x->a, c, h), TIE_SHARE))
		return S_TIE;
	return d == 0 ? S_NOTSIG : S_SINGLE;
}

/* The 95% interval of analysis_worse_ratio(worse, better) from two estimates:
 * means and the variances of those means, df degrees of freedom. */
static int ratio_interval(const struct column *col, double worse, double vw,
			  double better, double vb, double df, double *lo,
			  double *hi)
{
	if (column_higher(col))
		return stats_ratio_ci(better, vb, worse, vw, df, lo, hi);
	return stats_ratio_ci(worse, vw, better, vb, df, lo, hi);
}

/* The interval of analysis_worse_ratio(w, b) between groups w and b: the ratio the
 * statement s states, oriented as it is. */
static void pair_interval(const struct analysis *a, int c, int w, int b,
			  struct statement *s)
{
	const struct stats *sw = analysis_stats(a, c, w);
	const struct stats *sb = analysis_stats(a, c, b);

	if (!testable(a, c, w, b))
		return;
	s->has_ci = ratio_interval(&a->m->cols[c], sw->mean,
				   sw->stddev * sw->stddev / sw->n, sb->mean,
				   sb->stddev * sb->stddev / sb->n,
				   stats_welch_df(sw, sb), &s->ratio_low,
				   &s->ratio_high) == 0;
}

/* The groups of column c that are not comparison outliers and have a
 * value: how many, the mean of their means, and (when every one of them
 * has n >= 2) the variance of that mean and its terms for the degrees of
 * freedom, t[0..n). */
static int others(const struct analysis *a, int c, double *avg, double *var,
		  struct stats_term *t, int *all_repeated)
{
	double sum = 0, v = 0;
	int g, n = 0;

	*all_repeated = 1;
	for (g = 0; g < a->m->ngroups; g++)
		if (analysis_has(a, c, g) && !a->outlier[g]) {
			const struct stats *st = analysis_stats(a, c, g);

			sum += st->mean;
			if (st->n < 2)
				*all_repeated = 0;
			else if (t) {
				t[n].var = st->stddev * st->stddev / st->n;
				t[n].df = st->n - 1;
				v += t[n].var;
			}
			n++;
		}
	*avg = n ? sum / n : 0;
	if (var) {
		int i;

		*var = v / ((double)n * n);
		for (i = 0; t && i < n; i++)
			t[i].var /= (double)n * n;
	}
	return n;
}

static void fill(const struct analysis *a, struct statement *s, int c)
{
	s->value = analysis_mean(a, c, s->subject);
	s->n = analysis_stats(a, c, s->subject)->n;
	if (s->ref_group >= 0) {
		s->ref_value = analysis_mean(a, c, s->ref_group);
		s->ref_n = analysis_stats(a, c, s->ref_group)->n;
		s->has_ref_value = 1;
	}
}

/* Figure order, best first; equal figures in the groups' order. */
static const struct analysis *order_a;
static int order_c;

static int cmp_figure(const void *p, const void *q)
{
	int g = *(const int *)p, h = *(const int *)q;
	double u = analysis_mean(order_a, order_c, g), v = analysis_mean(order_a, order_c, h);

	if (u != v) {
		int higher = column_higher(&order_a->m->cols[order_c]);

		return (higher ? u > v : u < v) ? -1 : 1;
	}
	return g < h ? -1 : g > h;
}

/* The measured groups of column c, best first, into x->order: how
 * many. */
static int rank_groups(struct gen *x, int c)
{
	const struct analysis *a = x->a;
	int g, n = 0;

	for (g = 0; g < a->m->ngroups; g++)
		if (analysis_has(a, c, g))
			x->order[n++] = g;
	order_a = a;
	order_c = c;
	sort_items(x->order, (size_t)n, sizeof(int), cmp_figure);
	return n;
}

/* The best set (docs/analysis.md): from the top of the ranking down,
 * a group joins while no group already in the set differs from it and
 * it either ties the first (0.1%) or was tested against every one of
 * them.  A set of every measured group crowns nobody. */
static void best_set(struct gen *x, int c, int n)
{
	struct analysis *a = x->a;
	int i, j, top = x->order[0];

	a->best[analysis_at(a, c, top)] = 1;
	for (i = 1; i < n; i++) {
		int g = x->order[i], joins = 1;
		int tie = analysis_is_tie(analysis_mean(a, c, g), analysis_mean(a, c, top), TIE_SHARE);

		for (j = 0; j < i && joins; j++) {
			int d = differ(x, x->order[j], g);

			if (d == 1 || (d == -1 && !tie))
				joins = 0;
		}
		if (!joins)
			break;
		a->best[analysis_at(a, c, g)] = 1;
	}
	if (i < n) {
		a->top[c] = top;
		return;
	}
	for (i = 0; i < n; i++)
		a->best[analysis_at(a, c, x->order[i])] = 0;
}

/* "than A and B; not than C; untested against D" of the pairs (g, h)
 * for the groups h that want[] marks: which the test separates g from.
 * Returns an owned string, or NULL when memory ran out. */
static char *separated_text(const struct gen *x, int g, const unsigned char *want)
{
	const struct model *m = x->a->m;
	static const char *const lead[3] = { "than ", "not than ",
					     "untested against " };
	struct buf b;
	int kind, h;

	buf_init(&b, APART_MAX);
	for (kind = 0; kind < 3; kind++) {
		int k = 0, n = 0, d = kind == 0 ? 1 : kind == 1 ? 0 : -1;

		for (h = 0; h < m->ngroups; h++)
			n += want[h] && h != g && differ(x, g, h) == d;
		for (h = 0; h < m->ngroups; h++) {
			if (!want[h] || h == g || differ(x, g, h) != d)
				continue;
			buf_printf(&b, "%s%s%s", k == 0 ? (b.len ? "; " : "") : "",
				   k == 0 ? lead[kind] : k == n - 1 ? " and " : ", ",
				   m->groups[h]);
			k++;
		}
	}
	return buf_detach(&b, NULL);
}

/* The pairs among the groups want[] marks that the test separates, as
 * "A and B, C and D"; an owned string (empty when none), NULL when
 * memory ran out. */
static char *differing_pairs(const struct gen *x, const unsigned char *want)
{
	const struct model *m = x->a->m;
	struct buf b;
	int i, j, g, h;

	/* a pair the test separates is of two tested groups: tg holds
	 * them in group order, so the pairs come as a walk of every pair
	 * would give them */
	buf_init(&b, APART_MAX);
	for (i = 0; i < x->k; i++)
		for (j = i + 1, g = x->tg[i]; j < x->k && want[g]; j++) {
			h = x->tg[j];
			if (want[h] && differ(x, g, h) == 1)
				buf_printf(&b, "%s%s and %s", b.len ? ", " : "",
					   m->groups[g], m->groups[h]);
		}
	return buf_detach(&b, NULL);
}

/* A "best" statement for each group of column c's best set: -1 when
 * memory ran out (x says so), else 0. */
static int add_best(struct gen *x, struct analysis *a, int c)
{
	struct statement *s;
	int g;

	for (g = 0; g < a->m->ngroups; g++)
		if (a->best[analysis_at(a, c, g)]) {
			if (!(s = add(x, K_BEST, c, g)))
				return -1;
			s->ratio = 1;
			fill(a, s, c);
		}
	return 0;
}

/* Two measured groups, b better than w (by figure). */
static void pair_statement(struct gen *x, int c, int b, int w)
{
	struct analysis *a = x->a;
	const struct column *col = &a->m->cols[c];
	double r = analysis_worse_ratio(col, analysis_mean(a, c, w), analysis_mean(a, c, b));
	struct statement *s = add(x, K_SAME, c, b);

	if (!s)
		return;
	s->ref_group = w;
	fill(a, s, c);
	if (r <= 0) {
		s->by_test = -1;	/* no ratio: a zero or a sign */
		return;
	}
	s->ratio = r;
	pair_interval(a, c, w, b, s);
	/* the test first: two tight groups 0.098% apart that it separates
	 * differ, however close */
	s->support = pair_support(x, c, b, w);
	if (s->support == S_TIE)
		return;
	if (s->support == S_NOTSIG)
		s->by_test = 1;
	else
		s->kind = K_FASTER;
}

/* A statement of kind k of group g in column c against the mean avg of
 * the chart's nothers other groups; NULL out of memory. */
static struct statement *against_others(struct gen *x, enum stmt_kind k,
					int c, int g, double avg, int nothers)
{
	const struct stats *so = analysis_stats(x->a, c, g);
	struct statement *s = add(x, k, c, g);

	if (!s)
		return NULL;
	s->ref_word = "others";
	s->value = so->mean;
	s->n = so->n;
	s->ref_value = avg;
	s->ref_n = nothers;
	s->has_ref_value = 1;
	return s;
}

/* Each outlier of the comparison against the mean of the chart's other
 * groups, where its figure lies beyond all of theirs. */
static void outlier_statements(struct gen *x, int c, struct stats_term *terms,
			       unsigned char *want)
{
	struct analysis *a = x->a;
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	double avg, var;
	int all_rep, nothers = others(a, c, &avg, &var, terms, &all_rep);
	int lo, hi, g, h, i, nwant = 0;
	struct statement *s;

	if (nothers == 0)
		return;
	extremes(a, c, &lo, &hi);
	for (h = 0; h < m->ngroups; h++)
		nwant += want[h] = analysis_has(a, c, h) && !a->outlier[h];
	for (g = 0; g < m->ngroups; g++) {
		const struct stats *so = analysis_stats(a, c, g);
		int nsig = 0, nnot = 0, nun = 0;
		double r;

		if (!analysis_has(a, c, g) || !a->outlier[g])
			continue;
		r = analysis_worse_ratio(col, so->mean, avg);
		if (lo >= 0 && so->mean >= analysis_mean(a, c, lo) &&
		    so->mean <= analysis_mean(a, c, hi))
			continue;	/* among the others: better than their
					 * mean is not better than them */
		if (r <= 0) {	/* a zero, or across zero: no ratio */
			if (!(s = against_others(x, K_SAME, c, g, avg, nothers)))
				return;
			s->by_test = -1;
			continue;
		}
		/* g is an outlier, so no want[h] is g: the pairs the test
		 * did not try are the others, less the tested ones */
		for (i = 0; i < x->k && x->ti[g] >= 0; i++) {
			h = x->tg[i];
			if (!want[h])
				continue;
			if (differ(x, g, h) == 1)
				nsig++;
			else
				nnot++;
		}
		nun = nwant - nsig - nnot;
		if (!(s = against_others(x, r >= 1 ? K_SLOWER : K_FASTER, c, g,
					 avg, nothers)))
			return;
		s->ratio = r >= 1 ? r : 1 / r;
		if (so->n >= 2 && all_rep) {
			/* the outlier's mean against the mean of the others'
			 * means: Satterthwaite over every term */
			double vo = so->stddev * so->stddev / so->n, df;

			terms[nothers].var = vo;
			terms[nothers].df = so->n - 1;
			df = stats_terms_df(terms, nothers + 1);
			s->has_ci = (r >= 1 ?
				ratio_interval(col, so->mean, vo, avg, var, df,
					       &s->ratio_low, &s->ratio_high) :
				ratio_interval(col, avg, var, so->mean, vo, df,
					       &s->ratio_low, &s->ratio_high)) == 0;
		}
		if (nsig + nnot == 0)
			s->support = S_SINGLE;
		else if (nsig == nothers && !(s->has_ci && s->ratio_low <= 1 &&
					      s->ratio_high >= 1))
			s->support = S_SIG;
		else if (nsig == 0 && nun == 0)
			s->support = S_NOTSIG;
		else
			s->support = S_PARTIAL;
		if (s->support == S_NOTSIG) {
			s->kind = K_SAME;
			s->by_test = 1;
		} else if (s->ratio < SAY_RATIO) {
			s->kind = K_SAME;	/* not worth a ratio */
		}
		if (s->support == S_PARTIAL && !(s->apart = separated_text(x, g, want)))
			x->fail = 1;
	}
}

/* The spread of the chart's groups that are not outliers. */
static void spread_statement(struct gen *x, int c, unsigned char *want)
{
	struct analysis *a = x->a;
	const struct model *m = a->m;
	double avg;
	int all_rep, nothers = others(a, c, &avg, NULL, NULL, &all_rep);
	int lo, hi, g, h, i, j, tested, any = 0, nwant = 0, ntested = 0;
	struct statement *s;

	if (nothers < 2)
		return;
	extremes(a, c, &lo, &hi);
	if (lo == hi)	/* every figure equal: name two of them */
		for (g = m->ngroups - 1; g >= 0; g--)
			if (analysis_has(a, c, g) && !a->outlier[g] && g != lo) {
				hi = g;
				break;
			}
	for (h = 0; h < m->ngroups; h++)
		nwant += want[h] = analysis_has(a, c, h) && !a->outlier[h];
	/* every pair tested when every wanted group is; a pair told apart
	 * is one of two tested groups */
	for (g = 0; g < m->ngroups; g++)
		ntested += want[g] && x->ti[g] >= 0;
	tested = nwant < 2 || ntested == nwant;
	for (i = 0; i < x->k && !any; i++)
		for (j = i + 1, g = x->tg[i]; j < x->k && want[g] && !any; j++)
			any = want[x->tg[j]] && differ(x, g, x->tg[j]) == 1;
	if (!(s = add(x, K_SPREAD, c, hi)))
		return;
	s->ref_group = lo;
	fill(a, s, c);
	s->n = nothers;
	if (!(analysis_mean(a, c, lo) > 0)) {
		s->by_test = -1;	/* a zero or across it: no ratio */
		return;
	}
	s->ratio = analysis_mean(a, c, hi) / analysis_mean(a, c, lo);
	if (column_higher(&m->cols[c]))
		pair_interval(a, c, lo, hi, s);
	else
		pair_interval(a, c, hi, lo, s);
	if (s->ratio == 1) {
		s->support = S_TIE;	/* equal: nothing rests on a test */
		return;
	}
	if (tested && !any) {
		s->by_test = 1;
		s->support = S_NOTSIG;
		return;
	}
	s->support = pair_support(x, c, lo, hi);
	if (s->support == S_NOTSIG && any &&
	    !(s->apart = differing_pairs(x, want)))
		x->fail = 1;
}

static void column_statements(struct gen *x, int c, struct stats_term *terms,
			      unsigned char *want)
{
	struct analysis *a = x->a;
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	struct statement *s;
	int g, n, b, ntf = 0;

	a->top[c] = -1;
	for (g = 0; g < m->ngroups; g++)
		ntf += a->toofast[analysis_at(a, c, g)] && !analysis_has(a, c, g);
	if (a->state[c] != COL_OK && a->state[c] != COL_NONE &&
	    a->state[c] != COL_ONE)
		return;	/* a chart with nothing measured still names the
			 * groups too fast to measure, one with one group
			 * those its limits fixed */
	/* too fast to measure: never beaten by a measured group */
	for (g = 0; g < m->ngroups; g++)
		if (a->toofast[analysis_at(a, c, g)] && !analysis_has(a, c, g) &&
		    (s = add(x, K_TOOFAST, c, g)) == NULL)
			return;
	/* runs whose limit fixed their figure: shown, never compared */
	for (g = 0; g < m->ngroups && a->state[c] != COL_NONE; g++)
		if (col->cells[g].nset > 0) {
			if (!(s = add(x, K_FIXED, c, g)))
				return;
			s->n = col->cells[g].nset;
			s->ref_n = col->cells[g].n;
			if (a->fixed[analysis_at(a, c, g)]) {
				s->value = analysis_mean(a, c, g);
				s->has_value = 1;
			}
		}
	n = rank_groups(x, c);
	if (n < 2)
		return;	/* one measured group: nothing to compare */
	if (family(x, c))
		return;
	if (ntf == 0)
		best_set(x, c, n);
	if (n == 2)
		pair_statement(x, c, x->order[0], x->order[1]);
	else
		outlier_statements(x, c, terms, want);
	if (x->fail)
		return;
	if (a->top[c] >= 0 && add_best(x, a, c))
		return;
	if (n >= 3)
		spread_statement(x, c, want);
	if (x->fail || a->top[c] < 0)
		return;	/* no best: no ratio to it */
	b = a->top[c];
	a->vs_first[c] = a->nstmt;	/* the column's last statements */
	for (g = 0; g < m->ngroups; g++) {
		double r;

		if (!analysis_has(a, c, g) || a->best[analysis_at(a, c, g)])
			continue;
		r = analysis_worse_ratio(col, analysis_mean(a, c, g), analysis_mean(a, c, b));
		if (r <= 0)
			continue;
		if (!(s = add(x, K_VS_BEST, c, g)))
			return;
		s->ref_word = "best";
		s->ratio = r;
		s->value = analysis_mean(a, c, g);
		s->n = analysis_stats(a, c, g)->n;
		s->ref_value = analysis_mean(a, c, b);
		s->ref_n = analysis_stats(a, c, b)->n;
		s->has_ref_value = 1;
		s->support = pair_support(x, c, g, b);
		pair_interval(a, c, g, b, s);
	}
}

/* A column the overall ranking uses: every group has a figure above zero
 * there, so every group's ratio to the best is defined in the same
 * columns. */
static int ranked(const struct analysis *a, int c)
{
	int g;

	for (g = 0; g < a->m->ngroups; g++)
		if (!analysis_has(a, c, g) || !(analysis_mean(a, c, g) > 0))
			return 0;
	return 1;
}

/* Each group's geometric mean of its ratios to the best, over the ranked
 * columns; none when those are fewer than half the compared columns. */
/* Proportional figures run by run differ by no more than this factor
 * in their ratio: two figures a tool prints from the same counts, each
 * rounded to two decimals (sysbench's 1234.56 reads/s and 19.29 MiB/s),
 * keep their ratio to a few parts in 10,000. */
#define SAME_COUNTS_SPREAD 1.005

/* 1 when columns c and d are one measurement: the same test and
 * direction, and figures proportional run by run (the cells keep their
 * runs' values in run order). */
static int same_counts(const struct analysis *a, int c, int d)
{
	const struct column *x = &a->m->cols[c], *y = &a->m->cols[d];
	double lo = 0, hi = 0;
	int g, i, k = 0;

	if (strcmp(x->test, y->test) != 0 || strcmp(x->better, y->better) != 0)
		return 0;
	for (g = 0; g < a->m->ngroups; g++) {
		const struct cell *p = &x->cells[g], *q = &y->cells[g];

		if (p->n != q->n || p->nset || q->nset || p->ntoofast != q->ntoofast)
			return 0;
		for (i = 0; i < p->n; i++) {
			double r;

			if (p->v[i] == 0 && q->v[i] == 0)
				continue;
			if (!(p->v[i] / q->v[i] > 0) || !isfinite(p->v[i] / q->v[i]))
				return 0;
			r = p->v[i] / q->v[i];
			lo = k == 0 || r < lo ? r : lo;
			hi = k == 0 || r > hi ? r : hi;
			k++;
		}
	}
	return k >= 2 && hi <= lo * SAME_COUNTS_SPREAD;
}

/* A column by its test: sorted by test, then index, the columns
 * same_counts can pair with a column are its test's neighbours, found
 * without a walk past every other column. */
struct col_test {
	const char *test;
	int c;
};

static int cmp_col_test(const void *pa, const void *pb)
{
	const struct col_test *x = pa, *y = pb;
	int r = strcmp(x->test, y->test);

	return r ? r : (x->c > y->c) - (x->c < y->c);
}

/* Fills rank[c] (1 when ranked(a, c)) and best[c] (best_group(a, c)) for
 * the columns that are the first of their measurement, once: the
 * geometric means below read them for every group. */
static int ranking(struct analysis *a)
{
	const struct model *m = a->m;
	int c, d, g, k, *rank, *best;
	struct col_test *order;

	order = calloc((size_t)m->ncols + 1, sizeof(*order));
	rank = calloc((size_t)m->ncols + 1, sizeof(*rank));
	best = calloc((size_t)m->ncols + 1, sizeof(*best));
	if (!order || !rank || !best) {
		free(order);
		free(rank);
		free(best);
		return -1;
	}
	for (c = 0; c < m->ncols; c++) {
		order[c].test = m->cols[c].test;
		order[c].c = c;
	}
	sort_items(order, (size_t)m->ncols, sizeof(*order), cmp_col_test);
	for (k = 0; k < m->ncols; k++)
		rank[order[k].c] = k;	/* for now: where c sits in order */
	for (c = 0; c < m->ncols; c++) {
		a->measure[c] = c;
		if (a->state[c] != COL_OK)
			continue;
		a->ncompared++;
		/* the earlier columns of c's test, in index order: those
		 * just before c in order */
		for (k = rank[c] - 1; k >= 0 &&
		     strcmp(order[k].test, m->cols[c].test) == 0; k--)
			;
		for (k++; (d = order[k].c) < c; k++)
			if (a->measure[d] == d && a->state[d] == COL_OK &&
			    same_counts(a, c, d)) {
				a->measure[c] = d;
				break;
			}
		if (a->measure[c] != c)
			continue;	/* counted once, as its first column */
		a->nmeasures++;
	}
	for (c = 0; c < m->ncols; c++) {
		rank[c] = a->state[c] == COL_OK && a->measure[c] == c &&
			  ranked(a, c);
		best[c] = rank[c] ? best_group(a, c) : -1;
		if (a->state[c] != COL_OK || a->measure[c] != c)
			continue;
		a->nranked += rank[c];
		for (g = 0; g < m->ngroups; g++)
			a->nbest[g] += a->best[analysis_at(a, c, g)];
	}
	a->ranking = m->ngroups >= 2 && a->nranked > 0 &&
		     2 * a->nranked >= a->nmeasures;
	for (g = 0; g < m->ngroups && a->ranking; g++) {
		double logs = 0;

		for (c = 0, k = 0; c < m->ncols; c++) {
			if (!rank[c])
				continue;
			logs += log(analysis_worse_ratio(&m->cols[c], analysis_mean(a, c, g),
						analysis_mean(a, c, best[c])));
			k++;
		}
		a->geomean[g] = k ? exp(logs / k) : 0;
	}
	free(order);
	free(rank);
	free(best);
	return 0;
}

int analysis_run(const struct model *m, struct analysis *a, struct err *e)
{
	size_t cells = (size_t)m->ncols * (size_t)m->ngroups;
	int c, g, *hits, *charts, vmax = 1, rc;
	double *tmp;
	unsigned char *want;
	struct stats_term *terms;
	struct gen x;

	memset(a, 0, sizeof(*a));
	memset(&x, 0, sizeof(x));
	a->m = m;
	for (c = 0; c < m->ncols; c++)
		for (g = 0; g < m->ngroups; g++)
			if (m->cols[c].cells[g].n > vmax)
				vmax = m->cols[c].cells[g].n;
	if (vmax < m->ngroups)
		vmax = m->ngroups;
	a->st = calloc(cells + 1, sizeof(*a->st));
	a->chart_outlier = calloc(cells + 1, 1);
	a->toofast = calloc(cells + 1, 1);
	a->best = calloc(cells + 1, 1);
	a->fixed = calloc(cells + 1, 1);
	a->state = calloc((size_t)m->ncols + 1, 1);
	a->col_first = calloc((size_t)m->ncols + 2, sizeof(int));
	a->vs_first = calloc((size_t)m->ncols + 1, sizeof(int));
	a->outlier = calloc((size_t)m->ngroups + 1, 1);
	a->geomean = calloc((size_t)m->ngroups + 1, sizeof(double));
	a->nbest = calloc((size_t)m->ngroups + 1, sizeof(int));
	a->top = calloc((size_t)m->ncols + 1, sizeof(int));
	a->measure = calloc((size_t)m->ncols + 1, sizeof(int));
	a->outlier_dir = calloc((size_t)m->ngroups + 1, 1);
	want = calloc((size_t)m->ngroups + 1, 1);
	x.ti = calloc((size_t)m->ngroups + 1, sizeof(int));
	x.tg = calloc((size_t)m->ngroups + 1, sizeof(int));
	x.order = calloc((size_t)m->ngroups + 1, sizeof(int));
	hits = calloc((size_t)m->ngroups + 1, sizeof(int));
	charts = calloc((size_t)m->ngroups + 1, sizeof(int));
	tmp = calloc((size_t)vmax + 1, sizeof(double));
	terms = calloc((size_t)m->ngroups + 1, sizeof(*terms));
	if (!a->st || !a->chart_outlier || !a->toofast || !a->best || !a->fixed ||
	    !a->state || !a->col_first || !a->vs_first || !a->outlier || !a->geomean ||
	    !a->nbest || !a->top || !a->measure || !a->outlier_dir || !want || !x.ti || !x.tg ||
	    !x.order || !hits || !charts || !tmp || !terms)
		goto oom;
	for (c = 0; c < m->ncols; c++)
		for (g = 0; g < m->ngroups; g++) {
			const struct cell *cl = &m->cols[c].cells[g];

			if (cl->ntoofast > 0) {
				/* a figure some runs could not measure is not
				 * the group's figure: too fast, not a mean */
				a->toofast[analysis_at(a, c, g)] = 1;
				continue;
			}
			int nm = cl->n - cl->nset;

			if (cl->n == 0)
				continue;
			if (nm >= 2)
				a->repeats = 1;
			/* the measured runs' figure; where every run stopped
			 * at its limit, that figure, shown and never
			 * compared */
			a->fixed[analysis_at(a, c, g)] = nm == 0;
			if (nm == 0)
				nm = cl->n;
			memcpy(tmp, cl->v, (size_t)nm * sizeof(double));
			stats_compute(tmp, nm, &a->st[analysis_at(a, c, g)]);
		}
	/* a figure that can be negative has its interval wherever it
	 * reaches below zero: the cut at zero is for quantities that
	 * cannot (docs/analysis.md) */
	for (c = 0; c < m->ncols; c++) {
		int neg = 0;

		for (g = 0; g < m->ngroups; g++)
			neg |= a->st[analysis_at(a, c, g)].n > 0 && a->st[analysis_at(a, c, g)].min < 0;
		for (g = 0; g < m->ngroups && neg; g++)
			if (a->st[analysis_at(a, c, g)].n >= 2)
				a->st[analysis_at(a, c, g)].ci_ok = 1;
	}
	for (c = 0; c < m->ncols; c++)
		a->state[c] = (unsigned char)column_state(a, c);
	/* the comparison's outliers: outliers in at least half the charts
	 * where they could be one.  A sweep's groups are a group at each
	 * setting: comparing them as competitors says nothing true (the
	 * settings' own parts say it, renderer/sweep.c) */
	for (c = 0; c < m->ncols && !m->sweep; c++) {
		if (a->state[c] != COL_OK || !chart_outliers(a, c, tmp))
			continue;
		for (g = 0; g < m->ngroups; g++) {
			if (!analysis_has(a, c, g))
				continue;
			charts[g]++;
			hits[g] += a->chart_outlier[analysis_at(a, c, g)];
		}
	}
	for (g = 0; g < m->ngroups; g++)
		if (hits[g] > 0 && 2 * hits[g] >= charts[g]) {
			a->outlier[g] = 1;
			a->noutliers++;
		}
	x.a = a;
	for (c = 0; c < m->ncols; c++) {
		a->col_first[c] = a->nstmt;
		a->vs_first[c] = -1;
		a->top[c] = -1;
		if (m->sweep)
			continue;
		column_statements(&x, c, terms, want);
		if (x.fail == 2) {
			analysis_release(a);
			rc = err_set(e, NULL, 0, 0, "%s: more than %d groups with "
				     "two runs or more in one chart (%s %s): "
				     "choose fewer with --where", m->name,
				     FAMILY_GROUPS_MAX, m->cols[c].test,
				     m->cols[c].metric);
			goto out;
		}
		if (x.fail)
			goto oom;
	}
	a->col_first[m->ncols] = a->nstmt;
	if (!m->sweep && ranking(a))
		goto oom;
	for (g = 0; g < m->ngroups && a->ranking; g++) {
		struct statement *s;

		if (a->geomean[g] <= 0)
			continue;
		if (!(s = add(&x, K_GEOMEAN, -1, g)))
			goto oom;
		s->ref_word = "best";
		s->ratio = a->geomean[g];
	}
	for (g = 0; g < m->ngroups; g++) {
		struct statement *s;
		double logs = 0, signed_logs = 0, avg;
		int k = 0, rep;

		if (!a->outlier[g])
			continue;

		for (c = 0; c < m->ncols; c++) {
			double r;

			if (a->state[c] != COL_OK || !analysis_has(a, c, g) ||
			    others(a, c, &avg, NULL, NULL, &rep) == 0)
				continue;
			r = analysis_worse_ratio(&m->cols[c], analysis_mean(a, c, g), avg);
			if (r > 0) {
				logs += fabs(log(r));
				signed_logs += log(r);
				k++;
			} else if (analysis_mean(a, c, g) != avg) {
				/* no ratio (a zero, a sign): which side still
				 * tells worse from better */
				int up = analysis_mean(a, c, g) > avg;

				signed_logs += up == column_higher(&m->cols[c]) ?
					       -1 : 1;
			}
		}
		a->outlier_dir[g] = signed_logs > 0 ? 1 : signed_logs < 0 ? -1 : 0;
		if (!(s = add(&x, K_OUTLIER, -1, g)))
			goto oom;
		s->ref_word = "others";
		s->ratio = k ? exp(logs / k) : 0;
	}
	for (c = 0; c < m->nmixed; c++) {
		struct statement *s = add(&x, K_MIXED, -1, m->mixed[c].group);

		if (!s)
			goto oom;
		s->ref_word = m->mixed[c].key;
		s->text = m->mixed[c].values;
	}
	a->col_first[m->ncols + 1] = a->nstmt;
	rc = 0;
out:
	free(hits);
	free(charts);
	free(tmp);
	free(terms);
	free(want);
	free(x.ti);
	free(x.tg);
	free(x.order);
	free(x.p);
	free(x.adj);
	return rc;
oom:
	analysis_release(a);
	rc = err_set(e, NULL, 0, 0, "out of memory");
	goto out;
}

void analysis_release(struct analysis *a)
{
	int i;

	free(a->st);
	free(a->chart_outlier);
	free(a->toofast);
	free(a->best);
	free(a->fixed);
	free(a->state);
	free(a->col_first);
	free(a->vs_first);
	free(a->outlier);
	free(a->geomean);
	free(a->nbest);
	free(a->top);
	free(a->measure);
	free(a->outlier_dir);
	for (i = 0; i < a->nstmt; i++)
		free(a->stmt[i].apart);
	free(a->stmt);
	memset(a, 0, sizeof(*a));
}

int analysis_each_statement(const struct analysis *a,
			    int (*cb)(void *ctx, const struct statement *s),
			    void *ctx)
{
	int i, rc;

	for (i = 0; i < a->nstmt; i++)
		if ((rc = cb(ctx, &a->stmt[i])) != 0)
			return rc;
	return 0;
}

enum stmt_support analysis_pair(const struct analysis *a, int c, int g,
				int h)
{
	struct gen x;
	enum stmt_support r = S_NONE;

	if (g == h || !analysis_has(a, c, g) || !analysis_has(a, c, h) || a->state[c] != COL_OK)
		return S_NONE;
	memset(&x, 0, sizeof(x));
	x.a = (struct analysis *)a;	/* family() reads it only */
	x.ti = calloc((size_t)a->m->ngroups + 1, sizeof(int));
	if (x.ti && family(&x, c) == 0)
		r = pair_support(&x, c, g, h);
	free(x.ti);
	free(x.tg);
	free(x.p);
	free(x.adj);
	return r;
}

int analysis_is_best(const struct analysis *a, int c, int g)
{
	return a->best[analysis_at(a, c, g)] && a->state[c] == COL_OK;
}
