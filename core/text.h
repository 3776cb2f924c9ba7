/*
 * text.h: locale-free text helpers every part needs: UTF-8 checking,
 * exact number printing and strict number parsing.
 *
 * Numbers are parsed and printed in the C locale (benchsite never calls
 * setlocale), so "1.5" means the same on every machine (RRDtool's lesson).
 */
#ifndef BENCHSITE_TEXT_H
#define BENCHSITE_TEXT_H

#include <stddef.h>

/* 0 when p[0..n) is valid UTF-8 (no overlongs, no surrogates, nothing past
 * U+10FFFF, no NUL); otherwise -1 and *bad is the offset of the first bad
 * byte. */
int utf8_check(const char *p, size_t n, size_t *bad);

/* How many bytes of p[0..n) to copy into a buffer of cap bytes (cap > 0,
 * the NUL included): all of them when they fit, else the longest prefix
 * that ends at a character's start, so that cutting valid UTF-8 to fit
 * keeps it valid. */
size_t utf8_fit(const char *p, size_t n, size_t cap);

/* Shortest decimal text that reads back as exactly v ("%.17g" at most,
 * trailing zeros never printed): 1.5 -> "1.5", 1e21 -> "1e+21".  out must
 * hold 32 bytes. */
void num_format(double v, char out[32]);

/* Parses s[0..n) as a finite decimal number (optional sign, digits, optional
 * fraction, optional exponent); no spaces, no hex, no inf/nan, no overflow,
 * no underflow to zero (a subnormal such as 1e-320 is kept).  Returns 0 and
 * sets *v, or -1. */
int num_parse(const char *s, size_t n, double *v);

/* Parses s[0..n) as digits with an optional ".digits" fraction and nothing
 * else (no sign, no exponent): the shape of every figure bonnie++ prints. */
int num_parse_plain(const char *s, size_t n, double *v);

/* 1 when s[0..n) equals the NUL-terminated word w. */
int span_eq(const char *s, size_t n, const char *w);

#endif
