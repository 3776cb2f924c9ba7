/*
 * order.h: the order of a comparison's groups, decided once in the model
 * so that every chart, table, statement and download agrees on it.
 */
#ifndef BENCHSITE_ORDER_H
#define BENCHSITE_ORDER_H

struct model;

/* Puts m's groups in the order that order asks for: NULL or "" natural
 * (natural.h: 3.23.51 < 4.1.10 < 10.11, ext2 < ext10); "value" ranked,
 * best first, by the geometric mean of each group's ratios to the best
 * over the charts where every group has a positive figure (natural order
 * among equals and when no chart has every group); else group names,
 * comma-separated (a comma inside a name written \,, as in --where),
 * first in that order, the rest following naturally.
 * Moves every per-group array of m with them.  0, or -1 when memory ran
 * out (m unchanged). */
int order_groups(struct model *m, const char *order);

#endif
