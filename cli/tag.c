/*
 * tag.c: `benchsite tag`: labels and attributes changed after import.
 *
 * A bonnie++ file of an ext3 line and a jfs line, or a run imported
 * without --set, gets its facts here instead of by delete and import
 * again.  What tag gives is the user's: attributes are stored with origin
 * 'user' and labels with label_origin 'user', which reparse keeps and
 * merge copies (schema/lifecycle_merge.c).  The runs are named by number or chosen
 * with the selection language, and each is printed before and after, so
 * a selection that caught the wrong runs is seen; the change is one
 * transaction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/record.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"
#include "runs.h"
#include "select.h"

/* --set and --unset of one command: more is a script's job */
#define TAG_CHANGES_MAX 32

static const struct cli_opt opts[] = {
	{"label", required_argument, 'l', "L", "the runs' label becomes L"},
	{"set", required_argument, 'S', "K=V",
	 "attribute K becomes V (repeatable)"},
	{"unset", required_argument, 'u', "K",
	 "attribute K is removed (repeatable)"},
	CLI_SUITE("choose the runs of suite S"),
	CLI_WHERE("choose the runs that meet COND (K=V, K=V1,V2, K!=V,\n"
		  "K~=V (K holds the text V), K!~=V, K, !K, with label=L\n"
		  "for a label; repeatable, all must hold)"),
};

static const char tag_head[] =
	"usage: benchsite tag RUN... [--label L] [--set K=V]... "
	"[--unset K]...\n"
	"       benchsite tag [--suite S] [--where COND]... [--label L]\n"
	"                     [--set K=V]... [--unset K]...\n"
	"\n";

static const char tag_tail[] =
	"\n"
	"Changes the runs' labels and attributes after import, as the user's:\n"
	"reparse keeps them, merge copies them.  RUN is a number `benchsite\n"
	"list runs` shows, a range (36-47) or a list of them (36-47,50).\n"
	"Each run is printed before and after; the change is one transaction.\n";

struct tag {
	struct cli_runs runs;
	const char *set_key[TAG_CHANGES_MAX], *set_value[TAG_CHANGES_MAX];
	const char *unset[TAG_CHANGES_MAX];
	int nset, nunset;
	const char *label;
	struct store *s;
	struct err *e;
	int after;		/* printing the after line */
	long found;		/* runs printed */
};

/* 1 when key is one the command touches */
static int touched(const struct tag *t, const char *key)
{
	int i;

	for (i = 0; i < t->nset; i++)
		if (strcmp(t->set_key[i], key) == 0)
			return 1;
	for (i = 0; i < t->nunset; i++)
		if (strcmp(t->unset[i], key) == 0)
			return 1;
	return 0;
}

struct line {
	const struct tag *t;
	char text[1024];
	size_t n;
};

static int put_attr(void *ctx, const char *key, const char *value)
{
	struct line *l = ctx;

	if (touched(l->t, key) && l->n < sizeof(l->text))
		l->n += (size_t)snprintf(l->text + l->n, sizeof(l->text) - l->n,
					 ", %s=%s", key, value);
	return 0;
}

/* "run 3: bonnie++, vm, fs=ext3" with the attributes the command
 * touches (a run's other attributes do not change) */
static int show(void *ctx, const struct lifecycle_run *r)
{
	struct tag *t = ctx;
	struct line l;

	if (!cli_runs_has(&t->runs, r->id))
		return 0;
	l.t = t;
	l.n = 0;
	l.text[0] = '\0';
	if (store_each_attr(t->s, r->id, put_attr, &l, t->e))
		return -1;
	t->found++;
	printf("run %lld %s %s, %s%s\n", r->id, t->after ? "after: " : "before:",
	       r->suite, r->label, l.text);
	return 0;
}

