/*
 * png.c: PNG bytes from cairo's RGB24 pixels, fast (see png.h for why).
 *
 * One pass maps every pixel to a palette index through a small open-address
 * table (charts have long runs of one colour, so the last colour is checked
 * first and the table is seldom touched).  When a 257th colour turns up the
 * image is written as RGB instead.  Indices are packed to 1, 2, 4 or 8 bits.
 *
 * Each row gets the filter (None and Up for palette rows, and Sub too for
 * RGB) whose output has the fewest byte changes, that is the fewest runs: a
 * row equal to the one above becomes all zeros under Up, a flat span one
 * run under None.
 *
 * Palette rows are then compressed by rle_deflate below, not by zlib: a
 * chart's filtered rows are almost all long runs of one byte, and zlib's
 * deflate (even level 1 with Z_RLE) still spends about 16 instructions on
 * every byte; encoding each run as one deflate match of distance 1 with the
 * fixed Huffman codes costs a few instructions per run.  On a 12-bar chart
 * (bench/README.md has the timings): zlib level 1 Z_RLE 13.2 KB, zlib
 * Z_FIXED 14.0 KB, rle_deflate about the same size, in a small fraction
 * of the time; cairo's own writer 26.8 KB.  RGB images (more
 * than 256 colours: every thumbnail, where scaled text blends into ~300)
 * go through zlib at level 3 (ZLEVEL_RGB).
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "png.h"

/* PNG allows 2^31-1, but a chart is at most a few thousand pixels wide;
 * this bound keeps every size computation far from overflow. */
#define PNG_SIDE_MAX 32767

/* Open-address table of colours: four times the palette so probes stay
 * short.  A slot holds colour | HASH_USED, 0 when empty. */
#define HASH_SIZE 1024
#define HASH_USED 0x01000000u

/* RGB images only (see the top of the file).  On the 240 thumbnails of
 * bench/gen.py's 240-test store, encoding one (CPU, these filters): level
 * 6 1.05 ms, 6551 bytes; 4 0.83 ms, 6675; 3 0.63 ms, 7322; 1 0.62 ms,
 * 7640.  Level 3 is where zlib's lazy matching stops: past it time grows
 * by a third for a tenth off the size, of files that are a tenth of a
 * site's bytes. */
#define ZLEVEL_RGB 3

static uint32_t pixel_at(const unsigned char *row, int x)
{
	uint32_t v;

	memcpy(&v, row + 4 * (size_t)x, 4);
	return v & 0xffffffu;
}

