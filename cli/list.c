/*
 * list.c: `benchsite list`: what the store holds, for people (text,
 * aligned columns) and for scripts (TSV with a header, a field quoted only
 * when it holds a tab, a quote or a line break, as export does).
 *
 * Four listings, one filter: --suite, --label and --where K=V select runs,
 * and tests and sources are those of the selected runs, so "which sources
 * gave the runs labelled x" is one command.  Excluded runs are listed (with
 * why): a listing says what is in the store, not what the figures count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/grow.h"
#include "../core/quote.h"
#include "../core/record.h"
#include "../core/textrule.h"
#include "../schema/apart.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"
#include "fit.h"
#include "list.h"
#include "select.h"

/* One field of --tsv output: cleaned by the text rule (a store written
 * by hand may hold controls; core/textrule.h), then quoted as export
 * quotes (core/quote.h). */
static void put_tsv(const char *s, int last)
{
	quote_field_file(stdout, s, '\t', QUOTE_CLEAN);
	putchar(last ? '\n' : '\t');
}

/* The widest a value is shown on a terminal, and the narrowest a cut
 * column: enough for "fs=ext4" and a file name's end. */
#define VALUE_MAX 24
#define COLUMN_MIN 16

struct row {
	long long id, results;
	char *suite, *label, *attrs, *source, *format, *excluded;	/* owned */
};

struct runs {
	int tsv;
	struct apart ap;
	const char *keys;	/* --attrs=K1,K2: these, in this order */
	int width;		/* of the line; 0: no limit */
	struct row *r;
	long n, cap;
};

/* "k=v k=v": the run's values of the keys shown, each cut to vmax
 * characters (vmax < 0: whole) */
static char *attrs_text(const struct runs *x, long long run, int vmax)
{
	long first = apart_attr_first(x->ap.a, x->ap.n, run), i;
	int pass;
	struct buf b;
	char v[1024];

	buf_init(&b, 1 << 20);
	if (x->keys) {
		const char *k = x->keys;

		for (; *k; k += strcspn(k, ",") + (k[strcspn(k, ",")] == ',')) {
			size_t len = strcspn(k, ",");

			for (i = first; i >= 0 && i < x->ap.n &&
			     x->ap.a[i].run == run; i++)
				if (strlen(x->ap.a[i].key) == len &&
				    strncmp(x->ap.a[i].key, k, len) == 0) {
					fit_cut(x->ap.a[i].value, vmax, 0, v,
						sizeof(v));
					buf_printf(&b, "%s%s=%s", b.len ? " " : "",
						   x->ap.a[i].key, v);
				}
		}
		return buf_detach(&b, NULL);
	}
	/* on a line of limited width the short values first: a command
	 * line cut after its first words would hide the fs behind it */
	for (pass = vmax < 0; pass < 2; pass++)
		for (i = first; i >= 0 && i < x->ap.n && x->ap.a[i].run == run;
		     i++) {
			int len = fit_len(x->ap.a[i].value);

			if (!apart_shown(&x->ap, run, x->ap.a[i].key) ||
			    (vmax >= 0 && (len > vmax) != pass))
				continue;
			fit_cut(x->ap.a[i].value, vmax, 0, v, sizeof(v));
			buf_printf(&b, "%s%s=%s", b.len ? " " : "",
				   x->ap.a[i].key, v);
		}
	return buf_detach(&b, NULL);
}

static int run_row(void *ctx, const struct lifecycle_run *r)
{
	struct runs *x = ctx;
	struct row *w;

	if (GROW(x->r, x->n, x->cap, 64))
		return -1;
	w = &x->r[x->n++];
	memset(w, 0, sizeof(*w));
	w->id = r->id;
	w->results = r->results;
	w->suite = strdup(r->suite);
	w->label = strdup(r->label);
	w->source = strdup(r->source);
	w->format = strdup(r->format);
	w->excluded = r->excluded ? strdup(r->excluded) : NULL;
	w->attrs = attrs_text(x, r->id, x->width && !x->tsv ? VALUE_MAX : -1);
	return w->suite && w->label && w->source && w->format && w->attrs &&
	       (w->excluded || !r->excluded) ? 0 : -1;
}

