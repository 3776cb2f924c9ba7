/*
 * pages.c: the index and the comparison pages, as libxml2 trees.
 *
 * A comparison page says what the analysis found (statements per test,
 * outliers), shows the results table (best of each column marked by a star
 * and bold, not by colour alone; each group's ratio to the best) and the
 * charts.  When the comparison has outliers every chart comes in two
 * views, as the seed page had them: "without X and Y" (so the others' scale
 * is readable) and "with X and Y".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/quote.h"
#include "../../core/sort.h"
#include "../../core/text.h"
#include "../../core/textrule.h"
#include "../../schema/lifecycle.h"
#include "../../analysis/analysis.h"
#include "../../analysis/figures.h"
#include "../../analysis/model.h"
#include "../../analysis/titles.h"
#include "../../analysis/units.h"
#include "../../analysis/wording.h"
#include "../chart/chart.h"
#include "../site/draw.h"
#include "html.h"
#include "page.h"
#include "page_timeseries.h"
#include "page_run.h"
#include "page_systems.h"
#include "page_names.h"
#include "pages.h"
#include "../site/site.h"
#include "../site/site_entry.h"
#include "../site/slug.h"
#include "split_page.h"
#include "../chart/sweep_fill.h"
#include "chart_html.h"

#define CHART_WIDTH 960
#define THUMB_SCALE CHART_THUMB_SCALE

static void text(xmlNodePtr parent, const char *s)
{
	html_text(parent, s);
}

/* The decimals a figure's table text has: "1733.93" 2, "3061" 0; -1 for
 * one with an exponent, which is not padded. */
static int decimals_of(const char *t)
{
	const char *dot = strchr(t, '.');

	if (strpbrk(t, "eE"))
		return -1;
	return dot ? (int)strlen(dot + 1) : 0;
}

void pages_column_units(const struct analysis *a, int c,
			const unsigned char *keep, struct units_view *uv)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	double umax = 0;
	int g, k;

	/* scaled to the largest figure drawn: a mean, an interval's end,
	 * a run (a dot) */
	for (g = 0; g < m->ngroups; g++) {
		const struct stats *st = analysis_stats(a, c, g);

		if ((keep && !keep[g]) || st->n == 0)
			continue;
		umax = fmax(umax, fabs(st->mean));
		if (st->n > 1 && isfinite(st->ci_high))
			umax = fmax(umax, fabs(st->ci_high));
		for (k = 0; st->n > 1 && k < st->n; k++)
			umax = fmax(umax, fabs(col->cells[g].v[k]));
	}
	units_pick(col->unit, umax, uv);
}

int pages_decimals(const struct analysis *a, int c,
		   const struct units_view *uv)
{
	int g, d = 0;

	for (g = 0; g < a->m->ngroups; g++) {
		const struct stats *st = analysis_stats(a, c, g);
		char num[48];
		int k;

		if (st->n == 0)
			continue;
		analysis_table_text(st->mean, uv, num);
		if ((k = decimals_of(num)) > d)
			d = k;
	}
	return d;
}

int pages_mean_cell(xmlNodePtr td, const struct analysis *a, int c, int g,
		    const struct units_view *uv, int decimals)
{
	const struct stats *st = analysis_stats(a, c, g);
	char num[48], t[96];
	int k;

	analysis_table_text(st->mean, uv, num);
	/* a column's figures line up with the same decimals: 3061.00
	 * under 1733.93, not 3061 (zeros added, no digit taken away) */
	k = decimals_of(num);
	if (k >= 0 && k < decimals && strlen(num) + (size_t)(decimals - k) + 2 <
						  sizeof(num)) {
		size_t n = strlen(num);

		if (k == 0)
			num[n++] = '.';
		while (k++ < decimals)
			num[n++] = '0';
		num[n] = '\0';
	}
	if (st->n > 1)
		snprintf(t, sizeof(t), "%s (n=%d)", num, st->n);
	else
		snprintf(t, sizeof(t), "%s", num);
	if (analysis_is_best(a, c, g)) {
		html_attr(td, "class", "num best");
		html_el(td, "strong", t);
		text(td, " \xe2\x98\x85");
		return 1;
	}
	html_attr(td, "class", "num");
	text(td, t);
	return 0;
}

void pages_column_title(xmlNodePtr parent, const struct model *m, int c,
			const char *tag, const char *href)
{
	char title[300], raw[300];
	int described = titles_column(m, c, title, sizeof(title), raw,
				      sizeof(raw));
	xmlNodePtr at = tag ? html_el(parent, tag, href ? NULL : title) : NULL;

	if (href)
		html_link(at ? at : parent, href, title);
	else if (!tag)
		text(parent, title);
	if (described) {	/* the stored name beside it, as stored */
		text(parent, " ");
		html_attr(html_el(parent, "code", raw), "class", "raw");
	}
}

/* "a", "a and b", "a, b and c" of the groups flagged in set. */
static void group_list(const struct model *m, const unsigned char *set,
		       struct buf *b)
{
	int g, k = 0, n = 0;

	for (g = 0; g < m->ngroups; g++)
		n += set[g] != 0;
	for (g = 0; g < m->ngroups; g++) {
		if (!set[g])
			continue;
		buf_printf(b, "%s%s", k == 0 ? "" : k == n - 1 ? " and " : ", ",
			   m->groups[g]);
		k++;
	}
}

static const char *status_text(const char *status)
{
	return strcmp(status, "too-fast") == 0 ? "too fast" : status;
}

/* The second head of a results table's column: the metric (its
 * description, the stored name beside it) over one short line of its unit
 * and which way is better. */
static void column_head(xmlNodePtr th, const struct analysis *a, int c)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	const char *md = titles_metric(m->suite, col->metric);
	struct units_view uv;
	const char *u;

	pages_column_units(a, c, NULL, &uv);	/* the chart's: "/s", "MiB/s" */
	u = uv.unit;
	char t[64];
	xmlNodePtr sm;

	if (md) {
		char cap[200];

		snprintf(cap, sizeof(cap), "%s", md);
		titles_capital(cap);
		text(th, cap);
		text(th, " ");
		html_attr(html_el(th, "code", col->metric), "class", "raw");
	} else {
		text(th, col->metric);
	}
	html_el(th, "br", NULL);
	snprintf(t, sizeof(t), "%s%s%s", u, *u ? ", " : "",
		 column_higher(col) ? "higher" : "lower");
	sm = html_el(th, "span", t);
	html_attr(sm, "class", "unit");
}

/* A results table's columns go into tables of at most this many, cut
 * between tests where one fits: a comparison of 39 columns (bonnie++'s
 * 13 tests of 3 metrics) in one table is wider than any page. */
#define TABLE_COLS 6

/* The columns of the table that starts at column c: up to TABLE_COLS,
 * ending where a test ends when that leaves at least half of them. */
static int table_span(const struct model *m, int c)
{
	int n = m->ncols - c, k, cut = 0;

	if (n <= TABLE_COLS)
		return n;
	for (k = 1; k <= TABLE_COLS; k++)
		if (strcmp(m->cols[c + k].test, m->cols[c + k - 1].test) != 0)
			cut = k;
	return cut >= (TABLE_COLS + 1) / 2 ? cut : TABLE_COLS;
}

/* One table of the results: columns c0 .. c1 - 1, and "all tests" when
 * last. */
