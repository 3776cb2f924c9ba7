/*
 * analysis.h: what a comparison's figures support saying.
 *
 * Pure functions of a model (no store, no HTML): per column (test and
 * metric) each group's statistics, the groups that crush the chart's scale
 * (outliers), the comparison's outliers (outliers in at least half of its
 * columns, which the "without" view leaves out), and the statements: best,
 * an outlier's ratio to the others, the spread of the others, two groups
 * compared, every group's ratio to the best, and each group's geometric
 * mean across columns.  docs/analysis.md is the specification; the
 * thresholds are named below with why.  The statements are data here
 * (their kinds: kinds.h); wording.h says them.
 */
#ifndef BENCHSITE_ANALYSIS_H
#define BENCHSITE_ANALYSIS_H

#include "kinds.h"
#include "model.h"
#include "stats.h"

struct buf;
struct err;

/* An outlier of a chart is at least this many times worse or better than
 * the median of all groups (docs/analysis.md: a bar that crushes the scale; 20-40%
 * slower is slower, not an outlier)... */
#define OUTLIER_RATIO 1.5
/* ...and further from the median than this many median absolute
 * deviations (with a MAD of zero the ratio alone decides). */
#define OUTLIER_MADS 3.5
/* Groups within 0.1% of the first of the best set tie for best; within
 * 0.5% they are near-ties, mentioned but never called best. */
#define TIE_SHARE 0.001
#define NEAR_TIE_SHARE 0.005
/* An outlier's ratio to the others is said only from 1.05x. */
#define SAY_RATIO 1.05
/* A spread below 1.2x is said as "within N%", a wider one by its ends. */
#define SPREAD_AS_SHARE 1.2

/* A significance level: differences are stated at 95% confidence. */
#define ALPHA 0.05

/* What a column's figures can carry (docs/analysis.md). */
enum col_state {
	COL_OK,		/* compared */
	COL_SET,	/* fixed by the runs' own settings: measures nothing */
	COL_EQUAL,	/* equal for every group: nothing to rank */
	COL_NONE,	/* no group has a measured figure */
	COL_ONE,	/* one group has a figure, no group was too fast:
			 * nothing to compare */
};

/* Every pair of a chart's measured groups with two runs or more each is
 * one test of the chart's family (Holm over all of them); past this many
 * such groups in one chart the family (n^2 / 2 tests) is refused rather
 * than grown without bound. */
#define FAMILY_GROUPS_MAX 1024

struct statement;

struct analysis {
	const struct model *m;
	struct stats *st;		/* [col * ngroups + g]; n 0 = none
					 * (too fast counts as none): of the
					 * measured runs, or where every run's
					 * figure was fixed by its limit, of
					 * those (shown, never compared) */
	unsigned char *fixed;		/* [col * ngroups + g]: st is of
					 * figures fixed by their limits */
	unsigned char *chart_outlier;	/* [col * ngroups + g] */
	unsigned char *toofast;		/* [col * ngroups + g]: some run of
					 * the group was too fast to measure */
	unsigned char *best;		/* [col * ngroups + g]: in the chart's
					 * best set (docs/analysis.md) */
	int *top;			/* [col]: the first of the best set,
					 * or -1 when nobody is best */
	unsigned char *state;		/* [col]: enum col_state */
	unsigned char *outlier;		/* [g]: the comparison's outliers */
	int noutliers;
	double *geomean;		/* [g]: of ratios to the best over the
					 * ranked columns, 0 = none */
	int *nbest;			/* [g]: measurements (below) where g
					 * is best */
	int *measure;			/* [col]: the first compared column
					 * of col's measurement: columns of
					 * one test whose figures are
					 * proportional run by run (reads/s
					 * and read MiB/s come from the same
					 * counts) are one measurement */
	int nmeasures;			/* compared columns that are the
					 * first of their measurement */
	signed char *outlier_dir;	/* [g]: +1 a comparison outlier that
					 * stands out as worse, -1 as better */
	int ncompared;			/* columns in state COL_OK */
	int nranked;			/* of the measurements, the ones
					 * every group has a figure above
					 * zero in */
	int ranking;			/* 1 when there is an overall ranking */
	int repeats;			/* 1 when some cell has n >= 2 */
	struct statement *stmt;		/* every statement, by column, then
					 * the comparison-wide ones */
	int nstmt;
	int *col_first;			/* [col + 1]: col's statements are
					 * stmt[col_first[c] .. col_first[c+1]) */
	int *vs_first;			/* [col]: the first of col's vs-best
					 * statements, which end its
					 * statements in group order (-1:
					 * none), so that a cell's is found
					 * by a binary search */
};

int analysis_run(const struct model *m, struct analysis *a, struct err *e);
void analysis_release(struct analysis *a);

/* The statistics of group g in column c (st->n == 0: no value), and its
 * mean. */
const struct stats *analysis_stats(const struct analysis *a, int c, int g);
double analysis_mean(const struct analysis *a, int c, int g);

/* The index of group g in column c of the [col * ngroups + g] arrays. */
size_t analysis_at(const struct analysis *a, int c, int g);

/* 1 for a measured figure: some value, no run too fast to measure, and
 * not only figures that the runs' limits fixed. */
int analysis_has(const struct analysis *a, int c, int g);

/* How many times worse x is than y (< 1: better), by the column's
 * direction; 0 when either is not positive. */
double analysis_worse_ratio(const struct column *col, double x, double y);

/* 1 when v is within share (TIE_SHARE, NEAR_TIE_SHARE) of best. */
int analysis_is_tie(double v, double best, double share);

struct statement {
	enum stmt_kind kind;
	int col;		/* -1: across the comparison */
	int subject;		/* a group */
	int ref_group;		/* another group, or -1 */
	const char *ref_word;	/* "others", "best", or NULL */
	double ratio;		/* >= 1; 0 when there is none */
	double value, ref_value;
	int has_value;		/* K_FIXED: value is the group's figure */
	int has_ref_value;
	int n, ref_n;		/* runs behind value and ref_value; K_FIXED:
				 * the runs fixed by their limit, of ref_n */
	int by_test;		/* K_SAME, K_SPREAD: 1 when Welch's t-test
				 * (Holm-corrected) found no difference at
				 * 95% ("no significant difference"); -1
				 * for K_SAME: no ratio of a zero figure or
				 * across a sign; else the values are equal
				 * ("no difference") */
	int has_ci;		/* ratio_low..ratio_high: the ratio's 95%
				 * interval (Fieller) */
	double ratio_low, ratio_high;
	const char *text;	/* K_MIXED: the values, comma-separated;
				 * ref_word is the attribute */
	enum stmt_support support;
	char *apart;		/* owned, or NULL: for S_PARTIAL and a
				 * spread whose ends the test does not
				 * separate, which groups it does ("than
				 * ext4 and xfs; not than ext2") */
};

/* Calls cb for each statement, column by column, then the comparison-wide
 * ones (geomean, outlier).  Stops when cb returns non-zero. */
int analysis_each_statement(const struct analysis *a,
			    int (*cb)(void *ctx, const struct statement *s),
			    void *ctx);

/* What the chart's family says of groups g and h in column c (the support
 * a statement of the pair would have): S_SIG, S_TIE, S_NOTSIG, S_SINGLE;
 * S_NONE when a side has no figure or memory ran out. */
enum stmt_support analysis_pair(const struct analysis *a, int c, int g,
				int h);

/* 1 when group g ties for the best of column c. */
int analysis_is_best(const struct analysis *a, int c, int g);

#endif