static void rows_free(struct runs *x)
{
	long i;

	for (i = 0; i < x->n; i++) {
		free(x->r[i].suite);
		free(x->r[i].label);
		free(x->r[i].attrs);
		free(x->r[i].source);
		free(x->r[i].format);
		free(x->r[i].excluded);
	}
	free(x->r);
}

static void print_tsv_rows(const struct runs *x)
{
	char id[32], n[32];
	long i;

	puts("run\tsuite\tlabel\tresults\tformat\tsource\texcluded\tattributes");
	for (i = 0; i < x->n; i++) {
		const struct row *w = &x->r[i];

		snprintf(id, sizeof(id), "%lld", w->id);
		snprintf(n, sizeof(n), "%lld", w->results);
		put_tsv(id, 0);
		put_tsv(w->suite, 0);
		put_tsv(w->label, 0);
		put_tsv(n, 0);
		put_tsv(w->format, 0);
		put_tsv(w->source, 0);
		put_tsv(w->excluded ? w->excluded : "", 0);
		put_tsv(w->attrs, 1);
	}
}

static int max_len(int w, const char *s)
{
	int n = fit_len(s);

	return n > w ? n : w;
}

/* one line of cells, cut to the line's width */
static void put_line(const struct runs *x, const char *line)
{
	char out[4096];

	fit_cut(line, x->width ? x->width : -1, 0, out, sizeof(out));
	textrule_printf(stdout, "%s\n", out);
}

/* The text listing: columns as wide as their widest cell, and on a line
 * of limited width, the attributes and the source share what the first
 * columns leave, each cut with an ellipsis (the source at its start, so
 * that its file name shows). */
static void print_text_rows(const struct runs *x)
{
	/* the widths of old off a terminal, where nothing is cut: scripts
	 * that read the text keep their columns */
	int ws = x->width ? 5 : 10, wl = x->width ? 5 : 24, wa = 0, wsrc = 6;
	char id[32], n[32], suite[256], label[256], attrs[2048], src[1024];
	char line[4096];
	long i;

	for (i = 0; i < x->n; i++) {
		ws = max_len(ws, x->r[i].suite);
		wl = max_len(wl, x->r[i].label);
		wa = max_len(wa, x->r[i].attrs);
		wsrc = max_len(wsrc, x->r[i].source);
	}
	if (wa && wa < 10)
		wa = 10;
	if (x->width) {
		/* what the line is over its width, taken from the columns
		 * in this order, each down to its least */
		int *col[] = { &wsrc, &wl, &ws, &wsrc, &wl, &ws, &wa, &wsrc,
			       &wa, &wl, &wsrc };
		const int least[] = { 24, 24, 12, 16, 14, 10, 24, 12,
				      COLUMN_MIN, 10, 10 };
		int over = 5 + 2 + ws + 1 + wl + 1 + 7 + 2 + (wa ? wa + 2 : 0) +
			   wsrc - x->width;

		for (i = 0; i < 11 && over > 0; i++) {
			int give = *col[i] - least[i];

			if (give <= 0 || (col[i] == &wa && !wa))
				continue;
			give = give < over ? give : over;
			*col[i] -= give;
			over -= give;
		}
	}
	for (i = -1; i < x->n; i++) {
		const struct row *w = i >= 0 ? &x->r[i] : NULL;
		int lim = x->width ? 1 : 0;

		snprintf(id, sizeof(id), w ? "%lld" : "run", w ? w->id : 0);
		snprintf(n, sizeof(n), w ? "%lld" : "results", w ? w->results : 0);
		fit_cut(w ? w->suite : "suite", lim ? ws : -1, 0, suite, sizeof(suite));
		fit_cut(w ? w->label : "label", lim ? wl : -1, 0, label, sizeof(label));
		fit_cut(w ? w->attrs : "attributes", lim ? wa : -1, 0, attrs,
			sizeof(attrs));
		fit_cut(w ? w->source : "source", lim ? wsrc : -1, 1, src, sizeof(src));
		fit_pad(suite, ws, sizeof(suite));
		fit_pad(label, wl, sizeof(label));
		fit_pad(attrs, wa, sizeof(attrs));
		snprintf(line, sizeof(line), "%5s  %s %s %7s  %s%s%s%s%s%s", id,
			 suite, label, n, wa ? attrs : "", wa ? "  " : "", src,
			 w && w->excluded ? "  (excluded: " : "",
			 w && w->excluded ? w->excluded : "",
			 w && w->excluded ? ")" : "");
		if (!w || !w->excluded) {	/* no trailing blanks */
			size_t k = strlen(line);

			while (k && line[k - 1] == ' ')
				line[--k] = '\0';
		}
		put_line(x, line);
	}
}

