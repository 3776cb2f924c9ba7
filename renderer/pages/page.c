/*
 * page.c: see page.h.  Templates are compiled into the binary
 * (Makefile: core/embed.sh), parsed with network access and entity
 * expansion off, filled, and serialised as HTML with an HTML5 doctype.
 */
#include "page.h"

#include <string.h>

#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/xmlsave.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/xmlquiet.h"
#include "../site/site.h"
#include "html.h"

struct embedded {
	const char *name;
	const char *text;
};
extern const struct embedded templates[];

const char *page_template(const char *name)
{
	int i;

	for (i = 0; templates[i].name; i++)
		if (strcmp(templates[i].name, name) == 0)
			return templates[i].text;
	return NULL;
}

static const xmlChar *X(const char *s)
{
	return (const xmlChar *)s;
}

/* Fills every element with data-slot="title" and finds "main". */
static void fill(xmlNodePtr n, struct page *p, const char *title)
{
	for (; n; n = n->next) {
		xmlChar *slot;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		slot = xmlGetProp(n, X("data-slot"));
		if (slot) {
			if (xmlStrEqual(slot, X("title"))) {
				/* NULL only: xmlNodeSetContent would read
				 * entities in a string */
				xmlNodeSetContent(n, NULL);
				html_text(n, title);
			} else if (xmlStrEqual(slot, X("main")))
				p->main = n;
			xmlUnsetProp(n, X("data-slot"));
			xmlFree(slot);
		}
		fill(n->children, p, title);
	}
}

int page_new(struct page *p, const char *title, struct err *e)
{
	const char *t = page_template("page.xhtml");

	memset(p, 0, sizeof(*p));
	if (!t)
		return err_set(e, "templates/page.xhtml", 0, 0, "not built in");
	/* XML_PARSE_IGNORE_ENC, not "UTF-8": libxml2 2.9.14 crashes in
	 * xmlParseDocument when the converter's allocation fails (pts.c) */
	p->doc = xmlReadMemory(t, (int)strlen(t), "page.xhtml", NULL,
			       XML_PARSE_NONET | XML_PARSE_NOBLANKS |
			       XML_PARSE_IGNORE_ENC);
	if (!p->doc)
		return err_set(e, "templates/page.xhtml", 0, 0, "%s",
			       xmlquiet_oom() ? "out of memory"
					      : "not well-formed");
	fill(xmlDocGetRootElement(p->doc), p, title);
	if (!p->main) {
		page_free(p);
		return err_set(e, "templates/page.xhtml", 0, 0, "%s",
			       xmlquiet_oom() ? "out of memory" :
			       "no data-slot=\"main\" element");
	}
	return 0;
}

void page_free(struct page *p)
{
	if (p->doc)
		xmlFreeDoc(p->doc);
	p->doc = NULL;
}

/* Comments of the template are for its editors, not for readers. */
static void strip_comments(xmlNodePtr n)
{
	while (n) {
		xmlNodePtr next = n->next;

		if (n->type == XML_COMMENT_NODE) {
			xmlUnlinkNode(n);
			xmlFreeNode(n);
		} else {
			strip_comments(n->children);
		}
		n = next;
	}
}

int page_serialize(struct page *p, struct buf *out, struct err *e)
{
	xmlBufferPtr xb = xmlBufferCreate();
	xmlSaveCtxtPtr ctx;
	int rc = 0;

	if (!xb)
		return err_set(e, NULL, 0, 0, "out of memory");
	strip_comments(p->doc->children);
	ctx = xmlSaveToBuffer(xb, "UTF-8",
			      XML_SAVE_NO_DECL | XML_SAVE_XHTML | XML_SAVE_FORMAT);
	if (!ctx || xmlSaveTree(ctx, xmlDocGetRootElement(p->doc)) < 0)
		rc = -1;
	if (ctx && xmlSaveClose(ctx) < 0)
		rc = -1;
	if (rc == 0 && (buf_adds(out, "<!DOCTYPE html>\n") ||
			buf_add(out, xmlBufferContent(xb),
				(size_t)xmlBufferLength(xb)) ||
			buf_addc(out, '\n')))
		rc = -1;
	xmlBufferFree(xb);
	if (rc)
		return err_set(e, NULL, 0, 0, "%s",
			       xmlquiet_oom() || buf_oom() ? "out of memory"
							   : "cannot serialise page");
	return 0;
}

int page_save(struct site *s, struct page *p, const char *name)
{
	struct buf b;
	int rc;

	buf_init(&b, SITE_FILE_MAX);
	rc = page_serialize(p, &b, s->e);
	page_free(p);
	if (rc == 0)
		rc = site_write(s, name, b.data, b.len, 1);
	buf_release(&b);
	return rc;
}
