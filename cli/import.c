/*
 * import.c: `benchsite import`.  Each file is its own transaction: a
 * bad file is reported (file and line) and leaves the store as it was,
 * while the other files named on the same command line still go in; the
 * exit status is 1 when any file failed.  A folder is read recursively, in
 * name order, skipping dot files and files of no known format (a README
 * beside the results is normal); a file named directly must be readable.
 *
 * Some tools write one run as several files (sql-bench: a file per test
 * and a RUN- summary in output/).  Within one folder level, the files
 * whose format puts them in the same run (import_group_key) are imported
 * together by import_set, as one unit and one run; a file that says it is
 * of some run but not which (sql-bench.log) joins the folder's group when
 * there is exactly one.  Files named one by one on the command line stay
 * separate units: grouping is what naming a folder asks for.
 */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "../core/err.h"
#include "../core/record.h"
#include "../core/text.h"
#include "../schema/store.h"
#include "../collector/format.h"
#include "../collector/import.h"

static const char usage[] =
	"usage: benchsite import [--format F] [--label L] [--set K=V]... "
	"[--test NAME]\n"
	"                        [--suite S] [--metric M] [--unit U] "
	"[--better lower|higher]\n"
	"                        [--table N] FILE|DIR|-...\n"
	"\n"
	"  --format F    read the input as format F instead of detecting it\n"
	"  --label L     name every run L (default: what the input calls it,\n"
	"                else the file name without its extension)\n"
	"  --set K=V     add attribute K=V to every run (repeatable)\n"
	"  --test NAME   the test name when the output does not say it\n"
	"  --suite S, --metric M, --unit U, --better lower|higher\n"
	"                what a wide table's figures are (rows = runs,\n"
	"                columns = tests)\n"
	"  --table N     which table of an HTML page (default: the one with\n"
	"                the most numbers)\n"
	"\n"
	"A .gz input is read transparently; '-' reads standard input.  The same\n"
	"bytes imported twice are stored once ('already imported').\n"
	"\nformats:\n";

/* The usage text with the registry's formats after it, made once. */
static const char *import_usage(void)
{
	static char text[8192];
	size_t n, i;

	if (text[0])
		return text;
	n = (size_t)snprintf(text, sizeof(text), "%s", usage);
	for (i = 0; formats[i] && n < sizeof(text); i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "  %-8s %s\n",
				      formats[i]->name, formats[i]->what);
	return text;
}

/* A folder walked, by device and inode: what a link leads to. */
struct walked {
	dev_t dev;
	ino_t ino;
};

struct walk {
	struct store *s;
	struct import_opts *o;
	int failed;
	int stop;		/* the store cannot take more: try no more */
	int depth;
	/* the folders walked so far (owned), so that a link back to one (a
	 * loop) or a second way into one is walked once */
	struct walked *seen;
	size_t nseen, capseen;
	/* for the closing total */
	long n_imported, n_already, n_skipped, n_failed, runs, results;
};

/* Each file's line goes out at once: a long import shows its progress,
 * and the lines stay in order with the errors on stderr. */
static void done_line(void)
{
	fflush(stdout);
}

/* Folders deeper than this are a loop or a mistake. */
#define IMPORT_DEPTH_MAX 32