static void results_part(xmlNodePtr parent, const struct analysis *a,
			 int c0, int c1, int last)
{
	const struct model *m = a->m;
	xmlNodePtr div = html_el(parent, "div", NULL), table, head, tr, th;
	struct units_view uv[TABLE_COLS];
	int c, g, span, dec[TABLE_COLS];

	/* each column in its chart's unit, its figures with one count of
	 * decimals */
	for (c = c0; c < c1; c++) {
		pages_column_units(a, c, NULL, &uv[c - c0]);
		dec[c - c0] = pages_decimals(a, c, &uv[c - c0]);
	}
	html_attr(div, "class", "scroll");
	table = html_el(div, "table", NULL);
	html_attr(table, "class", "results");
	head = html_el(table, "thead", NULL);
	tr = html_el(head, "tr", NULL);
	th = html_el(tr, "th", m->by);
	html_attr(th, "rowspan", "2");
	for (c = c0; c < c1; c += span) {
		char n[16], t[200];
		const char *td;

		for (span = 1; c + span < c1 &&
			       strcmp(m->cols[c + span].test, m->cols[c].test) == 0;
		     span++)
			;
		th = html_el(tr, "th", NULL);
		td = titles_test(m->suite, m->cols[c].test, t, sizeof(t));
		text(th, td ? td : m->cols[c].test);
		if (td) {
			text(th, " ");
			html_attr(html_el(th, "code", m->cols[c].test), "class",
				  "raw");
		}
		snprintf(n, sizeof(n), "%d", span);
		if (span > 1)
			html_attr(th, "colspan", n);
	}
	if (last) {
		th = html_el(tr, "th", "all tests");
		html_attr(th, "rowspan", "2");
	}
	tr = html_el(head, "tr", NULL);
	for (c = c0; c < c1; c++)
		column_head(html_el(tr, "th", NULL), a, c);
	table = html_el(table, "tbody", NULL);
	for (g = 0; g < m->ngroups; g++) {
		char r[16];
		xmlNodePtr td;

		tr = html_el(table, "tr", NULL);
		html_el(tr, "th", m->groups[g]);
		for (c = c0; c < c1; c++) {
			const struct stats *st = analysis_stats(a, c, g);
			const struct cell *x = &m->cols[c].cells[g];

			td = html_el(tr, "td", NULL);
			if (st->n == 0) {
				text(td, x->nvoid ? status_text(x->status)
						  : "\xe2\x80\x93");
				html_attr(td, "class", "none");
				continue;
			}
			if (!pages_mean_cell(td, a, c, g, &uv[c - c0],
					     dec[c - c0]) &&
			    analysis_ratio_to_best(a, c, g, r)) {
				xmlNodePtr sm = html_el(td, "span", r);

				html_attr(sm, "class", "ratio");
			}
		}
		if (!last)
			continue;
		td = html_el(tr, "td", NULL);
		html_attr(td, "class", "num");
		if (a->ranking && a->geomean[g] > 0) {
			analysis_ratio_text(a->geomean[g], r);
			text(td, r);
		} else {
			text(td, "\xe2\x80\x93");
		}
	}
}

static void results_table(xmlNodePtr parent, const struct analysis *a)
{
	int c, n;

	for (c = 0; c < a->m->ncols; c += n) {
		n = table_span(a->m, c);
		results_part(parent, a, c, c + n, c + n >= a->m->ncols);
	}
	if (a->m->ncols == 0)
		results_part(parent, a, 0, 0, 1);
}

/* Group g is in a view of column c when it has a result there (a figure,
 * or a status such as too-fast), unless the view is "without" and g is one
 * of the comparison's outliers. */
static int in_view(const struct analysis *a, int c, int g, int without)
{
	if (analysis_stats(a, c, g)->n == 0 &&
	    a->m->cols[c].cells[g].nvoid == 0)
		return 0;
	return !(without && a->outlier[g]);
}

/* 1 when some group of the view has a measured figure: only then is there
 * a chart (an axis needs a figure; bars that all say "too fast" on a 0 to
 * 1 axis would claim a scale nobody measured). */
static int view_measured(const struct analysis *a, int c, int without)
{
	int g;

	for (g = 0; g < a->m->ngroups; g++)
		if (in_view(a, c, g, without) && analysis_stats(a, c, g)->n > 0)
			return 1;
	return 0;
}

/* In place of a chart: one line saying why there is none, e.g. "No chart:
 * every group was too fast for bonnie++ to measure." */
static void no_chart(xmlNodePtr parent, const struct analysis *a, int c,
		     int without, const char *names)
{
	const struct model *m = a->m;
	const char *st[4];
	int count[4] = {0}, nst = 0, other = 0, fast = 0, part = 0, n = 0, g,
	    k;
	struct buf b;
	xmlNodePtr p;

	for (g = 0; g < m->ngroups; g++) {
		const char *x = m->cols[c].cells[g].status;

		if (!in_view(a, c, g, without))
			continue;
		n++;
		/* too fast in some run: the group has no figure (analysis.h) */
		if (a->toofast[(size_t)c * (size_t)m->ngroups + (size_t)g]) {
			fast++;
			part += m->cols[c].cells[g].n > 0;
		}
		for (k = 0; k < nst && strcmp(st[k], x) != 0; k++)
			;
		if (k == nst && nst < 4)
			st[nst++] = x;
		if (k < nst)
			count[k]++;
		else
			other++;
	}
	buf_init(&b, 1 << 16);
	buf_adds(&b, "No chart");
	if (without)
		buf_printf(&b, " %s", names);
	if (n == 0)
		buf_adds(&b, ": no other group has a result in this test.");
	else if (fast == n)	/* "table": a CSV that names no suite */
		buf_printf(&b, ": %s group was too fast%s%s to measure%s.",
			   n == 1 ? "the only" : without ? "every other" : "every",
			   strcmp(m->suite, "table") ? " for " : "",
			   strcmp(m->suite, "table") ? m->suite : "",
			   part ? " in at least one of its runs" : "");
	else {
		buf_printf(&b, ": no%s group has a measured figure (",
			   without ? " other" : "");
		for (k = 0; k < nst; k++)
			buf_printf(&b, "%s%d %s", k ? ", " : "", count[k],
				   *st[k] ? status_text(st[k]) : "without a value");
		if (other)
			buf_printf(&b, ", %d otherwise", other);
		buf_adds(&b, ").");
	}
	p = html_el(parent, "p", b.data);
	html_attr(p, "class", "nochart");
	buf_release(&b);
}

struct named {
	int col;
	unsigned char *set;
};

/* Marks the groups column x->col's statements name (the subject and the
 * reference of each, not the per-group ratios to the best). */
static int named_group(void *ctx, const struct statement *s)
{
	struct named *x = ctx;

	if (s->col < 0 || s->col > x->col)
		return 1;	/* statements come column by column */
	if (s->col == x->col && s->kind != K_VS_BEST) {
		x->set[s->subject] = 1;
		if (s->ref_group >= 0)
			x->set[s->ref_group] = 1;
	}
	return 0;
}

struct ranked {
	double v;
	int measured, g;
};

