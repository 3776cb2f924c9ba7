/*
 * model.c: see model.h.  Lookups are linear with a one-entry cache: rows
 * come grouped by run, so the same group and neighbouring columns repeat.
 */
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../schema/store.h"

/* A cell's values: one per run of the group; a group of more runs than
 * this is a store of another kind than benchsite is built for. */
#define CELL_VALUES_MAX 1000000

struct load {
	struct model *m;
	int last_group, last_col;
	struct err *e;
};

static int find_group(struct load *l, const char *name)
{
	struct model *m = l->m;
	int i;

	if (l->last_group >= 0 && strcmp(m->groups[l->last_group], name) == 0)
		return l->last_group;
	for (i = 0; i < m->ngroups; i++)
		if (strcmp(m->groups[i], name) == 0)
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
	{
		long long **nr = realloc(m->runs, (size_t)(m->ngroups + 1) *
					 sizeof(*nr));
		int *nn;

		if (!nr)
			return -1;
		m->runs = nr;
		nn = realloc(m->nruns, (size_t)(m->ngroups + 1) * sizeof(*nn));
		if (!nn)
			return -1;
		m->nruns = nn;
		m->runs[m->ngroups] = NULL;
		m->nruns[m->ngroups] = 0;
	}
	m->groups[m->ngroups] = strdup(name);
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

/* 0; -1 past CELL_VALUES_MAX; -2 when memory ran out */
static int add_value(struct cell *c, double v)
{
	if (c->n == c->cap) {
		int ncap = c->cap ? 2 * c->cap : 4;
		double *nv;

		if (ncap > CELL_VALUES_MAX)
			return -1;
		nv = realloc(c->v, (size_t)ncap * sizeof(*nv));
		if (!nv)
			return -2;
		c->v = nv;
		c->cap = ncap;
	}
	c->v[c->n++] = v;
	return 0;
}

/* Notes run as one of group g's (rows come ordered by run, so a repeat is
 * always the last one noted). */
static int add_run(struct model *m, int g, long long run)
{
	int n = m->nruns[g];
	long long *nr;

	if (n > 0 && m->runs[g][n - 1] == run)
		return 0;
	if ((n & (n - 1)) == 0) {	/* 0, 1, 2, 4...: grow to double */
		nr = realloc(m->runs[g], (size_t)(n ? 2 * n : 1) * sizeof(*nr));
		if (!nr)
			return -1;
		m->runs[g] = nr;
	}
	m->runs[g][m->nruns[g]++] = run;
	return 0;
}

static int add_row(void *ctx, const struct store_row *row)
{
	struct load *l = ctx;
	int g = find_group(l, row->group), c;
	struct cell *cell;

	if (g < 0)
		return err_set(l->e, NULL, 0, 0, "out of memory");
	c = find_col(l, &row->r);
	if (c < 0)
		return err_set(l->e, NULL, 0, 0, "out of memory");
	cell = &l->m->cols[c].cells[g];
	l->m->nrows++;
	if (add_run(l->m, g, row->run))
		return err_set(l->e, NULL, 0, 0, "out of memory");
	if (!row->r.has_value) {
		cell->nvoid++;
		snprintf(cell->status, sizeof(cell->status), "%s", row->r.status);
		return 0;
	}
	switch (add_value(cell, row->r.value)) {
	case -1:
		return err_set(l->e, NULL, 0, 0, "too many runs in one group");
	case -2:
		return err_set(l->e, NULL, 0, 0, "out of memory");
	}
	return 0;
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

int model_load(struct store *s, const struct store_comparison *c,
	       struct model *m, struct err *e)
{
	struct load l;
	struct buf where;
	int i;

	memset(m, 0, sizeof(*m));
	buf_init(&where, 8192);
	for (i = 0; i < c->nwhere; i++)
		buf_printf(&where, "%s%s=%s", i ? ", " : "", c->where_key[i],
			   c->where_value[i]);
	m->where = buf_detach(&where, NULL);
	m->name = strdup(c->name);
	m->title = dup_or_null(c->title);
	m->suite = strdup(c->suite);
	m->by = strdup(c->by);
	if (!m->name || !m->suite || !m->by || !m->where ||
	    (c->title && !m->title)) {
		model_release(m);
		return err_set(e, NULL, 0, 0, "out of memory");
	}
	l.m = m;
	l.last_group = -1;
	l.last_col = 0;
	l.e = e;
	if (store_each_result_in(s, c, add_row, &l, e)) {
		model_release(m);
		return -1;
	}
	return 0;
}

void model_release(struct model *m)
{
	int i, g;

	for (i = 0; i < m->ngroups; i++) {
		free(m->groups[i]);
		free(m->runs[i]);
	}
	free(m->runs);
	free(m->nruns);
	for (i = 0; i < m->ncols; i++) {
		free(m->cols[i].test);
		free(m->cols[i].metric);
		free(m->cols[i].unit);
		free(m->cols[i].better);
		/* NULL when its allocation failed (find_col) */
		for (g = 0; m->cols[i].cells && g < m->ngroups; g++)
			free(m->cols[i].cells[g].v);
		free(m->cols[i].cells);
	}
	free(m->groups);
	free(m->cols);
	free(m->name);
	free(m->title);
	free(m->suite);
	free(m->by);
	free(m->where);
	memset(m, 0, sizeof(*m));
}

int column_higher(const struct column *c)
{
	return strcmp(c->better, "higher") == 0;
}
