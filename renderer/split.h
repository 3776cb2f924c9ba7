/*
 * split.h: two factors in one comparison (`compare NAME --by fs --split
 * mysql`): MySQL versions on three filesystems, an OS with its disk's
 * write cache on and off.
 *
 * The model groups the runs by both factors at once ("xfs / 4.1.10 /
 * tuned"), so every chart, table and statement of a comparison works
 * unchanged on the combinations.  This file adds what two factors need on
 * top: each chart's bars coloured by their split value (clusters come from
 * the natural order of the names, by value first), a legend, a results
 * table with the by values as rows and the split values as columns, and
 * the statements within each split value ("on 4.1.10 tuned: xfs is
 * best...") and across the split values of one by value ("on xfs, 4.1.10
 * tuned is 1.17x faster than 4.1.10 default"), each the analysis of a
 * view of the model that holds only those groups.
 */
#ifndef BENCHSITE_SPLIT_H
#define BENCHSITE_SPLIT_H

#include "../analysis/analysis.h"
#include "../analysis/model.h"

struct buf;
struct chart;
struct err;

struct split_part {
	int across;		/* 0: the groups of one split value, named by
				 * their by value; 1: those of one by value,
				 * named by their split value */
	const char *value;	/* that split or by value */
	struct model m;		/* a view of the comparison's model: its
				 * arrays owned, its strings not */
	struct analysis a;
	int *group;		/* [view's group]: the model's group */
	char **full;		/* [view's group]: the model's names */
	char **shortname;	/* [view's group]: the view's names */
};

struct split {
	const struct model *m;
	char **by, **val;	/* per group of m: its by value and split
				 * value ("4.1.10 tuned"), owned */
	char **values;		/* the distinct split values, in group order
				 * (pointers into val), nvalues */
	int nvalues;
	char **bys;		/* the distinct by values, nbys */
	int nbys;
	struct split_part *part;	/* within each split value, then
					 * across each by value; nparts */
	int nparts;
	struct analysis whole;	/* the comparison's own analysis (every
				 * combination a group): what the results
				 * tables star, as the charts' "(best)" */
	int has_whole;
};

/* Reads m (a comparison with a split) into sp and analyses each part.
 * split_release frees it, also after a failure. */
int split_run(const struct model *m, struct split *sp, struct err *e);
void split_release(struct split *sp);

/* What split_chart makes: per group of m, its by value and split value,
 * and the distinct split values (pointers into val), owned. */
struct split_labels {
	char **by, **val, **values;
	int n;
	char *title;		/* the split's keys, ", "-joined */
};

/* Draws ch's bars (their labels are m's group names) as clusters by their
 * by value, each bar named by its split value and coloured by it, the same
 * colour for one value in every cluster and every chart of m, and gives
 * ch the legend of those colours.  ch's texts point into *sl, which
 * split_chart_release frees once ch is laid out (also after a failure).
 * Nothing when m has no split; -1 with e filled when out of memory. */
int split_chart(const struct model *m, struct chart *ch,
		struct split_labels *sl, struct err *e);
void split_chart_release(struct split_labels *sl);

/* For column c, each part's sentence, "on 4.1.10 tuned: ...", one a line
 * (empty parts left out). */
void split_sentences(const struct split *sp, int c, struct buf *out);

/* The page's part of two factors: the legend, each column's
 * results table (by values x split values) and its statements.  parent
 * is a libxml2 node (xmlNodePtr). */
void split_html(const struct split *sp, void *parent);

/* split_run, split_html and split_release for the comparison's page: 0,
 * or -1 with e filled.  Nothing when m has no split. */
int split_page(const struct model *m, void *parent, struct err *e);

#endif
