/*
 * page_run.c: a page per run (every fact recorded about it, its results,
 * its interim figures over time, the comparison and test pages that show
 * it) and its source's raw text as a .txt file taken from the store, so a
 * reader can check any figure against what the tool printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/sha256.h"
#include "../../core/text.h"
#include "../../schema/store.h"
#include "../../analysis/analysis.h"
#include "../../analysis/figures.h"
#include "../../analysis/units.h"
#include "../chart/chart.h"
#include "../site/draw.h"
#include "html.h"
#include "../chart/linechart.h"
#include "page.h"
#include "page_run.h"
#include "../site/site.h"
#include "site_links.h"
#include "../site/slug.h"
#include "chart_html.h"
#include "../site/site_stream.h"

void page_run_file(long long id, char out[64])
{
	snprintf(out, 64, "run-%lld.html", id);
}

void page_run_source_file(const char *sha256, char out[64])
{
	/* the SHA-256 is hex: a safe name by construction */
	snprintf(out, 64, "source-%.16s.txt", sha256);
}

static void text(xmlNodePtr parent, const char *s)
{
	html_text(parent, s);
}

struct runs {
	struct site *s;
	const struct site_links *links;
	long long last_source;	/* runs come by id; sources mostly repeat */
	struct buf written;	/* sources written: "sha\n" lines */
	/* the run being written */
	xmlNodePtr table;
	/* samples of the run being written, one series at a time */
	char test[128], metric[128];
	struct line_series *series;	/* owned, NULL until a run has one */
	xmlNodePtr samples;
	long long run;
	int nseries;
	int failed;
};

static int attr_row(void *ctx, const char *key, const char *value)
{
	struct runs *r = ctx;
	xmlNodePtr tr = html_el(r->table, "tr", NULL);

	html_el(tr, "th", key);
	html_el(tr, "td", value);
	return 0;
}

static int result_row(void *ctx, const struct store_row *row)
{
	struct runs *r = ctx;
	xmlNodePtr tr = html_el(r->table, "tr", NULL), td;
	char v[48];

	html_el(tr, "td", row->r.test);
	html_el(tr, "td", row->r.metric);
	if (row->r.has_value) {
		analysis_exact_text(row->r.value, v);
		td = html_el(tr, "td", v);
		html_attr(td, "class", "num");
	} else {
		td = html_el(tr, "td", "\xe2\x80\x93");
		html_attr(td, "class", "none");
	}
	html_el(tr, "td", units_name(row->r.unit));	/* "/s", not "1/s" */
	html_el(tr, "td", row->r.better);
	html_el(tr, "td", row->r.status);
	return 0;
}

/* Draws the series gathered so far, if any: one SVG that follows the
 * reader's colour scheme (svg.h), so a light and a dark page share it. */
static int flush_series(struct runs *r)
{
	char base[SLUG_MAX], name[SLUG_MAX + 8], alt[400], title[300];
	char run[32];
	const char *parts[] = {"samples", run, r->test, r->metric, NULL};
	struct line_layout *l;
	struct buf svg;
	xmlNodePtr fig;
	int rc;

	if (!r->series || r->series->n == 0)
		return 0;
	snprintf(run, sizeof(run), "%lld", r->run);
	slug_make(base, parts);
	snprintf(name, sizeof(name), "%s.svg", base);
	snprintf(title, sizeof(title), "%s: %s over time", r->test, r->metric);
	l = malloc(sizeof(*l));
	if (!l)
		return err_set(r->s->e, NULL, 0, 0, "out of memory");
	buf_init(&svg, (size_t)64 << 20);
	rc = line_layout(r->series, title, r->metric, 960, l, r->s->e);
	if (rc == 0)
		rc = line_paint_svg(l, &svg, r->s->e);
	if (rc == 0)
		rc = site_write(r->s, name, svg.data, svg.len, 0);
	if (rc == 0)
		rc = draw_line_made(r->s, base);
	buf_release(&svg);
	if (rc == 0) {
		fig = html_el(r->samples, "figure", NULL);
		snprintf(alt, sizeof(alt), "Line chart of %s of %s over %ld "
			 "interim reports", r->metric, r->test, r->series->n);
		html_chart_img(fig, name, l->width, l->height, alt, 1);
		r->nseries++;
	}
	free(l);
	line_series_init(r->series);
	return rc;
}

