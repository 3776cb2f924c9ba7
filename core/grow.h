/*
 * grow.h: room for one more item in an array that doubles as it fills.
 *
 * A list read row by row keeps its items, their count and its capacity;
 * each new item wants the array grown when the count has reached the
 * capacity.
 */
#ifndef BENCHSITE_GROW_H
#define BENCHSITE_GROW_H

#include <stddef.h>

/* Reallocates the array *pp points to (a pointer to any object type) to
 * ncap items of size bytes.  0, or -1 with *pp as it was when memory ran
 * out or ncap * size would overflow. */
int grow_array(void *pp, size_t ncap, size_t size);

/* 0 when the array a (n items, room for cap) has room for one more, after
 * doubling cap (first, the first time) if it had none; -1 with a and cap
 * as they were when memory ran out.  cap is any integer type. */
#define GROW(a, n, cap, first)						\
	((n) < (cap) ? 0 :						\
	 grow_array(&(a), (size_t)((cap) ? 2 * (cap) : (first)),	\
		    sizeof(*(a))) ? -1 :				\
	 ((cap) = (cap) ? 2 * (cap) : (first), 0))

#endif
