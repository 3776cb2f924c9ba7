/*
 * linechart.c: see linechart.h.
 */
#include "linechart.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/text.h"
#include "../../core/textrule.h"
#include "chart.h"
#include "svg.h"

#define LMARGIN 70.0
#define RMARGIN 20.0
#define TOP 54.0
#define BOTTOM 46.0

static void ticks(double max, int want, int *n, double *val,
		  char text[][32])
{
	double step = chart_nice_step(max, want), v;
	int k = 0;

	for (v = 0; v <= max * (1 + 1e-9) && k < LINE_TICKS_MAX; v = ++k * step) {
		val[k] = v;
		chart_tick_text(v, step, max, text[k]);
	}
	*n = k;
}

void line_series_init(struct line_series *s)
{
	s->n = 0;
	s->every = 1;
	s->kept = 0;
	s->t_max = s->v_max = 0;
}

void line_series_add(struct line_series *s, double t, double v)
{
	if (s->n == 0 || t > s->t_max)
		s->t_max = t;
	if (s->n == 0 || v > s->v_max)
		s->v_max = v;
	/* every is a power of two: a mask, not a division a point */
	if ((s->n & (s->every - 1)) == 0 && s->kept == LINE_POINTS_MAX) {
		int i;

		for (i = 0; 2 * i < s->kept; i++) {
			s->t[i] = s->t[2 * i];
			s->v[i] = s->v[2 * i];
		}
		s->kept = i;
		s->every *= 2;
	}
	if ((s->n & (s->every - 1)) == 0) {
		s->t[s->kept] = t;
		s->v[s->kept++] = v;
	}
	s->n++;
}

/* The chart's frame: title, axes from zero to x_max and y_max rounded up
 * to their ticks, the ticks' pixels, every text measured and fitted. */
static int frame(const char *title, const char *unit, int width,
		 double x_max, double y_max, struct line_layout *l,
		 struct err *e)
{
	double xs[LINE_TICKS_MAX], ys[LINE_TICKS_MAX], step;
	/* a phone's 270 px plot holds four time labels, not six */
	int k, nx = width < 600 ? 4 : 6;
	struct chart_font f, bold;

	/* all but the points (64 KB, written as they are laid out and read
	 * only up to npoints): a run page and a group lay out one each */
	memset(l, 0, offsetof(struct line_layout, px));
	if (chart_fonts_open(&f, &bold, e))
		return -1;
	l->width = width;
	l->height = 320;
	/* cleaned for cairo and the SVG (core/textrule.h), then cut to fit */
	textrule_clean(title, strlen(title), l->title, sizeof(l->title));
	chart_fit_text(l->title, sizeof(l->title), width - 24,
		       chart_font_measure, &bold);
	snprintf(l->axis_x, sizeof(l->axis_x), "time (s)");
	textrule_clean(unit, strlen(unit), l->axis_y, sizeof(l->axis_y));
	chart_fit_axis(l->axis_y, sizeof(l->axis_y), width - 24,
		       chart_font_measure, &f);
	l->plot_x = LMARGIN;
	l->plot_y = TOP;
	l->plot_w = width - LMARGIN - RMARGIN;
	l->plot_h = l->height - TOP - BOTTOM;
	l->x_max = x_max > 0 ? x_max : 1;
	l->y_max = y_max > 0 ? y_max : 1;
	step = chart_nice_step(l->x_max, nx);
	l->x_max = ceil(l->x_max / step - 1e-9) * step;
	step = chart_nice_step(l->y_max, 5);
	l->y_max = ceil(l->y_max / step - 1e-9) * step;
	ticks(l->x_max, nx, &l->nxt, xs, l->xt_text);
	ticks(l->y_max, 5, &l->nyt, ys, l->yt_text);
	for (k = 0; k < l->nxt; k++) {
		double w = chart_font_measure(&f, l->xt_text[k]);

		l->xt[k] = l->plot_x + xs[k] / l->x_max * l->plot_w;
		/* centred under its tick, but kept inside the image: the
		 * last of a long run ("1000000") would be cut at the edge */
		l->xt_left[k] = fmin(l->xt[k] - w / 2, l->width - 2 - w);
	}
	for (k = 0; k < l->nyt; k++)
		l->yt[k] = l->plot_y + l->plot_h - ys[k] / l->y_max * l->plot_h;
	return chart_fonts_close(&f, &bold, e);
}

static double px_of(const struct line_layout *l, double t)
{
	return l->plot_x + t / l->x_max * l->plot_w;
}

static double py_of(const struct line_layout *l, double v)
{
	return l->plot_y + l->plot_h - (v > 0 ? v : 0) / l->y_max * l->plot_h;
}

