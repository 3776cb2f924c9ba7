/*
 * xmlquiet.h: libxml2 as the parsers use it (pts.c, html.c): silent, and
 * telling when it ran out of memory.
 *
 * libxml2 prints some errors itself whatever the parse options say
 * ("Memory allocation failed" goes to stderr through its generic handler)
 * and reports an allocation failure deep inside as whatever it broke ("not
 * well-formed", "encoder error").  Its allocator hooks (xmlMemSetup) let us
 * see every allocation failure, so the importer can say "out of memory"
 * (tests/oom.test.sh fails each allocation in turn).
 */
#ifndef BENCHSITE_XMLQUIET_H
#define BENCHSITE_XMLQUIET_H

/* Installs the silent error handlers and the counting allocator (once;
 * calling again does nothing) and clears the out-of-memory flag.  Call
 * before each parse. */
void xmlquiet_begin(void);

/* 1 when a libxml2 allocation failed since xmlquiet_begin. */
int xmlquiet_oom(void);

#endif
