/*
 * reparse.c: `benchsite reparse`: today's parsers over every stored
 * source again, in one transaction.
 *
 * Each source is read with the format it was imported as and the options
 * its import was given (source.options), exactly as import_file would; the
 * records go to the store's staging area and lifecycle_stage_apply rewrites
 * only the runs that differ.  Run ids, exclusions and attributes that did
 * not come from the parser (--set, machine facts) are kept.  A source that
 * today's parser refuses stops the whole reparse: nothing is changed, and
 * the message names the source, because a parser that got worse must
 * never silently wipe results.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../collector/format.h"
#include "../collector/import.h"
#include "../collector/sink.h"
#include "../collector/source.h"
#include "../core/err.h"
#include "../core/lines.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"

/* The sources, copied out of the listing: reparse writes while it goes. */
struct src {
	long long id;
	char *name, *format, *options;	/* options NULL: not known */
	char sha[65];
};

struct srcs {
	struct src *v;
	size_t n, cap;
};

/* More sources than this is not a store but a mistake; it bounds the list
 * (a few hundred bytes each). */
#define REPARSE_SOURCES_MAX 10000000

static int add_src(void *ctx, const struct lifecycle_source *src)
{
	struct srcs *l = ctx;
	struct src *x;

	if (l->n == l->cap) {
		size_t ncap = l->cap ? 2 * l->cap : 64;
		struct src *nv;

		if (ncap > REPARSE_SOURCES_MAX ||
		    !(nv = realloc(l->v, ncap * sizeof(*nv))))
			return -1;
		l->v = nv;
		l->cap = ncap;
	}
	x = &l->v[l->n];
	x->id = src->id;
	x->name = strdup(src->name);
	x->format = strdup(src->format);
	x->options = src->options ? strdup(src->options) : NULL;
	snprintf(x->sha, sizeof(x->sha), "%s", src->sha256);
	l->n++;
	if (!x->name || !x->format || (src->options && !x->options))
		return -1;
	return 0;
}

static void free_srcs(struct srcs *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].name);
		free(l->v[i].format);
		free(l->v[i].options);
	}
	free(l->v);
}

/* The lines tick: drops the pages of a spooled source behind the walk. */
static void drop(void *in)
{
	source_drop(in);
}

/* The stored bytes of source id, in a spool (source_close releases). */
static int read_source(struct store *s, long long id, const char *name,
		       struct source_input *in, struct err *e)
{
	struct source_spool sp;

	source_spool_init(&sp, name);
	if (store_source_read(s, id, source_spool_put, &sp, e)) {
		source_spool_release(&sp);
		return -1;
	}
	return source_spool_finish(&sp, in, e);
}

/* The files read with a source (its options' part lines: fio's logs),
 * found in the store's list by SHA-256, as in[1..]: *n of them, opened
 * (close_parts releases). */
static int open_parts(struct store *s, const struct src *x,
		      const struct srcs *all, const struct import_opts *o,
		      struct input *in, struct source_input *opened, int *n,
		      struct err *e)
{
	size_t k;
	int i;

	*n = 0;
	for (i = 0; i < o->npart; i++) {
		for (k = 0; k < all->n; k++)
			if (strcmp(all->v[k].sha, o->part[i]) == 0)
				break;
		if (k == all->n)
			return err_set(e, x->name, 0, 0, "a file read with it "
				       "(SHA-256 %.64s) is no longer in the "
				       "store", o->part[i]);
		if (read_source(s, all->v[k].id, all->v[k].name, &opened[i], e))
			return -1;
		(*n)++;
		in[i + 1].name = all->v[k].name;
		in[i + 1].p = opened[i].p;
		in[i + 1].n = opened[i].n;
	}
	return 0;
}

static void close_parts(struct source_input *opened, int n)
{
	int i;

	for (i = 0; i < n; i++)
		source_close(&opened[i]);
}

static int reparse_one(struct store *s, const struct src *x,
		       const struct srcs *all, struct lifecycle_diff *d,
		       struct err *e)
{
	struct input in_set[IMPORT_SET_FILES_MAX + 1];
	struct source_input parts[IMPORT_SET_FILES_MAX];
	int nparts = 0;
	const struct format *fmt = format_find(x->format);
	struct import_opts o;
	struct sink c;
	struct record_sink sink;
	struct parse_opts po;
	struct source_input in;
	char *opts = NULL;
	int rc = -1, opened = 0, parsed;