int line_layout(const struct line_series *s, const char *title,
		const char *unit, int width, struct line_layout *l,
		struct err *e)
{
	int i;

	if (s->kept < 1)
		return err_set(e, NULL, 0, 0, "a line chart needs points");
	if (frame(title, unit, width, s->t_max, s->v_max, l, e))
		return -1;
	for (i = 0; i < s->kept; i++) {
		l->px[l->npoints] = px_of(l, s->t[i]);
		l->py[l->npoints] = py_of(l, s->v[i]);
		l->npoints++;
	}
	return 0;
}

int line_layout_many(const struct line_series *const *s, int n,
		     const char *title, const char *unit, int width,
		     struct line_layout *l, struct err *e)
{
	double x_max = 0, y_max = 0;
	int i, any = 0;

	for (i = 0; i < n; i++) {
		if (s[i]->kept < 1)
			continue;
		x_max = any ? fmax(x_max, s[i]->t_max) : s[i]->t_max;
		y_max = any ? fmax(y_max, s[i]->v_max) : s[i]->v_max;
		any = 1;
	}
	if (!any)
		return err_set(e, NULL, 0, 0, "a line chart needs points");
	return frame(title, unit, width, x_max, y_max, l, e);
}

/* A dense series: more than LINE_BAND_DENSITY points to each pixel column
 * it spans (an hour of reports a second on a 870 px plot has four).  Its
 * line, stroked, covers in each column the span from its highest to its
 * lowest point there and the segment on into the next column, widened by
 * half the line's width: the band of those spans, filled as one outline,
 * paints the same pixels for a fraction of the cost of stroking thousands
 * of joined segments (bench/README.md), and its SVG path is as many times
 * shorter. */
#define LINE_BAND_DENSITY 2
#define LINE_BAND_COLS 2048

/* Of finite numbers, without fmin's and fmax's care for NaN: a compare
 * and a move, where those are calls, and the loops below see every point
 * of every dense line. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

struct band {
	int n;			/* columns */
	double x0, x1;		/* the first and the last point's x */
	double c0;		/* the first column's left edge */
	double top[LINE_BAND_COLS], bot[LINE_BAND_COLS];
};

/* Fills b with the n points (x, y) in pixels as drawn w wide, when they
 * are dense and go left to right with one in every column they span: 1,
 * else 0 (then they are stroked point by point). */
static int band_of(const double *x, const double *y, int n, double w,
		   struct band *b)
{
	int k, c, prev = -1;
	double first, last, top = 0, bot = 0;	/* column prev's, kept in
						 * registers until it ends */

	if (n < 2)
		return 0;
	first = floor(x[0]);
	last = floor(x[n - 1]);
	if (!(last >= first) || last - first + 1 > LINE_BAND_COLS ||
	    n < LINE_BAND_DENSITY * (last - first + 1))
		return 0;
	b->n = (int)(last - first) + 1;
	b->c0 = first;
	b->x0 = x[0];
	b->x1 = x[n - 1];
	for (k = 0; k < n; k++) {
		double d = x[k] - first;

		/* d >= 0 unless the point is back in time: truncated, floor */
		c = d >= 0 && d < LINE_BAND_COLS ? (int)d : -1;
		if (c < prev || c > prev + 1 || c >= b->n)
			return 0;	/* back in time, or a column skipped */
		if (c != prev) {
			/* the segment on from the last point crosses into
			 * c at the columns' edge: both columns hold it */
			double edge = y[k];

			if (prev >= 0 && x[k] > x[k - 1])
				edge = y[k - 1] + (y[k] - y[k - 1]) *
						  (first + c - x[k - 1]) /
						  (x[k] - x[k - 1]);
			if (prev >= 0) {
				b->top[prev] = MIN(top, edge) - w / 2;
				b->bot[prev] = MAX(bot, edge) + w / 2;
			}
			top = MIN(edge, y[k]);
			bot = MAX(edge, y[k]);
			prev = c;
		} else {
			top = MIN(top, y[k]);
			bot = MAX(bot, y[k]);
		}
	}
	if (prev != b->n - 1)
		return 0;	/* cannot be: the last point's column ends it */
	b->top[prev] = top - w / 2;
	b->bot[prev] = bot + w / 2;
	return 1;
}

/* Column c's left (side 0) or right edge (1) in the band's outline, kept
 * between the first and the last point: a line ends where its points
 * end. */
static double band_x(const struct band *b, int c, int side)
{
	return MIN(MAX(b->c0 + c + side, b->x0), b->x1);
}

