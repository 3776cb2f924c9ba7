/*
 * split_page.h: two factors (analysis/split.h) drawn: each chart's bars
 * coloured by their split value (clusters come from the natural order of
 * the names, by value first), a legend, and on the comparison's page a
 * results table with the by values as rows and the split values as
 * columns, with the statements of each column.
 */
#ifndef BENCHSITE_SPLIT_PAGE_H
#define BENCHSITE_SPLIT_PAGE_H

#include "../../analysis/split.h"

struct chart;
struct err;

/* What split_chart makes: the distinct split values in group order (the
 * array owned, its strings the model's split_value), and the legend's
 * title. */
struct split_labels {
	char **values;
	char *title;		/* the split's keys, ", "-joined */
};

/* Draws ch's bars (their labels are m's group names) as clusters by their
 * by value, each bar named by its split value and coloured by it, the same
 * colour for one value in every cluster and every chart of m, and gives
 * ch the legend of those colours.  ch's texts point into m and *sl, which
 * split_chart_release frees once ch is laid out (also after a failure).
 * Nothing when m has no split; -1 with e filled when out of memory. */
int split_chart(const struct model *m, struct chart *ch,
		struct split_labels *sl, struct err *e);
void split_chart_release(struct split_labels *sl);

/* The page's part of two factors: the legend, each column's
 * results table (by values x split values) and its statements.  parent
 * is a libxml2 node (xmlNodePtr). */
void split_html(const struct split *sp, void *parent);

/* split_run, split_html and split_release for the comparison's page: 0,
 * or -1 with e filled.  Nothing when m has no split. */
int split_page(const struct model *m, void *parent, struct err *e);

#endif
