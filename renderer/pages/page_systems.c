/*
 * page_systems.c: see page_systems.h.  The table is the one view where a
 * reader sees at once what else the groups differ in (a host, a tool
 * version, the benchmark's own options), so it sits on every comparison
 * page, after the results and before the charts, and the notes point to
 * it.  The differing attributes come first, in the order of what they
 * mean (systems.h), then those the same in every group, each in one cell
 * across the columns.  A fact a group did not record is a blank cell:
 * nothing is written in its place, since no word could not also be a
 * value.  Every value goes in as a text node (html.h).
 */
#include "page_systems.h"

#include <stdio.h>

#include "../../analysis/model.h"
#include "../../analysis/systems.h"
#include "../../core/buf.h"
#include "html.h"

/* The columns shown: past this many groups the table is wider than anyone
 * reads across, and the first ones say how the systems vary. */
#define SYSTEMS_COLUMNS_MAX 64

/* Values shown in one cell (a group whose runs recorded many commands):
 * the rest are counted. */
#define SYSTEMS_VALUES_MAX 12

int page_systems_note(xmlNodePtr parent, const struct model *m, struct err *e)
{
	struct systems s;
	struct buf b;
	xmlNodePtr p;

	if (systems_build(m, &s, e)) {
		systems_release(&s);
		return -1;
	}
	buf_init(&b, 1 << 16);
	systems_sentence(&s, &b);
	if (b.len) {
		/* named, not linked: the site's links are files, never
		 * fragments (tests/site.test.sh) */
		buf_adds(&b, ": see the systems table.");
		p = html_el(parent, "p", b.data);
		html_attr(p, "class", "note");
	}
	buf_release(&b);
	systems_release(&s);
	return 0;
}

/* The values of one group's cell: alone when every run holds the one
 * value, else each with how many runs hold it, and how many hold none. */
static void cell(xmlNodePtr td, const struct systems_cell *c, int counts)
{
	char t[64];
	int i;

	for (i = 0; i < c->nvalues && i < SYSTEMS_VALUES_MAX; i++) {
		if (i)
			html_el(td, "br", NULL);
		html_text(td, c->values[i]);
		if (counts && (c->nvalues > 1 || c->nmissing > 0)) {
			snprintf(t, sizeof(t), " (%d run%s)", c->count[i],
				 c->count[i] == 1 ? "" : "s");
			html_text(td, t);
		}
	}
	if (c->nvalues > SYSTEMS_VALUES_MAX) {
		html_el(td, "br", NULL);
		snprintf(t, sizeof(t), "and %d more values",
			 c->nvalues - SYSTEMS_VALUES_MAX);
		html_text(td, t);
	}
	if (counts && c->nvalues > 0 && c->nmissing > 0) {
		html_el(td, "br", NULL);
		snprintf(t, sizeof(t), "not recorded (%d run%s)", c->nmissing,
			 c->nmissing == 1 ? "" : "s");
		html_text(td, t);
	}
}

/* A row spanning the table that names the part below it. */
static void part(xmlNodePtr tbody, int span, const char *what)
{
	char n[16];
	xmlNodePtr th = html_el(html_el(tbody, "tr", NULL), "th", what);

	snprintf(n, sizeof(n), "%d", span);
	html_attr(th, "colspan", n);
	html_attr(th, "class", "part");
}

int page_systems(xmlNodePtr parent, const struct model *m, struct err *e)
{
	static const char *const tier_name[] = {
		"Different in the groups: the benchmark's settings and version",
		"Different in the groups: the machine",
		"Different because the groups are on different filesystems",
	};
	struct systems s;
	xmlNodePtr div, table, tr, tbody;
	int ncols = m->ngroups < SYSTEMS_COLUMNS_MAX ? m->ngroups
						     : SYSTEMS_COLUMNS_MAX;
	int i, g, tier = -1;
	char t[160], n[16];

	if (systems_build(m, &s, e)) {
		systems_release(&s);
		return -1;
	}
	html_attr(html_el(parent, "h2", "Systems"), "id", "systems");
	if (s.nrows == 0) {
		html_el(parent, "p", "The runs recorded nothing besides what "
			"groups them.");
		systems_release(&s);
		return 0;
	}
	html_el(parent, "p", "What the runs of each group recorded besides "
		"what groups them: first what differs between the groups (the "
		"benchmark's settings and version, then the machine, then what "
		"follows from the grouping), then what is the same in all. A "
		"blank cell: not recorded.");
	if (ncols < m->ngroups) {
		snprintf(t, sizeof(t), "The first %d of %d groups.", ncols,
			 m->ngroups);
		html_el(parent, "p", t);
	}
	div = html_el(parent, "div", NULL);
	html_attr(div, "class", "scroll");
	table = html_el(div, "table", NULL);
	html_attr(table, "class", "systems");
	tr = html_el(html_el(table, "thead", NULL), "tr", NULL);
	html_el(tr, "th", "attribute");
	for (g = 0; g < ncols; g++) {
		char who[300];

		/* a sweep's group at a setting: "commit-on at clients=4" */
		model_group_said(m, g, who, sizeof(who));
		html_el(tr, "th", who);
	}
	tbody = html_el(table, "tbody", NULL);
	for (i = 0; i < s.nrows; i++) {
		const struct systems_row *row = &s.rows[i];

		if (row->differs && (int)row->tier != tier) {
			tier = (int)row->tier;
			part(tbody, ncols + 1, tier_name[tier]);
		} else if (!row->differs && i == s.ndiffer) {
			part(tbody, ncols + 1, "The same in every group");
		}
		tr = html_el(tbody, "tr", NULL);
		html_el(tr, "th", row->key);
		if (!row->differs) {
			xmlNodePtr td = html_el(tr, "td", NULL);

			snprintf(n, sizeof(n), "%d", ncols);
			if (ncols > 1)
				html_attr(td, "colspan", n);
			cell(td, &row->cells[0], 0);
			continue;
		}
		for (g = 0; g < ncols; g++)
			cell(html_el(tr, "td", NULL), &row->cells[g], 1);
	}
	systems_release(&s);
	return 0;
}
