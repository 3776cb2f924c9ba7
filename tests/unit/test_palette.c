/*
 * test_palette.c: the chart colours (chart_scheme.c) checked by
 * simulation.  Each pair of bar colours of a scheme is compared in CIELAB
 * (CIE76 distance) as a reader with normal vision sees it and as the
 * Machado, Oliveira and Fernandes (2009) model shows it to a reader with
 * protanopia, deuteranopia and tritanopia (severity 1, the strongest); text
 * and ground are held to WCAG's contrast ratio.  Negative controls show the
 * checks can fail: the old 8-colour palette used for 12 groups repeats, and
 * a red and a green far apart in normal vision fall together for a
 * deuteranope.
 */
#include <math.h>
#include <stdio.h>

#include "../../renderer/chart/chart.h"
#include "tap.h"

/* The least CIELAB distance two bar colours keep in every vision.  15 is
 * well past the ~2.3 of a just noticeable difference and about what tells
 * two bars apart at a glance; Okabe-Ito's own eight keep 16. */
#define MIN_DE 15.0

enum { NORMAL, PROTAN, DEUTAN, TRITAN, VISIONS };
static const char *const vision_name[VISIONS] = {
	"normal vision", "protanopia", "deuteranopia", "tritanopia"};

/* Machado et al. 2009, severity 1.0, on linear RGB. */
static const double cvd[VISIONS][3][3] = {
	{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	{{0.152286, 1.052583, -0.204868},
	 {0.114503, 0.786281, 0.099216},
	 {-0.003882, -0.048116, 1.051998}},
	{{0.367322, 0.860646, -0.227968},
	 {0.280085, 0.672501, 0.047413},
	 {-0.011820, 0.042940, 0.968881}},
	{{1.255528, -0.076749, -0.178779},
	 {-0.078411, 0.930809, 0.147602},
	 {0.004733, 0.691367, 0.303900}},
};

static double linear(unsigned char c)
{
	double v = c / 255.0;

	return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double lab_f(double t)
{
	return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

/* rgb as a reader of vision v sees it, in CIELAB (D65). */
static void seen(const unsigned char rgb[3], int v, double lab[3])
{
	double l[3], s[3], x, y, z;
	int i;

	for (i = 0; i < 3; i++)
		l[i] = linear(rgb[i]);
	for (i = 0; i < 3; i++) {
		s[i] = cvd[v][i][0] * l[0] + cvd[v][i][1] * l[1] +
		       cvd[v][i][2] * l[2];
		s[i] = s[i] < 0 ? 0 : s[i] > 1 ? 1 : s[i];
	}
	x = lab_f((0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2]) / 0.95047);
	y = lab_f(0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2]);
	z = lab_f((0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2]) / 1.08883);
	lab[0] = 116 * y - 16;
	lab[1] = 500 * (x - y);
	lab[2] = 200 * (y - z);
}

static double distance(const unsigned char a[3], const unsigned char b[3],
		       int v)
{
	double la[3], lb[3];

	seen(a, v, la);
	seen(b, v, lb);
	return sqrt((la[0] - lb[0]) * (la[0] - lb[0]) +
		    (la[1] - lb[1]) * (la[1] - lb[1]) +
		    (la[2] - lb[2]) * (la[2] - lb[2]));
}

/* The least distance between the first n colours of bar in vision v,
 * with the closest pair in *pi, *pj. */
static double closest(const unsigned char (*bar)[3], int n, int v, int *pi,
		      int *pj)
{
	double m = INFINITY;
	int i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			double d = distance(bar[i], bar[j], v);

			if (d < m) {
				m = d;
				*pi = i;
				*pj = j;
			}
		}
	return m;
}

/* WCAG 2 contrast ratio. */
static double contrast(const unsigned char a[3], const unsigned char b[3])
{
	double la = 0.2126 * linear(a[0]) + 0.7152 * linear(a[1]) +
		    0.0722 * linear(a[2]);
	double lb = 0.2126 * linear(b[0]) + 0.7152 * linear(b[1]) +
		    0.0722 * linear(b[2]);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

static void test_scheme(const struct chart_scheme *sc, double bar_contrast)
{
	char what[200];
	double d, lo = INFINITY;
	int v, i = 0, j = 0;

	for (v = 0; v < VISIONS; v++) {
		d = closest(sc->bar, CHART_COLORS, v, &i, &j);
		snprintf(what, sizeof(what), "%s scheme: %d bar colours keep "
			 "%.0f apart in %s (closest: %d and %d, %.1f)",
			 sc->name, CHART_COLORS, MIN_DE, vision_name[v], i, j, d);
		CHECK(d >= MIN_DE, what);
	}
	d = contrast(sc->text, sc->ground);
	snprintf(what, sizeof(what), "%s scheme: text on the ground is %.1f:1 "
		 "(at least 4.5:1)", sc->name, d);
	CHECK(d >= 4.5, what);
	d = contrast(sc->muted, sc->ground);
	snprintf(what, sizeof(what), "%s scheme: ticks, axis and note text on "
		 "the ground are %.1f:1 (at least 4.5:1)", sc->name, d);
	CHECK(d >= 4.5, what);
	for (i = 0; i < CHART_COLORS; i++) {
		d = contrast(sc->bar[i], sc->ground);
		if (d < lo)
			lo = d;
	}
	snprintf(what, sizeof(what), "%s scheme: every bar stands %.2f:1 or "
		 "more against the ground (at least %.1f:1)", sc->name, lo,
		 bar_contrast);
	CHECK(lo >= bar_contrast, what);
}

void test_palette(void)
{
	/* the palette before: Okabe-Ito's eight, taken by index & 7 */
	static const unsigned char okabe_ito[8][3] = {
		{0x00, 0x72, 0xb2}, {0xe6, 0x9f, 0x00}, {0x00, 0x9e, 0x73},
		{0xcc, 0x79, 0xa7}, {0x56, 0xb4, 0xe9}, {0xd5, 0x5e, 0x00},
		{0xf0, 0xe4, 0x42}, {0x59, 0x59, 0x59},
	};
	static const unsigned char red[3] = {0xd0, 0x30, 0x30};
	static const unsigned char green[3] = {0x50, 0x90, 0x30};
	unsigned char old12[CHART_COLORS][3];
	int i, j;

	/* the light scheme's bars are for a white page: 1.5:1 keeps even
	 * the palest visible; on the dark ground WCAG's 3:1 for graphics
	 * is reachable */
	test_scheme(&chart_schemes[CHART_LIGHT], 1.5);
	test_scheme(&chart_schemes[CHART_DARK], 3.0);
	CHECK(chart_schemes[CHART_DARK].ground[0] < 0x40 &&
		      chart_schemes[CHART_LIGHT].ground[0] > 0xc0,
	      "the dark scheme's ground is dark, the light one's light");
	for (i = 0; i < CHART_COLORS; i++)
		for (j = 0; j < 3; j++)
			old12[i][j] = okabe_ito[i & 7][j];
	CHECK(closest((const unsigned char (*)[3])old12, CHART_COLORS, NORMAL,
		      &i, &j) < MIN_DE,
	      "control: the old palette for 12 groups gives two groups one "
	      "colour");
	CHECK(distance(red, green, NORMAL) >= 2 * MIN_DE &&
		      distance(red, green, DEUTAN) < MIN_DE,
	      "control: a red and a green far apart in normal vision are "
	      "too close under simulated deuteranopia");
}
