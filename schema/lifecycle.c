/*
 * lifecycle.c: see lifecycle.h.  Kept apart from store.c (which opens,
 * migrates, imports and feeds the renderer) so that both stay small; they
 * share the handle and its SQL helpers (store_int.h).
 *
 * Merge reads the other store through its own read-only connection rather
 * than ATTACH: ATTACH would need the file name as a URI to be read-only,
 * and a second connection can never write the other file whatever its
 * name holds.  Columns a store of an older schema lacks are read as NULL
 * ("not known"), which is what the migration of that version writes too.
 *
 * Reparse compares in SQL: the new reading goes into temp tables, the old
 * one is copied beside it, and EXCEPT in both directions finds what
 * differs.  Only runs that differ are rewritten, so a reparse that changes
 * nothing writes nothing but temp tables (which are not in the file).
 */
#include "lifecycle.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>
#include <zlib.h>

#include "../core/err.h"
#include "../core/sha256.h"
#include "store.h"
#include "store_int.h"

/* Runs sql with ?1 bound to id (when the statement has a parameter). */
static int run_id_sql(struct store *s, const char *sql, long long id,
		      struct err *e)
{
	sqlite3_stmt *st;

	if (store_prepare(s, sql, &st, e))
		return -1;
	if (sqlite3_bind_parameter_count(st) > 0)
		sqlite3_bind_int64(st, 1, id);
	return store_step_done(s, st, "cannot update the store", e);
}

/* The single integer sql returns with ?1 = id. */
static int count_sql(struct store *s, const char *sql, long long id,
		     long *out, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s, sql, &st, e))
		return -1;
	if (sqlite3_bind_parameter_count(st) > 0)
		sqlite3_bind_int64(st, 1, id);
	rc = store_step(s, st);
	*out = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return store_db_err(s, e, "cannot read the store");
	return 0;
}

static const char *col_text(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	return t ? (const char *)t : "";
}

