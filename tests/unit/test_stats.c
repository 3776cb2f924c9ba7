/*
 * test_stats.c: Student's t against the published two-sided 95% table,
 * Welch's test against worked examples, and the analysis rules on tables
 * whose answer is known (two equal groups, one group, a zero figure).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../analysis/analysis.h"
#include "../../analysis/stats.h"
#include "tap.h"

static void test_t(void)
{
	static const struct { double df, t; } table[] = {
		{1, 12.706}, {2, 4.303}, {4, 2.776}, {10, 2.228}, {30, 2.042},
		{120, 1.980},
	};
	size_t i;

	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		char what[64];

		snprintf(what, sizeof(what), "t(0.975, %g) = %.3f", table[i].df,
			 table[i].t);
		CHECK(fabs(stats_t_quantile(0.05, table[i].df) - table[i].t) < 0.0006,
		      what);
	}
	/* whole degrees of freedom at 0.05 are searched once and kept: the
	 * second answer is the first, and a fractional df is searched */
	CHECK(stats_t_quantile(0.05, 7) == stats_t_quantile(0.05, 7) &&
	      fabs(stats_t_quantile(0.05, 7) - 2.365) < 0.0006,
	      "t(0.975, 7) = 2.365, the same when asked again");
	CHECK(fabs(stats_t_quantile(0.05, 7.5) - 2.334) < 0.001,
	      "t(0.975, 7.5) = 2.334 (not a kept one)");
	CHECK(fabs(stats_t_two_sided_p(2.228, 10) - 0.05) < 0.0002,
	      "p of t 2.228 at df 10 is 0.05");
	CHECK(fabs(stats_t_two_sided_p(0, 7) - 1) < 1e-12, "p of t 0 is 1");
}

static void test_compute(void)
{
	double v[] = {5, 1, 4, 2, 3};
	struct stats s;

	stats_compute(v, 5, &s);
	CHECK(s.mean == 3 && s.median == 3 && s.min == 1 && s.max == 5,
	      "mean, median, min, max of 1..5");
	CHECK(fabs(s.stddev - 1.5811388300841898) < 1e-12, "stddev of 1..5");
	CHECK(fabs(s.ci_high - 3 - 2.776445105 * 1.5811388300841898 / sqrt(5)) < 1e-6,
	      "95% confidence interval of 1..5");
}

/* The median by selection is the sorted median, on 2,000 arrays of every
 * length 1-40 and some long ones, with many ties (values from a handful)
 * and without, sorted, reversed and shuffled; the selection's lower half
 * holds no value above the median's upper middle. */
static void test_median_select(void)
{
	static double a[4096], b[4096];
	unsigned x = 12345;
	int round, bad = 0, split = 0;

	for (round = 0; round < 2000; round++) {
		long n = round < 1600 ? 1 + round % 40 : 1 + (long)(x % 4096);
		int ties = round % 3 == 0, order = round % 4;
		long i;

		for (i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			a[i] = ties ? (double)(x >> 16 & 7)
				    : (double)(x >> 8) / 7.0 - 1e5;
		}
		if (order == 1 || order == 2) {	/* sorted, or reversed */
			stats_median(a, (int)n);
			if (order == 2)
				for (i = 0; i < n / 2; i++) {
					double t = a[i];

					a[i] = a[n - 1 - i];
					a[n - 1 - i] = t;
				}
		}
		memcpy(b, a, (size_t)n * sizeof(*a));
		if (stats_median_select(a, n) != stats_median(b, (int)n))
			bad++;
		for (i = 0; i < n / 2; i++)
			split += a[i] > b[n / 2];
	}
	CHECK(bad == 0, "median by selection: the sorted median, 2,000 arrays");
	CHECK(split == 0, "median by selection: the lower half before the "
	      "upper");
}

