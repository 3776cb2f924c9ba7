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
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/quote.h"
#include "../core/record.h"
#include "../core/textrule.h"
#include "../schema/apart.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "cli.h"

/* One field of --tsv output: cleaned by the text rule (a store written
 * by hand may hold controls; core/textrule.h), then quoted as export
 * quotes (core/quote.h). */
static void put_tsv(const char *s, int last)
{
	char *t = textrule_clean_dup(s, NULL);

	quote_field_file(stdout, t ? t : "?", '\t', 0);
	free(t);
	putchar(last ? '\n' : '\t');
}

struct runs {
	int tsv;
	struct apart ap;
	int width;		/* of the widest attribute text */
};

static int run_row(void *ctx, const struct lifecycle_run *r)
{
	struct runs *x = ctx;
	char id[32], n[32], attrs[1024];

	apart_text(&x->ap, r->id, attrs, sizeof(attrs));
	if (x->tsv) {
		snprintf(id, sizeof(id), "%lld", r->id);
		snprintf(n, sizeof(n), "%lld", r->results);
		put_tsv(id, 0);
		put_tsv(r->suite, 0);
		put_tsv(r->label, 0);
		put_tsv(n, 0);
		put_tsv(r->format, 0);
		put_tsv(r->source, 0);
		put_tsv(r->excluded ? r->excluded : "", 0);
		put_tsv(attrs, 1);
	} else {
		textrule_printf(stdout, "%5lld  %-10s %-24s %7lld  %-*s%s%s", r->id,
				r->suite, r->label, r->results, x->width, attrs,
				x->width ? "  " : "", r->source);
		if (r->excluded)
			textrule_printf(stdout, "  (excluded: %s)", r->excluded);
		putchar('\n');
	}
	return 0;
}

static int widest(void *ctx, const struct lifecycle_run *r)
{
	struct runs *x = ctx;
	char attrs[1024];
	int w;

	apart_text(&x->ap, r->id, attrs, sizeof(attrs));
	w = (int)strlen(attrs);
	if (w > x->width)
		x->width = w;
	return 0;
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

static int comparison_row(void *ctx, const struct lifecycle_comparison *c)
{
	if (*(int *)ctx) {
		put_tsv(c->name, 0);
		put_tsv(c->suite, 0);
		put_tsv(c->by_key, 0);
		put_tsv(c->filter, 0);
		put_tsv(c->title, 1);
	} else {
		textrule_printf(stdout, "%-20s %-10s %-10s %s\n", c->name, c->suite,
				c->by_key, c->title);
	}
	return 0;
}

static const char list_usage[] =
	"usage: benchsite list [runs|tests|comparisons|sources] "
	"[--format text|tsv]\n"
	"                      [--suite S] [--label L] [--where COND]... "
	"[--attrs]\n"
	"\n"
	"  --format F     text (default) or tsv (a header, then a row each)\n"
	"  --suite S      only runs of suite S\n"
	"  --label L      only runs labelled L\n"
	"  --where COND   only runs that meet COND: K=V, K=V1,V2 (any of),\n"
	"                 K!=V, K~=V (K holds the text V), K!~=V, K (has it),\n"
	"                 !K (lacks it); repeatable, all must hold\n"
	"  --attrs        runs: every attribute, not only those that tell the\n"
	"                 listed runs apart\n"
	"\n"
	"runs: id, suite, label, results, the attributes that tell the runs\n"
	"listed apart, source (excluded runs say why);\n"
	"tests: suite, test, metric, unit, direction and how many runs have it;\n"
	"sources: id, runs, format, size, SHA-256, import time, name;\n"
	"comparisons: name, suite, grouping, title (only --suite applies).\n";

int cmd_list(int argc, char **argv, const struct cli_env *env)
{
	static const struct option opts[] = {
		{"format", required_argument, NULL, 'f'},
		{"suite", required_argument, NULL, 's'},
		{"label", required_argument, NULL, 'l'},
		{"where", required_argument, NULL, 'w'},
		{"attrs", no_argument, NULL, 'a'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct lifecycle_filter f;
	struct store *s;
	struct err e;
	const char *what = "runs";
	struct runs x;
	int c, tsv = 0, rc, all = 0;

	memset(&f, 0, sizeof(f));
	memset(&x, 0, sizeof(x));
	while ((c = cli_option(argc, argv, "f:s:l:w:ah", opts,
			       list_usage)) >= 0) {
		switch (c) {
		case 'a':
			all = 1;
			break;
		case 'f':
			if (strcmp(optarg, "tsv") == 0)
				tsv = 1;
			else if (strcmp(optarg, "text") != 0)
				return cli_usage_error(list_usage);
			break;
		case 's':
			f.suite = optarg;
			break;
		case 'l':
			f.label = optarg;
			break;
		case 'w':
			if (cli_where_option(optarg, f.op, f.key, f.value,
					     &f.nwhere, LIFECYCLE_WHERE_MAX))
				return EXIT_USAGE;
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
		return cli_usage_error(list_usage);
	if (cli_open_reader(env, &s))
		return EXIT_FAULT;
	err_clear(&e);
	if (strcmp(what, "runs") == 0) {
		x.tsv = tsv;
		rc = apart_load(s, &f, all, &x.ap, &e) ||
		     (!tsv && lifecycle_each_run(s, &f, widest, &x, &e));
		if (rc)
			goto out;
		if (x.width && x.width < 10)
			x.width = 10;
		if (tsv)
			puts("run\tsuite\tlabel\tresults\tformat\tsource\texcluded"
			     "\tattributes");
		else
			printf("%5s  %-10s %-24s %7s  %-*s%s%s\n", "run", "suite",
			       "label", "results", x.width, x.width ?
			       "attributes" : "", x.width ? "  " : "", "source");
		rc = lifecycle_each_run(s, &f, run_row, &x, &e);
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
		if (tsv)
			puts("name\tsuite\tby\tfilter\ttitle");
		else
			printf("%-20s %-10s %-10s %s\n", "name", "suite", "by",
			       "title");
		rc = lifecycle_each_comparison(s, &f, comparison_row, &tsv, &e);
	}
	if (!rc && strcmp(what, "comparisons") != 0 && cli_where_hint(s, &f))
		rc = -1, e.msg[0] = '\0';
out:
	if (rc && e.msg[0])
		err_print(&e);
	apart_release(&x.ap);
	store_close(s);
	return rc ? EXIT_FAULT : EXIT_OK;
}
