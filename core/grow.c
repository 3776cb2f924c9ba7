/*
 * grow.c: an array's reallocation for GROW (grow.h).
 */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int grow_array(void *pp, size_t ncap, size_t size)
{
	void *p, *np;

	if (size && ncap > SIZE_MAX / size)
		return -1;
	memcpy(&p, pp, sizeof(p));
	np = realloc(p, ncap * size);
	if (!np)
		return -1;
	memcpy(pp, &np, sizeof(np));
	return 0;
}
