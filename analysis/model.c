/*
 * model.c: see model.h.  Lookups are linear with a one-entry cache: rows
 * come grouped by run, so the same group and neighbouring columns repeat.
 *
 * Besides the figures it gathers what the statements must know about the
 * runs behind them (docs/analysis.md, "Like with like"): the attributes of
 * the suite's runs, the groups whose runs of one test disagree on a
 * setting, the runs left out for lacking the grouping attribute, and which
 * figures the run's own settings fixed.  A suite's default comparison
 * groups by label only when that mixes nothing; otherwise model_load
 * chooses the attributes that tell the runs apart.
 */
#include "model.h"

#include <stdio.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/grow.h"
#include "../core/quote.h"
#include "../core/sort.h"
#include "../core/strindex.h"
#include "../core/text.h"
#include "../schema/apart.h"
#include "../schema/selection.h"
#include "../schema/store.h"
#include "order.h"

/* A cell's values: one per run of the group; a group of more runs than
 * this is a store of another kind than benchsite is built for. */
#define CELL_VALUES_MAX 1000000

/* Cells (columns x groups) of one comparison.  The analysis keeps a
 * table of every column's figure in every group, about 130 bytes a cell
 * with its statistics: this many is some 500 MiB.  A comparison past it
 * (2,048 charts of 2,048 groups each, or a million charts of four) is no
 * page a person reads; it is refused, saying how to narrow it. */
#define MODEL_CELLS_MAX ((long)1 << 18)

/* (run, column) pairs of one comparison: at most one per result row, and
 * at 16 bytes each this many is 1 GiB, more than the values of so many
 * rows leave room for beside it. */
#define MODEL_USES_MAX ((long)1 << 26)

/* One test of one run, in group g (mixture detection). */
struct run_test {
	long long run;
	int group;		/* -1 while choosing the default grouping */
	char *test;		/* owned */
	char *gname;		/* owned, while choosing the grouping */
};

struct load {
	struct model *m;
	struct strindex group_index, col_index;	/* names -> places */
	const char *metrics, *tests;	/* the comparison's choice, or NULL */
	int last_group, last_col;
	struct err *e;
	struct run_test *rt;
	long nrt, rtcap;
	long long last_run;
	const char *last_test;
	const char *name, *name2;	/* looked up (same_group, same_col) */
	int refused;		/* past MODEL_CELLS_MAX */
	double time_limit, events_limit;	/* of last_run; 0: none */
	int no_command;		/* last_run is sysbench's with no command
				 * line kept (imported output) */
};

/* the list is the store's (schema/apart.c): `list runs` leaves the same
 * keys out of what tells runs apart */
int model_attr_exempt(const char *key)
{
	return apart_by_nature(key);
}

const char *model_attr(const struct model *m, long long run, const char *key)
{
	long i;

	if (strcmp(key, "label") == 0) {
		/* labels come by run (add_label) */
		long lo = first_at_least(m->labels, m->nlabels,
					 sizeof(*m->labels),
					 offsetof(struct model_label, run), run);

		return lo < m->nlabels && m->labels[lo].run == run ?
		       m->labels[lo].label : NULL;
	}
	i = apart_attr_first(m->attrs, m->nattrs, run);

	for (; i >= 0 && i < m->nattrs && m->attrs[i].run == run; i++)
		if (strcmp(m->attrs[i].key, key) == 0)
			return m->attrs[i].value;
	return NULL;
}

static int attr_row(void *ctx, long long run, const char *key,
		    const char *value)
{
	struct model *m = ctx;

	return apart_attr_add(&m->attrs, &m->nattrs, &m->attrcap, run, key,
			      value);
}

/* The number after "--NAME=" or "--NAME " in a command line; -1 when the
 * option is not there. */
static double option_value(const char *cmd, const char *name)
{
	size_t n = strlen(name);
	const char *p = cmd;

	while ((p = strstr(p, "--")) != NULL) {
		p += 2;
		if (strncmp(p, name, n) == 0 && (p[n] == '=' || p[n] == ' '))
			return strtod(p + n + 1, NULL);
	}
	return -1;
}

/* What can end a sysbench run, from the command line that benchsite run
 * recorded: a time limit (--time, --max-time; sysbench 1.x stops after
 * 10 s unless told otherwise) and an event count (--events,
 * --max-requests; 0.4 and 0.5 stop after 10,000 requests unless told
 * otherwise).  Unknown without the command line. */
static void run_limits(struct load *l, long long run)
{
	const struct model *m = l->m;
	const char *cmd = model_attr(m, run, "command");
	const char *ver = model_attr(m, run, "tool_version");
	double t, ev;
	int v1;

	l->time_limit = l->events_limit = 0;
	l->no_command = strcmp(m->suite, "sysbench") == 0 && !cmd;
	if (strcmp(m->suite, "sysbench") != 0 || !cmd)
		return;
	v1 = !ver || strncmp(ver, "0.", 2) != 0;
	t = option_value(cmd, v1 ? "time" : "max-time");
	if (t < 0)
		t = option_value(cmd, v1 ? "max-time" : "time");
	ev = option_value(cmd, v1 ? "events" : "max-requests");
	if (ev < 0)
		ev = option_value(cmd, v1 ? "max-requests" : "events");
	if (t < 0)
		t = v1 ? 10 : 0;
	if (ev < 0)
		ev = v1 ? 0 : 10000;
	/* the first limit reached ends the run (or the test's own end, as
	 * memory's total size): a figure is fixed only where it sits at its
	 * limit, which add_row checks */
	l->time_limit = t > 0 ? t : 0;
	l->events_limit = ev > 0 ? ev : 0;
}

