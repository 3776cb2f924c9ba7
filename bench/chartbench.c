/*
 * chartbench.c: the per-chart cost of a 12-bar, 960 px chart, over the
 * same N charts, four ways.  Prints "floor ours cairo full ours_bytes
 * cairo_bytes palette%": per chart, in milliseconds of this process's CPU
 * time (a shared machine disturbs it far less than wall time), the minimum
 * of REPEATS rounds.  floor = cairo drawing into an image surface; ours =
 * drawing + renderer/chart/png.c into memory; cairo = drawing +
 * cairo_surface_write_to_png_stream into memory; full = chart_layout +
 * chart_paint_png to a file in DIR, what a render pays for one PNG.  The
 * values come from the LCG bench/gen.py uses, so gnuplot and matplotlib
 * draw the same charts.  "err" adds error bars and three runs a bar, each
 * a dot; "split" draws the same bars as a two-factor chart, 4 clusters of
 * 3 split values with a legend, with the error bars and dots of "err".
 *
 *   chartbench N REPEATS DIR [err|split]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../renderer/chart/chart.h"
#include "../renderer/chart/png.h"
#include "../tests/unit/bars.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The generator bench/gen.py uses too: a 31-bit LCG, so that both sides
 * draw the same values without sharing files. */
static unsigned long seed = 12345;

static double rnd(void)
{
	seed = (seed * 1103515245UL + 12345UL) & 0x7fffffffUL;
	return (double)seed / 2147483648.0;
}

static cairo_status_t to_buf(void *closure, const unsigned char *data,
			     unsigned int n)
{
	return buf_add(closure, data, n) ? CAIRO_STATUS_WRITE_ERROR
					 : CAIRO_STATUS_SUCCESS;
}

int main(int argc, char **argv)
{
	static const char *const names[12] = {
		"ext2", "ext3", "ext4", "xfs", "btrfs", "jfs", "reiserfs",
		"f2fs", "nilfs2", "zfs", "bcachefs", "tmpfs"};
	int n = argc > 1 ? (int)strtol(argv[1], NULL, 10) : 500;
	int reps = argc > 2 ? (int)strtol(argv[2], NULL, 10) : 3, i, k, r;
	int npal = 0;
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc((size_t)n + 1, sizeof(*l));
	char title[64];
	double best[4] = {1e9, 1e9, 1e9, 1e9};
	size_t bytes[2] = {0, 0};
	struct err e;
	struct buf b;
	int split = argc > 4 && strcmp(argv[4], "split") == 0;
	int errbars = split || (argc > 4 && strcmp(argv[4], "err") == 0);
	static const char *const clusters[4] = {"ext4", "xfs", "btrfs", "zfs"};
	static const char *const values[3] = {"4.1.10 default", "4.1.10 tuned",
					      "5.0 default"};
	static double runs[12][3];
	const char *dir = argc > 3 ? argv[3] : "/tmp";
	char path[4096];

	if (n < 1 || reps < 1 || !c || !l)
		return 2;
	err_clear(&e);
	for (i = 0; i < n; i++) {
		snprintf(title, sizeof(title), "Chart %d: throughput", i + 1);
		bars_init(c, title, "rate (MB/s), higher is better", "MB/s", 12,
			  names);
		for (k = 0; k < 12; k++) {
			c->bar[k].value = (double)(int)(100 + 900 * rnd());
			c->bar[k].color = k % 8;
			if (errbars) {
				c->bar[k].n = 3;
				c->bar[k].err_lo = c->bar[k].value * (0.9 + 0.05 * rnd());
				c->bar[k].err_hi = c->bar[k].value * (1.05 + 0.05 * rnd());
				/* three runs inside the interval, from the
				 * figures above: the generator's sequence
				 * (and so the bars) stays that of gen.py */
				runs[k][0] = c->bar[k].err_lo * 1.01;
				runs[k][1] = c->bar[k].value;
				runs[k][2] = c->bar[k].err_hi * 0.99;
				c->bar[k].runs = runs[k];
			}
			if (split) {
				c->bar[k].label = values[k % 3];
				c->bar[k].cluster = clusters[k / 3];
				c->bar[k].color = k % 3;
			}
		}
		c->nlegend = split ? 3 : 0;
		c->legend_title = split ? "mysql, settings" : NULL;
		for (k = 0; k < c->nlegend; k++) {
			c->legend[k].text = values[k];
			c->legend[k].color = k;
		}
		if (chart_layout(c, NULL, NULL, &l[i], &e)) {
			fprintf(stderr, "chartbench: %s\n", e.msg);
			return 1;
		}
	}
	buf_init(&b, (size_t)1 << 26);
	for (r = 0; r < reps; r++) {
		for (k = 0; k < 4; k++) {
			double t0 = now();

			for (i = 0; i < n; i++) {
				cairo_surface_t *s;

				if (k == 3) {	/* c still holds the last chart */
					snprintf(path, sizeof(path), "%s/c%d.png",
						 dir, i);
					if (chart_layout(c, NULL, NULL, &l[n], &e) ||
					    chart_paint_png(&l[n], 1, path, &e)) {
						fprintf(stderr, "chartbench: %s\n",
							e.msg);
						return 1;
					}
					continue;
				}
				s = chart_draw(&l[i], 1, &e);
				if (!s)
					return 1;
				buf_reset(&b);
				if (k == 1 &&
				    png_encode(cairo_image_surface_get_data(s),
					       cairo_image_surface_get_width(s),
					       cairo_image_surface_get_height(s),
					       cairo_image_surface_get_stride(s),
					       &b, &e))
					return 1;
				if (k == 2 && cairo_surface_write_to_png_stream(
						      s, to_buf, &b))
					return 1;
				if (r == 0 && (k == 1 || k == 2))
					bytes[k - 1] += b.len;
				if (r == 0 && k == 1 && b.data[25] == 3)
					npal++;
				cairo_surface_destroy(s);
			}
			t0 = (now() - t0) / n * 1e3;
			if (t0 < best[k])
				best[k] = t0;
		}
	}
	printf("%.4f %.4f %.4f %.4f %zu %zu %d\n", best[0], best[1], best[2],
	       best[3], bytes[0] / (size_t)n, bytes[1] / (size_t)n,
	       npal * 100 / n);
	buf_release(&b);
	free(l);
	free(c);
	return 0;
}
