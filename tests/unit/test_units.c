/*
 * test_units.c: figures and units as pages show them (analysis/units.c),
 * over every canonical unit the parsers store (%, 1/s, KiB/s, MiB/s,
 * count, ms, s, us, x) and one a wide table may bring.
 */
#include <stdio.h>

#include "../../analysis/analysis.h"
#include "../../analysis/figures.h"
#include "../../analysis/units.h"
#include "tap.h"

/* v in unit with its own best unit, against want */
static void value(double v, const char *unit, const char *want)
{
	char out[48], what[160];

	units_value(v, unit, out);
	snprintf(what, sizeof(what), "%.10g %s reads '%s'", v,
		 unit ? unit : "(none)", want);
	CHECK_STR(out, want, what);
}

/* a chart's figures: view picked for max, v shown in it */
static void chart(double max, double v, const char *unit, const char *want)
{
	struct units_view u;
	char out[48], what[160];

	units_pick(unit, max, &u);
	units_text(v, &u, out);
	snprintf(what, sizeof(what), "on a chart up to %g %s, %g reads '%s'",
		 max, unit, v, want);
	CHECK_STR(out, want, what);
}

/* text(v) is want; the TAP line calls v "<as>v" */
static void written(void (*text)(double, char *), const char *as, double v,
		    const char *want)
{
	char out[48], what[96];

	text(v, out);
	snprintf(what, sizeof(what), "%s%.10g is written '%s'", as, v, want);
	CHECK_STR(out, want, what);
}

static void number(double v, const char *want)
{
	written(units_number, "", v, want);
}

static void ratio(double r, const char *want)
{
	written(analysis_ratio_text, "the ratio ", r, want);
}

static void exact(double v, const char *want)
{
	written(analysis_exact_text, "a run's ", v, want);
}

void test_units(void)
{
	/* one precision rule, one thousands style */
	number(0, "0");
	number(763.175, "763");
	number(48.3438, "48.3");
	number(2.5, "2.5");
	number(10.03, "10.0");
	number(10, "10");
	number(0.1 + 0.2, "0.300");
	number(0.0123456, "0.0123");
	number(99.96, "100");
	number(9999, "9999");
	number(10000, "10,000");
	number(343247, "343,247");
	number(-109932, "-109,932");
	number(123456789012.4, "123,456,789,012");
	number(2.5e-9, "2.5e-9");
	number(1e35, "1e35");
	/* every canonical unit */
	value(2891, "1/s", "2891/s");
	value(28910, "1/s", "28,910/s");
	value(763.175, "1/s", "763/s");
	value(109932, "count", "109,932");
	value(48343.5, "us", "48.3 ms");
	value(812, "us", "812 \xc2\xb5s");
	value(0.4, "us", "400 ns");
	value(1523, "ms", "1523 ms");
	value(15230, "ms", "15.2 s");
	value(464, "ms", "464 ms");
	value(0.25, "s", "250 ms");
	value(1502, "s", "1502 s");
	value(343247, "KiB/s", "335 MiB/s");
	value(512, "KiB/s", "512 KiB/s");
	value(0.5, "KiB/s", "512 B/s");
	value(5, "s", "5 s");
	value(2048, "MiB/s", "2048 MiB/s");
	value(20480, "MiB/s", "20 GiB/s");
	value(95.5, "MiB/s", "95.5 MiB/s");
	value(12.345, "%", "12.3%");
	value(1.04, "x", "1.04x");
	value(12, "furlongs", "12 furlongs");
	value(12, "", "12");
	value(12, NULL, "12");
	/* a chart: one unit for all its figures, from its largest */
	chart(48343.5, 812, "us", "0.812 ms");
	chart(1.2e6, 21200, "KiB/s", "20.7 MiB/s");
	chart(48343.5, 48343.5, "us", "48.3 ms");
	chart(343247, 1024, "KiB/s", "1 MiB/s");
	chart(0, 5, "KiB/s", "5 KiB/s");
	chart(2891, 2891, "1/s", "2891/s");
	/* ratios: thousands as every figure's, an exponent from a billion */
	ratio(2.14, "2.1x");
	ratio(1.13, "1.13x");
	ratio(9999.94, "9999.9x");
	ratio(712427.3, "712,427.3x");
	ratio(999999999.4, "999,999,999.4x");
	ratio(2.5e9, "2.5e+09x");
	/* a run's own table: every digit, thousands separated */
	exact(9999, "9999");
	exact(10729.52, "10,729.52");
	exact(308218, "308,218");
	exact(-874622.5, "-874,622.5");
}