static int test_row(void *ctx, const struct lifecycle_test *t)
{
	char n[32];

	if (*(int *)ctx) {
		snprintf(n, sizeof(n), "%lld", t->runs);
		put_tsv(t->suite, 0);
		put_tsv(t->test, 0);
		put_tsv(t->metric, 0);
		put_tsv(t->unit, 0);
		put_tsv(t->better, 0);
		put_tsv(n, 1);
	} else {
		textrule_printf(stdout, "%-10s %-20s %-12s %-8s %-6s %5lld\n",
				t->suite, t->test, t->metric, t->unit, t->better,
				t->runs);
	}
	return 0;
}

static int source_row(void *ctx, const struct lifecycle_source *s)
{
	char id[32], n[32], size[32];

	if (*(int *)ctx) {
		snprintf(id, sizeof(id), "%lld", s->id);
		snprintf(n, sizeof(n), "%lld", s->runs);
		snprintf(size, sizeof(size), "%lld", s->size);
		put_tsv(id, 0);
		put_tsv(n, 0);
		put_tsv(s->format, 0);
		put_tsv(size, 0);
		put_tsv(s->sha256, 0);
		put_tsv(s->imported_at, 0);
		put_tsv(s->name, 1);
	} else {
		textrule_printf(stdout, "%6lld %5lld  %-8s %9lld  %.12s  %s  %s\n",
				s->id, s->runs, s->format, s->size, s->sha256,
				s->imported_at, s->name);
	}
	return 0;
}

/* 1 (after saying why) unless keys are attribute names, comma-separated */
static int attr_keys_bad(const char *keys)
{
	char key[128];
	const char *p = keys;

	do {
		size_t len = strcspn(p, ",");

		snprintf(key, sizeof(key), "%.*s", (int)len, p);
		if (len >= sizeof(key) || !record_key_valid(key)) {
			fprintf(stderr, "benchsite: list: --attrs=K1,K2 wants "
				"attribute names, comma-separated; found '%s'\n",
				keys);
			return 1;
		}
		p += len;
	} while (*p++ == ',');
	return 0;
}

static const struct cli_opt opts[] = {
	{"format", required_argument, 'f', "F",
	 "text (default) or tsv (a header, then a row each)"},
	CLI_SUITE("only runs of suite S"),
	CLI_LABEL("only runs labelled L"),
	CLI_WHERE("only runs that meet COND: K=V, K=V1,V2 (any of),\n"
		  "K!=V, K~=V (K holds the text V), K!~=V, K (has it),\n"
		  "!K (lacks it); repeatable, all must hold"),
	{"attrs", optional_argument, 'a', NULL,
	 "runs: every attribute, not only those that tell the\n"
	 "listed runs apart"},
	{"attrs", CLI_ALSO, 0, "K1,K2", "runs: these attributes, in this order"},
};

static const char list_head[] =
	"usage: benchsite list [runs|tests|comparisons|sources] "
	"[--format text|tsv]\n"
	"                      [--suite S] [--label L] [--where COND]... "
	"[--attrs[=K1,K2]]\n"
	"\n";

