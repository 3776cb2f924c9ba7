/*
 * page_timeseries.c: see page_timeseries.h.
 */
#include "page_timeseries.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/analysis.h"
#include "../../analysis/timeseries.h"
#include "../../analysis/units.h"
#include "../../core/buf.h"
#include "../../core/err.h"
#include "../chart/chart.h"
#include "../site/draw.h"
#include "html.h"
#include "../chart/linechart.h"
#include "../site/site.h"
#include "../site/slug.h"
#include "chart_html.h"

#define WIDTH 960

/* A group's runs as line series, the last one the group's mean. */
struct lines {
	struct line_series **s;
	int n;			/* runs, then the mean */
	double factor;		/* the unit chosen: figures / factor */
};

static void each_report(void *ctx, int k, double t, double v)
{
	struct lines *l = ctx;

	line_series_add(l->s[k], t, v / l->factor);
}

static void lines_free(struct lines *l)
{
	int i;

	for (i = 0; l->s && i < l->n; i++)
		free(l->s[i]);
	free(l->s);
	memset(l, 0, sizeof(*l));
}

static int lines_alloc(struct lines *l, int n)
{
	int i;

	memset(l, 0, sizeof(*l));
	if (!(l->s = calloc((size_t)n, sizeof(*l->s))))
		return -1;
	l->n = n;
	for (i = 0; i < n; i++) {
		if (!(l->s[i] = malloc(sizeof(*l->s[i]))))
			return -1;
		line_series_init(l->s[i]);
	}
	return 0;
}

/* The largest report of column c over every run of the comparison, so
 * that every group's chart shares one unit; 0 when there is none. */
struct peak {
	double max;
	int any;
};

/* A group's reports as the first pass read them (its series in stored
 * figures, factor 1), kept for the second while the groups kept fit in
 * KEPT_MAX bytes: reading a group's samples is most of what its chart
 * costs, and a comparison of many long runs must not hold them all. */
#define KEPT_MAX ((size_t)16 << 20)

struct kept {
	struct ts_group tg;
	struct lines ln;
	int has;		/* tg and ln hold the group's reports */
};

struct first {
	struct peak *pk;
	struct lines *ln;
};

static void each_first(void *ctx, int k, double t, double v)
{
	struct first *f = ctx;
	struct peak *p = f->pk;

	if (!p->any || fabs(v) > p->max)
		p->max = fabs(v);
	p->any = 1;
	each_report(f->ln, k, t, v);
}

/* The bytes a kept group holds. */
static size_t kept_size(const struct kept *k)
{
	return (size_t)k->ln.n * sizeof(**k->ln.s) +
	       (size_t)k->tg.cap * (2 * sizeof(double) + sizeof(int));
}

static void kept_free(struct kept *k)
{
	ts_group_release(&k->tg);
	lines_free(&k->ln);
	k->has = 0;
}

/* The series of ln, read in stored figures, in the unit of factor: each
 * figure divided as each_report divides it, and the maximum with them
 * (division by a positive factor keeps which figure is the largest). */
static void lines_scale(struct lines *ln, double factor)
{
	int i, k;

	for (i = 0; i < ln->n; i++) {
		struct line_series *ls = ln->s[i];

		for (k = 0; k < ls->kept; k++)
			ls->v[k] /= factor;
		ls->v_max /= factor;
	}
	ln->factor = factor;
}

/* One group's chart and sentences; tg holds its series, lines its runs'
 * lines (the mean's still empty). */
