/*
 * sink.c: see sink.h.
 */
#include "sink.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/lines.h"
#include "../core/record.h"
#include "../core/text.h"
#include "../core/textrule.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "import.h"
#include "keyset.h"
#include "source.h"

/* Where the records go: the store's tables (a run known by its id), or
 * reparse's staging area (a run known by its place in the source). */
static int put_run(struct sink *c, const char *suite, const char *label,
		   long line, struct err *e)
{
	if (c->staging)
		return lifecycle_stage_run(c->store, c->seq, line, suite, label,
					   e);
	return store_run_add(c->store, c->source_id, c->seq, line, suite,
			     label, &c->run_id, e);
}

static int put_results(struct sink *c, const struct record_result *r,
		       size_t n, struct err *e)
{
	size_t i;

	if (!c->staging)
		return store_results_add(c->store, c->run_id, r, n, e);
	for (i = 0; i < n; i++)
		if (lifecycle_stage_result(c->store, c->seq, &r[i], e))
			return -1;
	return 0;
}

/* One result alone, so that a refusal names it. */
static int put_result(struct sink *c, const struct record_result *r,
		      struct err *e)
{
	if (c->staging)
		return lifecycle_stage_result(c->store, c->seq, r, e);
	return store_result_add(c->store, c->run_id, r, e);
}

static int put_attrs(struct sink *c, const char *const *key,
		     const char *const *value, size_t n, const char *origin,
		     struct err *e)
{
	size_t i;

	if (!c->staging)
		return lifecycle_attrs_set(c->store, c->run_id, key, value, n,
					   origin, e);
	for (i = 0; i < n; i++)
		if (lifecycle_stage_attr(c->store, c->seq, key[i], value[i],
					 origin, e))
			return -1;
	return 0;
}

static int put_sample(struct sink *c, const char *test, const char *metric,
		      double t, double value, struct err *e)
{
	if (c->staging)
		return lifecycle_stage_sample(c->store, c->seq, test, metric, t,
					      value, e);
	return store_sample_add(c->store, c->run_id, test, metric, t, value, e);
}

/* Stores the pending results. */
static int flush_results(struct sink *c, struct err *e)
{
	struct sink_results *p = &c->pend;
	int i, rc;

	if (p->n == 0)
		return 0;
	for (i = 0; i < p->n; i++) {
		p->r[i].test = p->text.data + p->off[i][0];
		p->r[i].metric = p->text.data + p->off[i][1];
		p->r[i].unit = p->text.data + p->off[i][2];
	}
	rc = put_results(c, p->r, (size_t)p->n, e);
	p->n = 0;
	buf_reset(&p->text);
	if (rc && e->line == 0)
		e->line = c->run_line;
	return rc;
}

/* Stores the pending attributes. */
static int flush_attrs(struct sink *c, struct err *e)
{
	struct sink_attrs *a = &c->attrs;
	const char *key[LIFECYCLE_ATTRS_MAX], *value[LIFECYCLE_ATTRS_MAX];
	int i, rc;

	if (a->n == 0)
		return 0;
	for (i = 0; i < a->n; i++) {
		key[i] = a->text.data + a->off[i][0];
		value[i] = a->text.data + a->off[i][1];
	}
	rc = put_attrs(c, key, value, (size_t)a->n, LIFECYCLE_PARSER, e);
	a->n = 0;
	buf_reset(&a->text);
	if (rc && e->line == 0)
		e->line = c->run_line;
	return rc;
}

/* The text rule on *s when it does not pass as it is: 0 with *s
 * composed to NFC (in *own, which the caller frees) when that is all it
 * lacks, else -1 with e saying which character of what (a "label", a
 * "test name"...) the rule refuses, and where.  The line is the run's (a
 * parser may place it on its own line after).  Not inlined: its buffers
 * would make every passing check set up their stack frame. */
__attribute__((noinline))
static int name_fault(const struct sink *c, const char *what,
		      const char **s, char **own, struct err *e)
{
	char shown[48], d[64];
	size_t at = 0;
	long cp = TEXTRULE_BAD_UTF8;
	int rc = textrule_name(*s, own, &at, &cp);

	if (rc == 0) {
		*s = *own;
		return 0;
	}
	if (rc == -2)
		return err_at(e, c->run_line, 0, "out of memory");
	textrule_clean(*s, strlen(*s), shown, sizeof(shown));
	textrule_describe(cp, d);
	return err_at(e, c->run_line, 0, "%s '%s' holds %s (byte %zu), which "
		      "no name, label or attribute may hold", what, shown, d,
		      at + 1);
}

/* The text rule on *s (NULL passes), for every name the store gets: a
 * name that is not in NFC is composed (so that "é" typed either way is
 * one name), *s then pointing at *own, which the caller frees (NULL when
 * *s is kept).  The passing case is kept to one tight loop (bench: the
 * bonnie++ import checks ~300,000 names). */
static int name_at(const struct sink *c, const char *what,
		   const char **s, char **own, struct err *e)
{
	*own = NULL;
	if (!*s || textrule_check_str(*s, NULL, NULL) == 0)
		return 0;
	return name_fault(c, what, s, own, e);
}

