/*
 * units.c: see units.h.
 *
 * The families are tables, smallest unit first; a canonical unit outside
 * them is shown as stored (a wide table's own "--unit furlongs").  Every
 * text is made with snprintf in the C locale (main sets no other), so a
 * site is the same bytes whatever the reader's or the builder's locale:
 * the thousands separator is ours, not the locale's.
 */
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct unit_step {
	const char *canon;	/* as stored */
	const char *shown;
	double scale;		/* in the family's base unit */
};

static const struct unit_step time_units[] = {
	{"ns", "ns", 1e-9}, {"us", "\xc2\xb5s", 1e-6}, {"ms", "ms", 1e-3},
	{"s", "s", 1}, {NULL, NULL, 0},
};

static const struct unit_step rate_units[] = {
	{"B/s", "B/s", 1}, {"KiB/s", "KiB/s", 1024.0},
	{"MiB/s", "MiB/s", 1024.0 * 1024}, {"GiB/s", "GiB/s", 1024.0 * 1024 * 1024},
	{"TiB/s", "TiB/s", 1024.0 * 1024 * 1024 * 1024}, {NULL, NULL, 0},
};

static const struct unit_step *const families[] = {time_units, rate_units};

const char *units_name(const char *unit)
{
	if (!unit)
		return "";
	if (strcmp(unit, "1/s") == 0)
		return "/s";
	if (strcmp(unit, "us") == 0)
		return "\xc2\xb5s";
	if (strcmp(unit, "count") == 0)
		return "";
	return unit;
}

static int is_tight(const char *shown)
{
	return shown[0] == '/' || strcmp(shown, "%") == 0 ||
	       strcmp(shown, "x") == 0;
}

void units_pick(const char *unit, double max, struct units_view *v)
{
	size_t f;
	int i, k;

	v->factor = 1;
	snprintf(v->unit, sizeof(v->unit), "%s", units_name(unit));
	v->tight = is_tight(v->unit);
	if (!unit)
		return;
	for (f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
		const struct unit_step *u = families[f];

		for (i = 0; u[i].canon && strcmp(u[i].canon, unit) != 0; i++)
			;
		if (!u[i].canon)
			continue;
		if (!(max > 0) || !isfinite(max))
			return;
		/* up while max has 5 digits or more, down while it is below
		 * 1: short figures, and the small bars of a chart keep
		 * their digits ("20.7 MiB/s" beside "1229 MiB/s", never
		 * "0.0202 GiB/s") */
		k = i;
		while (u[k + 1].canon && max * u[i].scale / u[k].scale >= 9999.5)
			k++;
		while (k > 0 && max * u[i].scale / u[k].scale < 1)
			k--;
		v->factor = u[k].scale / u[i].scale;
		snprintf(v->unit, sizeof(v->unit), "%s", u[k].shown);
		v->tight = 0;
		return;
	}
}

/* s, a "%.2e" text ("1.50e+34"), rewritten short: "1.5e34". */
static void exp_short(const char *s, char out[32])
{
	const char *e = strchr(s, 'e');
	size_t m = e ? (size_t)(e - s) : strlen(s);

	if (memchr(s, '.', m)) {
		while (m > 0 && s[m - 1] == '0')
			m--;
		if (m > 0 && s[m - 1] == '.')
			m--;
	}
	if (!e)
		snprintf(out, 32, "%.*s", (int)m, s);
	else
		snprintf(out, 32, "%.*se%ld", (int)m, s, strtol(e + 1, NULL, 10));
}

void units_number(double v, char out[32])
{
	double a = fabs(v);
	char t[48];
	size_t n, lead, i, o;

	if (v == 0) {
		snprintf(out, 32, "0");
		return;
	}
	if (!isfinite(v)) {
		snprintf(out, 32, "%g", v);
		return;
	}
	if (a >= 1e15 || a < 1e-3) {
		snprintf(t, sizeof(t), "%.2e", v);
		exp_short(t, out);
		return;
	}
	if (a < 99.95) {	/* below 100 once rounded to 3 figures */
		/* "10.0" for 10.03: a zero that was rounded stays, saying
		 * the figure is not exactly 10; "10" for 10 and "2.5" for
		 * 2.5, which are exact */
		snprintf(t, sizeof(t), "%.3g", v);
		if (strtod(t, NULL) == v || strchr(t, 'e'))
			snprintf(out, 32, "%s", t);
		else
			snprintf(out, 32, "%#.3g", v);
		return;
	}
	snprintf(t, sizeof(t), "%.0f", v);
	lead = t[0] == '-';
	n = strlen(t) - lead;
	if (n < 5) {	/* up to 9999: no separator */
		snprintf(out, 32, "%s", t);
		return;
	}
	o = 0;
	if (lead)
		out[o++] = '-';
	for (i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = t[lead + i];
	}
	out[o] = '\0';	/* at most 15 digits and 4 commas: fits 32 */
}

void units_text(double v, const struct units_view *u, char out[48])
{
	char num[32];

	units_number(v / u->factor, num);
	snprintf(out, 48, "%s%s%s", num, u->unit[0] && !u->tight ? " " : "",
		 u->unit);
}

void units_value(double v, const char *unit, char out[48])
{
	struct units_view u;

	units_pick(unit, fabs(v), &u);
	units_text(v, &u, out);
}