static int by_figure(const void *pa, const void *pb)
{
	const struct ranked *x = pa, *y = pb;

	if (x->measured != y->measured)
		return y->measured - x->measured;
	if (x->measured && x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return x->g - y->g;
}

/* Which groups a view of column c draws: keep[g] set for each; returns how
 * many, or -1 out of memory; *total is how many the view has, kept[0..2]
 * how many of those kept first are best, named by a statement, outliers
 * of the chart; *best_left how many best groups did not fit.
 *
 * Up to CHART_BARS_MAX groups every one is drawn.  Beyond, the chart draws
 * CHART_BARS_MAX and says "N of M groups shown" (chart_view): drawing 2,000
 * bars would make a 60,000-pixel image and a layout of unbounded size, and
 * a silent cut (the old way: the first 256) can drop the best group from
 * its own chart.  What a reader must see is kept first: the best (ties
 * included), the groups the column's statements name (an outlier's
 * "others", a pair compared, the ends of the spread), this chart's
 * outliers; the rest of the room goes to an even spread of the others by
 * figure, from the lowest to the highest, so the chart still shows how
 * they are distributed.  The results table lists every group. */
static int pick_bars(const struct analysis *a, int c, int without,
		     unsigned char *keep, int *total, int kept[3],
		     int *best_left)
{
	const struct model *m = a->m;
	unsigned char *named = NULL;
	struct ranked *r = NULL;
	struct named x;
	int g, n = 0, nr = 0, room, i, tier;

	*total = 0;
	*best_left = 0;
	kept[0] = kept[1] = kept[2] = 0;
	for (g = 0; g < m->ngroups; g++)
		*total += keep[g] = (unsigned char)in_view(a, c, g, without);
	if (*total <= CHART_BARS_MAX)
		return *total;
	named = calloc((size_t)m->ngroups + 1, 1);
	r = malloc(((size_t)m->ngroups + 1) * sizeof(*r));
	if (!named || !r) {
		free(named);
		free(r);
		return -1;
	}
	x.col = c;
	x.set = named;
	analysis_each_statement(a, named_group, &x);
	/* keep[g]: 1 in the view, 2 drawn */
	for (tier = 0; tier < 3; tier++)
		for (g = 0; g < m->ngroups; g++) {
			int want = tier == 0 ? analysis_stats(a, c, g)->n > 0 &&
						       analysis_is_best(a, c, g)
				 : tier == 1 ? named[g]
				 : analysis_stats(a, c, g)->n > 0 &&
					   a->chart_outlier[(size_t)c *
							    (size_t)m->ngroups +
							    (size_t)g];

			if (keep[g] != 1 || !want)
				continue;
			if (n < CHART_BARS_MAX) {
				keep[g] = 2;
				n++;
			} else if (tier == 0) {
				(*best_left)++;
			}
		}
	for (g = 0; g < m->ngroups; g++) {
		if (keep[g] != 2)
			continue;
		kept[0] += analysis_stats(a, c, g)->n > 0 &&
			   analysis_is_best(a, c, g);
		kept[1] += named[g];
		kept[2] += analysis_stats(a, c, g)->n > 0 &&
			   a->chart_outlier[(size_t)c * (size_t)m->ngroups +
					    (size_t)g];
	}
	for (g = 0; g < m->ngroups; g++)
		if (keep[g] == 1) {
			r[nr].g = g;
			r[nr].measured = analysis_stats(a, c, g)->n > 0;
			r[nr].v = analysis_stats(a, c, g)->mean;
			nr++;
		}
	sort_items(r, (size_t)nr, sizeof(*r), by_figure);
	room = CHART_BARS_MAX - n;	/* < nr: the view has more */
	for (i = 0; i < room && nr > 0; i++) {
		long long k = room == 1 ? (nr - 1) / 2 :
			      (long long)i * (nr - 1) / (room - 1);

		keep[r[k].g] = 2;
		n++;
	}
	for (g = 0; g < m->ngroups; g++)
		keep[g] = keep[g] == 2;
	free(named);
	free(r);
	return n;
}

/* One view of one column's chart (all groups, or without the outliers):
 * its files are made (draw_chart), and a figure showing it goes into
 * parent: the full-size PNG, or with thumb the thumbnail linked to the
 * test page.  caption NULL: "all groups".  A view without a measured
 * figure gets one line saying why instead (no_chart). */
static int chart_view(struct site *s, xmlNodePtr parent,
		      const struct analysis *a, int c, int without,
		      const char *caption, int thumb)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	const char *parts[] = {"chart", m->name, col->test, col->metric,
			       without ? "without" : "all", NULL};
	struct chart *ch = NULL;
	struct chart_layout *l = NULL;
	unsigned char *keep = NULL;
	char title[300], axis[300], base[SLUG_MAX], v[48];
	char page[SLUG_MAX + 8], note[200];
	struct buf alt, cap;
	struct chart_layout *nl = NULL;
	xmlNodePtr fig;
	struct units_view uv;
	struct split_labels sl;
	int g, rc = -1, total, shown, best_left, kept[3];

	buf_init(&alt, 1 << 16);
	buf_init(&cap, 1 << 16);
	if (!view_measured(a, c, without)) {
		no_chart(parent, a, c, without, caption);
		rc = 0;
		goto out;
	}
	ch = calloc(1, sizeof(*ch));
	l = calloc(1, sizeof(*l));
	nl = calloc(1, sizeof(*nl));
	keep = malloc((size_t)m->ngroups + 1);
	if (!ch || !l || !nl || !keep ||
	    (shown = pick_bars(a, c, without, keep, &total, kept,
				&best_left)) < 0) {
		err_set(s->e, NULL, 0, 0, "out of memory");
		goto out;
	}
	/* one unit for the chart, scaled to its largest figure (units.h) */
	pages_column_units(a, c, keep, &uv);
	titles_chart(m, c, title, sizeof(title));
	snprintf(axis, sizeof(axis), "%s%s%s%s, %s is better", col->metric,
		 *uv.unit ? " (" : "", uv.unit, *uv.unit ? ")" : "",
		 col->better);
	ch->title = title;
	ch->axis = axis;
	ch->unit = uv.unit;
	ch->unit_tight = uv.tight;
	ch->width = CHART_WIDTH;
	buf_adds(&cap, caption ? caption : "all groups");
	if (shown < total) {
		if (best_left)
			snprintf(note, sizeof(note), "%d of %d groups shown, "
				 "not every best: the table lists them all",
				 shown, total);
		else	/* only what was kept: a "without" view may
			 * have no best, a chart no outlier */
			snprintf(note, sizeof(note), "%d of %d groups shown: "
				 "%s%s%san even spread of the rest", shown, total,
				 kept[0] ? "the best, " : "",
				 kept[2] ? "the outliers, " : "",
				 kept[1] ? "those the text names and " : "");
		ch->note = note;
		buf_reset(&cap);
		if (caption)
			buf_printf(&cap, "%s, ", caption);
		buf_printf(&cap, "%d of %d groups shown", shown, total);
	}
	buf_printf(&alt, "Bar chart of %s", axis);
	if (shown < total)
		buf_printf(&alt, " (%s)", note);
	buf_adds(&alt, ": ");
	for (g = 0; g < m->ngroups; g++) {
		const struct stats *st = analysis_stats(a, c, g);
		const struct cell *x = &col->cells[g];
		struct chart_bar *b;

		if (!keep[g])
			continue;
		b = &ch->bar[ch->nbars++];
		b->label = m->groups[g];
		b->has_value = st->n > 0;
		b->value = st->mean / uv.factor;
		b->status = x->status;
		b->color = g;
		b->best = st->n > 0 && analysis_is_best(a, c, g);
		/* an outlier of this chart, not of the comparison: in the
		 * seed's connect chart jfs_defaults (464 s, among bars of
		 * 458 to 469 s) is none */
		b->outlier = st->n > 0 &&
			     a->chart_outlier[(size_t)c * (size_t)m->ngroups +
					      (size_t)g];
		b->n = st->n;
		/* an error bar only where the table shows the interval */
		b->err_lo = st->ci_ok ? st->ci_low / uv.factor : NAN;
		b->err_hi = st->ci_ok ? st->ci_high / uv.factor : NAN;
		/* the runs behind the figure: its first n values (model.h) */
		b->runs = x->v;
		if (st->n > 0)	/* in the chart's unit, as its bars say */
			units_text(st->mean, &uv, v);
		buf_printf(&alt, "%s%s %s", ch->nbars > 1 ? ", " : "",
			   m->groups[g], st->n > 0 ? v : status_text(x->status));
		if (st->n > 1)
			buf_printf(&alt, " (mean of %d)", st->n);
	}
	ch->runs_div = uv.factor;
	slug_make(base, parts);
	if (split_chart(m, ch, &sl, s->e)) {
		split_chart_release(&sl);
		goto out;
	}
	rc = draw_chart(s, ch, base, l, nl);
	split_chart_release(&sl);	/* l and nl hold copies */
	if (rc)
		goto out;
	fig = html_el(parent, "figure", NULL);
	if (thumb) {
		pages_test_file(m, c, page);
		html_chart_thumb(fig, base, page, (int)ceil(l->width * THUMB_SCALE),
				 (int)ceil(l->height * THUMB_SCALE), nl->width,
				 nl->height, alt.data, cap.data);
		if (s->thumb_w == 0) {
			s->thumb_w = (int)ceil(l->width * THUMB_SCALE);
			s->thumb_h = (int)ceil(l->height * THUMB_SCALE);
			s->narrow_w = nl->width;
			s->narrow_h = nl->height;
		}
	} else {
		html_chart_full(fig, base, 1, l->width, l->height, nl->width,
				nl->height, alt.data, cap.data);
	}
	rc = 0;
out:
	buf_release(&alt);
	buf_release(&cap);
	free(keep);
	free(ch);
	free(l);
	free(nl);
	return rc;
}

