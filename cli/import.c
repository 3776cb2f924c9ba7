/*
 * import.c: `benchsite import`.  Each file is its own transaction: a
 * bad file is reported (file and line) and leaves the store as it was,
 * while the other files named on the same command line still go in; the
 * exit status is 1 when any file failed.  Folders are walked by
 * collector/walk.c: files of no known format met in a folder are skipped
 * (a README beside the results is normal), a file named directly must be
 * readable, and the files of one run (sql-bench: a file per test and a
 * RUN- summary) are imported together by import_set, as one unit.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../collector/format.h"
#include "../collector/import.h"
#include "../collector/walk.h"
#include "../core/err.h"
#include "../core/progress.h"
#include "../core/record.h"
#include "../core/text.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"
#include "select.h"
#include "../core/quote.h"

static const struct cli_opt opts[] = {
	{"format", required_argument, 'f', "F",
	 "read the input as format F instead of detecting it"},
	CLI_LABEL("name every run L (default: what the input calls it,\n"
		  "else the file name without its extension)"),
	CLI_SET("add attribute K=V to every run (repeatable)"),
	{"test", required_argument, 't', "NAME",
	 "the test name when the output does not say it"},
	CLI_LONG_VALUE("suite", 'S', "S", ""),
	CLI_LONG_VALUE("metric", 'M', "M", ""),
	CLI_LONG_VALUE("unit", 'U', "U", ""),
	CLI_LONG_VALUE("better", 'B', "lower|higher",
	 "what a wide table's figures are (rows = runs,\ncolumns = tests)"),
	CLI_LONG_VALUE("table", 'T', "N", "which table of an HTML page "
		       "(default: the one with\nthe most numbers)"),
	{"quiet", no_argument, 'q', NULL,
	 "no total line, no progress line for large files"},
};

/* The registry's formats, after the usage. */
static void list_formats(FILE *f)
{
	size_t i;

	for (i = 0; formats[i]; i++)
		fprintf(f, "  %-8s %s\n", formats[i]->name, formats[i]->what);
}

static const char import_head[] =
	"usage: benchsite import [--format F] [--label L] [--set K=V]... "
	"[--test NAME]\n"
	"                        [--suite S] [--metric M] [--unit U] "
	"[--better lower|higher]\n"
	"                        [--table N] [--quiet] FILE|DIR|-...\n"
	"\n";

static const char import_tail[] =
	"\n"
	"A .gz input is read transparently; '-' reads standard input.  The same\n"
	"bytes imported twice are stored once ('already imported').  fio's logs\n"
	"(NAME_bw.N.log ...) named right after a job's output, or beside the one\n"
	"fio output of a folder, are samples of its runs.\n"
	"\nformats:\n";

/* An import's walk, with what it reports at the end. */
struct imp {
	struct walk w;
	struct store *s;
	long n_imported, n_already, n_skipped, n_failed, runs, results;
};

/* Each file's line goes out at once: a long import shows its progress,
 * and the lines stay in order with the errors on stderr. */
static void done_line(void)
{
	fflush(stdout);
}

/* The progress line of a large input (collector/import.h). */
static void show_progress(void *ctx, const char *name, const char *phase,
			  size_t done, size_t total)
{
	(void)ctx;
	progress_show("import: %s: %s, %d%% of %zu MiB", name, phase,
		      total ? (int)(100.0 * (double)done / (double)total) : 0,
		      total >> 20);
}

/* A file or group that failed: its error said, and the walk stopped
 * when the store's disk is full (every next file would fail the same
 * way: one line says it). */
static void failed(struct walk *wk, const struct err *e, const char *path)
{
	struct imp *w = wk->ctx;

	err_print(e);
	wk->failed = 1;
	w->n_failed++;
	if (store_full(w->s)) {
		warnmsg("the store's disk is full: stopped; what follows %s was "
			"not tried", path);
		wk->stop = 1;
	}
}

static void import_one(struct walk *wk, const char *path)
{
	struct imp *w = wk->ctx;
	struct import_report rep;
	struct err e;
	int rc;

	if (wk->stop)
		return;
	err_clear(&e);
	rc = import_file(w->s, path, wk->o, &rep, &e);
	progress_clear();	/* the file's line replaces its progress */
	if (rc) {
		failed(wk, &e, path);
	} else if (rep.skipped) {
		warnmsg("%s: skipped: not a known format", path);
		w->n_skipped++;
	} else if (rep.already) {
		printf("%s: already imported\n", path);
		if (wk->o->label || wk->o->nset)
			fflush(stdout), fprintf(stderr, "benchsite: %s: already imported, so "
				"--label and --set were not applied: change its "
				"runs with 'benchsite tag RUN... --label L --set "
				"K=V' (RUN: see 'benchsite list runs')\n", path);
		w->n_already++;
	} else {
		cli_import_warnings(strcmp(path, "-") == 0 ? "<stdin>" : path,
				    &rep);
		printf("%s: %ld run%s, %ld results (%s)\n", path, rep.runs,
		       rep.runs == 1 ? "" : "s", rep.results, rep.format);
		w->n_imported++;
		w->runs += rep.runs;
		w->results += rep.results;
	}
	done_line();
}

static void import_group(struct walk *wk, char **paths, size_t n)
{
	struct imp *w = wk->ctx;
	struct import_report rep;
	struct err e;

	if (wk->stop)
		return;
	err_clear(&e);
	wk->o->skip_unknown = 1;
	if (import_set(w->s, (const char *const *)paths, n, wk->o, &rep, &e)) {
		failed(wk, &e, paths[0]);
	} else if (rep.runs == 0) {
		printf("%s and %zu more: already imported\n", paths[0], n - 1);
		w->n_already++;
	} else {
		w->n_imported++;
		w->runs += rep.runs;
		w->results += rep.results;
		printf("%s and %zu more: %ld run%s of %zu files, %ld results "
		       "(%s)", paths[0], n - 1, rep.runs, rep.runs == 1 ? "" :
		       "s", n - (size_t)rep.already, rep.results, rep.format);
		if (rep.already)
			printf(", %d already imported", rep.already);
		putchar('\n');
	}
	done_line();
}

