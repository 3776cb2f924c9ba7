/*
 * figures.c: see figures.h.
 */
#include "figures.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/text.h"
#include "units.h"

static void group_thousands(const char *num, char out[48]);

/* One decimal from 1.2x up, two below: "2.1x slower" reads better than
 * "2.14x", but below 1.2 one decimal blurs real differences ("1.13x
 * faster", the seed pages' own wording, would become "1.1x"), and 1.0x
 * would say nothing at all.  Thousands separated as every figure's
 * ("712,427.3x"), and from a billion up an exponent, which the 16 bytes
 * hold. */
void analysis_ratio_text(double r, char out[16])
{
	char num[48], grouped[48];
	int d = 2;

	if (r >= 1e9) {
		snprintf(out, 16, "%.3gx", r);
		return;
	}
	if (round(r * 100) / 100 >= 1.2) {
		snprintf(num, sizeof(num), "%.1f", r);
		group_thousands(num, grouped);
		snprintf(out, 16, "%.14sx", grouped);
		return;
	}
	/* a ratio above 1 never reads "1.00x": more decimals until it
	 * does not (ties are said as ties, not as ratios) */
	while (d < 4 && r > 1 && round(r * pow(10, d)) == pow(10, d))
		d++;
	snprintf(out, 16, "%.*fx", d, r);
}

void analysis_share_text(double r, char out[16])
{
	double pct = ceil((r - 1) * 1000 - 1e-9) / 10;

	snprintf(out, 16, "%.1f%%", pct > 0 ? pct : 0);
}

/* num ("9025827", "-874622.5", "1.2e+35") into out with a comma between
 * the thousands of its whole part when that part has five digits or more
 * ("9,025,827", "-874,622.5"); one with an exponent as it is. */
static void group_thousands(const char *num, char out[48])
{
	const char *p = num, *end;
	size_t n = 0, digits;

	if (*p == '-')
		out[n++] = *p++;
	for (end = p; *end >= '0' && *end <= '9'; end++)
		;
	digits = (size_t)(end - p);
	if (digits < 5 || strchr(num, 'e')) {
		snprintf(out, 48, "%s", num);
		return;
	}
	while (p < end && n < 46) {
		out[n++] = *p++;
		if (p < end && (size_t)(end - p) % 3 == 0)
			out[n++] = ',';
	}
	snprintf(out + n, 48 - n, "%s", end);
}

void analysis_value_text(double v, const char *unit, char out[48])
{
	char num[32];
	double a = fabs(v);

	/* a figure in a sentence reads as on the chart: units.h's one
	 * precision rule, its unit scaled for it */
	if (unit) {
		units_value(v, unit, out);
		return;
	}
	num_format(v, num);
	if (a >= 1e15 || (a > 0 && a < 1e-3))
		snprintf(num, sizeof(num), "%.4g", v);	/* 1e+35, 1.2e-09 */
	else if (strlen(num) <= 7)
		;	/* short enough to show exactly: 715.56, 0.0123 */
	else if (v == floor(v))
		snprintf(num, sizeof(num), "%.0f", v);
	else if (a >= 1000)
		snprintf(num, sizeof(num), "%.0f", v);
	else if (a >= 100)
		snprintf(num, sizeof(num), "%.1f", v);
	else
		snprintf(num, sizeof(num), "%.4g", v);
	if (!unit) {	/* a table's figure: thousands separated from
			 * 10,000 up, as sentences and charts write them,
			 * every digit kept */
		group_thousands(num, out);
		return;
	}
	if (!*unit)
		snprintf(out, 48, "%s", num);
	else if (strcmp(unit, "1/s") == 0)
		snprintf(out, 48, "%s/s", num);
	else if (strcmp(unit, "%") == 0)
		snprintf(out, 48, "%s%%", num);
	else
		snprintf(out, 48, "%s %s", num, unit);
}

/* The significant digits of a table's figure text ("308,218" 6, "0.0123"
 * 3, "1733.93" 6, "1000" 4); 0 for one with an exponent. */
static int significant(const char *t)
{
	int n = 0, lead = 1;

	if (strpbrk(t, "eE"))
		return 0;
	for (; *t; t++) {
		if (*t < '0' || *t > '9')
			continue;
		if (lead && *t == '0')
			continue;
		lead = 0;
		n++;
	}
	return n;
}

void analysis_exact_text(double v, char out[48])
{
	char num[32];

	num_format(v, num);
	group_thousands(num, out);
}

void analysis_table_text(double v, const struct units_view *u, char out[48])
{
	char num[48];
	double x;
	int d, dec;

	analysis_value_text(v, NULL, out);
	if (!u || u->factor == 1 || v == 0 || !isfinite(v))
		return;
	/* the stored figure's digits, no more, no fewer, in the chart's
	 * unit: 308,218 KiB/s is 300.994 MiB/s, 0.25 s is 250 ms */
	d = significant(out);
	x = v / u->factor;
	if (d == 0 || !isfinite(x) || x == 0)
		return;
	dec = d - 1 - (int)floor(log10(fabs(x)));
	if (dec < 0)
		dec = 0;
	if (dec > 15)
		return;
	snprintf(num, sizeof(num), "%.*f", dec, x);
	group_thousands(num, out);
}

