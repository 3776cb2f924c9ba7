/*
 * html.h: putting data into a page's libxml2 tree (page.h).
 *
 * No function here takes markup as a string: data goes in only as text
 * nodes and attribute values, which the serializer escapes.  Links pass an
 * allow-list (relative names of the site's own files, http and https) so
 * that no data can become a javascript: URL (goaccess's lesson).
 */
#ifndef BENCHSITE_HTML_H
#define BENCHSITE_HTML_H

#include <libxml/tree.h>

/*
 * Out of memory: libxml2 answers with NULL and these pass NULL on (a NULL
 * parent adds nothing), so a page is built to its end either way; a
 * render checks xmlquiet_oom (core/xmlquiet.h) before it publishes.
 */

/* Appends n to parent and returns it (or the text node it merged into);
 * when parent is NULL, frees n (nothing is leaked) and returns NULL. */
xmlNodePtr html_add(xmlNodePtr parent, xmlNodePtr n);

/* Appends text to parent as a text node.  Text that is not valid UTF-8
 * (a name cut short by a fixed-size buffer, say) is cut before the first
 * bad byte: libxml2 must never see a broken sequence. */
void html_text(xmlNodePtr parent, const char *text);

/* Appends <tag>text</tag> (text may be NULL) to parent and returns it. */
xmlNodePtr html_el(xmlNodePtr parent, const char *tag, const char *text);

/* Sets an attribute; a class or id value is passed through as text. */
void html_attr(xmlNodePtr n, const char *name, const char *value);

/* Appends <a href="href">text</a>; href must pass html_url_ok, otherwise
 * the text is appended without a link. */
xmlNodePtr html_link(xmlNodePtr parent, const char *href, const char *text);

/* 1 when url is a relative name without a scheme, or http(s)://. */
int html_url_ok(const char *url);

/* Appends a chart image to parent (chart_html.c): a <picture> whose
 * <source> is the SVG (it follows the reader's colour scheme, chart_svg.c)
 * or, for a PNG-only chart, the dark PNG under prefers-color-scheme: dark,
 * and whose <img> is the (light) PNG, shown width x height CSS px with alt
 * as its text; with scroll, in a <div class="chart"> box that scrolls
 * sideways on a narrow screen so the chart keeps its natural size and its
 * text stays legible.  svg and dark may be NULL.  Returns the <img>. */
xmlNodePtr html_chart_img(xmlNodePtr parent, const char *png, const char *svg,
			  const char *dark, int width, int height,
			  const char *alt, int scroll);

/* The parts of html_chart_img for a chart with more variants: a
 * <picture> (in a scrolling <div class="chart"> with scroll), a <source>
 * (media may be NULL; svg sets type="image/svg+xml"; width and height,
 * when not 0, the variant's own size), and its <img>. */
xmlNodePtr html_picture(xmlNodePtr parent, int scroll);
void html_source(xmlNodePtr pic, const char *srcset, const char *media,
		 int svg, int width, int height);
xmlNodePtr html_picture_img(xmlNodePtr pic, const char *png, int width,
			    int height, const char *alt);

/* A chart of files BASE.png, BASE.svg and BASE-narrow.svg (width x
 * height, its narrow layout nw x nh) at full size in fig, in its
 * scrolling box: a phone gets the narrow SVG, others the full one, and the
 * PNG is the fallback; then fig's caption, caption and a link to the SVG.
 * Bars (pages.c), a sweep's lines and figures over time alike. */
void html_chart_full(xmlNodePtr fig, const char *base, int width, int height,
		     int nw, int nh, const char *alt, const char *caption);

/* The thumbnail of the same chart in fig, linked to page href: the narrow
 * SVG at its own size (legible), BASE-thumb.png (tw x th) the fallback;
 * then fig's caption. */
void html_chart_thumb(xmlNodePtr fig, const char *base, const char *href,
		      int tw, int th, int nw, int nh, const char *alt,
		      const char *caption);

#endif
