/*
 * test_chart.c: chart layouts checked as numbers (with a fixed-width
 * measure, so no font is involved), and one painted PNG checked for its
 * size and for not being blank.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../renderer/chart/chart.h"
#include "../../renderer/chart/linechart.h"
#include "../../renderer/chart/sweepchart.h"
#include "bars.h"
#include "tap.h"

/* 7 pixels per byte: a stand-in font with known widths. */
static double fixed(void *ctx, const char *s)
{
	(void)ctx;
	return 7.0 * (double)strlen(s);
}

static void test_nice(void)
{
	CHECK(chart_nice_step(268, 5) == 100, "nice step for 268 is 100");
	CHECK(chart_nice_step(1773, 5) == 500, "nice step for 1773 is 500");
	CHECK(chart_nice_step(0.9, 5) == 0.2, "nice step for 0.9 is 0.2");
	CHECK(chart_nice_step(0, 5) == 1, "nice step for 0 is 1");
}

static void atis(struct chart *c)
{
	static const char *const label[12] = {
		"ext2_defaults", "ext3_data=ordered", "ext3_data=ordered,extents",
		"ext3_data=ordered,mballoc,delalloc,extents",
		"ext3_data=ordered,mballoc,extents", "ext3_data=writeback",
		"ext3_data=writeback,extents",
		"ext3_data=writeback,mballoc,delalloc,extents",
		"ext3_data=writeback,mballoc,extents", "jfs_defaults",
		"reiserfs_defaults", "xfs_defaults",
	};
	static const double v[12] = {124, 125, 125, 125, 125, 125, 125, 126,
				     126, 268, 124, 198};
	int i;

	memset(c, 0, sizeof(*c));
	bars_init(c, "ATIS: total_time", "total_time (s), lower is better", "s",
		  12, label);
	for (i = 0; i < 12; i++) {
		c->bar[i].value = v[i];
		c->bar[i].best = v[i] == 124;
	}
}

static void test_layout(void)
{
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc(1, sizeof(*l));
	struct err e;
	double unit;
	int i, widest = 0;

	atis(c);
	err_clear(&e);
	CHECK(chart_layout(c, fixed, NULL, l, &e) == 0, "layout of the ATIS chart");
	CHECK(l->axis_max == 300, "ATIS axis ends at 300");
	CHECK(l->nticks == 4 && l->tick[3] == 300, "ATIS ticks 0 100 200 300");
	CHECK_STR(l->tick_text[1], "100", "tick text 100");
	unit = l->plot.w / 300;
	CHECK(fabs(l->bar[9].w - 268 * unit) < 1e-9,
	      "jfs bar is 268/300 of the plot");
	CHECK(fabs(l->bar[0].w / l->bar[9].w - 124.0 / 268) < 1e-12,
	      "bar lengths are proportional to values");
	CHECK_STR(l->value_text[0], "124 s  (best)", "best bar says best in text");
	CHECK_STR(l->value_text[9], "268 s", "value text carries the unit");
	for (i = 0; i < 12; i++) {
		if (fixed(NULL, l->label[i]) > fixed(NULL, l->label[widest]))
			widest = i;
		CHECK(l->bar[i].y + l->bar[i].h <= l->plot.y + l->plot.h + 1e-9 &&
		      (i == 0 || l->bar[i].y >= l->bar[i - 1].y + l->bar[i - 1].h),
		      "bars stacked without overlap");
	}
	CHECK(l->plot.x >= 12 + fixed(NULL, l->label[widest]),
	      "plot starts right of the widest label");
	CHECK(l->plot.x + l->plot.w + fixed(NULL, "124 s  (best)") <= 960,
	      "value texts fit in the width");
	/* a label too long for 35% of the width is shortened with an ellipsis */
	c->bar[3].label = "a-very-long-configuration-name-that-goes-on-and-on-"
			  "and-on-and-on-and-on-and-on-and-on-and-on-forever";
	CHECK(chart_layout(c, fixed, NULL, l, &e) == 0, "layout with a long label");
	CHECK(fixed(NULL, l->label[3]) <= 960 * 0.35 &&
	      strstr(l->label[3], "\xe2\x80\xa6") != NULL,
	      "long label shortened with an ellipsis");
	/* a broken UTF-8 label never reaches cairo broken: each bad byte
	 * shows as U+FFFD (never cut before them), and so do
	 * the noncharacters and controls cairo and SVG refuse */
	c->bar[4].label = "bad\xff\xfelabel";
	CHECK(chart_layout(c, fixed, NULL, l, &e) == 0 &&
	      strcmp(l->label[4], "bad\xef\xbf\xbd\xef\xbf\xbdlabel") == 0,
	      "invalid UTF-8 shown as U+FFFD before cairo");
	c->bar[4].label = "L\xef\xbf\xbeX\x1b[2J";
	CHECK(chart_layout(c, fixed, NULL, l, &e) == 0 &&
	      strcmp(l->label[4], "L\xef\xbf\xbdX\xef\xbf\xbd[2J") == 0,
	      "U+FFFE and ESC shown as U+FFFD before cairo");
	/* too fast: no bar, a text */
	c->bar[5].has_value = 0;
	c->bar[5].status = "too-fast";
	CHECK(chart_layout(c, fixed, NULL, l, &e) == 0 && l->bar[5].w == 0 &&
	      strcmp(l->value_text[5], "too fast to measure") == 0,
	      "a too-fast group has no bar and says so");
	c->nbars = 0;
	CHECK(chart_layout(c, fixed, NULL, l, &e) < 0, "a chart with no bar is refused");
	free(c);
	free(l);
}