/* The keys a group shares, as a sentence names them: "os", "os and
 * write_cache", "fs, mysql and settings": the --by keys, then the --split
 * keys of a two-factor comparison, whose groups are both at once. */
static void key_words(struct buf *b, const char *by, const char *split)
{
	const char *list[2] = { by, split }, *p;
	int total = 0, k, i = 0;

	for (k = 0; k < 2; k++)
		for (p = list[k]; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : "")
			total++;
	for (k = 0; k < 2; k++)
		for (p = list[k]; p && *p; i++) {
			size_t len = strcspn(p, ",");

			buf_printf(b, "%s%.*s", i == 0 ? "" : i + 1 == total ?
				   " and " : ", ", (int)len, p);
			p += len + (p[len] == ',');
		}
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The groups a comparison compares: a sweep's groups at each setting are
 * one group along the axis ("commit-on" at 1, 2, 4 and 8 clients is one
 * group, not four), so those are counted by their --by value. */
static int competitors(const struct model *m)
{
	char **by;
	int g, n;

	if (!m->sweep || m->ngroups == 0 || !m->by_value)
		return m->ngroups;
	by = malloc((size_t)m->ngroups * sizeof(*by));
	if (!by)
		return m->ngroups;	/* out of memory: every group */
	memcpy(by, m->by_value, (size_t)m->ngroups * sizeof(*by));
	sort_items(by, (size_t)m->ngroups, sizeof(*by), cmp_names);
	for (g = n = 0; g < m->ngroups; g++)
		n += g == 0 || strcmp(by[g - 1], by[g]) != 0;
	free(by);
	return n;
}

/* The base name of the comparison's first chart (the index shows its
 * thumbnail): the first view drawn of the first column with a chart; 0
 * when no column has one. */
static int first_chart(const struct analysis *a, char base[SLUG_MAX])
{
	const struct model *m = a->m;
	int c, g, hg = -1;

	/* the headline's group: best in the most charts (analysis_headline) */
	for (g = 0; g < m->ngroups; g++)
		if (a->nbest[g] > 0 && (hg < 0 || a->nbest[g] > a->nbest[hg]))
			hg = g;
	/* the thumbnail shows what the headline says: the first chart in
	 * which that group is best, every group drawn (an outlier that
	 * "stands out" is in it) */
	for (c = 0; hg >= 0 && c < m->ncols; c++) {
		const char *parts[] = {"chart", m->name, m->cols[c].test,
				       m->cols[c].metric, "all", NULL};

		if (!analysis_is_best(a, c, hg) || !view_measured(a, c, 0))
			continue;
		slug_make(base, parts);
		return 1;
	}
	for (c = 0; c < m->ncols; c++) {
		int without = a->noutliers && view_measured(a, c, 1);
		const char *parts[] = {"chart", m->name, m->cols[c].test,
				       m->cols[c].metric,
				       without ? "without" : "all", NULL};

		if (!view_measured(a, c, 0))
			continue;
		slug_make(base, parts);
		return 1;
	}
	return 0;
}

/* "without X and Y" / "with X and Y" of the comparison's outliers. */
static void view_names(const struct analysis *a, struct buf *with,
		       struct buf *without)
{
	buf_adds(with, "with ");
	group_list(a->m, a->outlier, with);
	buf_adds(without, "without ");
	group_list(a->m, a->outlier, without);
}

/* Column c's views: both when the comparison has outliers, else one. */
static int views(struct site *s, xmlNodePtr parent, const struct analysis *a,
		 int c, int thumb)
{
	struct buf with, without;
	int rc;

	if (!view_measured(a, c, 0)) {	/* one line for both views */
		no_chart(parent, a, c, 0, NULL);
		return 0;
	}
	if (!a->noutliers)
		return chart_view(s, parent, a, c, 0, NULL, thumb);
	buf_init(&with, 1 << 16);
	buf_init(&without, 1 << 16);
	view_names(a, &with, &without);
	rc = chart_view(s, parent, a, c, 1, without.data, thumb);
	if (rc == 0)
		rc = chart_view(s, parent, a, c, 0, with.data, thumb);
	buf_release(&with);
	buf_release(&without);
	return rc;
}

static int sweep_views(struct site *s, xmlNodePtr parent,
		       const struct split *sp, int c, const char *page,
		       int thumb, int index);

/* The comparison page's charts: a thumbnail of each test's views, bars
 * or (a sweep) lines; index: the column whose thumbnail the index shows
 * (a sweep's; -1 otherwise). */
static int charts(struct site *s, xmlNodePtr main, const struct analysis *a,
		  int index)
{
	const struct model *m = a->m;
	struct split sp;
	int c, rc = 0;

	if (m->sweep && split_run(m, &sp, s->e)) {
		split_release(&sp);
		return -1;
	}

	html_el(main, "h2", "Charts");
	html_el(main, "p", "Each thumbnail leads to the test's page: both "
		"charts at full size, every group's statistics and its runs.");
	for (c = 0; c < m->ncols && rc == 0; c++) {
		char page[SLUG_MAX + 8];
		xmlNodePtr h, div;

		h = html_el(main, "h3", NULL);
		pages_test_file(m, c, page);
		pages_column_title(h, m, c, NULL, page);
		div = html_el(main, "div", NULL);
		html_attr(div, "class", "thumbs");
		rc = m->sweep ? sweep_views(s, div, &sp, c, "comparison", 1,
					    c == index) :
				views(s, div, a, c, 1);
	}
	if (m->sweep)
		split_release(&sp);
	return rc;
}

static void statements(xmlNodePtr main, const struct analysis *a)
{
	const struct model *m = a->m;
	xmlNodePtr ul = NULL;
	struct buf b;
	int c;

	buf_init(&b, 1 << 16);
	for (c = 0; c < m->ncols; c++) {
		xmlNodePtr li;

		buf_reset(&b);
		analysis_sentence(a, c, &b);
		if (b.len == 0)
			continue;
		if (!ul) {
			html_el(main, "h2", "What the figures say");
			ul = html_el(main, "ul", NULL);
			html_attr(ul, "class", "statements");
		}
		li = html_el(ul, "li", NULL);
		pages_column_title(li, m, c, "strong", NULL);
		text(li, ": ");
		text(li, b.data);
	}
	buf_release(&b);
}

static void headline(const struct analysis *a, struct buf *b)
{
	struct split sp;
	struct err e;

	if (!a->m->sweep) {
		analysis_headline(a, b);
		return;
	}
	/* a sweep's headline counts the best at each setting */
	if (split_run(a->m, &sp, &e) == 0)
		sweep_headline(&sp, b);
	split_release(&sp);
}

/* Scales every figure of a sweep chart by 1 / f (the unit chosen). */
static void sweep_scale(struct sweep_chart *ch, double f)
{
	int i, k, d;

	for (i = 0; i < ch->nseries; i++)
		for (k = 0; k < ch->nx; k++) {
			struct sweep_point *p = &ch->s[i].p[k];

			p->y /= f;
			p->lo /= f;
			p->hi /= f;
			for (d = 0; d < p->ndots; d++)
				p->dot[d] /= f;
		}
}

/* Leaves out of ch the series of the groups set in out (sweep_outliers:
 * by a series' colour, which is its group's place). */
static void sweep_leave_out(struct sweep_chart *ch, const unsigned char *out)
{
	int i, n = 0;

	for (i = 0; i < ch->nseries; i++)
		if (!out[ch->s[i].color])
			ch->s[n++] = ch->s[i];
	ch->nseries = n;
}

/* One view of the line chart of a sweep's column c (sweep.h): all its
 * groups, or (out set) without the groups set in out.  Unless thumb, the
 * full chart goes into parent as a figure; its files, BASE.png (light),
 * BASE.svg (light and dark), the phone's BASE-narrow.svg and
 * BASE-thumb.png, are drawn for the comparison page, whose unit the test
 * pages share, and the test page shows the same files (drawing them
 * twice cost a sweep half its render).  With thumb, the thumbnail of the
 * comparison page's files, linked to the test page.  index: this view is
 * the index's thumbnail (its sizes go to s).  Nothing without a figure. */
static int sweep_view(struct site *s, xmlNodePtr parent,
		      const struct split *sp, int c, const char *page,
		      const unsigned char *out, const char *caption, int thumb,
		      int index)
{
	const struct model *m = sp->m;
	const struct column *col = &m->cols[c];
	const char *parts[] = {"sweep", m->name, col->test, col->metric,
			       "comparison", out ? "without" : "all", NULL};
	int draw = !thumb && strcmp(page, "comparison") == 0;
	char base[SLUG_MAX], name[SLUG_MAX + 16], test[SLUG_MAX + 8];
	char title[300], ax[200], ay[300], alt[600];
	struct sweep_chart *ch = malloc(sizeof(*ch));
	struct sweep_layout *l = malloc(sizeof(*l)), *nl = malloc(sizeof(*nl));
	struct units_view uv;
	struct buf b;
	double umax = 0;
	int rc = 0, i, k, tw, th;

	if (!ch || !l || !nl) {
		rc = err_set(s->e, NULL, 0, 0, "out of memory");
		goto out;
	}
	if (sweep_chart_fill(sp, c, ch))
		goto out;	/* no figure to draw */
	if (out)
		sweep_leave_out(ch, out);
	if (ch->nseries == 0)
		goto out;
	for (i = 0; i < ch->nseries; i++)
		for (k = 0; k < ch->nx; k++)
			if (ch->s[i].p[k].has)
				umax = fmax(umax, fabs(ch->s[i].p[k].y));
	units_pick(col->unit, umax, &uv);
	sweep_scale(ch, uv.factor);
	snprintf(title, sizeof(title), "%s: %s over %s", col->test, col->metric,
		 m->split);
	snprintf(ax, sizeof(ax), "%s", m->split);
	snprintf(ay, sizeof(ay), "%s%s%s%s, %s is better", col->metric,
		 *uv.unit ? " (" : "", uv.unit, *uv.unit ? ")" : "",
		 col->better);
	ch->title = title;
	ch->axis_x = ax;
	ch->axis_y = ay;
	ch->width = CHART_WIDTH;
	slug_make(base, parts);
	if (sweep_layout(ch, l, s->e) || sweep_layout_narrow(ch, nl, s->e)) {
		rc = -1;
		goto out;
	}
	tw = (int)ceil(l->width * THUMB_SCALE);
	th = (int)ceil(l->height * THUMB_SCALE);
	buf_init(&b, (size_t)64 << 20);
	for (k = 0; rc == 0 && draw && k < 4; k++) {
		static const char *const suffix[] = {".png", ".svg",
						     "-narrow.svg", "-thumb.png"};

		buf_reset(&b);
		rc = k == 0 ? sweep_paint_png(ch, l, CHART_LIGHT, 1, &b, s->e) :
		     k == 1 ? sweep_paint_svg(ch, l, &b, s->e) :
		     k == 2 ? sweep_paint_svg(ch, nl, &b, s->e) :
			      sweep_paint_png(ch, l, CHART_LIGHT, THUMB_SCALE,
					      &b, s->e);
		snprintf(name, sizeof(name), "%s%s", base, suffix[k]);
		if (rc == 0)
			rc = site_write(s, name, b.data, b.len, 0);
	}
	buf_release(&b);
	if (rc == 0 && draw)
		rc = draw_line_made(s, base);
	if (rc)
		goto out;
	snprintf(alt, sizeof(alt), "Line chart of %s over %s, a line per "
		 "%s (%d): the figures are in the table", col->metric,
		 m->split, m->by, ch->nseries);
	if (thumb) {
		pages_test_file(m, c, test);
		html_chart_thumb(html_el(parent, "figure", NULL), base, test, tw,
				 th, nl->width, nl->height, alt,
				 caption ? caption : "all groups");
		if (index) {
			s->thumb_w = tw;
			s->thumb_h = th;
			s->narrow_w = nl->width;
			s->narrow_h = nl->height;
		}
	} else {
		html_chart_full(html_el(parent, "figure", NULL), base, 1,
				l->width, l->height, nl->width, nl->height, alt,
				caption ? caption : "all groups");
	}
out:
	free(ch);
	free(l);
	free(nl);
	return rc;
}

/* Column c's sweep views: without the sweep's outlier groups and with
 * them when it has some (as a bar chart's views), else one. */
static int sweep_views(struct site *s, xmlNodePtr parent,
		       const struct split *sp, int c, const char *page,
		       int thumb, int index)
{
	unsigned char *out = calloc((size_t)sp->nbys + 1, 1);
	struct buf with, without;
	int g, k = 0, n, rc;

	if (!out)
		return err_set(s->e, NULL, 0, 0, "out of memory");
	if ((n = sweep_outliers(sp, out)) == 0) {
		free(out);
		return sweep_view(s, parent, sp, c, page, NULL, NULL, thumb,
				  index);
	}
	buf_init(&with, 1 << 16);
	buf_init(&without, 1 << 16);
	buf_adds(&with, "with ");
	buf_adds(&without, "without ");
	for (g = 0; g < sp->nbys; g++) {
		const char *sep = k == 0 ? "" : k == n - 1 ? " and " : ", ";

		if (!out[g])
			continue;
		buf_printf(&with, "%s%s", sep, sp->bys[g]);
		buf_printf(&without, "%s%s", sep, sp->bys[g]);
		k++;
	}
	rc = sweep_view(s, parent, sp, c, page, out, without.data, thumb, 0);
	if (rc == 0)
		rc = sweep_view(s, parent, sp, c, page, NULL, with.data, thumb,
				index);
	buf_release(&with);
	buf_release(&without);
	free(out);
	return rc;
}

/* A sweep's line charts, of column c (its test page) or (c < 0) of every
 * column (the comparison page). */
static int sweep_figures(struct site *s, xmlNodePtr parent,
			 const struct model *m, int c)
{
	struct split sp;
	int i, rc = 0;

	if (!m->sweep)
		return 0;
	if (split_run(m, &sp, s->e)) {
		split_release(&sp);
		return -1;
	}
	for (i = c < 0 ? 0 : c; rc == 0 && i < (c < 0 ? m->ncols : c + 1); i++)
		rc = sweep_views(s, parent, &sp, i, c < 0 ? "comparison" :
				 "test", 0, 0);
	split_release(&sp);
	return rc;
}

/* The base name of a sweep's thumbnail on the index: the comparison
 * page's chart, every group drawn, of the headline's test
 * (sweep_headline_column); 0 when it cannot be had. */
static int sweep_first_chart(const struct model *m, char base[SLUG_MAX],
			     int *column)
{
	struct split sp;
	struct err e;
	int c;

	/* a failure here is the page's too, and reported when it is built */
	if (split_run(m, &sp, &e)) {
		split_release(&sp);
		return 0;
	}
	c = sweep_headline_column(&sp);
	split_release(&sp);
	{
		const char *parts[] = {"sweep", m->name, m->cols[c].test,
				       m->cols[c].metric, "comparison", "all",
				       NULL};

		slug_make(base, parts);
	}
	*column = c;
	return 1;
}

/* A sweep's statements of column c (at each setting, then along the
 * axis) as a list under parent; nothing for another comparison. */
static int sweep_list(xmlNodePtr parent, const struct model *m, int c,
		      struct err *e)
{
	struct split sp;
	struct buf b;
	char *line, *nl;
	xmlNodePtr ul = NULL;

	if (!m->sweep)
		return 0;
	if (split_run(m, &sp, e)) {
		split_release(&sp);
		return -1;
	}
	buf_init(&b, 1 << 20);
	split_sentences(&sp, c, &b);
	sweep_sentences(&sp, c, &b);
	for (line = b.data; line && *line; line = nl + 1) {
		if (!(nl = strchr(line, '\n')))
			break;
		*nl = '\0';
		if (!ul) {
			ul = html_el(parent, "ul", NULL);
			html_attr(ul, "class", "statements");
		}
		html_el(ul, "li", line);
	}
	buf_release(&b);
	split_release(&sp);
	return 0;
}

/* The notes a reader needs before the statements (analysis_notes), one
 * paragraph each. */
static void notes(xmlNodePtr main, const struct analysis *a)
{
	struct buf b;
	char *line, *nl;

	buf_init(&b, 1 << 20);
	analysis_notes(a, &b);
	for (line = b.data; line && *line; line = nl + 1) {
		xmlNodePtr para;

		if (!(nl = strchr(line, '\n')))
			break;
		*nl = '\0';
		para = html_el(main, "p", line);
		html_attr(para, "class", "note");
	}
	buf_release(&b);
}

/* A CSV field of the site's download: cleaned by the text rule
 * (core/textrule.h) and guarded against spreadsheet formulas
 * (QUOTE_FORMULA).  The fields here are names, never figures (those are
 * written by num_format), so no number loses its sign; `benchsite export`
 * keeps names exact, for round trips. */
static void csv_field(struct buf *b, const char *text, int comma)
{
	char *clean = textrule_clean_dup(text, NULL);

	if (!clean)
		buf_oom_note();
	if (comma)
		buf_addc(b, ',');
	quote_field(b, clean ? clean : "", ',', QUOTE_FORMULA);
	free(clean);
}

/* "key":"value" with JSON escapes, the value cleaned by the text rule as
 * every text the site shows. */
static void json_pair(struct buf *b, const char *key, const char *text,
		      int comma)
{
	char *clean = textrule_clean_dup(text, NULL);

	if (!clean)
		buf_oom_note();
	buf_printf(b, "%s\"%s\":", comma ? "," : "", key);
	quote_json(b, clean ? clean : "");
	free(clean);
}

/* The test page of column c: both charts full size, each group's
 * statistics, the statements, the runs. */
/* uses: the model's uses sorted by column (model_uses_by_column), nuses
 * of them: the runs column lists the runs with a result in this test. */
static int test_page(struct site *s, const struct analysis *a, int c,
		     const char *comparison_file, const char *comparison_title,
		     const struct model_use *uses, long nuses)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	char name[SLUG_MAX + 8], title[1500], cname[640];
	struct page p;
	struct buf b;
	struct units_view uv;
	xmlNodePtr main, para, table, tr, td;
	int g, k;

	pages_column_name(m, c, cname, sizeof(cname));
	snprintf(title, sizeof(title), "%s: %s", comparison_title, cname);
	pages_test_file(m, c, name);
	if (page_new(&p, title, s->e))
		return -1;
	main = p.main;
	para = html_el(main, "p", NULL);
	text(para, "Part of ");
	html_link(para, comparison_file, comparison_title);
	/* the unit the chart and the table show */
	pages_column_units(a, c, NULL, &uv);
	snprintf(title, sizeof(title), ". Metric %s%s%s%s, %s is better.",
		 col->metric, *uv.unit ? " (" : "", uv.unit,
		 *uv.unit ? ")" : "", col->better);
	text(para, title);
	if (m->ncols > 1) {
		/* the neighbours in the comparison's order, so a reader can
		 * walk its tests without going back */
		char other[SLUG_MAX + 8];
		xmlNodePtr nav = html_el(main, "p", NULL);

		html_attr(nav, "class", "neighbours");
		if (c > 0) {
			pages_test_file(m, c - 1, other);
			text(nav, "Previous: ");
			pages_column_title(nav, m, c - 1, NULL, other);
		}
		if (c + 1 < m->ncols) {
			pages_test_file(m, c + 1, other);
			text(nav, c > 0 ? ". Next: " : "Next: ");
			pages_column_title(nav, m, c + 1, NULL, other);
		}
		text(nav, ".");
	}
	buf_init(&b, 1 << 16);
	analysis_sentence(a, c, &b);
	if (b.len)
		html_el(main, "p", b.data);
	buf_release(&b);
	if (sweep_list(main, a->m, c, s->e) ||
	    sweep_figures(s, main, a->m, c)) {
		page_free(&p);
		return -1;
	}
	/* a sweep's groups at each setting are no competitors: its line
	 * chart is its chart, never bars of "commit-on / 4" */
	if (!a->m->sweep && views(s, main, a, c, 0)) {
		page_free(&p);
		return -1;
	}
	html_el(main, "h2", "Figures");
	table = html_el(main, "div", NULL);
	html_attr(table, "class", "scroll");
	table = html_el(table, "table", NULL);
	tr = html_el(html_el(table, "thead", NULL), "tr", NULL);
	{
		static const char *const heads[] = {
			"n", "mean", "median", "stddev", "min", "max",
			"95% confidence interval", "vs best", "runs",
		};

		html_el(tr, "th", m->by);
		for (k = 0; k < 9; k++)
			html_el(tr, "th", heads[k]);
	}
	table = html_el(table, "tbody", NULL);
	for (g = 0; g < m->ngroups; g++) {
		const struct stats *st = analysis_stats(a, c, g);
		const struct cell *x = &col->cells[g];
		char v[48], v2[48], r[16], t[120];
		int i;

		if (st->n == 0 && x->nvoid == 0)
			continue;
		tr = html_el(table, "tr", NULL);
		{
			/* a sweep's group at a setting: "commit-on at clients=4" */
			char who[640];

			model_group_said(m, g, who, sizeof(who));
			html_el(tr, "th", who);
		}
		snprintf(t, sizeof(t), "%d", st->n);
		td = html_el(tr, "td", t);
		html_attr(td, "class", "num");
		if (st->n == 0) {
			td = html_el(tr, "td", status_text(x->status));
			html_attr(td, "colspan", "7");
			html_attr(td, "class", "none");
		} else {
			const double f[5] = {st->mean, st->median, st->stddev,
					     st->min, st->max};

			for (i = 0; i < 5; i++) {
				analysis_table_text(f[i], &uv, v);
				td = html_el(tr, "td", i == 2 && st->n < 2 ?
					     "\xe2\x80\x93" : v);
				html_attr(td, "class", analysis_is_best(a, c, g) &&
					  i == 0 ? "num best" : "num");
			}
			if (st->n > 1 && st->ci_ok) {
				analysis_table_text(st->ci_low, &uv, v);
				analysis_table_text(st->ci_high, &uv, v2);
				snprintf(t, sizeof(t), "%s to %s", v, v2);
			} else if (st->n > 1) {
				snprintf(t, sizeof(t), "too few runs for an "
					 "interval");
			} else {
				snprintf(t, sizeof(t), "\xe2\x80\x93");
			}
			td = html_el(tr, "td", t);
			html_attr(td, "class", "num");
			if (analysis_is_best(a, c, g))
				snprintf(r, sizeof(r), "best");
			else if (!analysis_ratio_to_best(a, c, g, r))
				snprintf(r, sizeof(r), "\xe2\x80\x93");
			td = html_el(tr, "td", r);
			html_attr(td, "class", "num");
			{
				/* every ratio between repeated groups carries
				 * its 95% interval */
				char ci[40], wrap[48];

				if (analysis_ratio_to_best_ci(a, c, g, ci)) {
					snprintf(wrap, sizeof(wrap), " (%s)", ci);
					text(td, wrap);
				}
			}
		}
		td = html_el(tr, "td", NULL);
		for (i = 0, k = 0; i < m->nruns[g]; i++) {
			char f2[64];

			if (!model_uses_has(uses, nuses, c, m->runs[g][i]))
				continue;	/* none of its results is here */
			if (k++)
				text(td, " ");
			page_run_file(m->runs[g][i], f2);
			snprintf(t, sizeof(t), "%lld", m->runs[g][i]);
			html_link(td, f2, t);
		}
	}
	if (page_timeseries(s, main, a, c)) {
		page_free(&p);
		return -1;
	}
	return page_save(s, &p, name);
}