/* Series s's points in l's pixels, into x and y. */
static void series_px(const struct line_layout *l, const struct line_series *s,
		      double *x, double *y)
{
	int k;

	for (k = 0; k < s->kept; k++) {
		x[k] = px_of(l, s->t[k]);
		y[k] = py_of(l, s->v[k]);
	}
}

/* v * 100 to the nearest whole (halves away from zero), for |v| < 1e9:
 * a pixel's position.  An addition, not a call to lround per number. */
static long hundredths(double v)
{
	double h = v * 100;

	return (long)(h < 0 ? h - 0.5 : h + 0.5);
}

/* v to the hundredth, trailing zeros dropped ("71", "269.3",
 * "-0.5"), NUL-terminated in t; its length.  A pixel's position: well
 * inside a long's hundredths, else num_fixed's two decimals. */
static size_t short_num(double v, char t[32])
{
	size_t n;

	if (!(fabs(v) < 1e9)) {
		n = num_fixed(v, 2, t);
		if (n > 3 && t[n - 3] == '.' && t[n - 1] == '0')
			n -= t[n - 2] == '0' ? 3 : 1;
		t[n] = '\0';
		return n;
	}
	return num_hundredths(hundredths(v), t);
}

/* Path data gathered a few KB at a time on the stack, then appended to
 * d: a band is thousands of short commands. */
struct pathbuf {
	struct buf *d;
	size_t n;
	char t[4096];
};

/* Room for a command and its number: the gathered bytes go to d first
 * when there is not. */
static void band_room(struct pathbuf *p)
{
	if (p->n > sizeof(p->t) - 40) {
		buf_add(p->d, p->t, p->n);
		p->n = 0;
	}
}

/* Appends command c and v in short_num's form. */
static void band_cmd(struct pathbuf *p, char c, double v)
{
	band_room(p);
	p->t[p->n] = c;
	p->n += 1 + short_num(v, p->t + p->n + 1);
}

/* Appends "V" and a level already in hundredths. */
static void band_level(struct pathbuf *p, long q)
{
	band_room(p);
	p->t[p->n] = 'V';
	p->n += 1 + num_hundredths(q, p->t + p->n + 1);
}

/* Appends "h1", or "h-1" when back. */
static void band_step(struct pathbuf *p, int back)
{
	band_room(p);
	memcpy(p->t + p->n, back ? "h-1" : "h1", 3);
	p->n += back ? 3 : 2;
}

/* The band's outline as SVG path data in d: each column a pixel wide at
 * its extent, along the tops left to right and back along the bottoms (a
 * column's middle point joined to the next one's would narrow a
 * one-report spike to a sliver, where the line draws it a pixel wide).
 * All steps: each column's level a "V" (left out where it is the last
 * one's to the hundredth) and its width an "h1" (an "H" to its far edge
 * where that is not a whole pixel on), a quarter of the bytes (and of the
 * numbers to print and escape) of every corner written as "L x y". */
static void band_svg(const struct band *b, struct buf *d)
{
	struct pathbuf p;
	double at = 0, next;	/* the pen's x, and where it goes */
	long level, last = 0;	/* the pen's y in hundredths */
	int side, k, c;

	p.d = d;
	p.n = 0;
	for (side = 0; side < 2; side++) {
		for (k = 0; k < b->n; k++) {
			double y;

			c = side ? b->n - 1 - k : k;
			y = side ? b->bot[c] : b->top[c];
			/* LONG_MIN: too far to compare, always written */
			level = fabs(y) < 1e9 ? hundredths(y) : LONG_MIN;
			if (side == 0 && k == 0) {
				band_cmd(&p, 'M', band_x(b, c, 0));
				band_cmd(&p, ' ', y);
			} else {
				if (band_x(b, c, side) != at)
					band_cmd(&p, 'H', band_x(b, c, side));
				if (level == LONG_MIN)
					band_cmd(&p, 'V', y);
				else if (level != last)
					band_level(&p, level);
			}
			last = level;
			next = band_x(b, c, !side);
			/* a whole column on from a whole x: exact, relative */
			if (next == at + (side ? -1 : 1) && fabs(at) < 1e9 &&
			    at == (double)(long)at)
				band_step(&p, side);
			else
				band_cmd(&p, 'H', next);
			at = next;
		}
	}
	p.t[p.n++] = 'Z';
	buf_add(d, p.t, p.n);
}

/* The n points (x, y) as an SVG path in g, w wide: a band (stroke none,
 * filled with fill in class fill_cls) when they are dense, else their
 * line (stroked by g's or the caller's attributes). */
