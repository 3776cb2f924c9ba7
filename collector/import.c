/*
 * import.c: see import.h.  The record sink here is the only place where
 * parsed records meet the store; it also applies what the user said on the
 * command line (--label replaces the parser's label, --set attributes are
 * written last so they win over the parser's).  It is also where the text
 * rule (core/textrule.h) is kept: every parser's names, labels and
 * attributes pass here, so one check covers every format, and a file
 * holding a refused character is refused whole, its line named.
 */
#include "import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/lines.h"
#include "../core/record.h"
#include "../core/sha256.h"
#include "../core/text.h"
#include "../core/textrule.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "csv.h"
#include "format.h"
#include "source.h"

/* A file read, checked and recognised, ready to store. */
struct loaded {
	const char *name;	/* as shown in messages */
	const char *data;	/* the bytes (in's, or the caller's) */
	size_t n;
	struct source_input in;	/* owned when opened */
	int opened;
	const struct format *fmt;
	char sha[65];
};

static void unload(struct loaded *f)
{
	if (f->opened)
		source_close(&f->in);
	f->opened = 0;
	f->data = NULL;
}

/* The progress hook (import_set_progress) and what the walk over a
 * file is doing, for it. */
static _Thread_local import_progress_fn progress_fn;
static _Thread_local void *progress_ctx;
static _Thread_local const char *phase;

void import_set_progress(import_progress_fn fn, void *ctx)
{
	progress_fn = fn;
	progress_ctx = ctx;
}

/* Says how far a pass over f has got, for inputs large enough to take a
 * while (IMPORT_PROGRESS_MIN). */
static void progress(const struct loaded *f, size_t done, size_t total)
{
	if (progress_fn && phase && f->n >= IMPORT_PROGRESS_MIN)
		progress_fn(progress_ctx, f->name, phase, done, total);
}

/* Gives back the pages of a mapped input that a pass has read (see
 * source.h): the tick of every walk over a file's bytes. */
static void drop_pages(void *ctx)
{
	const struct loaded *f = ctx;
	size_t pos, len;

	if (f->opened)
		source_drop(&f->in);
	lines_tick_at(&pos, &len);
	progress(f, pos, len);
}

/* The same for every input of a run written as several files. */
struct inputs {
	const struct loaded *f;
	size_t n;
};

static void drop_all_pages(void *ctx)
{
	const struct inputs *in = ctx;
	size_t i;

	if (in->n == 1) {
		drop_pages((void *)&in->f[0]);
		return;
	}
	for (i = 0; i < in->n; i++)	/* which walk ticked is not known */
		if (in->f[i].opened)
			source_drop(&in->f[i].in);
}

/* The (test, metric) pairs of the run being stored, to refuse a second
 * one at once: the rows go to the store in batches, and SQLite's refusal
 * of a batch would not say which row.  The keys live in one arena and the
 * table keeps its size from run to run: a run is cleared, not freed (a
 * bonnie++ CSV is a run per line, and a malloc per key was 3% of it). */
struct keyset {
	size_t *slot;		/* 1 + the key's offset in text; 0: free */
	size_t cap, n;
	struct buf text;	/* "test\0metric\0" each */
};

/* Results waiting to go to the store in one statement; their test, metric
 * and unit (PENDING_TEXTS strings) are copied into text (offsets, since
 * text may move); better and status point to static words
 * (record_better_word). */
#define PENDING_TEXTS 3
struct pending {
	struct record_result r[STORE_RESULTS_MAX];
	size_t off[STORE_RESULTS_MAX][PENDING_TEXTS];
	struct buf text;
	int n;
};

/* The parser's attributes of the run being stored, likewise. */
struct pending_attrs {
	size_t off[LIFECYCLE_ATTRS_MAX][2];
	struct buf text;
	int n;
};

struct sink_ctx {
	struct store *store;
	struct keyset keys;
	struct pending pend;
	struct pending_attrs attrs;
	const struct import_opts *o;
	const char *default_label;
	long long source_id;
	long long run_id;
	long run_line;
	int seq;
	long results;
	struct import_report *rep;
};

/* Empties k for the next run, keeping its memory. */
static void keyset_clear(struct keyset *k)
{
	if (k->n)
		memset(k->slot, 0, k->cap * sizeof(*k->slot));
	k->n = 0;
	buf_reset(&k->text);
}

static void keyset_free(struct keyset *k)
{
	free(k->slot);
	buf_release(&k->text);
	memset(k, 0, sizeof(*k));
}

