/*
 * strindex.h: a hash index from names to the places of an array that
 * holds them.
 *
 * The array stays the caller's (in its own order: first appearance,
 * import order); the index keeps only (hash, place) pairs and asks the
 * caller whether a place holds the name looked up.  A lookup costs one
 * hash of the name and, nearly always, one comparison, where a walk past
 * every name costs a comparison each: with 100,000 names, the difference
 * between a load that takes a second and one that takes minutes.
 */
#ifndef BENCHSITE_STRINDEX_H
#define BENCHSITE_STRINDEX_H

#include <stddef.h>
#include <stdint.h>

struct strindex {
	uint64_t *hash;		/* per slot; owned */
	long *place;		/* per slot: place + 1, 0 empty; owned */
	size_t cap;		/* a power of two, or 0 */
	long n;
};

/* The hash of the name made of a and b (b may be NULL: a alone); a
 * name of two parts (test and metric) is never the hash of another
 * split of the same bytes. */
uint64_t strindex_hash(const char *a, const char *b);

/* The place that holds the name of hash h, or -1: same(ctx, place) says
 * whether a place whose hash is h holds the name. */
long strindex_find(const struct strindex *x, uint64_t h,
		   int (*same)(const void *ctx, long place), const void *ctx);

/* Notes that place holds a name of hash h (not yet noted); 0, or -1
 * when memory ran out (x unchanged). */
int strindex_add(struct strindex *x, uint64_t h, long place);

/* Frees what x holds; x is then empty and may be used again. */
void strindex_release(struct strindex *x);

#endif
