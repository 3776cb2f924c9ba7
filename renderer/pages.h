/*
 * pages.h: the comparison pages (with their test pages, charts and
 * downloads) and the index (pages.c).
 */
#ifndef BENCHSITE_PAGES_H
#define BENCHSITE_PAGES_H

struct analysis;
struct model;
struct site;
struct site_entry;

/* Writes a comparison's page, its test pages, charts and downloads; fills
 * entry. */
int pages_comparison(struct site *s, const struct model *m,
		     const struct analysis *a, struct site_entry *entry);

/* Writes index.html listing the entries. */
int pages_index(struct site *s, const struct site_entry *entries, int n);

#endif
