/*
 * page_systems.h: a comparison page's systems table and its sentence
 * (analysis/systems.h): a column per group, a row per attribute, the
 * attributes that differ first.
 */
#ifndef BENCHSITE_PAGE_SYSTEMS_H
#define BENCHSITE_PAGE_SYSTEMS_H

#include <libxml/tree.h>

struct err;
struct model;

/* Appends to parent, as a note paragraph, the sentence that says what
 * else the groups differ in, pointing to the table; nothing when they
 * differ in nothing besides the grouping.  0, or -1 with e set. */
int page_systems_note(xmlNodePtr parent, const struct model *m,
		      struct err *e);

/* Appends to parent the "Systems" heading (id "systems") and the table,
 * in a box that scrolls sideways on a narrow screen.  0, or -1 with e
 * set. */
int page_systems(xmlNodePtr parent, const struct model *m, struct err *e);

#endif
