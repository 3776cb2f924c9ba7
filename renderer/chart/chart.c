/*
 * chart.c: see chart.h.
 *
 * Horizontal bars, because benchmark labels are long
 * ("ext3_data=writeback,mballoc,delalloc,extents").  The colours
 * (chart_scheme.c) stay apart for colour-blind readers; colour is never the
 * only mark: the best bar says "best" in its value text.  Painting draws
 * exactly what the layout says and checks cairo's sticky status once.
 */
#include "chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "../../core/err.h"
#include "../../core/text.h"
#include "../../core/textrule.h"
#include "png.h"
#include "../../analysis/units.h"
#include "paint.h"

#define FONT "DejaVu Sans"
#define FONT_SIZE 13.0
#define TITLE_SIZE 15.0
#define TITLE_WIDER 1.35	/* bold 15 px DejaVu Sans over regular 13 px,
				 * at most, for a caller's measure */
#define MARGIN 12.0
#define TITLE_H 30.0
#define BAR_H 22.0
#define BAR_GAP 8.0
#define AXIS_H 44.0
#define NOTE_H 22.0	/* the note's line, between title and plot */
#define LABEL_SHARE 0.35	/* of the width, at most, for labels */
#define MIN_PLOT 120.0

struct cairo_measure {
	cairo_t *cr;	/* the body's font */
	cairo_t *title;	/* the title's: larger and bold */
};

static double measure_cairo(void *ctx, const char *s)
{
	cairo_text_extents_t ext;

	cairo_text_extents(((struct cairo_measure *)ctx)->cr, s, &ext);
	return ext.x_advance;
}

static double measure_title_cairo(void *ctx, const char *s)
{
	cairo_text_extents_t ext;

	cairo_text_extents(((struct cairo_measure *)ctx)->title, s, &ext);
	return ext.x_advance;
}

/* A caller's measure of the body's font, scaled to estimate the title's. */
struct scaled_measure {
	chart_measure m;
	void *ctx;
	double k;
};

static double measure_scaled(void *ctx, const char *s)
{
	struct scaled_measure *q = ctx;

	return q->k * q->m(q->ctx, s);
}