static const char *col_text_null(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

int lifecycle_attr_set(struct store *s, long long run_id, const char *key,
		       const char *value, const char *origin, struct err *e)
{
	sqlite3_stmt *st;

	/* cached: an import sets attributes on every run */
	if (store_stmt(s, STORE_STMT_ATTR_ORIGIN,
		       "INSERT OR REPLACE INTO run_attr (run_id, key, value, "
		       "origin) VALUES (?, ?, ?, ?)", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	/* not copied: the strings outlive the step, and store_stmt_done
	 * clears the bindings (store.c, bind_text_static) */
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, value, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, origin, -1, SQLITE_STATIC);
	if (store_stmt_done(st, store_step(s, st)) != SQLITE_DONE)
		return store_db_err(s, e, "cannot store attribute");
	return 0;
}

int lifecycle_attrs_set(struct store *s, long long run_id,
			const char *const *key, const char *const *value,
			size_t n, const char *origin, struct err *e)
{
	while (n > 0) {
		int k = 4, i;
		size_t rows;
		sqlite3_stmt *st;

		while ((size_t)1 << k > n)
			k--;
		rows = (size_t)1 << k;
		if (!s->stmt[STORE_STMT_ATTRS + k]) {
			char sql[128 + 16 * LIFECYCLE_ATTRS_MAX];
			size_t len = (size_t)snprintf(sql, sizeof(sql),
				"INSERT OR REPLACE INTO run_attr (run_id, key, "
				"value, origin) VALUES (?, ?, ?, ?)");

			for (i = 1; i < (int)rows; i++)
				len += (size_t)snprintf(sql + len, sizeof(sql) - len,
							", (?, ?, ?, ?)");
			if (store_stmt(s, (enum store_stmt)(STORE_STMT_ATTRS + k),
				       sql, &st, e))
				return -1;
		}
		st = s->stmt[STORE_STMT_ATTRS + k];
		for (i = 0; i < (int)rows; i++) {
			sqlite3_bind_int64(st, 4 * i + 1, run_id);
			/* not copied: see lifecycle_attr_set */
			sqlite3_bind_text(st, 4 * i + 2, key[i], -1, SQLITE_STATIC);
			sqlite3_bind_text(st, 4 * i + 3, value[i], -1,
					  SQLITE_STATIC);
			sqlite3_bind_text(st, 4 * i + 4, origin, -1, SQLITE_STATIC);
		}
		if (store_stmt_done(st, store_step(s, st)) != SQLITE_DONE)
			return store_db_err(s, e, "cannot store attribute");
		key += rows;
		value += rows;
		n -= rows;
	}
	return 0;
}

int lifecycle_label_set(struct store *s, long long run, const char *label,
			struct err *e)
{
	sqlite3_stmt *st;

	if (store_prepare(s, "UPDATE run SET label = ?, label_origin = 'user' "
			  "WHERE id = ?", &st, e))
		return -1;
	store_bind_text(s, st, 1, label);
	sqlite3_bind_int64(st, 2, run);
	if (store_step_done(s, st, "cannot change the label", e))
		return -1;
	if (sqlite3_changes(s->db) == 0)
		return err_set(e, NULL, 0, 0, "no run %lld", run);
	return 0;
}

int lifecycle_attr_unset(struct store *s, long long run, const char *key,
			 int *had, struct err *e)
{
	sqlite3_stmt *st;

	if (store_prepare(s, "DELETE FROM run_attr WHERE run_id = ? AND key = ?",
			  &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	store_bind_text(s, st, 2, key);
	if (store_step_done(s, st, "cannot remove the attribute", e))
		return -1;
	*had = sqlite3_changes(s->db) > 0;
	return 0;
}

int lifecycle_source_options(struct store *s, long long source_id,
			     const char *options, struct err *e)
{
	sqlite3_stmt *st;

	if (store_prepare(s, "UPDATE source SET options = ? WHERE id = ?", &st, e))
		return -1;
	store_bind_text(s, st, 1, options);
	sqlite3_bind_int64(st, 2, source_id);
	return store_step_done(s, st, "cannot store the import options", e);
}

/* ---- listings ---------------------------------------------------------- */

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

/* Prepares head + filter + tail (the filter's parameters bound). */
static int prepare_filtered(struct store *s, const char *head,
			    const struct lifecycle_filter *f, const char *tail,
			    sqlite3_stmt **st, struct err *e)
{
	char cond[16384], sql[20480];

	if (f && f->nwhere > LIFECYCLE_WHERE_MAX)
		return err_set(e, NULL, 0, 0, "too many filters");
	if (filter_sql(f, cond, sizeof(cond)) ||
	    (size_t)snprintf(sql, sizeof(sql), "%s%s%s", head, cond, tail) >=
		    sizeof(sql))
		return err_set(e, NULL, 0, 0, "filter too long");
	if (store_prepare(s, sql, st, e))
		return -1;
	bind_filter(s, *st, f);
	return 0;
}

/* Steps st to the end, handing each row to row(); stops when it returns
 * non-zero and returns that. */
static int each_row(struct store *s, sqlite3_stmt *st,
		    int (*row)(sqlite3_stmt *st, void *cb, void *ctx),
		    void *cb, void *ctx, struct err *e)
{
	int rc, stop = 0;

	while ((rc = store_step(s, st)) == SQLITE_ROW)
		if ((stop = row(st, cb, ctx)) != 0)
			break;
	sqlite3_finalize(st);
	if (!stop && rc != SQLITE_DONE)
		return store_db_err(s, e, "cannot read the store");
	return stop;
}

struct run_cb {
	int (*fn)(void *ctx, const struct lifecycle_run *r);
};

static int run_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	struct lifecycle_run r;

	r.id = sqlite3_column_int64(st, 0);
	r.suite = col_text(st, 1);
	r.label = col_text(st, 2);
	r.excluded = col_text_null(st, 3);
	r.source = col_text(st, 4);
	r.format = col_text(st, 5);
	r.source_id = sqlite3_column_int64(st, 6);
	r.results = sqlite3_column_int64(st, 7);
	return ((struct run_cb *)cb)->fn(ctx, &r);
}

int lifecycle_each_run(struct store *s, const struct lifecycle_filter *f,
		       int (*cb)(void *ctx, const struct lifecycle_run *r),
		       void *ctx, struct err *e)
{
	struct run_cb c = {cb};
	sqlite3_stmt *st;

	if (prepare_filtered(s, "SELECT r.id, r.suite, r.label, r.excluded, "
			     "s.name, s.format, s.id, (SELECT count(*) FROM "
			     "result x WHERE x.run_id = r.id) FROM run r JOIN "
			     "source s ON s.id = r.source_id WHERE ", f,
			     " ORDER BY r.id", &st, e))
		return -1;
	return each_row(s, st, run_row, &c, ctx, e);
}

struct attr_cb {
	int (*fn)(void *ctx, long long run, const char *key, const char *value);
};

static int attr_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	return ((struct attr_cb *)cb)->fn(ctx, sqlite3_column_int64(st, 0),
					  col_text(st, 1), col_text(st, 2));
}

int lifecycle_each_attr(struct store *s, const struct lifecycle_filter *f,
			int (*cb)(void *ctx, long long run, const char *key,
				  const char *value),
			void *ctx, struct err *e)
{
	struct attr_cb c = {cb};
	sqlite3_stmt *st;

	if (prepare_filtered(s, "SELECT a.run_id, a.key, a.value FROM run r "
			     "JOIN run_attr a ON a.run_id = r.id WHERE ", f,
			     " ORDER BY r.id, a.key", &st, e))
		return -1;
	return each_row(s, st, attr_row, &c, ctx, e);
}

struct test_cb {
	int (*fn)(void *ctx, const struct lifecycle_test *t);
};

static int test_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	struct lifecycle_test t;

	t.suite = col_text(st, 0);
	t.test = col_text(st, 1);
	t.metric = col_text(st, 2);
	t.unit = col_text(st, 3);
	t.better = col_text(st, 4);
	t.runs = sqlite3_column_int64(st, 5);
	return ((struct test_cb *)cb)->fn(ctx, &t);
}

int lifecycle_each_test(struct store *s, const struct lifecycle_filter *f,
			int (*cb)(void *ctx, const struct lifecycle_test *t),
			void *ctx, struct err *e)
{
	struct test_cb c = {cb};
	sqlite3_stmt *st;

	if (prepare_filtered(s, "SELECT r.suite, x.test, x.metric, x.unit, "
			     "x.better, count(DISTINCT r.id) FROM run r JOIN "
			     "result x ON x.run_id = r.id WHERE ", f,
			     " GROUP BY r.suite, x.test, x.metric, x.unit, "
			     "x.better ORDER BY r.suite, min(x.id)", &st, e))
		return -1;
	return each_row(s, st, test_row, &c, ctx, e);
}

struct source_cb {
	int (*fn)(void *ctx, const struct lifecycle_source *src);
};

static int source_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	struct lifecycle_source src;

	src.id = sqlite3_column_int64(st, 0);
	src.sha256 = col_text(st, 1);
	src.name = col_text(st, 2);
	src.format = col_text(st, 3);
	src.imported_at = col_text(st, 4);
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
	sqlite3_stmt *st;

	if (prepare_filtered(s, "SELECT * FROM (SELECT s.id, s.sha256, s.name, "
			     "s.format, s.imported_at, s.options, s.size, "
			     "(SELECT count(*) FROM run r WHERE r.source_id = "
			     "s.id AND ", f,
			     filter_empty(f) ? ") AS n FROM source s) ORDER BY id"
					     : ") AS n FROM source s) WHERE n > 0 "
					       "ORDER BY id", &st, e))
		return -1;
	return each_row(s, st, source_row, &c, ctx, e);
}

