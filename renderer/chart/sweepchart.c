/*
 * sweepchart.c: see sweepchart.h.
 */
#include "sweepchart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/textrule.h"
#include "chart.h"
#include "svg.h"
#include "paint.h"

/* pi, which C11 does not name (PI is POSIX-XSI) */
#define PI 3.14159265358979323846

#define LMARGIN 78.0
#define RMARGIN 24.0
#define TOP 54.0
#define BOTTOM 50.0
#define HEIGHT 420
/* the legend's rows: a swatch and a name each, in columns of this width */
#define LEGEND_COL 150.0
#define LEGEND_ROW 18.0

/* 1 when every setting is a power of two (1, 2, 4 ... or 0.5, 0.25). */
static int powers_of_two(const struct sweep_chart *c)
{
	int k;

	for (k = 0; k < c->nx; k++) {
		double l = log2(c->x[k]);

		if (!(c->x[k] > 0) || l != floor(l))
			return 0;
	}
	return 1;
}

static double x_pos(const struct sweep_chart *c, const struct sweep_layout *l,
		    double x)
{
	double lo = c->x[0], hi = c->x[c->nx - 1], f;

	if (c->nx < 2 || hi == lo)
		return l->plot_x + l->plot_w / 2;
	f = l->log2x ? (log2(x) - log2(lo)) / (log2(hi) - log2(lo)) :
		       (x - lo) / (hi - lo);
	return l->plot_x + f * l->plot_w;
}

/* The legend's rows and each entry's place and text, fitted to its
 * column. */
static void legend_layout(const struct sweep_chart *c, struct sweep_layout *l,
			  struct chart_font *f)
{
	int i, per_row = (int)((l->width - 24) / LEGEND_COL);

	if (per_row < 1)
		per_row = 1;
	l->nseries = c->nseries;
	l->legend_rows = (c->nseries + per_row - 1) / per_row;
	for (i = 0; i < c->nseries; i++) {
		l->name_x[i] = 12 + (i % per_row) * LEGEND_COL;
		l->name_y[i] = 36 + (i / per_row) * LEGEND_ROW;
		textrule_clean(c->s[i].name, strlen(c->s[i].name), l->name[i],
			       sizeof(l->name[i]));
		chart_fit_text(l->name[i], sizeof(l->name[i]),
			       fmin(LEGEND_COL - 26, l->width - 12 - 18 -
				    l->name_x[i]), chart_font_measure, f);
	}
}

static int layout_at(const struct sweep_chart *c, int width,
		     struct sweep_layout *l, struct err *e)
{
	double lo = 0, hi = 0, step, v, last_right = -1e9;
	struct chart_font f, bold;
	int i, k, any = 0;

