/*
 * page_run.h: a page per run, and its source's raw text (page_run.c).
 */
#ifndef BENCHSITE_PAGE_RUN_H
#define BENCHSITE_PAGE_RUN_H

struct site;
struct site_links;

/* Writes a page for every run in the store, with its raw output and links
 * to the comparison and test pages links says use it. */
int page_run_pages(struct site *s, const struct site_links *links);

/* The file name of run id's page, of a source's raw text. */
void page_run_file(long long id, char out[64]);
void page_run_source_file(const char *sha256, char out[64]);

#endif
