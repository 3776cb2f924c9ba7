/*
 * import.c: see import.h.  Storing a unit: its sources, what the tool
 * printed beside them, and its runs through the record sink (sink.h), in
 * one transaction.
 */
#include "import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/record.h"
#include "../core/sha256.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "format.h"
#include "import_group.h"
#include "import_load.h"
#include "import_opts.h"
#include "sink.h"
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
	struct sink c;
	struct record_sink sink;
	struct parse_opts po;
	struct input in[IMPORT_SET_FILES_MAX];
	struct format_also also;
	char *opts, *opts0;
	long long id = 0, source_id = 0;
	size_t i;
	int rc;

	also.n = 0;
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
				     f[i].data, f[i].n, import_drop_pages,
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
			source_id = id;
		in[i].name = f[i].name;
		in[i].p = f[i].data;
		in[i].n = f[i].n;
	}
	free(opts);
	free(opts0);
	if (o->printed && store_printed(s, o, f[0].sha, e))
		return -1;
	sink_init(&c, s, 0, o, f[0].name);
	c.source_id = source_id;
	c.rep = rep;
	sink_record(&c, &sink);
	import_opts_parse(o, f[0].name, &po);
	po.also = &also;
	import_read_begin(f, n);
	if (n == 1) {
		err_set(e, f[0].name, 0, 0, "%s", "");
		rc = format_parse(f[0].fmt, f[0].data, f[0].n, &po, &sink, e);
	} else {
		rc = f[0].fmt->parse_set(in, n, &po, &sink, e);
	}
	if (rc == 0)
		rc = sink_flush(&c, e);
	sink_release(&c);
	import_read_end();
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
	if (import_load_data(name, data, n, NULL, o, &f, &skipped, e))
		return -1;
	if (skipped) {
		rep->skipped = 1;
		return 0;
	}
	rc = store_loaded(s, &f, o, rep, e);
	import_unload(&f);
	return rc;
}

int import_file(struct store *s, const char *path,
		const struct import_opts *o, struct import_report *rep,
		struct err *e)
{
	struct loaded f;
	int skipped, rc;

	memset(rep, 0, sizeof(*rep));
	if (import_load(path, o, &f, &skipped, e))
		return -1;
	if (skipped) {
		rep->skipped = 1;
		import_unload(&f);
		return 0;
	}
	rc = store_loaded(s, &f, o, rep, e);
	import_unload(&f);
	return rc;
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
		if (import_load(paths[nf], n > 1 && fiolog_named(paths[nf]) ? &lo : o,
			 &f[nf], &skipped, e))
			goto out;
		if (skipped) {
			err_set(e, f[nf].name, 0, 0, "not of a known format");
			nf++;
			goto out;
		}
	}
	if (import_group_check(f, n, e))
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
			import_unload(&f[i]);
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
		import_unload(&f[i]);
	return r;
}
