/*
 * list.h: the listings of `benchsite list` that have a file of their own.
 */
#ifndef BENCHSITE_CLI_LIST_H
#define BENCHSITE_CLI_LIST_H

struct err;
struct store;

/* `list comparisons`: the comparisons defined and the defaults a render
 * makes for the other suites (of suite only, when not NULL), each with
 * every option it was defined with; as TSV or as text lines of the
 * terminal's width (fit.h).  0, or -1 with e set. */
int list_comparisons(struct store *s, const char *suite, int tsv,
		     struct err *e);

#endif
