/*
 * split.h: two factors in one comparison (`compare NAME --by fs --split
 * mysql`): MySQL versions on three filesystems, an OS with its disk's
 * write cache on and off.
 *
 * The model groups the runs by both factors at once ("xfs / 4.1.10 /
 * tuned"), so every chart, table and statement of a comparison works
 * unchanged on the combinations.  This file adds the statements two
 * factors need on top (renderer/split_page.h draws them): within each
 * split value ("on 4.1.10 tuned: xfs is best...") and across the split
 * values of one by value ("on xfs, 4.1.10 tuned is 1.17x faster than
 * 4.1.10 default"), each the analysis of a view of the model that holds
 * only those groups.
 */
#ifndef BENCHSITE_SPLIT_H
#define BENCHSITE_SPLIT_H

#include "analysis.h"
#include "model.h"

struct buf;
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
				 * value ("4.1.10 tuned"): m's by_value and
				 * split_value */
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

/* For column c, each part's sentence, "on 4.1.10 tuned: ...", one a line
 * (empty parts left out). */
void split_sentences(const struct split *sp, int c, struct buf *out);

/* The index of s in list[0..*n), added when absent: distinct values in
 * the order they come (list has room for every one). */
int split_intern(char **list, int *n, char *s);

#endif