/* Imports argv[i] and returns the index of the next argument to import:
 * the fio logs named right after a file go with it, as one unit (an
 * empty one is left out: it holds nothing). */
static int import_arg(struct walk *wk, char **argv, int i, int argc)
{
	char *set[IMPORT_SET_FILES_MAX];
	struct stat st;
	int j = i + 1, k = 1, part;

	set[0] = argv[i];
	if (strcmp(argv[i], "-") != 0 && stat(argv[i], &st) == 0 &&
	    S_ISREG(st.st_mode) && !import_is_part(argv[i])) {
		for (; j < argc && k < IMPORT_SET_FILES_MAX; j++) {
			if (!(part = import_is_part(argv[j])))
				break;
			if (part == 1)
				set[k++] = argv[j];
		}
	}
	if (j == i + 1) {
		walk_path(wk, argv[i]);
		return j;
	}
	import_group(wk, set, (size_t)k);
	return j;
}

/* The options that only name what the runs are (each a name in the store,
 * as the text rule has it), in the order their values are checked. */
static const struct {
	int key;
	const char *opt;
	size_t at;		/* its field of struct import_opts */
} names[] = {
	{'l', "--label", offsetof(struct import_opts, label)},
	{'t', "--test", offsetof(struct import_opts, test)},
	{CLI_LONG_ONLY('S'), "--suite", offsetof(struct import_opts, suite)},
	{CLI_LONG_ONLY('M'), "--metric", offsetof(struct import_opts, metric)},
	{CLI_LONG_ONLY('U'), "--unit", offsetof(struct import_opts, unit)},
};
#define NNAMES (int)(sizeof(names) / sizeof(names[0]))

/* o's field for names[i] */
static const char **name_at(struct import_opts *o, int i)
{
	return (const char **)(void *)((char *)o + names[i].at);
}

/* The index in names of the option of key, which is one of them. */
static int name_index(int key)
{
	int i;

	for (i = 0; i < NNAMES - 1 && names[i].key != key; i++)
		;
	return i;
}

static int run_import(int argc, char **argv, const struct cli_env *env)
{
	struct import_opts o;
	struct imp w;
	int c, i, next, quiet = 0;

	memset(&o, 0, sizeof(o));
	while ((c = cli_option(argc, argv, &cli_import)) >= 0) {
		switch (c) {
		case 'f':
			if (!format_find(optarg)) {
				char q[QUOTE_ARG_SIZE];

				fprintf(stderr, "benchsite: unknown format '%s'\n",
					quote_arg(optarg, q));
				return cli_usage_error(&cli_import);
			}
			o.format = optarg;
			break;
		case 's':
			if (cli_set_option(optarg, o.set_key, o.set_value,
					   &o.nset, IMPORT_SET_MAX))
				return EXIT_USAGE;
			break;
		case CLI_LONG_ONLY('B'):
			if (!record_better_valid(optarg)) {
				fputs("benchsite: --better is lower or higher\n",
				      stderr);
				return EXIT_USAGE;
			}
			o.better = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		case CLI_LONG_ONLY('T'):
			if (cli_count_option("--table", optarg, &o.table))
				return EXIT_USAGE;
			break;
		default:
			if (c == 'l' && !*optarg) {
				fputs("benchsite: empty label\n", stderr);
				return EXIT_USAGE;
			}
			*name_at(&o, name_index(c)) = optarg;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	/* options become names in the store and on the site, so they meet
	 * the inputs' text rule (a --label of stray bytes would otherwise go
	 * where no input's text can); --set values are checked as they are
	 * parsed */
	for (i = 0; i < NNAMES; i++)
		if (*name_at(&o, i) &&
		    cli_text_option(names[i].opt, name_at(&o, i)))
			return EXIT_USAGE;
	if (optind >= argc) {
		fputs("benchsite: import: name at least one file, folder or -\n",
		      stderr);
		return cli_usage_error(&cli_import);
	}
	memset(&w, 0, sizeof(w));
	w.w.o = &o;
	w.w.file = import_one;
	w.w.group = import_group;
	w.w.ctx = &w;
	if (cli_open_importer(env, &w.s))
		return EXIT_FAULT;
	progress_enable(!quiet);
	import_set_progress(show_progress, NULL);
	for (i = optind; i < argc; i = next)
		next = import_arg(&w.w, argv, i, argc);
	progress_clear();
	import_set_progress(NULL, NULL);
	walk_release(&w.w);
	store_close(w.s);
	/* the total, for people: on a terminal, or when there was more than
	 * one thing to say */
	if (!quiet && (isatty(1) || w.n_imported + w.n_already +
					    w.n_skipped + w.n_failed > 1))
		printf("total: %ld imported (%ld run%s, %ld results), %ld already "
		       "imported, %ld skipped, %ld failed\n", w.n_imported, w.runs,
		       w.runs == 1 ? "" : "s", w.results, w.n_already,
		       w.n_skipped, w.n_failed);
	return w.w.failed ? EXIT_FAULT : EXIT_OK;
}

const struct cli_command cli_import = {
	"import", "import result files, folders or standard input",
	run_import, CLI_OPTS(opts), import_head, 16, import_tail, list_formats, 0,
};