static int group_figure(struct site *s, xmlNodePtr parent,
			const struct analysis *a, int c, int g,
			struct ts_group *tg, struct lines *ln,
			const struct units_view *uv)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	const char *parts[] = {"time", m->name, col->test, col->metric,
			       m->groups[g], NULL};
	const struct line_series *const *ss =
		(const struct line_series *const *)ln->s;
	char base[SLUG_MAX], name[SLUG_MAX + 16];
	char title[400], ay[300], alt[700], who[300];
	const struct stats *st = analysis_stats(a, c, g);
	struct line_layout *lay = malloc(sizeof(*lay));
	struct line_layout *nlay = malloc(sizeof(*nlay));
	struct ts_result r;
	double *t = malloc((size_t)(tg->n ? tg->n : 1) * sizeof(*t));
	double *v = malloc((size_t)(tg->n ? tg->n : 1) * sizeof(*v));
	struct buf b;
	long i;
	int rc, k;

	if (!lay || !nlay || !t || !v) {
		free(lay);
		free(nlay);
		free(t);
		free(v);
		return err_set(s->e, NULL, 0, 0, "out of memory");
	}
	ts_group_series(tg, t, v);
	for (i = 0; i < tg->n; i++)
		line_series_add(ln->s[ln->n - 1], t[i], v[i] / uv->factor);
	rc = ts_analyse(t, v, tg->n, column_higher(col), &r);
	free(t);
	free(v);
	if (rc) {
		free(lay);
		free(nlay);
		return err_set(s->e, NULL, 0, 0, "out of memory");
	}
	/* a sweep's group at a setting is "commit-on at clients=4" */
	model_group_said(m, g, who, sizeof(who));
	snprintf(title, sizeof(title), "%s: %s over time", who, col->metric);
	snprintf(ay, sizeof(ay), "%s%s%s%s, %s is better", col->metric,
		 *uv->unit ? " (" : "", uv->unit, *uv->unit ? ")" : "",
		 col->better);
	slug_make(base, parts);
	buf_init(&b, (size_t)64 << 20);
	/* BASE.svg (light and dark) and the phone's BASE-narrow.svg, as a
	 * run page's reports: no PNG, whose encoding of thousands of
	 * antialiased points cost more than the rest of the chart */
	rc = line_layout_many(ss, ln->n, title, ay, WIDTH, lay, s->e);
	if (rc == 0)
		rc = line_layout_many(ss, ln->n, title, ay, CHART_NARROW_WIDTH,
				      nlay, s->e);
	for (k = 0; rc == 0 && k < 2; k++) {
		static const char *const suffix[] = {".svg", "-narrow.svg"};

		buf_reset(&b);
		rc = line_paint_many_svg(k == 0 ? lay : nlay, ss, ln->n,
					 ln->n - 1, &b, s->e);
		snprintf(name, sizeof(name), "%s%s", base, suffix[k]);
		if (rc == 0)
			rc = site_write(s, name, b.data, b.len, 0);
	}
	if (rc == 0)
		rc = draw_line_made(s, base);
	if (rc == 0) {
		xmlNodePtr fig = html_el(parent, "figure", NULL);

		snprintf(alt, sizeof(alt), "Line chart of %s over time for %s: "
			 "each run a thin line, their mean thick; what it "
			 "shows is said below", col->metric, who);
		buf_reset(&b);
		ts_sentences(&r, who, tg->nruns, col->unit,
			     st->n > 0 ? st->mean : NAN, &b);
		if (tg->dropped) {
			char n[32];

			units_number(TS_SAMPLES_MAX, n);
			buf_printf(&b, " Only each run's first %s reports are "
				   "averaged.", n);
		}
		html_chart_full(fig, base, 0, lay->width, lay->height,
				nlay->width, nlay->height, alt,
				b.data ? b.data : "");
	}
	buf_release(&b);
	free(lay);
	free(nlay);
	return rc;
}

/* The first pass: whether any run of the comparison reported, and the
 * largest report, in *pk; the groups' reports in kept[g] while they fit
 * (KEPT_MAX). */
static int first_pass(struct site *s, const struct model *m, int c,
		      struct kept *kept, struct peak *pk)
{
	size_t held = 0;
	int g;

	for (g = 0; g < m->ngroups; g++) {
		struct kept *k = &kept[g];
		struct first f = {pk, &k->ln};

		ts_group_init(&k->tg);
		if (lines_alloc(&k->ln, m->nruns[g] + 1)) {
			kept_free(k);
			return err_set(s->e, NULL, 0, 0, "out of memory");
		}
		k->ln.factor = 1;
		k->has = 1;
		if (ts_load(s->store, m, c, g, &k->tg, each_first, &f, s->e))
			return -1;
		held += kept_size(k);
		if (held > KEPT_MAX) {
			held -= kept_size(k);
			kept_free(k);
		}
	}
	return 0;
}

/* Group g's reports in the unit of uv: those kept from the first pass,
 * else read again. */
static int group_lines(struct site *s, const struct model *m, int c, int g,
		       const struct units_view *uv, struct kept *k)
{
	if (k->has) {
		lines_scale(&k->ln, uv->factor);
		return 0;
	}
	if (lines_alloc(&k->ln, m->nruns[g] + 1)) {
		kept_free(k);
		return err_set(s->e, NULL, 0, 0, "out of memory");
	}
	k->ln.factor = uv->factor;
	k->has = 1;
	return ts_load(s->store, m, c, g, &k->tg, each_report, &k->ln, s->e);
}

int page_timeseries(struct site *s, xmlNodePtr parent,
		    const struct analysis *a, int c)
{
	const struct model *m = a->m;
	struct peak pk = {0, 0};
	struct units_view uv;
	struct kept *kept = calloc((size_t)(m->ngroups ? m->ngroups : 1),
				   sizeof(*kept));
	xmlNodePtr sec = NULL;
	int g, rc;

	if (!kept)
		return err_set(s->e, NULL, 0, 0, "out of memory");
	rc = first_pass(s, m, c, kept, &pk);
	if (rc == 0 && pk.any)
		units_pick(m->cols[c].unit, pk.max, &uv);
	for (g = 0; rc == 0 && pk.any && g < m->ngroups; g++) {
		struct kept *k = &kept[g];

		rc = group_lines(s, m, c, g, &uv, k);
		if (rc == 0 && k->tg.nruns > 0) {
			if (!sec) {
				sec = html_el(parent, "section", NULL);
				html_attr(sec, "class", "over-time");
				html_el(sec, "h2", "Over time");
				html_el(sec, "p", "The figures each run reported "
					"as it ran: each run a thin line, the "
					"group's mean at each report a thick "
					"one.");
			}
			rc = group_figure(s, sec, a, c, g, &k->tg, &k->ln,
					  &uv);
		}
		kept_free(k);
	}
	for (g = 0; g < m->ngroups; g++)
		kept_free(&kept[g]);
	free(kept);
	return rc;
}
