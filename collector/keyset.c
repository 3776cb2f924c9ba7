/*
 * keyset.c: see keyset.h.  An open-addressing hash table of offsets into
 * one arena of text.
 */
#include "keyset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void keyset_init(struct keyset *k, size_t max)
{
	memset(k, 0, sizeof(*k));
	buf_init(&k->text, max);
}

void keyset_clear(struct keyset *k)
{
	if (k->n)
		memset(k->slot, 0, k->cap * sizeof(*k->slot));
	k->n = 0;
	buf_reset(&k->text);
}

void keyset_free(struct keyset *k)
{
	free(k->slot);
	buf_release(&k->text);
	memset(k, 0, sizeof(*k));
}

static size_t key_hash(const char *test, const char *metric)
{
	size_t h = 14695981039346656037ull & SIZE_MAX;
	const char *p;

	for (p = test; *p; p++)
		h = (h ^ (unsigned char)*p) * (1099511628211ull & SIZE_MAX);
	h = (h ^ 0xff) * (1099511628211ull & SIZE_MAX);
	for (p = metric; *p; p++)
		h = (h ^ (unsigned char)*p) * (1099511628211ull & SIZE_MAX);
	return h;
}

/* The slot of (test, metric) in a table of cap slots over text: where it
 * is, else the free slot where it goes. */
static size_t *key_slot(size_t *slot, size_t cap, const char *text,
			const char *test, const char *metric)
{
	size_t i = key_hash(test, metric) & (cap - 1);

	while (slot[i]) {
		const char *k = text + slot[i] - 1;

		if (strcmp(k, test) == 0 &&
		    strcmp(k + strlen(k) + 1, metric) == 0)
			break;
		i = (i + 1) & (cap - 1);
	}
	return &slot[i];
}

/* 1 when (test, metric) was in k (else it is added), -1 out of memory. */
int keyset_add(struct keyset *k, const char *test, const char *metric)
{
	size_t lt = strlen(test), lm = strlen(metric), off, *at;

	if (k->n + 1 > k->cap / 2) {
		size_t ncap = k->cap ? 2 * k->cap : 64, i;
		size_t *ns = calloc(ncap, sizeof(*ns));

		if (!ns)
			return -1;
		for (i = 0; i < k->cap; i++) {
			const char *key;

			if (!k->slot[i])
				continue;
			key = k->text.data + k->slot[i] - 1;
			*key_slot(ns, ncap, k->text.data, key,
				  key + strlen(key) + 1) = k->slot[i];
		}
		free(k->slot);
		k->slot = ns;
		k->cap = ncap;
	}
	at = key_slot(k->slot, k->cap, k->text.data, test, metric);
	if (*at)
		return 1;
	off = k->text.len;
	if (buf_add(&k->text, test, lt + 1) || buf_add(&k->text, metric, lm + 1))
		return -1;
	*at = off + 1;
	k->n++;
	return 0;
}
