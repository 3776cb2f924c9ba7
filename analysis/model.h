/*
 * model.h: one comparison's results, gathered for analysis and pages.
 *
 * A group is the runs that share the comparison's `by` value (the label by
 * default); a column is one test and metric.  Each cell keeps every run's
 * value (medians and t-tests need them all) and how many runs had a result
 * without a value (too fast, failed...).  Columns come in the order of
 * first appearance in the store, which is import order: the order the
 * user's table or files gave; groups in the order the comparison asks for
 * (order.h: natural by default).
 */
#ifndef BENCHSITE_MODEL_H
#define BENCHSITE_MODEL_H

#include "../schema/apart.h"

struct err;
struct store;
struct store_comparison;

struct cell {
	double *v;		/* n values, owned */
	int n, cap;
	int nvoid;		/* results without a value */
	int ntoofast;		/* of those, too fast to measure */
	int nset;		/* values the run's own settings fixed (the
				 * total time of a time-limited run): the
				 * last nset of v, after the measured ones */
	char status[16];	/* the status of the valueless results */
};

/* A run with a result (a figure, or a status such as too-fast) in a
 * column: what a run page links to (the test pages that show it). */
struct model_use {
	long long run;
	int col;
};

struct column {
	char *test, *metric, *unit, *better;	/* owned */
	struct cell *cells;	/* one per group, owned */
	int several;		/* another column has this test (its name
				 * then says the metric too) */
};

/* A group whose runs of one test do not agree on a setting: key, and
 * the values they hold, each once, in sorted order (list[0..nlist), owned)
 * and as one text (owned): comma-separated, a value that holds a comma or
 * a double quote written as a CSV field is ("rw,noatime","rw,relatime"),
 * so that values can be told apart wherever the text is shown. */
struct mixed {
	int group;
	char *key, *values;
	char **list;
	int nlist;
};

/* A run's label (the label is not an attribute in the store, but --split
 * may name it: model_attr answers for it). */
struct model_label {
	long long run;
	char *label;		/* owned */
};

struct model {
	char *name, *title, *suite, *by;	/* owned; title may be NULL;
						 * by: "label", a key, or
						 * keys joined by commas */
	int is_default;		/* a suite's default comparison: by was
				 * chosen by model_load (model_by) */
	long left_out;		/* runs it selects that lack a by attribute,
				 * so in no group */
	long kept_lacking;	/* a default comparison's: runs it selects
				 * that lack a by attribute, grouped by the
				 * rest (store_each_result_in) */
	char *lacking;		/* what those runs lack, for a sentence: "no
				 * fs attribute", "no fs (2 runs) or mount
				 * (1 run) attribute"; NULL when none does,
				 * owned */
	struct model_label *labels;	/* the grouped runs' labels, by run;
					 * nlabels, owned */
	long nlabels, labelcap;
	struct mixed *mixed;	/* nmixed of them, owned */
	int nmixed;
	struct apart_attr *attrs;	/* the suite's runs' attributes, by
					 * run then key; nattrs (room for
					 * attrcap), owned */
	long nattrs, attrcap;
	char *where;		/* "k=v, k=v" for people, owned */
	char *split;		/* a second factor's keys, or NULL; the
				 * groups are then named "by / split"
				 * (split.h), owned */
	int sweep;		/* split is a sweep's numeric key (compare
				 * --x): its values are an axis */
	char **groups;		/* owned names, ngroups */
	char **by_value;	/* with a split, per group: the by part of
				 * its name ("xfs"), owned; else NULL */
	char **split_value;	/* with a split, per group: its split
				 * value, the split keys' values of its
				 * first run joined by spaces ("4.1.10
				 * tuned"; "" when one is missing), owned;
				 * else NULL */
	long long **runs;	/* per group: its run ids, nruns[g] of them */
	int *nruns;
	int ngroups, gcap;
	struct column *cols;
	int ncols, ccap;
	long nrows;
	struct model_use *uses;	/* nuses, in the order the rows came (by
				 * run); a run's repeats in a column are
				 * noted once when they come together;
				 * owned */
	long nuses, usecap;
	struct model_use *sampled;	/* the (run, column) pairs that have
					 * samples (figures over time), sorted
					 * as model_uses_by_column; nsampled,
					 * owned */
	long nsampled;
};

/* Loads the runs comparison c selects.  model_release frees it.  0;
 * -1 with e filled; -2 with e filled when the comparison is larger than
 * a comparison may be (e says the cap and how to narrow it): the
 * others can still be shown. */
int model_load(struct store *s, const struct store_comparison *c,
	       struct model *m, struct err *e);
void model_release(struct model *m);

/* m's uses as a new array sorted by column, then run (*out: NULL when
 * there are none); 0, or -1 when memory ran out.  model_uses_has tells
 * whether run has a result in column col: the runs a test page lists. */
int model_uses_by_column(const struct model *m, struct model_use **out);
int model_uses_has(const struct model_use *sorted, long n, int col,
		   long long run);

/* Attributes that differ from run to run by their nature (when it ran,
 * for how long, a random seed): never a mixture, never a grouping. */
int model_attr_exempt(const char *key);

/* The value of run's attribute key, or NULL; key "label" is the run's
 * label (of a run in a group). */
const char *model_attr(const struct model *m, long long run, const char *key);

/* Group g's parts: in a sweep, whose groups the model names "BY / X", BY
 * goes into by and *x points at X (the setting's value); elsewhere the
 * whole name goes into by and *x is "". */
void model_group_parts(const struct model *m, int g, char *by, size_t cap,
		       const char **x);

/* Group g's name as a sentence or a table says it: a sweep's group at a
 * setting is "commit-on at clients=4", any other its name. */
void model_group_said(const struct model *m, int g, char *out, size_t cap);

/* 1 when the column's metric is better higher. */
int column_higher(const struct column *c);

#endif
