/*
 * wording.h: the sentences of the analysis (analysis.h): how each kind of
 * statement (kinds.h) is said to people, a comparison's headline and the
 * notes a reader needs.  Which statements hold is analysis.c's; this file
 * only words them, so a page and `summary` say the same.
 */
#ifndef BENCHSITE_WORDING_H
#define BENCHSITE_WORDING_H

#include "analysis.h"

struct buf;

/* The column's statements as one paragraph for people:
 * "jfs_defaults is 2.1x slower than the other 10 (268 s vs 125 s mean);
 * best: ext2_defaults and reiserfs_defaults (124 s); the others are within
 * 1.6% of each other."  Empty when there is nothing to say. */
int analysis_sentence(const struct analysis *a, int col, struct buf *out);

/* Group g's ratio to the best of column c as text ("1.6x"); 0 when there
 * is none (no value, a zero figure, or g is best). */
int analysis_ratio_to_best(const struct analysis *a, int c, int g,
			   char out[16]);

/* The same ratio's 95% interval as text ("1.4x-3.3x"); 0 when it has
 * none (a single run on a side, or an unbounded interval). */
int analysis_ratio_to_best_ci(const struct analysis *a, int c, int g,
			      char out[40]);

/* Why column c is not compared (COL_SET, COL_EQUAL, COL_NONE), for
 * people; NULL when it is. */
const char *analysis_column_note(const struct analysis *a, int c);

/* The comparison's headline for the index: "xfs: best in 9 of 12 charts;
 * jfs stands out".  Empty when there is nothing to say. */
void analysis_headline(const struct analysis *a, struct buf *out);

/* What a reader must know to read the comparison's statements, one
 * paragraph each, separated by newlines: single runs, the noise rule, the
 * overall ranking's coverage, mixed groups, runs left out, the grouping
 * chosen. */
void analysis_notes(const struct analysis *a, struct buf *out);

/* "faster"/"slower" for times and rates, "better"/"worse" otherwise. */
const char *analysis_word(const struct column *col, int better);

#endif