/* The comparison's figures as CSV and JSON downloads. */
static int downloads(struct site *s, const struct analysis *a,
		     char csv[SLUG_MAX + 8], char json[SLUG_MAX + 8])
{
	const struct model *m = a->m;
	const char *parts[] = {"data", m->name, NULL};
	static const char *const cols[] = {
		"comparison", "test", "metric", "unit", "better", "group", "n",
		"mean", "median", "stddev", "min", "max", "ci_low", "ci_high",
	};
	struct buf c, j;
	int col, g, k, rc = -1, first = 1;

	pages_file_name(parts, "csv", csv);
	pages_file_name(parts, "json", json);
	buf_init(&c, (size_t)256 << 20);
	buf_init(&j, (size_t)256 << 20);
	for (k = 0; k < 14; k++)
		buf_printf(&c, "%s%s", k ? "," : "", cols[k]);
	buf_adds(&c, "\n");
	buf_adds(&j, "[");
	for (col = 0; col < m->ncols; col++)
		for (g = 0; g < m->ngroups; g++) {
			const struct stats *st = analysis_stats(a, col, g);
			const char *str[6] = {m->name, m->cols[col].test,
					      m->cols[col].metric, m->cols[col].unit,
					      m->cols[col].better, m->groups[g]};
			const double num[7] = {st->mean, st->median, st->stddev,
					       st->min, st->max, st->ci_low,
					       st->ci_high};
			char t[32];

			if (st->n == 0)
				continue;
			buf_adds(&j, first ? "\n{" : ",\n{");
			first = 0;
			for (k = 0; k < 6; k++) {
				csv_field(&c, str[k], k > 0);
				json_pair(&j, cols[k], str[k], k > 0);
			}
			buf_printf(&c, ",%d", st->n);
			buf_printf(&j, ",\"n\":%d", st->n);
			for (k = 0; k < 7; k++) {
				if ((k >= 5 && st->n > 1 && !st->ci_ok) ||
				    !isfinite(num[k])) {
					/* no interval can be had; or a store
					 * written by hand holds a figure past
					 * the import's bound (core/record.h),
					 * which JSON cannot write */
					buf_adds(&c, ",");
					buf_printf(&j, ",\"%s\":null", cols[7 + k]);
					continue;
				}
				num_format(num[k], t);
				buf_printf(&c, ",%s", t);
				buf_printf(&j, ",\"%s\":%s", cols[7 + k], t);
			}
			buf_adds(&c, "\n");
			buf_adds(&j, "}");
		}
	buf_adds(&j, first ? "]\n" : "\n]\n");
	if (c.len + j.len > 0 && c.data && j.data &&
	    site_write(s, csv, c.data, c.len, 1) == 0 &&
	    site_write(s, json, j.data, j.len, 1) == 0)
		rc = 0;
	else if (!s->e->msg[0])
		err_set(s->e, NULL, 0, 0, "%s", buf_oom() ?
			"out of memory" : "download too large");
	buf_release(&c);
	buf_release(&j);
	return rc;
}