/* A tick text people can read: at most 8 characters, none a digit run
 * longer than 7. */
static int readable(const char *t)
{
	size_t run = 0, i;

	if (strlen(t) > 8)
		return 0;
	for (i = 0; t[i]; i++) {
		run = t[i] >= '0' && t[i] <= '9' ? run + 1 : 0;
		if (run > 7)
			return 0;
	}
	return 1;
}

/* The value a tick text says, its k, M, G or T read as people read them
 * (docs/units.md). */
static double tick_value(const char *t)
{
	char *end;
	double v = strtod(t, &end);

	switch (*end) {
	case 'k':
		return v * 1e3;
	case 'M':
		return v * 1e6;
	case 'G':
		return v * 1e9;
	case 'T':
		return v * 1e12;
	default:
		return v;
	}
}

/* 1 when the layout's tick texts are readable, pairwise distinct, and
 * each reads back as its tick's value (within a millionth of the axis). */
static int ticks_ok(const struct chart_layout *l, char *why, size_t cap)
{
	double span = l->axis_max - l->axis_min;
	int i, j;

	if (l->nticks < 2) {
		snprintf(why, cap, "%d ticks", l->nticks);
		return 0;
	}
	for (i = 0; i < l->nticks; i++) {
		if (!readable(l->tick_text[i]) ||
		    fabs(tick_value(l->tick_text[i]) - l->tick[i]) > span * 1e-6) {
			snprintf(why, cap, "tick '%s' for %g", l->tick_text[i],
				 l->tick[i]);
			return 0;
		}
		for (j = 0; j < i; j++)
			if (strcmp(l->tick_text[i], l->tick_text[j]) == 0) {
				snprintf(why, cap, "two ticks read '%s'",
					 l->tick_text[i]);
				return 0;
			}
	}
	return 1;
}

static void three(struct chart *c, double a, double b, double d)
{
	memset(c, 0, sizeof(*c));
	c->title = "t: m";
	c->axis = "m, higher is better";
	c->width = 960;
	c->nbars = 3;
	c->bar[0].label = "a";
	c->bar[1].label = "b";
	c->bar[2].label = "c";
	c->bar[0].value = a;
	c->bar[1].value = b;
	c->bar[2].value = d;
	c->bar[0].has_value = c->bar[1].has_value = c->bar[2].has_value = 1;
}

/* three's chart laid out into l: chart_layout's answer */
static int laid_three(struct chart *c, struct chart_layout *l, double a,
		      double b, double d)
{
	struct err e;

	err_clear(&e);
	three(c, a, b, d);
	return chart_layout(c, fixed, NULL, l, &e);
}

