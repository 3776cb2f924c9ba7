/*
 * text.c: see text.h.  strtod is only called on spans that were first
 * checked against a strict grammar, so its locale and its acceptance of
 * "inf", hex and leading spaces never matter.
 */
#include "text.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int utf8_check(const char *s, size_t n, size_t *bad)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < n) {
		unsigned c = p[i];
		size_t len, k;
		unsigned cp;

		if (c == 0)
			goto fail;
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			len = 2;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			len = 3;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			len = 4;
			cp = c & 0x07;
		} else {
			goto fail;
		}
		if (n - i < len)
			goto fail;
		for (k = 1; k < len; k++) {
			if ((p[i + k] & 0xc0) != 0x80)
				goto fail;
			cp = cp << 6 | (p[i + k] & 0x3f);
		}
		if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			goto fail;
		i += len;
	}
	return 0;
fail:
	if (bad)
		*bad = i;
	return -1;
}

size_t utf8_fit(const char *p, size_t n, size_t cap)
{
	if (n < cap)
		return n;
	n = cap - 1;
	while (n > 0 && ((unsigned char)p[n] & 0xc0) == 0x80)
		n--;	/* p[n] continues a character: cut before its start */
	return n;
}

/* The last texts num_format made on this thread, by the double's bits: a
 * render prints each figure on several pages and in the downloads (55,000
 * calls for 8,800 values on bench/'s 240-test store), and the bisection
 * below costs about ten printf and strtod calls. */
#define NUM_MEMO 512

struct num_memo {
	uint64_t bits;
	char text[32];	/* "" when the slot is empty */
};

static _Thread_local struct num_memo num_memo[NUM_MEMO];

static void num_format_search(double v, char out[32]);