static size_t key_hash(const char *test, const char *metric)
{
	size_t h = 14695981039346656037ull & SIZE_MAX;
	const char *p;

	for (p = test; *p; p++)
		h = (h ^ (unsigned char)*p) * (1099511628211ull & SIZE_MAX);
	h = (h ^ 0xff) * (1099511628211ull & SIZE_MAX);
	for (p = metric; *p; p++)
		h = (h ^ (unsigned char)*p) * (1099511628211ull & SIZE_MAX);
	return h;
}

/* The slot of (test, metric) in a table of cap slots over text: where it
 * is, else the free slot where it goes. */
static size_t *key_slot(size_t *slot, size_t cap, const char *text,
			const char *test, const char *metric)
{
	size_t i = key_hash(test, metric) & (cap - 1);

	while (slot[i]) {
		const char *k = text + slot[i] - 1;

		if (strcmp(k, test) == 0 &&
		    strcmp(k + strlen(k) + 1, metric) == 0)
			break;
		i = (i + 1) & (cap - 1);
	}
	return &slot[i];
}

/* 1 when (test, metric) was in k (else it is added), -1 out of memory. */
static int keyset_add(struct keyset *k, const char *test, const char *metric)
{
	size_t lt = strlen(test), lm = strlen(metric), off, *at;

	if (k->n + 1 > k->cap / 2) {
		size_t ncap = k->cap ? 2 * k->cap : 64, i;
		size_t *ns = calloc(ncap, sizeof(*ns));

		if (!ns)
			return -1;
		for (i = 0; i < k->cap; i++) {
			const char *key;

			if (!k->slot[i])
				continue;
			key = k->text.data + k->slot[i] - 1;
			*key_slot(ns, ncap, k->text.data, key,
				  key + strlen(key) + 1) = k->slot[i];
		}
		free(k->slot);
		k->slot = ns;
		k->cap = ncap;
	}
	at = key_slot(k->slot, k->cap, k->text.data, test, metric);
	if (*at)
		return 1;
	off = k->text.len;
	if (buf_add(&k->text, test, lt + 1) || buf_add(&k->text, metric, lm + 1))
		return -1;
	*at = off + 1;
	k->n++;
	return 0;
}

/* Stores the pending results. */
static int flush_results(struct sink_ctx *c, struct err *e)
{
	struct pending *p = &c->pend;
	int i, rc;

	if (p->n == 0)
		return 0;
	for (i = 0; i < p->n; i++) {
		p->r[i].test = p->text.data + p->off[i][0];
		p->r[i].metric = p->text.data + p->off[i][1];
		p->r[i].unit = p->text.data + p->off[i][2];
	}
	rc = store_results_add(c->store, c->run_id, p->r, (size_t)p->n, e);
	p->n = 0;
	buf_reset(&p->text);
	if (rc && e->line == 0)
		e->line = c->run_line;
	return rc;
}

