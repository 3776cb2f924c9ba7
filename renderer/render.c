/*
 * render.c: the render: the keys that may make it unnecessary (site_key.c),
 * the site built into a staging folder (site_plan.c) and published whole
 * (publish.c).
 *
 * The site is a pure function of the store and the templates: comparisons
 * in name order, groups and columns in import order, no clock, no random
 * colour; render it twice and the bytes are the same.  A render that
 * changes nothing leaves the published site untouched (site/site.h).
 */
#include "render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/progress.h"
#include "../core/textrule.h"
#include "../core/xmlquiet.h"
#include "../schema/comparison_rule.h"
#include "../schema/store.h"
#include "site/publish.h"
#include "site/site.h"
#include "site/publish_lock.h"
#include "site/site_key.h"
#include "pages/site_plan.h"

/* Runs named one by one in render's warning about unclean text; past
 * this, a count (a store filled by a script may hold thousands). */
#define UNCLEAN_SHOWN_MAX 10

/* Names a run holding text the text rule refuses (store_each_unclean_run):
 * the site shows it cleaned, and the user learns where it is. */
static int warn_unclean(void *ctx, const struct store_run *run)
{
	long *n = ctx;

	if (++*n > UNCLEAN_SHOWN_MAX)
		return 0;
	fprintf(stderr, "benchsite: warning: run %lld ('", run->id);
	textrule_fputs(run->label, stderr);
	fputs("', from ", stderr);
	textrule_fputs(run->source, stderr);
	fprintf(stderr, ":%ld) holds control characters, noncharacters, "
		"bidirectional controls, invisible characters or bytes that "
		"are not UTF-8, or text not in NFC: the site shows U+FFFD in "
		"their place, and the text composed\n", run->line);
	return 0;
}

/* Names a stored comparison that compare would refuse (one merged from an
 * older benchsite's store, or written in the sqlite3 shell): it cannot be
 * built, and would otherwise stop the whole site (build_one skips it). */
static int warn_refused(void *ctx, const struct store_comparison *c)
{
	long *n = ctx;
	struct err why;

	if (c->is_default || comparison_rule_check(c, &why) == 0)
		return 0;
	++*n;
	warnmsg("comparison '%s' cannot be built, so the site leaves it out: %s",
		c->name, why.msg);
	return 0;
}

int site_render(struct store *st, const struct site_options *o,
		struct site_report *r, struct err *e)
{
	char stage[4096], key[65];
	int rc = -1, krc, prc;
	struct site s;
	struct publish_lock lock;
	long nunclean = 0;

	/* silent, and telling when memory ran out: before libxml2 is
	 * initialised, which allocates (and prints when it cannot) */
	xmlquiet_begin();
	xmlInitParser();	/* once, before the drawing threads use libxml2 */
	if (publish_stage_name(o->out, stage, sizeof(stage), e) ||
	    publish_lock(stage, &lock, e))
		return -1;
	if (publish_prepare(o->out, stage, e)) {
		publish_unlock(&lock);
		return -1;
	}
	if (site_init(&s, o->out, stage, e)) {
		publish_abandon(stage);
		publish_unlock(&lock);
		return -1;
	}
	s.jobs = o->jobs;
	s.gzip = o->gzip;
	s.progress = o->progress;
	s.store = st;
	/* one snapshot: the fingerprint, the keys and the pages all see the
	 * same store, whatever an import commits meanwhile */
	if (store_snapshot(s.store, e) ||
	    store_each_comparison(s.store, warn_refused, &r->refused, e) < 0 ||
	    site_key_prog(&s) || (krc = site_key_render(&s, key)) < 0)
		goto fail;
	if (krc == 0) {
		if (site_key_fresh(o->out, key, &r->files)) {
			r->fresh = 1;
			publish_abandon(stage);
			publish_unlock(&lock);
			store_rollback(s.store);
			site_release(&s);
			return 0;
		}
		if (buf_printf(&s.manifest, "store %s\n", key)) {
			err_set(e, NULL, 0, 0, "%s", buf_oom() ?
				"out of memory" : "manifest too large");
			goto fail;
		}
	}
	if (store_each_unclean_run(s.store, warn_unclean, &nunclean, e) < 0)
		goto fail;
	if (nunclean > UNCLEAN_SHOWN_MAX)
		fprintf(stderr, "benchsite: warning: %ld more runs hold such "
			"text\n", nunclean - UNCLEAN_SHOWN_MAX);
	if (site_plan_build(&s)) {
fail:
		publish_abandon(stage);
	} else if (site_unchanged(&s)) {
		publish_abandon(stage);	/* nothing new: leave it all be */
		rc = 0;
	} else if ((prc = publish_swap(stage, o->out, e)) < 0) {
		publish_abandon(stage);
	} else {
		/* published; the old site stays beside it until next time */
		if (prc > 0) {
			fprintf(stderr, "benchsite: %s: warning: %s (the old "
				"site is removed by the next render)\n",
				e->file, e->msg);
			err_clear(e);
		}
		rc = 0;
	}
	progress_clear();
	r->files = s.files;
	r->pages = s.pages;
	r->charts = s.ncharts;
	r->drawn = s.drawn;
	r->written = s.written;
	r->refused += s.refused;	/* after those warn_refused counted */
	site_release(&s);
	publish_unlock(&lock);
	return rc;
}
