/*
 * site.c: the render: which pages the site has, written into a
 * staging folder and published whole (publish.c).
 *
 * The site is a pure function of the store and the templates: comparisons
 * in name order, groups and columns in import order, no clock, no random
 * colour; render it twice and the bytes are the same.  A render that
 * changes nothing leaves the published site untouched (site.h).
 */
#include "site.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "../core/err.h"
#include "../core/sha256.h"
#include "../core/textrule.h"
#include "../core/xmlquiet.h"
#include "../schema/store.h"
#include "../analysis/analysis.h"
#include "html.h"
#include "../analysis/model.h"
#include "publish.h"

struct build {
	struct site *s;
	struct site_entry *entries;
	int n, cap;
};

/* One field of a unit's saved text: tab, newline and backslash escaped,
 * a tab after it. */
static int put_field(struct buf *b, const char *v)
{
	for (; v && *v; v++) {
		int rc = *v == '\\' ? buf_adds(b, "\\\\") :
			 *v == '\t' ? buf_adds(b, "\\t") :
			 *v == '\n' ? buf_adds(b, "\\n") : buf_addc(b, *v);

		if (rc)
			return -1;
	}
	return buf_addc(b, '\t');
}

/* The next field of saved text at *p, unescaped into a new string. */
static char *get_field(const char **p)
{
	const char *q = *p;
	char *out = malloc(strlen(q) + 1), *w = out;

	if (!out)
		return NULL;
	for (; *q && *q != '\t'; q++) {
		if (*q == '\\' && q[1]) {
			q++;
			*w++ = *q == 't' ? '\t' : *q == 'n' ? '\n' : *q;
		} else {
			*w++ = *q;
		}
	}
	*w = '\0';
	*p = *q ? q + 1 : q;
	return out;
}

/* A comparison's index entry as a unit's saved text, and back. */
static char *entry_save(const struct site_entry *en)
{
	struct buf b;

	buf_init(&b, (size_t)1 << 20);
	if (put_field(&b, en->name) || put_field(&b, en->title) ||
	    put_field(&b, en->file) || put_field(&b, en->headline) ||
	    put_field(&b, en->thumb ? "1" : "0") || put_field(&b, en->thumb) ||
	    buf_printf(&b, "%d\t%ld\t%d\t%d\t%d\t%d", en->ngroups,
		       en->nresults, en->thumb_w, en->thumb_h, en->narrow_w,
		       en->narrow_h)) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

static int entry_load(const char *saved, struct site_entry *en)
{
	const char *p = saved;
	char *has;
	int ok;

	en->name = get_field(&p);
	en->title = get_field(&p);
	en->file = get_field(&p);
	en->headline = get_field(&p);
	has = get_field(&p);
	en->thumb = get_field(&p);
	ok = en->name && en->title && en->file && en->headline && has &&
	     en->thumb && sscanf(p, "%d\t%ld\t%d\t%d\t%d\t%d", &en->ngroups,
				 &en->nresults, &en->thumb_w, &en->thumb_h,
				 &en->narrow_w, &en->narrow_h) == 6;
	if (ok && strcmp(has, "1") != 0) {
		free(en->thumb);
		en->thumb = NULL;
	}
	free(has);
	return ok ? 0 : -1;
}

/* The key of a comparison's unit: the program, the comparison, and what
 * the store holds about its suite's runs (their rows, excluded or not,
 * results and attributes: every page says which groups mix a setting, and
 * a default comparison chooses its grouping by them).  Its pages
 * depend on no other input, so a unit whose key the published site has is
 * linked without loading a row. */
static void comparison_key(struct site *s, const struct store_comparison *c,
			   char key[65])
{
	unsigned char runs[32];
	struct sha256 h;
	int i;

	store_suite_digest(s->digests, c->suite, 1, runs);
	sha256_init(&h);
	sha256_update(&h, "comparison 3", 13);
	sha256_update(&h, s->prog, 64);
	sha256_update_str(&h, c->name);
	sha256_update_str(&h, c->title);
	sha256_update_str(&h, c->suite);
	sha256_update_str(&h, c->by);
	for (i = 0; i < c->nwhere; i++) {
		/* a literal value hashes as it did before the selection
		 * language: an old store's pages keep their keys */
		if (c->where_op[i]) {
			char op[16];

			snprintf(op, sizeof(op), "op %d", c->where_op[i]);
			sha256_update_str(&h, op);
		}
		sha256_update_str(&h, c->where_key[i]);
		sha256_update_str(&h, c->where_value[i]);
	}
	/* hashed only when set: an old store's pages keep their keys */
	if (c->metrics || c->tests || c->order || c->split) {
		sha256_update_str(&h, "shown");
		sha256_update_str(&h, c->metrics ? c->metrics : "");
		sha256_update_str(&h, c->tests ? c->tests : "");
		sha256_update_str(&h, c->order ? c->order : "");
		sha256_update_str(&h, c->split ? c->split : "");
	}
	sha256_update(&h, runs, sizeof(runs));
	sha256_final_hex(&h, key);
}

static int build_one(void *ctx, const struct store_comparison *c)
{
	struct build *b = ctx;
	struct model m;
	struct analysis a;
	struct site_entry *en;
	char key[65], *saved = NULL;
	int rc, keyed;

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
		comparison_key(b->s, c, key);
		if ((rc = site_unit_reuse(b->s, key, &saved)) < 0)
			return -1;
		if (rc == 1) {
			/* nothing of it changed: its files are linked */
			b->n++;	/* counted even on failure: freed below */
			rc = entry_load(saved, en);
			free(saved);
			if (rc)
				return err_set(b->s->e, PUBLISH_MARKER, 0, 0,
					       "damaged unit %s", key);
			return 0;
		}
	}
	if (model_load(b->s->store, c, &m, b->s->e))
		return -1;
	if (analysis_run(&m, &a, b->s->e)) {
		model_release(&m);
		return -1;
	}
	rc = keyed ? site_unit_begin(b->s, key) : 0;
	if (rc == 0)
		rc = pages_comparison(b->s, &m, &a, en);
	b->n++;	/* counted even on failure: its strings are freed below */
	/* its charts are drawn meanwhile (draw.c): a drawing failure shows
	 * at build()'s site_flush */
	if (rc == 0 && keyed) {
		saved = entry_save(en);
		rc = saved ? site_unit_end(b->s, saved) :
			     err_set(b->s->e, NULL, 0, 0, "out of memory");
		free(saved);
	}
	analysis_release(&a);
	model_release(&m);
	return rc;
}

