/*
 * test_png.c: our PNG encoder, checked by decoding what it writes with
 * libpng (through cairo_image_surface_create_from_png) and comparing every
 * pixel with the surface that was encoded: palette images of 1, 2, 4 and 8
 * bits, RGB images past 256 colours, odd sizes, a real chart, and the same
 * bytes twice.
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include <cairo.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../renderer/chart/chart.h"
#include "../../renderer/chart/png.h"
#include "bars.h"
#include "tap.h"

static cairo_status_t from_buf(void *closure, unsigned char *data,
			       unsigned int n)
{
	struct buf *b = closure;

	if (b->cap < n || b->len > b->cap - n)	/* cap: the read offset */
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, b->data + b->len, n);
	b->len += n;
	return CAIRO_STATUS_SUCCESS;
}

/* Encodes s, decodes the bytes with libpng; 1 when every pixel matches. */
static int round_trip(cairo_surface_t *s, int *depth, int *type)
{
	struct buf b, r;
	struct err e;
	cairo_surface_t *d;
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s), x, y, same = 1;

	buf_init(&b, 1 << 26);
	err_clear(&e);
	cairo_surface_flush(s);
	if (png_encode(cairo_image_surface_get_data(s), w, h,
		       cairo_image_surface_get_stride(s), &b, &e)) {
		buf_release(&b);
		return 0;
	}
	*depth = (unsigned char)b.data[24];
	*type = (unsigned char)b.data[25];
	r = b;
	r.cap = b.len;	/* from_buf reads data[len..cap) */
	r.len = 0;
	d = cairo_image_surface_create_from_png_stream(from_buf, &r);
	if (cairo_surface_status(d) != CAIRO_STATUS_SUCCESS ||
	    cairo_image_surface_get_width(d) != w ||
	    cairo_image_surface_get_height(d) != h)
		same = 0;
	for (y = 0; same && y < h; y++)
		for (x = 0; x < w; x++) {
			uint32_t a, c;

			memcpy(&a, cairo_image_surface_get_data(s) +
				       y * cairo_image_surface_get_stride(s) + 4 * x, 4);
			memcpy(&c, cairo_image_surface_get_data(d) +
				       y * cairo_image_surface_get_stride(d) + 4 * x, 4);
			if ((a & 0xffffff) != (c & 0xffffff)) {
				same = 0;
				break;
			}
		}
	cairo_surface_destroy(d);
	buf_release(&b);
	return same;
}

/* A w x h surface whose pixel (x, y) is colour[(x * 7 + y * 3) % n], with
 * a flat band so that every filter gets chosen somewhere. */
static cairo_surface_t *pattern(int w, int h, int n)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	unsigned char *p = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s), x, y;

	cairo_surface_flush(s);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			int k = y < h / 3 ? 0 : (x * 7 + y * 3 + x / 5) % n;
			uint32_t c = ((uint32_t)(k * 37) & 0xff) << 16 |
				     ((uint32_t)(k * 11 + 5) & 0xff) << 8 |
				     ((uint32_t)k >> 8) * 60;

			c |= 0xff000000u;
			memcpy(p + y * stride + 4 * x, &c, 4);
		}
	cairo_surface_mark_dirty(s);
	return s;
}

static void check_pattern(int w, int h, int n, int want_depth, int want_type)
{
	cairo_surface_t *s = pattern(w, h, n);
	char what[120];
	int depth = -1, type = -1, ok = round_trip(s, &depth, &type);

	snprintf(what, sizeof(what),
		 "%dx%d, %d colours: decodes to the same pixels", w, h, n);
	CHECK(ok, what);
	snprintf(what, sizeof(what),
		 "%dx%d, %d colours: colour type %d, depth %d (got %d, %d)", w,
		 h, n, want_type, want_depth, type, depth);
	CHECK(depth == want_depth && type == want_type, what);
	cairo_surface_destroy(s);
}

