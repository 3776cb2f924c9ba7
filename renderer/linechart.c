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

#define LMARGIN 70.0
#define RMARGIN 20.0
#define TOP 54.0
#define BOTTOM 46.0

static void ticks(double max, int *n, double *val, char text[][32])
{
	double step = chart_nice_step(max, 5), v;
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
 * to their ticks, the ticks' pixels. */
static void frame(const char *title, const char *unit, int width,
		  double x_max, double y_max, struct line_layout *l)
{
	double xs[LINE_TICKS_MAX], ys[LINE_TICKS_MAX], step;
	int k;

	memset(l, 0, sizeof(*l));
	l->width = width;
	l->height = 320;
	/* cleaned for cairo and the SVG (core/textrule.h) */
	textrule_clean(title, strlen(title), l->title, sizeof(l->title));
	snprintf(l->axis_x, sizeof(l->axis_x), "time (s)");
	textrule_clean(unit, strlen(unit), l->axis_y, sizeof(l->axis_y));
	l->plot_x = LMARGIN;
	l->plot_y = TOP;
	l->plot_w = width - LMARGIN - RMARGIN;
	l->plot_h = l->height - TOP - BOTTOM;
	l->x_max = x_max > 0 ? x_max : 1;
	l->y_max = y_max > 0 ? y_max : 1;
	step = chart_nice_step(l->x_max, 6);
	l->x_max = ceil(l->x_max / step - 1e-9) * step;
	step = chart_nice_step(l->y_max, 5);
	l->y_max = ceil(l->y_max / step - 1e-9) * step;
	ticks(l->x_max, &l->nxt, xs, l->xt_text);
	ticks(l->y_max, &l->nyt, ys, l->yt_text);
	for (k = 0; k < l->nxt; k++)
		l->xt[k] = l->plot_x + xs[k] / l->x_max * l->plot_w;
	for (k = 0; k < l->nyt; k++)
		l->yt[k] = l->plot_y + l->plot_h - ys[k] / l->y_max * l->plot_h;
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
	frame(title, unit, width, s->t_max, s->v_max, l);
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
	frame(title, unit, width, x_max, y_max, l);
	return 0;
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
		double x;

		cairo_text_extents(cr, l->xt_text[k], &ext);
		/* centred under its tick, but kept inside the image: the
		 * last of a long run ("1000000") would be cut at the edge */
		x = l->xt[k] - ext.x_advance / 2;
		if (x + ext.x_advance > l->width - 2)
			x = l->width - 2 - ext.x_advance;
		cairo_move_to(cr, x, base + 16);
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
