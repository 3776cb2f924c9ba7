/*
 * compare.c: `benchsite compare`: defines (or deletes) what a page
 * compares.  Each definition is checked against the store before it is
 * kept: one that selects no runs, names a metric, test or key the suite
 * lacks, or orders groups that are not there would publish an empty or
 * misleading page, so it is refused with what the store holds instead.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/text.h"
#include "../core/textrule.h"
#include "../schema/comparison_rule.h"
#include "../schema/lifecycle.h"
#include "../schema/selection.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"
#include "order_check.h"
#include "select.h"

static const struct cli_opt opts[] = {
	CLI_SUITE(NULL),
	{"by", required_argument, 'b', "KEY", NULL},
	CLI_WHERE(NULL),
	{"title", required_argument, 't', "T", NULL},
	{"delete", no_argument, 'd', NULL, NULL},
	{"metrics", required_argument, 'M', "M1,M2", "show only these metrics"},
	{"tests", required_argument, 'T', "T1,T2", "show only these tests"},
	{"order", required_argument, 'o', "value",
	 "groups ranked by their figures, best first"},
	{"order", CLI_ALSO, 0, "G1,G2",
	 "groups in this order (the others follow)"},
	{"split", required_argument, 'p', "KEY",
	 "a second factor (attributes or label): each chart\n"
	 "clusters the groups of --by, a bar (and a colour)\n"
	 "per value of KEY, with statements within each KEY\n"
	 "value and across them for each --by value"},
	{"x", required_argument, 'x', "KEY",
	 "a sweep: KEY's numbers (threads 1, 2, 4, 8) are an\n"
	 "axis, not groups: statements at each value, each\n"
	 "group's peak and scaling, where one overtakes\n"
	 "another"},
};

static const char compare_head[] =
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
	"\n";

static const char compare_tail[] =
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

/* compare's --where is the selection group's (select.h), held as a
 * comparison's conditions */
_Static_assert(STORE_WHERE_MAX == LIFECYCLE_WHERE_MAX,
	       "a comparison holds as many conditions as a selection");

static int run_compare(int argc, char **argv, const struct cli_env *env)
{
	struct lifecycle_filter f;
	struct store_comparison c;
	struct store *s;
	struct err e;
	char *only = NULL;
	int ch, i, del = 0, rc = EXIT_FAULT;

	memset(&c, 0, sizeof(c));
	memset(&f, 0, sizeof(f));
	c.by = "label";
	while ((ch = cli_select_next(argc, argv, &cli_compare, &f)) >= 0) {
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
		case 'b':
			c.by = optarg;
			break;
		case 't':
			c.title = optarg;
			break;
		case 'd':
			del = 1;
			break;
		}
	}
	c.suite = f.suite;
	c.nwhere = f.nwhere;
	for (i = 0; i < f.nwhere; i++) {
		c.where_op[i] = f.op[i];
		c.where_key[i] = f.key[i];
		c.where_value[i] = f.value[i];
	}
	if (ch != CLI_DONE)
		return cli_status(ch);
	if (optind != argc - 1 || !*argv[optind])
		return cli_usage_error(&cli_compare);
	c.name = argv[optind];
	/* names in the store are composed (NFC): so are those that choose
	 * them, however they were typed */
	if (cli_nfc(&c.name) || (c.title && cli_nfc(&c.title)) ||
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

const struct cli_command cli_compare = {
	"compare", "define what a page compares",
	run_compare, CLI_OPTS(opts), compare_head, 19, compare_tail, NULL,
	CLI_SELECT_SUITE | CLI_SELECT_WHERE,
};