/* Ticks and figures readable at every magnitude. */
static void test_magnitudes(void)
{
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc(1, sizeof(*l));
	struct chart_layout *old = calloc(1, sizeof(*old));
	char why[120], what[200], fig[32];
	struct err e;
	double max;
	int bad = 0, n = 0, i;

	err_clear(&e);
	/* ticks an axis must never show (a 31-digit tick, ticks all 0): the checks
	 * below refuse them (negative controls) */
	CHECK(!readable("4999999999999999843168305395898"),
	      "control: a 31-digit tick is not readable");
	old->nticks = 3;
	old->axis_max = 1e-9;
	old->tick[1] = 5e-10;
	old->tick[2] = 1e-9;
	snprintf(old->tick_text[0], 32, "0");
	snprintf(old->tick_text[1], 32, "0");
	snprintf(old->tick_text[2], 32, "0");
	CHECK(!ticks_ok(old, why, sizeof(why)),
	      "control: a row of ticks that all read 0 is refused");

	CHECK(laid_three(c, l, 1e35, 5e34, 2e34) == 0 &&
	      ticks_ok(l, why, sizeof(why)), "1e35: ticks readable and distinct");
	CHECK_STR(l->tick_text[1], "2e34", "1e35: the second tick reads 2e34");
	CHECK_STR(l->value_text[0], "1e35", "1e35: the bar says 1e35");
	CHECK(laid_three(c, l, 1e-9, 2.5e-9, 7e-10) == 0 &&
	      ticks_ok(l, why, sizeof(why)), "1e-9: ticks readable and distinct");
	CHECK_STR(l->tick_text[1], "5e-10", "1e-9: the second tick reads 5e-10");
	CHECK_STR(l->value_text[1], "2.5e-9", "1e-9: the bar says 2.5e-9");
	/* ticks as people write them, not 2e5 4e5 ... 1e6 */
	CHECK(laid_three(c, l, 1e6, 5e5, 2e5) == 0 &&
	      ticks_ok(l, why, sizeof(why)) &&
	      strcmp(l->tick_text[1], "200k") == 0 &&
	      strcmp(l->tick_text[l->nticks - 1], "1M") == 0,
	      "1e6: ticks 0, 200k ... 1M");
	CHECK(laid_three(c, l, 1.1e7, 5e6, 2e6) == 0 &&
	      ticks_ok(l, why, sizeof(why)) && !strchr(l->tick_text[1], 'e') &&
	      l->tick_text[1][strlen(l->tick_text[1]) - 1] == 'M',
	      "1.1e7: ticks in M, no exponent");
	/* no two tick texts touch, on a phone either ("6000 800010000") */
	for (i = 0; i < 2; i++) {
		int k, touch = 0;

		three(c, 10000, 5000, 2000);
		CHECK(!(i ? chart_layout_narrow(c, fixed, NULL, l, &e) :
			    chart_layout(c, fixed, NULL, l, &e)), "laid out");
		for (k = 1; k < l->nticks; k++)
			touch |= l->tick_x[k] - l->tick_x[k - 1] <
				 (fixed(NULL, l->tick_text[k]) +
				  fixed(NULL, l->tick_text[k - 1])) / 2;
		CHECK(!touch && l->nticks >= 2, i ? "narrow: no two tick texts "
		      "touch" : "wide: no two tick texts touch");
	}
	/* the axis title lies inside the chart, narrow ones included
	 * ("ueries_per_sec (/s)" was cut at the left) */
	for (i = 0; i < 2; i++) {
		double aw;

		three(c, 516.1, 49.8, 28);
		c->axis = "queries_per_sec (/s), higher is better, and a long "
			  "tail of words that no phone has room for";
		CHECK(!(i ? chart_layout_narrow(c, fixed, NULL, l, &e) :
			    chart_layout(c, fixed, NULL, l, &e)), "laid out");
		aw = fixed(NULL, l->axis);
		CHECK(l->axis_x - aw / 2 >= 0 && l->axis_x + aw / 2 <= l->width,
		      i ? "narrow: the axis title lies inside the chart" :
			  "wide: the axis title lies inside the chart");
	}
	/* the seed's magnitudes stay as they were */
	CHECK(laid_three(c, l, 268, 124, 198) == 0 && l->nticks == 4 &&
	      strcmp(l->tick_text[3], "300") == 0 &&
	      strcmp(l->value_text[0], "268") == 0, "268: ticks 0..300, bar 268");
	CHECK(laid_three(c, l, 0.9, 0.25, 0.5) == 0 &&
	      strcmp(l->tick_text[1], "0.2") == 0 &&
	      strcmp(l->value_text[1], "0.25") == 0, "0.9: ticks 0.2 apart, bar 0.25");
	/* every magnitude from 1e-15 to 1e38, positive, negative, mixed */
	for (max = 1e-15; max < 1e38; max *= 3.7) {
		static const double f[][3] = {
			{1, 1.0 / 3, 1.0 / 7}, {-1, -1.0 / 3, -0.5},
			{1, -0.6, 0.2}, {1, 0.999, 0.998},
		};
		int k;

		for (k = 0; k < 4; k++) {
			three(c, max * f[k][0], max * f[k][1], max * f[k][2]);
			n++;
			if (chart_layout(c, fixed, NULL, l, &e) != 0) {
				bad++;
				printf("# %g: %s\n", max, e.msg);
				continue;
			}
			if (!ticks_ok(l, why, sizeof(why))) {
				bad++;
				printf("# %g (%d): %s\n", max, k, why);
			}
			for (i = 0; i < 3; i++) {
				chart_figure_text(c->bar[i].value, fig);
				if (strlen(fig) > 10 ||
				    fabs(strtod(fig, NULL) - c->bar[i].value) >
					    fabs(c->bar[i].value) * 0.005) {
					bad++;
					printf("# figure '%s' for %g\n", fig,
					       c->bar[i].value);
				}
			}
		}
	}
	snprintf(what, sizeof(what), "%d charts from 1e-15 to 1e38, positive, "
		 "negative and mixed: every tick readable, distinct and true, "
		 "every figure at most 10 characters and within 0.5%%", n);
	CHECK(bad == 0 && n > 200, what);
	free(c);
	free(l);
	free(old);
}