static void set_font(cairo_t *cr, double size, int bold)
{
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD
				    : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

int chart_font_open(struct chart_font *f, double size, int bold,
		    struct err *e)
{
	cairo_status_t st;

	f->s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	f->cr = cairo_create(f->s);
	set_font(f->cr, size, bold);
	if ((st = cairo_status(f->cr)) != CAIRO_STATUS_SUCCESS) {
		chart_font_close(f, NULL);
		return err_set(e, NULL, 0, 0, "cannot lay out chart: %s",
			       cairo_status_to_string(st));
	}
	return 0;
}

double chart_font_measure(void *ctx, const char *s)
{
	cairo_text_extents_t ext;

	cairo_text_extents(((struct chart_font *)ctx)->cr, s, &ext);
	return ext.x_advance;
}

int chart_font_close(struct chart_font *f, struct err *e)
{
	cairo_status_t st = f->cr ? cairo_status(f->cr) : CAIRO_STATUS_SUCCESS;

	if (f->cr)
		cairo_destroy(f->cr);
	if (f->s)
		cairo_surface_destroy(f->s);
	f->cr = NULL;
	f->s = NULL;
	/* sticky: a context that failed measured every text after as 0
	 * wide, and a layout made with it is wrong */
	if (st != CAIRO_STATUS_SUCCESS && e)
		return err_set(e, NULL, 0, 0, "cannot lay out chart: %s",
			       cairo_status_to_string(st));
	return 0;
}

int chart_fonts_open(struct chart_font *f, struct chart_font *bold,
		     struct err *e)
{
	if (chart_font_open(f, 12, 0, e))
		return -1;
	if (chart_font_open(bold, 14, 1, e)) {
		chart_font_close(f, NULL);
		return -1;
	}
	return 0;
}

int chart_fonts_close(struct chart_font *f, struct chart_font *bold,
		      struct err *e)
{
	if (chart_font_close(bold, e)) {
		chart_font_close(f, NULL);
		return -1;
	}
	return chart_font_close(f, e);
}

double chart_nice_step(double max, int n)
{
	double raw, mag, f;

	if (!(max > 0) || n < 1)
		return 1;
	raw = max / n;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/* Copies s into out (cap bytes), cut at a UTF-8 character boundary, with
 * what cairo refuses (bytes that are not UTF-8, noncharacters) and what
 * would break an SVG (controls) shown as U+FFFD (core/textrule.h). */
static void copy_utf8(char *out, size_t cap, const char *s)
{
	textrule_clean(s, strlen(s), out, cap);
}

void chart_fit_text(char *out, size_t cap, double max, chart_measure m,
		    void *ctx)
{
	char tmp[CHART_TEXT_MAX + 4];
	size_t n = strlen(out);

	if (m(ctx, out) <= max)
		return;
	while (n > 0) {
		n--;
		while (n > 0 && ((unsigned char)out[n] & 0xc0) == 0x80)
			n--;
		memcpy(tmp, out, n);
		memcpy(tmp + n, "\xe2\x80\xa6", 4);	/* U+2026 */
		if (m(ctx, tmp) <= max || n == 0) {
			copy_utf8(out, cap, tmp);
			return;
		}
	}
}

void chart_fit_axis(char *axis, size_t cap, double max, chart_measure m,
		    void *ctx)
{
	char head[CHART_TEXT_MAX + 4], tail[CHART_TEXT_MAX];
	char both[2 * CHART_TEXT_MAX + 8];
	const char *t = NULL, *p;

	if (m(ctx, axis) <= max)
		return;
	/* the last " (" (the unit: a metric's own name may hold one, as a
	 * pgbench statement does), else the last ", " (the direction) */
	for (p = axis; (p = strstr(p, " (")) != NULL; p++)
		t = p;
	for (p = axis; !t && (p = strstr(p, ", ")) != NULL; p++)
		t = p;
	if (!t || t == axis) {
		chart_fit_text(axis, cap, max, m, ctx);
		return;
	}
	copy_utf8(tail, sizeof(tail), t);
	snprintf(head, sizeof(head), "%.*s", (int)(t - axis), axis);
	chart_fit_text(head, sizeof(head), max - m(ctx, tail), m, ctx);
	snprintf(both, sizeof(both), "%s%s", head, tail);
	copy_utf8(axis, cap, both);
	chart_fit_text(axis, cap, max, m, ctx);	/* a tail too long on its own */
}

/* s, a "%e" text ("1.500e+34", "-2.000e-09"), rewritten short in out:
 * trailing zeros of the mantissa and the exponent's sign and leading
 * zeros dropped ("1.5e34", "-2e-9"). */
static void exp_compact(const char *s, char out[32])
{
	const char *e = strchr(s, 'e');
	size_t m;
	int x;

	if (!e) {
		snprintf(out, 32, "%s", s);
		return;
	}
	m = (size_t)(e - s);
	if (memchr(s, '.', m)) {
		while (m > 0 && s[m - 1] == '0')
			m--;
		if (m > 0 && s[m - 1] == '.')
			m--;
	}
	x = atoi(e + 1);
	if (x == 0)
		snprintf(out, 32, "%.*s", (int)m, s);
	else
		snprintf(out, 32, "%.*se%d", (int)m, s, x);
}

/* The least room between two tick texts of an axis, in pixels. */
#define TICK_GAP 8.0

void chart_tick_text(double v, double step, double span, char out[32])
{
	static const char suffix[] = "kMGT";
	char t[48];
	int dec = 0;

	if (step > 0 && fabs(v) < step * 1e-6)
		v = 0;	/* never "-0.0" nor "1e-25" */
	/* from 10,000 to 1e15: as people write axes, 200k, 2M, 1.5G, each
	 * tick in the largest power of 1000 it reaches, with the fewest
	 * decimals that keep it within a millionth of a step (so ticks a
	 * step apart never read the same) */
	if (step > 0 && span >= 1e4 && span < 1e15 && step >= 1) {
		double scale = 1, a = fabs(v);
		int k = -1;

		while (k < 3 && a >= scale * 1000) {
			scale *= 1000;
			k++;
		}
		if (v == 0 || k < 0) {
			snprintf(out, 32, "%.0f", v + 0.0);
			return;
		}
		for (dec = 0; dec < 6; dec++) {
			snprintf(t, sizeof(t), "%.*f", dec, v / scale);
			if (fabs(strtod(t, NULL) * scale - v) <= step * 1e-6)
				break;
		}
		snprintf(out, 32, "%.30s%c", t, suffix[k]);
		return;
	}
	if (step > 0 && step >= 1e-3 * (1 - 1e-9) && span < 1e6) {
		while (dec < 10 && fabs(step * pow(10, dec) -
					 round(step * pow(10, dec))) > 1e-9)
			dec++;
		snprintf(out, 32, "%.*f", dec, v + 0.0);
		return;
	}
	if (v == 0) {
		snprintf(out, 32, "0");
		return;
	}
	/* the fewest digits that keep v within a millionth of a step: tick
	 * texts a step apart differ */
	for (dec = 0; dec < 16; dec++) {
		snprintf(t, sizeof(t), "%.*e", dec, v);
		if (!(step > 0) || fabs(strtod(t, NULL) - v) <= step * 1e-6)
			break;
	}
	exp_compact(t, out);
}

void chart_figure_text(double v, char out[32])
{
	double a = fabs(v);
	char t[48];

	if (v == 0)
		snprintf(out, 32, "0");
	else if (!isfinite(v))
		snprintf(out, 32, "%g", v);
	else if (a >= 1e7 || a < 1e-3) {
		snprintf(t, sizeof(t), "%.3e", v);
		exp_compact(t, out);
	} else if (a >= 100)
		snprintf(out, 32, "%.0f", v);
	else
		snprintf(out, 32, "%.3g", v);
}

static void value_label(const struct chart *c, const struct chart_bar *b,
			char *out, size_t cap)
{
	char num[32], text[2 * CHART_TEXT_MAX];

	if (!b->has_value) {
		copy_utf8(out, cap,
			  b->status && strcmp(b->status, "too-fast") == 0
				  ? "too fast to measure"
				  : b->status ? b->status : "no value");
		return;
	}
	units_number(b->value, num);	/* the sentences' precision rule */
	/* the unit comes from the store: cleaned, and never cut inside a
	 * character */
	snprintf(text, sizeof(text), "%s%s%s%s%s", num,
		 c->unit && *c->unit && !c->unit_tight ? " " : "",
		 c->unit ? c->unit : "", b->best ? "  (best)" : "",
		 b->outlier ? "  (outlier)" : "");
	copy_utf8(out, cap, text);
}

/* Narrow: each label on its own line above its bar (a phone's layout,
 * and the comparison page's thumbnails), so that the bars get the width
 * the labels took. */
#define NARROW_LABEL_H 17.0	/* the label's line above the bar */
#define NARROW_BAR_H 16.0
#define NARROW_GAP 7.0

/* Clusters: each under a line with its name, and apart from the one
 * before by CLUSTER_GAP more than bars are within one. */
#define HEAD_H 20.0
#define NARROW_HEAD_H 18.0
#define CLUSTER_GAP 10.0
#define LEGEND_H 20.0	/* a line of the legend */
#define LEGEND_SEP 16.0	/* between two entries on a line */

/* Lays the legend out from y (the top of its first line) within width;
 * returns the y under it.  Entries flow left to right and wrap; each
 * text is cut to fit a line. */
static double legend_layout(const struct chart *c, int width, chart_measure m,
			    void *ctx, struct chart_layout *l, double y)
{
	double x = MARGIN, base = y + 12, room = width - 2 * MARGIN;
	int i, n = 0, k = c->nlegend < CHART_LEGEND_MAX ? c->nlegend
						       : CHART_LEGEND_MAX;
	char more[64];

	for (i = -1; i <= k; i++) {
		const char *t = i < 0 ? c->legend_title : i < k ? c->legend[i].text
								 : NULL;
		int color = i < 0 || i == k ? -1 : c->legend[i].color;
		double w, sw = color >= 0 ? CHART_SWATCH + 5 : 0;

		if (i == k && c->legend_more > 0) {
			snprintf(more, sizeof(more), "and %d more",
				 c->legend_more);
			t = more;
		}
		if (!t)
			continue;
		if (i < 0) {	/* "settings:" */
			char title[CHART_TEXT_MAX + 2];

			copy_utf8(title, sizeof(title), t);
			snprintf(l->legend[n], CHART_TEXT_MAX, "%.*s:",
				 CHART_TEXT_MAX - 2, title);
		} else {
			copy_utf8(l->legend[n], CHART_TEXT_MAX, t);
		}
		chart_fit_text(l->legend[n], CHART_TEXT_MAX, room - sw, m, ctx);
		w = sw + m(ctx, l->legend[n]);
		if (x > MARGIN && x + w > width - MARGIN) {
			x = MARGIN;
			base += LEGEND_H;
		}
		l->legend_color[n] = color;
		l->legend_x[n] = x;
		l->legend_y[n] = base;
		x += w + LEGEND_SEP;
		n++;
	}
	l->nlegend = n;
	return n ? base - 12 + LEGEND_H + 2 : y;
}

/* Bar i starts a cluster: it has one, and the bar before another. */
static int starts_cluster(const struct chart *c, int i)
{
	const char *a = c->bar[i].cluster, *b = i ? c->bar[i - 1].cluster : NULL;

	return a && (!b || strcmp(a, b) != 0);
}

/* The dots of bar i's runs (with 2 or more), each at its figure, spread
 * down the bar's height by a fixed sequence (the golden ratio's fractional
 * steps from the middle), so equal figures stay apart and a render is
 * reproducible.  A run beyond the axis sits at its end. */
static void dots_layout(const struct chart *c, int i, double span,
			struct chart_layout *l)
{
	const struct chart_bar *b = &c->bar[i];
	const struct chart_box *box = &l->bar[i];
	double div = c->runs_div > 0 ? c->runs_div : 1;
	double room = box->h - 2 * (CHART_DOT_R + 1);
	int k;

	if (!b->has_value || b->n < 2 || !b->runs ||
	    b->n > CHART_DOTS_MAX - l->ndots)
		return;
	for (k = 0; k < b->n; k++) {
		double v = b->runs[k] / div, x;

		if (!isfinite(v))
			continue;
		v = fmin(fmax(v, l->axis_min), l->axis_max);
		x = l->plot.x + (v - l->axis_min) / span * l->plot.w;
		l->dot_x[l->ndots] = x;
		l->dot_y[l->ndots] = box->y + CHART_DOT_R + 1 +
				     fmod(0.5 + k * 0.6180339887498949, 1) * room;
		l->ndots++;
		l->dot_n[i]++;
		if (x + CHART_DOT_R + 6 > l->value_x[i])
			l->value_x[i] = x + CHART_DOT_R + 6;
	}
}

/* m measures the body's font; tm, with the same ctx, the title's (NULL:
 * estimated from m). */
static int layout_with(const struct chart *c, int width, int narrow,
		       chart_measure m, chart_measure tm, void *ctx,
		       struct chart_layout *l, struct err *e)
{
	double label_w = 0, value_w = 0, max = 0, min = 0, step, y0, span, y;
	double bar_h = narrow ? NARROW_BAR_H : BAR_H;
	double row_h = narrow ? NARROW_LABEL_H + NARROW_BAR_H + NARROW_GAP
			      : BAR_H + BAR_GAP;
	double top = narrow ? NARROW_LABEL_H : 0;
	long k0;
	int i, k;

	if (c->nbars < 1 || c->nbars > CHART_BARS_MAX)
		return err_set(e, NULL, 0, 0, "a chart needs 1 to %d bars",
			       CHART_BARS_MAX);
	memset(l, 0, sizeof(*l));
	l->width = width;
	l->narrow = narrow;
	l->nbars = c->nbars;
	copy_utf8(l->title, sizeof(l->title), c->title ? c->title : "");
	copy_utf8(l->axis, sizeof(l->axis), c->axis ? c->axis : "");
	copy_utf8(l->note, sizeof(l->note), c->note ? c->note : "");
	if (l->note[0])
		chart_fit_text(l->note, sizeof(l->note), width - 2 * MARGIN, m, ctx);
	if (l->title[0]) {	/* in its own font: a browser lays the SVG's
				 * title out in it, and cuts nothing */
		struct scaled_measure sm = {m, ctx, TITLE_WIDER};

		chart_fit_text(l->title, sizeof(l->title), width - 2 * MARGIN,
		    tm ? tm : measure_scaled, tm ? ctx : &sm);
	}
	for (i = 0; i < c->nbars; i++) {
		const struct chart_bar *b = &c->bar[i];
		double w;

		copy_utf8(l->label[i], CHART_TEXT_MAX, b->label);
		chart_fit_text(l->label[i], CHART_TEXT_MAX,
		    narrow ? width - 2 * MARGIN : width * LABEL_SHARE, m, ctx);
		w = narrow ? 0 : m(ctx, l->label[i]);
		if (w > label_w)
			label_w = w;
		value_label(c, b, l->value_text[i], CHART_TEXT_MAX);
		w = m(ctx, l->value_text[i]);
		if (w > value_w)
			value_w = w;
		if (!b->has_value || !isfinite(b->value))
			continue;
		if (b->value > max)
			max = b->value;
		if (b->value < min)
			min = b->value;
		if (b->n > 1 && isfinite(b->err_hi) && b->err_hi > max)
			max = b->err_hi;
		/* every run's dot lies on the axis */
		for (k = 0; b->runs && b->n > 1 && k < b->n; k++) {
			double v = b->runs[k] / (c->runs_div > 0 ? c->runs_div : 1);

			if (isfinite(v) && v > max)
				max = v;
			if (isfinite(v) && v < min)
				min = v;
		}
	}
	/* an interval reaching below 0 widens the axis only where a figure
	 * is negative: for figures that are all positive the axis starts at
	 * 0 and the interval is cut there */
	for (i = 0; min < 0 && i < c->nbars; i++) {
		const struct chart_bar *b = &c->bar[i];

		if (b->has_value && b->n > 1 && isfinite(b->err_lo) &&
		    b->err_lo < min)
			min = b->err_lo;
	}
	l->plot.x = narrow ? MARGIN : MARGIN + label_w + 8;
	y0 = c->title && *c->title ? TITLE_H : MARGIN;
	if (l->note[0])
		y0 += NOTE_H;
	if (c->nlegend > 0)	/* under the title: a chart copied alone
				 * still says what its colours are */
		y0 = legend_layout(c, width, m, ctx, l, y0);
	l->plot.y = y0;
	l->plot.w = width - l->plot.x - MARGIN - value_w - 8;
	if (l->plot.w < MIN_PLOT)
		return err_set(e, NULL, 0, 0, "chart too narrow for its labels");
	/* each bar's row, a cluster's heading line above its first bar */
	y = l->plot.y;
	for (i = 0; i < c->nbars; i++) {
		if (starts_cluster(c, i)) {
			double hh = narrow ? NARROW_HEAD_H : HEAD_H;

			if (i > 0)
				y += CLUSTER_GAP;
			l->clustered = l->head[i] = 1;
			copy_utf8(l->head_text[i], CHART_TEXT_MAX,
				  c->bar[i].cluster);
			/* measured at the body size: bold is wider */
			chart_fit_text(l->head_text[i], CHART_TEXT_MAX,
			    (width - 2 * MARGIN) / 1.25, m, ctx);
			l->head_y[i] = y + hh - 6;
			y += hh;
		}
		l->bar[i].y = y + top;
		y += row_h;
	}
	l->plot.h = y - l->plot.y - (row_h - top - bar_h);
	/* the axis holds 0 and every figure: from 0 for positive figures,
	 * to 0 for negative ones, across 0 for both; round ends */
	if (max - min > 0 && isfinite(max - min)) {
		step = chart_nice_step(max - min, 5);
		l->axis_max = max > 0 ? ceil(max / step - 1e-9) * step : 0;
		l->axis_min = min < 0 ? floor(min / step + 1e-9) * step : 0;
	} else {
		step = 0.2;
		l->axis_max = 1;
		l->axis_min = 0;
	}
	span = l->axis_max - l->axis_min;
	l->zero_x = l->plot.x + -l->axis_min / span * l->plot.w;
	/* the axis title under the plot's middle, but never past the
	 * chart's edges ("ueries_per_sec (/s)" in a narrow chart) */
	chart_fit_axis(l->axis, sizeof(l->axis), width - 2 * MARGIN, m, ctx);
	{
		double aw = m(ctx, l->axis);

		l->axis_x = l->plot.x + l->plot.w / 2;
		if (l->axis_x + aw / 2 > width - MARGIN)
			l->axis_x = width - MARGIN - aw / 2;
		if (l->axis_x - aw / 2 < MARGIN)
			l->axis_x = MARGIN + aw / 2;
	}
	/* fewer ticks when two texts would touch ("6000 800010000" on a
	 * phone): the step doubles, from the same round ends, until every
	 * text keeps a gap of TICK_GAP from the next */
	for (;;) {
		int touch = 0;

		k0 = lround(l->axis_min / step);
		for (k = 0; k < CHART_TICKS_MAX; k++) {
			double v = (double)(k0 + k) * step;

			if (v > l->axis_max + step * 1e-9)
				break;
			l->tick[k] = v;
			l->tick_x[k] = l->plot.x + (v - l->axis_min) / span *
						       l->plot.w;
			chart_tick_text(v, step, fmax(l->axis_max, -l->axis_min),
					l->tick_text[k]);
			if (k > 0 && l->tick_x[k] - l->tick_x[k - 1] <
				     (m(ctx, l->tick_text[k]) +
				      m(ctx, l->tick_text[k - 1])) / 2 + TICK_GAP)
				touch = 1;
		}
		l->nticks = k;
		if (!touch || k <= 2)
			break;
		step *= 2;
	}
	for (i = 0; i < c->nbars; i++) {
		const struct chart_bar *b = &c->bar[i];
		struct chart_box *box = &l->bar[i];
		int bar = b->has_value && isfinite(b->value) && b->value != 0;

		/* from 0 towards the figure, either way */
		box->w = bar ? fabs(b->value) / span * l->plot.w : 0;
		box->x = bar && b->value < 0 ? l->zero_x - box->w : l->zero_x;
		box->h = bar_h;
		/* narrow: the label's left edge, on the line above */
		l->label_x[i] = narrow ? MARGIN : l->plot.x - 8;
		/* right of the bar, or of 0 for a negative bar: that side of
		 * its row is empty */
		l->value_x[i] = box->x + box->w + 6;
		if (box->x + box->w < l->zero_x)
			l->value_x[i] = l->zero_x + 6;
		l->color[i] = b->color;
		if (b->has_value && b->n > 1 && isfinite(b->err_lo) &&
		    isfinite(b->err_hi)) {
			double lo = fmax(b->err_lo, l->axis_min);
			double hi = fmin(b->err_hi, l->axis_max);

			l->has_err[i] = 1;
			l->err_x0[i] = l->plot.x + (lo - l->axis_min) / span *
						       l->plot.w;
			l->err_x1[i] = l->plot.x + (hi - l->axis_min) / span *
						       l->plot.w;
			if (l->err_x1[i] + 6 > l->value_x[i])
				l->value_x[i] = l->err_x1[i] + 6;
		}
		dots_layout(c, i, span, l);
		l->text_y[i] = box->y + bar_h / 2 + FONT_SIZE * 0.35;
	}
	l->height = (int)ceil(l->plot.y + l->plot.h + AXIS_H);
	return 0;
}

static int layout_measured(const struct chart *c, int width, int narrow,
			   chart_measure measure, void *ctx,
			   struct chart_layout *l, struct err *e)
{
	cairo_surface_t *s;
	struct cairo_measure cm;
	cairo_status_t st;
	int rc;

	if (measure)
		return layout_with(c, width, narrow, measure, NULL, ctx, l, e);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cm.cr = cairo_create(s);
	cm.title = cairo_create(s);
	set_font(cm.cr, FONT_SIZE, 0);
	set_font(cm.title, TITLE_SIZE, 1);
	rc = layout_with(c, width, narrow, measure_cairo, measure_title_cairo,
			 &cm, l, e);
	/* sticky: a context that failed (out of memory, say) measured every
	 * text after as 0 wide, and such a layout is wrong */
	if (rc == 0 && (st = cairo_status(cm.cr)) == CAIRO_STATUS_SUCCESS)
		st = cairo_status(cm.title);
	if (rc == 0 && st != CAIRO_STATUS_SUCCESS)
		rc = err_set(e, NULL, 0, 0, "cannot lay out chart: %s",
			     cairo_status_to_string(st));
	cairo_destroy(cm.title);
	cairo_destroy(cm.cr);
	cairo_surface_destroy(s);
	return rc;
}

int chart_layout(const struct chart *c, chart_measure measure, void *ctx,
		 struct chart_layout *l, struct err *e)
{
	return layout_measured(c, c->width, 0, measure, ctx, l, e);
}

int chart_layout_narrow(const struct chart *c, chart_measure measure,
			void *ctx, struct chart_layout *l, struct err *e)
{
	/* a phone's width first; long figures ("0.0967 ms  (best)
	 * (outlier)") may need more, and then the chart scrolls in its box */
	static const int widths[] = {CHART_NARROW_WIDTH, 480, 640};
	size_t i;
	int rc = -1;

	for (i = 0; i < sizeof(widths) / sizeof(widths[0]) && rc; i++)
		rc = layout_measured(c, widths[i], 1, measure, ctx, l, e);
	return rc;
}

static void text_right(cairo_t *cr, double x, double y, const char *s)
{
	cairo_text_extents_t ext;

	cairo_text_extents(cr, s, &ext);
	cairo_move_to(cr, x - ext.x_advance, y);
	cairo_show_text(cr, s);
}

static void text_center(cairo_t *cr, double x, double y, const char *s)
{
	cairo_text_extents_t ext;

	cairo_text_extents(cr, s, &ext);
	cairo_move_to(cr, x - ext.x_advance / 2, y);
	cairo_show_text(cr, s);
}

/* The dots of bar i, from dot d: each in the text's colour inside a ring
 * of the ground's, so that it reads on any bar and past its end.  Drawn
 * as squares on whole pixels (arcs cost cairo several times as much), in
 * two colours the image already has: the palette encoder (png.c) keeps
 * its few hundred colours, and a dot stays a dot at a thumbnail's scale
 * (r: at least 1.5 pixels). */
static void paint_dots(cairo_t *cr, const struct chart_layout *l, int i,
		       int d, double r, const struct chart_scheme *sc)
{
	int k;

	cairo_save(cr);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	paint_source(cr, sc->ground);
	for (k = d; k < d + l->dot_n[i]; k++)
		cairo_rectangle(cr, l->dot_x[k] - r - 1, l->dot_y[k] - r - 1,
				2 * r + 2, 2 * r + 2);
	cairo_fill(cr);
	paint_source(cr, sc->text);
	for (k = d; k < d + l->dot_n[i]; k++)
		cairo_rectangle(cr, l->dot_x[k] - r, l->dot_y[k] - r, 2 * r,
				2 * r);
	cairo_fill(cr);
	cairo_restore(cr);
}

/* The legend: a swatch in each entry's bar colour, and its text. */
static void paint_legend(cairo_t *cr, const struct chart_layout *l,
			 const struct chart_scheme *sc)
{
	int i;

	for (i = 0; i < l->nlegend; i++) {
		double x = l->legend_x[i];

		if (l->legend_color[i] >= 0) {
			paint_source(cr, sc->bar[(unsigned)l->legend_color[i] %
						 CHART_COLORS]);
			cairo_rectangle(cr, x, l->legend_y[i] - CHART_SWATCH + 1,
					CHART_SWATCH, CHART_SWATCH);
			cairo_fill(cr);
			x += CHART_SWATCH + 5;
			paint_source(cr, sc->text);
		} else {
			paint_source(cr, sc->muted);
		}
		cairo_move_to(cr, x, l->legend_y[i]);
		cairo_show_text(cr, l->legend[i]);
	}
}

/* Paints l on cr (any surface) in the light scheme, the PNG's (a dark page
 * shows the SVG, which carries both), at scale; the caller checks the
 * status. */
static void paint(cairo_t *cr, const struct chart_layout *l, double scale)
{
	const struct chart_scheme *sc = &chart_schemes[CHART_LIGHT];
	double base = l->plot.y + l->plot.h + 4;
	double r = fmax(CHART_DOT_R, scale > 0 ? 1.5 / scale : CHART_DOT_R);
	int i, d = 0;

	paint_source(cr, sc->ground);
	cairo_paint(cr);
	if (l->title[0]) {
		set_font(cr, TITLE_SIZE, 1);
		paint_source(cr, sc->text);
		cairo_move_to(cr, MARGIN, 20);
		cairo_show_text(cr, l->title);
	}
	set_font(cr, FONT_SIZE, 0);
	if (l->note[0]) {
		paint_source(cr, sc->muted);
		cairo_move_to(cr, MARGIN, l->plot.y - NOTE_H + 12);
		cairo_show_text(cr, l->note);
	}
	/* grid and ticks */
	cairo_set_line_width(cr, 1);
	for (i = 0; i < l->nticks; i++) {
		double x = floor(l->tick_x[i]) + 0.5;

		paint_source(cr, sc->grid);
		cairo_move_to(cr, x, l->plot.y - 4);
		cairo_line_to(cr, x, base);
		cairo_stroke(cr);
		paint_source(cr, sc->muted);
		text_center(cr, l->tick_x[i], base + 14, l->tick_text[i]);
	}
	for (i = 0; i < l->nbars; i++) {
		if (l->bar[i].w > 0) {
			paint_source(cr,
				     sc->bar[(unsigned)l->color[i] % CHART_COLORS]);
			cairo_rectangle(cr, l->bar[i].x, l->bar[i].y,
					l->bar[i].w, l->bar[i].h);
			cairo_fill(cr);
		}
		if (l->has_err[i]) {	/* the 95% interval, with end caps */
			/* on pixel centres: crisp 1-pixel lines that blend
			 * with nothing, so the image keeps to the few hundred
			 * colours an indexed PNG holds (png.c) */
			double y = floor(l->bar[i].y + l->bar[i].h / 2) + 0.5;
			double y0 = floor(l->bar[i].y + 4) + 0.5;
			double y1 = floor(l->bar[i].y + l->bar[i].h - 4) + 0.5;
			double x0 = floor(l->err_x0[i]) + 0.5;
			double x1 = floor(l->err_x1[i]) + 0.5;

			paint_source(cr, sc->whisker);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
			cairo_move_to(cr, x0, y);
			cairo_line_to(cr, x1, y);
			cairo_move_to(cr, x0, y0);
			cairo_line_to(cr, x0, y1);
			cairo_move_to(cr, x1, y0);
			cairo_line_to(cr, x1, y1);
			cairo_stroke(cr);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
		}
		if (l->dot_n[i] > 0)
			paint_dots(cr, l, i, d, r, sc);
		d += l->dot_n[i];
		paint_source(cr, sc->text);
		if (l->head[i]) {	/* the cluster's name, bold */
			set_font(cr, FONT_SIZE, 1);
			cairo_move_to(cr, MARGIN, l->head_y[i]);
			cairo_show_text(cr, l->head_text[i]);
			set_font(cr, FONT_SIZE, 0);
		}
		if (l->narrow) {
			cairo_move_to(cr, l->label_x[i], l->bar[i].y - 5);
			cairo_show_text(cr, l->label[i]);
		} else {
			text_right(cr, l->label_x[i], l->text_y[i],
				   l->label[i]);
		}
		cairo_move_to(cr, l->value_x[i], l->text_y[i]);
		cairo_show_text(cr, l->value_text[i]);
	}
	paint_source(cr, sc->rule);
	if (l->axis_min < 0) {	/* 0 among the ticks: the bars' origin */
		cairo_move_to(cr, floor(l->zero_x) + 0.5, l->plot.y - 4);
		cairo_line_to(cr, floor(l->zero_x) + 0.5, base);
	}
	cairo_move_to(cr, l->plot.x, floor(base) + 0.5);
	cairo_line_to(cr, l->plot.x + l->plot.w, floor(base) + 0.5);
	cairo_stroke(cr);
	if (l->axis[0])
		text_center(cr, l->axis_x, base + 32, l->axis);
	paint_legend(cr, l, sc);
}

/* An RGB24 surface of w x h pixels whose memory is not cleared first, as
 * cairo_image_surface_create's is (a chart's image is 1.6 MB): paint()
 * covers every pixel with the opaque ground before anything else.  The
 * surface frees the pixels when it goes. */
static cairo_surface_t *surface_uncleared(int w, int h)
{
	static const cairo_user_data_key_t key;
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w);
	unsigned char *px = stride > 0 && w > 0 && h > 0 ?
			    malloc((size_t)stride * (size_t)h) : NULL;
	cairo_surface_t *s;

	if (!px)	/* cairo's own, or its error surface */
		return cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	s = cairo_image_surface_create_for_data(px, CAIRO_FORMAT_RGB24, w, h,
						stride);
	if (cairo_surface_set_user_data(s, &key, px, free) !=
	    CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		free(px);
		return cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	}
	return s;
}

struct _cairo_surface *chart_draw(const struct chart_layout *l, double scale,
				  struct err *e)
{
	int w = (int)ceil(l->width * scale), h = (int)ceil(l->height * scale);
	cairo_surface_t *s = surface_uncleared(w, h);
	cairo_t *cr = cairo_create(s);
	cairo_status_t st;

	cairo_scale(cr, scale, scale);
	paint(cr, l, scale);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		err_set(e, NULL, 0, 0, "cannot draw chart: %s",
			cairo_status_to_string(st));
		return NULL;
	}
	cairo_surface_flush(s);
	return s;
}

int chart_paint_png(const struct chart_layout *l, double scale,
		    const char *path, struct err *e)
{
	cairo_surface_t *s = chart_draw(l, scale, e);
	int rc;

	if (!s) {
		snprintf(e->file, sizeof(e->file), "%s", path);
		return -1;
	}
	rc = png_write_file(cairo_image_surface_get_data(s),
			    cairo_image_surface_get_width(s),
			    cairo_image_surface_get_height(s),
			    cairo_image_surface_get_stride(s), path, e);
	cairo_surface_destroy(s);
	return rc;
}
