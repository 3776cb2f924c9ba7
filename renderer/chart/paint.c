/*
 * paint.c: see paint.h.
 */
#include "paint.h"

#include <math.h>

#include "../../core/err.h"
#include "png.h"

void paint_source(cairo_t *cr, const unsigned char rgb[3])
{
	cairo_set_source_rgb(cr, rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0);
}

void paint_title(cairo_t *cr, const struct chart_scheme *sc,
		 const char *title, double y)
{
	paint_source(cr, sc->ground);
	cairo_paint(cr);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 14);
	paint_source(cr, sc->text);
	cairo_move_to(cr, 12, y);
	cairo_show_text(cr, title);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 12);
}

void paint_yticks(cairo_t *cr, const struct chart_scheme *sc, int n,
		  const double *yt, const char (*yt_text)[32], double x,
		  double w)
{
	cairo_text_extents_t ext;
	int k;

	cairo_set_line_width(cr, 1);
	for (k = 0; k < n; k++) {
		paint_source(cr, sc->grid);
		cairo_move_to(cr, x, floor(yt[k]) + 0.5);
		cairo_line_to(cr, x + w, floor(yt[k]) + 0.5);
		cairo_stroke(cr);
		paint_source(cr, sc->muted);
		cairo_text_extents(cr, yt_text[k], &ext);
		cairo_move_to(cr, x - 6 - ext.x_advance, yt[k] + 4);
		cairo_show_text(cr, yt_text[k]);
	}
}

int paint_png(cairo_surface_t *s, cairo_t *cr, int w, int h,
	      struct buf *out, struct err *e)
{
	cairo_status_t st = cairo_status(cr);
	int rc;

	cairo_destroy(cr);
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return err_set(e, NULL, 0, 0, "cannot draw chart: %s",
			       cairo_status_to_string(st));
	}
	cairo_surface_flush(s);
	rc = png_encode(cairo_image_surface_get_data(s), w, h,
			cairo_image_surface_get_stride(s), out, e);
	cairo_surface_destroy(s);
	return rc;
}
