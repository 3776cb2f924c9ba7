/*
 * html.c: see html.h.  Every text goes through valid_dup on its way into
 * the tree, so no name from the store can give a page that does not
 * parse.
 */
#include "html.h"

#include <limits.h>
#include <string.h>

#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/xmlsave.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/text.h"
#include "../../core/textrule.h"
#include "../../core/xmlquiet.h"

static const xmlChar *X(const char *s)
{
	return (const xmlChar *)s;
}

/* A copy of s for libxml2 (xmlFree it): what XML cannot carry (controls,
 * noncharacters, bytes that are not UTF-8) and what would make a line
 * read otherwise (bidirectional controls) shown as U+FFFD, so that a store
 * filled by an older version or the sqlite3 shell still gives pages that
 * parse (core/textrule.h). */
static xmlChar *valid_dup(const char *s)
{
	size_t n = strlen(s), cap;
	xmlChar *out;

	if (n > (size_t)INT_MAX / 3 - 1)
		return NULL;
	if (textrule_check(s, n, NULL, NULL) == 0)
		return xmlStrndup(X(s), (int)n);	/* nearly always */
	cap = 3 * n + 1;
	out = xmlMalloc(cap);
	if (out)
		textrule_clean(s, n, (char *)out, cap);
	return out;
}

xmlNodePtr html_add(xmlNodePtr parent, xmlNodePtr n)
{
	if (n && !parent) {
		xmlFreeNode(n);
		return NULL;
	}
	return xmlAddChild(parent, n);
}

void html_text(xmlNodePtr parent, const char *text)
{
	xmlChar *t = valid_dup(text);

	html_add(parent, t ? xmlNewText(t) : NULL);
	xmlFree(t);
}

xmlNodePtr html_el(xmlNodePtr parent, const char *tag, const char *text)
{
	xmlNodePtr n = xmlNewChild(parent, NULL, X(tag), NULL);

	if (text)
		html_text(n, text);
	return n;
}

void html_attr(xmlNodePtr n, const char *name, const char *value)
{
	xmlChar *v = valid_dup(value);

	xmlSetProp(n, X(name), v);
	xmlFree(v);
}

int html_url_ok(const char *url)
{
	size_t scheme = strcspn(url, ":/?#");

	if (strncmp(url, "http://", 7) == 0 || strncmp(url, "https://", 8) == 0)
		return 1;
	if (url[scheme] == ':')
		return 0;	/* javascript:, data:, file: ... */
	return url[0] != '\0' && url[0] != '/' && strstr(url, "..") == NULL;
}

xmlNodePtr html_link(xmlNodePtr parent, const char *href, const char *text)
{
	xmlNodePtr a;

	if (!html_url_ok(href)) {
		html_text(parent, text);
		return parent;
	}
	a = html_el(parent, "a", text);
	html_attr(a, "href", href);
	return a;
}
