/*
 * sweep.h: a comparison over a numeric setting (`compare NAME --by label
 * --x threads`): throughput at 1, 2, 4 ... 64 threads, one line per group.
 *
 * The setting is an axis, not a competitor.  The model groups the runs by
 * both (as a split, split.h), and each value of the setting is a part of
 * its own, analysed under every rule of docs/analysis.md ("at threads=4:
 * build-b is 1.3x faster than build-a").  What this file adds is what is
 * said along the axis: each group's peak and where it is, how it scales
 * from the smallest setting to the largest (and per doubling), and, for
 * each pair of groups, where one is ahead of the other, where the test
 * does not separate them, and where one overtakes the other.
 */
#ifndef BENCHSITE_SWEEP_H
#define BENCHSITE_SWEEP_H

#include "split.h"
#include "chart/sweepchart.h"

struct buf;

enum sweep_kind { SWEEP_PEAK, SWEEP_SCALING, SWEEP_OVERTAKE };

/* One statement along the axis, for `summary --format tsv`. */
struct sweep_row {
	enum sweep_kind kind;
	int col;
	const char *subject;	/* a by value */
	const char *reference;	/* SWEEP_OVERTAKE: the group overtaken */
	double ratio;		/* SWEEP_SCALING: the figure at the largest
				 * setting over that at the smallest (below
				 * 1 for a decline); 0 otherwise */
	double value, ref_value;
	int has_ref_value;
	const char *x;		/* the setting the row is about: the peak's,
				 * the overtake's first; SWEEP_SCALING: the
				 * largest */
	const char *ref_x;	/* SWEEP_SCALING: the smallest */
	enum stmt_support support;	/* SWEEP_OVERTAKE */
};

/* The statements along the axis for column c, one a line:
 * "build-a peaks at threads=4 (5.43M/s)", "build-a goes from 1.2M/s at
 * threads=1 to 5.1M/s at threads=8: 4.3x, 1.62x per doubling",
 * "build-a against build-b: build-a is faster at threads=1 to 2; no
 * significant difference at threads=4; build-b is faster at threads=8
 * (build-b overtakes build-a at threads=8)".  Empty when sp is no sweep. */
void sweep_sentences(const struct split *sp, int c, struct buf *out);

/* Calls cb for each statement along the axis, column by column; stops when
 * cb returns non-zero and returns that. */
int sweep_each_row(const struct split *sp,
		   int (*cb)(void *ctx, const struct sweep_row *r), void *ctx);

/* The headline of a sweep: the group best at the most points (a chart at
 * one setting), "build-b: best at 7 of 8 points (a chart at one threads
 * value)". */
void sweep_headline(const struct split *sp, struct buf *out);

/* The column whose chart the index shows as the sweep's thumbnail: the
 * one in which the headline's group (best at the most points) is best at
 * the most settings; the first column when no group is best anywhere. */
int sweep_headline_column(const struct split *sp);

/* The sweep's outlier groups, as a bar chart's comparison has them: a by
 * value is one when the analysis at a setting calls it an outlier at at
 * least half of the settings where it has a figure.  out[g] (room for
 * sp->nbys) is 1 for each; returns how many (0 when memory ran out: one
 * view is drawn). */
int sweep_outliers(const struct split *sp, unsigned char *out);

/* Fills ch (its data; title, axes and width are the caller's) with column
 * c of the sweep: the settings, and per group its figure, interval and runs
 * at each.  -1 when there is nothing to draw. */
int sweep_chart_fill(const struct split *sp, int c, struct sweep_chart *ch);

#endif
