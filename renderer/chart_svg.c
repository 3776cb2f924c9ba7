/*
 * chart_svg.c: a chart layout as SVG, written through libxml2.
 *
 * cairo's SVG surface would do, but it names its glyphs and surfaces from
 * process-wide counters, so the same chart drawn in another order (or on
 * another thread) gives other bytes, and a site must be reproducible.  This
 * writer paints the same layout with real <text> elements (smaller,
 * searchable, selectable), every value escaped by libxml2.
 *
 * One SVG serves a light and a dark page: its elements carry the light
 * scheme's colours as attributes and a class, and a fixed stylesheet made
 * from chart_schemes[CHART_DARK] recolours the classes under
 * prefers-color-scheme: dark (a browser applies the reader's scheme to an
 * SVG shown by <img>).  A second, dark file would have doubled what a
 * render writes; a stylesheet costs a few hundred bytes.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <libxml/tree.h>
#include <libxml/xmlsave.h>

#include "../core/err.h"
#include "../core/xmlquiet.h"
#include "chart.h"

#define FONT "DejaVu Sans, Verdana, sans-serif"

static const xmlChar *X(const char *s)
{
	return (const xmlChar *)s;
}

static xmlNodePtr el(xmlNodePtr parent, const char *tag)
{
	return xmlNewChild(parent, NULL, X(tag), NULL);
}

static void num(xmlNodePtr n, const char *name, double v)
{
	char t[32];

	snprintf(t, sizeof(t), "%.2f", v);
	xmlSetProp(n, X(name), X(t));
}

static void attr(xmlNodePtr n, const char *name, const char *v)
{
	xmlSetProp(n, X(name), X(v));
}

/* Appends a text node of s to n; out of memory (n or the node NULL), adds
 * nothing and leaks nothing: the render sees xmlquiet_oom. */
static void add_text(xmlNodePtr n, const char *s)
{
	xmlNodePtr t = xmlNewText(X(s));

	if (t && !n)
		xmlFreeNode(t);
	else
		xmlAddChild(n, t);
}

static void line(xmlNodePtr g, double x0, double y0, double x1, double y1)
{
	xmlNodePtr n = el(g, "line");

	num(n, "x1", x0);
	num(n, "y1", y0);
	num(n, "x2", x1);
	num(n, "y2", y1);
}

