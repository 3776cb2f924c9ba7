/*
 * site_plan.h: building every page and chart of a site (site_plan.c).
 */
#ifndef BENCHSITE_SITE_PLAN_H
#define BENCHSITE_SITE_PLAN_H

struct site;

/* Writes the site of s->store into s's staging folder, charts drawn and
 * the marker written: 0, or -1 with s->e filled.  No drawing thread runs
 * after it returns, whatever it returns. */
int site_plan_build(struct site *s);

#endif