	memset(d, 0, sizeof(*d));
	err_set(e, x->name, 0, 0, "%s", "");
	if (!fmt)
		return err_set(e, x->name, 0, 0, "stored as format '%s', which "
			       "this benchsite does not know", x->format);
	if (x->options && !(opts = strdup(x->options)))
		return err_set(e, x->name, 0, 0, "out of memory");
	if (opts && import_opts_decode(opts, &o)) {
		free(opts);
		return err_set(e, x->name, 0, 0, "its import options in the "
			       "store are damaged");
	}
	/* read back into a spool, not memory: a 1 GB log is reparsed in
	 * bounded memory as it was imported (collector/source.h) */
	if (read_source(s, x->id, x->name, &in, e))
		goto out;
	opened = 1;
	if (x->options && o.npart && open_parts(s, x, all, &o, in_set, parts,
						&nparts, e))
		goto out;
	err_set(e, x->name, 0, 0, "%s", "");
	lines_set_tick(drop, &in);
	if (!(fmt->flags & FORMAT_ANY_BYTES) && lines_validate(in.p, in.n, e))
		goto out;
	if (lifecycle_stage_reset(s, e))
		goto out;
	/* the records pass import's checks: the same names, composed the
	 * same way, and a name the text rule refuses stops the reparse */
	sink_init(&c, s, 1, x->options ? &o : NULL, x->name);
	sink_record(&c, &sink);
	import_opts_parse(c.o, x->name, &po);
	if (nparts && fmt->parse_set) {
		in_set[0].name = x->name;
		in_set[0].p = in.p;
		in_set[0].n = in.n;
		parsed = fmt->parse_set(in_set, (size_t)nparts + 1, &po, &sink,
					e);
	} else {
		parsed = format_parse(fmt, in.p, in.n, &po, &sink, e);
	}
	if (parsed == 0)
		parsed = sink_flush(&c, e);
	sink_release(&c);
	if (parsed)
		goto out;
	if (c.seq == 0) {
		err_at(e, 0, 0, "today's '%s' parser finds no results in it",
		       fmt->name);
		goto out;
	}
	rc = lifecycle_stage_apply(s, x->id, c.o == NULL, d, e);
out:
	lines_set_tick(NULL, NULL);
	if (rc && !e->file[0])
		snprintf(e->file, sizeof(e->file), "%s", x->name);
	if (opened)
		source_close(&in);
	close_parts(parts, nparts);
	free(opts);
	return rc;
}

static const struct cli_opt opts[] = {
	{"dry-run", no_argument, 'n', NULL,
	 "say what would change, change nothing"},
};

static const char reparse_head[] =
	"usage: benchsite reparse [--dry-run]\n"
	"\n";

static const char reparse_tail[] =
	"\n"
	"Reads every stored source again with today's parsers (the format and\n"
	"import options it was imported with), in one transaction, and prints\n"
	"per source what changed: runs and results added (+), removed (-) and\n"
	"changed (~).  Run numbers, exclusions and attributes not read from\n"
	"the source (--set) are kept.  A source the parser now refuses stops\n"
	"the reparse and nothing is changed.\n";

static int run_reparse(int argc, char **argv, const struct cli_env *env)
{
	struct srcs list;
	struct store *s;
	struct err e;
	size_t i;
	long changed = 0;
	int c, dry = 0;

	while ((c = cli_option(argc, argv, &cli_reparse)) >= 0) {
		switch (c) {
		case 'n':
			dry = 1;
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	if (cli_open_writer(env, &s))
		return EXIT_FAULT;
	memset(&list, 0, sizeof(list));
	err_clear(&e);
	if (store_begin(s, &e))
		goto fail;
	if (lifecycle_each_source(s, NULL, add_src, &list, &e)) {
		if (!e.msg[0])
			err_set(&e, env->db, 0, 0, "out of memory");
		goto fail;
	}
	for (i = 0; i < list.n; i++) {
		struct lifecycle_diff d;

		const struct format *f = format_find(list.v[i].format);

		/* what a tool printed beside its results file: no results */
		if (strcmp(list.v[i].format, LIFECYCLE_PRINTED) == 0) {
			printf("%s: what the tool printed, kept as it is\n",
			       list.v[i].name);
			continue;
		}
		if (f && (f->flags & FORMAT_PART))
			continue;	/* read with its output */
		if (reparse_one(s, &list.v[i], &list, &d, &e))
			goto fail;
		if (d.runs_added || d.runs_removed || d.runs_changed ||
		    d.results_added || d.results_removed || d.results_changed) {
			changed++;
			printf("%s: runs +%ld -%ld ~%ld, results +%ld -%ld ~%ld\n",
			       list.v[i].name, d.runs_added, d.runs_removed,
			       d.runs_changed, d.results_added, d.results_removed,
			       d.results_changed);
		} else {
			printf("%s: unchanged\n", list.v[i].name);
		}
	}
	if (dry) {
		store_rollback(s);
	} else if (store_commit(s, &e)) {
		goto fail;
	}
	printf("%zu source%s, %ld changed%s\n", list.n, list.n == 1 ? "" : "s",
	       changed, dry ? " (dry run: nothing written)" : "");
	free_srcs(&list);
	store_close(s);
	return EXIT_OK;
fail:
	cli_undo(s, &e);
	fputs("benchsite: reparse: nothing was changed\n", stderr);
	free_srcs(&list);
	store_close(s);
	return EXIT_FAULT;
}

const struct cli_command cli_reparse = {
	"reparse", "read every stored source again with today's parsers",
	run_reparse, CLI_OPTS(opts), reparse_head, 15, reparse_tail, NULL,
	CLI_NO_OPERANDS,
};
