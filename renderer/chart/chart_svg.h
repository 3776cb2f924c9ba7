/*
 * chart_svg.h: a bar chart's layout as an SVG file (chart_svg.c).
 */
#ifndef BENCHSITE_CHART_SVG_H
#define BENCHSITE_CHART_SVG_H

struct chart_layout;
struct err;

/* Writes layout l as an SVG file at path. */
int chart_paint_svg(const struct chart_layout *l, const char *path,
		    struct err *e);

#endif