/* u's decimal digits at out (20 at most, no terminator); their count. */
static size_t put_digits(unsigned long long u, char *out)
{
	char rev[20];
	size_t k = 0, n = 0;

	do {
		rev[k++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (k > 0)
		out[n++] = rev[--k];
	return n;
}

void num_format(double v, char out[32])
{
	struct num_memo *m;
	uint64_t bits;

	if (v == 0) {	/* also folds -0 to "0" */
		snprintf(out, 32, "0");
		return;
	}
	/* a whole number of up to 15 digits prints as its digits: the
	 * bisection keeps at least the integer digits, and they read back */
	if (fabs(v) < 1e15 && v == (double)(long long)v) {
		long long i = (long long)v;
		size_t n = 0;

		if (i < 0)
			out[n++] = '-';
		n += put_digits(i < 0 ? 0 - (unsigned long long)i :
					(unsigned long long)i, out + n);
		out[n] = 0;
		return;
	}
	memcpy(&bits, &v, sizeof(bits));
	m = &num_memo[(bits * 0x9e3779b97f4a7c15ull) >> 55];
	if (m->text[0] && m->bits == bits) {
		memcpy(out, m->text, 32);
		return;
	}
	num_format_search(v, out);
	m->bits = bits;
	memcpy(m->text, out, 32);
}

static void num_format_search(double v, char out[32])
{
	int lo, hi, mag;

	/* no precision reads back as NaN; infinity has no magnitude for
	 * the int below */
	if (!isfinite(v)) {
		snprintf(out, 32, "%.17g", v);
		return;
	}
	/* %g turns to an exponent once the digits before the point exceed
	 * the precision: 226000 at 3 digits is "2.26e+05".  Numbers below
	 * 1e17 get at least their integer digits, so they print plainly. */
	mag = (int)floor(log10(fabs(v))) + 1;
	/* The fewest digits that read back as v, by bisection: a precision
	 * that reads back makes every greater one read back too (the nearer
	 * decimal of more digits lies at least as close to v), and 17 always
	 * does.  A mean such as 533.333... needed 17 tries one by one, each
	 * an snprintf and a strtod; bisection takes five. */
	lo = 1;
	hi = 17;
	for (;;) {
		int prec = lo == hi ? lo : (lo + hi) / 2;
		int d = mag > prec && mag <= 17 ? mag : prec;

		snprintf(out, 32, "%.*g", d < 17 ? d : 17, v);
		if (lo == hi)
			return;
		if (strtod(out, NULL) == v)
			hi = prec;
		else
			lo = prec + 1;
	}
}

size_t num_fixed(double v, int decimals, char out[32])
{
	static const uint64_t p10[4] = {1, 10, 100, 1000};
	uint64_t bits, m, q, ip, frac, scale;
	int e, sh, d;
	size_t n = 0;

	memcpy(&bits, &v, sizeof(bits));
	e = (int)(bits >> 52 & 0x7ff);
	m = bits & (((uint64_t)1 << 52) - 1);
	/* v is m * 2^(e - 1075), m below 2^53.  Below 2^52 (a negative
	 * exponent) m * 10^3 still fits in 64 bits, and the bits shifted out
	 * decide the rounding exactly; the rest goes to printf */
	if (decimals < 0 || decimals > 3 || e >= 1075 || e == 0x7ff) {
		int k = snprintf(out, 32, "%.*f", decimals, v);

		return k < 0 ? 0 : k > 31 ? 31 : (size_t)k;
	}
	if (e > 0)
		m |= (uint64_t)1 << 52;
	else
		e = 1;	/* subnormal: m * 2^-1074 */
	sh = 1075 - e;
	scale = p10[decimals];
	if (sh >= 64) {	/* below 2^63 / 2^64: rounds to 0 */
		q = 0;
	} else {
		uint64_t prod = m * scale;
		uint64_t rem = prod & (((uint64_t)1 << sh) - 1);
		uint64_t half = (uint64_t)1 << (sh - 1);

		q = prod >> sh;
		/* to nearest, a tie to even, as printf rounds by default */
		if (rem > half || (rem == half && (q & 1)))
			q++;
	}
	if (bits >> 63)	/* printf keeps the sign of -0.001 and of -0 */
		out[n++] = '-';
	ip = q / scale;
	frac = q % scale;
	n += put_digits(ip, out + n);
	if (decimals > 0) {
		out[n++] = '.';
		for (d = decimals - 1; d >= 0; d--)
			out[n++] = (char)('0' + frac / p10[d] % 10);
	}
	out[n] = 0;
	return n;
}

size_t num_hundredths(long long q, char out[32])
{
	/* two digits at a time, the usual 1 to 4 without a loop: a band of a
	 * chart over time prints one of these for each of its columns */
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	unsigned long long u = q < 0 ? 0 - (unsigned long long)q :
				       (unsigned long long)q;
	unsigned long long ip = u / 100, frac = u % 100;
	size_t n = 0;

	if (q < 0)
		out[n++] = '-';
	if (ip < 10) {
		out[n++] = (char)('0' + ip);
	} else if (ip < 100) {
		memcpy(out + n, pairs + 2 * ip, 2);
		n += 2;
	} else if (ip < 1000) {
		out[n++] = (char)('0' + ip / 100);
		memcpy(out + n, pairs + 2 * (ip % 100), 2);
		n += 2;
	} else if (ip < 10000) {
		memcpy(out + n, pairs + 2 * (ip / 100), 2);
		memcpy(out + n + 2, pairs + 2 * (ip % 100), 2);
		n += 4;
	} else {
		n += put_digits(ip, out + n);
	}
	if (frac) {
		out[n++] = '.';
		out[n++] = pairs[2 * frac];
		if (frac % 10)
			out[n++] = pairs[2 * frac + 1];
	}
	out[n] = '\0';
	return n;
}

static size_t digits(const char *s, size_t i, size_t n)
{
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	return i;
}

/* Converts a span already checked by a grammar. */
/* Clinger's fast path: a figure of at most 15 digits, with no exponent,
 * is m / 10^k with m and 10^k both exact doubles (m < 2^53, k <= 15), and
 * IEEE division rounds correctly, so the result is exactly strtod's.  Most
 * figures benchmarks print are such; strtod costs ~250 instructions each
 * (a bonnie++ CSV holds 36 a line).  Returns -1 to leave s to strtod. */
static int num_fast(const char *s, size_t n, double *v)
{
	static const double p10[] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15,
	};
	unsigned long long m = 0;
	size_t i = 0, nd = 0, k = 0;
	int neg = 0, point = 0;

	if (i < n && (s[i] == '-' || s[i] == '+'))
		neg = s[i++] == '-';
	for (; i < n; i++) {
		if (s[i] == '.' && !point) {
			point = 1;
			continue;
		}
		if (s[i] < '0' || s[i] > '9' || ++nd > 15)
			return -1;
		m = m * 10 + (unsigned)(s[i] - '0');
		k += point;
	}
	*v = (double)m / p10[k];
	if (neg)
		*v = -*v;
	return 0;
}

static int num_convert(const char *s, size_t n, double *v)
{
	char tmp[64];
	double d;

	if (num_fast(s, n, v) == 0)
		return 0;
	if (n >= sizeof(tmp))
		return -1;	/* no real figure needs 64 characters */
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	errno = 0;
	d = strtod(tmp, NULL);
	/* ERANGE is also a subnormal (1e-320): a figure like any other;
	 * what overflows, or underflows to nothing, is refused */
	if (!isfinite(d) || (errno == ERANGE && d == 0))
		return -1;
	*v = d;
	return 0;
}

int num_parse(const char *s, size_t n, double *v)
{
	size_t i = 0, j;

	if (i < n && (s[i] == '-' || s[i] == '+'))
		i++;
	j = digits(s, i, n);
	if (j < n && s[j] == '.') {
		size_t k = digits(s, j + 1, n);

		if (k == j + 1 && j == i)
			return -1;	/* "." alone */
		j = k;
	} else if (j == i) {
		return -1;
	}
	if (j < n && (s[j] == 'e' || s[j] == 'E')) {
		size_t k = j + 1;

		if (k < n && (s[k] == '-' || s[k] == '+'))
			k++;
		j = digits(s, k, n);
		if (j == k)
			return -1;
	}
	if (j != n)
		return -1;
	return num_convert(s, n, v);
}

int num_parse_plain(const char *s, size_t n, double *v)
{
	size_t j = digits(s, 0, n);

	if (j == 0)
		return -1;
	if (j < n && s[j] == '.') {
		size_t k = digits(s, j + 1, n);

		if (k == j + 1)
			return -1;
		j = k;
	}
	if (j != n)
		return -1;
	return num_convert(s, n, v);
}

int num_lead_plain(const char *s, size_t n, double *v, size_t *used)
{
	size_t j = 0;

	while (j < n && ((s[j] >= '0' && s[j] <= '9') || s[j] == '.'))
		j++;
	if (j == 0 || num_parse_plain(s, j, v))
		return -1;
	*used = j;
	return 0;
}

int num_ends(const char *s, size_t n)
{
	unsigned char c;

	if (n == 0)
		return 1;
	c = (unsigned char)s[0];
	return !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
		 (c >= 'A' && c <= 'Z') || c == '.' || c == '_' || c == '+' ||
		 c == '-' || c >= 0x80);
}

