/*
 * pages.h: the comparison pages (with their test pages, charts and
 * downloads) and the index (pages.c).
 */
#ifndef BENCHSITE_PAGES_H
#define BENCHSITE_PAGES_H

#include <libxml/tree.h>

#include "../site/slug.h"

struct analysis;
struct model;
struct site;
struct site_entry;
struct units_view;

/* Writes a comparison's page, its test pages, charts and downloads; fills
 * entry. */
int pages_comparison(struct site *s, const struct model *m,
		     const struct analysis *a, struct site_entry *entry);

/* Writes index.html listing the entries. */
int pages_index(struct site *s, const struct site_entry *entries, int n);

/* Fills td, a cell of a results table, with group g's mean in column c
 * (which has one) and its run count; the best of the column is marked by
 * a star and bold, not by colour alone.  The figure gets zeros up to
 * decimals (pages_decimals), so that a column's figures line up.  1 when
 * g is the best. */
int pages_mean_cell(xmlNodePtr td, const struct analysis *a, int c, int g,
		    const struct units_view *uv, int decimals);

/* The most decimals a table writes of a figure of column c in unit uv. */
int pages_decimals(const struct analysis *a, int c,
		   const struct units_view *uv);

/* The unit column c's chart shows its figures in (units.h), scaled to the
 * largest figure it draws of the groups keep marks (NULL: every group);
 * the results tables write the column in it too (analysis_table_text). */
void pages_column_units(const struct analysis *a, int c,
			const unsigned char *keep, struct units_view *uv);

/* Column c's title (its description where titles.h has one) into parent:
 * in an element tag when tag is given, as a link to href when href is;
 * then, when described, the stored name beside it in <code>. */
void pages_column_title(xmlNodePtr parent, const struct model *m, int c,
			const char *tag, const char *href);

#endif
