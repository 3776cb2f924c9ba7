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
};

/* Fills s from v[0..n) (n >= 1); v is sorted in place. */
void stats_compute(double *v, int n, struct stats *s);

/* The median of v[0..n), n >= 1; v is sorted in place. */
double stats_median(double *v, int n);

/* P(|T| >= t) for Student's t with df degrees of freedom (df > 0). */
double stats_t_two_sided_p(double t, double df);

/* The t with P(|T| >= t) = alpha, e.g. alpha 0.05 -> 2.776 at df 4. */
double stats_t_quantile(double alpha, double df);

/* Welch's t-test of two groups (n >= 2 each): the two-sided p-value.  Two
 * groups without variance give 1 when their means are equal, else 0. */
double stats_welch_p(const struct stats *a, const struct stats *b);

#endif
