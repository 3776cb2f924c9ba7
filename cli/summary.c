/*
 * summary.c: `benchsite compare` (define what a page compares) and
 * `benchsite summary` (what the analysis says, as text or as data).
 *
 * summary's TSV is the statements as data, so tests and other tools can
 * check every claim the site makes: one row per statement, ratio printed
 * exactly and always at least 1 (see analysis.h for the kinds).
 */
#include <getopt.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/analysis.h"
#include "../analysis/model.h"
#include "../analysis/systems.h"
#include "../analysis/timeseries.h"
#include "../analysis/wording.h"
#include "../analysis/titles.h"
#include "../core/buf.h"
#include "../core/err.h"
#include "../core/quote.h"
#include "../core/record.h"
#include "../core/text.h"
#include "../core/textrule.h"
#include "../analysis/split.h"
#include "../analysis/sweep.h"
#include "../schema/comparison_rule.h"
#include "../schema/lifecycle.h"
#include "../schema/selection.h"
#include "../schema/store.h"
#include "cli.h"
#include "order_check.h"

static const char compare_usage[] =
	"usage: benchsite compare NAME [--suite S] [--by KEY] [--where COND]... "
	"[--title T]\n"
	"                         [--metrics M1,M2...] [--tests T1,T2...]\n"
	"                         [--order value|G1,G2...] [--split KEY | --x KEY]\n"
	"       benchsite compare --delete NAME\n"
	"\n"
	"Defines (or redefines) comparison NAME: the runs of suite S (needed\n"
	"when the store holds several suites), grouped by attribute KEY\n"
	"(default: label; several keys, comma-separated, group by all of\n"
	"them: label,fs), among the runs that meet every --where COND: K=V,\n"
	"K=V1,V2 (any of), K!=V, K~=V (K holds the text V), K!~=V, K (has it),\n"
	"!K (lacks it); K may be label.\n"
	"A comparison that selects no runs, or groups by a key none of them\n"
	"has, is refused.  Suites that no comparison covers get a default\n"
	"one, named after the suite: by label when that mixes nothing (no\n"
	"group holds runs that disagree on an attribute); else by the label\n"
	"and the attributes its runs disagree on, added one at a time (fs\n"
	"first, then by name) until no group is mixed, the label dropped\n"
	"when it splits no group; a run that lacks one of them is grouped by\n"
	"what it has.  It is a sweep over an attribute (as --x) when the\n"
	"runs that share a label differ in exactly one attribute that leaves\n"
	"nothing mixed, that attribute is a setting people sweep (threads,\n"
	"clients, jobs, numjobs, iodepth, bs, block_size, file_size,\n"
	"connections, concurrency, scaling_factor, or a key that run --param\n"
	"substituted into the runs' command), and all its values are\n"
	"numbers.\n"
	"\n"
	"  --metrics M1,M2  show only these metrics\n"
	"  --tests T1,T2    show only these tests\n"
	"  --order value    groups ranked by their figures, best first\n"
	"  --order G1,G2    groups in this order (the others follow)\n"
	"  --split KEY      a second factor (attributes or label): each chart\n"
	"                   clusters the groups of --by, a bar (and a colour)\n"
	"                   per value of KEY, with statements within each KEY\n"
	"                   value and across them for each --by value\n"
	"  --x KEY          a sweep: KEY's numbers (threads 1, 2, 4, 8) are an\n"
	"                   axis, not groups: statements at each value, each\n"
	"                   group's peak and scaling, where one overtakes\n"
	"                   another\n"
	"Groups are otherwise in natural order: 3.23.51 < 4.1.10 < 10.11,\n"
	"ext2 < ext10.\n";

static int suite_count(void *ctx, const char *suite)
{
	const char **one = ctx;

	if (!*one)
		*one = strdup(suite);
	else if (strcmp(*one, suite) != 0)
		return 1;	/* several: stop */
	return 0;
}

/* 0 when c selects a run; else -1 with e saying what each condition
 * matched on its own, so the one that chose nothing (or the pair that
 * cannot hold together: fs=ext4 and fs=btrfs) can be seen. */
static int selects_none(struct store *s, const struct store_comparison *c,
			struct err *e)
{
	struct buf b;
	long n;
	int i;

