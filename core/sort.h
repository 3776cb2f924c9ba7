/*
 * sort.h: qsort and bsearch for arrays that may be empty.
 *
 * The C library's own are undefined for a null pointer even with zero
 * items, and an empty list's array is often NULL (never allocated); clang's
 * UBSan stops there.  These do nothing with fewer than two (one) items.
 */
#ifndef BENCHSITE_SORT_H
#define BENCHSITE_SORT_H

#include <stdlib.h>
#include <string.h>

static inline void sort_items(void *base, size_t n, size_t size,
			      int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

static inline void *find_item(const void *key, const void *base, size_t n,
			      size_t size,
			      int (*cmp)(const void *, const void *))
{
	return n > 0 ? bsearch(key, base, n, size, cmp) : NULL;
}

/* The first of base[0..n) (n items of size bytes, sorted by the long long
 * at offset in each: a run's id) whose key is not below key; n when none.
 * The start of key's items, where bsearch would find any one of them. */
static inline long first_at_least(const void *base, long n, size_t size,
				  size_t offset, long long key)
{
	long lo = 0, hi = n;

	while (lo < hi) {
		long mid = lo + (hi - lo) / 2;
		long long k;

		memcpy(&k, (const char *)base + (size_t)mid * size + offset,
		       sizeof(k));
		if (k < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

#endif