static uint64_t load8(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* The colour bits of two pixels read as one word, in either byte order:
 * each pixel's top byte is cleared. */
#define TWO_PIXELS 0x00ffffff00ffffffull

/* 1 when the four pixels at p are all colour two (the colour twice, as
 * TWO_PIXELS reads it). */
static int four_are(const unsigned char *p, uint64_t two)
{
	return (((load8(p) ^ two) | (load8(p + 8) ^ two)) & TWO_PIXELS) == 0;
}

/* Maps the pixels to palette indices (idx: width*height bytes) and fills
 * pal; returns the number of colours, or 257 when there are more than 256.
 * A chart is mostly runs of one colour (ground, bars), so once a pixel
 * repeats the one before it the run goes on four pixels at a time. */
static int index_pixels(const unsigned char *pixels, int w, int h, int stride,
			unsigned char *idx, uint32_t pal[256])
{
	uint32_t slot[HASH_SIZE];
	unsigned char slot_idx[HASH_SIZE];
	uint32_t last = 0xffffffffu;
	uint64_t two = 0;
	unsigned char li = 0;
	int n = 0, x, y;

	memset(slot, 0, sizeof(slot));
	for (y = 0; y < h; y++) {
		const unsigned char *row = pixels + (size_t)y * (size_t)stride;
		unsigned char *out = idx + (size_t)y * (size_t)w;

		/* a row like the one above (most rows of a chart) has its
		 * indices already */
		if (y > 0 && memcmp(row, row - stride, 4 * (size_t)w) == 0) {
			memcpy(out, out - w, (size_t)w);
			continue;
		}
		x = 0;
		while (x < w) {
			uint32_t c = pixel_at(row, x);

			if (c != last) {
				uint32_t k = c | HASH_USED;
				unsigned hv = (unsigned)((c * 2654435761u) >> 22) &
					      (HASH_SIZE - 1);

				while (slot[hv] && slot[hv] != k)
					hv = (hv + 1) & (HASH_SIZE - 1);
				if (!slot[hv]) {
					if (n == 256)
						return 257;
					slot[hv] = k;
					slot_idx[hv] = (unsigned char)n;
					pal[n++] = c;
				}
				last = c;
				two = (uint64_t)c << 32 | c;
				li = slot_idx[hv];
				out[x++] = li;
				continue;
			}
			while (x + 4 <= w && four_are(row + 4 * (size_t)x, two)) {
				memset(out + x, li, 4);
				x += 4;
			}
			while (x < w && pixel_at(row, x) == last)
				out[x++] = li;
		}
	}
	return n;
}

/* Eight bytes at a time (SWAR), for filter_row_fast's counts. */
#define BYTES_HIGH 0x8080808080808080ull

/* How many of x's eight bytes are not zero: a byte's low seven bits plus
 * 0x7f carry into its high bit unless they are all zero (and never into
 * the next byte); or'ed with the byte's own high bit. */
static unsigned nonzero_bytes(uint64_t x)
{
	uint64_t y = (((x & ~BYTES_HIGH) + ~BYTES_HIGH) | x) & BYTES_HIGH;

	return (unsigned)(((y >> 7) * 0x0101010101010101ull) >> 56);
}

/* a - b in each of the eight bytes, modulo 256, no borrow between them. */
static uint64_t sub_bytes(uint64_t a, uint64_t b)
{
	return ((a | BYTES_HIGH) - (b & ~BYTES_HIGH)) ^
	       ((a ^ ~b) & BYTES_HIGH);
}

static void store8(unsigned char *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/* The Up filter of the n bytes at cur into dst, eight bytes at a time. */
static void up_row(const unsigned char *cur, const unsigned char *prev,
		   size_t n, unsigned char *dst)
{
	size_t i = 0;

	for (; i + 8 <= n; i += 8)
		store8(dst + i, sub_bytes(load8(cur + i), load8(prev + i)));
	for (; i < n; i++)
		dst[i] = (unsigned char)(cur[i] - prev[i]);
}

/* filter_row for one byte a pixel (palette indices), where only None and
 * Up are tried, in one pass: Sub and Paeth predict from the left, which
 * means nothing between palette indices (on a chart, trying Sub as well
 * costs 0.2 ms and the file grows by 4 bytes).  The runs are counted eight
 * bytes at a time, a byte's change from the one before it being a non-zero
 * byte of the word xor the word one byte back: a third of the time of a
 * byte-by-byte count, which was a tenth of a render. */
static void filter_row_fast(const unsigned char *cur,
			    const unsigned char *prev, size_t n,
			    unsigned char *dst)
{
	size_t i = 1, rn = 1, ru = 1;

	if (prev) {
		for (; i + 8 <= n; i += 8) {
			uint64_t c1 = load8(cur + i), c0 = load8(cur + i - 1);

			rn += nonzero_bytes(c1 ^ c0);
			ru += nonzero_bytes(sub_bytes(c1, load8(prev + i)) ^
					    sub_bytes(c0, load8(prev + i - 1)));
		}
		for (; i < n; i++) {
			rn += cur[i] != cur[i - 1];
			ru += (unsigned char)(cur[i] - prev[i]) !=
			      (unsigned char)(cur[i - 1] - prev[i - 1]);
		}
	}
	if (prev && ru < rn) {
		dst[0] = 2;
		up_row(cur, prev, n, dst + 1);
	} else {
		dst[0] = 0;
		memcpy(dst + 1, cur, n);
	}
}

/* filter_row for RGB rows (bpp bytes a pixel): None, Sub and Up, their
 * runs counted in one pass over the row that stores nothing, then the
 * winner written straight to dst.  Paeth is not tried: on charts its
 * output has few long runs (it predicts edges, a chart is flat spans), and
 * without it the thumbnails come out smaller (6551 bytes against 6626 on
 * bench/gen.py's 240-test store) for half the filtering time.  Ties go to
 * None, then Up, then Sub. */
static void filter_row_rgb(const unsigned char *cur, const unsigned char *prev,
			   size_t n, size_t bpp, unsigned char *dst)
{
	size_t rn = 1, rs = 1, ru = 1, i;
	int best = 0;

	/* byte i's Sub is cur[i] - cur[i - bpp], taken as 0 before the row:
	 * the first bpp bytes one by one, then eight at a time as in
	 * filter_row_fast */
	for (i = 1; i < n && i <= bpp; i++) {
		unsigned s0 = i >= bpp ? cur[i - bpp] : 0;

		rn += cur[i] != cur[i - 1];
		rs += (unsigned char)(cur[i] - s0) != cur[i - 1];
	}
	for (; i + 8 <= n; i += 8) {
		uint64_t c1 = load8(cur + i), c0 = load8(cur + i - 1);

		rn += nonzero_bytes(c1 ^ c0);
		rs += nonzero_bytes(sub_bytes(c1, load8(cur + i - bpp)) ^
				    sub_bytes(c0, load8(cur + i - 1 - bpp)));
	}
	for (; i < n; i++) {
		rn += cur[i] != cur[i - 1];
		rs += (unsigned char)(cur[i] - cur[i - bpp]) !=
		      (unsigned char)(cur[i - 1] - cur[i - 1 - bpp]);
	}
	if (prev) {
		for (i = 1; i + 8 <= n; i += 8)
			ru += nonzero_bytes(sub_bytes(load8(cur + i),
						      load8(prev + i)) ^
					    sub_bytes(load8(cur + i - 1),
						      load8(prev + i - 1)));
		for (; i < n; i++)
			ru += (unsigned char)(cur[i] - prev[i]) !=
			      (unsigned char)(cur[i - 1] - prev[i - 1]);
		if (ru < rn) {
			best = 2;
			rn = ru;
		}
	}
	if (rs < rn)
		best = 1;
	dst[0] = (unsigned char)best;
	dst++;
	if (best == 0) {
		memcpy(dst, cur, n);
	} else if (best == 2) {
		up_row(cur, prev, n, dst);
	} else {
		for (i = 0; i < n && i < bpp; i++)
			dst[i] = cur[i];
		for (; i + 8 <= n; i += 8)
			store8(dst + i, sub_bytes(load8(cur + i),
						  load8(cur + i - bpp)));
		for (; i < n; i++)
			dst[i] = (unsigned char)(cur[i] - cur[i - bpp]);
	}
}

/* Writes filter byte and filtered row to dst (n + 1 bytes), choosing the
 * filter with the fewest runs; prev is the unfiltered row above or NULL. */
static void filter_row(const unsigned char *cur, const unsigned char *prev,
		       size_t n, size_t bpp, unsigned char *dst)
{
	if (prev && memcmp(cur, prev, n) == 0) {
		dst[0] = 2;
		memset(dst + 1, 0, n);
		return;
	}
	if (bpp == 1)
		filter_row_fast(cur, prev, n, dst);
	else
		filter_row_rgb(cur, prev, n, bpp, dst);
}

/* A deflate bit writer (RFC 1951 3.1.1: bits go out least significant
 * first; Huffman codes are stored already bit-reversed). */
struct bits {
	unsigned char *p;
	uint64_t acc;
	int n;
};

/* Whole bytes go out four at a time: fewer than 32 bits wait in acc
 * between calls, and a code is at most 18 bits long. */
static void bits_put(struct bits *b, uint32_t v, int n)
{
	b->acc |= (uint64_t)v << b->n;
	b->n += n;
	if (b->n >= 32) {
		b->p[0] = (unsigned char)b->acc;
		b->p[1] = (unsigned char)(b->acc >> 8);
		b->p[2] = (unsigned char)(b->acc >> 16);
		b->p[3] = (unsigned char)(b->acc >> 24);
		b->p += 4;
		b->acc >>= 32;
		b->n -= 32;
	}
}

/* Writes out what waits in acc, the last byte padded with zero bits. */
static void bits_flush(struct bits *b)
{
	while (b->n > 0) {
		*b->p++ = (unsigned char)b->acc;
		b->acc >>= 8;
		b->n -= 8;
	}
	b->n = 0;
}

static uint32_t reverse(uint32_t v, int n)
{
	uint32_t r = 0;

	while (n-- > 0) {
		r = r << 1 | (v & 1);
		v >>= 1;
	}
	return r;
}

/* The fixed literal/length code of symbol s (RFC 1951 3.2.6), reversed. */
static uint32_t fixed_code(int s, int *len)
{
	if (s < 144) {
		*len = 8;
		return reverse(0x30u + (uint32_t)s, 8);
	}
	if (s < 256) {
		*len = 9;
		return reverse(0x190u + (uint32_t)(s - 144), 9);
	}
	if (s < 280) {
		*len = 7;
		return reverse((uint32_t)(s - 256), 7);
	}
	*len = 8;
	return reverse(0xc0u + (uint32_t)(s - 280), 8);
}

/* Every length 3..258 as one match of distance 1: the length code, its
 * extra bits and the distance code 0 (five zero bits) as one bit string. */
struct match_code {
	uint32_t bits;
	int n;
};

static void match_codes(struct match_code m[259])
{
	static const int base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17,
				     19, 23, 27, 31, 35, 43, 51, 59, 67, 83,
				     99, 115, 131, 163, 195, 227, 258};
	static const int extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2,
				      2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5,
				      5, 5, 0};
	int L, k = 0, cl;

	for (L = 3; L <= 258; L++) {
		uint32_t code;

		while (k < 28 && L >= base[k + 1])
			k++;
		code = fixed_code(257 + k, &cl);
		m[L].bits = code | (uint32_t)(L - base[k]) << cl;
		m[L].n = cl + extra[k] + 5;
	}
}

