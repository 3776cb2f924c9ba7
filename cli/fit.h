/*
 * fit.h: lines that fit the terminal, for the listings people read
 * (`list runs`, `list comparisons`).
 *
 * The width is $COLUMNS when it holds a number, else the terminal's
 * (TIOCGWINSZ) when standard output is one, else none: a listing written
 * to a file or a pipe keeps every character, so grep finds what the store
 * holds (scripts read --format tsv).  Widths count characters (code
 * points), which is what a terminal shows for the text names hold.
 */
#ifndef BENCHSITE_CLI_FIT_H
#define BENCHSITE_CLI_FIT_H

#include <stddef.h>

/* The width lines must fit in, or 0 for no limit. */
int fit_width(void);

/* How many characters s shows. */
int fit_len(const char *s);

/* s cut to at most w characters into out[0..cap): the end replaced by
 * "…" (from_left: the start, so that a path keeps its file name) when
 * it is longer.  w < 0: s as it is (cut only to fit cap).  out may be
 * s. */
void fit_cut(const char *s, int w, int from_left, char *out, size_t cap);

/* out (NUL-terminated) padded with spaces to w characters, in place
 * (cap bytes in all). */
void fit_pad(char *out, int w, size_t cap);

#endif
