/*
 * comparison_rule.h: what a comparison may be, checked in one place.
 *
 * A comparison is defined by `compare`, but it also arrives whole from
 * another store (`merge`) or from a store edited by hand, and a stored
 * comparison is turned into SQL at every render and summary: an empty
 * grouping key or a split of 300 keys makes a statement SQLite refuses
 * ("near FROM: syntax error").  So compare checks each option here, merge
 * checks each comparison it would copy with the same code, and render and
 * summary check each stored one before building it: one that fails is
 * named and left out, never allowed to stop the others.
 */
#ifndef BENCHSITE_COMPARISON_RULE_H
#define BENCHSITE_COMPARISON_RULE_H

struct err;
struct store_comparison;

/* The most keys --by or --split may name: each is a lookup per result
 * row in the statement that reads a comparison (schema/store.c), and
 * grouping by more than a handful of attributes makes groups of one run.
 * Sixteen of each keep that statement far under its 16 KiB buffer. */
#define COMPARISON_KEYS_MAX 16

/* 0 when keys (what --by and --split take) are attribute names or label,
 * comma-separated, each once, at most COMPARISON_KEYS_MAX; else -1 with e
 * saying so, option (e.g. "--by") naming what they are. */
int comparison_rule_keys(const char *option, const char *keys, struct err *e);

/* 0 when names (--metrics, --tests) is a non-empty list on one line that
 * passes the text rule; else -1 with e saying so. */
int comparison_rule_names(const char *option, const char *names,
			  struct err *e);

/* 0 when order is "value" or a list of group names none of them empty
 * (as --where's values: \, is a comma inside a name); else -1 with e. */
int comparison_rule_order(const char *order, struct err *e);

/* 0 when c is a comparison `compare` would define as far as its own text
 * goes (its name and title, suite, --by, --split, --x, --metrics,
 * --tests, --order, its conditions); else -1 with e saying what is wrong
 * (the comparison is not named: the caller does).  A NULL suite is not
 * checked: compare's, before the store names it. */
int comparison_rule_check(const struct store_comparison *c, struct err *e);

#endif
