/*
 * sweep.c: see sweep.h.  Every statement here is read off the parts that
 * split.c analysed, one per value of the setting: a group's figure at a
 * setting is its figure in that part, and whether two groups differ there
 * is what that part's family says (analysis_pair), so a sweep says nothing
 * at one setting that a bar chart of that setting would not.
 */
#include "sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "analysis.h"
#include "figures.h"
#include "wording.h"

void sweep_axis_release(struct sweep_axis *ax)
{
	free(ax->p);
	free(ax->x);
	memset(ax, 0, sizeof(*ax));
}

/* an insertion sort: a sweep has tens of settings */
int sweep_axis_init(const struct split *sp, struct sweep_axis *ax)
{
	int i, j;

	memset(ax, 0, sizeof(*ax));
	if (!sp->m || !sp->m->sweep)
		return -1;
	ax->p = calloc((size_t)sp->nparts + 1, sizeof(*ax->p));
	ax->x = calloc((size_t)sp->nparts + 1, sizeof(*ax->x));
	if (!ax->p || !ax->x) {
		sweep_axis_release(ax);
		return -1;
	}
	for (i = 0; i < sp->nparts; i++) {
		const struct split_part *p = &sp->part[i];
		double v;

		if (p->across || !p->m.groups)
			continue;
		v = strtod(p->value, NULL);
		for (j = ax->n; j > 0 && ax->x[j - 1] > v; j--) {
			ax->x[j] = ax->x[j - 1];
			ax->p[j] = ax->p[j - 1];
		}
		ax->x[j] = v;
		ax->p[j] = p;
		ax->n++;
	}
	return 0;
}

int sweep_place(const struct split_part *p, const char *b)
{
	int i;

	for (i = 0; i < p->m.ngroups; i++)
		if (strcmp(p->shortname[i], b) == 0)
			return i;
	return -1;
}

int sweep_figure(const struct split_part *p, int c, int i, double *v)
{
	const struct analysis *a = &p->a;
	size_t k = (size_t)c * (size_t)p->m.ngroups + (size_t)i;
	const struct stats *st;

	if (i < 0 || a->state[c] == COL_SET || a->state[c] == COL_NONE)
		return 0;
	st = analysis_stats(a, c, i);
	if (st->n == 0 || a->fixed[k])
		return 0;
	*v = st->mean;
	return 1;
}

static int higher(const struct split *sp, int c)
{
	return column_higher(&sp->m->cols[c]);
}

/* The peak of by value b: the setting of its best figure; -1 when it has
 * figures at fewer than two settings. */
static int peak(const struct split *sp, const struct sweep_axis *ax, int c,
		const char *b, double *best)
{
	int k, at = -1, n = 0;
	double v;

	for (k = 0; k < ax->n; k++) {
		if (!sweep_figure(ax->p[k], c, sweep_place(ax->p[k], b), &v))
			continue;
		n++;
		if (at < 0 || (higher(sp, c) ? v > *best : v < *best)) {
			at = k;
			*best = v;
		}
	}
	return n >= 2 ? at : -1;
}

/* b's figures at its smallest and largest settings (*lo, *hi: the places
 * on the axis); 0 when it has no two. */
static int ends(const struct sweep_axis *ax, int c, const char *b, int *lo, int *hi,
		double *vlo, double *vhi)
{
	int k;
	double v;

	*lo = *hi = -1;
	for (k = 0; k < ax->n; k++) {
		if (!sweep_figure(ax->p[k], c, sweep_place(ax->p[k], b), &v))
			continue;
		if (*lo < 0) {
			*lo = k;
			*vlo = v;
		}
		*hi = k;
		*vhi = v;
	}
	return *lo >= 0 && *hi > *lo;
}

/* Where b1 stands against b2 at a setting. */
enum lead { L_NONE, L_FIRST, L_SECOND, L_FIRST_1, L_SECOND_1, L_SAME, L_TIE };