/* Length of the run of byte c starting at p, at most max. */
static size_t run_of(const unsigned char *p, size_t max, unsigned char c)
{
	uint64_t pat = 0x0101010101010101ull * c;
	size_t i = 0;

	while (i + 8 <= max) {
		uint64_t v;

		memcpy(&v, p + i, 8);
		v ^= pat;
		if (v) {
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			/* the first byte that differs is the lowest set one */
			return i + (size_t)__builtin_ctzll(v) / 8;
#else
			break;	/* counted one by one below */
#endif
		}
		i += 8;
	}
	while (i < max && p[i] == c)
		i++;
	return i;
}

/* Adler-32 (RFC 1950), kept as the stream is written: a run costs one
 * step, not one a byte (computing it over the filtered image apart cost as
 * much as the compression). */
#define ADLER_MOD 65521u
#define ADLER_HALF 32761u	/* 2 * ADLER_HALF % ADLER_MOD == 1 */

struct adler {
	uint32_t a, b;
};

static void adler_byte(struct adler *s, unsigned c)
{
	s->a += c;
	if (s->a >= ADLER_MOD)
		s->a -= ADLER_MOD;
	s->b += s->a;
	if (s->b >= ADLER_MOD)
		s->b -= ADLER_MOD;
}

/* r bytes c: a grows by r * c, and b by the r values a takes on the way,
 * r * a + c * r * (r + 1) / 2. */
