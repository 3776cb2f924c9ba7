/*
 * site.h: the files of a site being built, and the pages in it.
 *
 * Every file goes into the staging folder through site_path, which accepts
 * only the site's own flat file names (slugs made by slug_make, plus a few
 * fixed names); a name from outside never reaches the file system.
 */
#ifndef BENCHSITE_SITE_H
#define BENCHSITE_SITE_H

#include <stddef.h>

#include "../core/buf.h"

struct err;
struct page;
struct store;
struct model;
struct analysis;

struct site {
	struct store *store;
	char stage[4096];
	struct err *e;
};

/* stage/name into out, or -1 when name is not one of ours. */
int site_path(struct site *s, const char *name, char *out, size_t cap);

/* Creates stage/name (it must not exist) holding data[0..n). */
int site_write(struct site *s, const char *name, const void *data, size_t n);

/* Writes page as stage/name and frees it. */
int site_save_page(struct site *s, struct page *p, const char *name);

/* What the index says of one comparison. */
struct site_entry {
	char *name, *title, *file, *headline;	/* owned */
	int ngroups;
	long nresults;
};

/* Writes a comparison's page (and its charts); fills entry. */
int pages_comparison(struct site *s, const struct model *m,
		     const struct analysis *a, struct site_entry *entry);

/* Writes index.html listing the entries. */
int pages_index(struct site *s, const struct site_entry *entries, int n);

#endif