	if (store_count_selected(s, c, -1, &n, e))
		return -1;
	if (n > 0)
		return 0;
	if (c->nwhere == 0)
		return err_set(e, NULL, 0, 0, "suite '%s' has no runs with "
			       "results: the comparison would be empty",
			       c->suite);
	buf_init(&b, ERR_MSG_MAX);
	for (i = 0; i < c->nwhere; i++) {
		char cond[256];

		if (store_count_selected(s, c, i, &n, e)) {
			buf_release(&b);
			return -1;
		}
		selection_format(c->where_op[i], c->where_key[i],
				 c->where_value[i], cond, sizeof(cond));
		buf_printf(&b, "%s%s matches %ld run%s", i ? ", " : "", cond, n,
			   n == 1 ? "" : "s");
		if (n == 0 && (c->where_op[i] == SELECTION_IN ||
			       c->where_op[i] == SELECTION_CONTAINS) &&
		    selection_has_list(c->where_op[i], c->where_value[i])) {
			char hint[512];

			selection_comma_hint(c->where_op[i], c->where_key[i],
					     c->where_value[i], hint,
					     sizeof(hint));
			buf_printf(&b, ": %s", hint);
		}
	}
	err_set(e, NULL, 0, 0, "comparison '%s' selects no runs of suite "
		"'%s' (%s%s); nothing stored", c->name, c->suite,
		b.data ? b.data : "", c->nwhere > 1 ? ", all together none" : "");
	buf_release(&b);
	return -1;
}

struct shown {
	const char *list;	/* --metrics or --tests */
	int metric;		/* which */
	char *found;		/* per item of list: seen in the suite */
	struct buf all;		/* the suite's, for the message */
};

static int note_test(void *ctx, const struct lifecycle_test *t)
{
	struct shown *x = ctx;
	const char *name = x->metric ? t->metric : t->test, *p = x->list;
	size_t len = strlen(name);
	int i = 0;

	while (*p) {
		size_t l2 = strcspn(p, ",");

		if (l2 == len && strncmp(p, name, len) == 0)
			x->found[i] = 1;
		p += l2;
		if (*p == ',')
			p++;
		i++;
	}
	/* the message lists a few, each once */
	if (x->all.len < 200 && !(x->all.data && strstr(x->all.data, name)))
		buf_printf(&x->all, "%s%s", x->all.len ? ", " : "", name);
	return 0;
}

/* 0 when every metric and test c names is one of its suite's; else -1
 * with e naming the first that is not (a typo would show an empty
 * page). */
static int unknown_shown(struct store *s, const struct store_comparison *c,
			 struct err *e)
{
	struct lifecycle_filter f;
	int k;

	memset(&f, 0, sizeof(f));
	f.suite = c->suite;
	for (k = 0; k < 2; k++) {
		struct shown x;
		const char *p;
		int i, n = 1, rc = 0;

		x.list = k ? c->tests : c->metrics;
		x.metric = !k;
		if (!x.list)
			continue;
		for (p = x.list; *p; p++)
			n += *p == ',';
		if (!(x.found = calloc((size_t)n, 1)))
			return err_set(e, NULL, 0, 0, "out of memory");
		buf_init(&x.all, 4096);
		if (lifecycle_each_test(s, &f, note_test, &x, e)) {
			free(x.found);
			buf_release(&x.all);
			return -1;
		}
		for (i = 0, p = x.list; i < n; i++) {
			size_t l2 = strcspn(p, ",");

			if (!x.found[i] && !rc)
				rc = err_set(e, NULL, 0, 0, "suite '%s' has no %s "
					     "'%.*s' (it has %s)", c->suite,
					     k ? "test" : "metric", (int)l2, p,
					     x.all.data ? x.all.data : "none");
			p += l2;
			if (*p == ',')
				p++;
		}
		free(x.found);
		buf_release(&x.all);
		if (rc)
			return -1;
	}
	return 0;
}

/* Checks that every value of a sweep's key in the suite is a number. */
struct x_check {
	const char *key;
	char bad[128];
};

static int x_value(void *ctx, long long run, const char *key,
		   const char *value)
{
	struct x_check *x = ctx;
	char *end;
	double v;

	(void)run;
	if (strcmp(key, x->key) != 0 || x->bad[0])
		return 0;
	v = strtod(value, &end);
	if (end == value || *end || !isfinite(v))
		snprintf(x->bad, sizeof(x->bad), "%s", value);
	return 0;
}

