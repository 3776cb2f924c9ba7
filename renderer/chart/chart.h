/*
 * chart.h: horizontal bar charts, laid out as numbers, then painted.
 *
 * chart_layout decides everything (the axis range and its round ticks, each
 * bar's box, where each label and value text goes, what text is shortened)
 * and returns it as plain numbers that tests compare (RRDtool's graphv);
 * chart_paint_png only draws that layout with cairo.  Text widths come from
 * a measuring function so that the layout can be tested without fonts.
 */
#ifndef BENCHSITE_CHART_H
#define BENCHSITE_CHART_H

#include <stddef.h>

#include "chart_scheme.h"

struct err;

/* The most bars a chart draws.  A comparison with more groups draws this
 * many and says so in the chart's note ("256 of 2000 groups shown"); the
 * page (pages.c chart_view) chooses which, never silently.  The bound keeps
 * a chart and its layout a fixed size (about 200 KB), whatever the store
 * holds, and a 256-bar chart (7,700 pixels tall) is about as long as a
 * reader will scroll. */
#define CHART_BARS_MAX 256
#define CHART_TICKS_MAX 16
#define CHART_TEXT_MAX 160
/* The most run dots a chart draws, over all its bars (CHART_BARS_MAX bars
 * of 8 runs); a bar whose runs would not fit in what is left draws none,
 * never some of them, and keeps its error bar. */
#define CHART_DOTS_MAX 2048
/* The most entries of a chart's legend; more split values than this end
 * the legend with "and N more" (each bar's label still names its own). */
#define CHART_LEGEND_MAX 24

struct chart_bar {
	const char *label;	/* UTF-8, any length */
	double value;
	int has_value;
	const char *status;	/* shown when !has_value */
	int color;		/* palette index, fixed per group */
	int best;
	int outlier;		/* said in the value text too */
	int n;			/* runs behind value */
	double err_lo, err_hi;	/* the 95% confidence interval, drawn as an
				 * error bar when n > 1 and both are finite
				 * (NAN: the table says "too few runs for an
				 * interval", so the chart draws none) */
	const double *runs;	/* NULL, or the n figures behind value (in
				 * the unit of chart.runs_div): with n >= 2
				 * each is a dot on the bar */
	const char *cluster;	/* NULL, or the cluster the bar belongs to
				 * (a two-factor chart's --by value):
				 * consecutive bars of one cluster are drawn
				 * together under its name, apart from the
				 * next cluster */
};

/* A legend entry: text in bar colour color. */
struct chart_key {
	const char *text;
	int color;
};

struct chart {
	const char *title;
	const char *axis;	/* "rate (KiB/s), higher is better" */
	const char *unit;	/* as shown after each figure ("ms", "/s") */
	int unit_tight;		/* no space before unit: "2891/s", "12%" */
	const char *note;	/* NULL, or a line under the title: what the
				 * chart leaves out ("256 of 2000 groups
				 * shown ...") */
	int width;		/* pixels */
	double runs_div;	/* bars' runs are divided by it (the unit
				 * the chart shows); 0 means 1 */
	const char *legend_title;	/* NULL, or what the legend's entries
					 * are ("settings") */
	int nlegend;		/* a legend inside the chart (a two-factor
				 * chart's split values), 0: none */
	int legend_more;	/* entries left out past CHART_LEGEND_MAX */
	struct chart_key legend[CHART_LEGEND_MAX];
	int nbars;
	struct chart_bar bar[CHART_BARS_MAX];
};

struct chart_box {
	double x, y, w, h;
};

/* Everything painting needs, so a layout can be painted later, in another
 * thread, after the data it came from is gone. */
struct chart_layout {
	int width, height;
	int narrow;			/* labels above the bars (and left-
					 * aligned at label_x) */
	char title[CHART_TEXT_MAX];
	char axis[CHART_TEXT_MAX];
	char note[CHART_TEXT_MAX];	/* "" or a line under the title */
	double axis_x;			/* the centre of the axis title: under
					 * the plot, moved (and the text cut)
					 * so that it lies inside the chart */
	int nlegend;			/* legend entries (the last may be
					 * "and N more", color -1: no swatch) */
	int ndots;			/* run dots, in bar order */
	int clustered;			/* bars in clusters, each under its
					 * heading (head[i] set) */
	int nbars;
	int color[CHART_BARS_MAX];
	int has_err[CHART_BARS_MAX];
	double err_x0[CHART_BARS_MAX], err_x1[CHART_BARS_MAX];
	struct chart_box plot;		/* the area the bars live in */
	double axis_min;		/* the value at plot's left edge:
					 * 0, or below 0 for negative bars */
	double axis_max;		/* the value at plot's right edge */
	double zero_x;			/* where 0 is; bars start there */
	int nticks;
	double tick[CHART_TICKS_MAX];	/* values, from axis_min */
	double tick_x[CHART_TICKS_MAX];
	char tick_text[CHART_TICKS_MAX][32];
	struct chart_box bar[CHART_BARS_MAX];	/* w = 0 without a value */
	char label[CHART_BARS_MAX][CHART_TEXT_MAX];	/* maybe shortened */
	double label_x[CHART_BARS_MAX];	/* right edge of the label */
	char value_text[CHART_BARS_MAX][CHART_TEXT_MAX];
	double value_x[CHART_BARS_MAX];	/* left edge of the value text */
	double text_y[CHART_BARS_MAX];	/* baseline of the bar's texts */
	/* the legend: a swatch of legend_color at (legend_x, legend_y -
	 * CHART_SWATCH) sized CHART_SWATCH, its text at legend_x +
	 * CHART_SWATCH + 5 on baseline legend_y; entry 0 may be the title
	 * (color -1) */
	char legend[CHART_LEGEND_MAX + 2][CHART_TEXT_MAX];
	int legend_color[CHART_LEGEND_MAX + 2];
	double legend_x[CHART_LEGEND_MAX + 2], legend_y[CHART_LEGEND_MAX + 2];
	/* runs: bar i's dot_n[i] dots follow those of the bars before it */
	int dot_n[CHART_BARS_MAX];
	double dot_x[CHART_DOTS_MAX], dot_y[CHART_DOTS_MAX];
	/* clusters: bar i starts one when head[i], its name head_text[i] on
	 * baseline head_y[i], from the left margin */
	int head[CHART_BARS_MAX];
	double head_y[CHART_BARS_MAX];
	char head_text[CHART_BARS_MAX][CHART_TEXT_MAX];
};

