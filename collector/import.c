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

static int parse_into_store(struct store *s, const char *name,
			    const char *data, size_t n,
			    const struct format *fmt,
			    const struct import_opts *o,
			    struct import_report *rep, struct err *e,
			    const char *sha)
{
	struct sink_ctx c;
	struct record_sink sink;
	struct parse_opts po;
	char label[256];

	memset(&c, 0, sizeof(c));
	label_from_path(name, label, sizeof(label));
	c.store = s;
	c.o = o;
	c.default_label = label;
	c.rep = rep;
	if (store_source_add(s, sha, name, fmt->name, data, n, &c.source_id, e))
		return -1;
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
	po.name = name;
	if (fmt->parse(data, n, &po, &sink, e))
		return -1;
	if (c.seq == 0)
		return err_at(e, 0, 0, "no results found");
	rep->runs = c.seq;
	rep->results = c.results;
	return 0;
}

int import_buffer(struct store *s, const char *name, const char *data,
		  size_t n, const struct import_opts *o,
		  struct import_report *rep, struct err *e)
{
	const struct format *fmt;
	char sha[65];
	long long existing;

	memset(rep, 0, sizeof(*rep));
	err_set(e, name, 0, 0, "%s", "");
	/* Detection only scans bytes, so it runs before the text checks: an
	 * input of no known format is then reported by its first fault (an
	 * empty file, a NUL byte), or skipped inside a folder. */
	fmt = o->format ? format_find(o->format) : format_detect(data, n);
	if (!fmt && o->skip_unknown) {
		rep->skipped = 1;
		return 0;
	}
	if (!fmt && o->format)
		return err_set(e, name, 0, 0, "unknown format '%s'", o->format);
	if ((!fmt || !(fmt->flags & FORMAT_ANY_BYTES)) &&
	    lines_validate(data, n, e))
		goto fail;
	if (!fmt)
		return err_set(e, name, 0, 0, "cannot tell which tool wrote "
			       "this file; name its format with --format");
	rep->format = fmt->name;
	sha256_hex(data, n, sha);
	if (store_begin(s, e))
		goto fail;
	/* Looked up inside the transaction: two importers of one file can
	 * then never both store it. */
	if (store_source_find(s, sha, &existing, e))
		goto rollback;
	if (existing) {
		store_rollback(s);
		rep->already = 1;
		return 0;
	}
	if (parse_into_store(s, name, data, n, fmt, o, rep, e, sha))
		goto rollback;
	if (store_commit(s, e))
		goto fail;
	return 0;
rollback:
	store_rollback(s);
fail:
	if (!e->file[0])
		snprintf(e->file, sizeof(e->file), "%s", name);
	return -1;
}

int import_file(struct store *s, const char *path,
		const struct import_opts *o, struct import_report *rep,
		struct err *e)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	char *data;
	size_t n;
	int gz, rc;

	memset(rep, 0, sizeof(*rep));
	if (source_read(path, &data, &n, &gz, e))
		return -1;
	rc = import_buffer(s, name, data, n, o, rep, e);
	free(data);
	return rc;
}
