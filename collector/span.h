/*
 * span.h: the words a parser reads its lines with.
 *
 * A line from core/lines.h is a pointer and a length, not a C string: it
 * is never copied or NUL-terminated just to be looked at.  Every parser
 * asks the same few questions of such a line (does it start with this,
 * where is that word, what are its blank-separated words), and they are
 * answered here once, so that "blank" means a space or a tab in every
 * format alike.
 */
#ifndef BENCHSITE_SPAN_H
#define BENCHSITE_SPAN_H

#include <stddef.h>

/* A piece of a line: p[0..n), not NUL-terminated. */
struct span {
	const char *p;
	size_t n;
};

/* 1 when c is a space or a tab: what every parser means by blank. */
int span_isblank(int c);

/* 1 when s[0..n) equals the NUL-terminated word w. */
int span_eq(const char *s, size_t n, const char *w);

/* 1 when s[0..n) begins with the NUL-terminated word w. */
int span_starts(const char *s, size_t n, const char *w);

/* The first w (NUL-terminated, not empty) in s[0..n), or NULL. */
const char *span_find(const char *s, size_t n, const char *w);

/* Moves *s and shortens *n past the spaces and tabs at both ends. */
void span_trim(const char **s, size_t *n);

/* 1 when s[0..n) is nothing but spaces and tabs (or empty). */
int span_blank(const char *s, size_t n);

/* 1 when s[0..n) is one or more ASCII digits and nothing else. */
int span_digits(const char *s, size_t n);

/* Copies s[0..n) into out (cap bytes) as a C string: 0, or -1 (out
 * untouched) when it does not fit. */
int span_cstr(char *out, size_t cap, const char *s, size_t n);

/* Splits s[0..n) into its words (runs of anything but space and tab) and
 * returns how many there are; only the first max are stored in w, so a
 * line with more words than a format ever prints is seen as such and is
 * never written past w's end. */
int span_words(const char *s, size_t n, struct span *w, int max);

#endif
