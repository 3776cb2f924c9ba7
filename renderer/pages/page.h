/*
 * page.h: a page of the site as a libxml2 tree parsed from
 * templates/page.xhtml, and that tree as HTML bytes.
 *
 * Content goes in under page.main through the helpers of html.h, never as
 * markup in a string.
 */
#ifndef BENCHSITE_PAGE_H
#define BENCHSITE_PAGE_H

#include <libxml/tree.h>

struct buf;
struct err;
struct site;

struct page {
	xmlDocPtr doc;
	xmlNodePtr main;	/* the element content goes into */
};

/* Starts a page from templates/page.xhtml with this title. */
int page_new(struct page *p, const char *title, struct err *e);
void page_free(struct page *p);

/* Appends the page as HTML (an HTML5 doctype, then XHTML-compatible
 * markup) to out. */
int page_serialize(struct page *p, struct buf *out, struct err *e);

/* Writes page p as the site's file name (site_write) and frees it. */
int page_save(struct site *s, struct page *p, const char *name);

/* The text of an embedded template file ("page.xhtml", "style.css"),
 * or NULL. */
const char *page_template(const char *name);

#endif
