/*
 * apart.c: see apart.h.  The attributes come in one query, ordered by run
 * and key; the keys shown are found by sorting a copy of the rows by key:
 * a key is shown when fewer runs hold it than the set has, or when two of
 * its values differ.  Memory is the set's attribute rows, which a listing
 * prints anyway.
 */
#include "apart.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/sort.h"
#include "lifecycle.h"

static const char *const by_nature[] = {
	"started_at", "finished_at", "ended_at", "duration_s", "seed",
	"date", "time", "timestamp", "repeat", NULL,
};

int apart_by_nature(const char *key)
{
	int i;

	for (i = 0; by_nature[i]; i++)
		if (strcmp(key, by_nature[i]) == 0)
			return 1;
	return 0;
}

int apart_attr_add(struct apart_attr **a, long *n, long *cap, long long run,
		   const char *key, const char *value)
{
	struct apart_attr *x;

	if (*n == *cap) {
		long ncap = *cap ? 2 * *cap : 64;
		struct apart_attr *na = realloc(*a, (size_t)ncap * sizeof(*na));

		if (!na)
			return -1;
		*a = na;
		*cap = ncap;
	}
	x = &(*a)[(*n)++];
	x->run = run;
	x->key = strdup(key);
	x->value = strdup(value);
	return x->key && x->value ? 0 : -1;
}

long apart_attr_first(const struct apart_attr *a, long n, long long run)
{
	long lo = first_at_least(a, n, sizeof(*a),
				 offsetof(struct apart_attr, run), run);

	return lo < n && a[lo].run == run ? lo : -1;
}

void apart_attrs_free(struct apart_attr *a, long n)
{
	long i;

	for (i = 0; i < n; i++) {
		free(a[i].key);
		free(a[i].value);
	}
	free(a);
}

static int add_attr(void *ctx, long long run, const char *key,
		    const char *value)
{
	struct apart *ap = ctx;

	return apart_attr_add(&ap->a, &ap->n, &ap->cap, run, key, value);
}

static int add_run(void *ctx, const struct lifecycle_run *r)
{
	struct apart *ap = ctx;

	if (ap->nruns == ap->rcap) {
		long ncap = ap->rcap ? 2 * ap->rcap : 64;
		struct apart_run *nr = realloc(ap->runs, (size_t)ncap * sizeof(*nr));

		if (!nr)
			return -1;
		ap->runs = nr;
		ap->rcap = ncap;
	}
	ap->runs[ap->nruns].run = r->id;
	ap->runs[ap->nruns].suite = strdup(r->suite);
	return ap->runs[ap->nruns++].suite ? 0 : -1;
}

/* run's suite ("" for a run not in the set) */
static const char *suite_of(const struct apart *ap, long long run)
{
	long lo = first_at_least(ap->runs, ap->nruns, sizeof(*ap->runs),
				 offsetof(struct apart_run, run), run);

	return lo < ap->nruns && ap->runs[lo].run == run ? ap->runs[lo].suite
							 : "";
}

struct keyed {
	const char *suite;
	const struct apart_attr *a;
};

static int by_key(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;
	int c = strcmp(a->suite, b->suite);

	return c ? c : strcmp(a->a->key, b->a->key);
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* the runs of suite in the set */
static long runs_of(const struct apart *ap, const char *suite)
{
	long i, n = 0;

	for (i = 0; i < ap->nruns; i++)
		n += strcmp(ap->runs[i].suite, suite) == 0;
	return n;
}

int apart_load(struct store *s, const struct lifecycle_filter *f, int all,
	       struct apart *ap, struct err *e)
{
	struct keyed *sorted = NULL;
	long i, j;

	memset(ap, 0, sizeof(*ap));
	if (lifecycle_each_run(s, f, add_run, ap, e) ||
	    lifecycle_each_attr(s, f, add_attr, ap, e))
		goto fail;
	sorted = malloc((size_t)(ap->n ? ap->n : 1) * sizeof(*sorted));
	ap->keys = malloc((size_t)(ap->n ? ap->n : 1) * sizeof(*ap->keys));
	if (!sorted || !ap->keys)
		goto fail;
	for (i = 0; i < ap->n; i++) {
		sorted[i].suite = suite_of(ap, ap->a[i].run);
		sorted[i].a = &ap->a[i];
	}
	sort_items(sorted, (size_t)ap->n, sizeof(*sorted), by_key);
	for (i = 0; i < ap->n; i = j) {
		int differ = 0;

		for (j = i + 1; j < ap->n && by_key(&sorted[j], &sorted[i]) == 0;
		     j++)
			differ |= strcmp(sorted[j].a->value,
					 sorted[i].a->value) != 0;
		/* each run holds a key once: j - i runs hold it */
		if (all || (!apart_by_nature(sorted[i].a->key) &&
			    (differ || j - i < runs_of(ap, sorted[i].suite)))) {
			size_t len = strlen(sorted[i].suite) +
				     strlen(sorted[i].a->key) + 2;

			if (!(ap->keys[ap->nkeys] = malloc(len)))
				goto fail;
			snprintf(ap->keys[ap->nkeys++], len, "%s\001%s",
				 sorted[i].suite, sorted[i].a->key);
		}
	}
	/* "suite\1key" sorts as (suite, key) does: \1 is below every
	 * character of a key */
	sort_items(ap->keys, (size_t)ap->nkeys, sizeof(*ap->keys), cmp_str);
	free(sorted);
	return 0;
fail:
	free(sorted);
	if (!e->msg[0])
		err_set(e, NULL, 0, 0, "out of memory");
	return -1;
}

void apart_text(const struct apart *ap, long long run, char *out, size_t cap)
{
	const char *suite = suite_of(ap, run);
	long i = apart_attr_first(ap->a, ap->n, run);
	size_t n = 0;

	out[0] = '\0';
	for (; i >= 0 && i < ap->n && ap->a[i].run == run && n < cap; i++) {
		char pair[512], *p = pair;

		snprintf(pair, sizeof(pair), "%s\001%s", suite, ap->a[i].key);
		if (!find_item(&p, ap->keys, (size_t)ap->nkeys, sizeof(*ap->keys),
			     cmp_str))
			continue;
		n += (size_t)snprintf(out + n, cap - n, "%s%s=%s", n ? " " : "",
				      ap->a[i].key, ap->a[i].value);
	}
	if (n >= cap && cap > 4)
		memcpy(out + cap - 4, "...", 4);
}

int apart_shown(const struct apart *ap, long long run, const char *key)
{
	char pair[512], *p = pair;

	snprintf(pair, sizeof(pair), "%s\001%s", suite_of(ap, run), key);
	return find_item(&p, ap->keys, (size_t)ap->nkeys, sizeof(*ap->keys),
		       cmp_str) != NULL;
}

void apart_release(struct apart *ap)
{
	long i;

	apart_attrs_free(ap->a, ap->n);
	for (i = 0; i < ap->nkeys; i++)
		free(ap->keys[i]);
	for (i = 0; i < ap->nruns; i++)
		free(ap->runs[i].suite);
	free(ap->runs);
	free(ap->keys);
	memset(ap, 0, sizeof(*ap));
}