/* The bound on figures (core/record.h) for every importer alike: one the
 * statistics cannot carry is refused, naming it; the line is the run's (a
 * parser may place it on its own line after). */
static int figure_at(const struct sink *c, const char *test,
		     const char *metric, double v, struct err *e)
{
	char t[32];

	if (record_figure_ok(v))
		return 0;
	num_format(v, t);
	return err_at(e, c->run_line, 0, "'%s' '%s': the figure %s is beyond "
		      "what the statistics can carry (0, or 1e-75 to 1e75 "
		      "either sign; docs/units.md)", test, metric, t);
}

static int sink_run_begin(void *p, const char *suite, const char *label,
			  long line, struct err *e)
{
	struct sink *c = p;
	char *own[2] = {NULL, NULL};
	int rc;

	if (flush_results(c, e) || flush_attrs(c, e))
		return -1;
	keyset_clear(&c->keys);
	if (c->o && c->o->label)
		label = c->o->label;
	else if (!label)
		label = c->default_label;
	c->seq++;
	c->run_line = line;
	rc = name_at(c, "suite", &suite, &own[0], e) ||
	     name_at(c, "label", &label, &own[1], e) ||
	     put_run(c, suite, label, line, e);
	free(own[0]);
	free(own[1]);
	return rc ? -1 : 0;
}

/* Appends s and its NUL to a pending batch's text; what names the batch
 * in the message when it is over its cap (else memory ran out). */
static int pend_text(struct buf *b, const char *s, const char *what,
		     struct err *e)
{
	size_t k = strlen(s) + 1;

	if (buf_add(b, s, k) == 0)
		return 0;
	if (k > b->max - b->len)
		return err_at(e, 0, 0, "%s text too long", what);
	return err_at(e, 0, 0, "out of memory");
}

/* Adds one attribute, its text passed by the rule, to the batch. */
static int pend_attr(struct sink *c, const char *key, const char *value,
		     struct err *e)
{
	struct sink_attrs *a = &c->attrs;

	a->off[a->n][0] = a->text.len;
	if (pend_text(&a->text, key, "attribute", e))
		return -1;
	a->off[a->n][1] = a->text.len;
	if (pend_text(&a->text, value, "attribute", e))
		return -1;
	a->n++;
	return a->n == LIFECYCLE_ATTRS_MAX ? flush_attrs(c, e) : 0;
}

static int sink_attr(void *p, const char *key, const char *value,
		     struct err *e)
{
	struct sink *c = p;
	char *own[2] = {NULL, NULL};
	int rc = name_at(c, "attribute name", &key, &own[0], e) ||
		 name_at(c, "attribute value", &value, &own[1], e) ||
		 pend_attr(c, key, value, e);

	free(own[0]);
	free(own[1]);
	return rc ? -1 : 0;
}

/* Adds one result, its text passed by the rule, to the batch (or, when
 * its test and metric come twice in the run, to the store alone). */
static int pend_result(struct sink *c, const struct record_result *r,
		       struct err *e)
{
	struct sink_results *q = &c->pend;
	const char *str[SINK_TEXTS], *better = record_better_word(r->better),
		   *status = record_status_word(r->status);
	int dup, i;

	/* the store's CHECK constraints are off for an importer
	 * (store_import_mode): these words are checked here */
	if (!better || !status)
		return err_at(e, c->run_line, 0, "result '%s' '%s': better "
			      "'%s' or status '%s' is not one the store knows",
			      r->test, r->metric, r->better, r->status);
	if (r->has_value && figure_at(c, r->test, r->metric, r->value, e))
		return -1;
	dup = keyset_add(&c->keys, r->test, r->metric);
	if (dup < 0)
		return err_at(e, 0, 0, "out of memory");
	if (dup) {
		/* a row the store refuses goes alone, after the others, so
		 * that the error is SQLite's and names this row */
		if (flush_results(c, e) ||
		    put_result(c, r, e)) {
			if (e->line == 0)
				e->line = c->run_line;
			return -1;
		}
		c->results++;
		return 0;
	}
	str[0] = r->test;
	str[1] = r->metric;
	str[2] = r->unit;
	for (i = 0; i < SINK_TEXTS; i++) {
		q->off[q->n][i] = q->text.len;
		if (pend_text(&q->text, str[i], "result", e))
			return -1;
	}
	q->r[q->n].better = better;
	q->r[q->n].status = status;
	q->r[q->n].value = r->value;
	q->r[q->n].has_value = r->has_value;
	q->n++;
	c->results++;
	return q->n == STORE_RESULTS_MAX ? flush_results(c, e) : 0;
}

static int sink_result(void *p, const struct record_result *r,
		       struct err *e)
{
	struct sink *c = p;
	struct record_result n = *r;
	char *own[3] = {NULL, NULL, NULL};
	int rc = name_at(c, "test name", &n.test, &own[0], e) ||
		 name_at(c, "metric", &n.metric, &own[1], e) ||
		 name_at(c, "unit", &n.unit, &own[2], e) ||
		 pend_result(c, &n, e);