struct cmp_cb {
	int (*fn)(void *ctx, const struct lifecycle_comparison *c);
};

static int cmp_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	struct lifecycle_comparison c;

	c.name = col_text(st, 0);
	c.title = col_text(st, 1);
	c.suite = col_text(st, 2);
	c.by_key = col_text(st, 3);
	c.filter = col_text(st, 4);
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
	return each_row(s, st, cmp_row, &c, ctx, e);
}

/* ---- exclude, delete ----------------------------------------------------- */

/* *source = the run's source; an unknown run is an error. */
static int run_find(struct store *s, long long run, long long *source,
		    int *excluded, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s, "SELECT source_id, excluded IS NOT NULL FROM run "
		       "WHERE id = ?", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	rc = store_step(s, st);
	if (rc == SQLITE_ROW) {
		*source = sqlite3_column_int64(st, 0);
		*excluded = sqlite3_column_int(st, 1);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return err_set(e, s->path, 0, 0, "no run %lld", run);
	if (rc != SQLITE_ROW)
		return store_db_err(s, e, "cannot read the store");
	return 0;
}

int lifecycle_exclude(struct store *s, long long run, const char *why,
		      int *was, struct err *e)
{
	sqlite3_stmt *st;
	long long source;

	if (run_find(s, run, &source, was, e))
		return -1;
	if (store_prepare(s, "UPDATE run SET excluded = ? WHERE id = ?", &st, e))
		return -1;
	store_bind_text(s, st, 1, why);
	sqlite3_bind_int64(st, 2, run);
	return store_step_done(s, st, "cannot update the run", e);
}

int lifecycle_delete(struct store *s, const long long *ids, long n,
		     long *sources, struct err *e)
{
	long long source;
	long i;
	int excluded;

	*sources = 0;
	for (i = 0; i < n; i++) {
		long gone;

		if (run_find(s, ids[i], &source, &excluded, e))
			return -1;
		if (run_id_sql(s, "DELETE FROM run WHERE id = ?1", ids[i], e) ||
		    run_id_sql(s, "DELETE FROM source WHERE id = ?1 AND NOT "
			       "EXISTS (SELECT 1 FROM run WHERE source_id = ?1)",
			       source, e))
			return -1;
		gone = sqlite3_changes(s->db);
		*sources += gone;
	}
	return 0;
}

/* ---- merge --------------------------------------------------------------- */

struct merge {
	struct store *s;	/* this store */
	sqlite3 *o;		/* the other, read-only */
	const char *path;	/* the other's name, for messages */
	struct err *e;
};

static int other_err(struct merge *m, const char *what)
{
	return err_set(m->e, m->path, 0, 0, "%s: %s", what,
		       sqlite3_errmsg(m->o));
}

static int other_prepare(struct merge *m, const char *sql, sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(m->o, sql, -1, st, NULL) != SQLITE_OK)
		return other_err(m, "cannot read");
	return 0;
}

/* Binds a value of the other store to parameter i as a copy, as
 * store_bind_text does a string: a copy that fails (out of memory) leaves
 * the parameter NULL, so the failure is kept in s->bind_rc and the
 * statement is refused by store_step instead of storing a NULL (or, in a
 * NOT NULL column, failing as a constraint). */
static void bind_value(struct store *s, sqlite3_stmt *st, int i,
		       sqlite3_value *v)
{
	int rc = sqlite3_bind_value(st, i, v);

	if (rc != SQLITE_OK && !s->bind_rc)
		s->bind_rc = rc;
}

/* Inserts, with insert (whose parameter 1 is bound to parent when parent
 * is not 0), every row that select (parameter 1 = from) returns, its
 * columns bound in order after the parent's.  Both statements are reset,
 * not finalized.  *n counts the rows. */
static int copy_rows(struct merge *m, sqlite3_stmt *select, long long from,
		     sqlite3_stmt *insert, long long parent, long *n)
{
	int rc, i, first = parent ? 2 : 1;

	sqlite3_reset(select);
	sqlite3_bind_int64(select, 1, from);
	while ((rc = sqlite3_step(select)) == SQLITE_ROW) {
		sqlite3_reset(insert);
		if (parent)
			sqlite3_bind_int64(insert, 1, parent);
		for (i = 0; i < sqlite3_column_count(select); i++)
			bind_value(m->s, insert, first + i,
				   sqlite3_column_value(select, i));
		if (store_step(m->s, insert) != SQLITE_DONE)
			return store_db_err(m->s, m->e, "cannot copy");
		if (n)
			(*n)++;
	}
	if (rc != SQLITE_DONE)
		return other_err(m, "cannot read");
	return 0;
}

struct content_check {
	struct sha256 h;
	unsigned long long n, size;
};

static int hash_piece(void *ctx, const void *p, size_t k, struct err *e)
{
	struct content_check *c = ctx;

	(void)e;
	if (k > c->size - c->n)
		return -2;	/* longer than its size column says */
	sha256_update(&c->h, p, k);
	c->n += k;
	return 0;
}

