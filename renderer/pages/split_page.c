/*
 * split_page.c: see split_page.h.  What is said of two factors is
 * analysis/split.c's; this file draws it.
 */
#include "split_page.h"

#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/sweep.h"
#include "../../analysis/titles.h"
#include "../../analysis/units.h"
#include "../../core/buf.h"
#include "../../core/err.h"
#include "../chart/chart.h"
#include "html.h"
#include "pages.h"

void split_chart_release(struct split_labels *sl)
{
	free(sl->values);
	free(sl->title);
	memset(sl, 0, sizeof(*sl));
}

int split_chart(const struct model *m, struct chart *ch,
		struct split_labels *sl, struct err *e)
{
	unsigned char *shown = NULL;
	int i, g, n = m->ngroups ? m->ngroups : 1, nvalues = 0;
	int *color = NULL;

	memset(sl, 0, sizeof(*sl));
	if (!m->split)
		return 0;
	sl->values = calloc((size_t)n, sizeof(*sl->values));
	color = calloc((size_t)n, sizeof(*color));
	shown = calloc((size_t)n, 1);
	if (!sl->values || !color || !shown)
		goto oom;
	/* a split value's colour is its place among the comparison's split
	 * values, in group order: the same in every chart and cluster */
	for (g = 0; g < m->ngroups; g++)
		color[g] = split_intern(sl->values, &nvalues, m->split_value[g]);
	ch->nlegend = ch->legend_more = 0;
	for (i = 0; i < ch->nbars; i++)
		for (g = 0; g < m->ngroups; g++) {
			struct chart_bar *b = &ch->bar[i];

			if (b->label != m->groups[g])
				continue;
			b->color = color[g];
			shown[color[g]] = 1;
			/* clusters by the by value, each bar named by its
			 * split value (its colour is not its only mark) */
			if (*m->split_value[g]) {
				b->cluster = m->by_value[g];
				b->label = m->split_value[g];
			}
			break;
		}
	/* the legend: the split values this chart draws, in colour order */
	for (i = 0; i < nvalues; i++) {
		if (!shown[i])
			continue;
		if (ch->nlegend == CHART_LEGEND_MAX) {
			ch->legend_more++;
			continue;
		}
		ch->legend[ch->nlegend].text = *sl->values[i] ? sl->values[i]
							       : "(none)";
		ch->legend[ch->nlegend++].color = i;
	}
	{
		struct buf t;
		const char *k;

		buf_init(&t, 1 << 12);
		for (k = m->split; *k; k++)
			if (*k == ',')
				buf_adds(&t, ", ");
			else
				buf_add(&t, k, 1);
		if (!(sl->title = buf_detach(&t, NULL)))
			goto oom;
	}
	ch->legend_title = sl->title;
	free(color);
	free(shown);
	return 0;
oom:
	free(color);
	free(shown);
	return err_set(e, NULL, 0, 0, "out of memory");
}

/* The results table of column c: by values as rows, split values as
 * columns; each cell the group's figure, starred where the combination is
 * in the chart's best set (as its bar says "(best)"): a star per column
 * would sit beside a figure of its row that the row's own statement calls
 * several times better. */
