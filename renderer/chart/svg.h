/*
 * svg.h: the SVG writer every chart shares (bars: chart_svg.c; a sweep's
 * lines: sweepchart.c; figures over time: linechart.c).
 *
 * Written through libxml2, every value escaped by it, never spliced; the
 * same document in the same order gives the same bytes (cairo's SVG
 * surface names its glyphs from process-wide counters and would not).
 * One file serves a light and a dark page: elements carry the light
 * scheme's colours as attributes and a class, and a fixed stylesheet made
 * from chart_schemes[CHART_DARK] recolours the classes under
 * prefers-color-scheme: dark.  The classes:
 *   bg ground, t text, m muted text (fill), g grid, r rule, w whisker,
 *   sm muted lines (stroke), d run dots, cN fill and sN stroke of palette
 *   colour N, ln a line chart's one line (colour 0, sky blue when dark).
 */
#ifndef BENCHSITE_SVG_H
#define BENCHSITE_SVG_H

#include <libxml/tree.h>

struct buf;
struct err;

/* A new document of width x height pixels titled title (clean UTF-8),
 * its texts in DejaVu Sans of font_size px, with the dark stylesheet and
 * the ground painted; *root gets the <svg> element to draw into.  NULL
 * when memory ran out (nothing to free). */
xmlDocPtr svg_new(int width, int height, const char *title, int font_size,
		  xmlNodePtr *root);

/* A new child element tag of parent (NULL when parent is, or memory ran
 * out: every function below takes a NULL node and does nothing). */
xmlNodePtr svg_el(xmlNodePtr parent, const char *tag);
void svg_attr(xmlNodePtr n, const char *name, const char *v);
/* Attribute name of v with two decimals ("12.50"). */
void svg_num(xmlNodePtr n, const char *name, double v);
/* Appends to path data d the command cmd ("M", " L": at most 8 bytes,
 * a space before each command but the first) at x,y, each with two
 * decimals as svg_num writes them ("M12.50 3.00"). */
void svg_path_pt(struct buf *d, const char *cmd, double x, double y);
/* Appends text node s (clean UTF-8) to n. */
void svg_add_text(xmlNodePtr n, const char *s);
/* Sets attribute name (fill, stroke) to colour rgb and class to cls,
 * which the dark stylesheet recolours. */
void svg_paint(xmlNodePtr n, const char *name, const unsigned char rgb[3],
	       const char *cls);
/* A <line> from x0,y0 to x1,y1 in parent (a group that gives its stroke). */
void svg_line(xmlNodePtr parent, double x0, double y0, double x1, double y1);

/* A plot's horizontal grid: a line from x0 to x1 at each of yt[0..n),
 * on the pixel grid (crisp one-pixel lines). */
void svg_grid_y(xmlNodePtr g, double x0, double x1, const double *yt, int n);

/* A plot's tick labels: yt_text[k] right-aligned 6 px left of x at yt[k],
 * xt_text[k] from xt_left[k] 16 px under base (the plot's bottom). */
void svg_tick_labels(xmlNodePtr g, double x, const double *yt,
		     const char (*yt_text)[32], int nyt, const double *xt_left,
		     const char (*xt_text)[32], int nxt, double base);
/* A <text> s at x,y (its baseline), anchored at anchor ("middle", "end";
 * NULL: start); the element. */
xmlNodePtr svg_text(xmlNodePtr parent, double x, double y, const char *anchor,
		    const char *s);
/* A chart's title s at 12,y: bold 14 px text in the light scheme's text
 * colour (class "t"), as the PNG paints it. */
void svg_title(xmlNodePtr svg, double y, const char *s);

/* Writes doc as a file at path and frees it: 0, or -1 with e filled (out
 * of memory while it was built included: such a chart is not written). */
int svg_save_file(xmlDocPtr doc, const char *path, struct err *e);

/* Appends doc's bytes to out and frees it: 0, or -1 with e filled. */
int svg_save_buf(xmlDocPtr doc, struct buf *out, struct err *e);

#endif
