/*
 * titles.h: what a test and a metric are called for people.
 *
 * The store keeps the names the parsers give (`put_block`, `rate`,
 * `fileio-rndrw`, `reads_per_sec`), which line runs up and which scripts
 * use; a reader wants the tool's own words ("Sequential output, block").
 * One table per suite (titles.c) gives a plain description where a
 * sensible one exists; the pages and `summary` show it as the title with
 * the raw name beside it.  Stored values and exports never change.
 */
#ifndef BENCHSITE_TITLES_H
#define BENCHSITE_TITLES_H

#include <stddef.h>

#include "model.h"

/* The description of suite's test, capitalised ("Sequential output,
 * block"), into out; NULL when the suite's table has none. */
const char *titles_test(const char *suite, const char *test, char *out,
			size_t cap);

/* The description of suite's metric, in lower case as it follows a test
 * ("throughput", "read IOPS"); NULL when there is none. */
const char *titles_metric(const char *suite, const char *metric);

/* Column c of m for people.  title: its test's description (or name),
 * and where the test has several columns in m, ": " and its metric's
 * ("Sequential output, block: throughput"); raw: the names as stored,
 * "put_block rate" (or "put_block" alone when the test has one column).
 * Returns 1 when title says more than raw (a description was found), 0
 * when title is raw. */
int titles_column(const struct model *m, int c, char *title, size_t tcap,
		  char *raw, size_t rcap);

/* The title of a chart of column c alone (a chart is always one test and
 * one metric): "Sequential output, block: throughput (put_block rate)",
 * or "put_block: rate" when neither has a description. */
void titles_chart(const struct model *m, int c, char *out, size_t cap);

/* Upper-cases the first letter of s in place when it is an ASCII letter
 * (a sentence of ours; a name is never passed). */
void titles_capital(char *s);

#endif