static void adler_run(struct adler *s, unsigned c, size_t r)
{
	uint64_t rm = r % ADLER_MOD;
	uint64_t tri = rm * ((r + 1) % ADLER_MOD) % ADLER_MOD * ADLER_HALF %
		       ADLER_MOD;

	s->b = (uint32_t)((s->b + rm * s->a + c * tri) % ADLER_MOD);
	s->a = (uint32_t)((s->a + rm * c) % ADLER_MOD);
}

/* Compresses n bytes at in as a zlib stream into out, which holds at least
 * rle_bound(n) bytes; returns its length.  One fixed-Huffman block: every
 * run of three or more copies of the byte before it is a match of distance
 * 1, anything else a literal. */
static size_t rle_bound(size_t n)
{
	return n + n / 8 + 16;
}

static size_t rle_deflate(const unsigned char *in, size_t n,
			  unsigned char *out)
{
	static struct match_code m[259];
	static uint32_t lit[256];
	static int litn[256];
	static int ready;
	struct bits b = {out + 2, 0, 0};
	struct adler ad = {1, 0};
	uint32_t adler;
	size_t i = 0;

	/* the tables are the same for every call; filling them twice from
	 * two threads writes the same values, which is harmless, but keep
	 * the threads apart anyway */
	if (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE)) {
		static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
		int c;

		pthread_mutex_lock(&lock);
		if (!ready) {
			match_codes(m);
			for (c = 0; c < 256; c++)
				lit[c] = fixed_code(c, &litn[c]);
			__atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
		}
		pthread_mutex_unlock(&lock);
	}
	out[0] = 0x78;	/* deflate, 32 KiB window */
	out[1] = 0x01;	/* no dictionary, fastest; 0x7801 % 31 == 0 */
	bits_put(&b, 3, 3);	/* BFINAL, BTYPE 01: fixed codes */
	while (i < n) {
		size_t r = i ? run_of(in + i, n - i, in[i - 1]) : 0;

		if (r < 3) {
			bits_put(&b, lit[in[i]], litn[in[i]]);
			adler_byte(&ad, in[i]);
			i++;
			continue;
		}
		adler_run(&ad, in[i - 1], r);
		i += r;
		while (r > 0) {
			size_t L = r > 258 ? 258 : r;

			if (r > 258 && r - 258 < 3)
				L = r - 3;	/* leave a whole match */
			if (L < 3) {	/* only when r itself is 1 or 2 */
				bits_put(&b, lit[in[i - r]], litn[in[i - r]]);
				r--;
				continue;
			}
			bits_put(&b, m[L].bits, m[L].n);
			r -= L;
		}
	}
	bits_put(&b, 0, 7);	/* end of block: code 256 is seven zeros */
	bits_flush(&b);
	adler = ad.b << 16 | ad.a;
	b.p[0] = (unsigned char)(adler >> 24);
	b.p[1] = (unsigned char)(adler >> 16);
	b.p[2] = (unsigned char)(adler >> 8);
	b.p[3] = (unsigned char)adler;
	return (size_t)(b.p + 4 - out);
}

