/*
 * cmd_summary.c: `benchsite compare` (define what a page compares) and
 * `benchsite summary` (what the analysis says, as text or as data).
 *
 * summary's TSV is the statements as data, so tests and other tools can
 * check every claim the site makes: one row per statement, ratio printed
 * exactly and always at least 1 (see analysis.h for the kinds).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/cmd.h"
#include "../core/err.h"
#include "../core/textrule.h"
#include "../core/record.h"
#include "../core/text.h"
#include "../schema/store.h"
#include "analysis.h"
#include "model.h"

static const char compare_usage[] =
	"usage: benchsite compare NAME [--suite S] [--by KEY] [--where K=V]... "
	"[--title T]\n"
	"       benchsite compare --delete NAME\n"
	"\n"
	"Defines (or redefines) comparison NAME: the runs of suite S (needed\n"
	"when the store holds several suites), grouped by attribute KEY\n"
	"(default: label), among the runs whose attribute K is V (repeatable).\n"
	"Suites that no comparison covers get a default one, by label.\n";

static int suite_count(void *ctx, const char *suite)
{
	const char **one = ctx;

	if (!*one)
		*one = strdup(suite);
	else if (strcmp(*one, suite) != 0)
		return 1;	/* several: stop */
	return 0;
}

int cmd_compare(int argc, char **argv, const struct cmd_env *env)
{
	static const struct option opts[] = {
		{"suite", required_argument, NULL, 's'},
		{"by", required_argument, NULL, 'b'},
		{"where", required_argument, NULL, 'w'},
		{"title", required_argument, NULL, 't'},
		{"delete", no_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct store_comparison c;
	struct store *s;
	struct err e;
	char *only = NULL;
	int ch, del = 0, rc = EXIT_FAULT;

	memset(&c, 0, sizeof(c));
	c.by = "label";
	while ((ch = getopt_long(argc, argv, "s:b:w:t:dh", opts, NULL)) != -1) {
		switch (ch) {
		case 's':
			c.suite = optarg;
			break;
		case 'b':
			if (strcmp(optarg, "label") && !record_key_valid(optarg)) {
				fprintf(stderr, "benchsite: --by '%s' is not an "
					"attribute name\n", optarg);
				return EXIT_USAGE;
			}
			c.by = optarg;
			break;
		case 'w': {
			char *eq = strchr(optarg, '=');

			if (!eq || c.nwhere >= STORE_WHERE_MAX ||
			    strchr(optarg, '\n')) {
				fprintf(stderr, "benchsite: --where wants KEY=VALUE "
					"(at most %d), found '%s'\n",
					STORE_WHERE_MAX, optarg);
				return EXIT_USAGE;
			}
			*eq = '\0';
			if (!record_key_valid(optarg)) {
				fprintf(stderr, "benchsite: '%s' is not an "
					"attribute name\n", optarg);
				return EXIT_USAGE;
			}
			c.where_key[c.nwhere] = optarg;
			c.where_value[c.nwhere++] = eq + 1;
			break;
		}
		case 't':
			c.title = optarg;
			break;
		case 'd':
			del = 1;
			break;
		case 'h':
			fputs(compare_usage, stdout);
			return EXIT_OK;
		default:
			return cmd_usage_error(compare_usage);
		}
	}
	if (optind != argc - 1 || !*argv[optind])
		return cmd_usage_error(compare_usage);
	c.name = argv[optind];
	if (cmd_open_store(env, &s))
		return EXIT_FAULT;
	err_clear(&e);
	if (del) {
		int found;

		if (store_comparison_delete(s, c.name, &found, &e))
			goto fail;
		if (!found) {
			err_set(&e, NULL, 0, 0, "no comparison '%s'", c.name);
			goto fail;
		}
		rc = EXIT_OK;
		goto out;
	}
	if (!c.suite) {
		int several = store_each_suite(s, suite_count, &only, &e);

		if (several < 0)
			goto fail;
		if (several || !only) {
			err_set(&e, NULL, 0, 0, several ?
				"the store holds several suites: name one with "
				"--suite" : "the store holds no results yet");
			goto fail;
		}
		c.suite = only;
	}
	if (store_comparison_set(s, &c, &e))
		goto fail;
	rc = EXIT_OK;
	goto out;
fail:
	err_print(&e);
out:
	free(only);
	store_close(s);
	return rc;
}

struct summary {
	const char *only;	/* NAME, or NULL for all */
	int tsv;
	int found;
	struct store *s;
	struct err *e;
	const struct model *m;
};

static void put_num(double v)
{
	char t[32];

	num_format(v, t);
	fputs(t, stdout);
}

static int tsv_row(void *ctx, const struct statement *st)
{
	struct summary *x = ctx;
	const struct model *m = x->m;
	const struct column *col = st->col >= 0 ? &m->cols[st->col] : NULL;

	textrule_printf(stdout, "%s\t%s\t%s\t%s\t%s\t", m->name,
			col ? col->test : "", col ? col->metric : "",
			stmt_kind_name(st->kind), m->groups[st->subject]);
	if (st->ratio > 0)
		put_num(st->ratio);
	textrule_printf(stdout, "\t%s\t",
			st->ref_group >= 0 ? m->groups[st->ref_group]
			: st->ref_word ? st->ref_word : "");
	if (col && st->kind != K_GEOMEAN && st->kind != K_OUTLIER)
		put_num(st->value);
	putchar('\t');
	if (st->has_ref_value)
		put_num(st->ref_value);
	textrule_printf(stdout, "\t%s\n", col ? col->unit : "");
	return 0;
}

static int one(void *ctx, const struct store_comparison *c)
{
	struct summary *x = ctx;
	struct model m;
	struct analysis a;
	struct buf b;
	int col;

	if (x->only && strcmp(x->only, c->name) != 0)
		return 0;
	x->found = 1;
	if (model_load(x->s, c, &m, x->e))
		return -1;
	if (analysis_run(&m, &a, x->e)) {
		model_release(&m);
		return -1;
	}
	x->m = &m;
	if (x->tsv) {
		analysis_each_statement(&a, tsv_row, x);
	} else {
		buf_init(&b, 1 << 20);
		textrule_printf(stdout, "%s\n", c->title ? c->title : c->name);
		for (col = 0; col < m.ncols; col++) {
			buf_reset(&b);
			analysis_sentence(&a, col, &b);
			if (b.len)
				textrule_printf(stdout, "  %s %s: %s\n",
						m.cols[col].test,
						m.cols[col].metric, b.data);
		}
		buf_release(&b);
	}
	analysis_release(&a);
	model_release(&m);
	return 0;
}

static const char summary_usage[] =
	"usage: benchsite summary [--format text|tsv] [NAME]\n"
	"\n"
	"Prints what the site says about each comparison (or only NAME): as\n"
	"sentences, or as data with the columns comparison, test, metric, kind\n"
	"(best slower faster same spread vs-best geomean outlier), subject,\n"
	"ratio (exact, at least 1), reference (a group, 'others' or 'best'),\n"
	"value, reference_value, unit.\n";

int cmd_summary(int argc, char **argv, const struct cmd_env *env)
{
	static const struct option opts[] = {
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct summary x;
	struct err e;
	int ch, rc = EXIT_OK;

	memset(&x, 0, sizeof(x));
	while ((ch = getopt_long(argc, argv, "f:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			if (strcmp(optarg, "tsv") == 0)
				x.tsv = 1;
			else if (strcmp(optarg, "text") != 0)
				return cmd_usage_error(summary_usage);
			break;
		case 'h':
			fputs(summary_usage, stdout);
			return EXIT_OK;
		default:
			return cmd_usage_error(summary_usage);
		}
	}
	if (optind < argc - 1)
		return cmd_usage_error(summary_usage);
	x.only = optind < argc ? argv[optind] : NULL;
	if (cmd_open_reader(env, &x.s))
		return EXIT_FAULT;
	err_clear(&e);
	x.e = &e;
	if (x.tsv)
		printf("comparison\ttest\tmetric\tkind\tsubject\tratio\treference"
		       "\tvalue\treference_value\tunit\n");
	if (store_each_comparison(x.s, one, &x, &e)) {
		err_print(&e);
		rc = EXIT_FAULT;
	} else if (x.only && !x.found) {
		fprintf(stderr, "benchsite: no comparison '%s'\n", x.only);
		rc = EXIT_FAULT;
	}
	store_close(x.s);
	return rc;
}