/* Negative figures: bars from 0 to the left, the axis across 0. */
static void test_negative(void)
{
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc(1, sizeof(*l));
	double unit;

	CHECK(laid_three(c, l, -5, 3, 1) == 0 && l->axis_min == -6 &&
	      l->axis_max == 4, "-5, 3, 1: the axis runs from -6 to 4");
	unit = l->plot.w / 10;
	CHECK(fabs(l->zero_x - (l->plot.x + 6 * unit)) < 1e-9,
	      "0 is 6/10 along the axis");
	CHECK(fabs(l->bar[0].w - 5 * unit) < 1e-9 &&
	      fabs(l->bar[0].x + l->bar[0].w - l->zero_x) < 1e-9,
	      "the -5 bar runs 5 units left from 0 (it used to have no bar)");
	CHECK(fabs(l->bar[1].x - l->zero_x) < 1e-9 &&
	      fabs(l->bar[1].w - 3 * unit) < 1e-9, "the 3 bar runs right from 0");
	CHECK(l->value_x[0] > l->zero_x && strcmp(l->value_text[0], "-5") == 0,
	      "the -5 bar's figure is right of 0, in its empty half-row");
	CHECK(l->nticks == 6 && strcmp(l->tick_text[0], "-6") == 0 &&
	      strcmp(l->tick_text[3], "0") == 0 &&
	      fabs(l->tick_x[3] - l->zero_x) < 1e-9, "ticks -6 -4 -2 0 2 4");
	CHECK(laid_three(c, l, -10, -20, -15) == 0 && l->axis_max == 0 &&
	      l->axis_min == -20 &&
	      fabs(l->zero_x - (l->plot.x + l->plot.w)) < 1e-9 &&
	      fabs(l->bar[1].x - l->plot.x) < 1e-9,
	      "all negative: the axis ends at 0, the -20 bar fills the plot");
	CHECK(laid_three(c, l, 268, 124, 198) == 0 && l->axis_min == 0 &&
	      l->zero_x == l->plot.x && l->bar[0].x == l->plot.x,
	      "all positive: the axis starts at 0, as before");
	free(c);
	free(l);
}

