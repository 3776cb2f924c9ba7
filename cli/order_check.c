/*
 * order_check.c: see order_check.h.
 */
#include "order_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/natural.h"
#include "../core/buf.h"
#include "../core/err.h"
#include "../core/text.h"
#include "../core/textrule.h"
#include "../schema/selection.h"
#include "../schema/store.h"

/* The longest group name compared; a longer item matches nothing. */
#define NAME_MAX_LEN 4096

struct groups {
	const struct store_comparison *c;
	char **name;		/* each group once, in load order */
	int n, cap;
	int oom;
};

static int note_group(void *ctx, const struct store_row *row)
{
	struct groups *g = ctx;
	int i;

	/* what the page does not show makes no group (analysis/model.c) */
	if ((g->c->metrics && !text_listed(g->c->metrics, row->r.metric)) ||
	    (g->c->tests && !text_listed(g->c->tests, row->r.test)))
		return 0;
	for (i = g->n - 1; i >= 0; i--)
		if (strcmp(g->name[i], row->group) == 0)
			return 0;
	if (g->n == g->cap) {
		int cap = g->cap ? 2 * g->cap : 16;
		char **p = realloc(g->name, (size_t)cap * sizeof(*p));

		if (!p) {
			g->oom = 1;
			return 1;
		}
		g->name = p;
		g->cap = cap;
	}
	if (!(g->name[g->n] = strdup(row->group))) {
		g->oom = 1;
		return 1;
	}
	g->n++;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return natural_cmp(*(char *const *)a, *(char *const *)b);
}

/* 1 when v is one of g's groups. */
static int is_group(const struct groups *g, const char *v)
{
	int i;

	for (i = 0; i < g->n; i++)
		if (strcmp(g->name[i], v) == 0)
			return 1;
	return 0;
}

int order_check_groups(struct store *s, const struct store_comparison *c,
		       struct err *e)
{
	struct store_comparison c2 = *c;
	struct groups g;
	struct buf by, all;
	char v[NAME_MAX_LEN];
	const char *extra = c->x ? c->x : c->split;
	int i, n, rc = 0;

	if (!c->order || strcmp(c->order, "value") == 0)
		return 0;
	memset(&g, 0, sizeof(g));
	g.c = c;
	/* a second factor's groups are those of both (analysis/model.c) */
	buf_init(&by, 4096);
	if (extra)
		buf_printf(&by, "%s,%s", c->by, extra);
	c2.by = extra ? by.data : c->by;
	if (!c2.by) {
		buf_release(&by);
		return err_set(e, NULL, 0, 0, "out of memory");
	}
	if (store_each_result_in(s, &c2, note_group, &g, e) < 0 || g.oom) {
		if (g.oom)
			err_set(e, NULL, 0, 0, "out of memory");
		rc = -1;
		goto out;
	}
	n = selection_count(SELECTION_IN, c->order);
	for (i = 0; i < n; i++) {
		int k;

		if (selection_value(c->order, i, v, sizeof(v)) < 0 ||
		    is_group(&g, v))
			continue;
		buf_init(&all, 4096);
		/* named as the page would order them without --order */
		qsort(g.name, (size_t)g.n, sizeof(*g.name), by_name);
		for (k = 0; k < g.n && all.len < 300; k++)
			buf_printf(&all, "%s%s", k ? ", " : "", g.name[k]);
		if (k < g.n)
			buf_printf(&all, " and %d more", g.n - k);
		rc = err_set(e, NULL, 0, 0, "--order: comparison '%s' has no "
			     "group '%s' (its groups: %s); nothing stored",
			     c->name, v, all.data ? all.data : "none");
		buf_release(&all);
		break;
	}
out:
	for (i = 0; i < g.n; i++)
		free(g.name[i]);
	free(g.name);
	buf_release(&by);
	return rc;
}