static void put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* Frames the n data bytes already at p + 8 as a chunk of type t; returns
 * the chunk's whole length. */
static size_t chunk(unsigned char *p, const char *t, size_t n)
{
	put32(p, (uint32_t)n);
	memcpy(p + 4, t, 4);
	put32(p + 8 + n, (uint32_t)crc32(crc32(0, NULL, 0), p + 4,
					 (uInt)(n + 4)));
	return n + 12;
}

int png_encode(const unsigned char *pixels, int width, int height,
	       int stride, struct buf *out, struct err *e)
{
	static const unsigned char sig[8] = {0x89, 'P', 'N', 'G',
					     '\r', '\n', 0x1a, '\n'};
	uint32_t pal[256];
	unsigned char *idx = NULL, *raw = NULL, *png = NULL, *row = NULL;
	unsigned char *prev = NULL;
	size_t w = (size_t)width, h = (size_t)height, rowbytes, rawlen, bound;
	size_t len, bpp, y;
	int ncol, depth, type, rc = -1;
	z_stream z;

	if (width < 1 || height < 1 || width > PNG_SIDE_MAX ||
	    height > PNG_SIDE_MAX || stride < 4 * width)
		return err_set(e, NULL, 0, 0, "cannot encode a %dx%d image",
			       width, height);
	idx = malloc(w * h);
	if (!idx)
		goto oom;
	ncol = index_pixels(pixels, width, height, stride, idx, pal);
	if (ncol <= 256) {
		type = 3;
		depth = ncol <= 2 ? 1 : ncol <= 4 ? 2 : ncol <= 16 ? 4 : 8;
		rowbytes = (w * (size_t)depth + 7) / 8;
		bpp = 1;
	} else {
		type = 2;
		depth = 8;
		rowbytes = 3 * w;
		bpp = 3;
	}
	rawlen = h * (rowbytes + 1);
	raw = malloc(rawlen);
	row = malloc(2 * rowbytes);
	if (!raw || !row)
		goto oom;
	for (y = 0; y < h; y++) {
		unsigned char *cur = row + (y & 1) * rowbytes;
		size_t x;

		if (type == 2) {
			const unsigned char *src = pixels + y * (size_t)stride;

			for (x = 0; x < w; x++) {
				uint32_t c = pixel_at(src, (int)x);

				cur[3 * x] = (unsigned char)(c >> 16);
				cur[3 * x + 1] = (unsigned char)(c >> 8);
				cur[3 * x + 2] = (unsigned char)c;
			}
		} else if (depth == 8) {
			memcpy(cur, idx + y * w, w);
		} else {
			const unsigned char *src = idx + y * w;
			int per = 8 / depth;

			memset(cur, 0, rowbytes);
			for (x = 0; x < w; x++)
				cur[x / (size_t)per] |= (unsigned char)
					(src[x] << (8 - depth *
						    (int)(x % (size_t)per + 1)));
		}
		filter_row(cur, prev, rowbytes, bpp, raw + y * (rowbytes + 1));
		prev = cur;
	}
	free(idx);
	idx = NULL;

	if (type == 3) {
		bound = rle_bound(rawlen);
	} else {
		memset(&z, 0, sizeof(z));
		if (deflateInit2(&z, ZLEVEL_RGB, Z_DEFLATED, 15, 8,
				 Z_DEFAULT_STRATEGY) != Z_OK)
			goto oom;
		bound = deflateBound(&z, (uLong)rawlen);
	}
	len = sizeof(sig) + 25 + (type == 3 ? 12 + 3 * (size_t)ncol : 0) +
	      12 + bound + 12;
	png = malloc(len);
	if (!png) {
		if (type == 2)
			deflateEnd(&z);
		goto oom;
	}
	memcpy(png, sig, sizeof(sig));
	len = sizeof(sig);
	put32(png + len + 8, (uint32_t)width);
	put32(png + len + 12, (uint32_t)height);
	png[len + 16] = (unsigned char)depth;
	png[len + 17] = (unsigned char)type;
	png[len + 18] = 0;	/* deflate */
	png[len + 19] = 0;	/* adaptive filters */
	png[len + 20] = 0;	/* no interlace */
	len += chunk(png + len, "IHDR", 13);
	if (type == 3) {
		int i;

		for (i = 0; i < ncol; i++) {
			png[len + 8 + 3 * (size_t)i] = (unsigned char)(pal[i] >> 16);
			png[len + 9 + 3 * (size_t)i] = (unsigned char)(pal[i] >> 8);
			png[len + 10 + 3 * (size_t)i] = (unsigned char)pal[i];
		}
		len += chunk(png + len, "PLTE", 3 * (size_t)ncol);
		len += chunk(png + len, "IDAT",
			     rle_deflate(raw, rawlen, png + len + 8));
	} else {
		z.next_in = raw;
		z.avail_in = (uInt)rawlen;
		z.next_out = png + len + 8;
		z.avail_out = (uInt)bound;
		if (deflate(&z, Z_FINISH) != Z_STREAM_END) {
			deflateEnd(&z);
			rc = err_set(e, NULL, 0, 0, "cannot compress image");
			goto out;
		}
		len += chunk(png + len, "IDAT", (size_t)z.total_out);
		deflateEnd(&z);
	}
	len += chunk(png + len, "IEND", 0);
	if (buf_add(out, png, len)) {
		rc = err_set(e, NULL, 0, 0, "%s", buf_oom() ?
			     "out of memory" : "image too large");
		goto out;
	}
	rc = 0;
	goto out;
oom:
	rc = err_set(e, NULL, 0, 0, "out of memory");
out:
	free(idx);
	free(raw);
	free(row);
	free(png);
	return rc;
}

/* A chart's PNG is about 10 KB; this cap only stops a runaway. */
#define PNG_FILE_MAX ((size_t)256 << 20)

int png_write_file(const unsigned char *pixels, int width, int height,
		   int stride, const char *path, struct err *e)
{
	struct buf b;
	FILE *f;
	int rc = -1;

	buf_init(&b, PNG_FILE_MAX);
	if (png_encode(pixels, width, height, stride, &b, e)) {
		snprintf(e->file, sizeof(e->file), "%s", path);
		goto out;
	}
	f = fopen(path, "wb");
	if (!f) {
		err_set(e, path, 0, 0, "cannot create: %s", strerror(errno));
		goto out;
	}
	if (fwrite(b.data, 1, b.len, f) != b.len) {
		err_set(e, path, 0, 0, "cannot write: %s", strerror(errno));
		fclose(f);
		goto out;
	}
	if (fclose(f)) {
		err_set(e, path, 0, 0, "cannot write: %s", strerror(errno));
		goto out;
	}
	rc = 0;
out:
	buf_release(&b);
	return rc;
}
