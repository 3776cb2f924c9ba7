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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "analysis.h"
#include "chart.h"
#include "html.h"
#include "model.h"
#include "site.h"
#include "slug.h"

#define CHART_WIDTH 960

static void text(xmlNodePtr parent, const char *s)
{
	xmlAddChild(parent, xmlNewText((const xmlChar *)s));
}

static void file_name(const char *const *parts, const char *ext,
		      char out[SLUG_MAX + 8])
{
	char slug[SLUG_MAX];

	slug_make(slug, parts);
	snprintf(out, SLUG_MAX + 8, "%s.%s", slug, ext);
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

static void column_name(const struct model *m, int c, char *out, size_t cap)
{
	const struct column *col = &m->cols[c];
	int i, several = 0;

	for (i = 0; i < m->ncols; i++)
		if (i != c && strcmp(m->cols[i].test, col->test) == 0)
			several = 1;
	if (several)
		snprintf(out, cap, "%s %s", col->test, col->metric);
	else
		snprintf(out, cap, "%s", col->test);
}

static void column_head(xmlNodePtr th, const struct column *c)
{
	char t[256];

	snprintf(t, sizeof(t), "%s%s%s%s", c->metric, *c->unit ? " (" : "",
		 c->unit, *c->unit ? ")" : "");
	text(th, t);
	html_el(th, "br", NULL);
	text(th, column_higher(c) ? "higher is better" : "lower is better");
}

static void results_table(xmlNodePtr parent, const struct analysis *a)
{
	const struct model *m = a->m;
	xmlNodePtr div = html_el(parent, "div", NULL), table, head, tr, th;
	int c, g, span;

	html_attr(div, "class", "scroll");
	table = html_el(div, "table", NULL);
	head = html_el(table, "thead", NULL);
	tr = html_el(head, "tr", NULL);
	th = html_el(tr, "th", m->by);
	html_attr(th, "rowspan", "2");
	for (c = 0; c < m->ncols; c += span) {
		char n[16];

		for (span = 1; c + span < m->ncols &&
			       strcmp(m->cols[c + span].test, m->cols[c].test) == 0;
		     span++)
			;
		th = html_el(tr, "th", m->cols[c].test);
		snprintf(n, sizeof(n), "%d", span);
		if (span > 1)
			html_attr(th, "colspan", n);
	}
	th = html_el(tr, "th", "all tests");
	html_attr(th, "rowspan", "2");
	tr = html_el(head, "tr", NULL);
	for (c = 0; c < m->ncols; c++)
		column_head(html_el(tr, "th", NULL), &m->cols[c]);
	table = html_el(table, "tbody", NULL);
	for (g = 0; g < m->ngroups; g++) {
		char r[16];
		xmlNodePtr td;

		tr = html_el(table, "tr", NULL);
		html_el(tr, "th", m->groups[g]);
		for (c = 0; c < m->ncols; c++) {
			const struct stats *st = analysis_stats(a, c, g);
			const struct cell *x = &m->cols[c].cells[g];
			char num[48], t[96];

			td = html_el(tr, "td", NULL);
			if (st->n == 0) {
				text(td, x->nvoid ? status_text(x->status)
						  : "\xe2\x80\x93");
				html_attr(td, "class", "none");
				continue;
			}
			analysis_value_text(st->mean, NULL, num);
			if (st->n > 1)
				snprintf(t, sizeof(t), "%s (n=%d)", num, st->n);
			else
				snprintf(t, sizeof(t), "%s", num);
			if (analysis_is_best(a, c, g)) {
				html_attr(td, "class", "num best");
				html_el(td, "strong", t);
				text(td, " \xe2\x98\x85");
			} else {
				html_attr(td, "class", "num");
				text(td, t);
				if (analysis_ratio_to_best(a, c, g, r)) {
					xmlNodePtr sm = html_el(td, "span", r);

					html_attr(sm, "class", "ratio");
				}
			}
		}
		td = html_el(tr, "td", NULL);
		html_attr(td, "class", "num");
		if (a->geomean[g] > 0) {
			analysis_ratio_text(a->geomean[g], r);
			text(td, r);
		} else {
			text(td, "\xe2\x80\x93");
		}
	}
}

/* One view of one column's chart: all groups, or without the outliers. */
static int chart_view(struct site *s, xmlNodePtr parent,
		      const struct analysis *a, int c, int without,
		      const char *caption)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	const char *parts[] = {"chart", m->name, col->test, col->metric,
			       without ? "without" : "all", NULL};
	struct chart *ch = calloc(1, sizeof(*ch));
	struct chart_layout *l = calloc(1, sizeof(*l));
	char title[300], axis[300], name[SLUG_MAX + 8], path[4200], v[48];
	struct buf alt;
	xmlNodePtr fig, img;
	int g, rc = -1;

	buf_init(&alt, 1 << 16);
	if (!ch || !l) {
		err_set(s->e, NULL, 0, 0, "out of memory");
		goto out;
	}
	snprintf(title, sizeof(title), "%s: %s", col->test, col->metric);
	snprintf(axis, sizeof(axis), "%s%s%s%s, %s is better", col->metric,
		 *col->unit ? " (" : "", col->unit, *col->unit ? ")" : "",
		 col->better);
	ch->title = title;
	ch->axis = axis;
	ch->unit = col->unit;
	ch->width = CHART_WIDTH;
	buf_printf(&alt, "Bar chart of %s: ", axis);
	for (g = 0; g < m->ngroups && ch->nbars < CHART_BARS_MAX; g++) {
		const struct stats *st = analysis_stats(a, c, g);
		const struct cell *x = &col->cells[g];
		struct chart_bar *b;

		if ((st->n == 0 && x->nvoid == 0) || (without && a->outlier[g]))
			continue;
		b = &ch->bar[ch->nbars++];
		b->label = m->groups[g];
		b->has_value = st->n > 0;
		b->value = st->mean;
		b->status = x->status;
		b->color = g;
		b->best = st->n > 0 && analysis_is_best(a, c, g);
		if (st->n > 0)
			analysis_value_text(st->mean, col->unit, v);
		buf_printf(&alt, "%s%s %s", ch->nbars > 1 ? ", " : "",
			   m->groups[g], st->n > 0 ? v : status_text(x->status));
	}
	if (ch->nbars == 0) {
		rc = 0;
		goto out;
	}
	file_name(parts, "png", name);
	if (chart_layout(ch, NULL, NULL, l, s->e) ||
	    site_path(s, name, path, sizeof(path)) ||
	    chart_paint_png(ch, l, path, s->e))
		goto out;
	fig = html_el(parent, "figure", NULL);
	img = html_el(fig, "img", NULL);
	html_attr(img, "src", name);
	snprintf(path, sizeof(path), "%d", l->width);
	html_attr(img, "width", path);
	snprintf(path, sizeof(path), "%d", l->height);
	html_attr(img, "height", path);
	html_attr(img, "alt", alt.data);
	html_el(fig, "figcaption", caption);
	rc = 0;
out:
	buf_release(&alt);
	free(ch);
	free(l);
	return rc;
}

