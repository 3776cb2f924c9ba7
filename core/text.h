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

/* The text "%.*f" prints of v with 0 to 3 decimals ("12.50", "-0.00"),
 * byte for byte, made without printf below 2^52 (an SVG chart prints
 * hundreds of coordinates).  out must hold 32 bytes.  Returns the text's
 * length (a path of thousands of points need not measure each). */
size_t num_fixed(double v, int decimals, char out[32]);

/* q hundredths as a decimal with the trailing zeros of its two decimals
 * dropped: 26916 -> "269.16", 7100 -> "71", -50 -> "-0.5", 0 -> "0" (a
 * pixel rounded to its hundredth, as a path's step prints it).  out must
 * hold 32 bytes; returns the text's length. */
size_t num_hundredths(long long q, char out[32]);

/* Parses s[0..n) as a finite decimal number (optional sign, digits, optional
 * fraction, optional exponent); no spaces, no hex, no inf/nan, no overflow,
 * no underflow to zero (a subnormal such as 1e-320 is kept).  Returns 0 and
 * sets *v, or -1. */
int num_parse(const char *s, size_t n, double *v);

/* Parses s[0..n) as digits with an optional ".digits" fraction and nothing
 * else (no sign, no exponent): the shape of every figure bonnie++ prints. */
int num_parse_plain(const char *s, size_t n, double *v);

/* Reads the figure at the start of s[0..n) by num_parse_plain's grammar:
 * the whole run of digits and points there ("1.2.3" and "12." are no
 * figure, never 1.2 or 12), its length in *used.  Returns 0, or -1 when
 * the run is empty or not such a figure.  What may follow it (a unit, a
 * multiplier, nothing) is the format's to say: see num_ends. */
int num_lead_plain(const char *s, size_t n, double *v, size_t *used);

/* 1 when a figure read up to s may end there: s[0..n) is empty or starts
 * with a character that cannot go on a number or a word (not an ASCII
 * letter or digit, '.', '_', '+', '-' or a byte of a UTF-8 character).
 * So "12abc", "2.5e3" and "7-8" are not 12, 2.5 and 7 followed by
 * something else; "12,", "12 ms", "12)", "12/", "12]" end at 12. */
int num_ends(const char *s, size_t n);

/* The precision of the figure at the start of s[0..n) (digits with an
 * optional ".digits", anything after them ignored: "60.0034s", "305.98Mb"):
 * num_decimals counts the digits after the point ("8327.52" -> 2, "925"
 * -> 0); num_sig_digits the significant digits, leading zeros not counted
 * ("60.0034" -> 6, "0.0050" -> 2, "0" -> 1).  0 when s starts with no
 * digit. */
int num_decimals(const char *s, size_t n);
int num_sig_digits(const char *s, size_t n);

/* A figure a parser derives from printed ones, given the precision of its
 * inputs and no more: the double that the decimal text of v rounded to d
 * decimals (num_round_decimals: sums, 8327.52 + 925.28 -> 9252.8, not
 * 9252.800000000001) or to d significant digits (num_round_sig: quotients,
 * 19583 / 300.0449 s at 7 digits -> 65.26716) reads back as, so that
 * num_format prints that text.  d is clamped to 0..17 decimals, 1..17
 * digits; v non-finite or of 1e17 or more is returned as it is. */
double num_round_decimals(double v, int d);
double num_round_sig(double v, int d);

/* 1 when w is one of the items of the comma-separated list ("a,b,c"),
 * compared whole and exactly. */
int text_listed(const char *list, const char *w);

#endif