static int excluded_item(void *ctx, const struct lifecycle_run *r)
{
	xmlNodePtr *ul = ctx, li;
	char t[64], f[64];

	if (!ul[1]) {
		html_el(ul[0], "h2", "Excluded runs");
		html_el(ul[0], "p", "Left out of every figure above, and why:");
		ul[1] = html_el(ul[0], "ul", NULL);
		html_attr(ul[1], "class", "excluded");
	}
	li = html_el(ul[1], "li", NULL);
	snprintf(t, sizeof(t), "run %lld", r->id);
	page_run_file(r->id, f);
	html_link(li, f, t);
	text(li, " (");
	text(li, r->label);
	text(li, "): ");
	text(li, r->excluded);
	return 0;
}

/* The comparison's excluded runs with their reasons, under the table: a
 * reader must see what the figures leave out. */
static int excluded_list(struct site *s, xmlNodePtr main,
			 const struct model *m)
{
	struct lifecycle_filter f;
	xmlNodePtr ul[2] = {main, NULL};

	memset(&f, 0, sizeof(f));
	f.suite = m->suite;
	f.excluded_only = 1;
	return lifecycle_each_run(s->store, &f, excluded_item, ul, s->e);
}

int pages_comparison(struct site *s, const struct model *m,
		     const struct analysis *a, struct site_entry *entry)
{
	const char *parts[] = {"comparison", m->name, NULL};
	char name[SLUG_MAX + 8], title[600];
	struct page p;
	struct buf b;
	xmlNodePtr main;
	struct model_use *uses = NULL;
	int rc, c, has_thumb, index = -1;

	if (m->title)
		snprintf(title, sizeof(title), "%s", m->title);
	else
		snprintf(title, sizeof(title), "%s, by %s", m->name, m->by);
	pages_file_name(parts, "html", name);
	buf_init(&b, 1 << 16);
	headline(a, &b);
	entry->name = strdup(m->name);
	entry->title = strdup(title);
	entry->file = strdup(name);
	entry->headline = buf_detach(&b, NULL);
	entry->ngroups = competitors(m);
	entry->nresults = m->nrows;
	{
		char base[SLUG_MAX], thumb[SLUG_MAX + 16];

		/* a sweep's: its line chart of the headline's test */
		if ((has_thumb = m->sweep ?
				 sweep_first_chart(m, base, &index) :
				 first_chart(a, base)) != 0) {
			snprintf(thumb, sizeof(thumb), "%s-thumb.png", base);
			entry->thumb = strdup(thumb);
		}
	}
	if (!entry->name || !entry->title || !entry->file || !entry->headline ||
	    (has_thumb && !entry->thumb))
		return err_set(s->e, NULL, 0, 0, "out of memory");
	if (page_new(&p, title, s->e))
		return -1;
	main = p.main;
	buf_printf(&b, "Suite %s. A group is the runs that share their ", m->suite);
	key_words(&b, m->by, m->split && !m->sweep ? m->split : NULL);
	if (m->sweep)	/* counted below as a group at each setting */
		buf_printf(&b, ", at each value of %s (a sweep: %s is an axis, "
			   "not a group)", m->split, m->split);
	if (*m->where)
		buf_printf(&b, ", among the runs with %s", m->where);
	buf_printf(&b, ": %d group%s, %d test%s and metric%s. A figure is the "
		   "mean of the group's runs; n says how many runs when there "
		   "is more than one.", m->ngroups, m->ngroups == 1 ? "" : "s",
		   m->ncols, m->ncols == 1 ? "" : "s", m->ncols == 1 ? "" : "s");
	html_el(main, "p", b.data);
	if (a->noutliers) {
		buf_reset(&b);
		group_list(m, a->outlier, &b);
		buf_printf(&b, " %s far from the others in at least half of the "
			   "charts (an outlier: at least %gx the median and more "
			   "than %g median absolute deviations away), so each chart "
			   "is drawn without %s and with %s.",
			   a->noutliers == 1 ? "is" : "are", OUTLIER_RATIO,
			   OUTLIER_MADS, a->noutliers == 1 ? "it" : "them",
			   a->noutliers == 1 ? "it" : "them");
		html_el(main, "p", b.data);
	}
	buf_release(&b);
	notes(main, a);
	if (page_systems_note(main, m, s->e)) {
		page_free(&p);
		return -1;
	}
	statements(main, a);
	if (!m->sweep) {	/* a sweep's table is its settings' (split.c) */
		html_el(main, "h2", "Results");
		html_el(main, "p", "\xe2\x98\x85 marks the best of each column "
			"(the best set: ties within 0.1% share it, and with "
			"repeated runs the groups the test cannot separate from "
			"it); the small figure is the ratio to the best; \"all "
			"tests\" is the geometric mean of those ratios over the "
			"charts every group has a figure above zero in.");
		results_table(main, a);
	}
	if (split_page(m, main, s->e) || sweep_figures(s, main, m, -1) ||
	    page_systems(main, m, s->e)) {
		page_free(&p);
		return -1;
	}
	{
		char csv[SLUG_MAX + 8], json[SLUG_MAX + 8];
		xmlNodePtr para;

		if (downloads(s, a, csv, json)) {
			page_free(&p);
			return -1;
		}
		para = html_el(main, "p", "Download these figures: ");
		html_link(para, csv, "CSV");
		text(para, ", ");
		html_link(para, json, "JSON");
		text(para, " (per group: n, mean, median, stddev, min, max, 95% "
		     "confidence interval).");
	}
	s->thumb_w = s->thumb_h = s->narrow_w = s->narrow_h = 0;
	if (excluded_list(s, main, m)) {
		page_free(&p);
		return -1;
	}
	rc = charts(s, main, a, index);
	entry->thumb_w = s->thumb_w;
	entry->thumb_h = s->thumb_h;
	entry->narrow_w = s->narrow_w;
	entry->narrow_h = s->narrow_h;
	if (rc == 0 && model_uses_by_column(m, &uses)) {
		rc = err_set(s->e, NULL, 0, 0, "out of memory");
	}
	for (c = 0; rc == 0 && c < m->ncols; c++)
		rc = test_page(s, a, c, name, title, uses, m->nuses);
	free(uses);
	if (rc) {
		page_free(&p);
		return -1;
	}
	return page_save(s, &p, name);
}

