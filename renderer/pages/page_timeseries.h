/*
 * page_timeseries.h: a test page's "Over time" section: for each group
 * whose runs reported figures as they ran, a line chart (each run thin,
 * the group's mean at each report thick) and what the series says
 * (analysis/timeseries.h).
 */
#ifndef BENCHSITE_PAGE_TIMESERIES_H
#define BENCHSITE_PAGE_TIMESERIES_H

#include <libxml/tree.h>

struct analysis;
struct site;

/* Appends the section of column c to parent; nothing when no run of the
 * comparison has samples of the column.  0, or -1 with s->e filled. */
int page_timeseries(struct site *s, xmlNodePtr parent,
		    const struct analysis *a, int c);

#endif