static void test_welch(void)
{
	double a[] = {19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0};
	double b[] = {28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7,
		      23.2, 17.5, 20.6, 18.0, 23.9, 21.6, 24.3, 20.4, 23.9, 13.3};
	struct stats x, y;

	stats_compute(a, 10, &x);
	stats_compute(b, 20, &y);
	/* t = -2.2255, df = 24.52; p = 0.035485 by numerically integrating
	 * the t density (a separate computation, in Python) */
	CHECK(fabs(stats_welch_p(&x, &y) - 0.035485) < 0.00001,
	      "Welch p of an unequal-size, unequal-variance example is 0.0355");
	stats_compute(a, 10, &y);
	CHECK(stats_welch_p(&x, &y) == 1, "Welch p of a group with itself is 1");
}

/* A model built in memory: groups x one column. */
static void model_of(struct model *m, const char *better, int ngroups,
		     const char *const *names, const double *const *vals,
		     const int *n)
{
	int g;

	memset(m, 0, sizeof(*m));
	m->name = "t";
	m->suite = "t";
	m->by = "label";
	m->where = "";
	m->ngroups = ngroups;
	m->groups = (char **)names;
	m->ncols = 1;
	m->cols = calloc(1, sizeof(struct column));
	m->cols[0].test = "test";
	m->cols[0].metric = "time";
	m->cols[0].unit = "s";
	m->cols[0].better = (char *)better;
	m->cols[0].cells = calloc((size_t)ngroups, sizeof(struct cell));
	for (g = 0; g < ngroups; g++) {
		m->cols[0].cells[g].v = (double *)vals[g];
		m->cols[0].cells[g].n = n[g];
	}
}

struct kinds {
	struct buf b;
	const struct model *m;
};

static int collect(void *ctx, const struct statement *s)
{
	struct kinds *k = ctx;

	return buf_printf(&k->b, "%s %s %.2f\n", stmt_kind_name(s->kind),
			  k->m->groups[s->subject], s->ratio);
}

static const char *statements_of(struct model *m, struct kinds *k)
{
	struct analysis a;
	struct err e;

	buf_reset(&k->b);
	k->m = m;
	err_clear(&e);
	if (analysis_run(m, &a, &e))
		return NULL;
	analysis_each_statement(&a, collect, k);
	analysis_release(&a);
	return k->b.data ? k->b.data : "";
}

static void free_model(struct model *m)
{
	free(m->cols[0].cells);
	free(m->cols);
}

static void test_rules(void)
{
	static const char *const names[] = {"a", "b", "c"};
	static const double same[] = {10, 10, 10}, faster[] = {8.8, 8.9, 8.7},
			    zero[] = {0}, one[] = {10};
	const double *vals[3];
	int n[3] = {3, 3, 1};
	struct kinds k;
	struct model m;
	const char *r;

	buf_init(&k.b, 1 << 16);
	vals[0] = same;
	vals[1] = same;
	model_of(&m, "lower", 2, names, vals, n);
	r = statements_of(&m, &k);
	CHECK(r && strcmp(r, "") == 0,
	      "two groups of identical values: no statement (equal for every "
	      "group: nothing to rank), never '1.00x faster'");
	free_model(&m);
	vals[1] = faster;
	model_of(&m, "lower", 2, names, vals, n);
	r = statements_of(&m, &k);
	CHECK(r && strstr(r, "faster b 1.14"), "two groups: b is 1.14x faster than a (10 / 8.8)");
	free_model(&m);
	vals[0] = one;
	n[0] = 1;
	model_of(&m, "lower", 1, names, vals, n);
	r = statements_of(&m, &k);
	CHECK(r && strcmp(r, "") == 0, "one group: no statement, no ratio");
	free_model(&m);
	vals[0] = zero;
	vals[1] = one;
	n[1] = 1;
	model_of(&m, "lower", 2, names, vals, n);
	r = statements_of(&m, &k);
	CHECK(r && !strstr(r, "inf") && !strstr(r, "nan") && !strstr(r, "faster") &&
	      !strstr(r, "vs-best"), "a zero figure: no ratio, no division by zero");
	free_model(&m);
	buf_release(&k.b);
}

void test_stats(void)
{
	test_t();
	test_compute();
	test_median_select();
	test_welch();
	test_rules();
}
