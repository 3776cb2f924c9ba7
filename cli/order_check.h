/*
 * order_check.h: compare's --order checked against what it orders.
 *
 * --order G1,G2 names groups, split as --where's values are (a comma
 * inside a name is \,, a backslash \\: schema/selection.h), and a name
 * that is no group of the comparison would be ignored at every render,
 * silently: a typo, or a name with a comma that was not escaped.  So
 * compare refuses the option when an item is empty (comparison_rule.h),
 * and the comparison when an item names none of its groups as the store
 * holds them now (here).
 */
#ifndef BENCHSITE_CLI_ORDER_CHECK_H
#define BENCHSITE_CLI_ORDER_CHECK_H

struct err;
struct store;
struct store_comparison;

/* 0 when c has no --order, orders by value, or every name it gives is a
 * group of c (its by, split or sweep keys, among the metrics and tests
 * it shows, as the model groups them); else -1 with e naming the first
 * that is not and the groups there are. */
int order_check_groups(struct store *s, const struct store_comparison *c,
		       struct err *e);

#endif