static const char list_tail[] =
	"\n"
	"runs: id, suite, label, results, the attributes that tell the runs\n"
	"listed apart, source (excluded runs say why); as text, the lines fit\n"
	"$COLUMNS, else the terminal, long values and columns cut with an\n"
	"ellipsis (not on a terminal and without $COLUMNS, nothing is cut);\n"
	"tests: suite, test, metric, unit, direction and how many runs have it;\n"
	"sources: id, runs, format, size, SHA-256, import time, name;\n"
	"comparisons: the comparisons defined and the default ones a render\n"
	"makes for the other suites (kind: defined or default), each with the\n"
	"options of the compare command that defines it (only --suite applies).\n";

static int run_list(int argc, char **argv, const struct cli_env *env)
{
	struct lifecycle_filter f;
	struct store *s;
	struct err e;
	const char *what = "runs";
	struct runs x;
	int c, w, tsv = 0, rc, all = 0;

	memset(&f, 0, sizeof(f));
	memset(&x, 0, sizeof(x));
	while ((c = cli_select_next(argc, argv, &cli_list, &f)) >= 0) {
		switch (c) {
		case 'a':
			all = 1;
			if (optarg && attr_keys_bad(optarg))
				return EXIT_USAGE;
			x.keys = optarg;
			break;
		case 'f':
			if ((w = cli_word(optarg, cli_text_tsv)) < 0)
				return cli_usage_error(&cli_list);
			tsv |= w;	/* a text after a tsv leaves tsv */
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	if (optind < argc)
		what = argv[optind++];
	if (optind != argc ||
	    (strcmp(what, "runs") && strcmp(what, "tests") &&
	     strcmp(what, "sources") && strcmp(what, "comparisons")))
		return cli_usage_error(&cli_list);
	if (cli_open_reader(env, &s))
		return EXIT_FAULT;
	err_clear(&e);
	if (strcmp(what, "runs") == 0) {
		x.tsv = tsv;
		x.width = tsv ? 0 : fit_width();
		rc = apart_load(s, &f, all, &x.ap, &e) ||
		     lifecycle_each_run(s, &f, run_row, &x, &e);
		if (rc) {
			if (!e.msg[0])
				err_set(&e, NULL, 0, 0, "out of memory");
			goto out;
		}
		if (tsv)
			print_tsv_rows(&x);
		else
			print_text_rows(&x);
	} else if (strcmp(what, "tests") == 0) {
		if (tsv)
			puts("suite\ttest\tmetric\tunit\tbetter\truns");
		else
			printf("%-10s %-20s %-12s %-8s %-6s %5s\n", "suite", "test",
			       "metric", "unit", "better", "runs");
		rc = lifecycle_each_test(s, &f, test_row, &tsv, &e);
	} else if (strcmp(what, "sources") == 0) {
		if (tsv)
			puts("source\truns\tformat\tsize\tsha256\timported_at\tname");
		else
			printf("%6s %5s  %-8s %9s  %-12s  %-20s  %s\n", "source",
			       "runs", "format", "size", "sha256", "imported",
			       "name");
		rc = lifecycle_each_source(s, &f, source_row, &tsv, &e);
	} else {
		rc = list_comparisons(s, f.suite, tsv, &e);
	}
	/* (the hint prints its own error) */
	if (!rc && strcmp(what, "comparisons") != 0 && cli_where_hint(s, &f)) {
		rc = EXIT_FAULT;
		goto done;
	}
out:
	if (rc)
		err_print(&e);
done:
	apart_release(&x.ap);
	rows_free(&x);
	store_close(s);
	return rc ? EXIT_FAULT : EXIT_OK;
}

const struct cli_command cli_list = {
	"list", "list the runs, tests, sources or comparisons",
	run_list, CLI_OPTS(opts), list_head, 17, list_tail, NULL, CLI_SELECT,
};