static enum lead lead_at(const struct split *sp, const struct split_part *p,
			 int c, const char *b1, const char *b2)
{
	int i = sweep_place(p, b1), j = sweep_place(p, b2);
	double v1, v2;
	int first;

	if (!sweep_figure(p, c, i, &v1) || !sweep_figure(p, c, j, &v2))
		return L_NONE;
	first = higher(sp, c) ? v1 > v2 : v1 < v2;
	switch (analysis_pair(&p->a, c, i, j)) {
	case S_SIG:
		return first ? L_FIRST : L_SECOND;
	case S_TIE:
		return L_TIE;
	case S_NOTSIG:
		return L_SAME;
	case S_SINGLE:
		return v1 == v2 ? L_TIE : first ? L_FIRST_1 : L_SECOND_1;
	default:
		return L_NONE;
	}
}

/* "threads=1", "threads=1 to 4" of the settings ax->p[k0..k1]. */
static void at_text(struct buf *b, const struct split *sp,
		    const struct sweep_axis *ax, int k0, int k1)
{
	buf_printf(b, "%s=%s", sp->m->split, ax->p[k0]->value);
	if (k1 > k0)
		buf_printf(b, " to %s", ax->p[k1]->value);
}

/* A run of settings over which one pair's standing is the same. */
struct segment {
	enum lead lead;
	int k0, k1;
};

/* The segments of pair (b1, b2) in column c, into seg (room for ax->n):
 * how many. */
static int segments(const struct split *sp, const struct sweep_axis *ax, int c,
		    const char *b1, const char *b2, struct segment *seg)
{
	int k, n = 0;

	for (k = 0; k < ax->n; k++) {
		enum lead l = lead_at(sp, ax->p[k], c, b1, b2);

		if (l == L_NONE)
			continue;
		if (n > 0 && seg[n - 1].lead == l) {
			seg[n - 1].k1 = k;
			continue;
		}
		seg[n].lead = l;
		seg[n].k0 = seg[n].k1 = k;
		n++;
	}
	return n;
}

static int ahead(enum lead l)
{
	return l == L_FIRST || l == L_FIRST_1 ? 1 :
	       l == L_SECOND || l == L_SECOND_1 ? 2 : 0;
}

/* The segment where the lead passes from one group to the other: its
 * index (the new leader's first segment), or -1. */
static int overtake(const struct segment *seg, int n)
{
	int i, last = 0;

	for (i = 0; i < n; i++) {
		int w = ahead(seg[i].lead);

		if (!w)
			continue;
		if (last && w != last)
			return i;
		last = w;
	}
	return -1;
}

