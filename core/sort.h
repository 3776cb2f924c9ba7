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

#endif