static int build(struct site *s)
{
	const char *css = html_template("style.css");
	struct build b;
	int i, rc = -1;

	if (!css)
		return err_set(s->e, "templates/style.css", 0, 0, "not built in");
	if (site_write(s, "style.css", css, strlen(css), 1))
		return -1;
	memset(&b, 0, sizeof(b));
	b.s = s;
	if (store_each_comparison(s->store, build_one, &b, s->e) == 0 &&
	    pages_index(s, b.entries, b.n) == 0 && pages_runs(s) == 0)
		rc = 0;
	/* always: no drawing thread may outlive the build, failed or not */
	if (site_flush(s))
		rc = -1;
	/* a page or SVG chart built while libxml2 ran out of memory lacks
	 * what it could not allocate, silently (html.h); so does text whose
	 * appends were not checked one by one (buf.h) */
	if (rc == 0 && (xmlquiet_oom() || buf_oom()))
		rc = err_set(s->e, NULL, 0, 0, "out of memory");
	if (rc == 0 && site_finish(s))
		rc = -1;
	for (i = 0; i < b.n; i++) {
		free(b.entries[i].name);
		free(b.entries[i].title);
		free(b.entries[i].file);
		free(b.entries[i].headline);
		free(b.entries[i].thumb);
	}
	free(b.entries);
	return rc;
}

/* The program's identity: its own bytes (any change to code, templates
 * or style gives another site), the options that change files, and how
 * this machine lays text out (site_layout_probe), into s->prog; left ""
 * when the program's bytes cannot be read (nothing is then reused but
 * charts).  -1 (s->e filled) when memory ran out or the probe failed: a
 * render without the key writes the same pages but another marker (no
 * unit to reuse next time), which is not the site an uninterrupted render
 * makes. */
