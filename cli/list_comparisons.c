/*
 * list_comparisons.c: `benchsite list comparisons`.
 *
 * Each comparison is shown as the options of the `compare` command that
 * defines it, so that what a page compares can be read, and typed again,
 * from one line.  A suite no comparison covers still gets a page, by the
 * default comparison a render makes; it is listed too, marked default,
 * with the grouping the render chooses for it (analysis/model.c).
 */
#include "list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/model.h"
#include "../core/buf.h"
#include "../core/err.h"
#include "../core/quote.h"
#include "../core/textrule.h"
#include "../schema/selection.h"
#include "../schema/store.h"
#include "fit.h"

struct listing {
	struct store *s;
	const char *suite;
	int tsv, width;
	struct err *e;
};

/* s as one shell word: bare when it holds only characters no shell
 * reads, else in single quotes */
static void shell_word(struct buf *b, const char *s)
{
	const char *p;

	if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789_.,:/=+-@%") == strlen(s)) {
		buf_adds(b, s);
		return;
	}
	buf_addc(b, '\'');
	for (p = s; *p; p++)
		if (*p == '\'')
			buf_adds(b, "'\\''");
		else
			buf_addc(b, *p);
	buf_addc(b, '\'');
}

static void option(struct buf *b, const char *name, const char *value)
{
	if (!value)
		return;
	buf_printf(b, "%s--%s ", b->len ? " " : "", name);
	shell_word(b, value);
}

static void put_tsv(const char *s, int last)
{
	char *t = textrule_clean_dup(s ? s : "", NULL);

	quote_field_file(stdout, t ? t : "?", '\t', 0);
	free(t);
	putchar(last ? '\n' : '\t');
}

static int row(void *ctx, const struct store_comparison *c)
{
	struct listing *l = ctx;
	struct model m;
	const char *by = c->by, *split = c->split, *x = c->x;
	struct buf opts, where;
	char cond[4096], line[8192];
	int i, rc = 0;

	if (l->suite && strcmp(l->suite, c->suite) != 0)
		return 0;
	memset(&m, 0, sizeof(m));
	if (c->is_default) {
		/* the grouping the render will choose */
		if (model_load(l->s, c, &m, l->e)) {
			model_release(&m);
			return -1;
		}
		by = m.by;
		split = m.split && !m.sweep ? m.split : NULL;
		x = m.split && m.sweep ? m.split : NULL;
	}
	buf_init(&opts, 1 << 16);
	buf_init(&where, 1 << 16);
	option(&opts, "suite", c->suite);
	option(&opts, "by", by);
	option(&opts, "split", split);
	option(&opts, "x", x);
	for (i = 0; i < c->nwhere; i++) {
		selection_format(c->where_op[i], c->where_key[i],
				 c->where_value[i], cond, sizeof(cond));
		option(&opts, "where", cond);
		buf_printf(&where, "%s%s", i ? "\n" : "", cond);
	}
	option(&opts, "metrics", c->metrics);
	option(&opts, "tests", c->tests);
	option(&opts, "order", c->order);
	option(&opts, "title", c->title);
	if (buf_oom()) {
		rc = err_set(l->e, NULL, 0, 0, "out of memory");
	} else if (l->tsv) {
		put_tsv(c->name, 0);
		put_tsv(c->suite, 0);
		put_tsv(by, 0);
		put_tsv(where.data, 0);
		put_tsv(c->title, 0);
		put_tsv(c->is_default ? "default" : "defined", 0);
		put_tsv(split, 0);
		put_tsv(x, 0);
		put_tsv(c->metrics, 0);
		put_tsv(c->tests, 0);
		put_tsv(c->order, 1);
	} else {
		snprintf(line, sizeof(line), "%-20s %-8s %s", c->name,
			 c->is_default ? "default" : "defined",
			 opts.data ? opts.data : "");
		fit_cut(line, l->width ? l->width : -1, 0, cond, sizeof(cond));
		textrule_printf(stdout, "%s\n", cond);
	}
	buf_release(&opts);
	buf_release(&where);
	model_release(&m);
	return rc;
}

int list_comparisons(struct store *s, const char *suite, int tsv,
		     struct err *e)
{
	struct listing l;

	l.s = s;
	l.suite = suite;
	l.tsv = tsv;
	l.width = tsv ? 0 : fit_width();
	l.e = e;
	if (tsv)
		puts("name\tsuite\tby\tfilter\ttitle\tkind\tsplit\tx\tmetrics"
		     "\ttests\torder");
	else {
		char head[128];

		snprintf(head, sizeof(head), "%-20s %-8s %s", "name", "kind",
			 "definition (compare NAME ...)");
		fit_cut(head, l.width ? l.width : -1, 0, head, sizeof(head));
		puts(head);
	}
	return store_each_comparison(s, row, &l, e) ? -1 : 0;
}