	memset(l, 0, sizeof(*l));
	if (c->nx < 1 || c->nseries < 1)
		return err_set(e, NULL, 0, 0, "a sweep chart needs a setting "
			       "and a group");
	if (chart_fonts_open(&f, &bold, e))
		return -1;
	l->width = width;
	l->log2x = c->x[0] > 0 && c->nx >= 2 &&
		   (powers_of_two(c) || c->x[c->nx - 1] >= 8 * c->x[0]);
	legend_layout(c, l, &f);
	l->plot_x = LMARGIN;
	l->plot_y = TOP + l->legend_rows * LEGEND_ROW;
	l->plot_w = l->width - LMARGIN - RMARGIN;
	l->height = HEIGHT + (int)(l->legend_rows * LEGEND_ROW);
	l->plot_h = l->height - l->plot_y - BOTTOM;
	/* the texts, cleaned for cairo and the SVG (core/textrule.h) and
	 * shortened to the room they have: the axis titles keep their unit
	 * and direction */
	textrule_clean(c->title, strlen(c->title), l->title, sizeof(l->title));
	chart_fit_text(l->title, sizeof(l->title), l->width - 24,
		       chart_font_measure, &bold);
	{
		char ax[CHART_TEXT_MAX - 16];	/* and the scale */

		textrule_clean(c->axis_x, strlen(c->axis_x), ax, sizeof(ax));
		/* said on the axis: equal steps are doublings */
		snprintf(l->axis_x, sizeof(l->axis_x), "%s%s", ax,
			 l->log2x ? " (log 2 scale)" : "");
	}
	chart_fit_text(l->axis_x, sizeof(l->axis_x), l->plot_w,
		       chart_font_measure, &f);
	textrule_clean(c->axis_y, strlen(c->axis_y), l->axis_y,
		       sizeof(l->axis_y));
	chart_fit_axis(l->axis_y, sizeof(l->axis_y), l->plot_h,
		       chart_font_measure, &f);
	/* y from 0 (or below, for a negative figure) to the highest figure,
	 * interval or run */
	for (i = 0; i < c->nseries; i++)
		for (k = 0; k < c->nx; k++) {
			const struct sweep_point *p = &c->s[i].p[k];
			int d;

			if (!p->has)
				continue;
			if (!any || p->y < lo)
				lo = p->y;
			if (!any || p->y > hi)
				hi = p->y;
			any = 1;
			if (p->has_err) {
				lo = fmin(lo, p->lo);
				hi = fmax(hi, p->hi);
			}
			for (d = 0; d < p->ndots; d++) {
				lo = fmin(lo, p->dot[d]);
				hi = fmax(hi, p->dot[d]);
			}
		}
	lo = fmin(lo, 0);
	if (!(hi > lo))
		hi = lo + 1;
	step = chart_nice_step(hi - lo, 5);
	l->y_min = lo < 0 ? -ceil(-lo / step) * step : 0;
	l->y_max = ceil(hi / step) * step;
	if (l->y_max <= l->y_min)
		l->y_max = l->y_min + step;
	for (v = l->y_min; v <= l->y_max * (1 + 1e-9) + 1e-300 && l->nyt < 16;
	     v = l->y_min + ++l->nyt * step) {
		l->yt[l->nyt] = l->plot_y + l->plot_h -
				(v - l->y_min) / (l->y_max - l->y_min) * l->plot_h;
		chart_tick_text(fabs(v) < step / 2 ? 0 : v, step,
				fmax(fabs(l->y_min), fabs(l->y_max)),
				l->yt_text[l->nyt]);
	}
	/* every setting is labelled with its own value, left to right,
	 * leaving out one whose label would touch the one before; a label
	 * at an end is moved inside the chart */
	for (k = 0; k < c->nx; k++) {
		char t[32];
		double w, x;

		l->px[k] = x_pos(c, l, c->x[k]);
		textrule_clean(c->x_text[k], strlen(c->x_text[k]), t, sizeof(t));
		w = chart_font_measure(&f, t);
		x = fmax(2, fmin(l->px[k] - w / 2, l->width - 2 - w));
		if (x < last_right + 8)
			continue;
		snprintf(l->xt_text[l->nxt], 32, "%s", t);
		l->xt[l->nxt] = l->px[k];
		l->xt_left[l->nxt++] = x;
		last_right = x + w;
	}
	return chart_fonts_close(&f, &bold, e);
}

int sweep_layout(const struct sweep_chart *c, struct sweep_layout *l,
		 struct err *e)
{
	return layout_at(c, c->width > 0 ? c->width : 960, l, e);
}

int sweep_layout_narrow(const struct sweep_chart *c, struct sweep_layout *l,
			struct err *e)
{
	return layout_at(c, CHART_NARROW_WIDTH, l, e);
}

static double y_pix(const struct sweep_layout *l, double v)
{
	return l->plot_y + l->plot_h -
	       (v - l->y_min) / (l->y_max - l->y_min) * l->plot_h;
}

