/*
 * kinds.h: the one table of what benchsite's statements are: every kind
 * of statement `summary --format tsv` prints in its kind column, with the
 * family it belongs to, and every word its support column holds.
 *
 * The sentences (wording.c, sweep.c, timeseries.c) are written per kind of
 * this table and the TSV names each row by it; docs/analysis.md lists every
 * kind and support word, `summary --help` those of a comparison and a
 * sweep, and tests/kinds.test.sh holds both lists against this table
 * (`unit kinds` prints it).
 */
#ifndef BENCHSITE_KINDS_H
#define BENCHSITE_KINDS_H

enum stmt_kind {
	/* of a comparison, column by column and across it (analysis.h) */
	K_BEST, K_SLOWER, K_FASTER, K_SAME, K_SPREAD, K_VS_BEST, K_GEOMEAN,
	K_OUTLIER, K_TOOFAST, K_MIXED, K_FIXED,
	/* of a sweep, along its axis (sweep.h) */
	K_PEAK, K_SCALING, K_OVERTAKE,
	/* of a group's figures over time (timeseries.h) */
	K_WARMUP, K_STEADINESS, K_STALL, K_INCLUDES_WARMUP,
	K_NKINDS
};

enum stmt_family { F_COMPARISON, F_SWEEP, F_OVER_TIME };

/* The kind's name in the TSV ("vs-best"), and its family. */
const char *stmt_kind_name(enum stmt_kind k);
enum stmt_family stmt_kind_family(enum stmt_kind k);

/* 1 when a statement of kind k states its subject's figure (the TSV's
 * value column); 0 for a geometric mean, an outlier, a too-fast group and
 * a mixture, which name groups or values only.  A K_FIXED statement
 * states one when it has it (has_value). */
int stmt_kind_valued(enum stmt_kind k);

/* The family's name as `unit kinds` prints it ("over-time"). */
const char *stmt_family_name(enum stmt_family f);

/* What a statement's difference rests on (the TSV's support column,
 * docs/analysis.md): nothing (a statement of no difference), the family's
 * test, no test (a single run on a side), some of its tests, a tie. */
enum stmt_support { S_NONE, S_SIG, S_NOTSIG, S_SINGLE, S_PARTIAL, S_TIE,
		    S_NSUPPORTS };

/* The support's word in the TSV ("not-significant"; "" for S_NONE). */
const char *stmt_support_name(enum stmt_support s);

#endif
