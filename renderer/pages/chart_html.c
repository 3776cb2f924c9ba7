/*
 * chart_html.c: how a page shows a chart image (html.h html_chart_img).
 *
 * A chart's PNG is drawn in the light scheme only; its SVG carries both
 * schemes (svg.h).  So the page offers the SVG first through <picture> and
 * keeps the PNG as the <img>, the fallback a browser without SVG (or a
 * reader who saves the image) gets; a chart drawn only as SVG (figures
 * over time) is the <img> itself.  No JavaScript chooses.  On a
 * phone a 960-pixel chart shrunk to the screen has 5-pixel text, so a full
 * chart sits in a box that scrolls sideways at the chart's natural size
 * (style.css .chart); the page itself never scrolls sideways.  A bar
 * chart also has a narrow layout (labels above the bars): a phone gets it
 * by a <source media="(max-width: 40rem)">, with its own width and height,
 * and the comparison page shows it as the thumbnail.
 */
#include <stdio.h>

#include "../site/slug.h"

#include "html.h"
#include "chart_html.h"

xmlNodePtr html_picture(xmlNodePtr parent, int scroll)
{
	if (scroll) {
		parent = html_el(parent, "div", NULL);
		html_attr(parent, "class", "chart");
	}
	return html_el(parent, "picture", NULL);
}

void html_source(xmlNodePtr pic, const char *srcset, const char *media,
		 int svg, int width, int height)
{
	xmlNodePtr src = html_el(pic, "source", NULL);
	char num[32];

	html_attr(src, "srcset", srcset);
	if (media)
		html_attr(src, "media", media);
	if (svg)
		html_attr(src, "type", "image/svg+xml");
	if (width > 0 && height > 0) {
		snprintf(num, sizeof(num), "%d", width);
		html_attr(src, "width", num);
		snprintf(num, sizeof(num), "%d", height);
		html_attr(src, "height", num);
	}
}

xmlNodePtr html_picture_img(xmlNodePtr pic, const char *png, int width,
			    int height, const char *alt)
{
	xmlNodePtr img = html_el(pic, "img", NULL);
	char num[32];

	html_attr(img, "src", png);
	snprintf(num, sizeof(num), "%d", width);
	html_attr(img, "width", num);
	snprintf(num, sizeof(num), "%d", height);
	html_attr(img, "height", num);
	html_attr(img, "alt", alt);
	return img;
}

xmlNodePtr html_chart_img(xmlNodePtr parent, const char *src, int width,
			  int height, const char *alt, int scroll)
{
	return html_picture_img(html_picture(parent, scroll), src, width,
				height, alt);
}

void html_chart_full(xmlNodePtr fig, const char *base, int png, int width,
		     int height, int nw, int nh, const char *alt,
		     const char *caption)
{
	char name[SLUG_MAX + 16];
	xmlNodePtr pic = html_picture(fig, 1), cap;

	/* a phone gets the narrow layout, others the full one */
	snprintf(name, sizeof(name), "%s-narrow.svg", base);
	html_source(pic, name, "(max-width: 40rem)", 1, nw, nh);
	snprintf(name, sizeof(name), "%s.svg", base);
	if (png) {
		html_source(pic, name, NULL, 1, 0, 0);
		snprintf(name, sizeof(name), "%s.png", base);
	}
	html_picture_img(pic, name, width, height, alt);
	cap = html_el(fig, "figcaption", caption);
	html_text(cap, " (");
	snprintf(name, sizeof(name), "%s.svg", base);
	html_link(cap, name, "SVG");
	html_text(cap, ")");
}

void html_chart_thumb(xmlNodePtr fig, const char *base, const char *href,
		      int tw, int th, int nw, int nh, const char *alt,
		      const char *caption)
{
	char name[SLUG_MAX + 16];
	xmlNodePtr a = html_el(fig, "a", NULL), pic;

	html_attr(a, "href", href);
	/* the narrow chart at its own size: 13 px text, legible where the
	 * full chart shrunk to a third was not; the thumbnail PNG stays
	 * the fallback */
	pic = html_picture(a, 0);
	snprintf(name, sizeof(name), "%s-narrow.svg", base);
	html_source(pic, name, NULL, 1, nw, nh);
	snprintf(name, sizeof(name), "%s-thumb.png", base);
	html_picture_img(pic, name, tw, th, alt);
	html_el(fig, "figcaption", caption);
}
