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
#include "titles.h"
#include "units.h"

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

static size_t at(const struct analysis *a, int c, int g)
{
	return (size_t)c * (size_t)a->m->ngroups + (size_t)g;
}

/* A measured figure: some value, no run too fast to measure, and not
 * only figures that the runs' limits fixed. */
static int has(const struct analysis *a, int c, int g)
{
	return analysis_stats(a, c, g)->n > 0 && !a->fixed[at(a, c, g)];
}

static double mean(const struct analysis *a, int c, int g)
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
		if (!has(a, c, g) || a->outlier[g])
			continue;
		if (*lo < 0 || mean(a, c, g) < mean(a, c, *lo))
			*lo = g;
		if (*hi < 0 || mean(a, c, g) > mean(a, c, *hi))
			*hi = g;
	}
}

/* How many times worse x is than y (< 1: better), by the column's
 * direction; 0 when either is not positive. */
static double worse_ratio(const struct column *col, double x, double y)
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

		if (!has(a, c, g))
			continue;
		v = mean(a, c, g);
		if (b < 0 || (column_higher(col) ? v > mean(a, c, b) :
						   v < mean(a, c, b)))
			b = g;
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
			a->chart_outlier[at(a, c, g)] = 1;
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
		nfixed += a->fixed[at(a, c, g)];
		if (!has(a, c, g))
			continue;
		n++;
		if (!is_tie(mean(a, c, g), mean(a, c, b), TIE_SHARE))
			equal = 0;
	}
	if (n == 0 && nfixed > 0)
		return COL_SET;
	if (n == 0)
		return COL_NONE;
	for (g = 0; g < m->ngroups; g++)
		if (a->toofast[at(a, c, g)])
			equal = 0;	/* too fast is not the same figure */
	if (n >= 2 && equal)
		return COL_EQUAL;
	if (n == 1) {
		int ntf = 0;

		for (g = 0; g < m->ngroups; g++)
			ntf += a->toofast[at(a, c, g)];
		if (ntf == 0)
			return COL_ONE;	/* too fast beats measured: that
					 * still compares */
	}
	(void)col;
	return COL_OK;
}

const char *analysis_column_note(const struct analysis *a, int c)
{
	switch (a->state[c]) {
	case COL_SET:
		return "not compared: the runs' own settings fixed this figure "
		       "(a time or event limit), so it measures nothing";
	case COL_EQUAL:
		return "not compared: every group's figure is within 0.1% "
		       "of the others'";
	case COL_NONE:
		return "not compared: no group has a measured figure";
	case COL_ONE:
		return "nothing to compare: one group has a figure";
	default:
		return NULL;
	}
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
	return has(a, c, g) && has(a, c, h) &&
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
		x->ti[g] = has(a, c, g) && analysis_stats(a, c, g)->n >= 2 ?
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
	if (is_tie(mean(x->a, c, g), mean(x->a, c, h), TIE_SHARE))
		return S_TIE;
	return d == 0 ? S_NOTSIG : S_SINGLE;
}

/* The 95% interval of worse_ratio(worse, better) from two estimates:
 * means and the variances of those means, df degrees of freedom. */
static int ratio_interval(const struct column *col, double worse, double vw,
			  double better, double vb, double df, double *lo,
			  double *hi)
{
	if (column_higher(col))
		return stats_ratio_ci(better, vb, worse, vw, df, lo, hi);
	return stats_ratio_ci(worse, vw, better, vb, df, lo, hi);
}

