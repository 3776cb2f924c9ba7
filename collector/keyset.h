/*
 * keyset.h: the (test, metric) pairs of the run being stored, to refuse a
 * second one at once: the rows go to the store in batches, and SQLite's
 * refusal of a batch would not say which row.  The keys live in one arena
 * and the table keeps its size from run to run: a run is cleared, not
 * freed (a bonnie++ CSV is a run per line, and a malloc per key was 3% of
 * it).
 */
#ifndef BENCHSITE_KEYSET_H
#define BENCHSITE_KEYSET_H

#include <stddef.h>

#include "../core/buf.h"

struct keyset {
	size_t *slot;		/* 1 + the key's offset in text; 0: free */
	size_t cap, n;
	struct buf text;	/* "test\0metric\0" each */
};

/* An empty set whose keys may take at most max bytes. */
void keyset_init(struct keyset *k, size_t max);

/* Empties k for the next run, keeping its memory. */
void keyset_clear(struct keyset *k);

void keyset_free(struct keyset *k);

/* 1 when (test, metric) was in k (else it is added), -1 out of memory. */
int keyset_add(struct keyset *k, const char *test, const char *metric);

#endif