void sweep_sentences(const struct split *sp, int c, struct buf *out)
{
	const struct column *col;
	struct sweep_axis ax;
	struct segment *seg;
	int g, h;

	if (sweep_axis_init(sp, &ax))
		return;
	col = &sp->m->cols[c];
	seg = calloc((size_t)ax.n + 1, sizeof(*seg));
	for (g = 0; g < sp->nbys && seg; g++) {
		const char *b = sp->bys[g];
		double best = 0, vlo = 0, vhi = 0;
		int k = peak(sp, &ax, c, b, &best), lo, hi;
		char v[48], w[48];

		if (k < 0)
			continue;
		analysis_value_text(best, col->unit, v);
		buf_printf(out, "%s %s at %s=%s (%s)%s\n", b, higher(sp, c) ?
			   "peaks" : "is lowest", sp->m->split, ax.p[k]->value,
			   v, k == ax.n - 1 && ax.n > 1 ? ", the largest tried" :
			   "");
		if (!ends(&ax, c, b, &lo, &hi, &vlo, &vhi) || !(vlo > 0) ||
		    !(vhi > 0))
			continue;
		analysis_value_text(vlo, col->unit, v);
		analysis_value_text(vhi, col->unit, w);
		buf_printf(out, "%s goes from %s at %s=%s to %s at %s=%s: ", b,
			   v, sp->m->split, ax.p[lo]->value, w, sp->m->split,
			   ax.p[hi]->value);
		{
			char r[16];
			double f = vhi / vlo;

			analysis_ratio_text(f >= 1 ? f : 1 / f, r);
			buf_printf(out, "%s %s", r, f >= 1 ? "up" : "down");
			if (ax.x[lo] > 0 && ax.x[hi] > ax.x[lo]) {
				double d = log2(ax.x[hi] / ax.x[lo]);

				if (d >= 1) {
					double per = pow(f, 1 / d);

					analysis_ratio_text(per >= 1 ? per : 1 / per,
							    r);
					buf_printf(out, ", %s %s per doubling", r,
						   per >= 1 ? "up" : "down");
				}
			}
		}
		buf_adds(out, "\n");
	}
	for (g = 0; g < sp->nbys && seg; g++)
		for (h = g + 1; h < sp->nbys; h++) {
			const char *b1 = sp->bys[g], *b2 = sp->bys[h];
			int n = segments(sp, &ax, c, b1, b2, seg), i, o;

			if (n == 0)
				continue;
			buf_printf(out, "%s against %s: ", b1, b2);
			for (i = 0; i < n; i++) {
				const char *who = seg[i].lead == L_FIRST ||
						  seg[i].lead == L_FIRST_1 ? b1 : b2;

				buf_adds(out, i ? "; " : "");
				switch (seg[i].lead) {
				case L_FIRST:
				case L_SECOND:
				case L_FIRST_1:
				case L_SECOND_1:
					buf_printf(out, "%s is %s at ", who,
						   analysis_word(col, 1));
					at_text(out, sp, &ax, seg[i].k0, seg[i].k1);
					if (seg[i].lead == L_FIRST_1 ||
					    seg[i].lead == L_SECOND_1)
						buf_adds(out, " (single runs)");
					break;
				case L_SAME:
					buf_adds(out, "no significant difference at ");
					at_text(out, sp, &ax, seg[i].k0, seg[i].k1);
					break;
				default:
					buf_adds(out, "within 0.1% at ");
					at_text(out, sp, &ax, seg[i].k0, seg[i].k1);
				}
			}
			if ((o = overtake(seg, n)) >= 0)
				buf_printf(out, " (%s overtakes %s at %s=%s)",
					   ahead(seg[o].lead) == 1 ? b1 : b2,
					   ahead(seg[o].lead) == 1 ? b2 : b1,
					   sp->m->split, ax.p[seg[o].k0]->value);
			buf_adds(out, "\n");
		}
	free(seg);
	sweep_axis_release(&ax);
}

int sweep_each_row(const struct split *sp,
		   int (*cb)(void *ctx, const struct sweep_row *r), void *ctx)
{
	struct sweep_axis ax;
	struct segment *seg;
	int c, g, h, rc = 0;

	if (sweep_axis_init(sp, &ax))
		return 0;
	seg = calloc((size_t)ax.n + 1, sizeof(*seg));
	for (c = 0; c < sp->m->ncols && seg && !rc; c++) {
		for (g = 0; g < sp->nbys && !rc; g++) {
			struct sweep_row r;
			double best = 0, vlo = 0, vhi = 0;
			int k = peak(sp, &ax, c, sp->bys[g], &best), lo, hi;

			if (k < 0)
				continue;
			memset(&r, 0, sizeof(r));
			r.kind = K_PEAK;
			r.col = c;
			r.subject = sp->bys[g];
			r.value = best;
			r.x = ax.p[k]->value;
			if ((rc = cb(ctx, &r)) != 0)
				break;
			if (!ends(&ax, c, sp->bys[g], &lo, &hi, &vlo, &vhi) ||
			    !(vlo > 0) || !(vhi > 0))
				continue;
			r.kind = K_SCALING;
			r.ratio = vhi / vlo;
			r.value = vhi;
			r.ref_value = vlo;
			r.has_ref_value = 1;
			r.x = ax.p[hi]->value;
			r.ref_x = ax.p[lo]->value;
			rc = cb(ctx, &r);
		}
		for (g = 0; g < sp->nbys && !rc; g++)
			for (h = g + 1; h < sp->nbys && !rc; h++) {
				int n = segments(sp, &ax, c, sp->bys[g], sp->bys[h],
						 seg), o = overtake(seg, n);
				struct sweep_row r;

				if (o < 0)
					continue;
				memset(&r, 0, sizeof(r));
				r.kind = K_OVERTAKE;
				r.col = c;
				r.subject = ahead(seg[o].lead) == 1 ? sp->bys[g] :
								      sp->bys[h];
				r.reference = ahead(seg[o].lead) == 1 ?
					      sp->bys[h] : sp->bys[g];
				r.x = ax.p[seg[o].k0]->value;
				r.support = seg[o].lead == L_FIRST ||
					    seg[o].lead == L_SECOND ? S_SIG :
					    S_SINGLE;
				rc = cb(ctx, &r);
			}
	}
	free(seg);
	sweep_axis_release(&ax);
	return rc;
}

