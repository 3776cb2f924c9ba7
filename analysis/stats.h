/*
 * stats.h: the statistics the statements rest on, as pure functions.
 *
 * Sample standard deviation (n - 1), Student's t quantiles for confidence
 * intervals, and Welch's t-test for "is this difference real".  The t
 * distribution comes from the regularized incomplete beta function, so any
 * degrees of freedom work, fractional ones (Welch) included; the unit tests
 * check it against published t tables, and a shell test against ministat.
 */
#ifndef BENCHSITE_STATS_H
#define BENCHSITE_STATS_H

#include <stddef.h>

struct stats {
	int n;
	double mean, median, stddev, min, max;
	double ci_low, ci_high;	/* 95% confidence interval of the mean;
				 * equal to the mean when n < 2 */
	int ci_ok;		/* 1 when that interval can be stated: n >= 2,
				 * and for figures that cannot be negative
				 * (min >= 0) an interval that does not reach
				 * below 0 (with two or three runs Student's
				 * t makes it wider than the figure itself;
				 * "too few runs for an interval" is the truth
				 * then, not an interval cut at 0) */
};

/* Fills s from v[0..n) (n >= 1); v is sorted in place. */
void stats_compute(double *v, int n, struct stats *s);

/* The median of v[0..n), n >= 1; v is sorted in place. */
double stats_median(double *v, int n);
/* The same median of v[0..n), n >= 1, without sorting: v is reordered
 * (the lower half before the upper), in time proportional to n where a
 * sort takes n log n; for long series, the median alone wanted. */
double stats_median_select(double *v, long n);

/* P(|T| >= t) for Student's t with df degrees of freedom (df > 0). */
double stats_t_two_sided_p(double t, double df);

/* The t with P(|T| >= t) = alpha, e.g. alpha 0.05 -> 2.776 at df 4. */
double stats_t_quantile(double alpha, double df);

/* Welch's t-test of two groups (n >= 2 each): the two-sided p-value.  Two
 * groups without variance give 1 when their means are equal, else 0. */
double stats_welch_p(const struct stats *a, const struct stats *b);

/* The Welch-Satterthwaite degrees of freedom of a difference of two means
 * (n >= 2 each, some variance). */
double stats_welch_df(const struct stats *a, const struct stats *b);

/* A term of an estimate built from group means: the variance of the
 * group's mean (s^2 / n) scaled by the term's weight squared, and the
 * group's degrees of freedom (n - 1). */
struct stats_term {
	double var;
	double df;
};

/* The Welch-Satterthwaite degrees of freedom of a sum of terms; 0 when
 * the sum has no variance. */
double stats_terms_df(const struct stats_term *t, int n);

/* Fieller's 95% interval of the ratio x / y of two independent estimates
 * with variances vx and vy and df degrees of freedom: 0 with [*lo, *hi],
 * or -1 when the interval is unbounded (y cannot be told from 0) or holds
 * 0 (x cannot): too few runs for an interval.  With no variance the
 * interval is the point. */
int stats_ratio_ci(double x, double vx, double y, double vy, double df,
		   double *lo, double *hi);

/* Holm's step-down adjustment of p[0..n) into adj[0..n) (family-wise
 * error rate; adj[i] >= p[i], at most 1). */
void stats_holm(const double *p, int n, double *adj);

#endif
