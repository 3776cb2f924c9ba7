/*
 * site.h: the files of a site being built, and the pages in it.
 *
 * Every file goes into the staging folder through site_write (page_save,
 * pages/page.h, for a page) or draw_chart (draw.h), which accept only the
 * site's own flat file names (slugs made by slug_make, plus a few fixed
 * names); a name from outside never reaches the file system.
 *
 * Incremental by construction: a file whose bytes equal the published
 * site's copy is hard-linked from it instead of written (its mtime stays);
 * a chart whose inputs hash to what the published site's manifest says is
 * linked without being drawn; a unit of pages (a comparison with its test
 * pages, charts and downloads; a run's page) whose inputs hash to a unit
 * of the published manifest has all its files linked without being built.
 * When nothing at all changed, the render leaves the published site
 * untouched.
 */
#ifndef BENCHSITE_SITE_H
#define BENCHSITE_SITE_H

#include <time.h>

#include <stddef.h>

#include "../../core/buf.h"

/* A site file larger than this is not one benchsite makes; the cap bounds
 * the read of the published copy for comparison. */
#define SITE_FILE_MAX ((size_t)256 << 20)

struct err;
struct store;
struct model;
struct analysis;
struct chart_index;
struct chart_job;
struct pool;
struct store_digests;

struct site {
	struct store *store;
	char stage[4096];
	const char *out;	/* the published site (read for reuse) */
	int out_fd, stage_fd;	/* the two folders; out_fd -1 when none */
	struct timespec published;	/* when the published site was
					 * finished: its marker's mtime */
	struct err *e;
	int jobs;		/* threads that draw charts */
	int gzip;		/* write NAME.gz beside each text file */
	int progress;		/* say how far it got on stderr */
	struct buf old_manifest;	/* the published site's marker */
	size_t *units, nunit_slots;	/* its units by key (site_files.c) */
	struct buf manifest;	/* this render's: "chart BASE KEY" lines */
	struct pool *pool;	/* draw.c's drawing threads: NULL until used */
	long written, reused, drawn, files;
	long pages, ncharts;	/* in this render's site: .html files, charts */
	int thumb_w, thumb_h;	/* of the first thumbnail of a comparison */
	int narrow_w, narrow_h;	/* of its narrow layout (the index shows it) */
	struct chart_index *charts;	/* draw.c's, by base: NULL until used */
	/* What every page depends on besides its own data (the program's
	 * bytes, --gzip, how this machine lays text out); "" when unknown:
	 * then no unit is reused. */
	char prog[65];
	int recording;		/* in a unit: files go into its manifest block */
	/* per run, what the store holds about it (store_fingerprint): the
	 * units' keys; NULL when the store could not be read whole, and then
	 * no unit is reused */
	struct store_digests *digests;
	long refused;		/* comparisons left out as too large */
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

/* Removes stage/name: 0, or -1 with errno set. */
int site_unlink(struct site *s, const char *name);

/* Opens stage/name, which must not exist yet, for writing (path gets its
 * path); the descriptor, or -1 with s->e filled. */
int site_create(struct site *s, const char *name, char *path, size_t cap);

/* Hard-links the published NAME into the staging folder: 0, or -1 when it
 * cannot (the caller then writes the file). */
int site_link_published(struct site *s, const char *name);

/* 1 when the file st describes was modified after t (a published site's
 * finishing time): changed outside benchsite, never to be reused. */
struct stat;
int site_changed_after(const struct stat *st, const struct timespec *t);

/* Units of pages.  The manifest holds, per unit built, the block
 * "unit KEY", its "chart BASE KEY" and "file NAME" lines, "saved TEXT"
 * (what the caller needs to go on without building it, e.g. the index's
 * entry; escaped, one line) and "end".  KEY must hash every input of the
 * unit's files, s->prog included.
 *
 * site_unit_reuse: when the published site has unit key and every one of
 * its files could be linked, copies the block into this render's manifest,
 * sets *saved to its text (the caller frees it) and returns 1; else links
 * nothing and returns 0 (-1: out of memory).  Otherwise the caller builds
 * the unit between site_unit_begin and site_unit_end. */
int site_unit_reuse(struct site *s, const char *key, char **saved);
int site_unit_begin(struct site *s, const char *key);
int site_unit_end(struct site *s, const char *saved);

/* Writes the marker with this render's manifest. */
int site_finish(struct site *s);

/* 1 when this render wrote nothing new and leaves no published file out:
 * publishing it would change nothing. */
int site_unchanged(struct site *s);

#endif
