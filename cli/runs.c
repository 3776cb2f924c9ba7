/*
 * runs.c: the set of runs a command acts on (runs.h).  Ids are appended
 * as they come and sorted once, so that choosing every run of a large
 * store costs n log n, not a scan per run.
 */
#include "runs.h"

#include <stdio.h>
#include <stdlib.h>

#include "../schema/lifecycle.h"

int cli_run_number(const char *arg, long long *id)
{
	char *end;

	if (*arg < '0' || *arg > '9')
		return -1;
	*id = strtoll(arg, &end, 10);
	return *end || *id < 1 ? -1 : 0;
}

int cli_run_numbers(int argc, char **argv, int first)
{
	long long id;
	int i;

	for (i = first; i < argc; i++)
		if (cli_run_number(argv[i], &id)) {
			fprintf(stderr, "benchsite: '%s' is not a run number\n",
				argv[i]);
			return -1;
		}
	return 0;
}

int cli_runs_add(struct cli_runs *r, long long id)
{
	if (r->n == r->cap) {
		long ncap = r->cap ? 2 * r->cap : 64;
		long long *nid = realloc(r->id, (size_t)ncap * sizeof(*nid));

		if (!nid)
			return -1;
		r->id = nid;
		r->cap = ncap;
	}
	r->id[r->n++] = id;
	return 0;
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
	qsort(r->id, (size_t)r->n, sizeof(*r->id), cmp_id);
	for (i = 1; i < r->n; i++)
		if (r->id[i] != r->id[k])
			r->id[++k] = r->id[i];
	r->n = k + 1;
}

int cli_runs_has(const struct cli_runs *r, long long id)
{
	return r->n > 0 && bsearch(&id, r->id, (size_t)r->n, sizeof(*r->id),
				   cmp_id) != NULL;
}

void cli_runs_release(struct cli_runs *r)
{
	free(r->id);
	r->id = NULL;
	r->n = r->cap = 0;
}
