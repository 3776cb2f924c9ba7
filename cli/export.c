/*
 * export.c: `benchsite export`: the store as data (`list` is in list.c).
 *
 * Export writes one row per result in the long format that `import` reads
 * back (run label suite test metric value unit better status), so export ->
 * import -> export gives the same rows.  Values are printed exactly (the
 * shortest text that reads back as the same double).  TSV and CSV quote a
 * field only when it must be (it holds the delimiter, a quote or a line
 * break), which keeps ordinary output plain and makes odd labels survive.
 * --attrs appends one column per attribute key, which import reads back as
 * attributes.  --samples writes the samples instead, one row each (run
 * label suite test metric t value), in the order they were stored, which
 * the table reader reads back as samples in the same order.  --with-samples
 * writes both in one table (a result's t is empty, a sample's unit, better
 * and status are): the table reader keeps a run's rows together, so import
 * gives each run back its own samples, which two separate tables cannot.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/grow.h"
#include "../core/quote.h"
#include "../core/record.h"
#include "../core/text.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"
#include "runs.h"
#include "select.h"

enum fmt { F_TSV, F_CSV, F_JSON };

/* what is written: the results, the samples, or both in one table */
enum what { W_RESULTS, W_SAMPLES, W_BOTH };

struct keys {
	char **k;
	int n, cap;
};

struct exp {
	enum fmt fmt;
	enum what what;
	FILE *out;
	struct store *s;
	struct keys keys;
	char **vals;	/* the current run's value per key */
	long long run;	/* whose attributes vals holds */
	int first;
	struct err *e;
	int filtered;		/* --label or --where: only the runs chosen */
	struct cli_runs only;
};

static int add_key(void *ctx, const char *key)
{
	struct keys *k = ctx;

	if (GROW(k->k, k->n, k->cap, 16))
		return -1;
	k->k[k->n] = strdup(key);
	return k->k[k->n++] ? 0 : -1;
}

static int set_val(void *ctx, const char *key, const char *value)
{
	struct exp *x = ctx;
	int i;

	for (i = 0; i < x->keys.n; i++) {
		if (strcmp(x->keys.k[i], key) == 0) {
			free(x->vals[i]);
			x->vals[i] = strdup(value);
			return x->vals[i] ? 0 : -1;
		}
	}
	return 0;
}

/* The columns of `export --samples`: the table reader's run identity,
 * then when and what was sampled. */
#define SAMPLE_NCOLS 7
static const char *const sample_cols[SAMPLE_NCOLS] = {
	"run", "label", "suite", "test", "metric", "t", "value",
};

/* The columns of `export --with-samples`: the samples' columns, then the
 * results' own. */
#define BOTH_NCOLS 10
static const char *const both_cols[BOTH_NCOLS] = {
	"run", "label", "suite", "test", "metric", "t", "value", "unit",
	"better", "status",
};

/* Writes one row: the fields v[0..n) under the names cols[0..n) (JSON
 * writes fields whose bit is set in num, and that are not empty, as
 * numbers; an empty one as null), then the run's attributes. */
static int put_row(struct exp *x, long long runid, const char *const *cols,
		   const char **v, int n, unsigned num)
{
	char delim = x->fmt == F_TSV ? '\t' : ',';
	int i;

	if (x->keys.n && runid != x->run) {
		for (i = 0; i < x->keys.n; i++) {
			free(x->vals[i]);
			x->vals[i] = NULL;
		}
		x->run = runid;
		if (store_each_attr(x->s, runid, set_val, x, x->e))
			return -1;
	}
	if (x->fmt == F_JSON) {
		fputs(x->first ? "[\n{" : ",\n{", x->out);
		x->first = 0;
		for (i = 0; i < n; i++) {
			if (i)
				fputc(',', x->out);
			quote_json_file(x->out, cols[i]);
			fputc(':', x->out);
			if ((num >> i & 1) && *v[i])
				fputs(v[i], x->out);
			else if (num >> i & 1)
				fputs("null", x->out);
			else
				quote_json_file(x->out, v[i]);
		}
		for (i = 0; i < x->keys.n; i++) {
			fputc(',', x->out);
			quote_json_file(x->out, x->keys.k[i]);
			fputc(':', x->out);
			if (x->vals[i])
				quote_json_file(x->out, x->vals[i]);
			else
				fputs("null", x->out);
		}
		fputc('}', x->out);
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (i)
			fputc(delim, x->out);
		quote_field_file(x->out, v[i], delim, 0);
	}
	for (i = 0; i < x->keys.n; i++) {
		fputc(delim, x->out);
		quote_field_file(x->out, x->vals[i] ? x->vals[i] : "", delim, 0);
	}
	fputc('\n', x->out);
	return 0;
}

