/*
 * split.c: see split.h.  A group's by value and split value are the
 * model's (model.h).  A part is a view of the model: new arrays of
 * groups, runs and cells (the cells copied shallowly: the values stay the
 * model's), which analysis_run reads like any model, so the statements of
 * a part follow docs/analysis.md exactly as a comparison's do.
 */
#include "split.h"

#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "wording.h"

int split_intern(char **list, int *n, char *s)
{
	int i;

	for (i = 0; i < *n; i++)
		if (strcmp(list[i], s) == 0)
			return i;
	list[*n] = s;
	return (*n)++;
}

/* A view of m holding groups gs[0..n) named names[0..n). */
static int view(const struct model *m, const int *gs, int n, char **names,
		struct model *v)
{
	int c, i, k;

	memset(v, 0, sizeof(*v));
	v->name = m->name;
	v->title = m->title;
	v->suite = m->suite;
	v->by = m->by;
	v->where = m->where;
	v->attrs = m->attrs;
	v->nattrs = m->nattrs;
	v->sampled = m->sampled;	/* same columns: borrowed */
	v->nsampled = m->nsampled;
	v->groups = malloc((size_t)n * sizeof(*v->groups));
	v->runs = malloc((size_t)n * sizeof(*v->runs));
	v->nruns = malloc((size_t)n * sizeof(*v->nruns));
	v->cols = calloc((size_t)(m->ncols ? m->ncols : 1), sizeof(*v->cols));
	v->mixed = calloc((size_t)(m->nmixed ? m->nmixed : 1), sizeof(*v->mixed));
	if (!v->groups || !v->runs || !v->nruns || !v->cols || !v->mixed)
		return -1;
	v->ngroups = v->gcap = n;
	for (i = 0; i < n; i++) {
		v->groups[i] = names[i];
		v->runs[i] = m->runs[gs[i]];
		v->nruns[i] = m->nruns[gs[i]];
	}
	v->ncols = v->ccap = m->ncols;
	v->nrows = m->nrows;
	for (c = 0; c < m->ncols; c++) {
		v->cols[c] = m->cols[c];
		v->cols[c].cells = malloc((size_t)n * sizeof(struct cell));
		if (!v->cols[c].cells)
			return -1;
		for (i = 0; i < n; i++)
			v->cols[c].cells[i] = m->cols[c].cells[gs[i]];
	}
	for (k = 0; k < m->nmixed; k++)
		for (i = 0; i < n; i++)
			if (m->mixed[k].group == gs[i]) {
				v->mixed[v->nmixed] = m->mixed[k];
				v->mixed[v->nmixed++].group = i;
			}
	return 0;
}

static void view_release(struct model *v)
{
	int c;

	for (c = 0; v->cols && c < v->ncols; c++)
		free(v->cols[c].cells);
	free(v->cols);
	free(v->groups);
	free(v->runs);
	free(v->nruns);
	free(v->mixed);
	memset(v, 0, sizeof(*v));
}

static int add_part(struct split *sp, int across, const char *value,
		    struct err *e)
{
	const struct model *m = sp->m;
	struct split_part *p = &sp->part[sp->nparts];
	int g, n = 0;

	memset(p, 0, sizeof(*p));
	p->across = across;
	p->value = value;
	p->group = malloc((size_t)m->ngroups * sizeof(*p->group));
	p->full = malloc((size_t)m->ngroups * sizeof(*p->full));
	p->shortname = malloc((size_t)m->ngroups * sizeof(*p->shortname));
	if (!p->group || !p->full || !p->shortname)
		goto oom;
	for (g = 0; g < m->ngroups; g++) {
		if (strcmp(across ? sp->by[g] : sp->val[g], value) != 0)
			continue;
		p->group[n] = g;
		p->full[n] = m->groups[g];
		p->shortname[n++] = across ? sp->val[g] : sp->by[g];
	}
	sp->nparts++;
	/* across a by value that has one split value: nothing to compare */
	if (across && n < 2)
		return 0;
	if (view(m, p->group, n, p->shortname, &p->m))
		goto oom;
	return analysis_run(&p->m, &p->a, e);
oom:
	sp->nparts++;
	return err_set(e, NULL, 0, 0, "out of memory");
}

int split_run(const struct model *m, struct split *sp, struct err *e)
{
	int g, i, n = m->ngroups ? m->ngroups : 1;

	memset(sp, 0, sizeof(*sp));
	sp->m = m;
	if (!m->split)
		return 0;
	sp->by = m->by_value;
	sp->val = m->split_value;
	sp->values = calloc((size_t)n, sizeof(*sp->values));
	sp->bys = calloc((size_t)n, sizeof(*sp->bys));
	sp->part = calloc((size_t)(2 * n), sizeof(*sp->part));
	if (!sp->values || !sp->bys || !sp->part)
		return err_set(e, NULL, 0, 0, "out of memory");
	for (g = 0; g < m->ngroups; g++) {
		split_intern(sp->values, &sp->nvalues, sp->val[g]);
		split_intern(sp->bys, &sp->nbys, sp->by[g]);
	}
	if (analysis_run(m, &sp->whole, e))
		return -1;
	sp->has_whole = 1;
	for (i = 0; i < sp->nvalues; i++)
		if (add_part(sp, 0, sp->values[i], e))
			return -1;
	/* a sweep says what happens along its axis (sweep.c), not how the
	 * settings of one group compare as competitors */
	for (i = 0; i < sp->nbys && !m->sweep; i++)
		if (add_part(sp, 1, sp->bys[i], e))
			return -1;
	return 0;
}

void split_release(struct split *sp)
{
	int i;

	for (i = 0; i < sp->nparts; i++) {
		struct split_part *p = &sp->part[i];

		if (p->m.groups) {
			analysis_release(&p->a);
			view_release(&p->m);
		}
		free(p->group);
		free(p->full);
		free(p->shortname);
	}
	if (sp->has_whole)
		analysis_release(&sp->whole);
	free(sp->values);
	free(sp->bys);
	free(sp->part);
	memset(sp, 0, sizeof(*sp));
}

void split_sentences(const struct split *sp, int c, struct buf *out)
{
	struct buf b;
	int i;

	buf_init(&b, 1 << 16);
	for (i = 0; i < sp->nparts; i++) {
		const struct split_part *p = &sp->part[i];
		int g, any = 0;

		if (!p->m.groups)
			continue;
		/* a split value none of whose runs has this test: nothing to
		 * say of it here (4.1.10 default ran the restore alone) */
		for (g = 0; g < p->m.ngroups; g++)
			any |= p->m.cols[c].cells[g].n > 0 ||
			       p->m.cols[c].cells[g].nvoid > 0;
		if (!any)
			continue;
		buf_reset(&b);
		analysis_sentence(&p->a, c, &b);
		if (b.len && sp->m->sweep)
			buf_printf(out, "At %s=%s: %s\n", sp->m->split, p->value,
				   b.data);
		else if (b.len)
			buf_printf(out, "On %s: %s\n", p->value, b.data);
	}
	buf_release(&b);
}
