/*
 * lifecycle.c: `benchsite merge`, `exclude`, `include` and `delete`:
 * the commands that change which runs a store holds or counts, without
 * reading any input format.
 *
 * Each is one transaction (merge: one per other store), so an interrupted
 * command leaves the store as it was.  delete prints what will go before it
 * asks; off a terminal nobody can answer, so it wants --yes rather than
 * guessing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/text.h"
#include "../schema/apart.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"
#include "runs.h"
#include "select.h"

static const char merge_head[] =
	"usage: benchsite merge OTHER.db...\n"
	"\n"
	"Copies into this store every source of each OTHER store (with its\n"
	"runs, attributes, results and samples) that this one lacks, and every\n"
	"comparison whose name it lacks; one transaction per OTHER.  A source\n"
	"already here (same SHA-256) is skipped, so merging twice changes\n"
	"nothing.  OTHER is opened read-only; an older schema is read as it\n"
	"is, a newer one is refused.\n";

/* A store read as it stood and changed meanwhile is read again, a little
 * later each time, for up to MERGE_WAIT_MS (a host still benchmarking
 * into it writes now and then: a quiet moment comes). */
#define MERGE_WAIT_MS 30000L

static int merge_one(struct store *s, const char *path,
		     struct lifecycle_merge_report *rep, struct err *e)
{
	long waited = 0, pause = 20;
	int tries = 0, rc;

	for (;;) {
		struct timespec t;

		err_clear(e);
		if (store_begin(s, e))
			return -1;
		rc = lifecycle_merge(s, path, rep, e);
		tries++;
		if (rc == 0 && store_commit(s, e) == 0)
			return 0;
		store_rollback(s);
		if (rc != LIFECYCLE_MERGE_CHANGED)
			return -1;
		if (waited >= MERGE_WAIT_MS)
			break;
		t.tv_sec = pause / 1000;
		t.tv_nsec = (pause % 1000) * 1000000L;
		nanosleep(&t, NULL);
		waited += pause;
		if (pause < 640)
			pause *= 2;
	}
	return err_set(e, path, 0, 0, "changed while it was read, %d times "
		       "in %ld s (another program is writing it): merge it "
		       "again when it is idle", tries, MERGE_WAIT_MS / 1000);
}

static int run_merge(int argc, char **argv, const struct cli_env *env)
{
	struct store *s;
	int c, i, failed = 0;

	if ((c = cli_option(argc, argv, &cli_merge)) != CLI_DONE)
		return cli_status(c);
	if (optind >= argc) {
		fputs("benchsite: merge: name at least one store\n", stderr);
		return cli_usage_error(&cli_merge);
	}
	if (cli_open_store(env, &s))
		return EXIT_FAULT;
	for (i = optind; i < argc; i++) {
		struct lifecycle_merge_report rep;
		struct err e;

		err_clear(&e);
		if (access(argv[i], R_OK)) {
			warnmsg("%s: cannot open: no such store", argv[i]);
			failed = 1;
			continue;
		}
		if (merge_one(s, argv[i], &rep, &e)) {
			err_print(&e);
			failed = 1;
			continue;
		}
		printf("%s: %ld source%s added (%ld runs, %ld results), %ld "
		       "already here, %ld comparison%s added\n", argv[i],
		       rep.sources, rep.sources == 1 ? "" : "s", rep.runs,
		       rep.results, rep.skipped, rep.comparisons,
		       rep.comparisons == 1 ? "" : "s");
		/* the rest is merged (exit 0: the store changed); what was
		 * left out is said, the first with why */
		if (rep.refused)
			warnmsg("%s: %ld comparison%s not copied, as compare "
				"would refuse %s: %s", argv[i], rep.refused,
				rep.refused == 1 ? "" : "s",
				rep.refused == 1 ? "it" : "them (the first)",
				rep.refused_why);
	}
	store_close(s);
	return failed ? EXIT_FAULT : EXIT_OK;
}

const struct cli_command cli_merge = {
	"merge", "copy other stores' sources and runs into this one",
	run_merge, CLI_NO_OPTS, merge_head, 0, NULL, NULL, 0,
};

static const struct cli_opt exclude_opts[] = {
	{"why", required_argument, 'w', "TEXT",
	 "why the run is left out (shown on the site)"},
};

