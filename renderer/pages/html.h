/*
 * html.h: putting data into a page's libxml2 tree (page.h).
 *
 * No function here takes markup as a string: data goes in only as text
 * nodes and attribute values, which the serializer escapes.  Links pass an
 * allow-list (relative names of the site's own files, http and https) so
 * that no data can become a javascript: URL (goaccess's lesson).
 */
#ifndef BENCHSITE_HTML_H
#define BENCHSITE_HTML_H

#include <libxml/tree.h>

/*
 * Out of memory: libxml2 answers with NULL and these pass NULL on (a NULL
 * parent adds nothing), so a page is built to its end either way; a
 * render checks xmlquiet_oom (core/xmlquiet.h) before it publishes.
 */

/* Appends n to parent and returns it (or the text node it merged into);
 * when parent is NULL, frees n (nothing is leaked) and returns NULL. */
xmlNodePtr html_add(xmlNodePtr parent, xmlNodePtr n);

/* Appends text to parent as a text node.  Text that is not valid UTF-8
 * (a name cut short by a fixed-size buffer, say) is cut before the first
 * bad byte: libxml2 must never see a broken sequence. */
void html_text(xmlNodePtr parent, const char *text);

/* Appends <tag>text</tag> (text may be NULL) to parent and returns it. */
xmlNodePtr html_el(xmlNodePtr parent, const char *tag, const char *text);

/* Sets an attribute; a class or id value is passed through as text. */
void html_attr(xmlNodePtr n, const char *name, const char *value);

/* Appends <a href="href">text</a>; href must pass html_url_ok, otherwise
 * the text is appended without a link. */
xmlNodePtr html_link(xmlNodePtr parent, const char *href, const char *text);

/* 1 when url is a relative name without a scheme, or http(s)://. */
int html_url_ok(const char *url);

#endif
