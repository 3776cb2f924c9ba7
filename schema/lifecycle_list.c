/*
 * lifecycle_list.c: the filtered listings of lifecycle.h (runs, their
 * attributes, tests, sources, comparisons).  Every listing is one query
 * whose WHERE is built from the filter with bound parameters only, and
 * rows go to the caller's callback as they are stepped, so a listing of a
 * large store holds one row at a time.
 */
#include <stdio.h>

#include <sqlite3.h>

#include "../core/err.h"
#include "lifecycle.h"
#include "store.h"
#include "store_int.h"

static const char *col_text_null(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

/* The condition on run r that f asks for; its parameters start at ?1 and
 * are bound by bind_filter.  Returns -1 when it does not fit. */
static int filter_sql(const struct lifecycle_filter *f, char *out,
		      size_t cap)
{
	size_t n;
	int i;

	n = (size_t)snprintf(out, cap, "(?1 IS NULL OR r.suite = ?1) AND "
			     "(?2 IS NULL OR r.label = ?2) AND "
			     "(?3 = 0 OR r.excluded IS NOT NULL)");
	/* the conditions' parameters are unnumbered: SQLite numbers them
	 * from ?4 on */
	for (i = 0; f && i < f->nwhere && n < cap; i++)
		if (selection_sql(f->op[i], f->key[i], f->value[i], out, cap, &n))
			return -1;
	return n < cap ? 0 : -1;
}

static void bind_filter(struct store *s, sqlite3_stmt *st,
			const struct lifecycle_filter *f)
{
	int i, p = 4;

	store_bind_text(s, st, 1, f ? f->suite : NULL);
	store_bind_text(s, st, 2, f ? f->label : NULL);
	sqlite3_bind_int(st, 3, f ? f->excluded_only : 0);
	for (i = 0; f && i < f->nwhere; i++)
		selection_bind(s, st, f->op[i], f->key[i], f->value[i], &p);
}

static int filter_empty(const struct lifecycle_filter *f)
{
	return !f || (!f->suite && !f->label && !f->excluded_only &&
		      f->nwhere == 0);
}

/* Runs head + filter + tail (the filter's parameters bound), handing
 * each row to row(st, cb, ctx). */
static int each_filtered(struct store *s, const char *head,
			 const struct lifecycle_filter *f, const char *tail,
			 int (*row)(sqlite3_stmt *st, void *cb, void *ctx),
			 void *cb, void *ctx, struct err *e)
{
	char cond[16384], sql[20480];
	sqlite3_stmt *st;

	if (f && f->nwhere > LIFECYCLE_WHERE_MAX)
		return err_set(e, NULL, 0, 0, "too many filters");
	if (filter_sql(f, cond, sizeof(cond)) ||
	    (size_t)snprintf(sql, sizeof(sql), "%s%s%s", head, cond, tail) >=
		    sizeof(sql))
		return err_set(e, NULL, 0, 0, "filter too long");
	if (store_prepare(s, sql, &st, e))
		return -1;
	bind_filter(s, st, f);
	return store_each_step(s, st, row, cb, ctx, "cannot read the store", e);
}

struct run_cb {
	int (*fn)(void *ctx, const struct lifecycle_run *r);
};

static int run_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	struct lifecycle_run r;

	r.id = sqlite3_column_int64(st, 0);
	r.suite = store_col_text(st, 1);
	r.label = store_col_text(st, 2);
	r.excluded = col_text_null(st, 3);
	r.source = store_col_text(st, 4);
	r.format = store_col_text(st, 5);
	r.source_id = sqlite3_column_int64(st, 6);
	r.results = sqlite3_column_int64(st, 7);
	return ((struct run_cb *)cb)->fn(ctx, &r);
}

int lifecycle_each_run(struct store *s, const struct lifecycle_filter *f,
		       int (*cb)(void *ctx, const struct lifecycle_run *r),
		       void *ctx, struct err *e)
{
	struct run_cb c = {cb};

	return each_filtered(s, "SELECT r.id, r.suite, r.label, r.excluded, "
			  "s.name, s.format, s.id, (SELECT count(*) FROM "
			  "result x WHERE x.run_id = r.id) FROM run r JOIN "
			  "source s ON s.id = r.source_id WHERE ", f,
			  " ORDER BY r.id", run_row, &c, ctx, e);
}