/* The interval of worse_ratio(w, b) between groups w and b: the ratio the
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
		if (has(a, c, g) && !a->outlier[g]) {
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
	s->value = mean(a, c, s->subject);
	s->n = analysis_stats(a, c, s->subject)->n;
	if (s->ref_group >= 0) {
		s->ref_value = mean(a, c, s->ref_group);
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
	double u = mean(order_a, order_c, g), v = mean(order_a, order_c, h);

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
		if (has(a, c, g))
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

	a->best[at(a, c, top)] = 1;
	for (i = 1; i < n; i++) {
		int g = x->order[i], joins = 1;
		int tie = is_tie(mean(a, c, g), mean(a, c, top), TIE_SHARE);

		for (j = 0; j < i && joins; j++) {
			int d = differ(x, x->order[j], g);

			if (d == 1 || (d == -1 && !tie))
				joins = 0;
		}
		if (!joins)
			break;
		a->best[at(a, c, g)] = 1;
	}
	if (i < n) {
		a->top[c] = top;
		return;
	}
	for (i = 0; i < n; i++)
		a->best[at(a, c, x->order[i])] = 0;
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
		if (a->best[at(a, c, g)]) {
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
	double r = worse_ratio(col, mean(a, c, w), mean(a, c, b));
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
		nwant += want[h] = has(a, c, h) && !a->outlier[h];
	for (g = 0; g < m->ngroups; g++) {
		const struct stats *so = analysis_stats(a, c, g);
		int nsig = 0, nnot = 0, nun = 0;
		double r;

		if (!has(a, c, g) || !a->outlier[g])
			continue;
		r = worse_ratio(col, so->mean, avg);
		if (lo >= 0 && so->mean >= mean(a, c, lo) &&
		    so->mean <= mean(a, c, hi))
			continue;	/* among the others: better than their
					 * mean is not better than them */
		if (r <= 0) {	/* a zero, or across zero: no ratio */
			if (!(s = add(x, K_SAME, c, g)))
				return;
			s->by_test = -1;
			s->ref_word = "others";
			s->value = so->mean;
			s->n = so->n;
			s->ref_value = avg;
			s->ref_n = nothers;
			s->has_ref_value = 1;
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
		if (!(s = add(x, r >= 1 ? K_SLOWER : K_FASTER, c, g)))
			return;
		s->ratio = r >= 1 ? r : 1 / r;
		s->ref_word = "others";
		s->value = so->mean;
		s->n = so->n;
		s->ref_value = avg;
		s->ref_n = nothers;
		s->has_ref_value = 1;
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
			if (has(a, c, g) && !a->outlier[g] && g != lo) {
				hi = g;
				break;
			}
	for (h = 0; h < m->ngroups; h++)
		nwant += want[h] = has(a, c, h) && !a->outlier[h];
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
	if (!(mean(a, c, lo) > 0)) {
		s->by_test = -1;	/* a zero or across it: no ratio */
		return;
	}
	s->ratio = mean(a, c, hi) / mean(a, c, lo);
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
		ntf += a->toofast[at(a, c, g)] && !has(a, c, g);
	if (a->state[c] != COL_OK && a->state[c] != COL_NONE &&
	    a->state[c] != COL_ONE)
		return;	/* a chart with nothing measured still names the
			 * groups too fast to measure, one with one group
			 * those its limits fixed */
	/* too fast to measure: never beaten by a measured group */
	for (g = 0; g < m->ngroups; g++)
		if (a->toofast[at(a, c, g)] && !has(a, c, g) &&
		    (s = add(x, K_TOOFAST, c, g)) == NULL)
			return;
	/* runs whose limit fixed their figure: shown, never compared */
	for (g = 0; g < m->ngroups && a->state[c] != COL_NONE; g++)
		if (col->cells[g].nset > 0) {
			if (!(s = add(x, K_FIXED, c, g)))
				return;
			s->n = col->cells[g].nset;
			s->ref_n = col->cells[g].n;
			if (a->fixed[at(a, c, g)]) {
				s->value = mean(a, c, g);
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

		if (!has(a, c, g) || a->best[at(a, c, g)])
			continue;
		r = worse_ratio(col, mean(a, c, g), mean(a, c, b));
		if (r <= 0)
			continue;
		if (!(s = add(x, K_VS_BEST, c, g)))
			return;
		s->ref_word = "best";
		s->ratio = r;
		s->value = mean(a, c, g);
		s->n = analysis_stats(a, c, g)->n;
		s->ref_value = mean(a, c, b);
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
		if (!has(a, c, g) || !(mean(a, c, g) > 0))
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
			a->nbest[g] += a->best[at(a, c, g)];
	}
	a->ranking = m->ngroups >= 2 && a->nranked > 0 &&
		     2 * a->nranked >= a->nmeasures;
	for (g = 0; g < m->ngroups && a->ranking; g++) {
		double logs = 0;

		for (c = 0, k = 0; c < m->ncols; c++) {
			if (!rank[c])
				continue;
			logs += log(worse_ratio(&m->cols[c], mean(a, c, g),
						mean(a, c, best[c])));
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
				a->toofast[at(a, c, g)] = 1;
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
			a->fixed[at(a, c, g)] = nm == 0;
			if (nm == 0)
				nm = cl->n;
			memcpy(tmp, cl->v, (size_t)nm * sizeof(double));
			stats_compute(tmp, nm, &a->st[at(a, c, g)]);
		}
	/* a figure that can be negative has its interval wherever it
	 * reaches below zero: the cut at zero is for quantities that
	 * cannot (docs/analysis.md) */
	for (c = 0; c < m->ncols; c++) {
		int neg = 0;

		for (g = 0; g < m->ngroups; g++)
			neg |= a->st[at(a, c, g)].n > 0 && a->st[at(a, c, g)].min < 0;
		for (g = 0; g < m->ngroups && neg; g++)
			if (a->st[at(a, c, g)].n >= 2)
				a->st[at(a, c, g)].ci_ok = 1;
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
			if (!has(a, c, g))
				continue;
			charts[g]++;
			hits[g] += a->chart_outlier[at(a, c, g)];
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

			if (a->state[c] != COL_OK || !has(a, c, g) ||
			    others(a, c, &avg, NULL, NULL, &rep) == 0)
				continue;
			r = worse_ratio(&m->cols[c], mean(a, c, g), avg);
			if (r > 0) {
				logs += fabs(log(r));
				signed_logs += log(r);
				k++;
			} else if (mean(a, c, g) != avg) {
				/* no ratio (a zero, a sign): which side still
				 * tells worse from better */
				int up = mean(a, c, g) > avg;

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

static void group_thousands(const char *num, char out[48]);

/* One decimal from 1.2x up, two below: "2.1x slower" reads better than
 * "2.14x", but below 1.2 one decimal blurs real differences ("1.13x
 * faster", the seed pages' own wording, would become "1.1x"), and 1.0x
 * would say nothing at all.  Thousands separated as every figure's
 * ("712,427.3x"), and from a billion up an exponent, which the 16 bytes
 * hold. */
void analysis_ratio_text(double r, char out[16])
{
	char num[48], grouped[48];
	int d = 2;

	if (r >= 1e9) {
		snprintf(out, 16, "%.3gx", r);
		return;
	}
	if (round(r * 100) / 100 >= 1.2) {
		snprintf(num, sizeof(num), "%.1f", r);
		group_thousands(num, grouped);
		snprintf(out, 16, "%.14sx", grouped);
		return;
	}
	/* a ratio above 1 never reads "1.00x": more decimals until it
	 * does not (ties are said as ties, not as ratios) */
	while (d < 4 && r > 1 && round(r * pow(10, d)) == pow(10, d))
		d++;
	snprintf(out, 16, "%.*fx", d, r);
}

/* "1.6%" of how far apart a ratio r (>= 1) is, rounded up to one decimal,
 * so that "within" never understates: 1.0011 is "within 0.2%". */
static void share_text(double r, char out[16])
{
	double pct = ceil((r - 1) * 1000 - 1e-9) / 10;

	snprintf(out, 16, "%.1f%%", pct > 0 ? pct : 0);
}

/* num ("9025827", "-874622.5", "1.2e+35") into out with a comma between
 * the thousands of its whole part when that part has five digits or more
 * ("9,025,827", "-874,622.5"); one with an exponent as it is. */
static void group_thousands(const char *num, char out[48])
{
	const char *p = num, *end;
	size_t n = 0, digits;

	if (*p == '-')
		out[n++] = *p++;
	for (end = p; *end >= '0' && *end <= '9'; end++)
		;
	digits = (size_t)(end - p);
	if (digits < 5 || strchr(num, 'e')) {
		snprintf(out, 48, "%s", num);
		return;
	}
	while (p < end && n < 46) {
		out[n++] = *p++;
		if (p < end && (size_t)(end - p) % 3 == 0)
			out[n++] = ',';
	}
	snprintf(out + n, 48 - n, "%s", end);
}

void analysis_value_text(double v, const char *unit, char out[48])
{
	char num[32];
	double a = fabs(v);

	/* a figure in a sentence reads as on the chart: units.h's one
	 * precision rule, its unit scaled for it */
	if (unit) {
		units_value(v, unit, out);
		return;
	}
	num_format(v, num);
	if (a >= 1e15 || (a > 0 && a < 1e-3))
		snprintf(num, sizeof(num), "%.4g", v);	/* 1e+35, 1.2e-09 */
	else if (strlen(num) <= 7)
		;	/* short enough to show exactly: 715.56, 0.0123 */
	else if (v == floor(v))
		snprintf(num, sizeof(num), "%.0f", v);
	else if (a >= 1000)
		snprintf(num, sizeof(num), "%.0f", v);
	else if (a >= 100)
		snprintf(num, sizeof(num), "%.1f", v);
	else
		snprintf(num, sizeof(num), "%.4g", v);
	if (!unit) {	/* a table's figure: thousands separated from
			 * 10,000 up, as sentences and charts write them,
			 * every digit kept */
		group_thousands(num, out);
		return;
	}
	if (!*unit)
		snprintf(out, 48, "%s", num);
	else if (strcmp(unit, "1/s") == 0)
		snprintf(out, 48, "%s/s", num);
	else if (strcmp(unit, "%") == 0)
		snprintf(out, 48, "%s%%", num);
	else
		snprintf(out, 48, "%s %s", num, unit);
}

/* The significant digits of a table's figure text ("308,218" 6, "0.0123"
 * 3, "1733.93" 6, "1000" 4); 0 for one with an exponent. */
static int significant(const char *t)
{
	int n = 0, lead = 1;

	if (strpbrk(t, "eE"))
		return 0;
	for (; *t; t++) {
		if (*t < '0' || *t > '9')
			continue;
		if (lead && *t == '0')
			continue;
		lead = 0;
		n++;
	}
	return n;
}

void analysis_exact_text(double v, char out[48])
{
	char num[32];

	num_format(v, num);
	group_thousands(num, out);
}

void analysis_table_text(double v, const struct units_view *u, char out[48])
{
	char num[48];
	double x;
	int d, dec;

	analysis_value_text(v, NULL, out);
	if (!u || u->factor == 1 || v == 0 || !isfinite(v))
		return;
	/* the stored figure's digits, no more, no fewer, in the chart's
	 * unit: 308,218 KiB/s is 300.994 MiB/s, 0.25 s is 250 ms */
	d = significant(out);
	x = v / u->factor;
	if (d == 0 || !isfinite(x) || x == 0)
		return;
	dec = d - 1 - (int)floor(log10(fabs(x)));
	if (dec < 0)
		dec = 0;
	if (dec > 15)
		return;
	snprintf(num, sizeof(num), "%.*f", dec, x);
	group_thousands(num, out);
}

const char *analysis_word(const struct column *col, int better)
{
	const char *u = col->unit;
	int speed = strcmp(u, "s") == 0 || strcmp(u, "ms") == 0 ||
		    strcmp(u, "us") == 0 || strstr(u, "/s") != NULL;

	if (speed)
		return better ? "faster" : "slower";
	return better ? "better" : "worse";
}

struct sentence {
	const struct analysis *a;
	int col;
	struct buf *out;
	int parts;
	int best_done;
	int toofast_done;
	int measured_said;
	int named_first;	/* the sentence starts with a group's name,
				 * which keeps its spelling */
};

/* Called where a part starts with a group's name: when it is the first
 * part, the sentence is not capitalised. */
static void named(struct sentence *x)
{
	if (x->parts == 1)
		x->named_first = 1;
}

static void part(struct sentence *x)
{
	buf_adds(x->out, x->parts++ ? "; " : "");
	/* after the too-fast groups, what follows is of the measured ones */
	if (x->toofast_done && !x->measured_said) {
		buf_adds(x->out, "of the measured, ");
		x->measured_said = 1;
	}
}

static void n_text(struct buf *b, int n)
{
	if (n > 1)
		buf_printf(b, ", n=%d", n);
}

/* "; 95% interval 1.4x-3.3x" inside a statement's parentheses, or "; too
 * few runs for an interval" where both sides were repeated and none can be
 * had. */
static void ci_text(struct buf *b, const struct statement *s, int repeated)
{
	char lo[16], hi[16];

	if (s->has_ci) {
		analysis_ratio_text(s->ratio_low, lo);
		analysis_ratio_text(s->ratio_high, hi);
		buf_printf(b, "; 95%% interval %s-%s", lo, hi);
	} else if (repeated) {
		buf_adds(b, "; too few runs for an interval");
	}
}

/* "; significantly slower than A; not than B" of an outlier's statement
 * whose test separates it from some of the others only. */
static void apart_said(struct buf *b, const struct statement *s,
		       const struct column *col)
{
	double r = worse_ratio(col, s->value, s->ref_value);

	if (s->support == S_PARTIAL && s->apart)
		buf_printf(b, "; significantly %s %s", analysis_word(col, r > 0 && r < 1),
			   s->apart);
}

/* "a, b and c" of the groups of column c that flag[] marks */
static void names(struct buf *b, const struct analysis *a, int c,
		  const unsigned char *flag)
{
	int g, k = 0, n = 0;

	for (g = 0; g < a->m->ngroups; g++)
		n += flag[at(a, c, g)] != 0;
	for (g = 0; g < a->m->ngroups; g++)
		if (flag[at(a, c, g)]) {
			buf_printf(b, "%s%s", k == 0 ? "" : k == n - 1 ? " and " :
				   ", ", a->m->groups[g]);
			k++;
		}
}

static void sign_text(struct buf *b, const struct statement *s,
		      const struct model *m, const char *v1, const char *v2)
{
	buf_printf(b, "%s: %s, %s: %s", m->groups[s->subject], v1,
		   m->groups[s->ref_group], v2);
	if (s->value == 0 || s->ref_value == 0)
		buf_adds(b, " (no ratio of a zero figure)");
	else if ((s->value < 0) != (s->ref_value < 0))
		buf_adds(b, " (no ratio between figures of opposite sign)");
	else
		buf_adds(b, " (no ratio of negative figures)");
}

static int say(void *ctx, const struct statement *s)
{
	struct sentence *x = ctx;
	const struct analysis *a = x->a;
	const struct model *m = a->m;
	const struct column *col = &m->cols[s->col];
	char r[16], v1[48], v2[48], sh[16];
	int rep = s->n >= 2 && s->ref_n >= 2;

	analysis_ratio_text(s->ratio, r);
	analysis_value_text(s->value, col->unit, v1);
	analysis_value_text(s->ref_value, col->unit, v2);
	switch (s->kind) {
	case K_TOOFAST:
		if (x->toofast_done)
			break;
		part(x);
		buf_printf(x->out, "too fast for %s to measure: ", m->suite);
		names(x->out, a, s->col, a->toofast);
		{
			/* a group too fast in only some runs: say how many */
			int g, k = 0;

			for (g = 0; g < m->ngroups; g++) {
				const struct cell *cl = &col->cells[g];

				if (!a->toofast[at(a, s->col, g)] || cl->n == 0)
					continue;
				buf_printf(x->out, "%s%s in %d of %d runs",
					   k++ ? ", " : " (", m->groups[g],
					   cl->ntoofast, cl->n + cl->nvoid);
			}
			if (k)
				buf_adds(x->out, ")");
		}
		x->toofast_done = 1;
		break;
	case K_SAME:
		part(x);
		share_text(s->ratio, sh);
		if ((s->ref_word && s->by_test != 1) ||
		    (!s->ref_word && s->by_test == -1))
			named(x);
		if (s->ref_word && s->by_test == -1)
			buf_printf(x->out, "%s is far from the other %d (%s vs %s "
				   "mean; %s)", m->groups[s->subject], s->ref_n,
				   v1, v2, s->value == 0 || s->ref_value == 0 ?
				   "no ratio of a zero figure" : (s->value < 0) !=
				   (s->ref_value < 0) ? "no ratio between figures "
				   "of opposite sign" : "no ratio of negative figures");
		else if (s->ref_word && s->by_test == 1)
			buf_printf(x->out, "no significant difference between %s "
				   "and the other %d at 95%% confidence (%s, n=%d, "
				   "vs %s mean)", m->groups[s->subject], s->ref_n,
				   v1, s->n, v2);
		else if (s->ref_word) {
			buf_printf(x->out, "%s is within %s of the other %d (%s "
				   "vs %s mean", m->groups[s->subject], sh,
				   s->ref_n, v1, v2);
			apart_said(x->out, s, col);
			buf_adds(x->out, ")");
		} else if (s->by_test == 1) {
			buf_printf(x->out, "no significant difference between %s "
				   "(%s mean, n=%d) and %s (%s mean, n=%d) at 95%% "
				   "confidence; %s was %s %s in these runs",
				   m->groups[s->subject], v1, s->n,
				   m->groups[s->ref_group], v2, s->ref_n,
				   m->groups[s->ref_group], r, analysis_word(col, 0));
			ci_text(x->out, s, 1);
		} else if (s->by_test == -1)
			sign_text(x->out, s, m, v1, v2);
		else
			buf_printf(x->out, "no difference between %s and %s: "
				   "within 0.1%% (%s%s, and %s%s)",
				   m->groups[s->subject], m->groups[s->ref_group],
				   v1, s->n > 1 ? " mean" : "", v2,
				   s->ref_n > 1 ? " mean" : "");
		break;
	case K_FASTER:
	case K_SLOWER:
		part(x);
		named(x);
		if (s->ref_word) {
			buf_printf(x->out, "%s is %s %s than the other %d (%s vs "
				   "%s mean", m->groups[s->subject], r,
				   analysis_word(col, s->kind == K_FASTER), s->ref_n, v1, v2);
			ci_text(x->out, s, 0);
			apart_said(x->out, s, col);
			buf_adds(x->out, ")");
		} else {
			/* n is always said: one run each is not the same
			 * claim as the mean of ten */
			buf_printf(x->out, "%s is %s %s than %s (%s",
				   m->groups[s->subject], r,
				   analysis_word(col, s->kind == K_FASTER),
				   m->groups[s->ref_group], v1);
			if (s->n == s->ref_n)
				buf_printf(x->out, " vs %s, n=%d each", v2, s->n);
			else
				buf_printf(x->out, ", n=%d vs %s, n=%d", s->n, v2,
					   s->ref_n);
			ci_text(x->out, s, rep);
			buf_adds(x->out, ")");
		}
		break;
	case K_BEST: {
		int g, k = 0, untold = 0, nmixed = 0, top = a->top[s->col];
		double tv = mean(a, s->col, top);

		if (x->best_done)
			break;
		x->best_done = 1;
		for (g = 0; g < m->ngroups; g++)
			if (a->best[at(a, s->col, g)]) {
				untold += !is_tie(mean(a, s->col, g), tv, TIE_SHARE);
				/* ties of unlike n: each says its own */
				nmixed += analysis_stats(a, s->col, g)->n !=
					  analysis_stats(a, s->col, top)->n;
			}
		part(x);
		buf_adds(x->out, "best: ");
		names(x->out, a, s->col, a->best);
		if (untold || nmixed) {
			/* told apart by nothing: every one of them is best */
			if (untold)
				buf_adds(x->out, ", no significant difference");
			for (g = 0; g < m->ngroups; g++)
				if (a->best[at(a, s->col, g)]) {
					const struct stats *st =
						analysis_stats(a, s->col, g);

					analysis_value_text(st->mean, col->unit, v2);
					buf_printf(x->out, "%s%s %s", k++ ? ", " :
						   " (", m->groups[g], v2);
					n_text(x->out, st->n);
				}
			buf_adds(x->out, ")");
		} else {
			analysis_value_text(tv, col->unit, v1);
			buf_printf(x->out, " (%s", v1);
			n_text(x->out, analysis_stats(a, s->col, top)->n);
			buf_adds(x->out, ")");
		}
		/* near-ties to the first of the set: mentioned, never
		 * called best */
		for (g = 0, k = 0; g < m->ngroups; g++) {
			const struct stats *st = analysis_stats(a, s->col, g);

			if (!has(a, s->col, g) || a->best[at(a, s->col, g)] ||
			    !is_tie(st->mean, tv, NEAR_TIE_SHARE))
				continue;
			buf_printf(x->out, "%s%s", k++ ? ", " : ", with ",
				   m->groups[g]);
		}
		if (k)
			buf_adds(x->out, " within 0.5%");
		break;
	}
	case K_FIXED:
		part(x);
		if (s->n == s->ref_n)
			named(x);
		if (s->n == s->ref_n)
			buf_printf(x->out, "%s %s at %s limit (%s), so it is not "
				   "compared", m->groups[s->subject], s->n == 1 ?
				   "stopped" : "all stopped", s->n == 1 ? "its" :
				   "their", v1);
		else
			buf_printf(x->out, "%d of the %d runs of %s stopped at "
				   "%s limit and %s left out", s->n, s->ref_n,
				   m->groups[s->subject], s->n == 1 ? "its" : "their",
				   s->n == 1 ? "is" : "are");
		break;
	case K_SPREAD: {
		const char *who = a->noutliers ? "the others" : "they";

		part(x);
		if (s->by_test == -1)
			buf_printf(x->out, "%s range from %s (%s) to %s (%s), %s",
				   who, v2, m->groups[s->ref_group], v1,
				   m->groups[s->subject], s->value == 0 ||
				   s->ref_value == 0 ? "no ratio of a zero figure" :
				   s->value > 0 && s->ref_value < 0 ?
				   "no ratio across zero" :
				   "no ratio of negative figures");
		else if (s->by_test == 1)
			buf_printf(x->out, "%s do not differ significantly (%s "
				   "to %s)", who, v2, v1);
		else if (s->ratio == 1)
			buf_printf(x->out, "%s %d are equal (%s)", a->noutliers ?
				   "the other" : "all", s->n, v1);
		else if (s->ratio < SPREAD_AS_SHARE && !s->has_ci) {
			share_text(s->ratio, sh);
			buf_printf(x->out, "%s are within %s of each other",
				   a->noutliers ? "the others" : "all", sh);
		} else {	/* "within 98.5%" reads as "close": say how far */
			buf_printf(x->out, "%s range from %s (%s) to %s (%s), %s "
				   "apart", who, v2, m->groups[s->ref_group], v1,
				   m->groups[s->subject], r);
			if (s->has_ci) {
				char lo[16], hi[16];

				analysis_ratio_text(s->ratio_low, lo);
				analysis_ratio_text(s->ratio_high, hi);
				buf_printf(x->out, " (95%% interval %s-%s)", lo, hi);
			}
		}
		if (s->support == S_NOTSIG && s->by_test != 1) {
			buf_adds(x->out, ", though the ends do not differ "
				 "significantly at 95% confidence");
			if (s->apart && *s->apart)
				buf_printf(x->out, " (these do: %s)", s->apart);
		}
		break;
	}
	default:
		break;
	}
	return 0;
}

/* The sentence of column c, as it comes: analysis_sentence capitalises
 * it. */
static int sentence(const struct analysis *a, int col, struct buf *out,
		    int *name_first)
{
	struct sentence x;
	const char *note = analysis_column_note(a, col);
	int i;

	memset(&x, 0, sizeof(x));
	x.a = a;
	x.col = col;
	x.out = out;
	if (a->state[col] == COL_ONE) {
		int g;

		if (a->m->ngroups == 1 && a->col_first[col] == a->col_first[col + 1])
			return 0;	/* the notes say it once */
		for (g = 0; g < a->m->ngroups; g++)
			if (has(a, col, g))
				buf_printf(out, "only %s: nothing to compare",
					   a->m->groups[g]);
		x.parts = 1;
		for (i = a->col_first[col]; i < a->col_first[col + 1]; i++)
			say(&x, &a->stmt[i]);	/* the runs a limit fixed */
		buf_adds(out, ".");
		return 0;
	}
	if (note && a->state[col] != COL_NONE) {
		buf_adds(out, note);
		buf_adds(out, ".");
		return 0;
	}
	for (i = a->col_first[col]; i < a->col_first[col + 1]; i++)
		say(&x, &a->stmt[i]);
	if (!x.parts && note)
		buf_adds(out, note);
	else if (x.toofast_done && x.parts == 1) {
		/* the measured, in one line, when nothing compares them */
		int g, k = 0;

		for (g = 0; g < a->m->ngroups; g++) {
			char v[48];

			if (!has(a, col, g))
				continue;
			analysis_value_text(mean(a, col, g), a->m->cols[col].unit, v);
			buf_printf(out, "%s%s %s", k++ ? ", " :
				   "; of the measured, ", a->m->groups[g], v);
		}
	}
	if (out->len)
		buf_adds(out, ".");
	*name_first = x.named_first;
	return 0;
}

int analysis_sentence(const struct analysis *a, int col, struct buf *out)
{
	size_t start = out->len;
	int name_first = 0, rc = sentence(a, col, out, &name_first);

	/* a sentence starts with a capital, but a group's name is written
	 * as it is ("ext4 is 1.4x faster") */
	if (rc == 0 && !name_first && out->data && out->len > start)
		titles_capital(out->data + start);
	return rc;
}

enum stmt_support analysis_pair(const struct analysis *a, int c, int g,
				int h)
{
	struct gen x;
	enum stmt_support r = S_NONE;

	if (g == h || !has(a, c, g) || !has(a, c, h) || a->state[c] != COL_OK)
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
	return a->best[at(a, c, g)] && a->state[c] == COL_OK;
}

/* Group g's vs-best statement in column c, or NULL. */
static const struct statement *vs_best(const struct analysis *a, int c, int g)
{
	int lo = a->vs_first[c], hi = a->col_first[c + 1];

	if (lo < 0)
		return NULL;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (a->stmt[mid].subject < g)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < a->col_first[c + 1] && a->stmt[lo].subject == g ?
	       &a->stmt[lo] : NULL;
}

int analysis_ratio_to_best(const struct analysis *a, int c, int g,
			   char out[16])
{
	const struct statement *s = vs_best(a, c, g);

	if (!s)
		return 0;
	analysis_ratio_text(s->ratio, out);
	return 1;
}

int analysis_ratio_to_best_ci(const struct analysis *a, int c, int g,
			      char out[40])
{
	const struct statement *s = vs_best(a, c, g);
	char lo[16], hi[16];

	if (!s || !s->has_ci)
		return 0;
	analysis_ratio_text(s->ratio_low, lo);
	analysis_ratio_text(s->ratio_high, hi);
	snprintf(out, 40, "%s-%s", lo, hi);
	return 1;
}

/* Charts in which a group best in `most` measurements is starred (the
 * first such group). */
static int best_charts(const struct analysis *a, int most)
{
	int c, g, k = 0;

	for (g = 0; g < a->m->ngroups && a->nbest[g] != most; g++)
		;
	for (c = 0; g < a->m->ngroups && c < a->m->ncols; c++)
		k += analysis_is_best(a, c, g);
	return k;
}

/* The group first in the overall ranking (the least geometric mean of
 * ratios to the best), or -1 when there is no ranking or a tie. */
static int ranked_first(const struct analysis *a)
{
	int g, first = -1, tie = 0;

	if (!a->ranking)
		return -1;
	for (g = 0; g < a->m->ngroups; g++) {
		if (a->geomean[g] <= 0)
			continue;
		if (first < 0 || a->geomean[g] < a->geomean[first]) {
			first = g;
			tie = 0;
		} else if (a->geomean[g] == a->geomean[first]) {
			tie = 1;
		}
	}
	return tie ? -1 : first;
}

void analysis_headline(const struct analysis *a, struct buf *b)
{
	const struct model *m = a->m;
	int g, most = 0, k = 0, n = 0, dirs, first;

	for (g = 0; g < m->ngroups; g++)
		if (a->nbest[g] > most)
			most = a->nbest[g];
	for (g = 0; g < m->ngroups; g++)
		n += most > 0 && a->nbest[g] == most;
	if (m->ngroups > 1 && most > 0) {
		for (g = 0; g < m->ngroups; g++)
			if (a->nbest[g] == most) {
				buf_printf(b, "%s%s", k == 0 ? "" : k == n - 1 ?
					   " and " : ", ", m->groups[g]);
				k++;
			}
		if (a->nmeasures == a->ncompared)
			buf_printf(b, ": best in %d of %d chart%s%s", most,
				   a->ncompared, a->ncompared == 1 ? "" : "s",
				   n > 1 ? " each" : "");
		else {	/* as the table stars them, and why the counts
			 * differ */
			buf_printf(b, ": best in %d of %d measurement%s%s (", most,
				   a->nmeasures, a->nmeasures == 1 ? "" : "s",
				   n > 1 ? " each" : "");
			if (n == 1)
				buf_printf(b, "%d of ", best_charts(a, most));
			buf_printf(b, "%d charts; charts of the same counts count "
				   "once)", a->ncompared);
		}
		/* the results table's "all tests" ranks by geometric mean:
		 * where its first is not the headline's, say so */
		first = ranked_first(a);
		if (first >= 0 && a->nbest[first] != most)
			buf_printf(b, "; %s ranks first over all tests (geometric "
				   "mean)", m->groups[first]);
	}
	if (a->noutliers) {
		buf_adds(b, b->len ? "; " : "");
		for (g = 0, k = 0; g < m->ngroups; g++)
			if (a->outlier[g]) {
				buf_printf(b, "%s%s", k == 0 ? "" :
					   k == a->noutliers - 1 ? " and " : ", ",
					   m->groups[g]);
				k++;
			}
		buf_adds(b, a->noutliers == 1 ? " stands out" : " stand out");
		/* which way: the outliers of one direction, else each */
		for (g = 0, dirs = 0; g < m->ngroups; g++)
			if (a->outlier[g] && a->outlier_dir[g])
				dirs |= a->outlier_dir[g] > 0 ? 1 : 2;
		if (dirs == 1 || dirs == 2) {
			buf_adds(b, dirs == 1 ? " as worse" : " as better");
		} else if (dirs == 3) {
			for (g = 0, k = 0; g < m->ngroups; g++)
				if (a->outlier[g] && a->outlier_dir[g])
					buf_printf(b, "%s%s %s", k++ ? ", " : " (",
						   m->groups[g], a->outlier_dir[g] > 0 ?
						   "worse" : "better");
			buf_adds(b, ")");
		}
	}
}

void analysis_notes(const struct analysis *a, struct buf *b)
{
	const struct model *m = a->m;
	int i, g;

	if (m->is_default && strcmp(m->by, "label") != 0) {
		/* by is "label,k1,k2" or "k1,k2": the keys, without the label */
		const char *keys = strncmp(m->by, "label,", 6) == 0 ? m->by + 6
								      : m->by;

		buf_adds(b, "Grouped by ");
		for (i = 0; m->by[i]; i++)
			if (m->by[i] == ',')
				buf_adds(b, " and ");
			else
				buf_addc(b, m->by[i]);
		buf_adds(b, ", not by label alone: runs that share a label "
			 "differ in ");
		for (i = 0; keys[i]; i++)
			if (keys[i] == ',')
				buf_adds(b, " and ");
			else
				buf_addc(b, keys[i]);
		buf_adds(b, ", and a group must not mix them.\n");
	}
	if (m->is_default && m->sweep)
		buf_printf(b, "Runs that share a label differ in %s alone, a "
			   "numeric setting: it is the axis of a sweep, not a "
			   "group.\n", m->split);
	if (m->left_out > 0)
		buf_printf(b, "%ld run%s left out: %s %s.\n",
			   m->left_out, m->left_out == 1 ? " is" : "s are",
			   m->left_out == 1 ? "it has" : "they have",
			   m->lacking ? m->lacking : "not every grouping attribute");
	if (m->kept_lacking > 0)
		buf_printf(b, "%ld run%s %s: %s grouped by what it has.\n",
			   m->kept_lacking, m->kept_lacking == 1 ? " has" : "s have",
			   m->lacking ? m->lacking : "not every grouping attribute",
			   m->kept_lacking == 1 ? "it is" : "each is");
	for (g = 0; g < m->ngroups; g++) {
		int k = 0;

		for (i = 0; i < m->nmixed; i++) {
			if (m->mixed[i].group != g)
				continue;
			if (k++ == 0)
				buf_printf(b, "Mixed: the runs of %s differ in ",
					   m->groups[g]);
			else
				buf_adds(b, "; ");
			buf_printf(b, "%s (%s)", m->mixed[i].key,
				   m->mixed[i].values);
		}
		if (k)
			buf_adds(b, ", so its figures average unlike runs.\n");
	}
	if (m->ngroups == 1)
		buf_printf(b, "Only one group (%s): nothing to compare; the "
			   "tables give its figures.\n", m->groups[0]);
	if (m->ngroups >= 2 && !a->repeats)
		buf_adds(b, "Every figure is a single run: single runs carry no "
			 "measure of noise, so a ratio says how these runs "
			 "differed, not whether the difference would hold.\n");
	else if (m->ngroups >= 2)
		buf_printf(b, "Where both sides have two runs or more, a "
			   "difference is stated only where Welch's t-test finds "
			   "it at 95%% confidence, corrected (Holm) for the "
			   "comparisons each chart makes, and a ratio carries "
			   "its 95%% interval.\n");
	if (m->ngroups >= 2 && a->nmeasures < a->ncompared)
		buf_printf(b, "Charts whose figures are proportional run by run "
			   "come from the same counts (reads/s and read MiB/s): "
			   "the %d charts compared are %d measurements, and each "
			   "counts once in the headline and the overall "
			   "ranking.\n", a->ncompared, a->nmeasures);
	if (m->ngroups >= 2 && a->nmeasures > 0) {
		const char *what = a->nmeasures == a->ncompared ? "charts" :
				   "measurements";

		if (!a->ranking)
			buf_printf(b, "No overall ranking: the groups have "
				   "measured figures in common in only %d of the %d "
				   "%s compared (a ranking needs at least "
				   "half).\n", a->nranked, a->nmeasures, what);
		else if (a->nranked < a->nmeasures)
			buf_printf(b, "The overall ranking (\"all tests\") uses "
				   "the %d of %d %s in which every group has a "
				   "measured figure above zero.\n", a->nranked,
				   a->nmeasures, what);
	}
}