static void hex(const unsigned char rgb[3], char out[8])
{
	snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* Sets attribute name (fill, stroke) to the light colour and class to
 * cls, which the dark stylesheet recolours. */
static void paint_attr(xmlNodePtr n, const char *name,
		       const unsigned char rgb[3], const char *cls)
{
	char t[8];

	hex(rgb, t);
	attr(n, name, t);
	attr(n, "class", cls);
}

/* The stylesheet of the dark scheme: only the scheme's constant colours,
 * never data. */
static void dark_style(xmlNodePtr svg)
{
	const struct chart_scheme *d = &chart_schemes[CHART_DARK];
	char css[1400], c[6][8], b[8];
	size_t n;
	int i;

	hex(d->ground, c[0]);
	hex(d->text, c[1]);
	hex(d->muted, c[2]);
	hex(d->grid, c[3]);
	hex(d->rule, c[4]);
	hex(d->whisker, c[5]);
	n = (size_t)snprintf(css, sizeof(css),
			     "@media (prefers-color-scheme: dark) {"
			     ".bg{fill:%s}.t{fill:%s}.m{fill:%s}.g{stroke:%s}"
			     ".r{stroke:%s}.w{stroke:%s}.d{fill:%s;stroke:%s}",
			     c[0], c[1], c[2], c[3], c[4], c[5], c[1], c[0]);
	for (i = 0; i < CHART_COLORS && n < sizeof(css); i++) {
		hex(d->bar[i], b);
		n += (size_t)snprintf(css + n, sizeof(css) - n,
				      ".c%d{fill:%s}", i, b);
	}
	if (n < sizeof(css))
		snprintf(css + n, sizeof(css) - n, "}");
	add_text(el(svg, "style"), css);
}

static void text(xmlNodePtr parent, double x, double y, const char *anchor,
		 const char *s)
{
	xmlNodePtr n = el(parent, "text");

	num(n, "x", x);
	num(n, "y", y);
	if (anchor)
		attr(n, "text-anchor", anchor);
	/* the layout's texts are clean (chart.c, core/textrule.h) */
	add_text(n, s);
}

/* Bar i's run dots, from dot d: one <circle> a run, in a group that
 * gives them the text's colour in a ring of the ground's. */
static void dots(xmlNodePtr svg, const struct chart_layout *l, int i, int d,
		 const struct chart_scheme *sc)
{
	xmlNodePtr g = el(svg, "g"), n;
	char t[8];
	int k;

	paint_attr(g, "fill", sc->text, "d");
	hex(sc->ground, t);
	attr(g, "stroke", t);
	for (k = d; k < d + l->dot_n[i]; k++) {
		n = el(g, "circle");
		num(n, "cx", l->dot_x[k]);
		num(n, "cy", l->dot_y[k]);
		attr(n, "r", "2.5");
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
	g = el(svg, "g");
	attr(g, "class", "legend");
	for (i = 0; i < l->nlegend; i++) {
		double x = l->legend_x[i];

		if (l->legend_color[i] >= 0) {
			unsigned ci = (unsigned)l->legend_color[i] % CHART_COLORS;

			n = el(g, "rect");
			num(n, "x", x);
			num(n, "y", l->legend_y[i] - CHART_SWATCH + 1);
			num(n, "width", CHART_SWATCH);
			num(n, "height", CHART_SWATCH);
			snprintf(cls, sizeof(cls), "c%u", ci);
			paint_attr(n, "fill", sc->bar[ci], cls);
			x += CHART_SWATCH + 5;
		}
		n = el(g, "text");
		num(n, "x", x);
		num(n, "y", l->legend_y[i]);
		if (l->legend_color[i] >= 0)
			paint_attr(n, "fill", sc->text, "t");
		else
			paint_attr(n, "fill", sc->muted, "m");
		add_text(n, l->legend[i]);
	}
}

int chart_paint_svg(const struct chart_layout *l, const char *path,
		    struct err *e)
{
	xmlDocPtr doc = xmlNewDoc(X("1.0"));
	xmlNodePtr svg = xmlNewNode(NULL, X("svg")), g, n;
	const struct chart_scheme *sc = &chart_schemes[CHART_LIGHT];
	double base = l->plot.y + l->plot.h + 4;
	char t[64], cls[8];
	int i, rc, why, d = 0;

	if (!doc || !svg) {
		xmlFreeDoc(doc);
		xmlFreeNode(svg);
		return err_set(e, path, 0, 0, "out of memory");
	}
	xmlDocSetRootElement(doc, svg);
	xmlNewNs(svg, X("http://www.w3.org/2000/svg"), NULL);
	snprintf(t, sizeof(t), "%d", l->width);
	attr(svg, "width", t);
	snprintf(t, sizeof(t), "%d", l->height);
	attr(svg, "height", t);
	snprintf(t, sizeof(t), "0 0 %d %d", l->width, l->height);
	attr(svg, "viewBox", t);
	attr(svg, "font-family", FONT);
	attr(svg, "font-size", "13");
	add_text(el(svg, "title"), l->title);
	dark_style(svg);
	n = el(svg, "rect");
	attr(n, "width", "100%");
	attr(n, "height", "100%");
	paint_attr(n, "fill", sc->ground, "bg");
	if (l->title[0]) {
		n = el(svg, "text");
		attr(n, "x", "12");
		attr(n, "y", "20");
		attr(n, "font-size", "15");
		attr(n, "font-weight", "bold");
		paint_attr(n, "fill", sc->text, "t");
		add_text(n, l->title);
	}
	if (l->note[0]) {	/* what the chart leaves out (chart.h) */
		n = el(svg, "text");
		attr(n, "x", "12");
		num(n, "y", l->plot.y - 22 + 12);
		paint_attr(n, "fill", sc->muted, "m");
		add_text(n, l->note);
	}
	g = el(svg, "g");
	paint_attr(g, "stroke", sc->grid, "g");
	for (i = 0; i < l->nticks; i++)
		line(g, floor(l->tick_x[i]) + 0.5, l->plot.y - 4,
		     floor(l->tick_x[i]) + 0.5, base);
	g = el(svg, "g");
	paint_attr(g, "fill", sc->muted, "m");
	for (i = 0; i < l->nticks; i++)
		text(g, l->tick_x[i], base + 14, "middle", l->tick_text[i]);
	if (l->axis[0])
		text(g, l->axis_x, base + 32, "middle", l->axis);
	for (i = 0; i < l->nbars; i++) {
		unsigned ci = (unsigned)l->color[i] % CHART_COLORS;

		if (l->bar[i].w > 0) {
			n = el(svg, "rect");
			num(n, "x", l->bar[i].x);
			num(n, "y", l->bar[i].y);
			num(n, "width", l->bar[i].w);
			num(n, "height", l->bar[i].h);
			snprintf(cls, sizeof(cls), "c%u", ci);
			paint_attr(n, "fill", sc->bar[ci], cls);
		}
		if (l->has_err[i]) {
			double y = l->bar[i].y + l->bar[i].h / 2;

			g = el(svg, "g");
			paint_attr(g, "stroke", sc->whisker, "w");
			line(g, l->err_x0[i], y, l->err_x1[i], y);
			line(g, l->err_x0[i], l->bar[i].y + 4, l->err_x0[i],
			     l->bar[i].y + l->bar[i].h - 4);
			line(g, l->err_x1[i], l->bar[i].y + 4, l->err_x1[i],
			     l->bar[i].y + l->bar[i].h - 4);
		}
		if (l->dot_n[i] > 0)
			dots(svg, l, i, d, sc);
		d += l->dot_n[i];
		if (l->head[i]) {	/* the cluster's name */
			n = el(svg, "text");
			attr(n, "x", "12");
			num(n, "y", l->head_y[i]);
			attr(n, "font-weight", "bold");
			paint_attr(n, "fill", sc->text, "t");
			add_text(n, l->head_text[i]);
		}
		g = el(svg, "g");
		paint_attr(g, "fill", sc->text, "t");
		if (l->narrow)	/* on the line above the bar */
			text(g, l->label_x[i], l->bar[i].y - 5, NULL,
			     l->label[i]);
		else
			text(g, l->label_x[i], l->text_y[i], "end",
			     l->label[i]);
		text(g, l->value_x[i], l->text_y[i], NULL, l->value_text[i]);
	}
	g = el(svg, "g");
	paint_attr(g, "stroke", sc->rule, "r");
	if (l->axis_min < 0)	/* 0 among the ticks: the bars' origin */
		line(g, floor(l->zero_x) + 0.5, l->plot.y - 4,
		     floor(l->zero_x) + 0.5, base);
	line(g, l->plot.x, floor(base) + 0.5, l->plot.x + l->plot.w,
	     floor(base) + 0.5);
	legend(svg, l, sc);
	/* a node or attribute lost to a failed allocation is not there:
	 * such a chart is not written */
	errno = 0;
	rc = xmlquiet_oom() ? -1 : xmlSaveFormatFileEnc(path, doc, "UTF-8", 0);
	/* libxml2 opens the file itself and keeps why it could not (no
	 * descriptor left, no space) only in errno */
	why = errno;
	xmlFreeDoc(doc);
	if (rc < 0 && xmlquiet_oom())
		return err_set(e, path, 0, 0, "out of memory");
	if (rc < 0 && why)
		return err_set(e, path, 0, 0, "cannot write: %s",
			       strerror(why));
	if (rc < 0)
		return err_set(e, path, 0, 0, "cannot write chart");
	return 0;
}
