/*
 * sweepchart.h: a sweep as a line chart (compare --x): the setting on the
 * x axis, a line per group in the comparison's colours, a marker per point
 * with its 95% error bar where the table shows one, and each run as a
 * small dot, so a reader sees the spread and not only the mean.
 *
 * As linechart.h and chart.h: the layout is plain numbers first (scales,
 * ticks, every point's pixel position), then painted with cairo.  The x
 * axis is log 2 where the settings are powers of two or span 8x or more
 * (threads 1 to 64 would crowd six of seven points into the left tenth of
 * a linear axis), and is labelled with the settings themselves.
 */
#ifndef BENCHSITE_SWEEPCHART_H
#define BENCHSITE_SWEEPCHART_H

#include "chart.h"

struct buf;
struct err;

/* A sweep of more settings, groups or runs than these is drawn with the
 * first of them (a chart of 64 settings is already crowded), and the page
 * says so in its table, which has every figure. */
#define SWEEP_X_MAX 64
#define SWEEP_SERIES_MAX 24
#define SWEEP_DOTS_MAX 32

struct sweep_point {
	int has;		/* a measured figure at this setting */
	double y;
	int has_err;		/* the 95% interval, as the table shows it */
	double lo, hi;
	int ndots;
	double dot[SWEEP_DOTS_MAX];	/* the runs' figures */
};

struct sweep_series {
	const char *name;	/* UTF-8, clean (the text rule) */
	int color;		/* palette index */
	struct sweep_point p[SWEEP_X_MAX];
};

struct sweep_chart {
	const char *title, *axis_x, *axis_y;
	int nx;
	double x[SWEEP_X_MAX];		/* ascending */
	const char *x_text[SWEEP_X_MAX];
	int nseries;
	struct sweep_series s[SWEEP_SERIES_MAX];
	int width;
};

/* Every text of the chart is measured (cairo's DejaVu Sans, the font the
 * SVG asks for) and shortened with an ellipsis where it would leave the
 * chart: a narrow layout is 360 px, and a group's name or a metric's
 * can be any length. */
struct sweep_layout {
	int width, height, log2x;
	char title[CHART_TEXT_MAX];	/* 14 px bold at (12, 22) */
	char axis_x[CHART_TEXT_MAX];	/* centred under the plot; says
					 * "(log 2 scale)" when it is */
	char axis_y[CHART_TEXT_MAX];	/* up the left edge, centred */
	int nseries;
	/* the legend: series i's swatch (12 px) at name_x, name_y, its name
	 * at name_x + 18 on baseline name_y + 11 */
	char name[SWEEP_SERIES_MAX][CHART_TEXT_MAX];
	double name_x[SWEEP_SERIES_MAX], name_y[SWEEP_SERIES_MAX];
	double plot_x, plot_y, plot_w, plot_h;
	double y_min, y_max;
	int nyt;
	double yt[16];
	char yt_text[16][32];
	int nxt;
	double xt[SWEEP_X_MAX];		/* pixels of the labelled settings */
	double xt_left[SWEEP_X_MAX];	/* where each label starts: centred
					 * under its setting, kept inside */
	char xt_text[SWEEP_X_MAX][32];
	double px[SWEEP_X_MAX];		/* pixel of each setting */
	int legend_rows;
};

/* Lays c out c->width wide (0: 960): 0, or -1 with e filled. */
int sweep_layout(const struct sweep_chart *c, struct sweep_layout *l,
		 struct err *e);

/* Lays c out for a phone, CHART_NARROW_WIDTH wide (chart.h): the
 * legend in fewer columns, texts shortened to fit. */
int sweep_layout_narrow(const struct sweep_chart *c, struct sweep_layout *l,
			struct err *e);

/* Paints c as laid out in l as PNG bytes appended to out, in scheme
 * CHART_LIGHT or CHART_DARK (chart.h), scaled by scale (a thumbnail:
 * below 1). */
int sweep_paint_png(const struct sweep_chart *c, const struct sweep_layout *l,
		    int scheme, double scale, struct buf *out, struct err *e);

/* Writes c as laid out in l as SVG bytes appended to out (svg.h: one file
 * for a light and a dark page): 0, or -1 with e filled.  Each series is a
 * <g class="series"> of its line (a <path> of class sN), its runs' dots
 * (<circle r="2.00">) and markers (<circle r="4.00">) in a group of class
 * cN, and its error bars (a group of class sN, three <line>s each). */
int sweep_paint_svg(const struct sweep_chart *c, const struct sweep_layout *l,
		    struct buf *out, struct err *e);

#endif
