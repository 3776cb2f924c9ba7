/*
 * sweep_fill.c: see sweep_fill.h.  A group's point at a setting is its figure in
 * that setting's part (analysis/sweep.h), with the interval the part's
 * table shows.
 */
#include "sweep_fill.h"

#include <string.h>

#include "../../analysis/analysis.h"

int sweep_chart_fill(const struct split *sp, int c, struct sweep_chart *ch)
{
	struct sweep_axis ax;
	int k, g;

	memset(ch, 0, sizeof(*ch));
	if (sweep_axis_init(sp, &ax))
		return -1;
	for (k = 0; k < ax.n && ch->nx < SWEEP_X_MAX; k++) {
		ch->x[ch->nx] = ax.x[k];
		ch->x_text[ch->nx++] = ax.p[k]->value;
	}
	for (g = 0; g < sp->nbys && ch->nseries < SWEEP_SERIES_MAX; g++) {
		struct sweep_series *se = &ch->s[ch->nseries];
		int any = 0;

		se->name = sp->bys[g];
		se->color = g;
		for (k = 0; k < ch->nx; k++) {
			const struct split_part *p = ax.p[k];
			struct sweep_point *pt = &se->p[k];
			int i = sweep_place(p, sp->bys[g]);
			const struct stats *st;
			const struct cell *cl;
			int d;

			if (!sweep_figure(p, c, i, &pt->y))
				continue;
			pt->has = any = 1;
			st = analysis_stats(&p->a, c, i);
			/* an error bar exactly where the table shows the
			 * interval (docs/analysis.md, "Noise") */
			if (st->n >= 2 && st->ci_ok) {
				pt->has_err = 1;
				pt->lo = st->ci_low;
				pt->hi = st->ci_high;
			}
			cl = &p->m.cols[c].cells[i];
			for (d = 0; st->n >= 2 && d < cl->n - cl->nset &&
			     d < SWEEP_DOTS_MAX; d++)
				pt->dot[pt->ndots++] = cl->v[d];
		}
		ch->nseries += any;
	}
	sweep_axis_release(&ax);
	return ch->nx > 0 && ch->nseries > 0 ? 0 : -1;
}
