/*
 * png.h: our own PNG encoder for cairo's RGB24 pixels.
 *
 * Drawing a chart with cairo costs about a tenth of a millisecond; libpng
 * through cairo_surface_write_to_png costs about a hundred times that
 * (bench/README.md).  A chart uses a few hundred colours at
 * most, so png_encode counts them and writes an indexed-palette image when
 * they fit in 256 (fewer bits per pixel when there are very few), else RGB,
 * with row filters that turn repeated rows into zeros and a zlib level and
 * strategy chosen by measurement (bench/README.md).  The output depends only on the
 * pixels: no time, no text chunks, palette in order of first appearance.
 */
#ifndef BENCHSITE_PNG_H
#define BENCHSITE_PNG_H

#include <stddef.h>

#include "../../core/buf.h"
#include "../../core/err.h"

/* Appends to out the PNG of a width x height image whose rows start stride
 * bytes apart at pixels, each pixel a native-endian uint32 0x??RRGGBB (the
 * layout of cairo's CAIRO_FORMAT_RGB24; the top byte is ignored).  Width and
 * height must be 1..32767.  Returns 0, or -1 with e filled (out of memory,
 * out->max reached, bad size). */
int png_encode(const unsigned char *pixels, int width, int height,
	       int stride, struct buf *out, struct err *e);

/* png_encode, written to a new file at path (replaced if it exists). */
int png_write_file(const unsigned char *pixels, int width, int height,
		   int stride, const char *path, struct err *e);

#endif
