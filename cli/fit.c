/*
 * fit.c: see fit.h.
 */
#include "fit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../core/text.h"

/* more than any terminal, less than any overflow */
#define FIT_WIDTH_MAX 100000

int fit_width(void)
{
	const char *c = getenv("COLUMNS");
	struct winsize ws;

	if (c && *c) {
		char *end;
		long n = strtol(c, &end, 10);

		if (!*end && n >= 0)
			return n > FIT_WIDTH_MAX ? FIT_WIDTH_MAX : (int)n;
	}
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
	    ws.ws_col > 0)
		return ws.ws_col;
	return 0;
}

int fit_len(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* The byte offset of character i of s (its length when shorter). */
static size_t char_at(const char *s, int i)
{
	size_t k = 0;

	for (; s[k]; k++)
		if (((unsigned char)s[k] & 0xc0) != 0x80 && i-- == 0)
			break;
	return k;
}

void fit_cut(const char *s, int w, int from_left, char *out, size_t cap)
{
	static const char dots[] = "\xe2\x80\xa6";	/* U+2026 */
	int len = fit_len(s);
	size_t n;

	if (w < 0 || len <= w) {
		n = utf8_fit(s, strlen(s), cap);
		memmove(out, s, n);
		out[n] = '\0';
		return;
	}
	if (w == 0 || cap < sizeof(dots) + 1) {
		out[0] = '\0';
		return;
	}
	if (from_left) {
		const char *tail = s + char_at(s, len - (w - 1));

		n = utf8_fit(tail, strlen(tail), cap - (sizeof(dots) - 1));
		memmove(out + sizeof(dots) - 1, tail, n);
		memcpy(out, dots, sizeof(dots) - 1);
		out[sizeof(dots) - 1 + n] = '\0';
		return;
	}
	n = utf8_fit(s, char_at(s, w - 1), cap - (sizeof(dots) - 1));
	memmove(out, s, n);
	memcpy(out + n, dots, sizeof(dots));
}

void fit_pad(char *out, int w, size_t cap)
{
	size_t n = strlen(out);
	int len = fit_len(out);

	for (; len < w && n + 1 < cap; len++)
		out[n++] = ' ';
	out[n] = '\0';
}
