/*
 * page_names.h: the names of a comparison's pages and files: a file's
 * name from its parts, a test page's file and the name it is titled and
 * linked by.  Apart from pages.c, which writes those pages, because the
 * run pages link to them too (site_links.c).
 */
#ifndef BENCHSITE_PAGE_NAMES_H
#define BENCHSITE_PAGE_NAMES_H

#include <stddef.h>

#include "../site/slug.h"

struct model;

/* out = the slug of parts (NULL-terminated) with the extension ext:
 * "test-bonnie-by-fs-get-block-cpu-d0371686.html". */
void pages_file_name(const char *const *parts, const char *ext,
		     char out[SLUG_MAX + 8]);

/* The file name of the test page of m's column c. */
void pages_test_file(const struct model *m, int c, char out[SLUG_MAX + 8]);

/* The name a test page is titled by after its comparison's title, and
 * the text of the links to it: the column's description with its stored
 * names ("Random file deletion: rate (ran_del rate)", titles.h), or the
 * names alone (the test, with its metric when the test has several). */
void pages_column_name(const struct model *m, int c, char *out, size_t cap);

#endif