int sweep_paint_png(const struct sweep_chart *c, const struct sweep_layout *l,
		    int scheme, double scale, struct buf *out, struct err *e)
{
	const struct chart_scheme *sc =
		&chart_schemes[scheme == CHART_DARK ? CHART_DARK : CHART_LIGHT];
	int w = (int)ceil(l->width * scale), h = (int)ceil(l->height * scale);
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cairo_t *cr = cairo_create(s);
	cairo_text_extents_t ext;
	double base = l->plot_y + l->plot_h;
	int i, k;

	cairo_scale(cr, scale, scale);
	paint_title(cr, sc, l->title, 22);
	/* the legend, inside the chart: a copied chart still reads */
	for (i = 0; i < l->nseries; i++) {
		paint_source(cr, sc->bar[c->s[i].color % CHART_COLORS]);
		cairo_rectangle(cr, l->name_x[i], l->name_y[i], 12, 12);
		cairo_fill(cr);
		paint_source(cr, sc->text);
		cairo_move_to(cr, l->name_x[i] + 18, l->name_y[i] + 11);
		cairo_show_text(cr, l->name[i]);
	}
	paint_yticks(cr, sc, l->nyt, l->yt, l->yt_text, l->plot_x, l->plot_w);
	for (k = 0; k < l->nxt; k++) {
		paint_source(cr, sc->grid);
		cairo_move_to(cr, floor(l->xt[k]) + 0.5, l->plot_y);
		cairo_line_to(cr, floor(l->xt[k]) + 0.5, base);
		cairo_stroke(cr);
		paint_source(cr, sc->muted);
		cairo_move_to(cr, l->xt_left[k], base + 16);
		cairo_show_text(cr, l->xt_text[k]);
	}
	paint_source(cr, sc->muted);
	cairo_text_extents(cr, l->axis_x, &ext);
	cairo_move_to(cr, l->plot_x + l->plot_w / 2 - ext.x_advance / 2,
		      base + 36);
	cairo_show_text(cr, l->axis_x);
	cairo_save(cr);
	cairo_text_extents(cr, l->axis_y, &ext);
	cairo_move_to(cr, 16, l->plot_y + l->plot_h / 2 + ext.x_advance / 2);
	cairo_rotate(cr, -PI / 2);
	cairo_show_text(cr, l->axis_y);
	cairo_restore(cr);
	paint_source(cr, sc->rule);
	cairo_move_to(cr, l->plot_x, floor(y_pix(l, 0)) + 0.5);
	cairo_line_to(cr, l->plot_x + l->plot_w, floor(y_pix(l, 0)) + 0.5);
	cairo_stroke(cr);
	for (i = 0; i < c->nseries; i++) {
		const struct sweep_series *se = &c->s[i];
		int started = 0;

		/* the runs first, small, so the line and markers sit on top */
		paint_source(cr, sc->bar[se->color % CHART_COLORS]);
		for (k = 0; k < c->nx; k++) {
			int d;

			for (d = 0; se->p[k].has && d < se->p[k].ndots; d++) {
				cairo_arc(cr, l->px[k] + 7, y_pix(l, se->p[k].dot[d]),
					  2, 0, 2 * PI);
				cairo_fill(cr);
			}
		}
		cairo_set_line_width(cr, 2);
		for (k = 0; k < c->nx; k++) {
			if (!se->p[k].has) {
				started = 0;	/* a gap where a setting
						 * has no figure */
				continue;
			}
			if (started)
				cairo_line_to(cr, l->px[k], y_pix(l, se->p[k].y));
			else
				cairo_move_to(cr, l->px[k], y_pix(l, se->p[k].y));
			started = 1;
		}
		cairo_stroke(cr);
		for (k = 0; k < c->nx; k++) {
			const struct sweep_point *p = &se->p[k];

			if (!p->has)
				continue;
			cairo_arc(cr, l->px[k], y_pix(l, p->y), 4, 0, 2 * PI);
			cairo_fill(cr);
			if (!p->has_err)
				continue;
			cairo_set_line_width(cr, 1.5);
			cairo_move_to(cr, l->px[k], y_pix(l, p->lo));
			cairo_line_to(cr, l->px[k], y_pix(l, p->hi));
			cairo_move_to(cr, l->px[k] - 4, y_pix(l, p->lo));
			cairo_line_to(cr, l->px[k] + 4, y_pix(l, p->lo));
			cairo_move_to(cr, l->px[k] - 4, y_pix(l, p->hi));
			cairo_line_to(cr, l->px[k] + 4, y_pix(l, p->hi));
			cairo_stroke(cr);
		}
	}
	return paint_png(s, cr, w, h, out, e);
}

/* Series i's line, dots, markers and error bars in SVG, as the PNG draws
 * them (sweepchart.h says how a reader of the file finds each). */