static int prog_key(struct site *s)
{
	char chunk[65536], probe[65];
	struct sha256 h;
	FILE *f = fopen("/proc/self/exe", "rb");
	size_t k;
	int bad;

	if (!f)
		return errno == ENOMEM ? err_set(s->e, NULL, 0, 0,
						 "out of memory") : 0;
	sha256_init(&h);
	while ((k = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sha256_update(&h, chunk, k);
	bad = ferror(f);
	fclose(f);
	if (bad)
		return 0;
	/* the probe lays out a chart as every chart is laid out: when that
	 * fails, so would the render's charts */
	if (site_layout_probe(s, probe))
		return -1;
	sha256_update(&h, probe, 64);
	sha256_update(&h, s->gzip ? "gzip" : "plain", s->gzip ? 4 : 5);
	sha256_final_hex(&h, s->prog);
	return 0;
}

/* The identity of this render's inputs: the program (s->prog) and the
 * store's contents.  0; 1 when the program has no key or the store cannot
 * be fingerprinted (the render then does its full work); -1 (s->e filled)
 * on any other failure of the store's read, running out of memory
 * included: the fingerprint says which is which by its return value, not
 * by its message (a wrong message once published a site without keys). */
static int render_key(struct site *s, char key[65])
{
	char fp[65];
	struct sha256 h;
	int rc;

	if (!s->prog[0])
		return 1;
	rc = store_fingerprint(s->store, fp, &s->digests, s->e);
	if (rc == -2) {
		err_clear(s->e);	/* not a failure of the render */
		return 1;
	}
	if (rc)
		return -1;
	sha256_init(&h);
	sha256_update(&h, s->prog, 64);
	sha256_update(&h, fp, 64);
	sha256_final_hex(&h, key);
	return 0;
}

/* 1 when the published site at out was rendered from the same inputs (its
 * marker has "store KEY") and still holds every file it had ("files N"):
 * then there is nothing to do, and the whole render costs a read of the
 * store instead of building every page to find out (bench/: 50% of a full
 * render before, for a render that changes nothing). */
static int site_fresh(const char *out, const char *key)
{
	char path[4200], line[128], want[80];
	long files = -1;
	int same = 0;
	FILE *f;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", out,
			     PUBLISH_MARKER) >= sizeof(path) ||
	    !(f = fopen(path, "r")))
		return 0;
	snprintf(want, sizeof(want), "store %s\n", key);
	while (fgets(line, sizeof(line), f)) {
		if (strcmp(line, want) == 0)
			same = 1;
		else if (strncmp(line, "files ", 6) == 0)
			files = strtol(line + 6, NULL, 10);
	}
	fclose(f);
	return same && files > 0 && publish_count_files(out) == files;
}

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
		"bidirectional controls or bytes that are not UTF-8: the site "
		"shows U+FFFD in their place\n", run->line);
	return 0;
}

int site_render(struct store *st, const struct site_options *o,
		struct err *e)
{
	char stage[4096], key[65];
	int rc = -1, krc, prc;
	struct site s;
	long nunclean = 0;

	/* silent, and telling when memory ran out: before libxml2 is
	 * initialised, which allocates (and prints when it cannot) */
	xmlquiet_begin();
	xmlInitParser();	/* once, before the drawing threads use libxml2 */
	if (publish_stage_name(o->out, stage, sizeof(stage), e) ||
	    publish_prepare(o->out, stage, e))
		return -1;
	if (site_init(&s, o->out, stage, e)) {
		publish_abandon(stage);
		return -1;
	}
	s.jobs = o->jobs;
	s.gzip = o->gzip;
	s.progress = o->progress;
	s.store = st;
	/* one snapshot: the fingerprint, the keys and the pages all see the
	 * same store, whatever an import commits meanwhile */
	if (store_snapshot(s.store, e) || prog_key(&s) ||
	    (krc = render_key(&s, key)) < 0)
		goto fail;
	if (krc == 0) {
		if (site_fresh(o->out, key)) {
			publish_abandon(stage);
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
	if (build(&s)) {
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
	if (s.progress)
		fprintf(stderr, "\rrender: %ld files, %ld written, %ld kept "
			"unchanged\n", s.files, s.written, s.reused);
	site_release(&s);
	return rc;
}
