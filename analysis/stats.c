/*
 * stats.c: see stats.h.  The incomplete beta function is evaluated with its
 * continued fraction (modified Lentz), using the symmetry
 * I_x(a,b) = 1 - I_{1-x}(b,a) where the fraction converges slowly.
 */
#include "stats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/sort.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double stats_median(double *v, int n)
{
	sort_items(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* v[k] as it would be sorted: after it, v[0..k) <= v[k] <= v(k..n).
 * Hoare's selection, partitioning around the median of three. */
static double select_kth(double *v, long n, long k)
{
	long lo = 0, hi = n - 1;

	while (lo < hi) {
		double a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi], pivot;
		long i = lo, j = hi;

		pivot = a < b ? (b < c ? b : a < c ? c : a)
			      : (a < c ? a : b < c ? c : b);
		do {
			while (v[i] < pivot)
				i++;
			while (pivot < v[j])
				j--;
			if (i <= j) {
				double t = v[i];

				v[i++] = v[j];
				v[j--] = t;
			}
		} while (i <= j);
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;
	}
	return v[k];
}

double stats_median_select(double *v, long n)
{
	double hi = select_kth(v, n, n / 2), lo;
	long i;

	if (n % 2)
		return hi;
	/* the other middle one: the largest of the lower half */
	lo = v[0];
	for (i = 1; i < n / 2; i++)
		lo = v[i] > lo ? v[i] : lo;
	return (lo + hi) / 2;
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
	s->ci_ok = 0;
	if (n > 1) {
		double h = stats_t_quantile(0.05, n - 1) * s->stddev / sqrt(n);

		s->ci_low = s->mean - h;
		s->ci_high = s->mean + h;
		s->ci_ok = !(s->min >= 0 && s->ci_low < 0);
	}
}

/* What stands in for a zero denominator in the continued fraction: small
 * enough to change no result, large enough that its reciprocal is finite. */
#define CF_TINY 1e-300

/* One term of the continued fraction by the modified Lentz method: updates
 * its two running ratios c and d with coefficient aa and returns the
 * factor the fraction's value is multiplied by. */
static double lentz_step(double aa, double *c, double *d)
{
	*d = 1 + aa * *d;
	if (fabs(*d) < CF_TINY)
		*d = CF_TINY;
	*c = 1 + aa / *c;
	if (fabs(*c) < CF_TINY)
		*c = CF_TINY;
	*d = 1 / *d;
	return *d * *c;
}

/* The continued fraction of the incomplete beta function. */
static double beta_cf(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, aa, del;

		aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
		h *= lentz_step(aa, &c, &d);
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
		del = lentz_step(aa, &c, &d);
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

/* The quantile by bisection on the p-value: ~60 incomplete beta
 * functions, each a continued fraction. */
static double t_quantile_search(double alpha, double df)
{
	double lo = 0, hi = 1;
	int i;

	while (stats_t_two_sided_p(hi, df) > alpha && hi < 1e12)
		hi *= 2;
	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		/* lo and hi adjacent doubles: no step can move them again,
		 * and the ~55 steps that got here are all this costs */
		if (mid == lo || mid == hi)
			break;
		if (stats_t_two_sided_p(mid, df) > alpha)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* The 95% interval of every group of n runs asks for the quantile at
 * 0.05 and n - 1 degrees of freedom, the same few values again and again
 * (a render of 240 tests of 12 groups asked 2,880 times for one): each is
 * searched once and kept.  A slot holds the double's bits, 0 while
 * empty (a quantile is positive, never +0); threads that fill one slot at
 * once store the same bits, and the atomics keep that defined. */
#define T_CACHE_DF 256

double stats_t_quantile(double alpha, double df)
{
	static uint64_t cache[T_CACHE_DF + 1];
	uint64_t bits;
	double q;
	size_t k;

	if (alpha != 0.05 || !(df >= 1 && df <= T_CACHE_DF) || df != floor(df))
		return t_quantile_search(alpha, df);
	k = (size_t)df;
	bits = __atomic_load_n(&cache[k], __ATOMIC_RELAXED);
	if (bits) {
		memcpy(&q, &bits, sizeof(q));
		return q;
	}
	q = t_quantile_search(alpha, df);
	memcpy(&bits, &q, sizeof(bits));
	__atomic_store_n(&cache[k], bits, __ATOMIC_RELAXED);
	return q;
}

double stats_welch_df(const struct stats *a, const struct stats *b)
{
	struct stats_term t[2];

	t[0].var = a->stddev * a->stddev / a->n;
	t[0].df = a->n - 1;
	t[1].var = b->stddev * b->stddev / b->n;
	t[1].df = b->n - 1;
	return stats_terms_df(t, 2);
}

double stats_welch_p(const struct stats *a, const struct stats *b)
{
	double va = a->stddev * a->stddev / a->n;
	double vb = b->stddev * b->stddev / b->n;
	double se = sqrt(va + vb), t;

	if (se == 0)
		return a->mean == b->mean ? 1 : 0;
	t = (a->mean - b->mean) / se;
	return stats_t_two_sided_p(t, stats_welch_df(a, b));
}

double stats_terms_df(const struct stats_term *t, int n)
{
	double sum = 0, den = 0;
	int i;

	for (i = 0; i < n; i++) {
		sum += t[i].var;
		if (t[i].df > 0)
			den += t[i].var * t[i].var / t[i].df;
	}
	return den > 0 ? sum * sum / den : 0;
}

/* Fieller: the rho with (x - rho y)^2 <= q^2 (vx + rho^2 vy), q the t
 * quantile: a quadratic a rho^2 + b rho + c <= 0 whose set is a bounded
 * interval exactly when a > 0, i.e. when y is significantly far from 0.
 * When x is not (c <= 0) the interval holds 0 and ratios of the other
 * sign: "-4.8x-7.6x" of two figures that cannot be negative says nothing a
 * reader can use, so it is none, as an unbounded one is. */
int stats_ratio_ci(double x, double vx, double y, double vy, double df,
		   double *lo, double *hi)
{
	double q, a, b, c, disc, r1, r2;

	if (vx == 0 && vy == 0) {
		if (y == 0)
			return -1;
		*lo = *hi = x / y;
		return 0;
	}
	if (!(df > 0))
		return -1;
	q = stats_t_quantile(0.05, df);
	a = y * y - q * q * vy;
	b = -2 * x * y;
	c = x * x - q * q * vx;
	if (!(a > 0) || !(c > 0))
		return -1;
	disc = b * b - 4 * a * c;
	if (disc < 0)
		disc = 0;	/* rounding: a > 0 makes it >= 0 */
	r1 = (-b - sqrt(disc)) / (2 * a);
	r2 = (-b + sqrt(disc)) / (2 * a);
	*lo = r1 < r2 ? r1 : r2;
	*hi = r1 < r2 ? r2 : r1;
	return 0;
}

struct ranked_p {
	double p;
	int i;
};

static int cmp_ranked(const void *a, const void *b)
{
	const struct ranked_p *x = a, *y = b;

	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	return x->i - y->i;	/* stable */
}

void stats_holm(const double *p, int n, double *adj)
{
	struct ranked_p *r = malloc((size_t)(n > 0 ? n : 1) * sizeof(*r));
	double run = 0;
	int i;

	if (!r) {	/* Bonferroni: never less strict than Holm */
		for (i = 0; i < n; i++)
			adj[i] = p[i] * n < 1 ? p[i] * n : 1;
		return;
	}
	for (i = 0; i < n; i++) {
		r[i].p = p[i];
		r[i].i = i;
	}
	sort_items(r, (size_t)n, sizeof(*r), cmp_ranked);
	for (i = 0; i < n; i++) {
		double v = r[i].p * (n - i);

		if (v > 1)
			v = 1;
		if (v > run)
			run = v;
		adj[r[i].i] = run;
	}
	free(r);
}
