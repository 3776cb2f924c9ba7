/*
 * site_links.h: which pages of the site use each run, for the run's page
 * to link back to them (site_links.c).
 */
#ifndef BENCHSITE_SITE_LINKS_H
#define BENCHSITE_SITE_LINKS_H

struct buf;
struct err;
struct model;

/* A comparison page or a test page: its file and the name a link to it
 * shows (the comparison's title; the test page's title after its
 * comparison's). */
struct site_links_page {
	char *file, *title;	/* owned */
};

/* The pages of one comparison that one run is in: the comparison's page
 * and the test pages of the columns the run has a result in. */
struct site_links_set {
	int comp;		/* its comparison page, in pages */
	long first;		/* its test pages: members[first..first+n) */
	int n;
	unsigned char digest[32];	/* of every file and title it names */
};

/* One run in one comparison. */
struct site_links_use {
	long long run;
	int set;
};

struct site_links {
	struct site_links_page *pages;
	int npages, pcap;
	struct site_links_set *sets;
	int nsets, scap;
	int *members;		/* page indexes */
	long nmembers, mcap;
	struct site_links_use *uses;	/* by run, then site order, after
					 * site_links_finish */
	long nuses, ucap;
	/* where the comparison added last starts */
	int last_page, last_set;
	long last_use;
};

void site_links_init(struct site_links *l);
void site_links_release(struct site_links *l);

/* Adds the comparison page file (titled title), its test pages and which
 * of m's runs each shows.  Comparisons are added in the site's order.  0,
 * or -1 with e filled. */
int site_links_add_model(struct site_links *l, const char *file,
			 const char *title, const struct model *m,
			 struct err *e);

/* Appends the comparison added last as one line of text (no newline) to
 * b: 0, or -1 when b is full. */
int site_links_save_last(const struct site_links *l, struct buf *b);

/* Adds a comparison from the text site_links_save_last made: 0, or -1
 * with e filled (damaged text, or memory ran out). */
int site_links_load(struct site_links *l, const char *file,
		    const char *title, const char *text, struct err *e);

/* Orders the uses by run and computes the sets' digests; once, after the
 * last comparison.  0, or -1 with e filled. */
int site_links_finish(struct site_links *l, struct err *e);

/* How many comparisons use run; *first is the first of their uses in
 * l->uses (in the site's order). */
long site_links_of(const struct site_links *l, long long run, long *first);

#endif