static void series_svg(xmlNodePtr svg, const struct sweep_chart *c,
		       const struct sweep_layout *l, int i,
		       const struct chart_scheme *sc)
{
	const struct sweep_series *se = &c->s[i];
	unsigned ci = (unsigned)se->color % CHART_COLORS;
	xmlNodePtr g = svg_el(svg, "g"), n, fill, err = NULL;
	/* by whether the path has begun, then whether the line goes on */
	static const char *const cmd[2][2] = {{"M", "L"}, {" M", " L"}};
	char cls[8];
	struct buf path;
	int k, dd, started = 0;

	svg_attr(g, "class", "series");
	snprintf(cls, sizeof(cls), "s%u", ci);
	/* the line: a gap where a setting has no figure */
	buf_init(&path, (size_t)SWEEP_X_MAX * 64);
	for (k = 0; k < c->nx; k++) {
		if (!se->p[k].has) {
			started = 0;
			continue;
		}
		svg_path_pt(&path, cmd[path.len > 0][started], l->px[k],
			    y_pix(l, se->p[k].y));
		started = 1;
	}
	n = svg_el(g, "path");
	svg_attr(n, "fill", "none");
	svg_paint(n, "stroke", sc->bar[ci], cls);
	svg_attr(n, "stroke-width", "2");
	svg_attr(n, "d", path.data ? path.data : "M0 0");
	buf_release(&path);
	/* the runs, then the markers, in the series' colour */
	fill = svg_el(g, "g");
	snprintf(cls, sizeof(cls), "c%u", ci);
	svg_paint(fill, "fill", sc->bar[ci], cls);
	for (k = 0; k < c->nx; k++)
		for (dd = 0; se->p[k].has && dd < se->p[k].ndots; dd++) {
			n = svg_el(fill, "circle");
			svg_num(n, "cx", l->px[k] + 7);
			svg_num(n, "cy", y_pix(l, se->p[k].dot[dd]));
			svg_num(n, "r", 2);
		}
	snprintf(cls, sizeof(cls), "s%u", ci);
	for (k = 0; k < c->nx; k++) {
		const struct sweep_point *p = &se->p[k];

		if (!p->has)
			continue;
		n = svg_el(fill, "circle");
		svg_num(n, "cx", l->px[k]);
		svg_num(n, "cy", y_pix(l, p->y));
		svg_num(n, "r", 4);
		if (!p->has_err)
			continue;
		if (!err) {
			err = svg_el(g, "g");
			svg_paint(err, "stroke", sc->bar[ci], cls);
			svg_attr(err, "stroke-width", "1.5");
		}
		svg_line(err, l->px[k], y_pix(l, p->lo), l->px[k],
			 y_pix(l, p->hi));
		svg_line(err, l->px[k] - 4, y_pix(l, p->lo), l->px[k] + 4,
			 y_pix(l, p->lo));
		svg_line(err, l->px[k] - 4, y_pix(l, p->hi), l->px[k] + 4,
			 y_pix(l, p->hi));
	}
}

int sweep_paint_svg(const struct sweep_chart *c, const struct sweep_layout *l,
		    struct buf *out, struct err *e)
{
	const struct chart_scheme *sc = &chart_schemes[CHART_LIGHT];
	xmlNodePtr svg = NULL, g, n;
	xmlDocPtr doc = svg_new(l->width, l->height, l->title, 12, &svg);
	double base = l->plot_y + l->plot_h, cy = l->plot_y + l->plot_h / 2;
	char cls[8], rot[64];
	int i, k;

	svg_title(svg, 22, l->title);
	/* the legend, inside the chart: a copied chart still reads */
	g = svg_el(svg, "g");
	svg_attr(g, "class", "legend");
	for (i = 0; i < l->nseries; i++) {
		unsigned ci = (unsigned)c->s[i].color % CHART_COLORS;

		n = svg_el(g, "rect");
		svg_num(n, "x", l->name_x[i]);
		svg_num(n, "y", l->name_y[i]);
		svg_num(n, "width", 12);
		svg_num(n, "height", 12);
		snprintf(cls, sizeof(cls), "c%u", ci);
		svg_paint(n, "fill", sc->bar[ci], cls);
		n = svg_text(g, l->name_x[i] + 18, l->name_y[i] + 11, NULL,
			     l->name[i]);
		svg_paint(n, "fill", sc->text, "t");
	}
	g = svg_el(svg, "g");
	svg_paint(g, "stroke", sc->grid, "g");
	svg_grid_y(g, l->plot_x, l->plot_x + l->plot_w, l->yt, l->nyt);
	for (k = 0; k < l->nxt; k++)
		svg_line(g, floor(l->xt[k]) + 0.5, l->plot_y,
			 floor(l->xt[k]) + 0.5, base);
	g = svg_el(svg, "g");
	svg_paint(g, "fill", sc->muted, "m");
	svg_tick_labels(g, l->plot_x, l->yt, l->yt_text, l->nyt, l->xt_left,
			l->xt_text, l->nxt, base);
	svg_text(g, l->plot_x + l->plot_w / 2, base + 36, "middle", l->axis_x);
	n = svg_text(g, 16, cy, "middle", l->axis_y);
	snprintf(rot, sizeof(rot), "rotate(-90 16 %.2f)", cy);
	svg_attr(n, "transform", rot);
	g = svg_el(svg, "g");
	svg_paint(g, "stroke", sc->rule, "r");
	svg_line(g, l->plot_x, floor(y_pix(l, 0)) + 0.5, l->plot_x + l->plot_w,
		 floor(y_pix(l, 0)) + 0.5);
	for (i = 0; i < c->nseries; i++)
		series_svg(svg, c, l, i, sc);
	return svg_save_buf(doc, out, e);
}
