/*
 * split.c: see split.h.  A group's split value is read from its first
 * run's attributes (the keys of m->split, joined by spaces: "4.1.10
 * tuned"); its by value is its name without the " / "-joined split values
 * the model appended.  A part is a view of the model: new arrays of
 * groups, runs and cells (the cells copied shallowly: the values stay the
 * model's), which analysis_run reads like any model, so the statements of
 * a part follow docs/analysis.md exactly as a comparison's do.
 */
#include "split.h"

#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/titles.h"
#include "../analysis/units.h"
#include "../core/buf.h"
#include "../core/err.h"
#include "../core/text.h"
#include "chart/chart.h"
#include "pages/html.h"
#include "pages/pages.h"
#include "sweep.h"

/* the value of comma-separated keys for run, joined by sep; NULL when the
 * run lacks one */
static char *keys_value(const struct model *m, long long run, const char *keys,
			const char *sep)
{
	struct buf b;

	buf_init(&b, 1 << 16);
	while (*keys) {
		size_t len = strcspn(keys, ",");
		char key[128];
		const char *v;

		snprintf(key, sizeof(key), "%.*s", (int)len, keys);
		if (!(v = model_attr(m, run, key))) {
			buf_release(&b);
			return NULL;
		}
		buf_printf(&b, "%s%s", b.len ? sep : "", v);
		keys += len;
		if (*keys == ',')
			keys++;
	}
	return buf_detach(&b, NULL);
}

/* The split value of group g ("" when it cannot be read), malloc'd. */
static char *value_of(const struct model *m, int g, const char *sep)
{
	char *v = m->nruns[g] ? keys_value(m, m->runs[g][0], m->split, sep)
			      : NULL;

	return v ? v : strdup("");
}

/* Group g's by value and split value ("4.1.10 tuned"), malloc'd: the name
 * is "by / split" (model.c), and the by value that name less " / split";
 * a name that does not end so is its own by value.  -1 out of memory. */
static int names_of(const struct model *m, int g, char **by, char **val)
{
	char *suffix = value_of(m, g, " / ");
	size_t nl = strlen(m->groups[g]), sl = suffix ? strlen(suffix) : 0;

	*val = value_of(m, g, " ");
	if (suffix && nl > sl + 3 &&
	    strcmp(m->groups[g] + nl - sl, suffix) == 0 &&
	    strncmp(m->groups[g] + nl - sl - 3, " / ", 3) == 0)
		*by = strndup(m->groups[g], nl - sl - 3);
	else
		*by = strdup(m->groups[g]);
	free(suffix);
	return *by && *val ? 0 : -1;
}

/* The index of s in list[0..*n), added when absent. */
static int intern(char **list, int *n, char *s)
{
	int i;

	for (i = 0; i < *n; i++)
		if (strcmp(list[i], s) == 0)
			return i;
	list[*n] = s;
	return (*n)++;
}

void split_chart_release(struct split_labels *sl)
{
	int g;

	for (g = 0; g < sl->n; g++) {
		if (sl->by)
			free(sl->by[g]);
		if (sl->val)
			free(sl->val[g]);
	}
	free(sl->by);
	free(sl->val);
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
	sl->by = calloc((size_t)n, sizeof(*sl->by));
	sl->val = calloc((size_t)n, sizeof(*sl->val));
	sl->values = calloc((size_t)n, sizeof(*sl->values));
	color = calloc((size_t)n, sizeof(*color));
	shown = calloc((size_t)n, 1);
	if (!sl->by || !sl->val || !sl->values || !color || !shown)
		goto oom;
	sl->n = m->ngroups;
	/* a split value's colour is its place among the comparison's split
	 * values, in group order: the same in every chart and cluster */
	for (g = 0; g < m->ngroups; g++) {
		if (names_of(m, g, &sl->by[g], &sl->val[g]))
			goto oom;
		color[g] = intern(sl->values, &nvalues, sl->val[g]);
	}
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
			if (*sl->val[g]) {
				b->cluster = sl->by[g];
				b->label = sl->val[g];
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
	sp->by = calloc((size_t)n, sizeof(*sp->by));
	sp->val = calloc((size_t)n, sizeof(*sp->val));
	sp->values = calloc((size_t)n, sizeof(*sp->values));
	sp->bys = calloc((size_t)n, sizeof(*sp->bys));
	sp->part = calloc((size_t)(2 * n), sizeof(*sp->part));
	if (!sp->by || !sp->val || !sp->values || !sp->bys || !sp->part)
		return err_set(e, NULL, 0, 0, "out of memory");
	for (g = 0; g < m->ngroups; g++) {
		if (names_of(m, g, &sp->by[g], &sp->val[g]))
			return err_set(e, NULL, 0, 0, "out of memory");
		intern(sp->values, &sp->nvalues, sp->val[g]);
		intern(sp->bys, &sp->nbys, sp->by[g]);
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
	int i, g;

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
	for (g = 0; sp->m && g < sp->m->ngroups; g++) {
		if (sp->by)
			free(sp->by[g]);
		if (sp->val)
			free(sp->val[g]);
	}
	free(sp->by);
	free(sp->val);
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
