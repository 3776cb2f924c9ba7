/*
 * chart_html.h: a chart as page markup: the <picture> that shows it, bars
 * and lines alike (chart_html.c).
 */
#ifndef BENCHSITE_CHART_HTML_H
#define BENCHSITE_CHART_HTML_H

#include <libxml/tree.h>

/* Appends a chart drawn as one file, src (an SVG that follows the
 * reader's colour scheme, svg.h), to parent: the <img> of a <picture>, as
 * every chart of the site is, shown width x height CSS px with alt as its
 * text; with scroll, in a <div class="chart"> box that scrolls sideways on
 * a narrow screen so the chart keeps its natural size and its text stays
 * legible.  Returns the <img>. */
xmlNodePtr html_chart_img(xmlNodePtr parent, const char *src, int width,
			  int height, const char *alt, int scroll);

/* The parts of html_chart_img for a chart with more variants: a
 * <picture> (in a scrolling <div class="chart"> with scroll), a <source>
 * (media may be NULL; svg sets type="image/svg+xml"; width and height,
 * when not 0, the variant's own size), and its <img>. */
xmlNodePtr html_picture(xmlNodePtr parent, int scroll);
void html_source(xmlNodePtr pic, const char *srcset, const char *media,
		 int svg, int width, int height);
xmlNodePtr html_picture_img(xmlNodePtr pic, const char *png, int width,
			    int height, const char *alt);

/* A chart of files BASE.svg and BASE-narrow.svg (width x height, its
 * narrow layout nw x nh), with png BASE.png too, at full size in fig, in
 * its scrolling box: a phone gets the narrow SVG, others the full one, and
 * the PNG, when there is one, is the fallback; then fig's caption, caption
 * and a link to the SVG.  Bars and a sweep's lines (pages.c, with their
 * PNG) and figures over time (without) alike. */
void html_chart_full(xmlNodePtr fig, const char *base, int png, int width,
		     int height, int nw, int nh, const char *alt,
		     const char *caption);

/* The thumbnail of the same chart in fig, linked to page href: the narrow
 * SVG at its own size (legible), BASE-thumb.png (tw x th) the fallback;
 * then fig's caption. */
void html_chart_thumb(xmlNodePtr fig, const char *base, const char *href,
		      int tw, int th, int nw, int nh, const char *alt,
		      const char *caption);

#endif
