/*
 * chart_scheme.c: the colours of a chart, for a light page and a dark one.
 *
 * A comparison shows up to CHART_COLORS groups (the 12 file systems of the
 * sql-bench table) in as many colours, and a reader tells them apart with
 * any of the common colour-vision deficiencies.  Twelve colours cannot all
 * be far apart for a dichromat, so the palettes were searched, not picked:
 * the first six are Okabe-Ito's (the palette colour-blind readers know),
 * the rest chosen so that every pair stays at least 15 CIELAB units apart
 * in normal vision and under the Machado, Oliveira and Fernandes (2009)
 * simulation of protanopia, deuteranopia and tritanopia at full severity;
 * tests/unit/test_palette.c recomputes that.  (Okabe-Ito's eight reach 16:
 * bluish green against sky blue under tritanopia is their closest pair.)
 *
 * The dark scheme is not the light one inverted: its bars are the colours
 * that stand at least 3:1 against its ground (Okabe-Ito's yellow returns,
 * the mid grey becomes a light one), with the same hue at the same index
 * where one fits, so a group keeps its colour between schemes.  Text is at
 * least 4.5:1 on the ground in both (WCAG 2 AA).
 */
#include "chart_scheme.h"

/* The first six bars, the same in both schemes: Okabe-Ito's blue, orange,
 * bluish green, reddish purple, sky blue and vermillion. */
#define OKABE_ITO_SIX \
	{0x00, 0x72, 0xb2}, {0xe6, 0x9f, 0x00}, {0x00, 0x9e, 0x73}, \
	{0xcc, 0x79, 0xa7}, {0x56, 0xb4, 0xe9}, {0xd5, 0x5e, 0x00}

const struct chart_scheme chart_schemes[2] = {
	{
		"light",
		{0xff, 0xff, 0xff},
		{0x1a, 0x1a, 0x1a},
		{0x40, 0x40, 0x40},
		{0xe0, 0xe0, 0xe0},
		{0x40, 0x40, 0x40},
		{0x1a, 0x1a, 0x1a},
		{
			OKABE_ITO_SIX,
			{0x5a, 0x3c, 0xc3},	/* indigo */
			{0x96, 0x3c, 0x00},	/* brown */
			{0x59, 0x59, 0x59},	/* grey */
			{0xc3, 0xc3, 0x87},	/* khaki */
			{0x1e, 0xe1, 0x5a},	/* green */
			{0x87, 0x0f, 0xf0},	/* violet */
		},
	},
	{
		"dark",
		{0x1e, 0x1e, 0x1e},
		{0xe8, 0xe8, 0xe8},
		{0xb4, 0xb4, 0xb4},
		{0x3a, 0x3a, 0x3a},
		{0xb4, 0xb4, 0xb4},
		{0xf2, 0xf2, 0xf2},
		{
			OKABE_ITO_SIX,
			{0xe1, 0x2d, 0xff},	/* violet */
			{0x96, 0x78, 0x3c},	/* brown */
			{0xc3, 0xc3, 0xc3},	/* light grey */
			{0xf0, 0xe4, 0x42},	/* yellow */
			{0x96, 0xc3, 0x69},	/* olive green */
			{0xd2, 0x00, 0xb4},	/* magenta */
		},
	},
};