/* A series begins: the last one drawn, this one's names kept. */
static int series_begin(void *ctx, const char *test, const char *metric)
{
	struct runs *r = ctx;

	if (!r->series) {
		if (!(r->series = malloc(sizeof(*r->series))))
			return err_set(r->s->e, NULL, 0, 0, "out of memory");
		line_series_init(r->series);
	}
	if (flush_series(r))
		return -1;
	snprintf(r->test, sizeof(r->test), "%s", test);
	snprintf(r->metric, sizeof(r->metric), "%s", metric);
	return 0;
}

static int sample_row(void *ctx, double t, double value)
{
	struct runs *r = ctx;

	line_series_add(r->series, t, value);
	return 0;
}

/* 1 when run is the first of its source's runs, whose page brings the
 * source's file (noted as written), 0 when an earlier one did, -1 on
 * error. */
static int source_first(struct runs *r, const struct store_run *run)
{
	char line[80];

	snprintf(line, sizeof(line), "%s\n", run->sha256);
	if (run->source_id == r->last_source ||
	    (r->written.data && strstr(r->written.data, line)))
		return 0;
	r->last_source = run->source_id;
	if (buf_adds(&r->written, line))
		return err_set(r->s->e, NULL, 0, 0, "%s", buf_oom() ?
			       "out of memory" : "too many sources");
	return 1;
}

struct source_ref {
	struct store *store;
	long long id;
};

static int produce_source(void *ctx, int (*put)(void *, const void *, size_t,
						 struct err *),
			  void *pctx, struct err *e)
{
	const struct source_ref *src = ctx;

	return store_source_read(src->store, src->id, put, pctx, e);
}

/* The raw source, streamed from the store to the file: a 1 GB log never
 * has to be in memory (site_write_stream). */
static int write_source(struct runs *r, const struct store_run *run,
			const char *name)
{
	struct source_ref src = { r->s->store, run->source_id };
	unsigned long long size;

	if (store_source_size(r->s->store, run->source_id, &size, r->s->e))
		return -1;
	return site_write_stream(r->s, name, size, produce_source, &src);
}

/* The key of a run page's unit: the program, whether the page brings its
 * source's file, the run's digest (everything the store holds about it:
 * its row, attributes, results, samples and its source's row; the
 * source's bytes are named by its SHA-256), and the pages that link it
 * shows (each set's digest names their files and titles): a comparison
 * added, removed or retitled, or a test page appearing, rebuilds exactly
 * the pages of the runs it shows.  0, or 1 when the store gave no digest
 * for the run (the page is then built without a unit). */
static int run_key(struct runs *r, const struct store_run *run, int first,
		   long use, long nuse, char key[65])
{
	const unsigned char *d = store_run_digest(r->s->digests, run->id);
	struct sha256 h;
	long long n[3] = {run->id, first, nuse};
	long i;

	if (!d)
		return 1;
	sha256_init(&h);
	sha256_update_str(&h, "run 3");
	sha256_update(&h, r->s->prog, 64);
	sha256_update(&h, n, sizeof(n));
	sha256_update(&h, d, 32);
	for (i = use; i < use + nuse; i++)
		sha256_update(&h, r->links->sets[r->links->uses[i].set].digest,
			      32);
	sha256_final_hex(&h, key);
	return 0;
}

/* Where the run is shown: each comparison page that uses it, in the
 * site's order, and under it the test pages that show a result of the
 * run, in the comparison's order; or one line saying no page does. */
static void used_in(struct runs *r, xmlNodePtr main, long use, long nuse)
{
	const struct site_links *l = r->links;
	xmlNodePtr ul, li, sub;
	long i, k;

	if (nuse == 0) {
		html_attr(html_el(main, "p", "No comparison shows this run."),
			  "class", "used");
		return;
	}
	html_el(main, "h2", "Where it is compared");
	ul = html_el(main, "ul", NULL);
	html_attr(ul, "class", "used");
	for (i = use; i < use + nuse; i++) {
		const struct site_links_set *st = &l->sets[l->uses[i].set];
		const struct site_links_page *cp = &l->pages[st->comp];

		li = html_el(ul, "li", NULL);
		html_link(li, cp->file, cp->title);
		sub = html_el(li, "ul", NULL);
		for (k = 0; k < st->n; k++) {
			const struct site_links_page *tp =
				&l->pages[l->members[st->first + k]];

			html_link(html_el(sub, "li", NULL), tp->file,
				  tp->title);
		}
	}
}