static int run_tag(int argc, char **argv, const struct cli_env *env)
{
	struct lifecycle_filter f;
	struct tag t;
	struct store *s;
	struct err e;
	long i;
	int c, k, by_choice, rc = EXIT_FAULT;

	memset(&t, 0, sizeof(t));
	memset(&f, 0, sizeof(f));
	while ((c = cli_select_next(argc, argv, &cli_tag, &f)) >= 0) {
		switch (c) {
		case 'l':
			t.label = optarg;
			if (!*optarg || cli_text_option("--label", &t.label)) {
				fputs("benchsite: tag: --label wants a label\n",
				      stderr);
				return EXIT_USAGE;
			}
			break;
		case 'S':
			if (cli_set_option(optarg, t.set_key, t.set_value, &t.nset,
					   TAG_CHANGES_MAX))
				return EXIT_USAGE;
			break;
		case 'u':
			if (!record_key_valid(optarg) ||
			    t.nunset >= TAG_CHANGES_MAX) {
				fprintf(stderr, "benchsite: --unset wants an "
					"attribute name (at most %d), found "
					"'%s'\n", TAG_CHANGES_MAX, optarg);
				return EXIT_USAGE;
			}
			t.unset[t.nunset++] = optarg;
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	by_choice = cli_selected(&f);
	for (k = 0; k < t.nset; k++)
		if (strcmp(t.set_key[k], "label") == 0) {
			fputs("benchsite: tag: a label is set with --label L\n",
			      stderr);
			return EXIT_USAGE;
		}
	if (!t.label && !t.nset && !t.nunset) {
		fputs("benchsite: tag: say what changes: --label, --set or "
		      "--unset\n", stderr);
		return cli_usage_error(&cli_tag);
	}
	if ((optind < argc) == by_choice) {
		fputs(by_choice ? "benchsite: tag: name runs or choose them, "
		      "not both\n" : "benchsite: tag: name the runs (RUN...) or "
		      "choose them (--where, --suite)\n", stderr);
		return cli_usage_error(&cli_tag);
	}
	if (cli_run_numbers(argc, argv, optind))
		return EXIT_USAGE;
	if (cli_open_writer(env, &s))
		return EXIT_FAULT;
	err_clear(&e);
	t.s = s;
	t.e = &e;
	/* the write lock first: the runs chosen are those changed */
	if (store_begin(s, &e))
		goto fail;
	if (cli_runs_take(&t.runs, s, by_choice ? &f : NULL, argc, argv, optind,
			  &e))
		goto fail;
	if (t.runs.n == 0) {
		cli_where_hint(s, &f);
		err_set(&e, NULL, 0, 0, "no run meets the conditions (see "
			"'benchsite list runs' with them); nothing changed");
		goto fail;
	}
	if (lifecycle_each_run(s, NULL, show, &t, &e))
		goto fail;
	if (t.found < t.runs.n) {
		err_set(&e, NULL, 0, 0, "%ld of the runs named do not exist (see "
			"'benchsite list runs'); nothing changed", t.runs.n - t.found);
		goto fail;
	}
	for (i = 0; i < t.runs.n; i++) {
		if (t.label && lifecycle_label_set(s, t.runs.id[i], t.label, &e))
			goto fail;
		for (k = 0; k < t.nunset; k++) {
			int had;

			if (lifecycle_attr_unset(s, t.runs.id[i], t.unset[k], &had, &e))
				goto fail;
		}
		if (lifecycle_attrs_set(s, t.runs.id[i], t.set_key, t.set_value,
					(size_t)t.nset, LIFECYCLE_USER, &e))
			goto fail;
	}
	t.after = 1;
	if (lifecycle_each_run(s, NULL, show, &t, &e) || store_commit(s, &e))
		goto fail;
	printf("tagged %ld run%s\n", t.runs.n, t.runs.n == 1 ? "" : "s");
	rc = EXIT_OK;
	goto out;
fail:
	rc = cli_undo(s, &e);
out:
	cli_runs_release(&t.runs);
	store_close(s);
	return rc;
}

const struct cli_command cli_tag = {
	"tag", "change runs' labels and attributes after import",
	run_tag, CLI_OPTS(opts), tag_head, 17, tag_tail, NULL,
	CLI_SELECT_SUITE | CLI_SELECT_WHERE,
};
