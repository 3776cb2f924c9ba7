/*
 * chart_html.c: how a page shows a chart image (html.h html_chart_img).
 *
 * A chart's PNG is drawn in the light scheme only; its SVG carries both
 * schemes (chart_svg.c).  So the page offers the SVG first through
 * <picture> and keeps the PNG as the <img>, the fallback a browser without
 * SVG (or a reader who saves the image) gets; a chart drawn only as PNG
 * (a run's interim figures) offers its dark PNG under a media query.  No
 * JavaScript chooses.  On a
 * phone a 960-pixel chart shrunk to the screen has 5-pixel text, so a full
 * chart sits in a box that scrolls sideways at the chart's natural size
 * (style.css .chart); the page itself never scrolls sideways.
 */
#include <stdio.h>

#include "html.h"

xmlNodePtr html_chart_img(xmlNodePtr parent, const char *png, const char *svg,
			  const char *dark, int width, int height,
			  const char *alt, int scroll)
{
	xmlNodePtr pic, src, img;
	char num[32];

	if (scroll) {
		parent = html_el(parent, "div", NULL);
		html_attr(parent, "class", "chart");
	}
	pic = html_el(parent, "picture", NULL);
	if (svg) {
		src = html_el(pic, "source", NULL);
		html_attr(src, "srcset", svg);
		html_attr(src, "type", "image/svg+xml");
	} else if (dark) {
		src = html_el(pic, "source", NULL);
		html_attr(src, "srcset", dark);
		html_attr(src, "media", "(prefers-color-scheme: dark)");
	}
	img = html_el(pic, "img", NULL);
	html_attr(img, "src", png);
	snprintf(num, sizeof(num), "%d", width);
	html_attr(img, "width", num);
	snprintf(num, sizeof(num), "%d", height);
	html_attr(img, "height", num);
	html_attr(img, "alt", alt);
	return img;
}
