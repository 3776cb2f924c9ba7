/*
 * linechart.c: see linechart.h.
 */
#include "linechart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/textrule.h"
#include "chart.h"
#include "png.h"
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
	if (s->n % s->every == 0 && s->kept == LINE_POINTS_MAX) {
		int i;

		for (i = 0; 2 * i < s->kept; i++) {
			s->t[i] = s->t[2 * i];
			s->v[i] = s->v[2 * i];
		}
		s->kept = i;
		s->every *= 2;
	}
	if (s->n % s->every == 0) {
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

	memset(l, 0, sizeof(*l));
	if (chart_font_open(&f, 12, 0, e))
		return -1;
	if (chart_font_open(&bold, 14, 1, e)) {
		chart_font_close(&f, NULL);
		return -1;
	}
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
	if (chart_font_close(&bold, e)) {
		chart_font_close(&f, NULL);
		return -1;
	}
	return chart_font_close(&f, e);
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

static void source(cairo_t *cr, const unsigned char rgb[3])
{
	cairo_set_source_rgb(cr, rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0);
}

int line_paint_png(const struct line_layout *l, struct buf *out,
		   struct err *e)
{
	return line_paint_png_scheme(l, CHART_LIGHT, out, e);
}

/* The title, grid, ticks and axis titles of l on a ground of sc. */
static void paint_frame(cairo_t *cr, const struct line_layout *l,
			const struct chart_scheme *sc)
{
	cairo_text_extents_t ext;
	double base = l->plot_y + l->plot_h;
	int k;

	source(cr, sc->ground);
	cairo_paint(cr);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 14);
	source(cr, sc->text);
	cairo_move_to(cr, 12, 20);
	cairo_show_text(cr, l->title);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 12);
	cairo_set_line_width(cr, 1);
	for (k = 0; k < l->nyt; k++) {
		source(cr, sc->grid);
		cairo_move_to(cr, l->plot_x, floor(l->yt[k]) + 0.5);
		cairo_line_to(cr, l->plot_x + l->plot_w, floor(l->yt[k]) + 0.5);
		cairo_stroke(cr);
		source(cr, sc->muted);
		cairo_text_extents(cr, l->yt_text[k], &ext);
		cairo_move_to(cr, l->plot_x - 6 - ext.x_advance, l->yt[k] + 4);
		cairo_show_text(cr, l->yt_text[k]);
	}
	for (k = 0; k < l->nxt; k++) {
		cairo_move_to(cr, l->xt_left[k], base + 16);
		cairo_show_text(cr, l->xt_text[k]);
	}
	cairo_text_extents(cr, l->axis_x, &ext);
	cairo_move_to(cr, l->plot_x + l->plot_w / 2 - ext.x_advance / 2,
		      base + 34);
	cairo_show_text(cr, l->axis_x);
	cairo_move_to(cr, 12, l->plot_y - 14);
	cairo_show_text(cr, l->axis_y);
}

/* The PNG of what cr drew on s; both are freed. */
static int finish(cairo_surface_t *s, cairo_t *cr, const struct line_layout *l,
		  struct buf *out, struct err *e)
{
	cairo_status_t st = cairo_status(cr);
	int rc;

	cairo_destroy(cr);
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return err_set(e, NULL, 0, 0, "cannot draw chart: %s",
			       cairo_status_to_string(st));
	}
	cairo_surface_flush(s);
	rc = png_encode(cairo_image_surface_get_data(s), l->width, l->height,
			cairo_image_surface_get_stride(s), out, e);
	cairo_surface_destroy(s);
	return rc;
}

int line_paint_png_scheme(const struct line_layout *l, int scheme,
			  struct buf *out, struct err *e)
{
	const struct chart_scheme *sc =
		&chart_schemes[scheme == CHART_DARK ? CHART_DARK : CHART_LIGHT];
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
							l->width, l->height);
	cairo_t *cr = cairo_create(s);
	int k;

	paint_frame(cr, l, sc);
	source(cr, sc->bar[scheme == CHART_DARK ? 4 : 0]);	/* blue; sky blue
								 * on dark */
	cairo_set_line_width(cr, 1.5);
	for (k = 0; k < l->npoints; k++) {
		if (k == 0)
			cairo_move_to(cr, l->px[k], l->py[k]);
		else
			cairo_line_to(cr, l->px[k], l->py[k]);
	}
	cairo_stroke(cr);
	return finish(s, cr, l, out, e);
}

