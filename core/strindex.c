/*
 * strindex.c: see strindex.h.  Open addressing with linear probing, at
 * most half full: a miss ends at an empty slot within a few probes.
 */
#include "strindex.h"

#include <stdlib.h>
#include <string.h>

uint64_t strindex_hash(const char *a, const char *b)
{
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a, 64 bits */
	const unsigned char *p;

	for (p = (const unsigned char *)a; *p; p++)
		h = (h ^ *p) * 1099511628211ULL;
	if (b) {
		/* the NUL between the parts: ("ab", "c") is not ("a", "bc") */
		h = (h ^ 0xff) * 1099511628211ULL;
		for (p = (const unsigned char *)b; *p; p++)
			h = (h ^ *p) * 1099511628211ULL;
	}
	return h;
}

long strindex_find(const struct strindex *x, uint64_t h,
		   int (*same)(const void *ctx, long place), const void *ctx)
{
	size_t i;

	if (x->cap == 0)
		return -1;
	for (i = (size_t)h & (x->cap - 1); x->place[i];
	     i = (i + 1) & (x->cap - 1))
		if (x->hash[i] == h && same(ctx, x->place[i] - 1))
			return x->place[i] - 1;
	return -1;
}

static void put(uint64_t *hash, long *place, size_t cap, uint64_t h, long p)
{
	size_t i;

	for (i = (size_t)h & (cap - 1); place[i]; i = (i + 1) & (cap - 1))
		;
	hash[i] = h;
	place[i] = p + 1;
}

int strindex_add(struct strindex *x, uint64_t h, long place)
{
	if ((size_t)(x->n + 1) * 2 > x->cap) {
		size_t ncap = x->cap ? 2 * x->cap : 64, i;
		uint64_t *nh;
		long *np;

		if (ncap > SIZE_MAX / sizeof(*nh))
			return -1;
		nh = malloc(ncap * sizeof(*nh));
		np = calloc(ncap, sizeof(*np));
		if (!nh || !np) {
			free(nh);
			free(np);
			return -1;
		}
		for (i = 0; i < x->cap; i++)
			if (x->place[i])
				put(nh, np, ncap, x->hash[i], x->place[i] - 1);
		free(x->hash);
		free(x->place);
		x->hash = nh;
		x->place = np;
		x->cap = ncap;
	}
	put(x->hash, x->place, x->cap, h, place);
	x->n++;
	return 0;
}

void strindex_release(struct strindex *x)
{
	free(x->hash);
	free(x->place);
	memset(x, 0, sizeof(*x));
}
