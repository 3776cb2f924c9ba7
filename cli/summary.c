/*
 * summary.c: `benchsite summary`: what the analysis says, as text or as
 * data (`compare`, which defines what a page compares, is compare.c).
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
#include "commands.h"

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

static const struct cli_opt opts[] = {
	{"format", required_argument, 'f', "F", NULL},
};

static const char summary_head[] =
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

static int run_summary(int argc, char **argv, const struct cli_env *env)
{
	struct summary x;
	struct err e;
	int ch, w, rc = EXIT_OK;

	memset(&x, 0, sizeof(x));
	while ((ch = cli_option(argc, argv, &cli_summary)) >= 0) {
		switch (ch) {
		case 'f':
			if ((w = cli_word(optarg, cli_text_tsv)) < 0)
				return cli_usage_error(&cli_summary);
			x.tsv |= w;	/* a text after a tsv leaves tsv */
			break;
		}
	}
	if (ch != CLI_DONE)
		return cli_status(ch);
	if (optind < argc - 1)
		return cli_usage_error(&cli_summary);
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

const struct cli_command cli_summary = {
	"summary", "what the figures say, as text or data",
	run_summary, CLI_OPTS(opts), summary_head, 0, NULL, NULL, 0,
};
