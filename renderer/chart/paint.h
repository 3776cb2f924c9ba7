/*
 * paint.h: what the cairo painters of the charts share (paint.c): a colour
 * of a scheme as cairo's source, the ground and title, and the grid and
 * labels of the y axis.
 */
#ifndef BENCHSITE_PAINT_H
#define BENCHSITE_PAINT_H

#include <cairo.h>

#include "chart_scheme.h"

struct buf;
struct err;

/* rgb (0-255 each) as cr's source. */
void paint_source(cairo_t *cr, const unsigned char rgb[3]);

/* Paints sc's ground, then title at (12, y) in bold 14 px text, and
 * leaves the normal face at 12 px selected for what follows. */
void paint_title(cairo_t *cr, const struct chart_scheme *sc,
		 const char *title, double y);

/* For each of the n ticks of the y axis (yt: pixels, yt_text: labels), a
 * grid line across the plot from x to x + w and its label right-aligned
 * before x, in 1 px lines. */
void paint_yticks(cairo_t *cr, const struct chart_scheme *sc, int n,
		  const double *yt, const char (*yt_text)[32], double x,
		  double w);

/* The PNG (w x h) of what cr drew on s, appended to out; both are freed.
 * -1 with e filled when cairo failed or the encoding did. */
int paint_png(cairo_surface_t *s, cairo_t *cr, int w, int h,
	      struct buf *out, struct err *e);

#endif
