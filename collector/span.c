/*
 * span.c: the line helpers every parser shares (span.h).
 *
 * They take a length rather than a NUL, because a parser reads lines in
 * place in the input; none of them allocates or can fail.
 */
#include <string.h>

#include "span.h"

static int is_blank(char c)
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
	while (*n && is_blank((*s)[0])) {
		(*s)++;
		(*n)--;
	}
	while (*n && is_blank((*s)[*n - 1]))
		(*n)--;
}

int span_blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!is_blank(s[i]))
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

int span_words(const char *s, size_t n, struct span *w, int max)
{
	size_t i = 0;
	int k = 0;

	for (;;) {
		while (i < n && is_blank(s[i]))
			i++;
		if (i == n)
			return k;
		if (k < max)
			w[k].p = s + i;
		while (i < n && !is_blank(s[i]))
			i++;
		if (k < max)
			w[k].n = (size_t)(s + i - w[k].p);
		k++;
	}
}
