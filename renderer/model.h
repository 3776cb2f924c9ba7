/*
 * model.h: one suite's results, gathered for a page.
 *
 * Groups are the runs that share a label (the default comparison); a column
 * is one test and metric.  Each cell holds the sum, count and range of the
 * group's values, and how many of its runs had no value (too fast,
 * failed...).  Order is the order of first appearance in the store, which is
 * import order: the order the user's table or files gave.
 */
#ifndef BENCHSITE_MODEL_H
#define BENCHSITE_MODEL_H

struct err;
struct store;

struct cell {
	int n;			/* runs with a value */
	int nvoid;		/* runs with a result but no value */
	double sum, sumsq, min, max;
	char status[16];	/* the status of the valueless results */
};

struct column {
	char *test, *metric, *unit, *better;	/* owned */
	struct cell *cells;	/* one per group, owned */
};

struct model {
	char *suite;		/* owned */
	char **groups;		/* owned labels, ngroups */
	int ngroups, gcap;
	struct column *cols;
	int ncols, ccap;
	long nrows;
};

/* Loads every included run of suite.  model_release frees it. */
int model_load(struct store *s, const char *suite, struct model *m,
	       struct err *e);
void model_release(struct model *m);

/* The mean of a cell (only when c->n > 0). */
double cell_mean(const struct cell *c);

/* The index of the best group of column c (by its better), or -1 when no
 * group has a value.  Ties: the first; column_is_best names them all. */
int column_best(const struct model *m, int c);

/* 1 when group g's mean in column c equals the best one (best = the result
 * of column_best, passed in so a table does not search once per cell). */
int column_is_best(const struct model *m, int c, int best, int g);

#endif