struct keys_seen {
	struct buf b;		/* the suite's attribute keys, each once */
};

static int note_key_seen(void *ctx, long long run, const char *key,
			 const char *value)
{
	struct keys_seen *x = ctx;
	const char *p = x->b.data ? x->b.data : "";

	(void)run;
	(void)value;
	if (text_listed(p, key) || x->b.len > 300)
		return 0;	/* the message names a few */
	buf_printf(&x->b, "%s%s", x->b.len ? "," : "", key);
	return 0;
}

/* 0 unless a key of keys (--by or --split) is one no run c selects has:
 * then -1 with e saying so and naming the keys the suite's runs have (a
 * typo would store a comparison of no group, an empty page). */
static int key_none(struct store *s, const struct store_comparison *c,
		    const char *option, const char *keys, struct err *e)
{
	struct store_comparison one = *c;
	const char *p;
	long all, lacking;

	if (store_count_selected(s, c, -1, &all, e))
		return -1;
	for (p = keys; *p; p += *p == ',') {
		size_t len = strcspn(p, ",");
		char key[128];
		struct keys_seen x;

		snprintf(key, sizeof(key), "%.*s", (int)len, p);
		p += len;
		if (strcmp(key, "label") == 0)
			continue;
		one.by = key;
		if (store_count_ungrouped(s, &one, &lacking, e))
			return -1;
		if (lacking < all)
			continue;
		buf_init(&x.b, 4096);
		if (store_each_attr_in_suite(s, c->suite, note_key_seen, &x, e)) {
			buf_release(&x.b);
			return -1;
		}
		err_set(e, NULL, 0, 0, "%s %s: no run that comparison '%s' "
			"selects has attribute '%s' (the runs of suite '%s' "
			"have %s); nothing stored", option, keys, c->name, key,
			c->suite, x.b.data ? x.b.data : "no attributes");
		buf_release(&x.b);
		return -1;
	}
	return 0;
}

/* 0 unless c has a split (or a sweep's key) that shares a key with by,
 * or that no run selected has together with by, or a sweep's key with a
 * value that is no number: then -1 with e saying so. */
static int split_none(struct store *s, const struct store_comparison *c,
		      struct err *e)
{
	struct store_comparison c2 = *c;
	char both[1024];
	const char *p;
	long all, lacking;

	if (c->x) {
		struct x_check xc;

		memset(&xc, 0, sizeof(xc));
		xc.key = c->x;
		if (store_each_attr_in_suite(s, c->suite, x_value, &xc, e))
			return -1;
		if (xc.bad[0])
			return err_set(e, NULL, 0, 0, "--x %s: a run has %s=%s, "
				       "which is no number", c->x, c->x, xc.bad);
		c2.split = c->x;
	}
	if (!c2.split)
		return 0;
	for (p = c2.split; *p; p += *p == ',') {
		size_t len = strcspn(p, ",");
		char key[128];

		snprintf(key, sizeof(key), "%.*s", (int)len, p);
		p += len;
		if (text_listed(c->by, key))
			return err_set(e, NULL, 0, 0, "%s %s: %s is a --by "
				       "key already", c->x ? "--x" : "--split",
				       c2.split, key);
	}
	snprintf(both, sizeof(both), "%s,%s", c->by, c2.split);
	c2.by = both;
	if (store_count_selected(s, c, -1, &all, e) ||
	    store_count_ungrouped(s, &c2, &lacking, e))
		return -1;
	if (lacking >= all)
		return err_set(e, NULL, 0, 0, "no run that comparison '%s' "
			       "selects has both %s and %s", c->name, c->by,
			       c2.split);
	return 0;
}

