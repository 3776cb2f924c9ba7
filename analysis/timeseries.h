/*
 * timeseries.h: what a group's figures over time say (docs/analysis.md,
 * "Over time").
 *
 * A run that printed interim figures (sysbench --report-interval, pgbench
 * --progress, dbench) has samples: (t seconds, figure) per report.  The
 * group's series is the mean of its runs' i-th reports (at the mean of
 * their times), and of that series: the steady median, the warm-up (until
 * the figures stay within 10% of it), the steadiness after it, the stalls
 * of a rate, and whether the group's reported figure includes the warm-up.
 */
#ifndef BENCHSITE_TIMESERIES_H
#define BENCHSITE_TIMESERIES_H

#include "model.h"

struct buf;
struct err;
struct store;

/* A figure is steady within this share of the steady median. */
#define TS_BAND 0.10
/* The rolling median's window (reports), centred on each report. */
#define TS_WINDOW 5
/* Fewer reports than this say nothing of a warm-up. */
#define TS_MIN 5
/* A rate below this share of its steady median is stalled. */
#define TS_STALL 0.10
/* The whole run's and the steady part's means must differ by more than
 * this share for the reported figure to be placed between them. */
#define TS_MEANS_APART 0.02
/* Reports of one run taken into the group's series (18 hours at one a
 * second): past this many the rest are drawn, not averaged, so that a
 * render's memory stays bounded however long the runs were. */
#define TS_SAMPLES_MAX 65536
/* Stalls said one by one; more are counted. */
#define TS_STALLS_SAID 4

/* A group's series as its runs' reports stream in, index by index. */
struct ts_group {
	long n, cap;		/* reports in the longest run (capped) */
	double *tsum, *vsum;
	int *cnt;
	int nruns;		/* runs with at least one report */
	long dropped;		/* reports past TS_SAMPLES_MAX */
};

void ts_group_init(struct ts_group *g);
/* Adds report i of a run: -1 when memory ran out. */
int ts_group_add(struct ts_group *g, long i, double t, double v);
void ts_group_release(struct ts_group *g);

struct ts_stall {
	double at, len;		/* seconds: where it began, how long */
};

struct ts_result {
	long n;			/* reports in the series */
	int said;		/* n >= TS_MIN: the rest is filled */
	double median;		/* steady median: of the later half */
	int flat;		/* every report the same figure: nothing
				 * more is said */
	int settled;		/* the figures settle within the band */
	long first;		/* settled: the first report of the steady
				 * part (0: steady from the first report) */
	double warmup;		/* seconds before it (0 when first == 0) */
	int has_cv;
	double cv;		/* of the steady part, as a share */
	int rate;		/* higher is better: stalls and the means */
	int nstalls;
	double stalled;		/* seconds in all */
	struct ts_stall stall[TS_STALLS_SAID];
	int has_means;		/* rate, settled after a warm-up, means apart */
	double whole, steady;	/* means of every report and of the steady
				 * part */
};

/* The statistics of the series (t, v) of n reports; higher: 1 when a
 * higher figure is better (a rate).  -1 when memory ran out. */
int ts_analyse(const double *t, const double *v, long n, int higher,
	       struct ts_result *r);

/* The group's series (means by index) in t and v, which hold g->n. */
void ts_group_series(const struct ts_group *g, double *t, double *v);

/* 1 when a reported figure (the group's mean of its runs' figures)
 * includes the warm-up: it is nearer the whole run's mean than the steady
 * part's; 0 when it is nearer the steady part's; -1 when there is nothing
 * to say (!r->has_means). */
int ts_includes_warmup(const struct ts_result *r, double reported);

/* What r says of group name, as sentences (no newline); unit is the
 * figures' canonical unit, reported the group's figure (or NAN). */
void ts_sentences(const struct ts_result *r, const char *name, int nruns,
		  const char *unit, double reported, struct buf *out);

/* Reads the samples of column c of group g (its runs' reports of the
 * column's test and metric) into tg; each report is also passed to
 * each(ctx, k, t, v) for the group's k-th run, when each is not NULL.
 * 0, or -1 with e filled. */
int ts_load(struct store *s, const struct model *m, int c, int g,
	    struct ts_group *tg,
	    void (*each)(void *ctx, int k, double t, double v), void *ctx,
	    struct err *e);

/* ts_load and ts_analyse of column c's group g, without drawing: r->n is
 * 0 when no run of the group has samples of the column; *nruns the runs
 * that have, *dropped the reports past TS_SAMPLES_MAX.  0, or -1 with e
 * filled. */
int ts_column(struct store *s, const struct model *m, int c, int g,
	      struct ts_result *r, int *nruns, long *dropped, struct err *e);

#endif
