/*
 * site_plan.c: what the site has (site_plan.h): the style sheet, a unit
 * of pages per comparison (reused whole when its key is in the published
 * manifest), the index and the run pages, then every chart drawn.  The
 * comparisons, built or reused, say which runs their pages show
 * (site_links.h); the run pages, built last, link back to them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/xmlquiet.h"
#include "../../schema/comparison_rule.h"
#include "../../schema/store.h"
#include "../../analysis/analysis.h"
#include "../../analysis/model.h"
#include "../site/draw.h"
#include "page.h"
#include "page_run.h"
#include "pages.h"
#include "../site/publish.h"
#include "../site/site.h"
#include "../site/site_entry.h"
#include "../site/site_key.h"
#include "site_links.h"
#include "site_plan.h"

/* A unit's saved text: its index entry and its links.  Far above what a
 * comparison of thousands of runs saves (runs imported together have
 * consecutive ids, saved as ranges), below the manifest's own cap. */
#define SAVED_MAX ((size_t)32 << 20)

struct build {
	struct site *s;
	struct site_entry *entries;
	int n, cap;
	struct site_links links;
};

/* The saved text of the comparison just built: en, then its links. */
static char *saved_text(struct build *b, const struct site_entry *en)
{
	char *entry = site_entry_save(en);
	struct buf t;

	if (!entry)
		return NULL;
	buf_init(&t, SAVED_MAX);
	if (buf_adds(&t, entry) || buf_addc(&t, '\t') ||
	    site_links_save_last(&b->links, &t)) {
		free(entry);
		buf_release(&t);
		return NULL;
	}
	free(entry);
	return buf_detach(&t, NULL);
}

static int build_one(void *ctx, const struct store_comparison *c)
{
	struct build *b = ctx;
	struct model m;
	struct analysis a;
	struct site_entry *en;
	char key[65], *saved = NULL;
	const char *rest;
	struct err why;
	int rc, keyed;

	/* named by site_render already; the others are built */
	if (!c->is_default && comparison_rule_check(c, &why))
		return 0;
	if (b->n == b->cap) {
		int ncap = b->cap ? 2 * b->cap : 16;
		struct site_entry *ne = realloc(b->entries,
						(size_t)ncap * sizeof(*ne));

		if (!ne)
			return err_set(b->s->e, NULL, 0, 0, "out of memory");
		b->entries = ne;
		b->cap = ncap;
	}
	en = &b->entries[b->n];
	memset(en, 0, sizeof(*en));
	keyed = b->s->prog[0] && b->s->digests;
	if (keyed) {
		site_key_comparison(b->s, c, key);
		if ((rc = site_unit_reuse(b->s, key, &saved)) < 0)
			return -1;
		if (rc == 1) {
			/* nothing of it changed: its files are linked */
			b->n++;	/* counted even on failure: freed below */
			rc = site_entry_load(saved, en, &rest);
			if (rc)
				rc = err_set(b->s->e, PUBLISH_MARKER, 0, 0,
					     "damaged unit %s", key);
			else	/* its message says memory or damage */
				rc = site_links_load(&b->links, en->file,
						     en->title, rest, b->s->e);
			free(saved);
			return rc;
		}
	}
	rc = model_load(b->s->store, c, &m, b->s->e);
	if (rc == -2) {
		/* too large to show: named, left out, the others built */
		char msg[ERR_MSG_MAX];

		snprintf(msg, sizeof(msg), "%s", b->s->e->msg);
		err_set(b->s->e, NULL, 0, 0, "%s (left out of the site)", msg);
		err_print(b->s->e);
		err_clear(b->s->e);
		b->s->refused++;
		return 0;
	}
	if (rc)
		return -1;
	if (analysis_run(&m, &a, b->s->e)) {
		model_release(&m);
		return -1;
	}
	rc = keyed ? site_unit_begin(b->s, key) : 0;
	if (rc == 0)
		rc = pages_comparison(b->s, &m, &a, en);
	b->n++;	/* counted even on failure: its strings are freed below */
	if (rc == 0)
		rc = site_links_add_model(&b->links, en->file, en->title, &m,
					  b->s->e);
	/* its charts are drawn meanwhile (draw.c): a drawing failure shows
	 * at site_plan_build's draw_flush */
	if (rc == 0 && keyed) {
		saved = saved_text(b, en);
		rc = saved ? site_unit_end(b->s, saved) :
			     err_set(b->s->e, NULL, 0, 0, "%s", buf_oom() ?
				     "out of memory" : "unit too large");
		free(saved);
	}
	analysis_release(&a);
	model_release(&m);
	return rc;
}

int site_plan_build(struct site *s)
{
	const char *css = page_template("style.css");
	struct build b;
	int i, rc = -1;

	if (!css)
		return err_set(s->e, "templates/style.css", 0, 0, "not built in");
	if (site_write(s, "style.css", css, strlen(css), 1))
		return -1;
	memset(&b, 0, sizeof(b));
	b.s = s;
	site_links_init(&b.links);
	if (store_each_comparison(s->store, build_one, &b, s->e) == 0 &&
	    site_links_finish(&b.links, s->e) == 0 &&
	    pages_index(s, b.entries, b.n) == 0 &&
	    page_run_pages(s, &b.links) == 0)
		rc = 0;
	/* always: no drawing thread may outlive the build, failed or not */
	if (draw_flush(s))
		rc = -1;
	/* a page or SVG chart built while libxml2 ran out of memory lacks
	 * what it could not allocate, silently (html.h); so does text whose
	 * appends were not checked one by one (buf.h) */
	if (rc == 0 && (xmlquiet_oom() || buf_oom()))
		rc = err_set(s->e, NULL, 0, 0, "out of memory");
	if (rc == 0 && site_finish(s))
		rc = -1;
	for (i = 0; i < b.n; i++)
		site_entry_release(&b.entries[i]);
	free(b.entries);
	site_links_release(&b.links);
	return rc;
}
