/*
 * render.h: `benchsite render`: the site of a store, built beside the
 * published one and swapped in whole (render.c).
 *
 * The render is the top of renderer/: it uses the pages (pages/), which
 * use the site's files (site/) and the charts (chart/).
 */
#ifndef BENCHSITE_RENDER_H
#define BENCHSITE_RENDER_H

struct err;
struct store;

/* What `benchsite render` asks for. */
struct site_options {
	const char *out;	/* the published site's folder */
	int jobs;		/* threads that draw charts */
	int gzip;		/* write NAME.gz beside each text file */
	int progress;		/* say how far it got on stderr */
};

/* What a render did, for its one line of report. */
struct site_report {
	int fresh;		/* the store had not changed since the published
				 * site was rendered: nothing was built */
	long files;		/* files in the site (fresh: as published) */
	long pages, charts;	/* HTML pages and charts (not when fresh) */
	long drawn;		/* charts drawn; the others were unchanged */
	long written;		/* files written; the others were kept */
	long refused;		/* comparisons left out, each named on stderr:
				 * ones compare would refuse (comparison_rule.h)
				 * and ones too large; the rest published */
};

/* Renders the site of st (opened for reading) into a staging folder beside
 * o->out and swaps it in whole; a render that changes nothing touches
 * nothing.  A stored comparison that compare would refuse is named on
 * stderr, counted in r->refused and left out; the others are built.  0 with *r filled, or -1 with e filled and the published site
 * as it was. */
int site_render(struct store *st, const struct site_options *o,
		struct site_report *r, struct err *e);

#endif