/* A legend swatch's side and a run dot's radius, in pixels. */
#define CHART_SWATCH 11.0
#define CHART_DOT_R 2.5

/* Returns the width in pixels of UTF-8 text s at the chart's font size. */
typedef double (*chart_measure)(void *ctx, const char *s);

/* Shortens out (cap at most CHART_TEXT_MAX bytes) in place with an
 * ellipsis until m says it fits max pixels. */
void chart_fit_text(char *out, size_t cap, double max, chart_measure m,
		    void *ctx);

/* Fits an axis title ("metric (unit), lower is better") into max pixels
 * by cutting the metric's name, never the unit and the direction, which
 * tell how to read the axis. */
void chart_fit_axis(char *axis, size_t cap, double max, chart_measure m,
		    void *ctx);

/* cairo's DejaVu Sans at one size, for a layout that measures its texts
 * as the PNG draws them and a browser shows the SVG: chart_font_measure
 * is a chart_measure of it.  chart_font_close frees it (also after a
 * failed open) and says whether every measure was good (cairo's errors
 * are sticky: a failed context measures 0). */
struct chart_font {
	struct _cairo_surface *s;
	struct _cairo *cr;
};
int chart_font_open(struct chart_font *f, double size, int bold,
		    struct err *e);
double chart_font_measure(void *ctx, const char *s);
int chart_font_close(struct chart_font *f, struct err *e);

/* The two faces a line chart's layout measures with: f at 12 px and bold
 * at 14 px (its title).  chart_fonts_close frees both and says whether
 * every measure of either was good. */
int chart_fonts_open(struct chart_font *f, struct chart_font *bold,
		     struct err *e);
int chart_fonts_close(struct chart_font *f, struct chart_font *bold,
		      struct err *e);

/* Lays c out; measure may be NULL to use cairo's DejaVu Sans metrics. */
int chart_layout(const struct chart *c, chart_measure measure, void *ctx,
		 struct chart_layout *l, struct err *e);

/* A thumbnail is the full chart's PNG drawn at this scale. */
#define CHART_THUMB_SCALE 0.35

/* The width a narrow layout tries first: a 390 CSS px phone less the
 * page's margins. */
#define CHART_NARROW_WIDTH 360

/* Lays c out narrow, for a phone and for thumbnails: each label on a line
 * above its bar, CHART_NARROW_WIDTH wide, or 480 or 640 when the figures'
 * texts need it (c->width is not used). */
int chart_layout_narrow(const struct chart *c, chart_measure measure,
			void *ctx, struct chart_layout *l, struct err *e);

/* Draws layout l into a PNG file at path, scaled by scale (1: full size,
 * below 1: a thumbnail). */
int chart_paint_png(const struct chart_layout *l, double scale,
		    const char *path, struct err *e);

/* Draws layout l, scaled by scale, into a new CAIRO_FORMAT_RGB24 image
 * surface the caller destroys; NULL with e filled when cairo failed.  For
 * chart_paint_png and the benchmarks, which time drawing apart from
 * encoding. */
struct _cairo_surface *chart_draw(const struct chart_layout *l, double scale,
				  struct err *e);

/* The text of tick value v on an axis of step step whose ends are at most
 * span from 0 (docs/units.md).  From a span of 10,000 to 1e15 with a step
 * of 1 or more, as people write axes: each tick in the largest power of
 * 1000 it reaches ("500", "2k", "200k", "1.5M", "2G"); else plain, with
 * just the decimals the step needs ("0.25", "100"), when span is below
 * 1e6 and step at least 0.001; otherwise with an exponent and just the
 * digits the step needs ("2e34", "1.5e-9"), so that a tick text is never
 * 31 digits long nor rounded to a row of "0".  Two ticks a step apart
 * never read the same. */
void chart_tick_text(double v, double step, double span, char out[32]);

/* A bar's figure as the chart writes it: whole numbers from 100 to 7
 * digits ("464", "6192376"), three significant digits below 100 ("2.5",
 * "0.00123"), and from 1e7 up or below 0.001 at most four significant
 * digits with an exponent ("1.235e7", "5e30", "2.5e-9"). */
void chart_figure_text(double v, char out[32]);

/* The round step for an axis from 0 to max with about n ticks: 1, 2 or 5
 * times a power of ten. */
double chart_nice_step(double max, int n);

#endif
