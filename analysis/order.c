/*
 * order.c: see order.h.  Groups come out of the store in load order
 * (import order), in which 10.11 may come before 3.23 and ext10 before
 * ext2; the model puts them in order once, after loading, by sorting a
 * permutation and moving every per-group array with it (names, runs, each
 * column's cells, the mixtures' group numbers).  The rank of a group is
 * computed here from the cells, plainly (the mean of its runs per chart),
 * not from the analysis, which runs after the model and reads it in this
 * order.
 */
#include "order.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/sort.h"
#include "../schema/selection.h"
#include "model.h"
#include "natural.h"

struct key {
	int g;			/* the group's number before ordering */
	const char *name;
	int named;		/* its place in the names given, or INT_MAX */
	double rank;		/* "value": geometric mean of ratios to best */
};

static int by_key(const void *x, const void *y)
{
	const struct key *a = x, *b = y;
	int c;

	if (a->named != b->named)
		return a->named < b->named ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	c = natural_cmp(a->name, b->name);
	return c ? c : (a->g > b->g) - (a->g < b->g);
}

/* The place of name in the comma-separated list, or big when absent.
 * The list is split as --where's values are (schema/selection.h): a
 * comma inside a group's name is written \, and a backslash \\. */
static int place(const char *list, const char *name, int big)
{
	char v[4096];
	int i, n = selection_count(SELECTION_IN, list);

	for (i = 0; i < n; i++)
		if (selection_value(list, i, v, sizeof(v)) >= 0 &&
		    strcmp(v, name) == 0)
			return i;
	return big;
}

static double mean(const struct cell *c)
{
	double s = 0;
	int i;

	for (i = 0; i < c->n; i++)
		s += c->v[i];
	return s / c->n;
}

/* k[g].rank = the geometric mean of group g's ratios to the best over the
 * charts where every group has a positive mean; all 0 when none has. */
static void rank(const struct model *m, struct key *k)
{
	int c, g, used = 0;

	for (c = 0; c < m->ncols; c++) {
		const struct column *col = &m->cols[c];
		double best = 0;
		int ok = 1;

		for (g = 0; g < m->ngroups && ok; g++) {
			double v;

			if (col->cells[g].n == 0 || (v = mean(&col->cells[g])) <= 0) {
				ok = 0;
				break;
			}
			if (g == 0 || (column_higher(col) ? v > best : v < best))
				best = v;
		}
		if (!ok)
			continue;
		used++;
		for (g = 0; g < m->ngroups; g++) {
			double v = mean(&col->cells[g]);

			k[g].rank += log(column_higher(col) ? best / v : v / best);
		}
	}
	for (g = 0; g < m->ngroups; g++)
		k[g].rank = used ? exp(k[g].rank / used) : 0;
}

int order_groups(struct model *m, const char *order)
{
	int n = m->ngroups, g, c, i, big = n + 1, rc = -1;
	struct key *k = calloc((size_t)(n ? n : 1), sizeof(*k));
	int *to = malloc((size_t)(n ? n : 1) * sizeof(*to));
	char **names = malloc((size_t)(n ? n : 1) * sizeof(*names));
	long long **runs = malloc((size_t)(n ? n : 1) * sizeof(*runs));
	int *nruns = malloc((size_t)(n ? n : 1) * sizeof(*nruns));
	struct cell *cells = malloc((size_t)(n ? n : 1) * sizeof(*cells));
	int by_value = order && strcmp(order, "value") == 0;

	if (!k || !to || !names || !runs || !nruns || !cells)
		goto out;
	for (g = 0; g < n; g++) {
		k[g].g = g;
		k[g].name = m->groups[g];
		k[g].named = order && *order && !by_value ?
			place(order, m->groups[g], big) : big;
	}
	if (by_value)
		rank(m, k);
	sort_items(k, (size_t)n, sizeof(*k), by_key);
	for (i = 0; i < n; i++) {
		to[k[i].g] = i;
		names[i] = m->groups[k[i].g];
		runs[i] = m->runs[k[i].g];
		nruns[i] = m->nruns[k[i].g];
	}
	memcpy(m->groups, names, (size_t)n * sizeof(*names));
	memcpy(m->runs, runs, (size_t)n * sizeof(*runs));
	memcpy(m->nruns, nruns, (size_t)n * sizeof(*nruns));
	for (c = 0; c < m->ncols; c++) {
		for (i = 0; i < n; i++)
			cells[i] = m->cols[c].cells[k[i].g];
		memcpy(m->cols[c].cells, cells, (size_t)n * sizeof(*cells));
	}
	for (i = 0; i < m->nmixed; i++)
		m->mixed[i].group = to[m->mixed[i].group];
	rc = 0;
out:
	free(k);
	free(to);
	free(names);
	free(runs);
	free(nruns);
	free(cells);
	return rc;
}