/* The content of a source (source.content, then its source_chunk rows)
 * must be the zlib stream of bytes with its SHA-256: a damaged or forged
 * other store is refused, not spread.  Read a piece at a time, so a
 * 1 GB source is checked in bounded memory. */
static int check_content(struct merge *m, sqlite3_stmt *src)
{
	const char *sha = col_text(src, 1);
	struct content_check c;
	struct err ignored;
	char got[65];
	int rc;

	memset(&c, 0, sizeof(c));
	sha256_init(&c.h);
	c.size = (unsigned long long)sqlite3_column_int64(src, 4);
	err_clear(&ignored);
	rc = source_blob_inflate(m->o, sqlite3_column_int64(src, 0),
				 sqlite3_column_blob(src, 6),
				 (size_t)sqlite3_column_bytes(src, 6),
				 hash_piece, &c, m->path, &ignored);
	if (rc == 0)
		sha256_final_hex(&c.h, got);
	/* memory, not the source: that is no reason to call it damaged */
	if (rc != 0 && strstr(ignored.msg, "out of memory"))
		return err_set(m->e, m->path, 0, 0, "%s", ignored.msg);
	if (rc != 0 || c.n != c.size || strcmp(got, sha) != 0)
		return err_set(m->e, m->path, 0, 0, "source '%s' is damaged "
			       "(its content does not match its SHA-256)",
			       col_text(src, 2));
	return 0;
}

/* Copies the source_chunk rows of the other store's source from to
 * source to of ours (a store older than version 4 has none). */
static int copy_chunks(struct merge *m, sqlite3_stmt *q, sqlite3_stmt *ins,
		       long long from, long long to)
{
	int step;

	if (!q)
		return 0;
	sqlite3_reset(q);
	sqlite3_bind_int64(q, 1, from);
	while ((step = sqlite3_step(q)) == SQLITE_ROW) {
		sqlite3_reset(ins);
		sqlite3_bind_int64(ins, 1, to);
		bind_value(m->s, ins, 2, sqlite3_column_value(q, 0));
		bind_value(m->s, ins, 3, sqlite3_column_value(q, 1));
		if (store_step(m->s, ins) != SQLITE_DONE)
			return store_db_err(m->s, m->e,
				      "cannot copy a source");
	}
	if (step != SQLITE_DONE)
		return other_err(m, "cannot read");
	return 0;
}

int lifecycle_merge(struct store *s, const char *path,
		    struct lifecycle_merge_report *rep, struct err *e)
{
	/* version 1 had no source.options and no run_attr.origin */
	static const char *const src_sql[] = {
		"SELECT id, sha256, name, format, size, imported_at, content, "
		"NULL FROM source ORDER BY id",
		"SELECT id, sha256, name, format, size, imported_at, content, "
		"options FROM source ORDER BY id",
	};
	/* version 4 and older had no run.label_origin */
	static const char *const run_sql[] = {
		"SELECT id, seq, line, suite, label, excluded, NULL FROM run "
		"WHERE source_id = ?1 ORDER BY id",
		"SELECT id, seq, line, suite, label, excluded, label_origin FROM "
		"run WHERE source_id = ?1 ORDER BY id",
	};
	static const char *const attr_sql[] = {
		"SELECT key, value, NULL FROM run_attr WHERE run_id = ?1",
		"SELECT key, value, origin FROM run_attr WHERE run_id = ?1",
	};
	sqlite3_stmt *q[7] = {NULL}, *ins[7] = {NULL}, *st;
	struct merge m;
	int rc = -1, i, k, step;