static int charts(struct site *s, xmlNodePtr main, const struct analysis *a)
{
	const struct model *m = a->m;
	struct buf with, without;
	int c, rc = 0;

	buf_init(&with, 1 << 16);
	buf_init(&without, 1 << 16);
	if (a->noutliers) {
		buf_adds(&with, "with ");
		group_list(m, a->outlier, &with);
		buf_adds(&without, "without ");
		group_list(m, a->outlier, &without);
	}
	html_el(main, "h2", "Charts");
	for (c = 0; c < m->ncols && rc == 0; c++) {
		char name[300];

		column_name(m, c, name, sizeof(name));
		html_el(main, "h3", name);
		if (a->noutliers) {
			rc = chart_view(s, main, a, c, 1, without.data);
			if (rc == 0)
				rc = chart_view(s, main, a, c, 0, with.data);
		} else {
			rc = chart_view(s, main, a, c, 0, "all groups");
		}
	}
	buf_release(&with);
	buf_release(&without);
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
		char name[300];
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
		column_name(m, c, name, sizeof(name));
		li = html_el(ul, "li", NULL);
		html_el(li, "strong", name);
		text(li, ": ");
		text(li, b.data);
	}
	buf_release(&b);
}

/* The best group overall (lowest geometric mean ratio to the best). */
static int overall_best(const struct analysis *a)
{
	int g, best = -1;

	for (g = 0; g < a->m->ngroups; g++)
		if (a->geomean[g] > 0 &&
		    (best < 0 || a->geomean[g] < a->geomean[best]))
			best = g;
	return best;
}

static void headline(const struct analysis *a, struct buf *b)
{
	const struct model *m = a->m;
	int best = overall_best(a);
	char r[16];

	if (best >= 0 && m->ngroups > 1) {
		analysis_ratio_text(a->geomean[best], r);
		buf_printf(b, "best overall: %s (%s the best on average)",
			   m->groups[best], r);
	}
	if (a->noutliers) {
		buf_adds(b, b->len ? "; " : "");
		group_list(m, a->outlier, b);
		buf_adds(b, a->noutliers == 1 ? " stands out" : " stand out");
	}
}

int pages_comparison(struct site *s, const struct model *m,
		     const struct analysis *a, struct site_entry *entry)
{
	const char *parts[] = {"comparison", m->name, NULL};
	char name[SLUG_MAX + 8], title[600];
	struct page p;
	struct buf b;
	xmlNodePtr main;
	int rc;

	if (m->title)
		snprintf(title, sizeof(title), "%s", m->title);
	else
		snprintf(title, sizeof(title), "%s, by %s", m->name, m->by);
	file_name(parts, "html", name);
	buf_init(&b, 1 << 16);
	headline(a, &b);
	entry->name = strdup(m->name);
	entry->title = strdup(title);
	entry->file = strdup(name);
	entry->headline = buf_detach(&b, NULL);
	entry->ngroups = m->ngroups;
	entry->nresults = m->nrows;
	if (!entry->name || !entry->title || !entry->file || !entry->headline)
		return err_set(s->e, NULL, 0, 0, "out of memory");
	if (page_new(&p, title, s->e))
		return -1;
	main = p.main;
	buf_printf(&b, "Suite %s. A group is the runs that share their %s", m->suite,
		   m->by);
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
	statements(main, a);
	html_el(main, "h2", "Results");
	html_el(main, "p", "\xe2\x98\x85 marks the best of each column (ties "
		"within 0.1% share it); the small figure is the ratio to the "
		"best; \"all tests\" is the geometric mean of those ratios.");
	results_table(main, a);
	rc = charts(s, main, a);
	if (rc) {
		page_free(&p);
		return -1;
	}
	return site_save_page(s, &p, name);
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
		return site_save_page(s, &p, "index.html");
	}
	html_el(p.main, "h2", "Comparisons");
	ul = html_el(p.main, "ul", NULL);
	html_attr(ul, "class", "comparisons");
	for (i = 0; i < n; i++) {
		char t[160];
		xmlNodePtr li = html_el(ul, "li", NULL);

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
	return site_save_page(s, &p, "index.html");
}