	free(own[0]);
	free(own[1]);
	free(own[2]);
	return rc ? -1 : 0;
}

static int sink_sample(void *p, const char *test, const char *metric,
		       double t, double value, struct err *e)
{
	struct sink *c = p;
	char *own[2] = {NULL, NULL};
	int rc = name_at(c, "test name", &test, &own[0], e) ||
		 name_at(c, "metric", &metric, &own[1], e) ||
		 figure_at(c, test, metric, value, e) || flush_results(c, e) ||
		 put_sample(c, test, metric, t, value, e);

	free(own[0]);
	free(own[1]);
	return rc ? -1 : 0;
}

/* An attribute given with --set, the user's: store_attr_set's origin is
 * the column's default, 'user'. */
static int put_user_attr(struct sink *c, const char *key, const char *value,
			 struct err *e)
{
	if (c->staging)
		return lifecycle_stage_attr(c->store, c->seq, key, value,
					    LIFECYCLE_USER, e);
	return store_attr_set(c->store, c->run_id, key, value, e);
}

static int sink_run_end(void *p, struct err *e)
{
	struct sink *c = p;
	int i;

	/* the parser's attributes before --set's, which win */
	if (flush_results(c, e) || flush_attrs(c, e))
		return -1;
	for (i = 0; c->o && i < c->o->nset; i++) {
		const char *v = c->o->set_value[i];
		char *own;
		int rc = name_at(c, "attribute value", &v, &own, e) ||
			 put_user_attr(c, c->o->set_key[i], v, e);

		free(own);
		if (rc)
			return -1;
	}
	return 0;
}

static int sink_warn(void *p, long line, const char *msg, struct err *e)
{
	struct sink *c = p;
	struct import_report *rep = c->rep;

	(void)e;
	if (rep->nwarn < IMPORT_WARN_MAX) {
		rep->warn[rep->nwarn].line = line;
		snprintf(rep->warn[rep->nwarn].msg,
			 sizeof(rep->warn[rep->nwarn].msg), "%s", msg);
	}
	rep->nwarn++;
	return 0;
}

/* 1 when s (after a dot) is a file name extension: a letter, then
 * letters or digits, at most 8 ("csv", "json", "iozone", "mp4").  Dots
 * also sit inside versions and options ("mariadb_5.3.3_static-cmp-mysql,pg",
 * "sysbench-0.5.res-1.2_final"); what follows such a dot is no extension,
 * and cutting there would leave half a version as the label. */
static int is_extension(const char *s)
{
	size_t i;

	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return 0;
	for (i = 0; s[i]; i++)
		if (i == 8 || !((s[i] >= 'a' && s[i] <= 'z') ||
				(s[i] >= 'A' && s[i] <= 'Z') ||
				(s[i] >= '0' && s[i] <= '9')))
			return 0;
	return 1;
}

/* The file's name without folders and without its extension(s) .gz and
 * one more: "out/ext4.csv.gz" -> "ext4". */
static void default_label(const char *path, char *out, size_t cap)
{
	const char *base = strrchr(path, '/');
	char *dot;

	snprintf(out, cap, "%s", strcmp(path, "-") == 0 ? "stdin" :
		 base ? base + 1 : path);
	dot = strrchr(out, '.');
	if (dot && dot != out && strcmp(dot, ".gz") == 0) {
		*dot = '\0';
		dot = strrchr(out, '.');
	}
	if (dot && dot != out && is_extension(dot + 1))
		*dot = '\0';
	if (!out[0])
		snprintf(out, cap, "run");
}

void sink_init(struct sink *c, struct store *s, int staging,
	       const struct import_opts *o, const char *name)
{
	memset(c, 0, sizeof(*c));
	c->store = s;
	c->staging = staging;
	c->o = o;
	default_label(name, c->default_label, sizeof(c->default_label));
	/* each of a row's texts is at most a line (LINE_MAX_BYTES) */
	buf_init(&c->pend.text,
		 (size_t)STORE_RESULTS_MAX * SINK_TEXTS * LINE_MAX_BYTES);
	/* a run's keys are no more text than the source */
	keyset_init(&c->keys, SOURCE_MAX);
	buf_init(&c->attrs.text, (size_t)LIFECYCLE_ATTRS_MAX * 2 * LINE_MAX_BYTES);
}

void sink_record(struct sink *c, struct record_sink *out)
{
	out->ctx = c;
	out->run_begin = sink_run_begin;
	out->attr = sink_attr;
	out->result = sink_result;
	out->sample = sink_sample;
	out->run_end = sink_run_end;
	out->warn = c->rep ? sink_warn : NULL;
}

int sink_flush(struct sink *c, struct err *e)
{
	return flush_results(c, e) || flush_attrs(c, e) ? -1 : 0;
}

void sink_release(struct sink *c)
{
	keyset_free(&c->keys);
	buf_release(&c->pend.text);
	buf_release(&c->attrs.text);
}