static void pivot(const struct split *sp, xmlNodePtr parent, int c)
{
	const struct model *m = sp->m;
	const struct column *col = &m->cols[c];
	xmlNodePtr div = html_el(parent, "div", NULL), table, tr, th;
	struct units_view uv;
	char caption[400];
	int b, v, dec;

	/* the unit the charts show, the figures with one count of decimals */
	pages_column_units(&sp->whole, c, NULL, &uv);
	dec = pages_decimals(&sp->whole, c, &uv);
	html_attr(div, "class", "scroll");
	table = html_el(div, "table", NULL);
	/* a sweep's tables are its results tables, as the one-factor
	 * page's: the group column stays in view while a phone scrolls */
	if (m->sweep)
		html_attr(table, "class", "results");
	{
		/* the descriptions (titles.h) with the stored names beside
		 * them, else the names alone: "restore: time (s), ..." */
		char t[200], raw[300];
		const char *td = titles_test(m->suite, col->test, t, sizeof(t));
		const char *md = titles_metric(m->suite, col->metric);
		xmlNodePtr cap = html_el(table, "caption", NULL);

		snprintf(caption, sizeof(caption), "%s: %s", td ? td : col->test,
			 md ? md : col->metric);
		html_text(cap, caption);
		if (td || md) {
			snprintf(raw, sizeof(raw), "%s %s", col->test, col->metric);
			html_text(cap, " ");
			html_attr(html_el(cap, "code", raw), "class", "raw");
		}
		snprintf(caption, sizeof(caption), "%s%s%s, %s is better; "
			 "\xe2\x98\x85 best %s", *uv.unit ? " (" : "", uv.unit,
			 *uv.unit ? ")" : "", col->better,
			 m->sweep ? "at that setting" : "of the chart");
		html_text(cap, caption);
	}
	tr = html_el(html_el(table, "thead", NULL), "tr", NULL);
	th = html_el(tr, "th", NULL);
	html_text(th, m->by);
	html_text(th, " \\ ");
	html_text(th, m->split);
	for (v = 0; v < sp->nvalues; v++)
		html_el(tr, "th", sp->values[v]);
	table = html_el(table, "tbody", NULL);
	for (b = 0; b < sp->nbys; b++) {
		tr = html_el(table, "tr", NULL);
		html_el(tr, "th", sp->bys[b]);
		for (v = 0; v < sp->nvalues; v++) {
			const struct split_part *p = &sp->part[v];
			xmlNodePtr td = html_el(tr, "td", NULL);
			int i, found = -1;

			for (i = 0; i < p->m.ngroups && found < 0; i++)
				if (strcmp(p->shortname[i], sp->bys[b]) == 0)
					found = i;
			if (found < 0 || analysis_stats(&p->a, c, found)->n == 0) {
				html_text(td, "\xe2\x80\x93");
				html_attr(td, "class", "none");
				continue;
			}
			/* a sweep's settings are no competitors: its star
			 * is the best at each setting, as its sentences */
			if (m->sweep)
				pages_mean_cell(td, &p->a, c, found, &uv, dec);
			else
				pages_mean_cell(td, &sp->whole, c, p->group[found],
						&uv, dec);
		}
	}
}

void split_html(const struct split *sp, void *parent_node)
{
	xmlNodePtr parent = parent_node, p, ul;
	const struct model *m = sp->m;
	struct buf b;
	int v, c;

	if (!m || !m->split)
		return;
	if (m->sweep) {
		char h[200];

		snprintf(h, sizeof(h), "Over %s", m->split);
		html_el(parent, "h2", h);
	} else {
		html_el(parent, "h2", "Two factors");
	}
	p = html_el(parent, "p", NULL);
	html_text(p, "Each chart clusters the bars by ");
	html_text(p, m->by);
	html_text(p, ", a bar per ");
	html_text(p, m->split);
	html_text(p, ": ");
	for (v = 0; v < sp->nvalues; v++) {
		char cls[32];
		xmlNodePtr sw = html_el(p, "span", NULL);

		/* the colour of the value's bars and chart legend */
		snprintf(cls, sizeof(cls), "swatch c%d", v % CHART_COLORS);
		html_attr(sw, "class", cls);
		html_text(p, sp->values[v]);
		html_text(p, v + 1 < sp->nvalues ? ", " : ".");
	}
	html_attr(p, "class", "legend");
	buf_init(&b, 1 << 20);
	for (c = 0; c < m->ncols; c++) {
		char *line, *nl;

		pivot(sp, parent, c);
		buf_reset(&b);
		split_sentences(sp, c, &b);
		sweep_sentences(sp, c, &b);
		if (!b.len)
			continue;
		ul = html_el(parent, "ul", NULL);
		html_attr(ul, "class", "statements");
		for (line = b.data; line && *line; line = nl + 1) {
			if (!(nl = strchr(line, '\n')))
				break;
			*nl = '\0';
			html_el(ul, "li", line);
		}
	}
	buf_release(&b);
}

int split_page(const struct model *m, void *parent, struct err *e)
{
	struct split sp;
	int rc;

	if (!m->split)
		return 0;
	rc = split_run(m, &sp, e);
	if (rc == 0)
		split_html(&sp, parent);
	split_release(&sp);
	return rc;
}