/* A note under the title: its own line, the plot below it. */
static void test_note(void)
{
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc(1, sizeof(*l));
	struct err e;
	double y;

	err_clear(&e);
	CHECK(laid_three(c, l, 3, 2, 1) == 0 && l->note[0] == 0,
	      "no note: none in the layout");
	y = l->plot.y;
	c->note = "3 of 2000 groups shown";
	CHECK(chart_layout(c, fixed, NULL, l, &e) == 0 &&
	      strcmp(l->note, "3 of 2000 groups shown") == 0 && l->plot.y > y,
	      "a note gets its own line above the plot");
	free(c);
	free(l);
}

static void test_paint(void)
{
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc(1, sizeof(*l));
	char path[] = "/tmp/benchsite-chart-XXXXXX";
	cairo_surface_t *s;
	struct err e;
	int fd = mkstemp(path), x, y, coloured = 0, stride;
	unsigned char *px;

	atis(c);
	err_clear(&e);
	close(fd);
	unlink(path);
	CHECK(chart_layout(c, NULL, NULL, l, &e) == 0 &&
	      chart_paint_png(l, 1, path, &e) == 0, "paint the ATIS chart");
	s = cairo_image_surface_create_from_png(path);
	CHECK(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "the PNG reads back");
	CHECK(cairo_image_surface_get_width(s) == 960 &&
	      cairo_image_surface_get_height(s) == l->height, "PNG has the layout's size");
	px = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	/* the jfs bar's middle is painted in its palette colour, not white */
	y = (int)(l->bar[9].y + l->bar[9].h / 2);
	x = (int)(l->bar[9].x + l->bar[9].w / 2);
	CHECK(px && memcmp(px + y * stride + 4 * x, "\xff\xff\xff", 3) != 0,
	      "the jfs bar is painted");
	for (y = 0; px && y < cairo_image_surface_get_height(s); y += 3)
		for (x = 0; x < 960; x += 3)
			if (memcmp(px + y * stride + 4 * x, "\xff\xff\xff", 3))
				coloured++;
	CHECK(coloured > 2000, "the chart is not blank");
	cairo_surface_destroy(s);
	unlink(path);
	free(c);
	free(l);
}

/* A series streamed in keeps every point up to LINE_POINTS_MAX, then the
 * points at multiples of a power of two, evenly, never more than the cap,
 * never fewer than half of it; the maxima are of every point. */
static void test_line_series(void)
{
	static const long sizes[] = {1, 4096, 4097, 10000, 1000000};
	struct line_series *s = malloc(sizeof(*s));
	size_t k;

	for (k = 0; s && k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		long n = sizes[k], i;
		int even = 1;
		char what[120];

		line_series_init(s);
		for (i = 0; i < n; i++)	/* t = the index, a peak at n/3 */
			line_series_add(s, (double)i, i == n / 3 ? 1e6 : 1.0);
		for (i = 0; i < s->kept; i++)
			even = even && s->t[i] == (double)(i * s->every);
		snprintf(what, sizeof(what), "%ld points: %d kept, every %ld-th, "
			 "evenly from the first", n, s->kept, s->every);
		CHECK(s->n == n && even && s->kept <= LINE_POINTS_MAX &&
		      (n <= LINE_POINTS_MAX ? s->kept == n && s->every == 1 :
		       s->kept >= LINE_POINTS_MAX / 2 &&
		       (s->kept - 1) * s->every < n &&
		       s->kept * s->every >= n), what);
		snprintf(what, sizeof(what), "%ld points: the maxima are of every "
			 "point, kept or not", n);
		CHECK(s->t_max == (double)(n - 1) && s->v_max == 1e6, what);
	}
	free(s);
}

/* The narrow layout: a phone's 360 px, each label on its own line above
 * its bar at the left margin, every text inside the chart. */