int pages_index(struct site *s, const struct site_entry *entries, int n)
{
	struct page p;
	xmlNodePtr ul;
	int i;

	if (page_new(&p, "Benchmark results", s->e))
		return -1;
	if (n == 0) {
		html_el(p.main, "p", "The store holds no results yet. Import "
			"some with: benchsite import FILE");
		return page_save(s, &p, "index.html");
	}
	html_el(p.main, "h2", "Comparisons");
	ul = html_el(p.main, "ul", NULL);
	html_attr(ul, "class", "comparisons");
	for (i = 0; i < n; i++) {
		char t[160];
		xmlNodePtr li = html_el(ul, "li", NULL);

		if (entries[i].thumb && entries[i].thumb_w) {
			/* the chart's narrow SVG at its own size (legible,
			 * and it follows a dark page): BASE-narrow.svg
			 * beside BASE-thumb.png, the fallback */
			char svg[SLUG_MAX + 16];
			size_t k = strlen(entries[i].thumb);
			xmlNodePtr a = html_el(li, "a", NULL), pic;

			html_attr(a, "href", entries[i].file);
			html_attr(a, "class", "thumb");
			pic = html_picture(a, 0);
			if (k > 10 && k - 10 < SLUG_MAX && entries[i].narrow_w > 0 &&
			    strcmp(entries[i].thumb + k - 10, "-thumb.png") == 0) {
				snprintf(svg, sizeof(svg), "%.*s-narrow.svg",
					 (int)(k - 10), entries[i].thumb);
				html_source(pic, svg, NULL, 1, entries[i].narrow_w,
					    entries[i].narrow_h);
			}
			/* alt "": the link's text says it */
			html_picture_img(pic, entries[i].thumb, entries[i].thumb_w,
					 entries[i].thumb_h, "");
		}
		html_link(li, entries[i].file, entries[i].title);
		snprintf(t, sizeof(t), ": %d group%s, %ld result%s",
			 entries[i].ngroups, entries[i].ngroups == 1 ? "" : "s",
			 entries[i].nresults, entries[i].nresults == 1 ? "" : "s");
		text(li, t);
		if (entries[i].headline[0]) {
			text(li, ". ");
			text(li, entries[i].headline);
			text(li, ".");
		}
	}
	return page_save(s, &p, "index.html");
}
