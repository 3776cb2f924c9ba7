/*
 * xmlquiet.c: see xmlquiet.h.  The flag is atomic: the renderer may use
 * libxml2 on several threads, and any of them may set it.
 */
#include "xmlquiet.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

static atomic_int oom;
static atomic_int installed;

static void *q_malloc(size_t n)
{
	void *p = malloc(n);

	if (!p)
		atomic_store(&oom, 1);
	return p;
}

static void *q_realloc(void *p, size_t n)
{
	void *q = realloc(p, n);

	if (!q && n)
		atomic_store(&oom, 1);
	return q;
}

static char *q_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = q_malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

static void q_generic(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

static void q_structured(void *ctx, xmlErrorPtr err)
{
	(void)ctx;
	(void)err;
}

void xmlquiet_begin(void)
{
	if (!atomic_exchange(&installed, 1))
		xmlMemSetup(free, q_malloc, q_realloc, q_strdup);
	/* the handlers are per thread: the ThrDef ones are what threads
	 * started later (render's drawing threads) begin with */
	xmlSetGenericErrorFunc(NULL, q_generic);
	xmlSetStructuredErrorFunc(NULL, q_structured);
	xmlThrDefSetGenericErrorFunc(NULL, q_generic);
	xmlThrDefSetStructuredErrorFunc(NULL, q_structured);
	atomic_store(&oom, 0);
}

int xmlquiet_oom(void)
{
	return atomic_load(&oom);
}