static void test_narrow(void)
{
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc(1, sizeof(*l));
	struct err e;
	int i, inside = 1, above = 1, apart = 1;

	atis(c);
	err_clear(&e);
	CHECK(chart_layout_narrow(c, fixed, NULL, l, &e) == 0 &&
		      l->width == CHART_NARROW_WIDTH && l->narrow,
	      "the ATIS chart lays out narrow at 360 px");
	for (i = 0; i < 12; i++) {
		if (l->label_x[i] + fixed(NULL, l->label[i]) > l->width - 12 ||
		    l->value_x[i] + fixed(NULL, l->value_text[i]) > l->width)
			inside = 0;
		/* the label's line (13 px text, baseline 5 px above the
		 * bar) clears the bar above */
		if (l->label_x[i] != 12 ||
		    (i > 0 && l->bar[i].y - 5 - 13 < l->bar[i - 1].y +
							 l->bar[i - 1].h))
			above = 0;
		if (i > 0 && l->bar[i].y < l->bar[i - 1].y + l->bar[i - 1].h)
			apart = 0;
	}
	CHECK(inside, "narrow: every label and figure fits the 360 px");
	CHECK(above, "narrow: each label at the left margin, on a line of its "
		     "own above its bar");
	CHECK(apart && l->plot.x == 12 &&
		      l->bar[11].y + l->bar[11].h <= l->plot.y + l->plot.h + 1e-9,
	      "narrow: the bars take the width the labels took, stacked in "
	      "the plot");
	CHECK_STR(l->label[3], "ext3_data=ordered,mballoc,delalloc,extents",
		  "narrow: a long label is whole (the chart's width is its)");
	c->bar[0].value = 123456789.123;
	c->bar[0].label = "a";
	c->unit = "furlongs per fortnight";
	CHECK(chart_layout_narrow(c, fixed, NULL, l, &e) == 0 &&
		      l->width > CHART_NARROW_WIDTH,
	      "narrow: figures too long for 360 px get a wider chart");
	free(c);
	free(l);
}

/* The line charts' narrow layouts, measured in the font they are drawn
 * in: every text within the chart's 360 px, a long name shortened with an
 * ellipsis, the x labels inside. */
static void test_line_narrow(void)
{
	static const char *const xt[] = {"1", "2", "4", "8"};
	static const char *const long_name =
		"build-c-with-a-name-longer-than-a-phone-legend-has-room-for";
	struct sweep_chart *c = calloc(1, sizeof(*c));
	struct sweep_layout *l = calloc(1, sizeof(*l));
	struct line_series *s = malloc(sizeof(*s));
	struct line_layout *ll = calloc(1, sizeof(*ll));
	struct chart_font f, bold;
	struct err e;
	int i, k, inside = 1, cut = 0;

	if (!c || !l || !s || !ll || chart_font_open(&f, 12, 0, &e) ||
	    chart_font_open(&bold, 14, 1, &e)) {
		CHECK(0, "sweep narrow: memory and fonts");
		return;
	}
	c->title = "memory: operations_per_second_as_the_benchmark_reports_"
		   "them over threads";
	c->axis_x = "threads";
	c->axis_y = "operations_per_second_as_the_benchmark_reports_them "
		    "(/s), higher is better";
	c->nx = 4;
	c->nseries = 2;
	for (k = 0; k < 4; k++) {
		c->x[k] = 1 << k;
		c->x_text[k] = xt[k];
	}
	c->s[0].name = "build-a";
	c->s[1].name = long_name;
	c->s[1].color = 1;
	for (i = 0; i < 2; i++)
		for (k = 0; k < 4; k++) {
			c->s[i].p[k].has = 1;
			c->s[i].p[k].y = (i + 1) * (k + 1) * 1e6;
		}
	CHECK(sweep_layout_narrow(c, l, &e) == 0 && l->width == 360,
	      "sweep narrow: laid out 360 px wide");
	inside = 12 + chart_font_measure(&bold, l->title) <= l->width;
	for (i = 0; i < l->nseries; i++)
		inside &= l->name_x[i] + 18 +
			  chart_font_measure(&f, l->name[i]) <= l->width;
	for (k = 0; k < l->nxt; k++)
		inside &= l->xt_left[k] >= 0 && l->xt_left[k] +
			  chart_font_measure(&f, l->xt_text[k]) <= l->width;
	inside &= chart_font_measure(&f, l->axis_y) <= l->plot_h;
	CHECK(inside, "sweep narrow: title, legend, x labels and y title "
	      "within the chart");
	cut = strcmp(l->name[1], long_name) != 0 &&
	      strstr(l->name[1], "\xe2\x80\xa6") != NULL &&
	      strncmp(l->name[1], "build-c-", 8) == 0;
	CHECK(cut, "sweep narrow: a long name ends in an ellipsis");
	CHECK(strstr(l->axis_y, "(/s), higher is better") != NULL,
	      "sweep narrow: the y title keeps its unit and direction");
	CHECK(strcmp(l->axis_x, "threads (log 2 scale)") == 0 &&
	      l->nxt == 4, "sweep narrow: log 2 axis, every setting labelled");
	line_series_init(s);
	for (k = 0; k <= 3600; k++)
		line_series_add(s, k, 1000 + k % 7);
	CHECK(line_layout_many((const struct line_series *const *)&s, 1,
			       c->title, c->axis_y, CHART_NARROW_WIDTH, ll,
			       &e) == 0, "line narrow: laid out");
	inside = 12 + chart_font_measure(&bold, ll->title) <= ll->width &&
		 12 + chart_font_measure(&f, ll->axis_y) <= ll->width &&
		 ll->nxt <= 6;
	for (k = 0; k < ll->nxt; k++)
		inside &= ll->xt_left[k] >= 0 && ll->xt_left[k] +
			  chart_font_measure(&f, ll->xt_text[k]) <= ll->width;
	CHECK(inside, "line narrow: title, y title and time labels within "
	      "360 px, at most 6 time labels");
	chart_font_close(&f, NULL);
	chart_font_close(&bold, NULL);
	free(c);
	free(l);
	free(s);
	free(ll);
}

