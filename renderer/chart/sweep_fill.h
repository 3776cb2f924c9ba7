/*
 * sweep_fill.h: the chart of a comparison over a numeric setting (`compare
 * --by label --x threads`): what analysis/sweep.h says along the axis,
 * drawn as one line per group.
 */
#ifndef BENCHSITE_RENDERER_SWEEP_FILL_H
#define BENCHSITE_RENDERER_SWEEP_FILL_H

#include "../../analysis/sweep.h"
#include "sweepchart.h"

/* Fills ch (its data; title, axes and width are the caller's) with column
 * c of the sweep: the settings, and per group its figure, interval and runs
 * at each.  -1 when there is nothing to draw. */
int sweep_chart_fill(const struct split *sp, int c, struct sweep_chart *ch);

#endif
