/*
 * units.h: a figure and its unit as a reader writes them.
 *
 * The store keeps canonical units ("1/s", "us", "KiB/s", "count"); pages
 * show "2,891/s", "48.3 ms", "335 MiB/s", "109,932".  One precision rule
 * for charts and sentences (tables keep the stored figure's digits in the
 * chart's unit, downloads the stored value):
 * three significant figures, trailing zeros kept when they were rounded
 * ("10.0" for 10.03, "10" for 10), but a whole number from 100 up is never
 * rounded to tens ("2891", not "2890"); thousands are separated by a
 * comma from 10,000 up ("9999", "10,000"); past 1e15 and below 0.001 an
 * exponent ("1.24e-4").  A unit of a family (ns, µs, ms, s; B/s to TiB/s)
 * is scaled so that the figures stay short: from the stored unit, up while
 * the largest figure has five digits or more, down while it is below 1
 * ("48343.5 us" is "48.3 ms", "343247 KiB/s" is "335 MiB/s", "0.25 s" is
 * "250 ms", "1523 ms" stays).  docs/units.md says the same for readers.
 */
#ifndef BENCHSITE_UNITS_H
#define BENCHSITE_UNITS_H

/* How a set of figures of one canonical unit is shown. */
struct units_view {
	double factor;		/* shown figure = stored figure / factor */
	char unit[16];		/* as shown: "ms", "MiB/s", "/s", "" */
	int tight;		/* written without a space: "/s", "%", "x" */
};

/* The canonical unit as shown, unscaled: "1/s" -> "/s", "us" -> "µs",
 * "count" -> "" (a count needs no unit), anything else as it is. */
const char *units_name(const char *unit);

/* Picks into v the unit of unit's family for figures whose largest
 * magnitude is max (0, or not finite: the canonical unit).  unit may be
 * NULL or "" (no unit). */
void units_pick(const char *unit, double max, struct units_view *v);

/* v by the precision rule above, e.g. "48.3", "2,891", "0.0123". */
void units_number(double v, char out[32]);

/* v (a stored figure) shown in view u: "2,891/s", "48.3 ms", "12.5%". */
void units_text(double v, const struct units_view *u, char out[48]);

/* v with its own best unit: units_pick(unit, |v|) then units_text. */
void units_value(double v, const char *unit, char out[48]);

#endif
