/*
 * chart_scheme.h: the colours charts are painted in (chart_scheme.c).
 */
#ifndef BENCHSITE_CHART_SCHEME_H
#define BENCHSITE_CHART_SCHEME_H

/* The colours a chart is painted in, for a light and a dark page.  A bar
 * of colour index i takes bar[i % CHART_COLORS]: up to CHART_COLORS groups
 * no two bars of a comparison share a colour; past it colours repeat and
 * each bar's label still names it.  The palettes and their checks (every
 * pair apart under simulated protanopia, deuteranopia and tritanopia, text
 * at least 4.5:1 on the ground) are in chart_scheme.c. */
#define CHART_COLORS 12
enum { CHART_LIGHT, CHART_DARK };

struct chart_scheme {
	const char *name;		/* "light", "dark" */
	unsigned char ground[3];	/* the chart's background */
	unsigned char text[3];		/* title, labels, value texts */
	unsigned char muted[3];		/* ticks, axis text, note */
	unsigned char grid[3];		/* grid lines */
	unsigned char rule[3];		/* the axis line and 0 */
	unsigned char whisker[3];	/* the 95% interval's lines */
	unsigned char bar[CHART_COLORS][3];
};

extern const struct chart_scheme chart_schemes[2];

#endif