/* Adds to cr the SVG path data d as line_paint_many_svg writes it (the
 * absolute M, L, H, V and Z, the relative h, numbers after a command or a
 * space): 0, or
 * -1 at anything else, so a form this reader does not know fails the
 * check rather than passing it. */
static int svg_path_to_cairo(cairo_t *cr, const char *d)
{
	double x = 0, y = 0, v;
	char *end;

	while (*d && *d != '"') {
		char c = *d++;

		switch (c) {
		case 'M':
		case 'L':
			x = strtod(d, &end);
			if (end == d || *end != ' ')
				return -1;
			d = end + 1;
			y = strtod(d, &end);
			if (end == d)
				return -1;
			d = end;
			if (c == 'M')
				cairo_move_to(cr, x, y);
			else
				cairo_line_to(cr, x, y);
			break;
		case 'H':
		case 'V':
		case 'h':
			v = strtod(d, &end);
			if (end == d)
				return -1;
			d = end;
			if (c == 'h')
				x += v;
			else
				*(c == 'H' ? &x : &y) = v;
			cairo_line_to(cr, x, y);
			break;
		case 'Z':
			cairo_close_path(cr);
			break;
		case ' ':
			break;
		default:
			return -1;
		}
	}
	return 0;
}

/* The rows of column x, between y0 and y1, inked (darker than the grid)
 * on s: the first and the last in *top and *bot; 0 when none is. */
static int inked(cairo_surface_t *s, int x, int y0, int y1, int *top,
		 int *bot)
{
	const unsigned char *px = cairo_image_surface_get_data(s);
	int y, stride = cairo_image_surface_get_stride(s), any = 0;

	for (y = y0; y < y1; y++) {
		const unsigned char *p = px + y * stride + 4 * x;

		if (p[0] + p[1] + p[2] < 3 * 200) {
			if (!any)
				*top = y;
			*bot = y;
			any = 1;
		}
	}
	return any;
}

/* A dense series (an hour of reports a second: noise, a climb, a stall
 * to zero for one report, a cliff) is drawn as a band whose SVG outline,
 * filled, inks column by column where cairo stroking the line's every
 * segment inks: the same top and bottom row within a pixel in every
 * column of the plot. */
