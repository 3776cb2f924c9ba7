/*
 * bars.h: a bar chart to lay out or draw, for the unit tests and the
 * chart benchmark (bench/chartbench.c).
 */
#ifndef BENCHSITE_TEST_BARS_H
#define BENCHSITE_TEST_BARS_H

#include "../../renderer/chart/chart.h"

/* c's title, axis and unit, 960 pixels wide, n bars named labels, each
 * with a figure (which the caller sets) and colour i; what else c holds
 * is left as it is. */
static inline void bars_init(struct chart *c, const char *title,
			     const char *axis, const char *unit, int n,
			     const char *const *labels)
{
	int i;

	c->title = title;
	c->axis = axis;
	c->unit = unit;
	c->width = 960;
	c->nbars = n;
	for (i = 0; i < n; i++) {
		c->bar[i].label = labels[i];
		c->bar[i].has_value = 1;
		c->bar[i].color = i;
	}
}

#endif
