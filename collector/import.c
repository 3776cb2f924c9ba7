/*
 * import.c: see import.h.  The record sink here is the only place where
 * parsed records meet the store; it also applies what the user said on the
 * command line (--label replaces the parser's label, --set attributes are
 * written last so they win over the parser's).
 */
#include "import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/lines.h"
#include "../core/sha256.h"
#include "../schema/store.h"
#include "format.h"
#include "source.h"

/* A sql-bench run writes a file per test and a summary: a dozen files.
 * Far more in one group is a folder of many runs named alike. */
#define IMPORT_SET_FILES_MAX 64

struct sink_ctx {
	struct store *store;
	const struct import_opts *o;
	const char *default_label;
	long long source_id;
	long long run_id;
	long run_line;
	int seq;
	long results;
	struct import_report *rep;
};

static int sink_run_begin(void *p, const char *suite, const char *label,
			  long line, struct err *e)
{
	struct sink_ctx *c = p;

	if (c->o->label)
		label = c->o->label;
	else if (!label)
		label = c->default_label;
	c->seq++;
	c->run_line = line;
	return store_run_add(c->store, c->source_id, c->seq, line, suite, label,
			     &c->run_id, e);
}

static int sink_attr(void *p, const char *key, const char *value,
		     struct err *e)
{
	struct sink_ctx *c = p;

	return store_attr_set(c->store, c->run_id, key, value, e);
}

static int sink_result(void *p, const struct record_result *r,
		       struct err *e)
{
	struct sink_ctx *c = p;

	if (store_result_add(c->store, c->run_id, r, e)) {
		if (e->line == 0)
			e->line = c->run_line;
		return -1;
	}
	c->results++;
	return 0;
}

static int sink_sample(void *p, const char *test, const char *metric,
		       double t, double value, struct err *e)
{
	struct sink_ctx *c = p;

	return store_sample_add(c->store, c->run_id, test, metric, t, value, e);
}

static int sink_run_end(void *p, struct err *e)
{
	struct sink_ctx *c = p;
	int i;

	for (i = 0; i < c->o->nset; i++)
		if (store_attr_set(c->store, c->run_id, c->o->set_key[i],
				   c->o->set_value[i], e))
			return -1;
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

/* The file's name without folders and without its extension(s) .gz and
 * one more: "out/ext4.csv.gz" -> "ext4". */
static void label_from_path(const char *path, char *out, size_t cap)
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
	if (dot && dot != out)
		*dot = '\0';
	if (!out[0])
		snprintf(out, cap, "run");
}

/* A file read, checked and recognised, ready to store. */
struct loaded {
	const char *name;	/* as shown in messages */
	char *data;		/* owned */
	size_t n;
	const struct format *fmt;
	char sha[65];
};

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
	char label[256];
	long long id;
	size_t i;

	memset(&c, 0, sizeof(c));
	label_from_path(f[0].name, label, sizeof(label));
	c.store = s;
	c.o = o;
	c.default_label = label;
	c.rep = rep;
	for (i = 0; i < n; i++) {
		if (store_source_add(s, f[i].sha, f[i].name, f[i].fmt->name,
				     f[i].data, f[i].n, &id, e)) {
			if (!e->file[0])
				snprintf(e->file, sizeof(e->file), "%s",
					 f[i].name);
			return -1;
		}
		if (i == 0)
			c.source_id = id;
		in[i].name = f[i].name;
		in[i].p = f[i].data;
		in[i].n = f[i].n;
	}
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
	if (n == 1) {
		err_set(e, f[0].name, 0, 0, "%s", "");
		if (f[0].fmt->parse(f[0].data, f[0].n, &po, &sink, e))
			return -1;
	} else if (f[0].fmt->parse_set(in, n, &po, &sink, e)) {
		return -1;
	}
	if (c.seq == 0)
		return err_set(e, f[0].name, 0, 0, "no results found");
	rep->runs = c.seq;
	rep->results = c.results;
	return 0;
}

/* Reads, checks and recognises path into f; *skipped when it is of no
 * known format and o->skip_unknown.  -1 with e filled (file named). */
static int load(const char *path, const struct import_opts *o,
		struct loaded *f, int *skipped, struct err *e)
{
	int gz;

