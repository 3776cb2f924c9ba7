/*
 * runs.c: the set of runs a command acts on (runs.h).  Ids are appended
 * as they come and sorted once, so that choosing every run of a large
 * store costs n log n, not a scan per run.
 */
#include "runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/grow.h"
#include "../core/quote.h"
#include "../core/sort.h"
#include "../schema/lifecycle.h"

#define STR_(x) #x
#define STR(x) STR_(x)

int cli_run_number(const char *arg, long long *id)
{
	char *end;

	if (*arg < '0' || *arg > '9')
		return -1;
	*id = strtoll(arg, &end, 10);
	return *end || *id < 1 ? -1 : 0;
}

/* One item of a run list, p[0..n): "36" or "36-47" into *lo and *hi;
 * else -1 with why (a phrase) in *why. */
static int run_item(const char *p, size_t n, long long *lo, long long *hi,
		    const char **why)
{
	char item[48];
	const char *dash;

	*why = "is not a run number or a range (N, N-M, N-M,K)";
	if (n == 0 || n >= sizeof(item))
		return -1;
	memcpy(item, p, n);
	item[n] = '\0';
	dash = strchr(item, '-');
	if (!dash)
		return cli_run_number(item, lo) ? -1 : (*hi = *lo, 0);
	item[dash - item] = '\0';
	if (cli_run_number(item, lo) || cli_run_number(dash + 1, hi))
		return -1;
	if (*lo > *hi) {
		*why = "is a reversed range (the lower number comes first)";
		return -1;
	}
	if (*hi - *lo >= CLI_RANGE_MAX) {
		*why = "spans more runs than a range may (" STR(CLI_RANGE_MAX) ")";
		return -1;
	}
	return 0;
}

/* Calls add(r, id) for each run of the list arg; -1 with *bad and *badn
 * the item at fault and *why why, or -2 when add failed. */
static int run_list(const char *arg, struct cli_runs *r, const char **bad,
		    size_t *badn, const char **why)
{
	const char *p = arg;

	do {
		size_t n = strcspn(p, ",");
		long long lo, hi, id;

		if (run_item(p, n, &lo, &hi, why)) {
			*bad = p;
			*badn = n;
			return -1;
		}
		for (id = lo; r && id <= hi; id++)
			if (cli_runs_add(r, id))
				return -2;
		p += n;
	} while (*p++ == ',');
	return 0;
}

int cli_run_numbers(int argc, char **argv, int first)
{
	const char *bad, *why;
	char q[QUOTE_ARG_SIZE], qbad[QUOTE_ARG_SIZE], *part;
	size_t badn;
	int i;

	for (i = first; i < argc; i++)
		if (run_list(argv[i], NULL, &bad, &badn, &why)) {
			if (strcmp(bad, argv[i]) == 0) {
				fprintf(stderr, "benchsite: '%s' %s\n",
					quote_arg(argv[i], q), why);
				return -1;
			}
			part = strndup(bad, badn);
			fprintf(stderr, "benchsite: '%s': '%s' %s\n",
				quote_arg(argv[i], q),
				part ? quote_arg(part, qbad) : "?", why);
			free(part);
			return -1;
		}
	return 0;
}

int cli_runs_named(struct cli_runs *r, int argc, char **argv, int first)
{
	const char *bad, *why;
	size_t badn;
	int i;

	for (i = first; i < argc; i++)
		if (run_list(argv[i], r, &bad, &badn, &why))
			return -1;
	return 0;
}

int cli_runs_add(struct cli_runs *r, long long id)
{
	if (GROW(r->id, r->n, r->cap, 64))
		return -1;
	r->id[r->n++] = id;
	return 0;
}

int cli_runs_take(struct cli_runs *r, struct store *s,
		  const struct lifecycle_filter *f, int argc, char **argv,
		  int first, struct err *e)
{
	if (cli_runs_named(r, argc, argv, first))
		goto oom;
	if (f && lifecycle_each_run(s, f, cli_runs_chosen, r, e)) {
		if (!e->msg[0])
			goto oom;
		return -1;
	}
	cli_runs_sort(r);
	return 0;
oom:
	err_set(e, NULL, 0, 0, "out of memory");
	return -1;
}

int cli_runs_chosen(void *ctx, const struct lifecycle_run *run)
{
	return cli_runs_add(ctx, run->id);
}

static int cmp_id(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

void cli_runs_sort(struct cli_runs *r)
{
	long i, k = 0;

	if (r->n == 0)
		return;
	sort_items(r->id, (size_t)r->n, sizeof(*r->id), cmp_id);
	for (i = 1; i < r->n; i++)
		if (r->id[i] != r->id[k])
			r->id[++k] = r->id[i];
	r->n = k + 1;
}

int cli_runs_has(const struct cli_runs *r, long long id)
{
	return r->n > 0 && find_item(&id, r->id, (size_t)r->n, sizeof(*r->id),
				   cmp_id) != NULL;
}

void cli_runs_release(struct cli_runs *r)
{
	free(r->id);
	r->id = NULL;
	r->n = r->cap = 0;
}
