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

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/text.h"
#include "../core/textrule.h"
#include "../schema/lifecycle.h"
#include "analysis.h"
#include "chart.h"
#include "html.h"
#include "model.h"
#include "site.h"
#include "slug.h"

#define CHART_WIDTH 960

static void text(xmlNodePtr parent, const char *s)
{
	html_text(parent, s);
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

/* The file of the test page of column c. */
static void test_file(const struct model *m, int c, char out[SLUG_MAX + 8])
{
	const char *parts[] = {"test", m->name, m->cols[c].test,
			       m->cols[c].metric, NULL};

	file_name(parts, "html", out);
}

/* One view of one column's chart (all groups, or without the outliers):
 * its files are made (site_chart), and a figure showing it goes into
 * parent: the full-size PNG, or with thumb the thumbnail linked to the
 * test page. */
static int chart_view(struct site *s, xmlNodePtr parent,
		      const struct analysis *a, int c, int without,
		      const char *caption, int thumb)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	const char *parts[] = {"chart", m->name, col->test, col->metric,
			       without ? "without" : "all", NULL};
	struct chart *ch = calloc(1, sizeof(*ch));
	struct chart_layout *l = calloc(1, sizeof(*l));
	char title[300], axis[300], base[SLUG_MAX], name[SLUG_MAX + 16];
	char num[32], v[48], page[SLUG_MAX + 8];
	struct buf alt;
	xmlNodePtr fig, img, a_el;
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
		b->outlier = st->n > 0 && a->outlier[g];
		b->n = st->n;
		b->err_lo = st->ci_low;
		b->err_hi = st->ci_high;
		if (st->n > 0)
			analysis_value_text(st->mean, col->unit, v);
		buf_printf(&alt, "%s%s %s", ch->nbars > 1 ? ", " : "",
			   m->groups[g], st->n > 0 ? v : status_text(x->status));
		if (st->n > 1)
			buf_printf(&alt, " (mean of %d)", st->n);
	}
	if (ch->nbars == 0) {
		rc = 0;
		goto out;
	}
	slug_make(base, parts);
	if (site_chart(s, ch, base, l))
		goto out;
	fig = html_el(parent, "figure", NULL);
	if (thumb) {
		test_file(m, c, page);
		a_el = html_el(fig, "a", NULL);
		html_attr(a_el, "href", page);
		img = html_el(a_el, "img", NULL);
		snprintf(name, sizeof(name), "%s-thumb.png", base);
		snprintf(num, sizeof(num), "%d", (int)ceil(l->width * 0.35));
		html_attr(img, "src", name);
		html_attr(img, "width", num);
		snprintf(num, sizeof(num), "%d", (int)ceil(l->height * 0.35));
		html_attr(img, "height", num);
		if (s->thumb_w == 0) {
			s->thumb_w = (int)ceil(l->width * 0.35);
			s->thumb_h = (int)ceil(l->height * 0.35);
		}
	} else {
		img = html_el(fig, "img", NULL);
		snprintf(name, sizeof(name), "%s.png", base);
		html_attr(img, "src", name);
		snprintf(num, sizeof(num), "%d", l->width);
		html_attr(img, "width", num);
		snprintf(num, sizeof(num), "%d", l->height);
		html_attr(img, "height", num);
	}
	html_attr(img, "alt", alt.data);
	fig = html_el(fig, "figcaption", caption);
	if (!thumb) {
		text(fig, " (");
		snprintf(name, sizeof(name), "%s.svg", base);
		html_link(fig, name, "SVG");
		text(fig, ")");
	}
	rc = 0;
out:
	buf_release(&alt);
	free(ch);
	free(l);
	return rc;
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

	if (!a->noutliers)
		return chart_view(s, parent, a, c, 0, "all groups", thumb);
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

