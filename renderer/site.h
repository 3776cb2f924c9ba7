/*
 * site.h: the files of a site being built, and the pages in it.
 *
 * Every file goes into the staging folder through site_write or
 * site_chart, which accept only the site's own flat file names (slugs made
 * by slug_make, plus a few fixed names); a name from outside never reaches
 * the file system.
 *
 * Incremental by construction: a file whose bytes equal the published
 * site's copy is hard-linked from it instead of written (its mtime stays);
 * a chart whose inputs hash to what the published site's manifest says is
 * linked without being drawn.  When nothing at all changed, the render
 * leaves the published site untouched.
 */
#ifndef BENCHSITE_SITE_H
#define BENCHSITE_SITE_H

#include <stddef.h>

#include "../core/buf.h"
#include "chart.h"

struct err;
struct page;
struct store;
struct model;
struct analysis;
struct chart_job;

struct site {
	struct store *store;
	char stage[4096];
	const char *out;	/* the published site (read for reuse) */
	struct err *e;
	int jobs;		/* threads that draw charts */
	int gzip;		/* write NAME.gz beside each text file */
	int progress;		/* say how far it got on stderr */
	struct buf old_manifest;	/* the published site's marker */
	struct buf manifest;	/* this render's: "chart BASE KEY" lines */
	struct chart_job *queue;	/* charts to draw at the next flush */
	int nqueue, capqueue;
	long written, reused, drawn, files;
	int thumb_w, thumb_h;	/* of the first thumbnail of a comparison */
	struct chart_index *charts;	/* draw.c's, by base: NULL until used */
};

/* Sets up s for a render into stage beside out. */
int site_init(struct site *s, const char *out, const char *stage,
	      struct err *e);
void site_release(struct site *s);

/* stage/name into out, or -1 when name is not one of ours. */
int site_path(struct site *s, const char *name, char *out, size_t cap);

/* Puts data[0..n) at stage/name (linking the published copy when it is
 * the same), and NAME.gz beside it when s->gzip and text is set. */
int site_write(struct site *s, const char *name, const void *data, size_t n,
	       int text);

/* Writes page as stage/name and frees it. */
int site_save_page(struct site *s, struct page *p, const char *name);

/* Lays chart c out into *l (the caller's, for the page's img sizes) and
 * arranges BASE.png, BASE.svg and BASE-thumb.png: linked from the
 * published site when their inputs are unchanged, else queued for
 * site_flush. */
int site_chart(struct site *s, const struct chart *c, const char *base,
	       struct chart_layout *l);

/* Frees what site_chart keeps between calls (site_release calls it). */
void site_charts_release(struct site *s);

/* Draws every queued chart, on s->jobs threads. */
int site_flush(struct site *s);

/* Writes the marker with this render's manifest. */
int site_finish(struct site *s);

/* 1 when this render wrote nothing new and leaves no published file out:
 * publishing it would change nothing. */
int site_unchanged(struct site *s);

/* What the index says of one comparison. */
struct site_entry {
	char *name, *title, *file, *headline, *thumb;	/* owned */
	int ngroups;
	long nresults;
	int thumb_w, thumb_h;
};

/* Writes a comparison's page, its test pages, charts and downloads; fills
 * entry. */
int pages_comparison(struct site *s, const struct model *m,
		     const struct analysis *a, struct site_entry *entry);

/* Writes index.html listing the entries. */
int pages_index(struct site *s, const struct site_entry *entries, int n);

/* Writes a page for every run in the store, with its raw output. */
int pages_runs(struct site *s);

/* The file name of run id's page, of a source's raw text. */
void pages_run_file(long long id, char out[64]);
void pages_source_file(const char *sha256, char out[64]);

#endif