static void test_line_band(void)
{
	struct line_series *s = malloc(sizeof(*s));
	struct line_layout *l = calloc(1, sizeof(*l));
	cairo_surface_t *got = NULL, *want;
	const char *d;
	struct buf b;
	struct err e;
	cairo_t *cr;
	int k, x, bad = 0, near = 0, cols = 0, worst = 0, parsed = 0;

	if (!s || !l) {
		CHECK(0, "line band: memory");
		free(s);
		free(l);
		return;
	}
	err_clear(&e);
	line_series_init(s);
	for (k = 0; k < 3600; k++) {
		double v = k < 300 ? k * 4.0 : 1200 + (k * 7919 % 97) - 48;

		if (k == 1800)
			v = 0;	/* one report of a stall */
		if (k >= 3000)
			v = 400 + (k * 31 % 17);	/* after a cliff */
		line_series_add(s, k, v);
	}
	buf_init(&b, 1 << 20);
	CHECK(line_layout_many((const struct line_series *const *)&s, 1, "t",
			       "v", 960, l, &e) == 0 &&
	      line_paint_many_svg(l, (const struct line_series *const *)&s, 1,
				  -1, &b, &e) == 0 && buf_addc(&b, '\0') == 0,
	      "line band: a dense series drawn");
	/* the frame draws no path: the first is the series' band */
	d = b.data ? strstr(b.data, "<path d=\"") : NULL;
	CHECK(d && strstr(d, "stroke=\"none\"") &&
	      strstr(d, "stroke=\"none\"") < strchr(d, '>'),
	      "line band: a band (filled, not stroked)");
	want = cairo_image_surface_create(CAIRO_FORMAT_RGB24, l->width,
					  l->height);
	cr = cairo_create(want);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0x40 / 255.0, 0x40 / 255.0, 0x40 / 255.0);
	cairo_set_line_width(cr, 1);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (k = 0; k < s->kept; k++) {
		double px = l->plot_x + s->t[k] / l->x_max * l->plot_w;
		double py = l->plot_y + l->plot_h - s->v[k] / l->y_max *
			    l->plot_h;

		if (k == 0)
			cairo_move_to(cr, px, py);
		else
			cairo_line_to(cr, px, py);
	}
	cairo_stroke(cr);
	cairo_destroy(cr);
	cairo_surface_flush(want);
	if (d) {
		got = cairo_image_surface_create(CAIRO_FORMAT_RGB24, l->width,
						 l->height);
		cr = cairo_create(got);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		cairo_set_source_rgb(cr, 0x40 / 255.0, 0x40 / 255.0,
				     0x40 / 255.0);
		parsed = svg_path_to_cairo(cr, d + strlen("<path d=\"")) == 0;
		cairo_fill(cr);
		cairo_destroy(cr);
		cairo_surface_flush(got);
	}
	CHECK(parsed, "line band: the outline reads back");
	for (x = (int)l->plot_x + 1; parsed &&
	     x < (int)(l->plot_x + l->plot_w) - 1; x++) {
		int t0, b0, t1, b1, a = inked(got, x, (int)l->plot_y - 2,
					      (int)(l->plot_y + l->plot_h) - 1,
					      &t0, &b0);
		int w = inked(want, x, (int)l->plot_y - 2,
			      (int)(l->plot_y + l->plot_h) - 1, &t1, &b1);

		if (a != w) {
			bad++;
			continue;
		}
		if (!a)
			continue;
		cols++;
		k = abs(t0 - t1) > abs(b0 - b1) ? abs(t0 - t1) : abs(b0 - b1);
		worst = k > worst ? k : worst;
		if (k > 3)
			bad++;
		else if (k > 1)
			near++;
	}
	{
		char what[200];

		snprintf(what, sizeof(what), "line band: %d columns inked as "
			 "the stroked line inks them, within 3 px (%d more "
			 "than 1 px off), %d not (worst %d px)", cols, near,
			 bad, worst);
		CHECK(cols > 700 && bad == 0 && near * 10 < cols, what);
	}
	if (got)
		cairo_surface_destroy(got);
	cairo_surface_destroy(want);
	buf_release(&b);
	free(s);
	free(l);
}

void test_chart(void)
{
	test_nice();
	test_layout();
	test_magnitudes();
	test_negative();
	test_note();
	test_paint();
	test_line_series();
	test_narrow();
	test_line_narrow();
	test_line_band();
}