	memset(rep, 0, sizeof(*rep));
	m.s = s;
	m.path = path;
	m.e = e;
	/* read-only and creating nothing beside it (store_ro.c): merge
	 * never writes OTHER, not even a -wal or -shm file */
	if (store_ro_open(path, &m.o, e))
		return -1;
	sqlite3_busy_timeout(m.o, 30000);
	if (other_prepare(&m, "PRAGMA user_version", &st))
		goto out;
	if (store_step(s, st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		other_err(&m, "not a benchsite store");
		goto out;
	}
	rep->version = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (rep->version > STORE_SCHEMA_VERSION) {
		err_set(e, path, 0, 0, "store has schema version %d, newer than "
			"this benchsite (%d): merge it with a newer benchsite",
			rep->version, STORE_SCHEMA_VERSION);
		goto out;
	}
	if (rep->version < 1) {
		err_set(e, path, 0, 0, "not a benchsite store (no schema "
			"version)");
		goto out;
	}
	k = rep->version >= 2 ? 1 : 0;
	/* Reading inside one transaction gives a consistent snapshot even
	 * while an importer writes the other store. */
	if (sqlite3_exec(m.o, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		other_err(&m, "cannot read");
		goto out;
	}
	if (other_prepare(&m, src_sql[k], &q[0]) ||
	    other_prepare(&m, run_sql[rep->version >= 5], &q[1]) ||
	    other_prepare(&m, attr_sql[k], &q[2]) ||
	    other_prepare(&m, "SELECT test, metric, value, unit, better, status "
			  "FROM result WHERE run_id = ?1 ORDER BY id", &q[3]) ||
	    other_prepare(&m, "SELECT test, metric, t, value FROM sample WHERE "
			  "run_id = ?1 ORDER BY rowid", &q[4]) ||
	    other_prepare(&m, rep->version >= 5 ?
			  "SELECT name, title, suite, by_key, filter, metrics, "
			  "tests, order_by, split_by FROM comparison ORDER BY "
			  "name" :
			  "SELECT name, title, suite, by_key, filter, NULL, NULL, "
			  "NULL, NULL FROM comparison ORDER BY name", &q[5]))
		goto out;
	if (store_prepare(s, "INSERT INTO source (sha256, name, format, size, "
		       "imported_at, content, options) VALUES (?, ?, ?, ?, ?, ?, ?)",
		    &ins[0], e) ||
	    store_prepare(s, "INSERT INTO run (source_id, seq, line, suite, label, "
		       "excluded, label_origin) VALUES (?, ?, ?, ?, ?, ?, ?)",
		       &ins[1], e) ||
	    store_prepare(s, "INSERT INTO run_attr (run_id, key, value, origin) "
		       "VALUES (?, ?, ?, ?)", &ins[2], e) ||
	    store_prepare(s, "INSERT INTO result (run_id, test, metric, value, unit, "
		       "better, status) VALUES (?, ?, ?, ?, ?, ?, ?)", &ins[3], e) ||
	    store_prepare(s, "INSERT INTO sample (run_id, test, metric, t, value) "
		       "VALUES (?, ?, ?, ?, ?)", &ins[4], e) ||
	    store_prepare(s, "INSERT OR IGNORE INTO comparison (name, title, suite, "
		       "by_key, filter, metrics, tests, order_by, split_by) VALUES "
		       "(?, ?, ?, ?, ?, ?, ?, ?, ?)", &ins[5], e) ||
	    store_prepare(s, "INSERT INTO source_chunk (source_id, seq, data) VALUES "
		       "(?, ?, ?)", &ins[6], e))
		goto out;
	if (rep->version >= 4 &&
	    other_prepare(&m, "SELECT seq, data FROM source_chunk WHERE "
			  "source_id = ?1 ORDER BY seq", &q[6]))
		goto out;
	while ((step = sqlite3_step(q[0])) == SQLITE_ROW) {
		long long here, source;

		if (store_source_find(s, col_text(q[0], 1), &here, e))
			goto out;
		if (here) {
			rep->skipped++;
			continue;
		}
		if (check_content(&m, q[0]))
			goto out;
		sqlite3_reset(ins[0]);
		for (i = 1; i < 8; i++)
			bind_value(s, ins[0], i, sqlite3_column_value(q[0], i));
		if (store_step(s, ins[0]) != SQLITE_DONE) {
			store_db_err(s, e, "cannot copy a source");
			goto out;
		}
		source = sqlite3_last_insert_rowid(s->db);
		if (copy_chunks(&m, q[6], ins[6], sqlite3_column_int64(q[0], 0),
				source))
			goto out;
		rep->sources++;
		sqlite3_reset(q[1]);
		sqlite3_bind_int64(q[1], 1, sqlite3_column_int64(q[0], 0));
		while ((step = sqlite3_step(q[1])) == SQLITE_ROW) {
			long long from = sqlite3_column_int64(q[1], 0), run;
			int c;

			sqlite3_reset(ins[1]);
			sqlite3_bind_int64(ins[1], 1, source);
			for (c = 1; c < 7; c++)
				bind_value(s, ins[1], c + 1,
					   sqlite3_column_value(q[1], c));
			if (store_step(s, ins[1]) != SQLITE_DONE) {
				store_db_err(s, e, "cannot copy a run");
				goto out;
			}
			run = sqlite3_last_insert_rowid(s->db);
			rep->runs++;
			if (copy_rows(&m, q[2], from, ins[2], run, NULL) ||
			    copy_rows(&m, q[3], from, ins[3], run, &rep->results) ||
			    copy_rows(&m, q[4], from, ins[4], run, NULL))
				goto out;
		}
		if (step != SQLITE_DONE) {
			other_err(&m, "cannot read");
			goto out;
		}
	}
	if (step != SQLITE_DONE) {
		other_err(&m, "cannot read");
		goto out;
	}
	while ((step = sqlite3_step(q[5])) == SQLITE_ROW) {
		int c;

		sqlite3_reset(ins[5]);
		for (c = 0; c < 9; c++)
			bind_value(s, ins[5], c + 1,
				   sqlite3_column_value(q[5], c));
		if (store_step(s, ins[5]) != SQLITE_DONE) {
			store_db_err(s, e, "cannot copy a comparison");
			goto out;
		}
		rep->comparisons += sqlite3_changes(s->db);
	}
	if (step != SQLITE_DONE) {
		other_err(&m, "cannot read");
		goto out;
	}
	rc = 0;
out:
	for (i = 0; i < 7; i++) {
		sqlite3_finalize(q[i]);
		sqlite3_finalize(ins[i]);
	}
	sqlite3_exec(m.o, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(m.o);
	return rc;
}

/* ---- reparse ------------------------------------------------------------- */

int lifecycle_stage_reset(struct store *s, struct err *e)
{
	static const char sql[] =
		"CREATE TEMP TABLE IF NOT EXISTS stage_run (seq INTEGER PRIMARY"
		" KEY, line INTEGER, suite TEXT, label TEXT);"
		"CREATE TEMP TABLE IF NOT EXISTS stage_attr (seq INTEGER, key"
		" TEXT, value TEXT, origin TEXT, PRIMARY KEY (seq, key));"
		"CREATE TEMP TABLE IF NOT EXISTS stage_result (id INTEGER PRIMARY"
		" KEY, seq INTEGER, test TEXT, metric TEXT, value REAL, unit"
		" TEXT, better TEXT, status TEXT, UNIQUE (seq, test, metric));"
		"CREATE TEMP TABLE IF NOT EXISTS stage_sample (id INTEGER PRIMARY"
		" KEY, seq INTEGER, test TEXT, metric TEXT, t REAL, value REAL);"
		"CREATE TEMP TABLE IF NOT EXISTS old_attr (seq, key, value,"
		" origin);"
		"CREATE TEMP TABLE IF NOT EXISTS old_result (seq, test, metric,"
		" value, unit, better, status);"
		"CREATE TEMP TABLE IF NOT EXISTS changed (seq INTEGER PRIMARY"
		" KEY);"
		"DELETE FROM stage_run; DELETE FROM stage_attr;"
		"DELETE FROM stage_result; DELETE FROM stage_sample;"
		"DELETE FROM old_attr; DELETE FROM old_result;"
		"DELETE FROM changed;";
	char *msg = NULL;
	int rc = sqlite3_exec(s->db, sql, NULL, NULL, &msg);

	if (rc != SQLITE_OK) {
		/* out of memory opening the temp database reads "unable to
		 * open a temporary database file": say what it was */
		err_set(e, s->path, 0, 0, "cannot prepare reparse: %s",
			(rc & 0xff) == SQLITE_NOMEM || !msg ? sqlite3_errstr(rc)
							    : msg);
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

int lifecycle_stage_run(struct store *s, int seq, long line, const char *suite,
			const char *label, struct err *e)
{
	sqlite3_stmt *st;

	if (store_stmt(s, STORE_STMT_STAGE_RUN, "INSERT INTO stage_run (seq, "
		       "line, suite, label) VALUES (?, ?, ?, ?)", &st, e))
		return -1;
	sqlite3_bind_int(st, 1, seq);
	sqlite3_bind_int64(st, 2, line);
	store_bind_text(s, st, 3, suite);
	store_bind_text(s, st, 4, label);
	if (store_stmt_done(st, store_step(s, st)) != SQLITE_DONE)
		return store_db_err(s, e, "cannot stage run");
	return 0;
}

int lifecycle_stage_attr(struct store *s, int seq, const char *key,
			 const char *value, const char *origin, struct err *e)
{
	sqlite3_stmt *st;

	if (store_stmt(s, STORE_STMT_STAGE_ATTR, "INSERT OR REPLACE INTO "
		       "stage_attr (seq, key, value, origin) VALUES (?, ?, ?, ?)",
		       &st, e))
		return -1;
	sqlite3_bind_int(st, 1, seq);
	store_bind_text(s, st, 2, key);
	store_bind_text(s, st, 3, value);
	store_bind_text(s, st, 4, origin);
	if (store_stmt_done(st, store_step(s, st)) != SQLITE_DONE)
		return store_db_err(s, e, "cannot stage attribute");
	return 0;
}

int lifecycle_stage_result(struct store *s, int seq,
			   const struct record_result *r, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (store_stmt(s, STORE_STMT_STAGE_RESULT, "INSERT INTO stage_result "
		       "(seq, test, metric, value, unit, better, status) VALUES "
		       "(?, ?, ?, ?, ?, ?, ?)", &st, e))
		return -1;
	sqlite3_bind_int(st, 1, seq);
	store_bind_text(s, st, 2, r->test);
	store_bind_text(s, st, 3, r->metric);
	if (r->has_value)
		sqlite3_bind_double(st, 4, r->value);
	else
		sqlite3_bind_null(st, 4);
	store_bind_text(s, st, 5, r->unit);
	store_bind_text(s, st, 6, r->better);
	store_bind_text(s, st, 7, r->status);
	rc = store_stmt_done(st, store_step(s, st));
	if (rc == SQLITE_CONSTRAINT_UNIQUE)
		return err_set(e, NULL, 0, 0, "result '%s' '%s' given twice for "
			       "one run", r->test, r->metric);
	if (rc != SQLITE_DONE)
		return store_db_err(s, e, "cannot stage result");
	return 0;
}

int lifecycle_stage_sample(struct store *s, int seq, const char *test,
			   const char *metric, double t, double value,
			   struct err *e)
{
	sqlite3_stmt *st;

	if (store_stmt(s, STORE_STMT_STAGE_SAMPLE, "INSERT INTO stage_sample "
		       "(seq, test, metric, t, value) VALUES (?, ?, ?, ?, ?)", &st,
		       e))
		return -1;
	sqlite3_bind_int(st, 1, seq);
	store_bind_text(s, st, 2, test);
	store_bind_text(s, st, 3, metric);
	sqlite3_bind_double(st, 4, t);
	sqlite3_bind_double(st, 5, value);
	if (store_stmt_done(st, store_step(s, st)) != SQLITE_DONE)
		return store_db_err(s, e, "cannot stage sample");
	return 0;
}

/* 1 when the current rows of a and b hold the same sample (test, metric,
 * t, value in columns 1-4). */
static int same_sample(sqlite3_stmt *a, sqlite3_stmt *b)
{
	int i;

	for (i = 1; i <= 2; i++) {
		const void *x = sqlite3_column_blob(a, i);
		const void *y = sqlite3_column_blob(b, i);
		int n = sqlite3_column_bytes(a, i);

		/* a NULL pointer (no memory to convert the value) counts as
		 * different: the run is then rewritten, with the same rows */
		if (n != sqlite3_column_bytes(b, i) ||
		    (n > 0 && (!x || !y || memcmp(x, y, (size_t)n) != 0)))
			return 0;
	}
	/* the types too: text put into t or value with the sqlite3 shell
	 * reads as 0.0, but is not the parser's 0 */
	for (i = 3; i <= 4; i++)
		if (sqlite3_column_type(a, i) != sqlite3_column_type(b, i) ||
		    sqlite3_column_double(a, i) != sqlite3_column_double(b, i))
			return 0;
	return 1;
}

/* Steps st; 0 on a row, 1 at the end, -1 (e set from this very step) on
 * an error.  The error must be taken at once: SQLite rolls the whole
 * transaction back when a statement fails for want of memory, so a walk
 * that went on would read a connection in another state (its temp tables
 * gone) and report that instead. */
static int walk_step(struct store *s, sqlite3_stmt *st, struct err *e)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW)
		return 0;
	if (rc == SQLITE_DONE)
		return 1;
	store_db_err(s, e, "cannot read the store");
	return -1;
}

/* Adds to `changed` every run of both readings whose samples differ, in
 * content, order or number.  Both readings are walked once, in step, run
 * by run (the stored one in insertion order through the sample_run index,
 * the new one in run and staging order): a sysbench log's samples are most
 * of its rows, and comparing them as two sets (EXCEPT both ways, and their
 * counts per run) would cost three quarters of a reparse. */
static int changed_samples(struct store *s, long long source_id,
			   struct err *e)
{
	sqlite3_stmt *a = NULL, *b = NULL, *mark = NULL;
	long long last = -1;
	int enda, endb, rc = -1;

	if (store_prepare(s, "SELECT seq, test, metric, t, value FROM "
			  "stage_sample ORDER BY seq, id", &a, e) ||
	    store_prepare(s, "SELECT r.seq, x.test, x.metric, x.t, x.value FROM"
			  " run r JOIN sample x ON x.run_id = r.id WHERE"
			  " r.source_id = ?1 ORDER BY r.seq, x.rowid", &b, e) ||
	    store_prepare(s, "INSERT OR IGNORE INTO changed SELECT ?2 WHERE ?2"
			  " IN (SELECT seq FROM stage_run) AND ?2 IN (SELECT seq"
			  " FROM run WHERE source_id = ?1)", &mark, e))
		goto out;
	sqlite3_bind_int64(b, 1, source_id);
	sqlite3_bind_int64(mark, 1, source_id);
	if ((enda = walk_step(s, a, e)) < 0 || (endb = walk_step(s, b, e)) < 0)
		goto out;
	while (!enda || !endb) {
		long long sa = enda ? LLONG_MAX : sqlite3_column_int64(a, 0);
		long long sb = endb ? LLONG_MAX : sqlite3_column_int64(b, 0);
		long long diff = -1;

		if (sa == sb && same_sample(a, b)) {
			/* the same sample: both move on */
		} else if (sa <= sb) {
			diff = sa;	/* differs, or one the stored run lacks */
		} else {
			diff = sb;	/* one the new reading lacks */
		}
		if (diff >= 0 && diff != last) {
			last = diff;
			sqlite3_bind_int64(mark, 2, diff);
			if (sqlite3_step(mark) != SQLITE_DONE) {
				store_db_err(s, e, "cannot update the store");
				goto out;
			}
			sqlite3_reset(mark);
		}
		if (sa <= sb && (enda = walk_step(s, a, e)) < 0)
			goto out;
		if (sb <= sa && (endb = walk_step(s, b, e)) < 0)
			goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(a);
	sqlite3_finalize(b);
	sqlite3_finalize(mark);
	return rc;
}

int lifecycle_stage_apply(struct store *s, long long source_id,
			  int keep_labels, struct lifecycle_diff *d,
			  struct err *e)
{
	/* ?1 is the source throughout. */
	static const char *const before[] = {
		/* the old reading, beside the new one */
		"INSERT INTO old_attr SELECT r.seq, a.key, a.value, a.origin FROM"
		" run r JOIN run_attr a ON a.run_id = r.id WHERE r.source_id = ?1",
		"INSERT INTO old_result SELECT r.seq, x.test, x.metric, x.value,"
		" x.unit, x.better, x.status FROM run r JOIN result x ON"
		" x.run_id = r.id WHERE r.source_id = ?1",
		/* what the parser does not give is kept: a person's or another
		 * command's attributes win; those of unknown origin stay
		 * unless the parser now gives the key */
		"INSERT OR REPLACE INTO stage_attr SELECT seq, key, value, origin"
		" FROM old_attr WHERE origin = 'user' AND seq IN (SELECT seq"
		" FROM stage_run)",
		"INSERT OR IGNORE INTO stage_attr SELECT seq, key, value, origin"
		" FROM old_attr WHERE origin IS NULL AND seq IN (SELECT seq FROM"
		" stage_run)",
		/* the parser giving what an attribute of unknown origin holds
		 * is no change: learning the origin alone is not worth a
		 * rewrite */
		"UPDATE stage_attr SET origin = NULL WHERE origin = 'parser' AND"
		" EXISTS (SELECT 1 FROM old_attr o WHERE o.seq = stage_attr.seq"
		" AND o.key = stage_attr.key AND o.value = stage_attr.value AND"
		" o.origin IS NULL)",
		/* runs of both readings that differ in anything */
		"INSERT INTO changed SELECT seq FROM ("
		" SELECT n.seq FROM stage_run n JOIN run r ON r.source_id = ?1"
		"  AND r.seq = n.seq WHERE r.line IS NOT n.line OR r.suite IS NOT"
		"  n.suite OR r.label IS NOT n.label"
		" UNION SELECT seq FROM (SELECT seq, key, value, origin FROM"
		"  stage_attr EXCEPT SELECT * FROM old_attr)"
		" UNION SELECT seq FROM (SELECT * FROM old_attr EXCEPT SELECT seq,"
		"  key, value, origin FROM stage_attr)"
		" UNION SELECT seq FROM (SELECT seq, test, metric, value, unit,"
		"  better, status FROM stage_result EXCEPT SELECT * FROM"
		"  old_result)"
		" UNION SELECT seq FROM (SELECT * FROM old_result EXCEPT SELECT"
		"  seq, test, metric, value, unit, better, status FROM"
		"  stage_result)"
		") WHERE seq IN (SELECT seq FROM stage_run) AND seq IN (SELECT seq"
		" FROM run WHERE source_id = ?1)",
	};
	static const char *const counts[] = {
		"SELECT count(*) FROM stage_run WHERE seq NOT IN (SELECT seq FROM"
		" run WHERE source_id = ?1)",
		"SELECT count(*) FROM run WHERE source_id = ?1 AND seq NOT IN"
		" (SELECT seq FROM stage_run)",
		"SELECT count(*) FROM changed",
		"SELECT count(*) FROM stage_result n WHERE NOT EXISTS (SELECT 1"
		" FROM old_result o WHERE o.seq = n.seq AND o.test = n.test AND"
		" o.metric = n.metric)",
		"SELECT count(*) FROM old_result o WHERE NOT EXISTS (SELECT 1 FROM"
		" stage_result n WHERE o.seq = n.seq AND o.test = n.test AND"
		" o.metric = n.metric)",
		"SELECT count(*) FROM old_result o JOIN stage_result n ON o.seq ="
		" n.seq AND o.test = n.test AND o.metric = n.metric WHERE o.value"
		" IS NOT n.value OR o.unit IS NOT n.unit OR o.better IS NOT"
		" n.better OR o.status IS NOT n.status",
	};
	static const char *const apply[] = {
		"DELETE FROM run WHERE source_id = ?1 AND seq NOT IN (SELECT seq"
		" FROM stage_run)",
		"UPDATE run SET line = (SELECT line FROM stage_run n WHERE n.seq ="
		" run.seq), suite = (SELECT suite FROM stage_run n WHERE n.seq ="
		" run.seq), label = (SELECT label FROM stage_run n WHERE n.seq ="
		" run.seq) WHERE source_id = ?1 AND seq IN (SELECT seq FROM"
		" changed)",
		"DELETE FROM run_attr WHERE run_id IN (SELECT id FROM run WHERE"
		" source_id = ?1 AND seq IN (SELECT seq FROM changed))",
		"DELETE FROM result WHERE run_id IN (SELECT id FROM run WHERE"
		" source_id = ?1 AND seq IN (SELECT seq FROM changed))",
		"DELETE FROM sample WHERE run_id IN (SELECT id FROM run WHERE"
		" source_id = ?1 AND seq IN (SELECT seq FROM changed))",
		"INSERT INTO changed SELECT seq FROM stage_run WHERE seq NOT IN"
		" (SELECT seq FROM run WHERE source_id = ?1)",
		"INSERT INTO run (source_id, seq, line, suite, label) SELECT ?1,"
		" seq, line, suite, label FROM stage_run WHERE seq NOT IN (SELECT"
		" seq FROM run WHERE source_id = ?1) ORDER BY seq",
		"INSERT INTO run_attr (run_id, key, value, origin) SELECT r.id,"
		" a.key, a.value, a.origin FROM stage_attr a JOIN run r ON"
		" r.source_id = ?1 AND r.seq = a.seq WHERE a.seq IN (SELECT seq"
		" FROM changed)",
		"INSERT INTO result (run_id, test, metric, value, unit, better,"
		" status) SELECT r.id, x.test, x.metric, x.value, x.unit,"
		" x.better, x.status FROM stage_result x JOIN run r ON"
		" r.source_id = ?1 AND r.seq = x.seq WHERE x.seq IN (SELECT seq"
		" FROM changed) ORDER BY x.id",
		"INSERT INTO sample (run_id, test, metric, t, value) SELECT r.id,"
		" x.test, x.metric, x.t, x.value FROM stage_sample x JOIN run r"
		" ON r.source_id = ?1 AND r.seq = x.seq WHERE x.seq IN (SELECT"
		" seq FROM changed) ORDER BY x.id",
	};
	long *out[6];
	size_t i;

	out[0] = &d->runs_added;
	out[1] = &d->runs_removed;
	out[2] = &d->runs_changed;
	out[3] = &d->results_added;
	out[4] = &d->results_removed;
	out[5] = &d->results_changed;
	if (run_id_sql(s, keep_labels ?
		       "UPDATE stage_run SET label = (SELECT r.label FROM run"
		       " r WHERE r.source_id = ?1 AND r.seq = stage_run.seq) WHERE"
		       " seq IN (SELECT seq FROM run WHERE source_id = ?1)" :
		       /* the labels `benchsite tag` gave */
		       "UPDATE stage_run SET label = (SELECT r.label FROM run"
		       " r WHERE r.source_id = ?1 AND r.seq = stage_run.seq) WHERE"
		       " seq IN (SELECT seq FROM run WHERE source_id = ?1 AND"
		       " label_origin = 'user')",
		       source_id, e))
		return -1;
	for (i = 0; i < sizeof(before) / sizeof(before[0]); i++)
		if (run_id_sql(s, before[i], source_id, e))
			return -1;
	if (changed_samples(s, source_id, e))
		return -1;
	for (i = 0; i < 6; i++)
		if (count_sql(s, counts[i], source_id, out[i], e))
			return -1;
	for (i = 0; i < sizeof(apply) / sizeof(apply[0]); i++)
		if (run_id_sql(s, apply[i], source_id, e))
			return -1;
	return 0;
}
