/*
 * chart_svg.c: a bar chart's layout as SVG, through the writer every chart
 * shares (svg.h: libxml2, reproducible bytes, one file for a light and a
 * dark page).  It paints the same layout as the PNG with real <text>
 * elements (smaller, searchable, selectable).
 */
#include <math.h>
#include <stdio.h>

#include "chart.h"
#include "svg.h"
#include "chart_svg.h"

/* Bar i's run dots, from dot d: one <circle> a run, in a group that
 * gives them the text's colour in a ring of the ground's. */
static void dots(xmlNodePtr svg, const struct chart_layout *l, int i, int d,
		 const struct chart_scheme *sc)
{
	xmlNodePtr g = svg_el(svg, "g"), n;
	char t[8];
	int k;

	svg_paint(g, "fill", sc->text, "d");
	snprintf(t, sizeof(t), "#%02x%02x%02x", sc->ground[0], sc->ground[1],
		 sc->ground[2]);
	svg_attr(g, "stroke", t);
	for (k = d; k < d + l->dot_n[i]; k++) {
		n = svg_el(g, "circle");
		svg_num(n, "cx", l->dot_x[k]);
		svg_num(n, "cy", l->dot_y[k]);
		svg_attr(n, "r", "2.5");
	}
}

/* The legend, in a group of its own at the end: a swatch in each entry's
 * bar colour (the class the bars of that colour have) and the entry as
 * text. */
static void legend(xmlNodePtr svg, const struct chart_layout *l,
		   const struct chart_scheme *sc)
{
	xmlNodePtr g, n;
	char cls[8];
	int i;

	if (l->nlegend < 1)
		return;
	g = svg_el(svg, "g");
	svg_attr(g, "class", "legend");
	for (i = 0; i < l->nlegend; i++) {
		double x = l->legend_x[i];

		if (l->legend_color[i] >= 0) {
			unsigned ci = (unsigned)l->legend_color[i] % CHART_COLORS;

			n = svg_el(g, "rect");
			svg_num(n, "x", x);
			svg_num(n, "y", l->legend_y[i] - CHART_SWATCH + 1);
			svg_num(n, "width", CHART_SWATCH);
			svg_num(n, "height", CHART_SWATCH);
			snprintf(cls, sizeof(cls), "c%u", ci);
			svg_paint(n, "fill", sc->bar[ci], cls);
			x += CHART_SWATCH + 5;
		}
		n = svg_el(g, "text");
		svg_num(n, "x", x);
		svg_num(n, "y", l->legend_y[i]);
		if (l->legend_color[i] >= 0)
			svg_paint(n, "fill", sc->text, "t");
		else
			svg_paint(n, "fill", sc->muted, "m");
		svg_add_text(n, l->legend[i]);
	}
}

int chart_paint_svg(const struct chart_layout *l, const char *path,
		    struct err *e)
{
	xmlNodePtr svg, g, n;
	xmlDocPtr doc = svg_new(l->width, l->height, l->title, 13, &svg);
	const struct chart_scheme *sc = &chart_schemes[CHART_LIGHT];
	double base = l->plot.y + l->plot.h + 4;
	char cls[8];
	int i, d = 0;

	if (!doc)
		return svg_save_file(NULL, path, e);
	if (l->title[0]) {
		n = svg_el(svg, "text");
		svg_attr(n, "x", "12");
		svg_attr(n, "y", "20");
		svg_attr(n, "font-size", "15");
		svg_attr(n, "font-weight", "bold");
		svg_paint(n, "fill", sc->text, "t");
		svg_add_text(n, l->title);
	}
	if (l->note[0]) {	/* what the chart leaves out (chart.h) */
		n = svg_el(svg, "text");
		svg_attr(n, "x", "12");
		svg_num(n, "y", l->plot.y - 22 + 12);
		svg_paint(n, "fill", sc->muted, "m");
		svg_add_text(n, l->note);
	}
	g = svg_el(svg, "g");
	svg_paint(g, "stroke", sc->grid, "g");
	for (i = 0; i < l->nticks; i++)
		svg_line(g, floor(l->tick_x[i]) + 0.5, l->plot.y - 4,
		     floor(l->tick_x[i]) + 0.5, base);
	g = svg_el(svg, "g");
	svg_paint(g, "fill", sc->muted, "m");
	for (i = 0; i < l->nticks; i++)
		svg_text(g, l->tick_x[i], base + 14, "middle", l->tick_text[i]);
	if (l->axis[0])
		svg_text(g, l->axis_x, base + 32, "middle", l->axis);
	for (i = 0; i < l->nbars; i++) {
		unsigned ci = (unsigned)l->color[i] % CHART_COLORS;

		if (l->bar[i].w > 0) {
			n = svg_el(svg, "rect");
			svg_num(n, "x", l->bar[i].x);
			svg_num(n, "y", l->bar[i].y);
			svg_num(n, "width", l->bar[i].w);
			svg_num(n, "height", l->bar[i].h);
			snprintf(cls, sizeof(cls), "c%u", ci);
			svg_paint(n, "fill", sc->bar[ci], cls);
		}
		if (l->has_err[i]) {
			double y = l->bar[i].y + l->bar[i].h / 2;

			g = svg_el(svg, "g");
			svg_paint(g, "stroke", sc->whisker, "w");
			svg_line(g, l->err_x0[i], y, l->err_x1[i], y);
			svg_line(g, l->err_x0[i], l->bar[i].y + 4, l->err_x0[i],
			     l->bar[i].y + l->bar[i].h - 4);
			svg_line(g, l->err_x1[i], l->bar[i].y + 4, l->err_x1[i],
			     l->bar[i].y + l->bar[i].h - 4);
		}
		if (l->dot_n[i] > 0)
			dots(svg, l, i, d, sc);
		d += l->dot_n[i];
		if (l->head[i]) {	/* the cluster's name */
			n = svg_el(svg, "text");
			svg_attr(n, "x", "12");
			svg_num(n, "y", l->head_y[i]);
			svg_attr(n, "font-weight", "bold");
			svg_paint(n, "fill", sc->text, "t");
			svg_add_text(n, l->head_text[i]);
		}
		g = svg_el(svg, "g");
		svg_paint(g, "fill", sc->text, "t");
		if (l->narrow)	/* on the line above the bar */
			svg_text(g, l->label_x[i], l->bar[i].y - 5, NULL,
			     l->label[i]);
		else
			svg_text(g, l->label_x[i], l->text_y[i], "end",
			     l->label[i]);
		svg_text(g, l->value_x[i], l->text_y[i], NULL, l->value_text[i]);
	}
	g = svg_el(svg, "g");
	svg_paint(g, "stroke", sc->rule, "r");
	if (l->axis_min < 0)	/* 0 among the ticks: the bars' origin */
		svg_line(g, floor(l->zero_x) + 0.5, l->plot.y - 4,
		     floor(l->zero_x) + 0.5, base);
	svg_line(g, l->plot.x, floor(base) + 0.5, l->plot.x + l->plot.w,
	     floor(base) + 0.5);
	legend(svg, l, sc);
	return svg_save_file(doc, path, e);
}
