/*
 * model.h: one comparison's results, gathered for analysis and pages.
 *
 * A group is the runs that share the comparison's `by` value (the label by
 * default); a column is one test and metric.  Each cell keeps every run's
 * value (medians and t-tests need them all) and how many runs had a result
 * without a value (too fast, failed...).  Order is the order of first
 * appearance in the store, which is import order: the order the user's
 * table or files gave.
 */
#ifndef BENCHSITE_MODEL_H
#define BENCHSITE_MODEL_H

struct err;
struct store;
struct store_comparison;

struct cell {
	double *v;		/* n values, owned */
	int n, cap;
	int nvoid;		/* results without a value */
	char status[16];	/* the status of the valueless results */
};

struct column {
	char *test, *metric, *unit, *better;	/* owned */
	struct cell *cells;	/* one per group, owned */
};

struct model {
	char *name, *title, *suite, *by;	/* owned; title may be NULL */
	char *where;		/* "k=v, k=v" for people, owned */
	char **groups;		/* owned names, ngroups */
	long long **runs;	/* per group: its run ids, nruns[g] of them */
	int *nruns;
	int ngroups, gcap;
	struct column *cols;
	int ncols, ccap;
	long nrows;
};

/* Loads the runs comparison c selects.  model_release frees it. */
int model_load(struct store *s, const struct store_comparison *c,
	       struct model *m, struct err *e);
void model_release(struct model *m);

/* 1 when the column's metric is better higher. */
int column_higher(const struct column *c);

#endif