/* count[g] (room for nbys): the points at which by value g is best, in
 * column c or (c < 0) in every column; how many points have a best. */
static int best_counts(const struct split *sp, const struct sweep_axis *ax, int c,
		       int *count)
{
	int k, g, i, points = 0;

	for (i = c < 0 ? 0 : c; i < (c < 0 ? sp->m->ncols : c + 1); i++)
		for (k = 0; k < ax->n; k++) {
			const struct split_part *p = ax->p[k];
			int any = 0;

			for (g = 0; g < sp->nbys; g++) {
				int j = sweep_place(p, sp->bys[g]);

				if (j >= 0 && analysis_is_best(&p->a, i, j)) {
					count[g]++;
					any = 1;
				}
			}
			points += any || (p->a.state[i] == COL_OK);
		}
	return points;
}

void sweep_headline(const struct split *sp, struct buf *out)
{
	struct sweep_axis ax;
	int *count, g, points = 0, most = 0, n = 0, i;

	if (sweep_axis_init(sp, &ax))
		return;
	count = calloc((size_t)sp->nbys + 1, sizeof(int));
	if (count)
		points = best_counts(sp, &ax, -1, count);
	for (g = 0; g < sp->nbys && count; g++)
		if (count[g] > most)
			most = count[g];
	for (g = 0; g < sp->nbys && count; g++)
		n += most > 0 && count[g] == most;
	for (g = 0, i = 0; g < sp->nbys && most > 0 && count; g++)
		if (count[g] == most) {
			buf_printf(out, "%s%s", i == 0 ? "" : i == n - 1 ? " and " :
				   ", ", sp->bys[g]);
			i++;
		}
	if (most > 0)
		buf_printf(out, ": best at %d of %d points%s (a chart at one %s "
			   "value)", most, points, n > 1 ? " each" : "",
			   sp->m->split);
	free(count);
	sweep_axis_release(&ax);
}

int sweep_headline_column(const struct split *sp)
{
	struct sweep_axis ax;
	int *count, c, g, top = -1, best = 0, at = 0;

	if (sweep_axis_init(sp, &ax))
		return 0;
	count = calloc((size_t)sp->nbys + 1, sizeof(int));
	if (count) {
		best_counts(sp, &ax, -1, count);
		for (g = 0; g < sp->nbys; g++)
			if (count[g] > 0 && (top < 0 || count[g] > count[top]))
				top = g;
	}
	for (c = 0; top >= 0 && c < sp->m->ncols; c++) {
		memset(count, 0, (size_t)sp->nbys * sizeof(int));
		best_counts(sp, &ax, c, count);
		if (count[top] > best) {
			best = count[top];
			at = c;
		}
	}
	free(count);
	sweep_axis_release(&ax);
	return at;
}

int sweep_outliers(const struct split *sp, unsigned char *out)
{
	struct sweep_axis ax;
	int g, k, n = 0;

	memset(out, 0, (size_t)sp->nbys);
	if (sweep_axis_init(sp, &ax))
		return 0;
	for (g = 0; g < sp->nbys; g++) {
		int present = 0, outlier = 0;

		for (k = 0; k < ax.n; k++) {
			const struct split_part *p = ax.p[k];
			int j = sweep_place(p, sp->bys[g]);

			if (j < 0)
				continue;
			present++;
			outlier += p->a.outlier && p->a.outlier[j];
		}
		/* at least half, as a comparison's outliers are of its
		 * charts (analysis.h) */
		if (outlier > 0 && 2 * outlier >= present) {
			out[g] = 1;
			n++;
		}
	}
	sweep_axis_release(&ax);
	/* with every group an outlier, a view without them is empty */
	return n < sp->nbys ? n : 0;
}