struct attr_cb {
	int (*fn)(void *ctx, long long run, const char *key, const char *value);
};

static int attr_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	return ((struct attr_cb *)cb)->fn(ctx, sqlite3_column_int64(st, 0),
					  store_col_text(st, 1), store_col_text(st, 2));
}

int lifecycle_each_attr(struct store *s, const struct lifecycle_filter *f,
			int (*cb)(void *ctx, long long run, const char *key,
				  const char *value),
			void *ctx, struct err *e)
{
	struct attr_cb c = {cb};

	return each_filtered(s, "SELECT a.run_id, a.key, a.value FROM run r "
			  "JOIN run_attr a ON a.run_id = r.id WHERE ", f,
			  " ORDER BY r.id, a.key", attr_row, &c, ctx, e);
}

struct test_cb {
	int (*fn)(void *ctx, const struct lifecycle_test *t);
};

static int test_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	struct lifecycle_test t;

	t.suite = store_col_text(st, 0);
	t.test = store_col_text(st, 1);
	t.metric = store_col_text(st, 2);
	t.unit = store_col_text(st, 3);
	t.better = store_col_text(st, 4);
	t.runs = sqlite3_column_int64(st, 5);
	return ((struct test_cb *)cb)->fn(ctx, &t);
}

int lifecycle_each_test(struct store *s, const struct lifecycle_filter *f,
			int (*cb)(void *ctx, const struct lifecycle_test *t),
			void *ctx, struct err *e)
{
	struct test_cb c = {cb};

	return each_filtered(s, "SELECT r.suite, x.test, x.metric, x.unit, "
			  "x.better, count(DISTINCT r.id) FROM run r JOIN "
			  "result x ON x.run_id = r.id WHERE ", f,
			  " GROUP BY r.suite, x.test, x.metric, x.unit, "
			  "x.better ORDER BY r.suite, min(x.id)", test_row, &c, ctx, e);
}

struct source_cb {
	int (*fn)(void *ctx, const struct lifecycle_source *src);
};

static int source_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	struct lifecycle_source src;

	src.id = sqlite3_column_int64(st, 0);
	src.sha256 = store_col_text(st, 1);
	src.name = store_col_text(st, 2);
	src.format = store_col_text(st, 3);
	src.imported_at = store_col_text(st, 4);
	src.options = col_text_null(st, 5);
	src.size = sqlite3_column_int64(st, 6);
	src.runs = sqlite3_column_int64(st, 7);
	return ((struct source_cb *)cb)->fn(ctx, &src);
}

int lifecycle_each_source(struct store *s, const struct lifecycle_filter *f,
			  int (*cb)(void *ctx, const struct lifecycle_source *src),
			  void *ctx, struct err *e)
{
	struct source_cb c = {cb};

	return each_filtered(s, "SELECT * FROM (SELECT s.id, s.sha256, s.name, "
			  "s.format, s.imported_at, s.options, s.size, "
			  "(SELECT count(*) FROM run r WHERE r.source_id = "
			  "s.id AND ", f,
			  filter_empty(f) ? ") AS n FROM source s) ORDER BY id"
					  : ") AS n FROM source s) WHERE n > 0 "
					    "ORDER BY id", source_row, &c, ctx, e);
}

struct cmp_cb {
	int (*fn)(void *ctx, const struct lifecycle_comparison *c);
};

static int cmp_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	struct lifecycle_comparison c;

	c.name = store_col_text(st, 0);
	c.title = store_col_text(st, 1);
	c.suite = store_col_text(st, 2);
	c.by_key = store_col_text(st, 3);
	c.filter = store_col_text(st, 4);
	return ((struct cmp_cb *)cb)->fn(ctx, &c);
}

int lifecycle_each_comparison(struct store *s, const struct lifecycle_filter *f,
			      int (*cb)(void *ctx,
					const struct lifecycle_comparison *c),
			      void *ctx, struct err *e)
{
	struct cmp_cb c = {cb};
	sqlite3_stmt *st;

	if (store_prepare(s, "SELECT name, title, suite, by_key, filter FROM "
		       "comparison WHERE ?1 IS NULL OR suite = ?1 ORDER BY name",
		    &st, e))
		return -1;
	store_bind_text(s, st, 1, f ? f->suite : NULL);
	return store_each_step(s, st, cmp_row, &c, ctx, "cannot read the store",
			       e);
}