static int charts(struct site *s, xmlNodePtr main, const struct analysis *a)
{
	const struct model *m = a->m;
	int c, rc = 0;

	html_el(main, "h2", "Charts");
	html_el(main, "p", "Each thumbnail leads to the test's page: both "
		"charts at full size, every group's statistics and its runs.");
	for (c = 0; c < m->ncols && rc == 0; c++) {
		char name[300], page[SLUG_MAX + 8];
		xmlNodePtr h, div;

		column_name(m, c, name, sizeof(name));
		h = html_el(main, "h3", NULL);
		test_file(m, c, page);
		html_link(h, page, name);
		div = html_el(main, "div", NULL);
		html_attr(div, "class", "thumbs");
		rc = views(s, div, a, c, 1);
	}
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

/* A CSV field of the site's download, quoted when it must be (RFC 4180).
 * The text is cleaned by the text rule (core/textrule.h), and a field a
 * spreadsheet would take for a formula (it starts with =, +, -, @, a tab
 * or a carriage return: "=HYPERLINK(...)" as a label) gets a leading
 * apostrophe inside quotes, which spreadsheets read as "this is text"
 * (OWASP's advice on CSV injection).  The fields here are names, never
 * figures (those are written by num_format), so no number loses its
 * sign; `benchsite export` keeps names exact, for round trips. */
static void csv_field(struct buf *b, const char *text, int comma)
{
	char *clean = textrule_clean_dup(text, NULL);
	const char *v = clean ? clean : "";

	if (!clean)
		buf_oom_note();
	if (comma)
		buf_addc(b, ',');
	if (v[0] && strchr("=+-@\t\r", v[0])) {
		buf_adds(b, "\"'");
	} else if (!strpbrk(v, ",\"\r\n")) {
		buf_adds(b, v);
		free(clean);
		return;
	} else {
		buf_addc(b, '"');
	}
	for (; *v; v++) {
		if (*v == '"')
			buf_addc(b, '"');
		buf_addc(b, *v);
	}
	buf_addc(b, '"');
	free(clean);
}

/* "key":"value" with JSON escapes, the value cleaned by the text rule as
 * every text the site shows. */
static void json_pair(struct buf *b, const char *key, const char *text,
		      int comma)
{
	char *clean = textrule_clean_dup(text, NULL);
	const char *v = clean ? clean : "";

	if (!clean)
		buf_oom_note();
	buf_printf(b, "%s\"%s\":\"", comma ? "," : "", key);
	for (; *v; v++) {
		unsigned char ch = (unsigned char)*v;

		if (ch == '"' || ch == '\\')
			buf_printf(b, "\\%c", ch);
		else if (ch < 0x20)
			buf_printf(b, "\\u%04x", ch);
		else
			buf_addc(b, (char)ch);
	}
	buf_addc(b, '"');
	free(clean);
}

/* The test page of column c: both charts full size, each group's
 * statistics, the statements, the runs. */
static int test_page(struct site *s, const struct analysis *a, int c,
		     const char *comparison_file, const char *comparison_title)
{
	const struct model *m = a->m;
	const struct column *col = &m->cols[c];
	char name[SLUG_MAX + 8], title[1100], cname[300];
	struct page p;
	struct buf b;
	xmlNodePtr main, para, table, tr, td;
	int g, k;

	column_name(m, c, cname, sizeof(cname));
	snprintf(title, sizeof(title), "%s: %s", comparison_title, cname);
	test_file(m, c, name);
	if (page_new(&p, title, s->e))
		return -1;
	main = p.main;
	para = html_el(main, "p", NULL);
	text(para, "Part of ");
	html_link(para, comparison_file, comparison_title);
	snprintf(title, sizeof(title), ". Metric %s%s%s%s, %s is better.",
		 col->metric, *col->unit ? " (" : "", col->unit,
		 *col->unit ? ")" : "", col->better);
	text(para, title);
	buf_init(&b, 1 << 16);
	analysis_sentence(a, c, &b);
	if (b.len)
		html_el(main, "p", b.data);
	buf_release(&b);
	if (views(s, main, a, c, 0)) {
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
		html_el(tr, "th", m->groups[g]);
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
				analysis_value_text(f[i], NULL, v);
				td = html_el(tr, "td", i == 2 && st->n < 2 ?
					     "\xe2\x80\x93" : v);
				html_attr(td, "class", analysis_is_best(a, c, g) &&
					  i == 0 ? "num best" : "num");
			}
			if (st->n > 1) {
				analysis_value_text(st->ci_low, NULL, v);
				analysis_value_text(st->ci_high, NULL, v2);
				snprintf(t, sizeof(t), "%s to %s", v, v2);
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
		}
		td = html_el(tr, "td", NULL);
		for (i = 0; i < m->nruns[g]; i++) {
			char f2[64];

			if (i)
				text(td, " ");
			pages_run_file(m->runs[g][i], f2);
			snprintf(t, sizeof(t), "%lld", m->runs[g][i]);
			html_link(td, f2, t);
		}
	}
	return site_save_page(s, &p, name);
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

	file_name(parts, "csv", csv);
	file_name(parts, "json", json);
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
	pages_run_file(r->id, f);
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
	int rc, c;

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
	if (m->ncols > 0) {
		const char *tp[] = {"chart", m->name, m->cols[0].test,
				    m->cols[0].metric,
				    a->noutliers ? "without" : "all", NULL};
		char base[SLUG_MAX], thumb[SLUG_MAX + 16];

		slug_make(base, tp);
		snprintf(thumb, sizeof(thumb), "%s-thumb.png", base);
		entry->thumb = strdup(thumb);
	}
	if (!entry->name || !entry->title || !entry->file || !entry->headline ||
	    (m->ncols > 0 && !entry->thumb))
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
	s->thumb_w = s->thumb_h = 0;
	if (excluded_list(s, main, m)) {
		page_free(&p);
		return -1;
	}
	rc = charts(s, main, a);
	entry->thumb_w = s->thumb_w;
	entry->thumb_h = s->thumb_h;
	for (c = 0; rc == 0 && c < m->ncols; c++)
		rc = test_page(s, a, c, name, title);
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

		if (entries[i].thumb && entries[i].thumb_w) {
			char wh[16];

			xmlNodePtr a = html_el(li, "a", NULL), img;

			html_attr(a, "href", entries[i].file);
			html_attr(a, "class", "thumb");
			img = html_el(a, "img", NULL);
			html_attr(img, "src", entries[i].thumb);
			snprintf(wh, sizeof(wh), "%d", entries[i].thumb_w);
			html_attr(img, "width", wh);
			snprintf(wh, sizeof(wh), "%d", entries[i].thumb_h);
			html_attr(img, "height", wh);
			html_attr(img, "alt", "");	/* the link's text says it */
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
	return site_save_page(s, &p, "index.html");
}
