/*
 * xmlquiet.h: libxml2 as benchsite uses it (the parsers pts.c and htmltable.c,
 * the renderer's pages and SVG charts): silent, and telling when it ran out
 * of memory.
 *
 * libxml2 prints some errors itself whatever the parse options say
 * ("Memory allocation failed" goes to stderr through its generic handler)
 * and reports an allocation failure deep inside as whatever it broke ("not
 * well-formed", "encoder error").  Its allocator hooks (xmlMemSetup) let us
 * see every allocation failure, so the importer can say "out of memory"
 * (tests/oom.test.sh fails each allocation in turn).  The renderer needs
 * the flag most: libxml2's tree functions answer a failed allocation with
 * NULL, and a node added to NULL is simply not there, so a page built
 * while memory ran out is a page with text missing; render checks the flag
 * before it publishes (tests/oom_render.test.sh).
 */
#ifndef BENCHSITE_XMLQUIET_H
#define BENCHSITE_XMLQUIET_H

/* Installs the silent error handlers (for this thread and every thread
 * started after) and the counting allocator (once; calling again does
 * nothing) and clears the out-of-memory flag.  Call before each parse, or
 * once before a render. */
void xmlquiet_begin(void);

/* 1 when a libxml2 allocation failed since xmlquiet_begin. */
int xmlquiet_oom(void);

/* The parser this thread runs from now on (any non-NULL pointer; name is
 * the input's, for the message), NULL when it has returned: an allocation
 * failure during the parse ends the process with exit 1 if the parse does
 * not return within 2 s of CPU (libxml2 2.9.14 can spin forever: see
 * xmlquiet.c). */
void xmlquiet_parsing(void *ctxt, const char *name);

#endif