static int row(void *ctx, const struct store_row *r)
{
	struct exp *x = ctx;
	char run[32], value[32];
	const char *v[RECORD_NCOLS];

	/* listings come by run id: the chosen ones are found by search */
	if (x->filtered && !cli_runs_has(&x->only, r->run))
		return 0;
	snprintf(run, sizeof(run), "%lld", r->run);
	if (r->r.has_value)
		num_format(r->r.value, value);
	else
		value[0] = '\0';
	if (x->what == W_BOTH) {
		const char *b[BOTH_NCOLS] = {
			run, r->label, r->suite, r->r.test, r->r.metric, "",
			value, r->r.unit, r->r.better, r->r.status,
		};

		return put_row(x, r->run, both_cols, b, BOTH_NCOLS,
			       1u | 1u << 5 | 1u << 6);
	}
	v[0] = run; v[1] = r->label; v[2] = r->suite; v[3] = r->r.test;
	v[4] = r->r.metric; v[5] = value; v[6] = r->r.unit;
	v[7] = r->r.better; v[8] = r->r.status;
	return put_row(x, r->run, record_cols, v, RECORD_NCOLS, 1u | 1u << 5);
}

static int sample_row(void *ctx, const struct store_sample_row *r)
{
	struct exp *x = ctx;
	char run[32], t[32], value[32];
	const char *v[BOTH_NCOLS];

	if (x->filtered && !cli_runs_has(&x->only, r->run))
		return 0;
	snprintf(run, sizeof(run), "%lld", r->run);
	num_format(r->t, t);
	num_format(r->value, value);
	v[0] = run; v[1] = r->label; v[2] = r->suite; v[3] = r->test;
	v[4] = r->metric; v[5] = t; v[6] = value;
	v[7] = v[8] = v[9] = "";
	if (x->what == W_BOTH)
		return put_row(x, r->run, both_cols, v, BOTH_NCOLS,
			       1u | 1u << 5 | 1u << 6);
	return put_row(x, r->run, sample_cols, v, SAMPLE_NCOLS,
		       1u | 1u << 5 | 1u << 6);
}

static const struct cli_opt opts[] = {
	{"format", required_argument, 'f', "F", "tsv (default), csv or json"},
	CLI_SUITE("only the runs of suite S"),
	CLI_LABEL("only the runs labelled L"),
	CLI_WHERE("only the runs that meet COND (K=V, K=V1,V2, K!=V,\n"
		  "K~=V (K holds the text V), K!~=V, K, !K; repeatable,\n"
		  "all must hold)"),
	{"attrs", no_argument, 'a', NULL,
	 "add a column per run attribute (import reads them back)"},
	{"samples", no_argument, 'S', NULL,
	 "the samples (figures over time) instead of the results"},
	{"with-samples", no_argument, 'W', NULL,
	 "the results and the samples in one table, which import\n"
	 "reads back as the same runs with their samples"},
};

/* --format's words, in enum fmt's order */
static const char *const fmt_words[] = {"tsv", "csv", "json", NULL};

static const char export_head[] =
	"usage: benchsite export [--format tsv|csv|json] [--suite S] "
	"[--attrs]\n"
	"                        [--label L] [--where COND]...\n"
	"                        [--samples | --with-samples]\n"
	"\n";

