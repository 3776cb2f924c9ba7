/*
 * figures.h: figures and ratios as text, the same in every sentence,
 * table and alt text: a ratio's decimals, a value with its unit, a stored
 * figure's every digit, a table's figure in its chart's unit.
 */
#ifndef BENCHSITE_FIGURES_H
#define BENCHSITE_FIGURES_H

/* A ratio as people read it: one decimal from 1.2x up, two below. */
void analysis_ratio_text(double r, char out[16]);

/* "1.6%" of how far apart a ratio r (>= 1) is, rounded up to one
 * decimal, so that "within" never understates: 1.0011 is "within 0.2%". */
void analysis_share_text(double r, char out[16]);

/* A value with its unit for people: "268 s", "1.25 ms", "2891/s"; with a
 * unit (a sentence, an alt text) by units_value (units.h), without one (a
 * table's figure) as stored, shortened only past 7 characters. */
void analysis_value_text(double v, const char *unit, char out[48]);

/* A stored figure with every digit it has, its thousands separated from
 * 10,000 up ("9,025,827", "10,729.52"): a run's own table. */
void analysis_exact_text(double v, char out[48]);

/* A table's figure (analysis_value_text without a unit) in the unit u
 * its column's chart shows (units.h; NULL: as stored), with as many
 * significant digits as the stored figure's text: "308,218" KiB/s is
 * "300.994" in MiB/s, "0.25" s is "250" in ms. */
struct units_view;
void analysis_table_text(double v, const struct units_view *u, char out[48]);

#endif
