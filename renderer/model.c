/*
 * model.c: see model.h.  Lookups are linear with a one-entry cache: rows
 * come grouped by run, so the same group and neighbouring columns repeat.
 */
#include "model.h"

#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../schema/store.h"

struct load {
	struct model *m;
	int last_group, last_col;
	struct err *e;
};

static int find_group(struct load *l, const char *label)
{
	struct model *m = l->m;
	int i;

	if (l->last_group >= 0 && strcmp(m->groups[l->last_group], label) == 0)
		return l->last_group;
	for (i = 0; i < m->ngroups; i++)
		if (strcmp(m->groups[i], label) == 0)
			return l->last_group = i;
	if (m->ngroups == m->gcap) {
		int ncap = m->gcap ? 2 * m->gcap : 16, c;
		char **ng = realloc(m->groups, (size_t)ncap * sizeof(*ng));

		if (!ng)
			return -1;
		m->groups = ng;
		for (c = 0; c < m->ncols; c++) {
			struct cell *nc = realloc(m->cols[c].cells,
						  (size_t)ncap * sizeof(*nc));
			if (!nc)
				return -1;
			m->cols[c].cells = nc;
		}
		m->gcap = ncap;
	}
	m->groups[m->ngroups] = strdup(label);
	if (!m->groups[m->ngroups])
		return -1;
	for (i = 0; i < m->ncols; i++)
		memset(&m->cols[i].cells[m->ngroups], 0, sizeof(struct cell));
	return l->last_group = m->ngroups++;
}

static int find_col(struct load *l, const struct record_result *r)
{
	struct model *m = l->m;
	struct column *c;
	int i;

	for (i = 0; i < m->ncols; i++) {
		int k = (l->last_col + 1 + i) % m->ncols;

		if (strcmp(m->cols[k].test, r->test) == 0 &&
		    strcmp(m->cols[k].metric, r->metric) == 0)
			return l->last_col = k;
	}
	if (m->ncols == m->ccap) {
		int ncap = m->ccap ? 2 * m->ccap : 16;
		struct column *nc = realloc(m->cols, (size_t)ncap * sizeof(*nc));

		if (!nc)
			return -1;
		m->cols = nc;
		m->ccap = ncap;
	}
	c = &m->cols[m->ncols];
	memset(c, 0, sizeof(*c));
	c->test = strdup(r->test);
	c->metric = strdup(r->metric);
	c->unit = strdup(r->unit);
	c->better = strdup(r->better);
	c->cells = calloc((size_t)(m->gcap ? m->gcap : 1), sizeof(struct cell));
	m->ncols++;	/* counted before the check so release frees it */
	if (!c->test || !c->metric || !c->unit || !c->better || !c->cells)
		return -1;
	return l->last_col = m->ncols - 1;
}

static int add_row(void *ctx, const struct store_row *row)
{
	struct load *l = ctx;
	int g = find_group(l, row->label), c;
	struct cell *cell;

	if (g < 0)
		return err_set(l->e, NULL, 0, 0, "out of memory");
	c = find_col(l, &row->r);
	if (c < 0)
		return err_set(l->e, NULL, 0, 0, "out of memory");
	cell = &l->m->cols[c].cells[g];
	l->m->nrows++;
	if (!row->r.has_value) {
		cell->nvoid++;
		strncpy(cell->status, row->r.status, sizeof(cell->status) - 1);
		return 0;
	}
	if (cell->n == 0 || row->r.value < cell->min)
		cell->min = row->r.value;
	if (cell->n == 0 || row->r.value > cell->max)
		cell->max = row->r.value;
	cell->n++;
	cell->sum += row->r.value;
	cell->sumsq += row->r.value * row->r.value;
	return 0;
}

int model_load(struct store *s, const char *suite, struct model *m,
	       struct err *e)
{
	struct load l;

	memset(m, 0, sizeof(*m));
	m->suite = strdup(suite);
	if (!m->suite)
		return err_set(e, NULL, 0, 0, "out of memory");
	l.m = m;
	l.last_group = -1;
	l.last_col = 0;
	l.e = e;
	if (store_each_result(s, suite, add_row, &l, e)) {
		model_release(m);
		return -1;
	}
	return 0;
}

void model_release(struct model *m)
{
	int i;

	for (i = 0; i < m->ngroups; i++)
		free(m->groups[i]);
	for (i = 0; i < m->ncols; i++) {
		free(m->cols[i].test);
		free(m->cols[i].metric);
		free(m->cols[i].unit);
		free(m->cols[i].better);
		free(m->cols[i].cells);
	}
	free(m->groups);
	free(m->cols);
	free(m->suite);
	memset(m, 0, sizeof(*m));
}

double cell_mean(const struct cell *c)
{
	return c->sum / c->n;
}

int column_best(const struct model *m, int c)
{
	const struct column *col = &m->cols[c];
	int higher = strcmp(col->better, "higher") == 0, g, best = -1;

	for (g = 0; g < m->ngroups; g++) {
		const struct cell *x = &col->cells[g];

		if (x->n == 0)
			continue;
		if (best < 0 ||
		    (higher ? cell_mean(x) > cell_mean(&col->cells[best])
			    : cell_mean(x) < cell_mean(&col->cells[best])))
			best = g;
	}
	return best;
}

int column_is_best(const struct model *m, int c, int best, int g)
{
	const struct cell *x = &m->cols[c].cells[g];

	return best >= 0 && x->n > 0 &&
	       cell_mean(x) == cell_mean(&m->cols[c].cells[best]);
}