static int run_page(void *ctx, const struct store_run *run)
{
	struct runs *r = ctx;
	struct site *s = r->s;
	char title[400], name[64], src[64], t[600], key[65], *saved;
	struct page p;
	xmlNodePtr main, para, tr;
	int first = source_first(r, run), rc, keyed;
	long use, nuse = site_links_of(r->links, run->id, &use);

	if (first < 0)
		return -1;
	keyed = s->prog[0] && run_key(r, run, first, use, nuse, key) == 0;
	if (keyed) {
		if ((rc = site_unit_reuse(s, key, &saved)) < 0)
			return -1;
		free(saved);
		if (rc == 1)
			return 0;
		if (site_unit_begin(s, key))
			return -1;
	}
	snprintf(title, sizeof(title), "Run %lld: %s", run->id, run->label);
	if (page_new(&p, title, s->e))
		return -1;
	main = p.main;
	page_run_source_file(run->sha256, src);
	para = html_el(main, "p", NULL);
	snprintf(t, sizeof(t), "Suite %s, read as %s from ", run->suite,
		 run->format);
	text(para, t);
	html_link(para, src, run->source);
	snprintf(t, sizeof(t), " (the raw output, as imported), from line %ld.",
		 run->line);
	text(para, t);
	if (run->excluded) {
		snprintf(t, sizeof(t), "This run is excluded from every figure "
			 "and statement: %s", run->excluded);
		html_attr(html_el(main, "p", t), "class", "excluded");
	}
	used_in(r, main, use, nuse);
	html_el(main, "h2", "What was recorded");
	r->table = html_el(html_el(main, "table", NULL), "tbody", NULL);
	tr = html_el(r->table, "tr", NULL);
	html_el(tr, "th", "label");
	html_el(tr, "td", run->label);
	if (store_each_attr(s->store, run->id, attr_row, r, s->e) < 0)
		goto fail;
	html_el(main, "h2", "Results");
	r->table = html_el(main, "div", NULL);
	html_attr(r->table, "class", "scroll");
	r->table = html_el(r->table, "table", NULL);
	tr = html_el(html_el(r->table, "thead", NULL), "tr", NULL);
	html_el(tr, "th", "test");
	html_el(tr, "th", "metric");
	html_el(tr, "th", "value");
	html_el(tr, "th", "unit");
	html_el(tr, "th", "better");
	html_el(tr, "th", "status");
	r->table = html_el(r->table, "tbody", NULL);
	if (store_each_result_of_run(s->store, run->id, result_row, r, s->e) < 0)
		goto fail;
	r->samples = html_el(main, "div", NULL);
	r->run = run->id;
	if (r->series)
		line_series_init(r->series);
	r->nseries = 0;
	if (store_each_sample(s->store, run->id, series_begin, sample_row, r,
			      s->e) < 0 ||
	    flush_series(r))
		goto fail;
	if (r->nseries) {
		xmlNodePtr h = xmlNewNode(NULL, (const xmlChar *)"h2");

		html_text(h, "Over time");
		/* out of memory: no samples div to go before (html.h) */
		if (h && !xmlAddPrevSibling(r->samples, h))
			xmlFreeNode(h);
	} else {
		xmlUnlinkNode(r->samples);
		xmlFreeNode(r->samples);
	}
	if (first && write_source(r, run, src))
		goto fail;
	page_run_file(run->id, name);
	if (page_save(s, &p, name))
		return -1;
	return site_unit_end(s, "");
fail:
	page_free(&p);
	return -1;
}

int page_run_pages(struct site *s, const struct site_links *links)
{
	struct runs r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.s = s;
	r.links = links;
	r.last_source = -1;
	buf_init(&r.written, (size_t)64 << 20);
	rc = store_each_run(s->store, NULL, run_page, &r, s->e);
	buf_release(&r.written);
	free(r.series);
	return rc ? -1 : 0;
}