static void import_one(struct walk *w, const char *path)
{
	struct import_report rep;
	struct err e;

	if (w->stop)
		return;
	err_clear(&e);
	if (import_file(w->s, path, w->o, &rep, &e)) {
		err_print(&e);
		w->failed = 1;
		w->n_failed++;
		/* every next file would fail the same way: one line said it */
		if (store_full(w->s)) {
			warnmsg("the store's disk is full: stopped; what "
				"follows %s was not tried", path);
			w->stop = 1;
		}
	} else if (rep.skipped) {
		warnmsg("%s: skipped: not a known format", path);
		w->n_skipped++;
	} else if (rep.already) {
		printf("%s: already imported\n", path);
		if (w->o->label || w->o->nset)
			fflush(stdout), fprintf(stderr, "benchsite: %s: already imported, so "
				"--label and --set were not applied: change its "
				"runs with 'benchsite tag RUN... --label L --set "
				"K=V' (RUN: see 'benchsite list runs')\n", path);
		w->n_already++;
	} else {
		const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
		int i;

		/* Warnings go to stderr like errors, in the same
		 * "FILE:LINE:" form, so editors can jump to them. */
		for (i = 0; i < rep.nwarn && i < IMPORT_WARN_MAX; i++)
			warnmsg("%s:%ld: warning: %s", name, rep.warn[i].line,
				rep.warn[i].msg);
		if (rep.nwarn > IMPORT_WARN_MAX)
			warnmsg("%s: warning: %d more warnings", name,
				rep.nwarn - IMPORT_WARN_MAX);
		printf("%s: %ld run%s, %ld results (%s)\n", path, rep.runs,
		       rep.runs == 1 ? "" : "s", rep.results, rep.format);
		w->n_imported++;
		w->runs += rep.runs;
		w->results += rep.results;
	}
	done_line();
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk_path(struct walk *w, const char *path, int in_dir);

static void import_group(struct walk *w, char **paths, size_t n)
{
	struct import_report rep;
	struct err e;

	if (w->stop)
		return;
	err_clear(&e);
	w->o->skip_unknown = 1;
	if (import_set(w->s, (const char *const *)paths, n, w->o, &rep, &e)) {
		err_print(&e);
		w->failed = 1;
		w->n_failed++;
		if (store_full(w->s)) {
			warnmsg("the store's disk is full: stopped; what "
				"follows %s was not tried", paths[0]);
			w->stop = 1;
		}
	} else if (rep.runs == 0) {
		printf("%s and %zu more: already imported\n", paths[0], n - 1);
		w->n_already++;
	} else {
		w->n_imported++;
		w->runs += rep.runs;
		w->results += rep.results;
		printf("%s and %zu more: one run of %zu files, %ld results "
		       "(%s)", paths[0], n - 1, n - (size_t)rep.already,
		       rep.results, rep.format);
		if (rep.already)
			printf(", %d already imported", rep.already);
		putchar('\n');
	}
	done_line();
}

/* Imports the entries names[0..n) of one folder (sorted): groups of files
 * of one run as one unit each, the rest one by one.  keys[i] is the
 * group key of file i or NULL. */
static void walk_entries(struct walk *w, char **names, char **keys,
			 size_t n)
{
	char **set = malloc((n ? n : 1) * sizeof(*set));
	size_t i, j, k;

	for (i = 0; i < n; i++) {
		if (!names[i])
			continue;	/* imported with its group */
		k = 0;
		if (keys[i] && set) {
			for (j = i; j < n; j++)
				if (names[j] && keys[j] &&
				    strcmp(keys[i], keys[j]) == 0)
					set[k++] = names[j];
		}
		if (k < 2) {
			walk_path(w, names[i], 1);
			free(names[i]);
			names[i] = NULL;
			continue;
		}
		import_group(w, set, k);
		for (j = i; j < n; j++)
			if (names[j] && keys[j] && strcmp(keys[i], keys[j]) == 0 &&
			    j != i) {
				free(names[j]);
				names[j] = NULL;
			}
		free(names[i]);
		names[i] = NULL;
	}
	free(set);
}

/* keys[i] for each regular file of names[0..n) that belongs to a run of
 * several files; a file that does not say which run joins the only named
 * group of its format, if there is exactly one. */
static void group_keys(struct walk *w, char **names, char **keys, size_t n)
{
	char key[IMPORT_KEY_MAX];
	int *unnamed = calloc(n ? n : 1, sizeof(*unnamed));
	size_t i, j;
	struct stat st;

	if (!unnamed)
		return;
	for (i = 0; i < n; i++) {
		if (stat(names[i], &st) || !S_ISREG(st.st_mode))
			continue;
		if (import_group_key(names[i], w->o, key, sizeof(key),
				     &unnamed[i]))
			keys[i] = strdup(key);
	}
	for (i = 0; i < n; i++) {
		const char *only = NULL;
		int many = 0;
		size_t fl;

		if (!keys[i] || !unnamed[i])
			continue;
		fl = strlen(keys[i]);	/* "FORMAT:" */
		for (j = 0; j < n; j++)
			if (keys[j] && !unnamed[j] &&
			    strncmp(keys[j], keys[i], fl) == 0) {
				if (only && strcmp(only, keys[j]) != 0)
					many = 1;
				only = keys[j];
			}
		if (only && !many) {
			char *dup = strdup(only);

			if (dup) {
				free(keys[i]);
				keys[i] = dup;
			}
		}
	}
	free(unnamed);
}

static void walk_dir(struct walk *w, const char *path)
{
	DIR *d = opendir(path);
	struct dirent *de;
	char **names = NULL, **keys;
	size_t n = 0, cap = 0, i;

	if (!d) {
		warnmsg("%s: cannot open folder", path);
		w->failed = 1;
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **nn = realloc(names, (cap = cap ? 2 * cap : 32) *
					    sizeof(*names));
			if (!nn)
				break;
			names = nn;
		}
		names[n] = malloc(strlen(path) + strlen(de->d_name) + 2);
		if (!names[n])
			break;
		snprintf(names[n], strlen(path) + strlen(de->d_name) + 2,
			 "%s/%s", path, de->d_name);
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	keys = calloc(n ? n : 1, sizeof(*keys));
	w->depth++;
	if (keys) {
		group_keys(w, names, keys, n);
		walk_entries(w, names, keys, n);
		for (i = 0; i < n; i++)
			free(keys[i]);
		free(keys);
	} else {
		for (i = 0; i < n; i++) {
			walk_path(w, names[i], 1);
			free(names[i]);
		}
	}
	w->depth--;
	free(names);
}

/* 1 when the folder st describes was walked before; else notes it.  A
 * folder that cannot be noted (memory) is walked: the depth cap still
 * ends a loop. */
static int seen_before(struct walk *w, const struct stat *st)
{
	size_t i;

	for (i = 0; i < w->nseen; i++)
		if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino)
			return 1;
	if (w->nseen == w->capseen) {
		size_t ncap = w->capseen ? 2 * w->capseen : 16;
		struct walked *ns = realloc(w->seen, ncap * sizeof(*ns));

		if (!ns)
			return 0;
		w->seen = ns;
		w->capseen = ncap;
	}
	w->seen[w->nseen].dev = st->st_dev;
	w->seen[w->nseen++].ino = st->st_ino;
	return 0;
}

