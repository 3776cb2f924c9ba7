/*
 * stats.c: see stats.h.  The incomplete beta function is evaluated with its
 * continued fraction (modified Lentz), using the symmetry
 * I_x(a,b) = 1 - I_{1-x}(b,a) where the fraction converges slowly.
 */
#include "stats.h"

#include <math.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double stats_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void stats_compute(double *v, int n, struct stats *s)
{
	double sum = 0, ss = 0;
	int i;

	s->n = n;
	s->median = stats_median(v, n);
	s->min = v[0];
	s->max = v[n - 1];
	for (i = 0; i < n; i++)
		sum += v[i];
	s->mean = sum / n;
	/* two passes: the textbook one-pass formula loses digits */
	for (i = 0; i < n; i++)
		ss += (v[i] - s->mean) * (v[i] - s->mean);
	s->stddev = n > 1 ? sqrt(ss / (n - 1)) : 0;
	s->ci_low = s->ci_high = s->mean;
	if (n > 1) {
		double h = stats_t_quantile(0.05, n - 1) * s->stddev / sqrt(n);

		s->ci_low = s->mean - h;
		s->ci_high = s->mean + h;
	}
}

/* The continued fraction of the incomplete beta function. */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, aa, del;

		aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double stats_t_two_sided_p(double t, double df)
{
	if (isinf(t))
		return 0;
	return beta_inc(df / 2, 0.5, df / (df + t * t));
}

double stats_t_quantile(double alpha, double df)
{
	double lo = 0, hi = 1;
	int i;

	while (stats_t_two_sided_p(hi, df) > alpha && hi < 1e12)
		hi *= 2;
	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (stats_t_two_sided_p(mid, df) > alpha)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double stats_welch_p(const struct stats *a, const struct stats *b)
{
	double va = a->stddev * a->stddev / a->n;
	double vb = b->stddev * b->stddev / b->n;
	double se = sqrt(va + vb), t, df;

	if (se == 0)
		return a->mean == b->mean ? 1 : 0;
	t = (a->mean - b->mean) / se;
	df = (va + vb) * (va + vb) /
	     (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	return stats_t_two_sided_p(t, df);
}