int num_decimals(const char *s, size_t n)
{
	size_t j = digits(s, 0, n);

	if (j == 0 || j >= n || s[j] != '.')
		return 0;
	return (int)(digits(s, j + 1, n) - j - 1);
}

int num_sig_digits(const char *s, size_t n)
{
	size_t i;
	int sig = 0, lead = 1, any = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '.')
			continue;
		if (s[i] < '0' || s[i] > '9')
			break;
		any = 1;
		if (lead && s[i] == '0')
			continue;
		lead = 0;
		sig++;
	}
	return any && sig == 0 ? 1 : sig;
}

/* the decimal text t (of a finite v) read back */
static double round_text(double v, const char *t)
{
	double r = strtod(t, NULL);

	return isfinite(r) ? r : v;
}

double num_round_decimals(double v, int d)
{
	char t[64];

	if (!isfinite(v) || fabs(v) >= 1e17)
		return v;
	snprintf(t, sizeof(t), "%.*f", d < 0 ? 0 : d > 17 ? 17 : d, v);
	return round_text(v, t);
}

double num_round_sig(double v, int d)
{
	char t[64];

	if (!isfinite(v) || fabs(v) >= 1e17)
		return v;
	snprintf(t, sizeof(t), "%.*e", d < 1 ? 0 : d > 17 ? 16 : d - 1, v);
	return round_text(v, t);
}

int text_listed(const char *list, const char *w)
{
	size_t wn = strlen(w);

	while (*list) {
		size_t n = strcspn(list, ",");

		if (n == wn && memcmp(list, w, n) == 0)
			return 1;
		list += n;
		if (*list == ',')
			list++;
	}
	return 0;
}