static xmlNodePtr path_px(xmlNodePtr g, const double *x, const double *y,
			  int n, double w, const unsigned char fill[3],
			  const char *fill_cls)
{
	struct band *b = malloc(sizeof(*b));
	struct buf d;
	xmlNodePtr p;
	int k, band;

	band = b && band_of(x, y, n, w, b);
	buf_init(&d, (size_t)(band ? 4 * b->n + 1 : n + 1) * 24);
	if (band) {
		band_svg(b, &d);
	} else {
		for (k = 0; k < n; k++)
			svg_path_pt(&d, k ? " L" : "M", x[k], y[k]);
		if (n == 1)	/* one report: a dot, not nothing */
			svg_path_pt(&d, " L", x[0] + 0.5, y[0]);
	}
	free(b);
	p = svg_el(g, "path");
	svg_attr(p, "d", d.data ? d.data : "M0 0");
	buf_release(&d);
	if (band) {
		svg_attr(p, "stroke", "none");
		svg_paint(p, "fill", fill, fill_cls);
	}
	return p;
}

/* Series s as an SVG path in g (path_px). */
static xmlNodePtr path_svg(xmlNodePtr g, const struct line_layout *l,
			   const struct line_series *s, double w,
			   const unsigned char fill[3], const char *fill_cls)
{
	double x[LINE_POINTS_MAX], y[LINE_POINTS_MAX];

	series_px(l, s, x, y);
	return path_px(g, x, y, s->kept, w, fill, fill_cls);
}

/* A new SVG document of l's frame: title, grid, ticks and axis titles;
 * *root gets the <svg> to draw the lines into.  NULL when memory ran
 * out. */
static xmlDocPtr svg_frame(const struct line_layout *l, xmlNodePtr *root)
{
	const struct chart_scheme *sc = &chart_schemes[CHART_LIGHT];
	xmlNodePtr svg = NULL, g;
	xmlDocPtr doc = svg_new(l->width, l->height, l->title, 12, &svg);
	double base = l->plot_y + l->plot_h;

	svg_title(svg, 20, l->title);
	g = svg_el(svg, "g");
	svg_paint(g, "stroke", sc->grid, "g");
	svg_grid_y(g, l->plot_x, l->plot_x + l->plot_w, l->yt, l->nyt);
	g = svg_el(svg, "g");
	svg_paint(g, "fill", sc->muted, "m");
	svg_tick_labels(g, l->plot_x, l->yt, l->yt_text, l->nyt, l->xt_left,
			l->xt_text, l->nxt, base);
	svg_text(g, l->plot_x + l->plot_w / 2, base + 34, "middle", l->axis_x);
	svg_text(g, 12, l->plot_y - 14, NULL, l->axis_y);
	*root = svg;
	return doc;
}

/* A group of svg for lines w wide (NULL: SVG's 1) stroked in rgb, class
 * cls for a dark page. */
static xmlNodePtr line_group(xmlNodePtr svg, const char *w,
			     const unsigned char rgb[3], const char *cls)
{
	xmlNodePtr t = svg_el(svg, "g");

	svg_attr(t, "fill", "none");
	svg_attr(t, "stroke-linejoin", "round");
	if (w)
		svg_attr(t, "stroke-width", w);
	svg_paint(t, "stroke", rgb, cls);
	return t;
}

int line_paint_svg(const struct line_layout *l, struct buf *out,
		   struct err *e)
{
	xmlNodePtr svg = NULL;
	xmlDocPtr doc = svg_frame(l, &svg);

	const unsigned char *blue = chart_schemes[CHART_LIGHT].bar[0];

	/* blue, sky blue on a dark page (class ln; the path's lf when it is
	 * a band) */
	path_px(line_group(svg, "1.5", blue, "ln"), l->px, l->py, l->npoints,
		1.5, blue, "lf");
	return svg_save_buf(doc, out, e);
}

int line_paint_many_svg(const struct line_layout *l,
			const struct line_series *const *s, int n, int thick,
			struct buf *out, struct err *e)
{
	const struct chart_scheme *sc = &chart_schemes[CHART_LIGHT];
	xmlNodePtr svg = NULL, g;
	xmlDocPtr doc = svg_frame(l, &svg);
	int i;

	g = line_group(svg, NULL, sc->muted, "sm");
	for (i = 0; i < n; i++)
		if (i != thick)
			path_svg(g, l, s[i], 1, sc->muted, "m");
	if (thick >= 0 && thick < n)	/* the mean, as line_paint_svg's */
		path_svg(line_group(svg, "2.5", sc->bar[0], "ln"), l, s[thick],
			 2.5, sc->bar[0], "lf");
	return svg_save_buf(doc, out, e);
}