static void walk_path(struct walk *w, const char *path, int in_dir)
{
	struct stat st;

	if (w->stop)
		return;
	if (strcmp(path, "-") == 0) {
		import_one(w, path);
		return;
	}
	if (stat(path, &st)) {
		warnmsg("%s: cannot open: no such file or folder", path);
		w->failed = 1;
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		if (seen_before(w, &st)) {
			warnmsg("%s: a folder already walked (a link back to "
				"it, or a second way in): not walked again",
				path);
			return;
		}
		if (w->depth >= IMPORT_DEPTH_MAX) {
			warnmsg("%s: folders nested too deep", path);
			w->failed = 1;
			return;
		}
		walk_dir(w, path);
		return;
	}
	if (!S_ISREG(st.st_mode) && in_dir)
		return;	/* sockets, fifos met in a folder */
	w->o->skip_unknown = in_dir;
	import_one(w, path);
}

int cmd_import(int argc, char **argv, const struct cli_env *env)
{
	static const struct option opts[] = {
		{"format", required_argument, NULL, 'f'},
		{"label", required_argument, NULL, 'l'},
		{"set", required_argument, NULL, 's'},
		{"test", required_argument, NULL, 't'},
		{"suite", required_argument, NULL, 'S'},
		{"metric", required_argument, NULL, 'M'},
		{"unit", required_argument, NULL, 'U'},
		{"better", required_argument, NULL, 'B'},
		{"table", required_argument, NULL, 'T'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct import_opts o;
	struct walk w;
	int c, i;

	memset(&o, 0, sizeof(o));
	while ((c = cli_option(argc, argv, "f:l:s:t:h", opts,
			       import_usage())) >= 0) {
		char *end;

		switch (c) {
		case 'f':
			if (!format_find(optarg)) {
				fprintf(stderr, "benchsite: unknown format '%s'\n",
					optarg);
				return cli_usage_error(import_usage());
			}
			o.format = optarg;
			break;
		case 'l':
			if (!*optarg) {
				fputs("benchsite: empty label\n", stderr);
				return EXIT_USAGE;
			}
			o.label = optarg;
			break;
		case 's':
			if (cli_set_option(optarg, o.set_key, o.set_value,
					   &o.nset, IMPORT_SET_MAX))
				return EXIT_USAGE;
			break;
		case 't':
			o.test = optarg;
			break;
		case 'S':
			o.suite = optarg;
			break;
		case 'M':
			o.metric = optarg;
			break;
		case 'U':
			o.unit = optarg;
			break;
		case 'B':
			if (!record_better_valid(optarg)) {
				fputs("benchsite: --better is lower or higher\n",
				      stderr);
				return EXIT_USAGE;
			}
			o.better = optarg;
			break;
		case 'T':
			o.table = (int)strtol(optarg, &end, 10);
			if (*end || o.table < 1) {
				fputs("benchsite: --table wants a number from 1\n",
				      stderr);
				return EXIT_USAGE;
			}
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	/* options become names in the store and on the site, so they meet
	 * the inputs' text rule (tests/hostile.test.sh found --label taking a
	 * 0xff byte); --set values are checked as they are parsed */
	if ((o.label && cli_text_option("--label", o.label)) ||
	    (o.test && cli_text_option("--test", o.test)) ||
	    (o.suite && cli_text_option("--suite", o.suite)) ||
	    (o.metric && cli_text_option("--metric", o.metric)) ||
	    (o.unit && cli_text_option("--unit", o.unit)))
		return EXIT_USAGE;
	if (optind >= argc) {
		fputs("benchsite: import: name at least one file, folder or -\n",
		      stderr);
		return cli_usage_error(import_usage());
	}
	memset(&w, 0, sizeof(w));
	w.o = &o;
	if (cli_open_importer(env, &w.s))
		return EXIT_FAULT;
	for (i = optind; i < argc; i++)
		walk_path(&w, argv[i], 0);
	free(w.seen);
	store_close(w.s);
	/* the total, for people: on a terminal, or when there was more than
	 * one thing to say */
	if (isatty(1) || w.n_imported + w.n_already + w.n_skipped +
				 w.n_failed > 1)
		printf("total: %ld imported (%ld run%s, %ld results), %ld already "
		       "imported, %ld skipped, %ld failed\n", w.n_imported, w.runs,
		       w.runs == 1 ? "" : "s", w.results, w.n_already,
		       w.n_skipped, w.n_failed);
	return w.failed ? EXIT_FAULT : EXIT_OK;
}