/* Stores the pending attributes. */
static int flush_attrs(struct sink_ctx *c, struct err *e)
{
	struct pending_attrs *a = &c->attrs;
	const char *key[LIFECYCLE_ATTRS_MAX], *value[LIFECYCLE_ATTRS_MAX];
	int i, rc;

	if (a->n == 0)
		return 0;
	for (i = 0; i < a->n; i++) {
		key[i] = a->text.data + a->off[i][0];
		value[i] = a->text.data + a->off[i][1];
	}
	rc = lifecycle_attrs_set(c->store, c->run_id, key, value, (size_t)a->n,
				 LIFECYCLE_PARSER, e);
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
static int name_fault(const struct sink_ctx *c, const char *what,
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
static int name_at(const struct sink_ctx *c, const char *what,
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
static int figure_at(const struct sink_ctx *c, const char *test,
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
	struct sink_ctx *c = p;
	char *own[2] = {NULL, NULL};
	int rc;

	if (flush_results(c, e) || flush_attrs(c, e))
		return -1;
	keyset_clear(&c->keys);
	if (c->o->label)
		label = c->o->label;
	else if (!label)
		label = c->default_label;
	c->seq++;
	c->run_line = line;
	rc = name_at(c, "suite", &suite, &own[0], e) ||
	     name_at(c, "label", &label, &own[1], e) ||
	     store_run_add(c->store, c->source_id, c->seq, line, suite, label,
			   &c->run_id, e);
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
static int pend_attr(struct sink_ctx *c, const char *key, const char *value,
		     struct err *e)
{
	struct pending_attrs *a = &c->attrs;

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
	struct sink_ctx *c = p;
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
static int pend_result(struct sink_ctx *c, const struct record_result *r,
		       struct err *e)
{
	struct pending *q = &c->pend;
	const char *str[PENDING_TEXTS], *better = record_better_word(r->better),
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
		    store_result_add(c->store, c->run_id, r, e)) {
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
	for (i = 0; i < PENDING_TEXTS; i++) {
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
	struct sink_ctx *c = p;
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
	struct sink_ctx *c = p;
	char *own[2] = {NULL, NULL};
	int rc = name_at(c, "test name", &test, &own[0], e) ||
		 name_at(c, "metric", &metric, &own[1], e) ||
		 figure_at(c, test, metric, value, e) || flush_results(c, e) ||
		 store_sample_add(c->store, c->run_id, test, metric, t, value,
				  e);

	free(own[0]);
	free(own[1]);
	return rc ? -1 : 0;
}

static int sink_run_end(void *p, struct err *e)
{
	struct sink_ctx *c = p;
	int i;

	/* the parser's attributes before --set's, which win */
	if (flush_results(c, e) || flush_attrs(c, e))
		return -1;
	for (i = 0; i < c->o->nset; i++) {
		const char *v = c->o->set_value[i];
		char *own;
		int rc = name_at(c, "attribute value", &v, &own, e) ||
			 store_attr_set(c->store, c->run_id, c->o->set_key[i],
					v, e);

		free(own);
		if (rc)
			return -1;
	}
	return 0;
}

static int sink_warn(void *p, long line, const char *msg, struct err *e)
{
	struct sink_ctx *c = p;
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

/* The options are for reparse, which must read a source exactly as its
 * import did; they go with the source rather than with its runs because
 * they are how the whole file was read. */
static int put_opt(struct buf *b, const char *name, const char *v1,
		   const char *v2)
{
	const char *v;
	int part;

	if (!v1)
		return 0;
	if (buf_adds(b, name) || buf_addc(b, '\t'))
		return -1;
	for (part = 0; part < 2; part++) {
		if (part == 1 && (!v2 || buf_addc(b, '=')))
			break;
		for (v = part ? v2 : v1; *v; v++) {
			int rc = *v == '\\' ? buf_adds(b, "\\\\") :
				 *v == '\t' ? buf_adds(b, "\\t") :
				 *v == '\n' ? buf_adds(b, "\\n") :
				 buf_addc(b, *v);

			if (rc)
				return -1;
		}
	}
	return buf_addc(b, '\n');
}

/* The options text is at most this: 64 --set pairs of long values fit. */
#define IMPORT_OPTS_MAX ((size_t)1 << 20)

int import_opts_encode(const struct import_opts *o, char **out)
{
	struct buf b;
	char table[16];
	int i, rc;

	buf_init(&b, IMPORT_OPTS_MAX);
	snprintf(table, sizeof(table), "%d", o->table);
	rc = put_opt(&b, "label", o->label, NULL) ||
	     put_opt(&b, "test", o->test, NULL) ||
	     put_opt(&b, "suite", o->suite, NULL) ||
	     put_opt(&b, "metric", o->metric, NULL) ||
	     put_opt(&b, "unit", o->unit, NULL) ||
	     put_opt(&b, "better", o->better, NULL) ||
	     put_opt(&b, "table", o->table ? table : NULL, NULL);
	for (i = 0; !rc && i < o->nset; i++)
		rc = put_opt(&b, "set", o->set_key[i], o->set_value[i]);
	if (rc) {
		buf_release(&b);
		return -1;
	}
	*out = buf_detach(&b, NULL);
	return *out ? 0 : -1;
}

int import_opts_decode(char *text, struct import_opts *o)
{
	char *line = text, *next, *tab, *r, *w, *eq;

	memset(o, 0, sizeof(*o));
	for (; *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			return -1;
		*next++ = '\0';
		tab = strchr(line, '\t');
		if (!tab)
			return -1;
		*tab = '\0';
		for (r = w = tab + 1; *r; r++, w++) {
			if (*r == '\\') {
				r++;
				if (*r != '\\' && *r != 't' && *r != 'n')
					return -1;
				*w = *r == 't' ? '\t' : *r == 'n' ? '\n' : '\\';
			} else {
				*w = *r;
			}
		}
		*w = '\0';
		if (strcmp(line, "label") == 0)
			o->label = tab + 1;
		else if (strcmp(line, "test") == 0)
			o->test = tab + 1;
		else if (strcmp(line, "suite") == 0)
			o->suite = tab + 1;
		else if (strcmp(line, "metric") == 0)
			o->metric = tab + 1;
		else if (strcmp(line, "unit") == 0)
			o->unit = tab + 1;
		else if (strcmp(line, "better") == 0)
			o->better = tab + 1;
		else if (strcmp(line, "table") == 0)
			o->table = (int)strtol(tab + 1, NULL, 10);
		else if (strcmp(line, "part") == 0 &&
			 o->npart < IMPORT_SET_FILES_MAX)
			o->part[o->npart++] = tab + 1;
		else if (strcmp(line, "set") == 0 && o->nset < IMPORT_SET_MAX &&
			 (eq = strchr(tab + 1, '=')) != NULL) {
			/* the key never holds '=' (record_key_valid) */
			*eq = '\0';
			o->set_key[o->nset] = tab + 1;
			o->set_value[o->nset++] = eq + 1;
		} else {
			return -1;
		}
	}
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
void import_default_label(const char *path, char *out, size_t cap)
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

/* Stores what the tool printed (o->printed) beside the results whose
 * SHA-256 is sha, unless those bytes are stored already (a tool that
 * printed the same every time): they are for people, and one copy
 * serves. */
static int store_printed(struct store *s, const struct import_opts *o,
			 const char *sha, struct err *e)
{
	struct sha256 h;
	char psha[65], opts[sizeof(LIFECYCLE_PRINTED_WITH) + 64];
	long long id;

	if (!o->nprinted)
		return 0;
	sha256_init(&h);
	sha256_update(&h, o->printed, o->nprinted);
	sha256_final_hex(&h, psha);
	if (store_source_find(s, psha, &id, e))
		return -1;
	if (id)
		return 0;
	snprintf(opts, sizeof(opts), "%s%s", LIFECYCLE_PRINTED_WITH, sha);
	if (store_source_add(s, psha, o->printed_name, LIFECYCLE_PRINTED,
			     o->printed, o->nprinted, NULL, NULL, &id, e) ||
	    lifecycle_source_options(s, id, opts, e)) {
		if (!e->file[0])
			snprintf(e->file, sizeof(e->file), "%s",
				 o->printed_name);
		return -1;
	}
	return 0;
}

/* rep->format: the file's format and the other tools' that read their
 * output in it too ("fio-text, iozone"). */
static void name_formats(struct import_report *rep, const struct format *f,
			 const struct format_also *also)
{
	size_t i, at;

	at = (size_t)snprintf(rep->formats, sizeof(rep->formats), "%s",
			      f->name);
	for (i = 0; i < also->n && at < sizeof(rep->formats); i++)
		at += (size_t)snprintf(rep->formats + at,
				       sizeof(rep->formats) - at, ", %s",
				       also->f[i]->name);
	rep->format = rep->formats;
}

/* Stores f[0..n) (the files of one unit, none stored before) as sources
 * and parses them into runs: one file through fmt->parse, several (one run
 * written as several files) through fmt->parse_set.  The runs belong to
 * the first file's source. */
static int parse_into_store(struct store *s, const struct loaded *f,
			    size_t n, const struct import_opts *o,
			    struct import_report *rep, struct err *e)
{
	struct sink_ctx c;
	struct record_sink sink;
	struct parse_opts po;
	struct input in[IMPORT_SET_FILES_MAX];
	struct inputs all;
	struct format_also also;
	char label[256], *opts, *opts0;
	long long id;
	size_t i;
	int rc;

	memset(&c, 0, sizeof(c));
	also.n = 0;
	import_default_label(f[0].name, label, sizeof(label));
	c.store = s;
	c.o = o;
	c.default_label = label;
	c.rep = rep;
	if (import_opts_encode(o, &opts))
		return err_at(e, 0, 0, "out of memory");
	/* the output names the files read with it, for reparse */
	opts0 = strdup(opts);
	for (i = 1; opts0 && i < n; i++) {
		size_t len = strlen(opts0);
		char *more;

		if (!(f[i].fmt->flags & FORMAT_PART))
			continue;
		if (!(more = realloc(opts0, len + 72))) {
			free(opts0);
			opts0 = NULL;
			break;
		}
		opts0 = more;
		snprintf(opts0 + len, 72, "part\t%s\n", f[i].sha);
	}
	if (!opts0) {
		free(opts);
		return err_at(e, 0, 0, "out of memory");
	}
	for (i = 0; i < n; i++) {
		if (store_source_add(s, f[i].sha, f[i].name, f[i].fmt->name,
				     f[i].data, f[i].n, drop_pages,
				     (void *)&f[i], &id, e) ||
		    lifecycle_source_options(s, id, i ? opts : opts0, e)) {
			if (!e->file[0])
				snprintf(e->file, sizeof(e->file), "%s",
					 f[i].name);
			free(opts);
			free(opts0);
			return -1;
		}
		if (i == 0)
			c.source_id = id;
		in[i].name = f[i].name;
		in[i].p = f[i].data;
		in[i].n = f[i].n;
	}
	free(opts);
	free(opts0);
	if (o->printed && store_printed(s, o, f[0].sha, e))
		return -1;
	/* each of a row's texts is at most a line (LINE_MAX_BYTES) */
	buf_init(&c.pend.text,
		 (size_t)STORE_RESULTS_MAX * PENDING_TEXTS * LINE_MAX_BYTES);
	/* a run's keys are no more text than the source */
	buf_init(&c.keys.text, SOURCE_MAX);
	buf_init(&c.attrs.text, (size_t)LIFECYCLE_ATTRS_MAX * 2 * LINE_MAX_BYTES);
	sink.ctx = &c;
	sink.run_begin = sink_run_begin;
	sink.attr = sink_attr;
	sink.result = sink_result;
	sink.sample = sink_sample;
	sink.run_end = sink_run_end;
	sink.warn = sink_warn;
	memset(&po, 0, sizeof(po));
	po.test = o->test;
	po.suite = o->suite;
	po.metric = o->metric;
	po.unit = o->unit;
	po.better = o->better;
	po.table = o->table;
	po.name = f[0].name;
	po.also = &also;
	all.f = f;
	all.n = n;
	/* the parser's walks drop the pages they have read */
	lines_set_tick(drop_all_pages, &all);
	phase = "reading";
	if (n == 1) {
		err_set(e, f[0].name, 0, 0, "%s", "");
		rc = format_parse(f[0].fmt, f[0].data, f[0].n, &po, &sink, e);
	} else {
		rc = f[0].fmt->parse_set(in, n, &po, &sink, e);
	}
	if (rc == 0)
		rc = flush_results(&c, e) || flush_attrs(&c, e) ? -1 : 0;
	keyset_free(&c.keys);
	buf_release(&c.pend.text);
	buf_release(&c.attrs.text);
	phase = NULL;
	lines_set_tick(NULL, NULL);
	if (rc)
		return -1;
	if (c.seq == 0)
		return err_set(e, f[0].name, 0, 0, "no results found");
	rep->runs = c.seq;
	rep->results = c.results;
	if (also.n)
		name_formats(rep, f[0].fmt, &also);
	return 0;
}

/* The SHA-256 of f's bytes, dropping pages as it goes. */
static void hash_loaded(struct loaded *f)
{
	struct sha256 h;
	size_t at, k;

	sha256_init(&h);
	phase = "hashing";
	for (at = 0; at < f->n; at += k) {
		k = f->n - at < LINES_TICK_BYTES ? f->n - at : LINES_TICK_BYTES;
		sha256_update(&h, f->data + at, k);
		if (f->opened)
			source_drop(&f->in);
		progress(f, at + k, f->n);
	}
	phase = NULL;
	sha256_final_hex(&h, f->sha);
}

/* lines_validate of f, dropping pages behind the walk. */
static int validate(struct loaded *f, struct err *e)
{
	int rc;

	lines_set_tick(drop_pages, f);
	phase = "checking";
	rc = lines_validate(f->data, f->n, e);
	phase = NULL;
	lines_set_tick(NULL, NULL);
	return rc;
}

/* When data[0..n) would be a table (CSV or TSV) but for its first row
 * holding more fields than a table may: fills e saying so (line named)
 * and returns -1, for a message that names the cause rather than "cannot
 * tell which tool wrote this".  0 otherwise. */
static int table_too_wide(const char *data, size_t n, struct err *e)
{
	struct csv *c = malloc(sizeof(*c));
	struct csv_row *r = malloc(sizeof(*r));
	const char *nl = memchr(data, '\n', n);
	struct err te;
	int rc = 0;

	if (!c || !r) {
		free(c);
		free(r);
		return 0;
	}
	err_clear(&te);
	csv_init(c, data, n, memchr(data, '\t', nl ? (size_t)(nl - data) : n)
		 ? '\t' : ',');
	if (csv_next(c, r, &te) < 0 && strstr(te.msg, "fields"))
		rc = err_at(e, te.line ? te.line : 1, te.col, "%s (the most a "
			    "table may have), so no format reads it: cannot "
			    "tell which tool wrote this file", te.msg);
	csv_release(c);
	free(c);
	free(r);
	return rc;
}

/* Checks and recognises data[0..n) (named name) into f; *in, when not
 * NULL, is the opened input data lives in, and f takes it over.  *skipped
 * when it is of no known format and o->skip_unknown.  -1 with e filled
 * (file named). */
static int load_data(const char *name, const char *data, size_t n,
		     struct source_input *in, const struct import_opts *o,
		     struct loaded *f, int *skipped, struct err *e)
{
	memset(f, 0, sizeof(*f));
	*skipped = 0;
	f->name = name;
	f->data = data;
	f->n = n;
	if (in) {
		f->in = *in;
		f->opened = 1;
	}
	err_set(e, f->name, 0, 0, "%s", "");
	/* Detection only scans bytes, so it runs before the text checks: a
	 * file of no known format is then reported by its first fault (an
	 * empty file, a NUL byte), or skipped inside a folder. */
	f->fmt = o->format ? format_find(o->format) : format_detect(f->data,
								    f->n);
	if (!f->fmt && !o->format)	/* pasted into Markdown or a mail */
		f->fmt = format_detect_wrapped(f->data, f->n);
	if (!f->fmt && o->skip_unknown) {
		*skipped = 1;
		return 0;
	}
	if (!f->fmt && o->format) {
		err_set(e, f->name, 0, 0, "unknown format '%s'", o->format);
		goto fail;
	}
	if ((!f->fmt || !(f->fmt->flags & FORMAT_ANY_BYTES)) &&
	    validate(f, e))
		goto fail;
	if (!f->fmt) {
		const char *g = format_guess(f->data, f->n);

		if (table_too_wide(f->data, f->n, e))
			;	/* the cause: more fields than a table holds */
		else if (g)
			err_set(e, f->name, 0, 0, "%s", g);
		else
			err_set(e, f->name, 0, 0, "cannot tell which tool wrote "
				"this file; name its format with --format");
		goto fail;
	}
	hash_loaded(f);
	return 0;
fail:
	if (!e->file[0])
		snprintf(e->file, sizeof(e->file), "%s", f->name);
	unload(f);
	return -1;
}

/* A stream's first SOURCE_PEEK bytes (source_open_peek): refused at once
 * when load_data would refuse the whole for what they hold, so that
 * `import - < /dev/zero` or `yes | benchsite import -` stop after 1 MiB
 * instead of spooling 16 GiB into $TMPDIR first.  The same checks as
 * load_data, on a prefix: the format (detection reads at most 256 KiB),
 * then the text of the whole lines in it. */
static int peek_check(void *ctx, const char *p, size_t n, int end,
		      struct err *e)
{
	const struct import_opts *o = ctx;
	const struct format *fmt;
	const char *nl;
	size_t k = n;

	if (n == 0 || (n >= 2 && memcmp(p, "\x1f\x8b", 2) == 0))
		return 0;	/* empty, or gzip: checked once inflated */
	fmt = o->format ? format_find(o->format) : format_detect(p, n);
	if (!fmt && (o->skip_unknown || o->format))
		return 0;
	if (!fmt && table_too_wide(p, n, e))
		return -1;
	if (!fmt)
		return err_at(e, 0, 0, "cannot tell which tool wrote this "
			      "file (from its first %zu bytes); name its "
			      "format with --format", n);
	if (fmt->flags & FORMAT_ANY_BYTES)
		return 0;
	if (!end) {
		/* whole lines only: the last may go on past the prefix */
		for (nl = p + n; nl > p && nl[-1] != '\n'; nl--)
			;
		k = (size_t)(nl - p);
		if (k == 0 && (nl = memchr(p, '\0', n)) != NULL)
			return err_at(e, 1, (long)(nl - p) + 1, "NUL byte");
		if (k == 0)
			return err_at(e, 1, 0, "line longer than %d bytes",
				      LINE_MAX_BYTES);
	}
	return lines_validate(p, k, e);
}

/* Reads path and load_data()s it. */
static int load(const char *path, const struct import_opts *o,
		struct loaded *f, int *skipped, struct err *e)
{
	struct source_input in;

	err_set(e, strcmp(path, "-") == 0 ? "<stdin>" : path, 0, 0, "%s", "");
	if (source_open_peek(path, &in, peek_check, (void *)o, e))
		return -1;
	return load_data(strcmp(path, "-") == 0 ? "<stdin>" : path, in.p, in.n,
			 &in, o, f, skipped, e);
}

/* A failure of the store (e names it: "no space left on device") while
 * storing input is told as the input's: "INPUT: cannot store it in STORE:
 * ...", so that the message says which file did not go in. */
static void name_input(struct store *s, const char *input, struct err *e)
{
	char msg[ERR_MSG_MAX];

	if (!e->file[0]) {
		snprintf(e->file, sizeof(e->file), "%s", input);
		return;
	}
	if (strcmp(e->file, store_path(s)) != 0)
		return;
	snprintf(msg, sizeof(msg), "cannot store it in %.200s: %.280s",
		 store_path(s), e->msg);
	snprintf(e->msg, sizeof(e->msg), "%s", msg);
	snprintf(e->file, sizeof(e->file), "%s", input);
	e->line = e->col = 0;
}

/* Replaces sha (a source's bytes' SHA-256, hex) with a key no source of
 * the store has: the SHA-256 of it, the text of o's options and a count,
 * the first count that is free.  A run's own output whose bytes another
 * run printed too (import_opts.own_run) is always a run of its own: two
 * repeats of a deterministic benchmark in one second have the same facts
 * too, and are still two runs. */
static int own_run_key(struct store *s, const struct import_opts *o,
		       char *sha, struct err *e)
{
	char base[65], n[24];
	char *opts;
	long k;

	if (import_opts_encode(o, &opts))
		return err_set(e, NULL, 0, 0, "out of memory");
	memcpy(base, sha, sizeof(base));
	for (k = 1;; k++) {
		struct sha256 h;
		long long existing;

		sha256_init(&h);
		sha256_update(&h, base, strlen(base) + 1);
		sha256_update(&h, opts, strlen(opts) + 1);
		snprintf(n, sizeof(n), "%ld", k);
		sha256_update(&h, n, strlen(n));
		sha256_final_hex(&h, sha);
		if (store_source_find(s, sha, &existing, e)) {
			free(opts);
			return -1;
		}
		if (!existing)
			break;
	}
	free(opts);
	return 0;
}

/* Stores one loaded file in its own transaction (see import_file). */
static int store_loaded(struct store *s, struct loaded *f,
			const struct import_opts *o, struct import_report *rep,
			struct err *e)
{
	long long existing;

	rep->format = f->fmt->name;
	if (store_begin(s, e))
		goto fail;
	/* Looked up inside the transaction: two importers of one file can
	 * then never both store it. */
	if (store_source_find(s, f->sha, &existing, e))
		goto rollback;
	if (existing && o->own_run) {
		/* the same bytes, another run: a key of its own */
		if (own_run_key(s, o, f->sha, e))
			goto rollback;
		existing = 0;
	}
	if (existing) {
		store_rollback(s);
		rep->already = 1;
		return 0;
	}
	if (parse_into_store(s, f, 1, o, rep, e))
		goto rollback;
	if (store_commit(s, e))
		goto fail;
	return 0;
rollback:
	store_rollback(s);
fail:
	name_input(s, f->name, e);
	return -1;
}

int import_buffer(struct store *s, const char *name, const char *data,
		  size_t n, const struct import_opts *o,
		  struct import_report *rep, struct err *e)
{
	struct loaded f;
	int skipped, rc;

	memset(rep, 0, sizeof(*rep));
	/* not owned: the caller keeps data, and nothing here writes it */
	if (load_data(name, data, n, NULL, o, &f, &skipped, e))
		return -1;
	if (skipped) {
		rep->skipped = 1;
		return 0;
	}
	rc = store_loaded(s, &f, o, rep, e);
	unload(&f);
	return rc;
}

int import_file(struct store *s, const char *path,
		const struct import_opts *o, struct import_report *rep,
		struct err *e)
{
	struct loaded f;
	int skipped, rc;

	memset(rep, 0, sizeof(*rep));
	if (load(path, o, &f, &skipped, e))
		return -1;
	if (skipped) {
		rep->skipped = 1;
		unload(&f);
		return 0;
	}
	rc = store_loaded(s, &f, o, rep, e);
	unload(&f);
	return rc;
}

int import_group_key(const char *path, const struct import_opts *o,
		     char *key, size_t cap, int *unnamed)
{
	struct loaded f;
	struct err e;
	char k[IMPORT_KEY_MAX];
	const char *base = strrchr(path, '/');
	struct stat st;
	int skipped, r = 0;

	err_clear(&e);
	*unnamed = 0;
	if (fiolog_named(path) && stat(path, &st) == 0 && st.st_size > 0) {
		/* by its name, even when a damaged line hides what it is */
		snprintf(key, cap, "part:");
		*unnamed = 1;
		return 1;
	}
	if (load(path, o, &f, &skipped, &e))
		return 0;
	if (!skipped && f.fmt->group && f.fmt->parse_set &&
	    f.fmt->group(base ? base + 1 : path, f.data, f.n, k, sizeof(k))) {
		snprintf(key, cap, "%s:%s", f.fmt->name, k);
		*unnamed = k[0] == '\0';
		r = 1;
	} else if (!skipped && (f.fmt->flags & (FORMAT_PART | FORMAT_PARTS))) {
		/* fio's logs join the one fio output of their folder (an
		 * output with none stays alone: a group of one) */
		snprintf(key, cap, "part:%s", f.fmt->flags & FORMAT_PART ? ""
			 : path);
		*unnamed = (f.fmt->flags & FORMAT_PART) != 0;
		r = 1;
	}
	unload(&f);
	return r;
}

/* Checks that f[0..n) are one unit: files of one format with parse_set
 * (sql-bench's), or one output of a FORMAT_PARTS format with files of
 * FORMAT_PART after it (put first here, whatever the order given). */
static int one_output(struct loaded *f, size_t n, struct err *e)
{
	size_t i, out = n;

	for (i = 0; i < n; i++) {
		if (f[i].fmt->flags & FORMAT_PART)
			continue;
		if (out < n && (f[out].fmt->flags & FORMAT_PARTS))
			return err_set(e, f[i].name, 0, 0, "a second job output "
				       "(after %s) among fio logs: import each "
				       "output with its own logs", f[out].name);
		if (out == n)
			out = i;
	}
	if (out == n)
		return err_set(e, f[0].name, 0, 0, "fio logs without the job "
			       "output they belong to: name them after it "
			       "(benchsite import OUT.json NAME_bw.1.log ...)");
	if (out > 0) {
		/* the output first, the others in the order given */
		struct loaded t = f[out];

		memmove(f + 1, f, out * sizeof(*f));
		f[0] = t;
	}
	for (i = 1; i < n; i++) {
		size_t j;

		for (j = 0; j < i; j++)
			if (strcmp(f[i].sha, f[j].sha) == 0)
				return err_set(e, f[i].name, 0, 0, "the same "
					       "bytes as %s", f[j].name);
		if (!f[0].fmt->parse_set ||
		    ((f[i].fmt->flags & FORMAT_PART) ?
		     !(f[0].fmt->flags & FORMAT_PARTS) :
		     f[i].fmt != f[0].fmt))
			return err_set(e, f[i].name, 0, 0, "%s",
				       (f[i].fmt->flags & FORMAT_PART) ?
				       "a fio log after an output that is not "
				       "fio's" : "not of the same format as "
				       "the files before it");
	}
	return 0;
}

int import_is_part(const char *path)
{
	struct stat st;

	if (strcmp(path, "-") == 0 || !fiolog_named(path) || stat(path, &st) ||
	    !S_ISREG(st.st_mode))
		return 0;
	return st.st_size == 0 ? 2 : 1;
}

int import_set(struct store *s, const char *const *paths, size_t n,
	       const struct import_opts *o, struct import_report *rep,
	       struct err *e)
{
	struct loaded f[IMPORT_SET_FILES_MAX];
	struct import_opts lo;
	size_t i, nf = 0, keep = 0;
	long long existing;
	int skipped, r = -1;

	memset(rep, 0, sizeof(*rep));
	if (n == 0 || n > IMPORT_SET_FILES_MAX)
		return err_set(e, paths[0], 0, 0, "%zu files for one run (at "
			       "most %d)", n, IMPORT_SET_FILES_MAX);
	lo = *o;
	lo.format = "fio-log";
	for (nf = 0; nf < n; nf++) {
		/* a file named as fio names its logs, beside another, is read
		 * as one, so that a damaged line is reported as such */
		if (load(paths[nf], n > 1 && fiolog_named(paths[nf]) ? &lo : o,
			 &f[nf], &skipped, e))
			goto out;
		if (skipped) {
			err_set(e, f[nf].name, 0, 0, "not of a known format");
			nf++;
			goto out;
		}
	}
	if (one_output(f, n, e))
		goto out;
	rep->format = f[0].fmt->name;
	if (store_begin(s, e))
		goto out;
	for (i = 0; i < n; i++) {
		if (store_source_find(s, f[i].sha, &existing, e)) {
			store_rollback(s);
			goto out;
		}
		if (existing && i == 0 && (f[0].fmt->flags & FORMAT_PARTS)) {
			/* its runs are made: nothing can join them now */
			store_rollback(s);
			err_set(e, f[0].name, 0, 0, "already imported, without "
				"the files named with it now (%s ...): their "
				"samples belong to its runs, so delete those "
				"('benchsite delete') and import it with them",
				f[1].name);
			goto out;
		}
		if (existing) {
			rep->already++;
			unload(&f[i]);
			continue;
		}
		f[keep++] = f[i];
	}
	nf = keep;
	if (keep == 0) {
		store_rollback(s);
		r = 0;
		goto out;
	}
	if (parse_into_store(s, f, keep, o, rep, e)) {
		store_rollback(s);
		goto out;
	}
	if (store_commit(s, e))
		goto out;
	r = 0;
out:
	if (r)
		name_input(s, paths[0], e);
	for (i = 0; i < nf; i++)
		unload(&f[i]);
	return r;
}
