/*
 * linechart.h: interim figures over time (sysbench --report-interval) as a
 * line chart, so a reader sees whether throughput was steady.
 *
 * Like chart.h: the layout is plain numbers first (axes from zero, round
 * ticks, each point's pixel position), then written as SVG (svg.h), which
 * a light and a dark page share.
 */
#ifndef BENCHSITE_LINECHART_H
#define BENCHSITE_LINECHART_H

struct err;

/* A run of sysbench for a day at one line a second is 86,400 points; more
 * are thinned to at most this many (every k-th point) for drawing. */
#define LINE_POINTS_MAX 4096
#define LINE_TICKS_MAX 16

/* A series thinned as it streams in: the points at multiples of `every`
 * (a power of two, doubled, dropping every other point kept, whenever they
 * would pass LINE_POINTS_MAX), and the maxima of all of them.  A month of
 * per-second lines takes the memory of a few minutes: holding every point
 * would take 16 bytes each, ~300 MiB for one series of a 1 GiB log. */
struct line_series {
	long n;			/* points seen */
	long every;
	int kept;
	double t_max, v_max;
	double t[LINE_POINTS_MAX], v[LINE_POINTS_MAX];
};

void line_series_init(struct line_series *s);
void line_series_add(struct line_series *s, double t, double v);

/* The texts are measured (cairo's DejaVu Sans, the font the SVG asks
 * for) and shortened with an ellipsis to the room they have: a narrow
 * layout is 360 px wide, a metric's name any length. */
struct line_layout {
	int width, height;
	char title[160], axis_x[64], axis_y[160];
	double plot_x, plot_y, plot_w, plot_h;
	double x_max, y_max;
	int nxt, nyt;
	double xt[LINE_TICKS_MAX], yt[LINE_TICKS_MAX];	/* pixels */
	double xt_left[LINE_TICKS_MAX];	/* where each x label starts: centred
					 * under its tick, kept inside */
	char xt_text[LINE_TICKS_MAX][32], yt_text[LINE_TICKS_MAX][32];
	int npoints;
	double px[LINE_POINTS_MAX], py[LINE_POINTS_MAX];
};

/* Lays out the series (t seconds, v) into l. */
int line_layout(const struct line_series *s, const char *title,
		const char *unit, int width, struct line_layout *l,
		struct err *e);

/* Lays out the frame of a chart of the n series s (axes from zero that
 * hold every one of them) into l, which holds no points of its own:
 * line_paint_many_svg draws the series.  width CHART_NARROW_WIDTH
 * (chart.h) is the phone's layout: fewer ticks. */
int line_layout_many(const struct line_series *const *s, int n,
		     const char *title, const char *unit, int width,
		     struct line_layout *l, struct err *e);

struct buf;

/* Paints l (line_layout's points: the line 1.5 px wide, in the chart's
 * first colour) as SVG bytes appended to out (svg.h: one file for a light
 * and a dark page).  0, or -1 with e filled. */
int line_paint_svg(const struct line_layout *l, struct buf *out,
		   struct err *e);

/* Paints the frame l and the n series s as SVG bytes appended to out
 * (svg.h: one file for a light and a dark page): each series a <path>,
 * thin in the muted colour (class sm), but s[thick] (when 0 <= thick < n)
 * thick in the chart's first colour (class ln), over the others.  0, or
 * -1 with e filled. */
int line_paint_many_svg(const struct line_layout *l,
			const struct line_series *const *s, int n, int thick,
			struct buf *out, struct err *e);

#endif