static const char export_tail[] =
	"\n"
	"Writes one row per result to standard output: run, label, suite, test,\n"
	"metric, value (exact; empty when the tool printed none), unit, better,\n"
	"status.  With --samples, one row per sample: run, label, suite, test,\n"
	"metric, t (seconds into the run), value.  With --with-samples, the\n"
	"results then the samples under the columns run, label, suite, test,\n"
	"metric, t (empty for a result), value, unit, better, status.\n"
	"`benchsite import` reads TSV and CSV exports back.\n";

static int run_export(int argc, char **argv, const struct cli_env *env)
{
	struct lifecycle_filter f;
	struct exp x;
	struct err e;
	int c, i, w, attrs = 0, rc = EXIT_OK;

	memset(&x, 0, sizeof(x));
	memset(&f, 0, sizeof(f));
	x.fmt = F_TSV;
	while ((c = cli_select_next(argc, argv, &cli_export, &f)) >= 0) {
		switch (c) {
		case 'f':
			if ((w = cli_word(optarg, fmt_words)) < 0)
				return cli_usage_error(&cli_export);
			x.fmt = (enum fmt)w;
			break;
		case 'a':
			attrs = 1;
			break;
		case 'S':
		case 'W':
			if (x.what != W_RESULTS &&
			    x.what != (c == 'S' ? W_SAMPLES : W_BOTH))
				return cli_usage_error(&cli_export);
			x.what = c == 'S' ? W_SAMPLES : W_BOTH;
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	if (cli_open_reader(env, &x.s))
		return EXIT_FAULT;
	err_clear(&e);
	x.e = &e;
	x.out = stdout;
	x.first = 1;
	x.run = -1;
	if (f.label || f.nwhere) {
		if (lifecycle_each_run(x.s, &f, cli_runs_chosen, &x.only,
				       &e)) {
			rc = EXIT_FAULT;
			goto out;
		}
		cli_runs_sort(&x.only);
		x.filtered = 1;
		if (x.only.n == 0 && cli_where_hint(x.s, &f)) {
			rc = EXIT_FAULT;
			goto out;
		}
	}
	if (attrs && store_each_attr_key(x.s, add_key, &x.keys, &e)) {
		rc = EXIT_FAULT;
		goto out;
	}
	x.vals = calloc((size_t)x.keys.n + 1, sizeof(char *));
	if (!x.vals) {
		rc = EXIT_FAULT;
		goto out;
	}
	if (x.fmt != F_JSON) {
		char delim = x.fmt == F_TSV ? '\t' : ',';

		const char *const *cols = x.what == W_SAMPLES ? sample_cols
					: x.what == W_BOTH ? both_cols
					: record_cols;
		int ncols = x.what == W_SAMPLES ? SAMPLE_NCOLS
			  : x.what == W_BOTH ? BOTH_NCOLS : RECORD_NCOLS;

		for (i = 0; i < ncols; i++) {
			if (i)
				fputc(delim, x.out);
			fputs(cols[i], x.out);
		}
		for (i = 0; i < x.keys.n; i++) {
			fputc(delim, x.out);
			quote_field_file(x.out, x.keys.k[i], delim, 0);
		}
		fputc('\n', x.out);
	}
	if ((x.what != W_SAMPLES &&
	     store_each_result(x.s, f.suite, row, &x, &e)) ||
	    (x.what != W_RESULTS &&
	     store_each_sample_row(x.s, f.suite, sample_row, &x, &e))) {
		if (!e.msg[0])
			snprintf(e.msg, sizeof(e.msg), "cannot read the store");
		err_print(&e);
		rc = EXIT_FAULT;
		goto out;
	}
	/* whether it was all written, main says (cli_close_stdout) */
	if (x.fmt == F_JSON)
		fputs(x.first ? "[]\n" : "\n]\n", x.out);
out:
	for (i = 0; i < x.keys.n; i++) {
		free(x.keys.k[i]);
		if (x.vals)
			free(x.vals[i]);
	}
	free(x.keys.k);
	free(x.vals);
	cli_runs_release(&x.only);
	store_close(x.s);
	return rc;
}

const struct cli_command cli_export = {
	"export", "write every result as TSV, CSV or JSON",
	run_export, CLI_OPTS(opts), export_head, 17, export_tail, NULL,
	CLI_SELECT | CLI_NO_OPERANDS,
};
