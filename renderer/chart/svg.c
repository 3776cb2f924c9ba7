/*
 * svg.c: see svg.h.
 */
#include "svg.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <libxml/xmlsave.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/text.h"
#include "../../core/xmlquiet.h"
#include "chart.h"

#define FONT "DejaVu Sans, Verdana, sans-serif"

static const xmlChar *X(const char *s)
{
	return (const xmlChar *)s;
}

xmlNodePtr svg_el(xmlNodePtr parent, const char *tag)
{
	return parent ? xmlNewChild(parent, NULL, X(tag), NULL) : NULL;
}

void svg_attr(xmlNodePtr n, const char *name, const char *v)
{
	if (n)
		xmlSetProp(n, X(name), X(v));
}

void svg_num(xmlNodePtr n, const char *name, double v)
{
	char t[32];

	num_fixed(v, 2, t);
	svg_attr(n, name, t);
}

void svg_grid_y(xmlNodePtr g, double x0, double x1, const double *yt, int n)
{
	int k;

	for (k = 0; k < n; k++)
		svg_line(g, x0, floor(yt[k]) + 0.5, x1, floor(yt[k]) + 0.5);
}

void svg_tick_labels(xmlNodePtr g, double x, const double *yt,
		     const char (*yt_text)[32], int nyt, const double *xt_left,
		     const char (*xt_text)[32], int nxt, double base)
{
	int k;

	for (k = 0; k < nyt; k++)
		svg_text(g, x - 6, yt[k] + 4, "end", yt_text[k]);
	for (k = 0; k < nxt; k++)
		svg_text(g, xt_left[k], base + 16, NULL, xt_text[k]);
}

void svg_path_pt(struct buf *d, const char *cmd, double x, double y)
{
	/* num_fixed, not printf: a band's outline is thousands of points */
	char t[8 + 32 + 1 + 32];
	size_t n = strlen(cmd);

	if (n > 8)
		return;
	memcpy(t, cmd, n);
	n += num_fixed(x, 2, t + n);
	t[n++] = ' ';
	n += num_fixed(y, 2, t + n);
	buf_add(d, t, n);
}

/* Out of memory (n or the node NULL), adds nothing and leaks nothing: the
 * render sees xmlquiet_oom. */
void svg_add_text(xmlNodePtr n, const char *s)
{
	xmlNodePtr t = xmlNewText(X(s));

	if (t && !n)
		xmlFreeNode(t);
	else if (n)
		xmlAddChild(n, t);
}

void svg_line(xmlNodePtr parent, double x0, double y0, double x1, double y1)
{
	xmlNodePtr n = svg_el(parent, "line");

	svg_num(n, "x1", x0);
	svg_num(n, "y1", y0);
	svg_num(n, "x2", x1);
	svg_num(n, "y2", y1);
}

static void hex(const unsigned char rgb[3], char out[8])
{
	snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

void svg_paint(xmlNodePtr n, const char *name, const unsigned char rgb[3],
	       const char *cls)
{
	char t[8];

	hex(rgb, t);
	svg_attr(n, name, t);
	svg_attr(n, "class", cls);
}

xmlNodePtr svg_text(xmlNodePtr parent, double x, double y, const char *anchor,
		    const char *s)
{
	xmlNodePtr n = svg_el(parent, "text");

	svg_num(n, "x", x);
	svg_num(n, "y", y);
	if (anchor)
		svg_attr(n, "text-anchor", anchor);
	/* the layouts' texts are clean (core/textrule.h) */
	svg_add_text(n, s);
	return n;
}

void svg_title(xmlNodePtr svg, double y, const char *s)
{
	xmlNodePtr t = svg_text(svg, 12, y, NULL, s);

	svg_attr(t, "font-size", "14");
	svg_attr(t, "font-weight", "bold");
	svg_paint(t, "fill", chart_schemes[CHART_LIGHT].text, "t");
}

/* The stylesheet of the dark scheme: only the scheme's constant colours,
 * never data. */
static void dark_style(xmlNodePtr svg)
{
	const struct chart_scheme *d = &chart_schemes[CHART_DARK];
	char css[2000], c[6][8], b[8];
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
			     ".r{stroke:%s}.w{stroke:%s}.d{fill:%s;stroke:%s}"
			     ".sm{stroke:%s}",
			     c[0], c[1], c[2], c[3], c[4], c[5], c[1], c[0],
			     c[2]);
	/* a line chart's one line: sky blue on dark, as its PNG draws it */
	hex(d->bar[4], b);
	n += (size_t)snprintf(css + n, sizeof(css) - n,
			      ".ln{stroke:%s}.lf{fill:%s}", b, b);
	for (i = 0; i < CHART_COLORS && n < sizeof(css); i++) {
		hex(d->bar[i], b);
		n += (size_t)snprintf(css + n, sizeof(css) - n,
				      ".c%d{fill:%s}.s%d{stroke:%s}", i, b, i,
				      b);
	}
	if (n < sizeof(css))
		snprintf(css + n, sizeof(css) - n, "}");
	svg_add_text(svg_el(svg, "style"), css);
}

xmlDocPtr svg_new(int width, int height, const char *title, int font_size,
		  xmlNodePtr *root)
{
	xmlDocPtr doc = xmlNewDoc(X("1.0"));
	xmlNodePtr svg = xmlNewNode(NULL, X("svg")), n;
	char t[64];

	if (!doc || !svg) {
		xmlFreeDoc(doc);
		xmlFreeNode(svg);
		return NULL;
	}
	xmlDocSetRootElement(doc, svg);
	xmlNewNs(svg, X("http://www.w3.org/2000/svg"), NULL);
	snprintf(t, sizeof(t), "%d", width);
	svg_attr(svg, "width", t);
	snprintf(t, sizeof(t), "%d", height);
	svg_attr(svg, "height", t);
	snprintf(t, sizeof(t), "0 0 %d %d", width, height);
	svg_attr(svg, "viewBox", t);
	svg_attr(svg, "font-family", FONT);
	snprintf(t, sizeof(t), "%d", font_size);
	svg_attr(svg, "font-size", t);
	svg_add_text(svg_el(svg, "title"), title);
	dark_style(svg);
	n = svg_el(svg, "rect");
	svg_attr(n, "width", "100%");
	svg_attr(n, "height", "100%");
	svg_paint(n, "fill", chart_schemes[CHART_LIGHT].ground, "bg");
	*root = svg;
	return doc;
}

int svg_save_file(xmlDocPtr doc, const char *path, struct err *e)
{
	int rc, why;

	if (!doc)
		return err_set(e, path, 0, 0, "out of memory");
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

int svg_save_buf(xmlDocPtr doc, struct buf *out, struct err *e)
{
	xmlChar *mem = NULL;
	int size = 0, rc = 0;

	if (doc && !xmlquiet_oom())
		xmlDocDumpFormatMemoryEnc(doc, &mem, &size, "UTF-8", 0);
	xmlFreeDoc(doc);
	if (!mem || xmlquiet_oom() || buf_add(out, mem, (size_t)size))
		rc = err_set(e, NULL, 0, 0, "out of memory");
	xmlFree(mem);
	return rc;
}