static const char exclude_head[] =
	"usage: benchsite exclude RUN... --why TEXT\n"
	"\n";

static const char exclude_tail[] =
	"\n"
	"Leaves the runs out of every figure, chart and export; they stay in\n"
	"the store and `benchsite include RUN` brings them back.  RUN is a\n"
	"number `benchsite list runs` shows, a range (36-47) or a list of them\n"
	"(36-47,50).\n";

static int exclude_main(int argc, char **argv, const struct cli_env *env);

const struct cli_command cli_exclude = {
	"exclude", "leave runs out of every figure, saying why",
	exclude_main, CLI_OPTS(exclude_opts), exclude_head, 15, exclude_tail, NULL, 0,
};

static const char include_head[] =
	"usage: benchsite include RUN...\n"
	"\n"
	"Counts excluded runs again (see `benchsite exclude`).  RUN is a number,\n"
	"a range (36-47) or a list of them (36-47,50).\n";

/* exclude and include: one body, why NULL for include; argv[0] is the
 * command's name, as main.c found it. */
static int exclude_main(int argc, char **argv, const struct cli_env *env)
{
	int include = strcmp(argv[0], cli_include.name) == 0;
	const struct cli_command *u = include ? &cli_include : &cli_exclude;
	const char *why = NULL;
	struct store *s;
	struct err e;
	struct cli_runs v = {0};
	long long id = 0;
	long i;
	int c, was, rc;

	while ((c = cli_option(argc, argv, u)) >= 0) {
		switch (c) {
		case 'w':
			why = optarg;
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	if (!include && (!why || !*why)) {
		fputs("benchsite: exclude: say why with --why TEXT\n", stderr);
		return cli_usage_error(u);
	}
	/* it goes on the site and in its manifest: the text rule */
	if (why && cli_text_option("--why", &why))
		return EXIT_USAGE;
	if (optind >= argc)
		return cli_usage_error(u);
	if (cli_run_numbers(argc, argv, optind))
		return EXIT_USAGE;
	if (cli_runs_named(&v, argc, argv, optind)) {
		fputs("benchsite: out of memory\n", stderr);
		cli_runs_release(&v);
		return EXIT_FAULT;
	}
	cli_runs_sort(&v);
	if (cli_open_writer(env, &s)) {
		cli_runs_release(&v);
		return EXIT_FAULT;
	}
	err_clear(&e);
	if (store_begin(s, &e))
		goto fail;
	for (i = 0; i < v.n; i++) {
		id = v.id[i];
		if (lifecycle_exclude(s, id, why, &was, &e))
			goto fail;
		if (include)
			printf("run %lld: %s\n", id, was ? "included again" :
			       "was not excluded");
		else
			printf("run %lld: excluded%s\n", id,
			       was ? " (the reason replaced)" : "");
	}
	if (store_commit(s, &e))
		goto fail;
	cli_runs_release(&v);
	store_close(s);
	return EXIT_OK;
fail:
	rc = cli_undo(s, &e);
	cli_runs_release(&v);
	store_close(s);
	return rc;
}

const struct cli_command cli_include = {
	"include", "count excluded runs again",
	exclude_main, CLI_NO_OPTS, include_head, 0, NULL, NULL, 0,
};

static const struct cli_opt delete_opts[] = {
	CLI_SUITE("every run of suite S"),
	CLI_LABEL("every run labelled L"),
	CLI_WHERE("every run that meets COND (K=V, K=V1,V2, K!=V, K~=V\n"
		  "(K holds the text V), K!~=V, K, !K; repeatable, all\n"
		  "must hold)"),
	{"yes", no_argument, 'y', NULL,
	 "do not ask (needed when standard input is not a\n"
	 "terminal)"},
};

static const char delete_head[] =
	"usage: benchsite delete [--yes] RUN...\n"
	"       benchsite delete [--yes] [--suite S] [--label L] "
	"[--where COND]...\n"
	"\n";

static const char delete_tail[] =
	"\n"
	"Removes the runs with their attributes, results and samples, and any\n"
	"source left with no run (so that importing it again works), in one\n"
	"transaction, after printing what will go and asking.  `benchsite exclude` leaves\n"
	"a run out of the figures without removing it.  RUN is a number `benchsite\n"
	"list runs` shows, a range (36-47) or a list of them (36-47,50).\n";

struct shown {
	struct cli_runs *v;
	long found;
	struct apart ap;	/* what tells the store's runs apart */
};

static int show_victim(void *ctx, const struct lifecycle_run *r)
{
	struct shown *sh = ctx;
	char attrs[1024];

	if (!cli_runs_has(sh->v, r->id))
		return 0;
	apart_text(&sh->ap, r->id, attrs, sizeof(attrs));
	printf("run %lld: %s, %s%s%s, %lld result%s, from %s\n", r->id,
	       r->suite, r->label, *attrs ? ", " : "", attrs, r->results,
	       r->results == 1 ? "" : "s", r->source);
	sh->found++;
	return 0;
}

/* 1 when the user answers yes on the terminal. */
static int confirm(long n)
{
	char answer[16];

	fprintf(stderr, "delete %ld run%s? [y/N] ", n, n == 1 ? "" : "s");
	fflush(stderr);
	if (!fgets(answer, sizeof(answer), stdin))
		return 0;
	return answer[0] == 'y' || answer[0] == 'Y';
}

static int run_delete(int argc, char **argv, const struct cli_env *env)
{
	struct lifecycle_filter f;
	struct cli_runs v;
	struct shown sh;
	struct store *s;
	struct err e;
	long sources;
	int c, yes = 0, rc = EXIT_FAULT, chosen;

	memset(&f, 0, sizeof(f));
	memset(&sh, 0, sizeof(sh));
	while ((c = cli_select_next(argc, argv, &cli_delete, &f)) >= 0)
		yes = 1;	/* --yes, the one option of its own */
	if (c != CLI_DONE)
		return cli_status(c);
	chosen = cli_selected(&f);
	if ((optind >= argc) == !chosen) {
		if (chosen)
			fputs("benchsite: delete: name runs or choose them, not "
			      "both\n", stderr);
		return cli_usage_error(&cli_delete);
	}
	if (cli_run_numbers(argc, argv, optind))
		return EXIT_USAGE;
	if (!yes && !isatty(STDIN_FILENO)) {
		fputs("benchsite: delete: standard input is not a terminal, so "
		      "nobody can confirm: add --yes\n", stderr);
		return EXIT_USAGE;
	}
	memset(&v, 0, sizeof(v));
	if (cli_open_writer(env, &s))
		return EXIT_FAULT;
	err_clear(&e);
	if (cli_runs_take(&v, s, chosen ? &f : NULL, argc, argv, optind, &e))
		goto fail;
	sh.v = &v;
	sh.found = 0;
	if (apart_load(s, NULL, 0, &sh.ap, &e) ||
	    lifecycle_each_run(s, NULL, show_victim, &sh, &e))
		goto fail;
	if (sh.found < v.n || v.n == 0) {
		if (f.label && v.n == 0 && !f.suite && !f.nwhere)
			err_set(&e, NULL, 0, 0, "no run is labelled '%s'",
				f.label);
		else if (chosen && v.n == 0) {
			cli_where_hint(s, &f);
			err_set(&e, NULL, 0, 0, "no run meets the conditions "
				"(see 'benchsite list runs' with them)");
		}
		else
			err_set(&e, NULL, 0, 0, "%ld of the runs named do not "
				"exist (see 'benchsite list runs')",
				v.n - sh.found);
		goto fail;
	}
	if (!yes && !confirm(v.n)) {
		fputs("nothing deleted\n", stderr);
		rc = EXIT_OK;
		goto out;
	}
	/* The write lock is taken only now, not while a person reads the
	 * list; a run that went meanwhile makes the whole delete fail. */
	if (store_begin(s, &e) ||
	    lifecycle_delete(s, v.id, v.n, &sources, &e) ||
	    store_commit(s, &e))
		goto fail;
	printf("deleted %ld run%s and %ld source%s left without runs\n", v.n,
	       v.n == 1 ? "" : "s", sources, sources == 1 ? "" : "s");
	rc = EXIT_OK;
	goto out;
fail:
	rc = cli_undo(s, &e);
out:
	cli_runs_release(&v);
	apart_release(&sh.ap);
	store_close(s);
	return rc;
}

const struct cli_command cli_delete = {
	"delete", "remove runs (and sources left with none)",
	run_delete, CLI_OPTS(delete_opts), delete_head, 16, delete_tail, NULL,
	CLI_SELECT,
};