static int note_run_test(struct load *l, long long run, int group,
			 const char *test, const char *gname)
{
	struct run_test *x;

	if (GROW(l->rt, l->nrt, l->rtcap, 64))
		return -1;
	x = &l->rt[l->nrt];
	x->run = run;
	x->group = group;
	x->test = strdup(test);
	x->gname = gname ? strdup(gname) : NULL;
	l->nrt++;
	return !x->test || (gname && !x->gname) ? -1 : 0;
}

static void free_run_tests(struct load *l)
{
	long i;

	for (i = 0; i < l->nrt; i++) {
		free(l->rt[i].test);
		free(l->rt[i].gname);
	}
	free(l->rt);
	l->rt = NULL;
	l->nrt = l->rtcap = 0;
}

static void load_release(struct load *l)
{
	free_run_tests(l);
	strindex_release(&l->group_index);
	strindex_release(&l->col_index);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int same_group(const void *ctx, long place)
{
	const struct load *l = ctx;

	return strcmp(l->m->groups[place], l->name) == 0;
}

static int same_col(const void *ctx, long place)
{
	const struct load *l = ctx;
	const struct column *c = &l->m->cols[place];

	return strcmp(c->test, l->name) == 0 && strcmp(c->metric, l->name2) == 0;
}

/* -2 when a new group would take the comparison past MODEL_CELLS_MAX */
static int find_group(struct load *l, const char *name)
{
	struct model *m = l->m;
	uint64_t h;
	long k;
	int i;

	if (l->last_group >= 0 && strcmp(m->groups[l->last_group], name) == 0)
		return l->last_group;
	h = strindex_hash(name, NULL);
	l->name = name;
	if ((k = strindex_find(&l->group_index, h, same_group, l)) >= 0)
		return l->last_group = (int)k;
	if ((long)m->ncols * (m->ngroups + 1) > MODEL_CELLS_MAX)
		return -2;
	if (strindex_add(&l->group_index, h, m->ngroups))
		return -1;
	if (m->ngroups == m->gcap) {
		int ncap = m->gcap ? 2 * m->gcap : 16, c;
		char **ng = realloc(m->groups, (size_t)ncap * sizeof(*ng));

		if (!ng)
			return -1;
		m->groups = ng;
		for (c = 0; c < m->ncols; c++) {
			struct cell *nc = realloc(m->cols[c].cells,
						  (size_t)ncap * sizeof(*nc));
			if (!nc)
				return -1;
			m->cols[c].cells = nc;
		}
		m->gcap = ncap;
	}
	{
		long long **nr = realloc(m->runs, (size_t)(m->ngroups + 1) *
					 sizeof(*nr));
		int *nn;

		if (!nr)
			return -1;
		m->runs = nr;
		nn = realloc(m->nruns, (size_t)(m->ngroups + 1) * sizeof(*nn));
		if (!nn)
			return -1;
		m->nruns = nn;
		m->runs[m->ngroups] = NULL;
		m->nruns[m->ngroups] = 0;
	}
	m->groups[m->ngroups] = strdup(name);
	if (!m->groups[m->ngroups])
		return -1;
	for (i = 0; i < m->ncols; i++)
		memset(&m->cols[i].cells[m->ngroups], 0, sizeof(struct cell));
	return l->last_group = m->ngroups++;
}

/* -2 when a new column would take the comparison past MODEL_CELLS_MAX */
static int find_col(struct load *l, const struct record_result *r)
{
	struct model *m = l->m;
	struct column *c;
	uint64_t h;
	long k;

	if (m->ncols > 0 && strcmp(m->cols[l->last_col].test, r->test) == 0 &&
	    strcmp(m->cols[l->last_col].metric, r->metric) == 0)
		return l->last_col;
	h = strindex_hash(r->test, r->metric);
	l->name = r->test;
	l->name2 = r->metric;
	if ((k = strindex_find(&l->col_index, h, same_col, l)) >= 0)
		return l->last_col = (int)k;
	if ((long)(m->ncols + 1) * m->ngroups > MODEL_CELLS_MAX)
		return -2;
	if (strindex_add(&l->col_index, h, m->ncols))
		return -1;
	if (GROW(m->cols, m->ncols, m->ccap, 16))
		return -1;
	c = &m->cols[m->ncols];
	memset(c, 0, sizeof(*c));
	c->test = strdup(r->test);
	c->metric = strdup(r->metric);
	c->unit = strdup(r->unit);
	c->better = strdup(r->better);
	c->cells = calloc((size_t)(m->gcap ? m->gcap : 1), sizeof(struct cell));
	m->ncols++;	/* counted before the check so release frees it */
	if (!c->test || !c->metric || !c->unit || !c->better || !c->cells)
		return -1;
	return l->last_col = m->ncols - 1;
}

/* 0; -1 past CELL_VALUES_MAX; -2 when memory ran out */
/* 1 when the figure of the run being loaded sits at a limit its own
 * settings set (docs/analysis.md, "Figures that measure nothing"). */
static int fixed_by_limit(const struct load *l, const char *metric, double v)
{
	int total_time = strcmp(metric, "total_time") == 0;
	int total_events = strcmp(metric, "total_events") == 0;
	double w;

	/* from 1% short of the time limit up: a run cannot outlast its
	 * limit but by the event under way when the clock ran out, which a
	 * loaded machine can make as long as it likes (a run that ended for
	 * another reason, memory's total size, ended before its limit); an
	 * event count equal to the limit */
	if (l->time_limit > 0 && total_time && v >= 0.99 * l->time_limit)
		return 1;
	if (l->events_limit > 0 && total_events && v == l->events_limit)
		return 1;
	if (!l->no_command)
		return 0;
	/* no command line: a time-limited run stops just past its whole
	 * number of seconds (sysbench checks the clock between events:
	 * 10.0007 s, 300.0437 s, 600.0545 s in real outputs), so a total
	 * time from w to 0.1% of w and 30 ms past it is taken for a limit
	 * w; and 10,000 events exactly, sysbench 0.4/0.5's default
	 * --max-requests, for that limit */
	if (total_time) {
		w = floor(v);
		return w >= 1 && w < 1e9 && v - w <= 0.001 * w + 0.03;
	}
	return total_events && v == 10000;
}

/* Adds v to cell c; a value fixed by a limit goes after the measured
 * ones, so that v[0 .. n - nset) are always the measured values. */
static int add_value(struct cell *c, double v, int fixed)
{
	if (c->n == c->cap) {
		int ncap = c->cap ? 2 * c->cap : 4;
		double *nv;

		if (ncap > CELL_VALUES_MAX)
			return -1;
		nv = realloc(c->v, (size_t)ncap * sizeof(*nv));
		if (!nv)
			return -2;
		c->v = nv;
		c->cap = ncap;
	}
	if (!fixed && c->nset > 0) {
		/* the cell's first fixed value moves to the end */
		c->v[c->n] = c->v[c->n - c->nset];
		c->v[c->n - c->nset] = v;
		c->n++;
		return 0;
	}
	c->v[c->n++] = v;
	return 0;
}

/* Notes that run has a result in column c; 0, -1 past MODEL_USES_MAX,
 * -2 when memory ran out. */
static int add_use(struct model *m, long long run, int c)
{
	struct model_use *nu;

	if (m->nuses > 0 && m->uses[m->nuses - 1].run == run &&
	    m->uses[m->nuses - 1].col == c)
		return 0;
	if (m->nuses == m->usecap) {
		long ncap = m->usecap ? 2 * m->usecap : 64;

		if (m->usecap >= MODEL_USES_MAX)
			return -1;
		if (ncap > MODEL_USES_MAX)
			ncap = MODEL_USES_MAX;
		nu = realloc(m->uses, (size_t)ncap * sizeof(*nu));
		if (!nu)
			return -2;
		m->uses = nu;
		m->usecap = ncap;
	}
	m->uses[m->nuses].run = run;
	m->uses[m->nuses++].col = c;
	return 0;
}

/* Notes run as one of group g's (rows come ordered by run, so a repeat is
 * always the last one noted). */
static int add_run(struct model *m, int g, long long run)
{
	int n = m->nruns[g];
	long long *nr;

	if (n > 0 && m->runs[g][n - 1] == run)
		return 0;
	if ((n & (n - 1)) == 0) {	/* 0, 1, 2, 4...: grow to double */
		nr = realloc(m->runs[g], (size_t)(n ? 2 * n : 1) * sizeof(*nr));
		if (!nr)
			return -1;
		m->runs[g] = nr;
	}
	m->runs[g][m->nruns[g]++] = run;
	return 0;
}

/* Notes run's label: rows come ordered by run, so the list stays
 * sorted and a run is noted once. */
static int add_label(struct model *m, long long run, const char *label)
{
	if (m->nlabels > 0 && m->labels[m->nlabels - 1].run == run)
		return 0;
	if (GROW(m->labels, m->nlabels, m->labelcap, 64))
		return -1;
	m->labels[m->nlabels].run = run;
	if (!(m->labels[m->nlabels].label = strdup(label)))
		return -1;
	m->nlabels++;
	return 0;
}

static int add_row(void *ctx, const struct store_row *row)
{
	struct load *l = ctx;
	int g, c, nset;
	struct cell *cell;

	/* what the comparison does not show is not loaded at all: no
	 * group, column or mixture comes of it */
	if ((l->metrics && !text_listed(l->metrics, row->r.metric)) ||
	    (l->tests && !text_listed(l->tests, row->r.test)))
		return 0;
	g = find_group(l, row->group);
	c = g < 0 ? g : find_col(l, &row->r);
	if (c == -2 && (l->refused = 1))
		return err_set(l->e, NULL, 0, 0, "%s: more than %ld figures "
			       "(charts x groups) in one comparison, at %d "
			       "charts and %d groups: narrow it with compare "
			       "--where, --tests or --metrics", l->m->name,
			       MODEL_CELLS_MAX, l->m->ncols, l->m->ngroups);
	if (c < 0)
		return err_set(l->e, NULL, 0, 0, "out of memory");
	cell = &l->m->cols[c].cells[g];
	l->m->nrows++;
	if (add_run(l->m, g, row->run) || add_label(l->m, row->run, row->label))
		return err_set(l->e, NULL, 0, 0, "out of memory");
	switch (add_use(l->m, row->run, c)) {
	case -1:
		return err_set(l->e, NULL, 0, 0, "too many results in one "
			       "comparison");
	case -2:
		return err_set(l->e, NULL, 0, 0, "out of memory");
	}
	if (row->run != l->last_run) {
		run_limits(l, row->run);
		l->last_run = row->run;
		l->last_test = NULL;
	}
	if (!l->last_test || strcmp(l->last_test, row->r.test) != 0) {
		if (note_run_test(l, row->run, g, row->r.test, NULL))
			return err_set(l->e, NULL, 0, 0, "out of memory");
		l->last_test = l->rt[l->nrt - 1].test;
	}
	if (!row->r.has_value) {
		cell->nvoid++;
		cell->ntoofast += strcmp(row->r.status, "too-fast") == 0;
		snprintf(cell->status, sizeof(cell->status), "%s", row->r.status);
		return 0;
	}
	nset = cell->nset;
	if (fixed_by_limit(l, row->r.metric, row->r.value))
		cell->nset++;
	switch (add_value(cell, row->r.value, cell->nset > nset)) {
	case -1:
		return err_set(l->e, NULL, 0, 0, "too many runs in one group");
	case -2:
		return err_set(l->e, NULL, 0, 0, "out of memory");
	}
	return 0;
}

/* (bucket, key, value) of one attribute of one run of a bucket (a group's
 * runs of one test), sorted to find the keys a bucket disagrees on. */
struct kv {
	const char *bucket_group;	/* the group's name */
	int group;
	const char *test;
	const char *key, *value;
};

static int cmp_kv(const void *a, const void *b)
{
	const struct kv *x = a, *y = b;
	int r;

	if ((r = strcmp(x->bucket_group, y->bucket_group)) != 0)
		return r;
	if ((r = strcmp(x->test, y->test)) != 0)
		return r;
	if ((r = strcmp(x->key, y->key)) != 0)
		return r;
	return strcmp(x->value, y->value);
}

/* The (group, key, values) mixtures of the run/test list: each call of cb
 * is one bucket and key whose runs hold several values, v[0..n) sorted
 * with repeats.  Returns -1 when memory ran out, else what cb returned. */
static int each_mixture(const struct model *m, const struct run_test *rt,
			long nrt, int (*cb)(void *ctx, const struct kv *v,
					    long n), void *ctx)
{
	struct kv *v = NULL;
	long n = 0, cap = 0, i, j;
	int rc = 0;

	for (i = 0; i < nrt; i++) {
		long a = apart_attr_first(m->attrs, m->nattrs, rt[i].run);

		for (; a >= 0 && a < m->nattrs && m->attrs[a].run == rt[i].run;
		     a++) {
			if (model_attr_exempt(m->attrs[a].key))
				continue;
			if (n == cap) {
				long ncap = cap ? 2 * cap : 256;
				struct kv *nv = realloc(v, (size_t)ncap * sizeof(*nv));

				if (!nv) {
					free(v);
					return -1;
				}
				v = nv;
				cap = ncap;
			}
			v[n].bucket_group = rt[i].gname ? rt[i].gname :
					    m->groups[rt[i].group];
			v[n].group = rt[i].group;
			v[n].test = rt[i].test;
			v[n].key = m->attrs[a].key;
			v[n].value = m->attrs[a].value;
			n++;
		}
	}
	if (n > 1)
		sort_items(v, (size_t)n, sizeof(*v), cmp_kv);
	for (i = 0; i < n && rc == 0; i = j) {
		int several = 0;

		for (j = i + 1; j < n && strcmp(v[j].bucket_group, v[i].bucket_group) == 0 &&
			       strcmp(v[j].test, v[i].test) == 0 &&
			       strcmp(v[j].key, v[i].key) == 0; j++)
			several = several || strcmp(v[j].value, v[j - 1].value) != 0;
		if (several)
			rc = cb(ctx, &v[i], j - i);
	}
	free(v);
	return rc;
}

static int note_mixed(void *ctx, const struct kv *v, long n)
{
	struct model *m = ctx;
	struct mixed *x = NULL;
	struct buf b;
	long i;
	int k;

	for (k = 0; k < m->nmixed; k++)
		if (m->mixed[k].group == v->group &&
		    strcmp(m->mixed[k].key, v->key) == 0)
			x = &m->mixed[k];
	if (!x) {
		struct mixed *nm = realloc(m->mixed, (size_t)(m->nmixed + 1) *
					   sizeof(*nm));

		if (!nm)
			return -1;
		m->mixed = nm;
		x = &m->mixed[m->nmixed++];
		memset(x, 0, sizeof(*x));
		x->group = v->group;
		if (!(x->key = strdup(v->key)))
			return -1;
	}
	/* the values, distinct, added to those of the group's other tests */
	for (i = 0; i < n; i++) {
		char **nl;

		for (k = 0; k < x->nlist; k++)
			if (strcmp(x->list[k], v[i].value) == 0)
				break;
		if (k < x->nlist)
			continue;
		nl = realloc(x->list, (size_t)(x->nlist + 1) * sizeof(*nl));
		if (!nl)
			return -1;
		x->list = nl;
		if (!(x->list[x->nlist] = strdup(v[i].value)))
			return -1;
		x->nlist++;
	}
	sort_items(x->list, (size_t)x->nlist, sizeof(*x->list), cmp_str);
	/* one text, each value a CSV field: "rw,noatime" and "rw,relatime"
	 * stay two values, and plain ones read as before (btrfs,ext4) */
	buf_init(&b, 1 << 20);
	for (k = 0; k < x->nlist; k++) {
		if (k)
			buf_addc(&b, ',');
		quote_field(&b, x->list[k], ',', 0);
	}
	free(x->values);
	x->values = buf_detach(&b, NULL);
	return x->values ? 0 : -1;
}

static int count_mixture(void *ctx, const struct kv *v, long n)
{
	(void)v;
	(void)n;
	++*(int *)ctx;
	return 1;	/* one is enough */
}

/* The values of the comma-separated keys for run, joined by sep, into
 * out; label stands for the key "label" unless it is NULL.  A key the run
 * lacks makes it NULL when whole, else it is left out. */
static const char *join_keys(const struct model *m, long long run,
			     const char *keys, const char *label,
			     const char *sep, int whole, struct buf *out)
{
	buf_reset(out);
	while (*keys) {
		size_t len = strcspn(keys, ",");
		char key[128];
		const char *v;

		snprintf(key, sizeof(key), "%.*s", (int)len, keys);
		v = label && strcmp(key, "label") == 0 ? label :
		    model_attr(m, run, key);
		if (!v && whole)
			return NULL;
		if (v)
			buf_printf(out, "%s%s", out->len ? sep : "", v);
		keys += len;
		if (*keys == ',')
			keys++;
	}
	return out->data ? out->data : "";
}

/* The group name of run under the keys by (comma-separated), as
 * store_each_result_in names it in a default comparison: the values of
 * the keys it has, its label when it has none.  Written into out. */
static const char *group_of(const struct model *m, long long run,
			    const char *label, const char *by, struct buf *out)
{
	join_keys(m, run, by, label, " / ", 0, out);
	if (!out->len)
		buf_adds(out, label);
	return out->data ? out->data : "";
}

struct choose {
	struct load *l;
	long long *runs;	/* the suite's run/test pairs, with labels */
	char **labels, **tests;
	long n, cap;
};

static int choose_row(void *ctx, long long run, const char *label,
		      const char *test)
{
	struct choose *c = ctx;

	if (c->n == c->cap) {
		long ncap = c->cap ? 2 * c->cap : 64;
		long long *nr = realloc(c->runs, (size_t)ncap * sizeof(*nr));
		char **nl, **nt;

		if (!nr)
			return -1;
		c->runs = nr;
		nl = realloc(c->labels, (size_t)ncap * sizeof(*nl));
		if (!nl)
			return -1;
		c->labels = nl;
		nt = realloc(c->tests, (size_t)ncap * sizeof(*nt));
		if (!nt)
			return -1;
		c->tests = nt;
		c->cap = ncap;
	}
	c->runs[c->n] = run;
	c->labels[c->n] = strdup(label);
	c->tests[c->n] = strdup(test);
	c->n++;
	return c->labels[c->n - 1] && c->tests[c->n - 1] ? 0 : -1;
}

/* How many mixtures grouping by `by` makes (0 or 1: it stops at one);
 * -1 when memory ran out. */
static int mixtures_under(struct choose *c, const char *by)
{
	struct load *l = c->l;
	struct buf g;
	long i;
	int n = 0, rc;

	buf_init(&g, 1 << 16);
	free_run_tests(l);
	for (i = 0; i < c->n; i++) {
		const char *name = group_of(l->m, c->runs[i], c->labels[i], by, &g);

		if (name && note_run_test(l, c->runs[i], -1, c->tests[i], name)) {
			buf_release(&g);
			return -1;
		}
	}
	buf_release(&g);
	rc = each_mixture(l->m, l->rt, l->nrt, count_mixture, &n);
	free_run_tests(l);
	return rc < 0 ? -1 : n;
}

/* 1 when no group under keys holds two labels: adding the label to the
 * grouping would split nothing. */
static int label_redundant(struct choose *c, const char *keys)
{
	struct buf g, prev;
	char **pairs = calloc((size_t)c->n + 1, sizeof(*pairs));
	long i, n = 0;
	int ok = 1;

	if (!pairs)
		return 0;
	buf_init(&g, 1 << 16);
	buf_init(&prev, 1 << 16);
	for (i = 0; i < c->n; i++) {
		const char *name = group_of(c->l->m, c->runs[i], c->labels[i],
					    keys, &g);

		if (!name)
			continue;
		buf_reset(&prev);
		buf_printf(&prev, "%s%c%s", name, 1, c->labels[i]);
		if (!(pairs[n++] = buf_detach(&prev, NULL))) {
			ok = 0;
			goto out;
		}
	}
	sort_items(pairs, (size_t)n, sizeof(*pairs), cmp_str);
	for (i = 1; i < n && ok; i++) {
		size_t a = strcspn(pairs[i - 1], "\001");
		size_t b = strcspn(pairs[i], "\001");

		if (a == b && strncmp(pairs[i - 1], pairs[i], a) == 0 &&
		    strcmp(pairs[i - 1] + a, pairs[i] + b) != 0)
			ok = 0;
	}
out:
	for (i = 0; i < n; i++)
		free(pairs[i]);
	free(pairs);
	buf_release(&g);
	buf_release(&prev);
	return ok;
}

static int note_key(void *ctx, const struct kv *v, long n)
{
	struct buf *keys = ctx;
	const char *p = keys->data ? keys->data : "";
	size_t len = strlen(v->key);

	(void)n;
	while (*p) {
		size_t l2 = strcspn(p, ",");

		if (l2 == len && strncmp(p, v->key, len) == 0)
			return 0;
		p += l2;
		if (*p == ',')
			p++;
	}
	buf_printf(keys, "%s%s", keys->len ? "," : "", v->key);
	return 0;
}

/* A default comparison's grouping: by label when that mixes nothing;
 * else the label and the one key that leaves nothing mixed (fs first, as
 * benchsite run records the filesystem; then by name), or failing one,
 * the keys the label's runs disagree on added one by one in that order
 * until nothing is mixed; the label is dropped when it splits no group.
 * The result goes into m->by. */
/* The settings a sweep runs over (docs/analysis.md, "Sweeps"): a default
 * comparison whose runs of one label differ in one of these alone, in
 * numbers only, is a sweep over it, not groups of label and setting. */
static const char *const sweep_keys[] = {
	"threads", "clients", "jobs", "numjobs", "iodepth", "bs", "block_size",
	"file_size", "connections", "concurrency", "scaling_factor", NULL,
};

/* 1 when the run of attribute at holds a command, prepare or cleanup
 * whose words name {key}: `run --param` records the words as written, so
 * a key it substituted is one the user swept, whatever its name. */
static int run_swept(const struct model *m, long at, const char *key)
{
	static const char *const words[] = {"command", "prepare", "cleanup"};
	long long run = m->attrs[at].run;
	size_t len = strlen(key);
	long i;
	int w;

	while (at > 0 && m->attrs[at - 1].run == run)
		at--;
	for (i = at; i < m->nattrs && m->attrs[i].run == run; i++)
		for (w = 0; w < 3; w++) {
			const char *p = m->attrs[i].value;

			if (strcmp(m->attrs[i].key, words[w]) != 0)
				continue;
			while ((p = strchr(p, '{')) != NULL) {
				p++;
				if (strncmp(p, key, len) == 0 && p[len] == '}')
					return 1;
			}
		}
	return 0;
}

/* 1 when key is a sweep's setting (one of the list, or a --param key of
 * every run that holds it) and every value the suite's runs hold of it
 * is a number. */
static int sweep_key(const struct model *m, const char *key)
{
	long i;
	int k, known = 0, param = 1, held = 0;

	for (k = 0; sweep_keys[k]; k++)
		known |= strcmp(sweep_keys[k], key) == 0;
	for (i = 0; i < m->nattrs && !known && param; i++)
		if (strcmp(m->attrs[i].key, key) == 0) {
			held = 1;
			param = run_swept(m, i, key);
		}
	if (!known && !(held && param))
		return 0;
	for (i = 0; i < m->nattrs; i++) {
		char *end;
		double v;

		if (strcmp(m->attrs[i].key, key) != 0)
			continue;
		v = strtod(m->attrs[i].value, &end);
		if (end == m->attrs[i].value || *end || !isfinite(v))
			return 0;
	}
	return 1;
}

static int choose_by(struct store *s, struct load *l, struct err *e)
{
	struct model *m = l->m;
	struct choose c;
	struct buf keys, by;
	char *mixed_keys = NULL;
	int rc = -1, n;
	long i;

	memset(&c, 0, sizeof(c));
	c.l = l;
	buf_init(&keys, 1 << 16);
	buf_init(&by, 1 << 16);
	if (store_each_run_test(s, m->suite, choose_row, &c, e)) {
		if (!e->msg[0])
			err_set(e, NULL, 0, 0, "out of memory");
		goto out;
	}
	n = mixtures_under(&c, "label");
	if (n <= 0) {
		rc = n < 0 ? err_set(e, NULL, 0, 0, "out of memory") : 0;
		goto out;
	}
	/* the keys the label's groups disagree on */
	free_run_tests(l);
	for (i = 0; i < c.n; i++)
		if (note_run_test(l, c.runs[i], -1, c.tests[i], c.labels[i])) {
			rc = err_set(e, NULL, 0, 0, "out of memory");
			goto out;
		}
	if (each_mixture(m, l->rt, l->nrt, note_key, &keys) < 0) {
		rc = err_set(e, NULL, 0, 0, "out of memory");
		goto out;
	}
	free_run_tests(l);
	mixed_keys = buf_detach(&keys, NULL);
	if (!mixed_keys) {
		rc = err_set(e, NULL, 0, 0, "out of memory");
		goto out;
	}
	{
		/* fs first, then the others in name order (each_mixture sorted
		 * them by group then key; sort the list itself) */
		char *list[64];
		int nk = 0, k, done = 0;
		char *p = mixed_keys;

		while (*p && nk < 64) {
			size_t len = strcspn(p, ",");

			list[nk++] = p;
			p += len;
			if (*p == ',')
				*p++ = '\0';
		}
		sort_items(list, (size_t)nk, sizeof(*list), cmp_str);
		for (k = 0; k < nk; k++)
			if (strcmp(list[k], "fs") == 0 && k > 0) {
				char *t = list[k];

				memmove(list + 1, list, (size_t)k * sizeof(*list));
				list[0] = t;
			}
		/* one key that tells every group apart is the plainest
		 * grouping: tried first, fs first */
		for (k = 0; k < nk && !done; k++) {
			buf_reset(&by);
			buf_printf(&by, "label,%s", list[k]);
			n = mixtures_under(&c, by.data);
			if (n < 0) {
				rc = err_set(e, NULL, 0, 0, "out of memory");
				goto out;
			}
			if ((done = n == 0) != 0) {
				buf_reset(&keys);
				buf_adds(&keys, list[k]);
			}
		}
		/* one numeric setting alone: a sweep over it */
		if (done && sweep_key(m, keys.data)) {
			m->split = strdup(keys.data);
			m->sweep = m->split != NULL;
			rc = m->split ? 0 : err_set(e, NULL, 0, 0,
						    "out of memory");
			goto out;
		}
		if (!done)
			buf_reset(&keys);
		for (k = 0; k < nk && !done; k++) {
			buf_printf(&keys, "%s%s", keys.len ? "," : "", list[k]);
			buf_reset(&by);
			buf_printf(&by, "label,%s", keys.data);
			n = mixtures_under(&c, by.data);
			if (n < 0) {
				rc = err_set(e, NULL, 0, 0, "out of memory");
				goto out;
			}
			done = n == 0;
		}
		if (keys.len && label_redundant(&c, keys.data)) {
			buf_reset(&by);
			buf_adds(&by, keys.data);
		}
	}
	if (by.len) {
		char *nb = buf_detach(&by, NULL);

		if (!nb) {
			rc = err_set(e, NULL, 0, 0, "out of memory");
			goto out;
		}
		free(m->by);
		m->by = nb;
	}
	rc = 0;
out:
	free(mixed_keys);
	for (i = 0; i < c.n; i++) {
		free(c.labels[i]);
		free(c.tests[i]);
	}
	free(c.runs);
	free(c.labels);
	free(c.tests);
	buf_release(&keys);
	buf_release(&by);
	free_run_tests(l);
	return rc;
}

/* m->lacking: which of c's grouping keys the runs it selects lack, each
 * counted on its own (a run may lack several), so that a sentence names
 * the attribute missing rather than the whole grouping. */
static int lacking(struct store *s, const struct store_comparison *c,
		   struct model *m, struct err *e)
{
	struct store_comparison one = *c;
	struct buf b;
	const char *p;
	char first[128] = "";
	long nfirst = 0;
	int k = 0;

	buf_init(&b, 8192);
	for (p = c->by; *p; p += *p == ',') {
		size_t len = strcspn(p, ",");
		char key[128];
		long n;

		snprintf(key, sizeof(key), "%.*s", (int)len, p);
		p += len;
		if (strcmp(key, "label") == 0)
			continue;
		one.by = key;
		if (store_count_ungrouped(s, &one, &n, e)) {
			buf_release(&b);
			return -1;
		}
		if (n == 0)
			continue;
		/* one key lacking: "no fs attribute"; several: each with how
		 * many runs lack it */
		if (k == 0) {
			snprintf(first, sizeof(first), "%s", key);
			nfirst = n;
		} else {
			if (k == 1)
				buf_printf(&b, "no %s (%ld run%s)", first, nfirst,
					   nfirst == 1 ? "" : "s");
			buf_printf(&b, " or %s (%ld run%s)", key, n,
				   n == 1 ? "" : "s");
		}
		k++;
	}
	if (k == 1)
		buf_printf(&b, "no %s attribute", first);
	else if (k > 1)
		buf_adds(&b, " attribute");
	free(m->lacking);
	m->lacking = NULL;
	if (k && !(m->lacking = buf_detach(&b, NULL)))
		return err_set(e, NULL, 0, 0, "out of memory");
	buf_release(&b);
	return 0;
}

static int by_col_run(const void *pa, const void *pb);

/* Notes a (run, test, metric) with samples, as (run, column) when the
 * comparison shows that column. */
static int sampled_row(void *ctx, long long run, const char *test,
		       const char *metric)
{
	struct load *l = ctx;
	struct model *m = l->m;
	struct model_use *n;
	long c;

	l->name = test;
	l->name2 = metric;
	c = strindex_find(&l->col_index, strindex_hash(test, metric), same_col, l);
	if (c < 0)
		return 0;
	if (m->nsampled >= MODEL_USES_MAX)
		return err_set(l->e, NULL, 0, 0, "too many results in one "
			       "comparison");
	if ((m->nsampled & (m->nsampled - 1)) == 0) {	/* 0, 1, 2, 4... */
		n = realloc(m->sampled, (size_t)(m->nsampled ? 2 * m->nsampled :
						 1) * sizeof(*n));
		if (!n)
			return err_set(l->e, NULL, 0, 0, "out of memory");
		m->sampled = n;
	}
	m->sampled[m->nsampled].run = run;
	m->sampled[m->nsampled++].col = (int)c;
	return 0;
}

static int same_test(const void *ctx, long place)
{
	const struct load *l = ctx;

	return strcmp(l->m->cols[place].test, l->name) == 0;
}

/* Marks the columns whose test has several (a page names their metric
 * too): by a hash of tests, where asking each column about every other
 * is a comparison per pair. */
static int mark_several(struct load *l)
{
	struct model *m = l->m;
	struct strindex tests;
	int c, rc = 0;

	memset(&tests, 0, sizeof(tests));
	for (c = 0; c < m->ncols && rc == 0; c++) {
		uint64_t h = strindex_hash(m->cols[c].test, NULL);
		long k;

		l->name = m->cols[c].test;
		if ((k = strindex_find(&tests, h, same_test, l)) >= 0)
			m->cols[k].several = m->cols[c].several = 1;
		else
			rc = strindex_add(&tests, h, c);
	}
	strindex_release(&tests);
	return rc;
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* With a split, each group's by value and split value, read from its
 * first run's attributes as the store's grouping read them (group_of):
 * pages and statements name a group by either, and its name joins both.
 * -1 out of memory. */
static int split_values(struct model *m)
{
	struct buf b, v;
	int g, n = m->ngroups ? m->ngroups : 1, rc = 0;

	if (!m->split)
		return 0;
	m->by_value = calloc((size_t)n, sizeof(*m->by_value));
	m->split_value = calloc((size_t)n, sizeof(*m->split_value));
	if (!m->by_value || !m->split_value)
		return -1;
	buf_init(&b, 1 << 16);
	buf_init(&v, 1 << 16);
	for (g = 0; g < m->ngroups && rc == 0; g++) {
		long long run = m->nruns[g] ? m->runs[g][0] : -1;
		const char *label = run >= 0 ? model_attr(m, run, "label") : NULL;
		const char *by = run >= 0 ? group_of(m, run, label ? label : "",
						     m->by, &b) : m->groups[g];
		const char *x = run >= 0 ? join_keys(m, run, m->split, NULL,
						     " ", 1, &v) : NULL;

		m->by_value[g] = strdup(by);
		m->split_value[g] = strdup(x ? x : "");
		if (!m->by_value[g] || !m->split_value[g])
			rc = -1;
	}
	buf_release(&b);
	buf_release(&v);
	return rc;
}

int model_load(struct store *s, const struct store_comparison *c,
	       struct model *m, struct err *e)
{
	struct load l;
	struct buf where;
	int i;

	memset(m, 0, sizeof(*m));
	buf_init(&where, 8192);
	for (i = 0; i < c->nwhere; i++) {
		char cond[1024];

		selection_describe(c->where_op[i], c->where_key[i],
				   c->where_value[i], cond, sizeof(cond));
		buf_printf(&where, "%s%s", i ? ", " : "", cond);
	}
	m->where = buf_detach(&where, NULL);
	m->name = strdup(c->name);
	m->title = dup_or_null(c->title);
	m->suite = strdup(c->suite);
	m->by = strdup(c->by);
	/* a sweep's groups are those of by at each x, as a split's */
	m->split = dup_or_null(c->x ? c->x : c->split);
	m->sweep = c->x != NULL;
	if (!m->name || !m->suite || !m->by || !m->where ||
	    (c->title && !m->title) || ((c->split || c->x) && !m->split)) {
		model_release(m);
		return err_set(e, NULL, 0, 0, "out of memory");
	}
	memset(&l, 0, sizeof(l));
	l.m = m;
	l.last_group = -1;
	l.last_col = 0;
	l.last_run = -1;
	l.e = e;
	l.metrics = c->metrics;
	l.tests = c->tests;
	m->is_default = c->is_default;
	if (store_each_attr_in_suite(s, m->suite, attr_row, m, e) ||
	    (c->is_default && choose_by(s, &l, e))) {
		if (!e->msg[0])
			err_set(e, NULL, 0, 0, "out of memory");
		model_release(m);
		return -1;
	}
	{
		struct store_comparison c2 = *c;
		struct buf both;

		/* a second factor: the groups are those of both */
		buf_init(&both, 4096);
		if (m->split)
			buf_printf(&both, "%s,%s", m->by, m->split);
		c2.by = m->split ? both.data : m->by;
		if (!c2.by || store_each_result_in(s, &c2, add_row, &l, e) ||
		    store_each_sampled(s, m->suite, sampled_row, &l, e) ||
		    store_count_ungrouped(s, &c2, &m->left_out, e) ||
		    (m->left_out > 0 && lacking(s, &c2, m, e))) {
			if (!c2.by)
				err_set(e, NULL, 0, 0, "out of memory");
			buf_release(&both);
			load_release(&l);
			model_release(m);
			return l.refused ? -2 : -1;
		}
		buf_release(&both);
		if (c->is_default) {	/* kept, grouped by the rest */
			m->kept_lacking = m->left_out;
			m->left_out = 0;
		}
	}
	/* asked once for the whole suite: asking the store about every
	 * run of every cell is a query per run and column */
	sort_items(m->sampled, (size_t)m->nsampled, sizeof(*m->sampled),
		   by_col_run);
	if (mark_several(&l) || each_mixture(m, l.rt, l.nrt, note_mixed, m) < 0 ||
	    order_groups(m, c->order) || split_values(m)) {
		load_release(&l);
		model_release(m);
		return err_set(e, NULL, 0, 0, "out of memory");
	}
	load_release(&l);
	return 0;
}

void model_release(struct model *m)
{
	int i, g;

	for (i = 0; i < m->ngroups; i++) {
		free(m->groups[i]);
		free(m->runs[i]);
		if (m->by_value)
			free(m->by_value[i]);
		if (m->split_value)
			free(m->split_value[i]);
	}
	free(m->by_value);
	free(m->split_value);
	free(m->runs);
	free(m->nruns);
	for (i = 0; i < m->ncols; i++) {
		free(m->cols[i].test);
		free(m->cols[i].metric);
		free(m->cols[i].unit);
		free(m->cols[i].better);
		/* NULL when its allocation failed (find_col) */
		for (g = 0; m->cols[i].cells && g < m->ngroups; g++)
			free(m->cols[i].cells[g].v);
		free(m->cols[i].cells);
	}
	for (i = 0; i < m->nmixed; i++) {
		free(m->mixed[i].key);
		free(m->mixed[i].values);
		for (g = 0; g < m->mixed[i].nlist; g++)
			free(m->mixed[i].list[g]);
		free(m->mixed[i].list);
	}
	for (i = 0; i < m->nlabels; i++)
		free(m->labels[i].label);
	free(m->labels);
	free(m->lacking);
	free(m->mixed);
	free(m->uses);
	free(m->sampled);
	apart_attrs_free(m->attrs, m->nattrs);
	free(m->groups);
	free(m->cols);
	free(m->name);
	free(m->title);
	free(m->suite);
	free(m->by);
	free(m->split);
	free(m->where);
	memset(m, 0, sizeof(*m));
}

int column_higher(const struct column *c)
{
	return strcmp(c->better, "higher") == 0;
}

static int by_col_run(const void *pa, const void *pb)
{
	const struct model_use *x = pa, *y = pb;

	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return (x->run > y->run) - (x->run < y->run);
}

int model_uses_by_column(const struct model *m, struct model_use **out)
{
	*out = NULL;
	if (m->nuses == 0)
		return 0;
	*out = malloc((size_t)m->nuses * sizeof(**out));
	if (!*out)
		return -1;
	memcpy(*out, m->uses, (size_t)m->nuses * sizeof(**out));
	sort_items(*out, (size_t)m->nuses, sizeof(**out), by_col_run);
	return 0;
}

int model_uses_has(const struct model_use *sorted, long n, int col,
		   long long run)
{
	struct model_use key;

	if (n == 0)
		return 0;
	key.run = run;
	key.col = col;
	return find_item(&key, sorted, (size_t)n, sizeof(key), by_col_run) != NULL;
}

void model_group_parts(const struct model *m, int g, char *by, size_t cap,
		       const char **x)
{
	const char *name = m->groups[g];

	*x = "";
	if (m->sweep && m->by_value) {
		name = m->by_value[g];
		*x = m->split_value[g];
	}
	snprintf(by, cap, "%s", name);
}

void model_group_said(const struct model *m, int g, char *out, size_t cap)
{
	const char *x;

	model_group_parts(m, g, out, cap, &x);
	if (*x) {
		size_t n = strlen(out);

		snprintf(out + n, cap - n, " at %s=%s", m->split, x);
	}
}