static void stroke_series(cairo_t *cr, const struct line_layout *l,
			  const struct line_series *s)
{
	int k;

	for (k = 0; k < s->kept; k++) {
		if (k == 0)
			cairo_move_to(cr, px_of(l, s->t[k]), py_of(l, s->v[k]));
		else
			cairo_line_to(cr, px_of(l, s->t[k]), py_of(l, s->v[k]));
	}
	if (s->kept == 1)	/* one report: a dot, not nothing */
		cairo_line_to(cr, px_of(l, s->t[0]) + 0.5, py_of(l, s->v[0]));
	cairo_stroke(cr);
}

int line_paint_many_png(const struct line_layout *l,
			const struct line_series *const *s, int n, int thick,
			int scheme, struct buf *out, struct err *e)
{
	const struct chart_scheme *sc =
		&chart_schemes[scheme == CHART_DARK ? CHART_DARK : CHART_LIGHT];
	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
							   l->width, l->height);
	cairo_t *cr = cairo_create(surf);
	int i;

	paint_frame(cr, l, sc);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	source(cr, sc->muted);
	cairo_set_line_width(cr, 1);
	for (i = 0; i < n; i++)
		if (i != thick)
			stroke_series(cr, l, s[i]);
	if (thick >= 0 && thick < n) {
		source(cr, sc->bar[scheme == CHART_DARK ? 4 : 0]);
		cairo_set_line_width(cr, 2.5);
		stroke_series(cr, l, s[thick]);
	}
	return finish(surf, cr, l, out, e);
}

/* Series s as an SVG path in g (stroked by g's or its own attributes). */
static xmlNodePtr path_svg(xmlNodePtr g, const struct line_layout *l,
			   const struct line_series *s)
{
	struct buf d;
	char p[64];
	xmlNodePtr n;
	int k;

	buf_init(&d, (size_t)(s->kept + 1) * sizeof(p));
	for (k = 0; k < s->kept; k++) {
		snprintf(p, sizeof(p), "%s%c%.2f %.2f", k ? " " : "",
			 k ? 'L' : 'M', px_of(l, s->t[k]), py_of(l, s->v[k]));
		buf_adds(&d, p);
	}
	if (s->kept == 1) {	/* one report: a dot, not nothing */
		snprintf(p, sizeof(p), " L%.2f %.2f", px_of(l, s->t[0]) + 0.5,
			 py_of(l, s->v[0]));
		buf_adds(&d, p);
	}
	n = svg_el(g, "path");
	svg_attr(n, "d", d.data ? d.data : "M0 0");
	buf_release(&d);
	return n;
}

int line_paint_many_svg(const struct line_layout *l,
			const struct line_series *const *s, int n, int thick,
			struct buf *out, struct err *e)
{
	const struct chart_scheme *sc = &chart_schemes[CHART_LIGHT];
	xmlNodePtr svg = NULL, g, t;
	xmlDocPtr doc = svg_new(l->width, l->height, l->title, 12, &svg);
	double base = l->plot_y + l->plot_h;
	int i, k;

	t = svg_text(svg, 12, 20, NULL, l->title);
	svg_attr(t, "font-size", "14");
	svg_attr(t, "font-weight", "bold");
	svg_paint(t, "fill", sc->text, "t");
	g = svg_el(svg, "g");
	svg_paint(g, "stroke", sc->grid, "g");
	for (k = 0; k < l->nyt; k++)
		svg_line(g, l->plot_x, floor(l->yt[k]) + 0.5,
			 l->plot_x + l->plot_w, floor(l->yt[k]) + 0.5);
	g = svg_el(svg, "g");
	svg_paint(g, "fill", sc->muted, "m");
	for (k = 0; k < l->nyt; k++)
		svg_text(g, l->plot_x - 6, l->yt[k] + 4, "end", l->yt_text[k]);
	for (k = 0; k < l->nxt; k++)
		svg_text(g, l->xt_left[k], base + 16, NULL, l->xt_text[k]);
	svg_text(g, l->plot_x + l->plot_w / 2, base + 34, "middle", l->axis_x);
	svg_text(g, 12, l->plot_y - 14, NULL, l->axis_y);
	g = svg_el(svg, "g");
	svg_attr(g, "fill", "none");
	svg_attr(g, "stroke-linejoin", "round");
	svg_paint(g, "stroke", sc->muted, "sm");
	for (i = 0; i < n; i++)
		if (i != thick)
			path_svg(g, l, s[i]);
	if (thick >= 0 && thick < n) {
		/* the mean: blue, sky blue on a dark page (class ln) */
		t = path_svg(svg, l, s[thick]);
		svg_attr(t, "fill", "none");
		svg_attr(t, "stroke-linejoin", "round");
		svg_attr(t, "stroke-width", "2.5");
		svg_paint(t, "stroke", sc->bar[0], "ln");
	}
	return svg_save_buf(doc, out, e);
}
