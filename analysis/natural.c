/*
 * natural.c: see natural.h.  A run of digits is compared by its value
 * without converting it: leading zeros skipped, then the longer run is
 * the larger number, then the digits decide.  So "4.1.10" and "10.11"
 * compare 4 against 10 first, as a version should.
 */
#include "natural.h"

#include <string.h>

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int natural_cmp(const char *a, const char *b)
{
	const char *p = a, *q = b;

	while (*p && *q) {
		if (is_digit(*p) && is_digit(*q)) {
			const char *p0, *q0;
			size_t lp, lq;
			int c;

			while (*p == '0' && is_digit(p[1]))
				p++;
			while (*q == '0' && is_digit(q[1]))
				q++;
			for (p0 = p; is_digit(*p); p++)
				;
			for (q0 = q; is_digit(*q); q++)
				;
			lp = (size_t)(p - p0);
			lq = (size_t)(q - q0);
			if (lp != lq)
				return lp < lq ? -1 : 1;
			if ((c = memcmp(p0, q0, lp)) != 0)
				return c;
			continue;
		}
		if (*p != *q)
			return (unsigned char)*p < (unsigned char)*q ? -1 : 1;
		p++;
		q++;
	}
	if (*p || *q)
		return *p ? 1 : -1;
	return strcmp(a, b);
}
