/*
 * span.c: the line helpers every parser shares (span.h).
 *
 * They take a length rather than a NUL, because a parser reads lines in
 * place in the input; none of them allocates or can fail.
 */
#include <string.h>

#include "span.h"

int span_isblank(int c)
{
	return c == ' ' || c == '\t';
}

int span_eq(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s, w, n) == 0;
}

int span_starts(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);

	return n >= k && memcmp(s, w, k) == 0;
}

const char *span_find(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w), i;

	for (i = 0; i + m <= n; i++)
		if (s[i] == w[0] && memcmp(s + i, w, m) == 0)
			return s + i;
	return NULL;
}

void span_trim(const char **s, size_t *n)
{
	while (*n && span_isblank((*s)[0])) {
		(*s)++;
		(*n)--;
	}
	while (*n && span_isblank((*s)[*n - 1]))
		(*n)--;
}

int span_blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!span_isblank(s[i]))
			return 0;
	return 1;
}

int span_digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return n > 0;
}

int span_cstr(char *out, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		return -1;
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}

int span_words(const char *s, size_t n, struct span *w, int max)
{
	size_t i = 0;
	int k = 0;

	for (;;) {
		while (i < n && span_isblank(s[i]))
			i++;
		if (i == n)
			return k;
		if (k < max)
			w[k].p = s + i;
		while (i < n && !span_isblank(s[i]))
			i++;
		if (k < max)
			w[k].n = (size_t)(s + i - w[k].p);
		k++;
	}
}