	memset(f, 0, sizeof(*f));
	*skipped = 0;
	f->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	if (source_read(path, &f->data, &f->n, &gz, e))
		return -1;
	err_set(e, f->name, 0, 0, "%s", "");
	/* Detection only scans bytes, so it runs before the text checks: a
	 * file of no known format is then reported by its first fault (an
	 * empty file, a NUL byte), or skipped inside a folder. */
	f->fmt = o->format ? format_find(o->format) : format_detect(f->data,
								    f->n);
	if (!f->fmt && o->skip_unknown) {
		*skipped = 1;
		return 0;
	}
	if (!f->fmt && o->format) {
		err_set(e, f->name, 0, 0, "unknown format '%s'", o->format);
		goto fail;
	}
	if ((!f->fmt || !(f->fmt->flags & FORMAT_ANY_BYTES)) &&
	    lines_validate(f->data, f->n, e))
		goto fail;
	if (!f->fmt) {
		err_set(e, f->name, 0, 0, "cannot tell which tool wrote this "
			"file; name its format with --format");
		goto fail;
	}
	sha256_hex(f->data, f->n, f->sha);
	return 0;
fail:
	if (!e->file[0])
		snprintf(e->file, sizeof(e->file), "%s", f->name);
	free(f->data);
	f->data = NULL;
	return -1;
}

int import_file(struct store *s, const char *path,
		const struct import_opts *o, struct import_report *rep,
		struct err *e)
{
	struct loaded f;
	long long existing;
	int skipped;

	memset(rep, 0, sizeof(*rep));
	if (load(path, o, &f, &skipped, e))
		return -1;
	if (skipped) {
		rep->skipped = 1;
		free(f.data);
		return 0;
	}
	rep->format = f.fmt->name;
	if (store_begin(s, e))
		goto fail;
	/* Looked up inside the transaction: two importers of one file can
	 * then never both store it. */
	if (store_source_find(s, f.sha, &existing, e))
		goto rollback;
	if (existing) {
		store_rollback(s);
		rep->already = 1;
		free(f.data);
		return 0;
	}
	if (parse_into_store(s, &f, 1, o, rep, e))
		goto rollback;
	if (store_commit(s, e))
		goto fail;
	free(f.data);
	return 0;
rollback:
	store_rollback(s);
fail:
	if (!e->file[0])
		snprintf(e->file, sizeof(e->file), "%s", f.name);
	free(f.data);
	return -1;
}

int import_group_key(const char *path, const struct import_opts *o,
		     char *key, size_t cap, int *unnamed)
{
	struct loaded f;
	struct err e;
	char k[IMPORT_KEY_MAX];
	const char *base = strrchr(path, '/');
	int skipped, r = 0;

	err_clear(&e);
	*unnamed = 0;
	if (load(path, o, &f, &skipped, &e))
		return 0;
	if (!skipped && f.fmt->group && f.fmt->parse_set &&
	    f.fmt->group(base ? base + 1 : path, f.data, f.n, k, sizeof(k))) {
		snprintf(key, cap, "%s:%s", f.fmt->name, k);
		*unnamed = k[0] == '\0';
		r = 1;
	}
	free(f.data);
	return r;
}

int import_set(struct store *s, const char *const *paths, size_t n,
	       const struct import_opts *o, struct import_report *rep,
	       struct err *e)
{
	struct loaded f[IMPORT_SET_FILES_MAX];
	size_t i, nf = 0, keep = 0;
	long long existing;
	int skipped, r = -1;

	memset(rep, 0, sizeof(*rep));
	if (n == 0 || n > IMPORT_SET_FILES_MAX)
		return err_set(e, paths[0], 0, 0, "%zu files for one run (at "
			       "most %d)", n, IMPORT_SET_FILES_MAX);
	for (nf = 0; nf < n; nf++) {
		if (load(paths[nf], o, &f[nf], &skipped, e))
			goto out;
		if (skipped || !f[nf].fmt->parse_set ||
		    f[nf].fmt != f[0].fmt) {
			err_set(e, f[nf].name, 0, 0, "not of the same format "
				"as %s", f[0].name);
			nf++;
			goto out;
		}
	}
	rep->format = f[0].fmt->name;
	if (store_begin(s, e))
		goto out;
	for (i = 0; i < n; i++) {
		if (store_source_find(s, f[i].sha, &existing, e)) {
			store_rollback(s);
			goto out;
		}
		if (existing) {
			rep->already++;
			free(f[i].data);
			f[i].data = NULL;
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
	if (r && !e->file[0])
		snprintf(e->file, sizeof(e->file), "%s", paths[0]);
	for (i = 0; i < nf; i++)
		free(f[i].data);
	return r;
}