static void test_chart_png(void)
{
	static const char *const names[12] = {
		"ext2", "ext3", "ext4", "xfs", "btrfs", "jfs", "reiserfs",
		"f2fs", "nilfs2", "zfs", "bcachefs", "tmpfs"};
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc(1, sizeof(*l));
	cairo_surface_t *s;
	struct buf a, b;
	struct err e;
	int i, depth, type, ok;

	bars_init(c, "Bulk insert, 12 file systems",
		  "rate (rows/s), higher is better", "rows/s", 12, names);
	for (i = 0; i < 12; i++) {
		c->bar[i].value = 1000 + 731.5 * i;
		c->bar[i].color = i % 3;
		c->bar[i].n = 3;
		c->bar[i].err_lo = c->bar[i].value * 0.95;
		c->bar[i].err_hi = c->bar[i].value * 1.05;
	}
	err_clear(&e);
	CHECK(chart_layout(c, NULL, NULL, l, &e) == 0, "lay out a 12-bar chart");
	s = chart_draw(l, 1, &e);
	CHECK(s != NULL, "draw it");
	if (!s)
		goto out;
	ok = round_trip(s, &depth, &type);
	CHECK(ok, "the chart's PNG decodes to the same pixels");
	CHECK(type == 3, "the chart is written with a palette");
	buf_init(&a, 1 << 24);
	buf_init(&b, 1 << 24);
	CHECK(png_encode(cairo_image_surface_get_data(s), 960,
			 cairo_image_surface_get_height(s),
			 cairo_image_surface_get_stride(s), &a, &e) == 0 &&
	      png_encode(cairo_image_surface_get_data(s), 960,
			 cairo_image_surface_get_height(s),
			 cairo_image_surface_get_stride(s), &b, &e) == 0 &&
	      a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
	      "the same pixels give the same bytes");
	CHECK(a.len > 1000 && a.len < 20000, "the chart's PNG is small");
	buf_release(&a);
	buf_release(&b);
	cairo_surface_destroy(s);
	s = chart_draw(l, 0.35, &e);
	ok = s && round_trip(s, &depth, &type);
	CHECK(ok, "the thumbnail (odd size) decodes to the same pixels");
	if (s)
		cairo_surface_destroy(s);
out:
	free(c);
	free(l);
}

void test_png(void)
{
	unsigned char px[16] = {0};
	struct buf b;
	struct err e;

	check_pattern(1, 1, 1, 1, 3);
	check_pattern(9, 7, 2, 1, 3);
	check_pattern(13, 5, 3, 2, 3);
	check_pattern(31, 17, 4, 2, 3);
	check_pattern(33, 11, 5, 4, 3);
	check_pattern(17, 29, 16, 4, 3);
	check_pattern(101, 43, 17, 8, 3);
	check_pattern(255, 3, 256, 8, 3);
	check_pattern(97, 61, 257, 8, 2);
	check_pattern(640, 3, 1000, 8, 2);
	check_pattern(3, 3, 1000, 4, 3);	/* 9 pixels: 9 colours */
	test_chart_png();
	buf_init(&b, 1 << 20);
	err_clear(&e);
	CHECK(png_encode(px, 0, 1, 4, &b, &e) == -1 && b.len == 0,
	      "an empty image is refused");
	CHECK(png_encode(px, 4, 1, 8, &b, &e) == -1 &&
	      strstr(e.msg, "4x1") != NULL, "a stride too short is refused");
	buf_release(&b);
	buf_init(&b, 100);
	CHECK(png_encode(px, 2, 2, 8, &b, &e) == 0, "a tiny image fits in 100 bytes");
	buf_release(&b);
	buf_init(&b, 40);
	CHECK(png_encode(px, 2, 2, 8, &b, &e) == -1 &&
	      strstr(e.msg, "too large") != NULL, "the buffer's maximum holds");
	buf_release(&b);
}