int cmd_compare(int argc, char **argv, const struct cli_env *env)
{
	static const struct option opts[] = {
		{"suite", required_argument, NULL, 's'},
		{"by", required_argument, NULL, 'b'},
		{"where", required_argument, NULL, 'w'},
		{"title", required_argument, NULL, 't'},
		{"delete", no_argument, NULL, 'd'},
		{"metrics", required_argument, NULL, 'M'},
		{"tests", required_argument, NULL, 'T'},
		{"order", required_argument, NULL, 'o'},
		{"split", required_argument, NULL, 'p'},
		{"x", required_argument, NULL, 'x'},
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
	while ((ch = cli_option(argc, argv, "s:b:w:t:dM:T:o:p:x:h", opts,
				compare_usage)) >= 0) {
		switch (ch) {
		/* what each option holds is checked below, all at once,
		 * by the rule merge and render check too */
		case 'x':
			c.x = optarg;
			break;
		case 'p':
			c.split = optarg;
			break;
		case 'M':
			c.metrics = optarg;
			break;
		case 'T':
			c.tests = optarg;
			break;
		case 'o':
			c.order = optarg;
			break;
		case 's':
			c.suite = optarg;
			break;
		case 'b':
			c.by = optarg;
			break;
		case 'w':
			if (cli_where_option(optarg, c.where_op, c.where_key,
					     c.where_value, &c.nwhere,
					     STORE_WHERE_MAX))
				return EXIT_USAGE;
			break;
		case 't':
			c.title = optarg;
			break;
		case 'd':
			del = 1;
			break;
		}
	}
	if (ch != CLI_DONE)
		return cli_status(ch);
	if (optind != argc - 1 || !*argv[optind])
		return cli_usage_error(compare_usage);
	c.name = argv[optind];
	/* names in the store are composed (NFC): so are those that choose
	 * them, however they were typed */
	if (cli_nfc(&c.name) || (c.title && cli_nfc(&c.title)) ||
	    (c.suite && cli_nfc(&c.suite)) ||
	    (c.metrics && cli_nfc(&c.metrics)) ||
	    (c.tests && cli_nfc(&c.tests)) || (c.order && cli_nfc(&c.order)))
		return EXIT_FAULT;
	err_clear(&e);
	/* before the store is opened: a usage error changes nothing.  The
	 * suite, when not given, is the store's one (checked there) */
	if (!del && comparison_rule_check(&c, &e)) {
		err_print(&e);
		return EXIT_USAGE;
	}
	if (cli_open_writer(env, &s))
		return EXIT_FAULT;
	if (del) {
		int found;

		if (store_comparison_delete(s, c.name, &found, &e))
			goto fail;
		if (!found) {
			err_set(&e, NULL, 0, 0, "no comparison '%s'", c.name);
			goto fail;
		}
		fprintf(stderr, "benchsite: comparison '%s' deleted\n", c.name);
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
	if (selects_none(s, &c, &e) || unknown_shown(s, &c, &e) ||
	    key_none(s, &c, "--by", c.by, &e) ||
	    (c.split && key_none(s, &c, "--split", c.split, &e)) ||
	    split_none(s, &c, &e) || order_check_groups(s, &c, &e))
		goto fail;
	if (store_comparison_set(s, &c, &e))
		goto fail;
	/* what the next render will show, in one line (the names are the
	 * user's text: printed through the text rule) */
	textrule_printf(stderr, "benchsite: comparison '%s': suite %s, "
			"grouped by %s%s%s%s\n", c.name, c.suite, c.by,
			c.split ? ", split by " : c.x ? ", swept over " : "",
			c.split ? c.split : c.x ? c.x : "",
			c.nwhere == 0 ? "" : c.nwhere == 1 ? ", one condition" :
			", several conditions");
	rc = EXIT_OK;
	goto out;
fail:
	err_print(&e);
out:
	free(only);
	store_close(s);
	return rc;
}

/* The sentence of what else the groups differ in (systems.h), as one
 * more line of the notes.  0, or -1 with e set. */
static int systems_note(const struct model *m, struct buf *b, struct err *e)
{
	struct systems sy;
	size_t before = b->len;

	if (systems_build(m, &sy, e)) {
		systems_release(&sy);
		return -1;
	}
	systems_sentence(&sy, b);
	if (b->len > before)
		buf_adds(b, ".\n");
	systems_release(&sy);
	return 0;
}

struct summary {
	const char *only;	/* NAME, or NULL for all */
	int tsv;
	int found;
	struct store *s;
	struct err *e;
	const struct model *m;
	const char *split;	/* the split value the rows are about */
	const char *x;		/* a sweep's setting the rows are about */
	long refused;		/* comparisons left out, each named: ones
				 * compare would refuse, ones too large */
};

static void put_num(double v)
{
	char t[32];

	num_format(v, t);
	fputs(t, stdout);
}

/* A text field of a TSV row and the character after it (a tab, or the
 * line's end): cleaned and quoted as list and export write theirs
 * (core/quote.h), so that a tab in a name stays in its column. */
static void put_text(const char *s, char after)
{
	quote_field_file(stdout, s ? s : "", '\t', QUOTE_CLEAN);
	putchar(after);
}

static int tsv_row(void *ctx, const struct statement *st)
{
	struct summary *x = ctx;
	const struct model *m = x->m;
	const struct column *col = st->col >= 0 ? &m->cols[st->col] : NULL;
	int numeric = stmt_kind_valued(st->kind) &&
		      (st->kind != K_FIXED || st->has_value);

	put_text(m->name, '\t');
	put_text(col ? col->test : "", '\t');
	put_text(col ? col->metric : "", '\t');
	put_text(stmt_kind_name(st->kind), '\t');
	put_text(m->groups[st->subject], '\t');
	if (st->ratio > 0)
		put_num(st->ratio);
	putchar('\t');
	put_text(st->ref_group >= 0 ? m->groups[st->ref_group] :
		 st->ref_word, '\t');
	if (st->kind == K_MIXED)
		quote_field_file(stdout, st->text, '\t', QUOTE_CLEAN);
	else if (col && numeric)
		put_num(st->value);
	putchar('\t');
	if (st->has_ref_value)
		put_num(st->ref_value);
	putchar('\t');
	put_text(col ? col->unit : "", '\t');
	if (st->has_ci) {
		put_num(st->ratio_low);
		putchar('\t');
		put_num(st->ratio_high);
	} else {
		putchar('\t');
	}
	putchar('\t');
	put_text(x->split, '\t');
	put_text(stmt_support_name(st->support), '\t');
	put_text(x->x, '\n');
	return 0;
}

/* A sweep's statement along its axis as a TSV row (sweep.h). */
static int sweep_tsv_row(void *ctx, const struct sweep_row *r)
{
	struct summary *x = ctx;
	const struct column *col = &x->m->cols[r->col];

	put_text(x->m->name, '\t');
	put_text(col->test, '\t');
	put_text(col->metric, '\t');
	put_text(stmt_kind_name(r->kind), '\t');
	put_text(r->subject, '\t');
	if (r->ratio > 0)
		put_num(r->ratio);
	putchar('\t');
	put_text(r->reference ? r->reference : r->ref_x, '\t');
	if (r->kind != K_OVERTAKE)
		put_num(r->value);
	putchar('\t');
	if (r->has_ref_value)
		put_num(r->ref_value);
	putchar('\t');
	put_text(col->unit, '\t');
	fputs("\t\t\t", stdout);
	put_text(stmt_support_name(r->support), '\t');
	put_text(r->x, '\n');
	return 0;
}

/* What column col's figures over time say, group by group: a text line
 * each ("over time: ...") or TSV rows of the kinds warmup, steadiness,
 * stall and includes_warmup (docs/analysis.md, "Over time"). */
static int over_time(struct summary *x, const struct analysis *a, int col)
{
	const struct model *m = a->m;
	const struct column *cl = &m->cols[col];
	struct buf b;
	int g, i;

	buf_init(&b, 1 << 20);
	for (g = 0; g < m->ngroups; g++) {
		const struct stats *st = analysis_stats(a, col, g);
		double reported = st->n > 0 ? st->mean : NAN;
		struct ts_result r;
		long dropped;
		int nruns;
		char by[1024], name[1280];
		const char *xv;

		if (ts_column(x->s, m, col, g, &r, &nruns, &dropped, x->e)) {
			buf_release(&b);
			return -1;
		}
		if (r.n == 0)
			continue;
		model_group_parts(m, g, by, sizeof(by), &xv);
		model_group_said(m, g, name, sizeof(name));
		if (!x->tsv) {
			buf_reset(&b);
			ts_sentences(&r, name, nruns, cl->unit, reported, &b);
			textrule_printf(stdout, "  %s %s over time: %s\n",
					cl->test, cl->metric, b.data);
			continue;
		}
		if (!r.said)
			continue;
#define ROW(kind) (put_text(m->name, '\t'), put_text(cl->test, '\t'), \
		   put_text(cl->metric, '\t'), \
		   put_text(stmt_kind_name(kind), '\t'), \
		   put_text(by, '\t'), fputs("\t\t", stdout))
		if (r.settled) {
			ROW(K_WARMUP);
			put_num(r.warmup);
			putchar('\t');
			put_num(r.median);
			textrule_printf(stdout, "\ts\t\t\t\t\t");
			put_text(xv, '\n');
		}
		if (r.has_cv) {
			ROW(K_STEADINESS);
			put_num(r.cv * 100);
			putchar('\t');
			put_num(r.median);
			textrule_printf(stdout, "\t%%\t\t\t\t\t");
			put_text(xv, '\n');
		}
		for (i = 0; i < r.nstalls && i < TS_STALLS_SAID; i++) {
			ROW(K_STALL);
			put_num(r.stall[i].len);
			putchar('\t');
			put_num(r.stall[i].at);
			textrule_printf(stdout, "\ts\t\t\t\t\t");
			put_text(xv, '\n');
		}
		if (ts_includes_warmup(&r, reported) == 1) {
			ROW(K_INCLUDES_WARMUP);
			put_num(reported);
			putchar('\t');
			put_num(r.steady);
			putchar('\t');
			put_text(cl->unit, '\t');
			fputs("\t\t\t\t", stdout);
			put_text(xv, '\n');
		}
#undef ROW
	}
	buf_release(&b);
	return 0;
}

static int one(void *ctx, const struct store_comparison *c)
{
	struct summary *x = ctx;
	struct model m;
	struct analysis a;
	struct split sp;
	struct buf b;
	int col;

	memset(&sp, 0, sizeof(sp));
	if (x->only && strcmp(x->only, c->name) != 0)
		return 0;
	x->found = 1;
	/* one that compare would refuse cannot be built: named, and the
	 * others still summarised */
	if (!c->is_default && comparison_rule_check(c, x->e)) {
		textrule_printf(stderr, "benchsite: comparison '%s' cannot be "
				"built, so it is left out: %s\n", c->name,
				x->e->msg);
		err_clear(x->e);
		x->refused++;
		return 0;
	}
	switch (model_load(x->s, c, &m, x->e)) {
	case 0:
		break;
	case -2:	/* too large: named, and the others summarised */
		err_print(x->e);
		err_clear(x->e);
		x->refused++;
		return 0;
	default:
		return -1;
	}
	if (analysis_run(&m, &a, x->e)) {
		model_release(&m);
		return -1;
	}
	x->m = &m;
	x->split = NULL;
	if (m.split && split_run(&m, &sp, x->e)) {
		split_release(&sp);
		analysis_release(&a);
		model_release(&m);
		return -1;
	}
	if (x->tsv) {
		int i;

		/* a sweep's own rows compare settings as competitors: its
		 * rows are those at each setting and along the axis */
		if (!m.sweep)
			analysis_each_statement(&a, tsv_row, x);
		/* within each split value: its groups are the by values and
		 * the split column says which; across the split values of
		 * one by value: "*", and the model's full names, which say
		 * both */
		for (i = 0; m.split && i < sp.nparts; i++) {
			struct split_part *p = &sp.part[i];
			char **names = p->m.groups;

			if (!names)
				continue;
			x->m = &p->m;
			x->split = m.sweep ? NULL : p->across ? "*" : p->value;
			x->x = m.sweep ? p->value : NULL;
			if (p->across)
				p->m.groups = p->full;
			analysis_each_statement(&p->a, tsv_row, x);
			p->m.groups = names;
		}
		x->m = &m;
		x->split = x->x = NULL;
		if (m.sweep)
			sweep_each_row(&sp, sweep_tsv_row, x);
		for (col = 0; col < m.ncols; col++)
			if (over_time(x, &a, col)) {
				split_release(&sp);
				analysis_release(&a);
				model_release(&m);
				return -1;
			}
	} else {
		char *line, *nl;

		buf_init(&b, 1 << 20);
		textrule_printf(stdout, "%s\n", c->title ? c->title : c->name);
		analysis_notes(&a, &b);
		if (systems_note(&m, &b, x->e)) {
			buf_release(&b);
			split_release(&sp);
			analysis_release(&a);
			model_release(&m);
			return -1;
		}
		for (line = b.data; line && *line; line = nl + 1) {
			nl = strchr(line, '\n');
			if (!nl)
				break;
			textrule_printf(stdout, "  (%.*s)\n", (int)(nl - line),
					line);
		}
		for (col = 0; col < m.ncols; col++) {
			buf_reset(&b);
			if (!m.sweep)
				analysis_sentence(&a, col, &b);
			if (b.len || m.sweep) {
				/* the description, the stored names beside
				 * it (titles.h) */
				char t[300], raw[300], td[200];
				const char *d = titles_test(m.suite,
							    m.cols[col].test, td,
							    sizeof(td));
				const char *md = titles_metric(m.suite,
							       m.cols[col].metric);

				snprintf(raw, sizeof(raw), "%s %s",
					 m.cols[col].test, m.cols[col].metric);
				if (d || md) {
					snprintf(t, sizeof(t), "%s: %s",
						 d ? d : m.cols[col].test,
						 md ? md : m.cols[col].metric);
					textrule_printf(stdout, "  %s (%s):", t,
							raw);
				} else {
					textrule_printf(stdout, "  %s:", raw);
				}
				textrule_printf(stdout, "%s%s\n",
						b.len ? " " : "",
						b.len ? b.data : "");
			}
			if (m.split) {
				buf_reset(&b);
				split_sentences(&sp, col, &b);
				sweep_sentences(&sp, col, &b);
				for (line = b.data; line && *line; line = nl + 1) {
					if (!(nl = strchr(line, '\n')))
						break;
					textrule_printf(stdout, "    %.*s\n",
							(int)(nl - line), line);
				}
			}
			if (over_time(x, &a, col)) {
				buf_release(&b);
				split_release(&sp);
				analysis_release(&a);
				model_release(&m);
				return -1;
			}
		}

		buf_reset(&b);
		if (m.sweep)
			sweep_headline(&sp, &b);
		else
			analysis_headline(&a, &b);
		if (b.len)
			textrule_printf(stdout, "  Overall: %s\n", b.data);
		buf_release(&b);
	}
	split_release(&sp);
	analysis_release(&a);
	model_release(&m);
	return 0;
}

static const char summary_usage[] =
	"usage: benchsite summary [--format text|tsv] [NAME]\n"
	"\n"
	"Prints what the site says about each comparison (or only NAME): as\n"
	"sentences, or as data with the columns comparison, test, metric, kind\n"
	"(best slower faster same spread vs-best geomean outlier too-fast\n"
	"mixed fixed), subject, ratio (exact, at least 1), reference (a group,\n"
	"'others', 'best', or for mixed the attribute), value (for mixed the\n"
	"values), reference_value, unit, ratio_low and ratio_high (the ratio's\n"
	"95% interval; empty where none can be had), split (with --split: the\n"
	"split value a row within one is about, subject and reference then\n"
	"--by values; '*' for a row across the split values of one --by\n"
	"value; empty for the comparison's own rows), support (what a row's\n"
	"difference rests on: significant, not-significant, single-run,\n"
	"partial, tie) and x (with --x: the setting a row is about; kinds\n"
	"peak, scaling and overtake are a sweep's statements along it).\n";

int cmd_summary(int argc, char **argv, const struct cli_env *env)
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
	while ((ch = cli_option(argc, argv, "f:h", opts,
				summary_usage)) >= 0) {
		switch (ch) {
		case 'f':
			if (strcmp(optarg, "tsv") == 0)
				x.tsv = 1;
			else if (strcmp(optarg, "text") != 0)
				return cli_usage_error(summary_usage);
			break;
		}
	}
	if (ch != CLI_DONE)
		return cli_status(ch);
	if (optind < argc - 1)
		return cli_usage_error(summary_usage);
	x.only = optind < argc ? argv[optind] : NULL;
	if (x.only && cli_nfc(&x.only))
		return EXIT_FAULT;
	if (cli_open_reader(env, &x.s))
		return EXIT_FAULT;
	err_clear(&e);
	x.e = &e;
	if (x.tsv)
		printf("comparison\ttest\tmetric\tkind\tsubject\tratio\treference"
		       "\tvalue\treference_value\tunit\tratio_low\tratio_high"
		       "\tsplit\tsupport\tx\n");
	if (store_each_comparison(x.s, one, &x, &e)) {
		err_print(&e);
		rc = EXIT_FAULT;
	} else if (x.refused) {
		rc = EXIT_FAULT;	/* the others were printed */
	} else if (x.only && !x.found) {
		char q[QUOTE_ARG_SIZE];

		fprintf(stderr, "benchsite: no comparison '%s'\n",
			quote_arg(x.only, q));
		rc = EXIT_FAULT;
	}
	store_close(x.s);
	return rc;
}
