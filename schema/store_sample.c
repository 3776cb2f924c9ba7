/*
 * store_sample.c: samples, a run's series of one test and metric packed
 * in one row (schema.sql's sample table).
 *
 * A chart of a run with per-second reports reads thousands of samples a
 * series; a row each made stepping through them a quarter of a render.
 * The importer still adds them one at a time, and often interleaved (a
 * sysbench report line gives several metrics): they are held in struct
 * store, a buffer per (run, test, metric), and written as rows at commit,
 * before any read of samples, or when too many are held.  A series held
 * again after its row was written is appended to that row.  Rollback drops
 * what is held with the rest of the transaction.
 */
#include "store.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "../core/err.h"
#include "../core/grow.h"
#include "../core/sort.h"
#include "store_int.h"

/* Held past these, everything held is written (appending keeps it
 * right): memory stays bounded whatever the input, and finding a series
 * among the held ones stays cheap. */
#define HELD_SERIES_MAX 256
#define HELD_SAMPLES_MAX ((size_t)1 << 20)

void store_sample_pack(unsigned char out[STORE_SAMPLE_BYTES], double t,
		       double value)
{
	double d[2];
	int i, k;

	d[0] = t;
	d[1] = value;
	for (k = 0; k < 2; k++) {
		uint64_t u;

		memcpy(&u, &d[k], sizeof(u));
		for (i = 0; i < 8; i++)
			out[8 * k + i] = (unsigned char)(u >> (8 * i));
	}
}

void store_sample_unpack(const unsigned char *p, double *t, double *value)
{
	double *d[2];
	int i, k;

	d[0] = t;
	d[1] = value;
	for (k = 0; k < 2; k++) {
		uint64_t u = 0;

		for (i = 7; i >= 0; i--)
			u = u << 8 | p[8 * k + i];
		memcpy(d[k], &u, sizeof(u));
	}
}

void store_samples_drop(struct store *s)
{
	size_t i;

	for (i = 0; i < s->nheld; i++) {
		free(s->held[i].test);
		free(s->held[i].metric);
		free(s->held[i].data);
	}
	free(s->held);
	s->held = NULL;
	s->nheld = s->capheld = s->lastheld = 0;
	s->heldsamples = 0;
}

/* Appends x's samples to the row that already holds its series. */
static int append_row(struct store *s, long long rowid,
		      const struct store_series *x, struct err *e)
{
	sqlite3_stmt *st;
	unsigned char *all;
	const void *old;
	size_t n, add = x->n * STORE_SAMPLE_BYTES;
	int rc;

	if (store_prepare(s, "SELECT data FROM sample WHERE rowid = ?1", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, rowid);
	if (store_step(s, st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		return store_db_err(s, e, "cannot store sample");
	}
	old = sqlite3_column_blob(st, 0);
	n = (size_t)sqlite3_column_bytes(st, 0);
	if (!(all = malloc(n + add))) {
		sqlite3_finalize(st);
		return err_set(e, NULL, 0, 0, "out of memory");
	}
	if (n > 0)
		memcpy(all, old, n);
	memcpy(all + n, x->data, add);
	sqlite3_finalize(st);
	if (store_prepare(s, "UPDATE sample SET data = ?2 WHERE rowid = ?1",
			  &st, e)) {
		free(all);
		return -1;
	}
	sqlite3_bind_int64(st, 1, rowid);
	sqlite3_bind_blob64(st, 2, all, n + add, SQLITE_STATIC);
	rc = store_step_done(s, st, "cannot store sample", e);
	free(all);
	return rc;
}

/* Writes x's samples: a new row, or appended to the series' row. */
static int write_series(struct store *s, const struct store_series *x,
			struct err *e)
{
	sqlite3_stmt *st;
	long long rowid = 0;
	int rc;

	if (store_stmt(s, STORE_STMT_SAMPLE_FIND, "SELECT rowid FROM sample "
		       "WHERE run_id = ?1 AND test = ?2 AND metric = ?3", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, x->run);
	store_bind_text(s, st, 2, x->test);
	store_bind_text(s, st, 3, x->metric);
	rc = store_step(s, st);
	if (rc == SQLITE_ROW)
		rowid = sqlite3_column_int64(st, 0);
	if (store_stmt_done(st, rc) != SQLITE_ROW && rc != SQLITE_DONE)
		return store_db_err(s, e, "cannot store sample");
	if (rowid)
		return append_row(s, rowid, x, e);
	if (store_stmt(s, STORE_STMT_SAMPLE, "INSERT INTO sample (run_id, "
		       "test, metric, data) VALUES (?, ?, ?, ?)", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, x->run);
	store_bind_text(s, st, 2, x->test);
	store_bind_text(s, st, 3, x->metric);
	sqlite3_bind_blob64(st, 4, x->data, x->n * STORE_SAMPLE_BYTES,
			    SQLITE_STATIC);
	if (store_stmt_done(st, store_step(s, st)) != SQLITE_DONE)
		return store_db_err(s, e, "cannot store sample");
	return 0;
}

int store_samples_flush(struct store *s, struct err *e)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < s->nheld && rc == 0; i++)
		rc = write_series(s, &s->held[i], e);
	store_samples_drop(s);
	return rc;
}

static int held_is(const struct store_series *x, long long run,
		   const char *test, const char *metric)
{
	return x->run == run && strcmp(x->test, test) == 0 &&
	       strcmp(x->metric, metric) == 0;
}

/* The held series of (run, test, metric), NULL when none is.  Samples
 * come a series after another or round the series in turn: the last one
 * used and the next are looked at first. */
static struct store_series *held_find(struct store *s, long long run,
				      const char *test, const char *metric)
{
	size_t i, k;

	for (k = 0; k < s->nheld; k++) {
		i = (s->lastheld + k) % s->nheld;
		if (held_is(&s->held[i], run, test, metric)) {
			s->lastheld = i;
			return &s->held[i];
		}
	}
	return NULL;
}

/* A new held series of (run, test, metric), NULL when memory ran out. */
static struct store_series *held_new(struct store *s, long long run,
				     const char *test, const char *metric)
{
	struct store_series *x;

	if (GROW(s->held, s->nheld, s->capheld, 8))
		return NULL;
	x = &s->held[s->nheld];
	memset(x, 0, sizeof(*x));
	x->run = run;
	if (!(x->test = strdup(test)) || !(x->metric = strdup(metric))) {
		free(x->test);
		return NULL;
	}
	s->lastheld = s->nheld++;
	return x;
}

int store_sample_add(struct store *s, long long run_id, const char *test,
		     const char *metric, double t, double value, struct err *e)
{
	struct store_series *x;

	/* SQLite stores a NaN as NULL, which a sample never was: refused as
	 * the row of a sample refused it */
	if (isnan(t) || isnan(value))
		return err_set(e, s->path, 0, 0, "cannot store sample: NOT NULL "
			       "constraint failed: sample.%s",
			       isnan(t) ? "t" : "value");
	/* nor a -0.0: SQLite's REAL keeps a whole number as an integer,
	 * without its sign; a sample of -0 has always read back as 0 */
	if (t == 0)
		t = 0;
	if (value == 0)
		value = 0;
	if (!(x = held_find(s, run_id, test, metric))) {
		if (s->nheld >= HELD_SERIES_MAX && store_samples_flush(s, e))
			return -1;
		if (!(x = held_new(s, run_id, test, metric)))
			return err_set(e, NULL, 0, 0, "out of memory");
	}
	if (GROW(x->data, x->n, x->cap, 64))
		return err_set(e, NULL, 0, 0, "out of memory");
	store_sample_pack(x->data[x->n++], t, value);
	if (++s->heldsamples >= HELD_SAMPLES_MAX)
		return store_samples_flush(s, e);
	return 0;
}

/* One sample of a series, with its place in it: equal times keep the
 * order they were stored in. */
struct tv {
	double t, value;
	size_t i;
};

static int by_time(const void *a, const void *b)
{
	const struct tv *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* The samples packed in p[0..bytes) by time, in new memory (*out, *n:
 * NULL, 0 for none); -1 when memory ran out. */
static int unpack_by_time(const void *p, size_t bytes, struct tv **out,
			  size_t *n)
{
	const unsigned char *b = p;
	size_t i, k = bytes / STORE_SAMPLE_BYTES;
	int sorted = 1;
	struct tv *v;

	*out = NULL;
	*n = 0;
	if (k == 0)
		return 0;
	if (!(v = malloc(k * sizeof(*v))))
		return -1;
	for (i = 0; i < k; i++) {
		store_sample_unpack(b + i * STORE_SAMPLE_BYTES, &v[i].t,
				    &v[i].value);
		v[i].i = i;
		if (i > 0 && v[i].t < v[i - 1].t)
			sorted = 0;
	}
	if (!sorted)
		sort_items(v, k, sizeof(*v), by_time);
	*out = v;
	*n = k;
	return 0;
}

static int sample_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	int (*fn)(void *, const char *, const char *, double, double) =
		(int (*)(void *, const char *, const char *, double,
			 double))(uintptr_t)cb;
	const char *test = store_col_text(st, 0),
		   *metric = store_col_text(st, 1);
	struct tv *v;
	size_t n, i;
	int stop = 0;

	if (unpack_by_time(sqlite3_column_blob(st, 2),
			   (size_t)sqlite3_column_bytes(st, 2), &v, &n))
		return -2;
	for (i = 0; i < n && !stop; i++)
		stop = fn(ctx, test, metric, v[i].t, v[i].value);
	free(v);
	return stop;
}

/* store_each_step for the sample readers: a row callback's -2 is memory
 * that ran out. */
static int each_series(struct store *s, sqlite3_stmt *st,
		       int (*row)(sqlite3_stmt *st, void *a, void *b),
		       void *cb, void *ctx, struct err *e)
{
	int rc = store_each_step(s, st, row, cb, ctx, "cannot read store", e);

	if (rc == -2)
		return err_set(e, NULL, 0, 0, "out of memory");
	return rc;
}

int store_each_sample(struct store *s, long long run,
		      int (*cb)(void *ctx, const char *test, const char *metric,
				double t, double value),
		      void *ctx, struct err *e)
{
	sqlite3_stmt *st;

	if (store_samples_flush(s, e) ||
	    store_prepare(s, "SELECT test, metric, data FROM sample WHERE "
			  "run_id = ?1 ORDER BY test, metric", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	return each_series(s, st, sample_row, (void *)(uintptr_t)cb, ctx, e);
}

int store_each_sample_of(struct store *s, long long run, const char *test,
			 const char *metric,
			 int (*cb)(void *ctx, double t, double value),
			 void *ctx, struct err *e)
{
	sqlite3_stmt *st;
	struct tv *v = NULL;
	size_t n = 0, i;
	int rc, stop = 0;

	/* cached (store_int.h), so reset, not finalized; the samples are
	 * copied out before cb sees them */
	if (store_samples_flush(s, e) ||
	    store_stmt(s, STORE_STMT_SAMPLE_OF, "SELECT data FROM sample WHERE "
		       "run_id = ?1 AND test = ?2 AND metric = ?3", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	store_bind_text(s, st, 2, test);
	store_bind_text(s, st, 3, metric);
	rc = store_step(s, st);
	if (rc == SQLITE_ROW &&
	    unpack_by_time(sqlite3_column_blob(st, 0),
			   (size_t)sqlite3_column_bytes(st, 0), &v, &n)) {
		store_stmt_done(st, rc);
		return err_set(e, NULL, 0, 0, "out of memory");
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		stop = store_db_err(s, e, "cannot read store");
		store_stmt_done(st, rc);
		return stop;
	}
	store_stmt_done(st, rc);
	for (i = 0; i < n && !stop; i++)
		stop = cb(ctx, v[i].t, v[i].value);
	free(v);
	return stop;
}

static int sampled_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	int (*fn)(void *, long long, const char *, const char *) =
		(int (*)(void *, long long, const char *, const char *))
		(uintptr_t)cb;

	return fn(ctx, sqlite3_column_int64(st, 0), store_col_text(st, 1),
		  store_col_text(st, 2));
}

int store_each_sampled(struct store *s, const char *suite,
		       int (*cb)(void *ctx, long long run, const char *test,
				 const char *metric),
		       void *ctx, struct err *e)
{
	sqlite3_stmt *st;

	/* a row per (run, test, metric) already: read from the index alone,
	 * never the samples themselves */
	if (store_samples_flush(s, e) ||
	    store_prepare(s, "SELECT x.run_id, x.test, x.metric FROM run r "
			  "JOIN sample x ON x.run_id = r.id WHERE r.suite = ?1",
			  &st, e))
		return -1;
	store_bind_text(s, st, 1, suite);
	return store_each_step(s, st, sampled_row, (void *)(uintptr_t)cb, ctx,
			       "cannot read store", e);
}

static int sample_full_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	int (*fn)(void *, const struct store_sample_row *) =
		(int (*)(void *, const struct store_sample_row *))(uintptr_t)cb;
	const unsigned char *p = sqlite3_column_blob(st, 5);
	size_t n = (size_t)sqlite3_column_bytes(st, 5) / STORE_SAMPLE_BYTES, i;
	struct store_sample_row row;
	int stop = 0;

	if (n > 0 && !p)
		return -2;
	row.run = sqlite3_column_int64(st, 0);
	row.label = store_col_text(st, 1);
	row.suite = store_col_text(st, 2);
	row.test = store_col_text(st, 3);
	row.metric = store_col_text(st, 4);
	for (i = 0; i < n && !stop; i++) {
		store_sample_unpack(p + i * STORE_SAMPLE_BYTES, &row.t,
				    &row.value);
		stop = fn(ctx, &row);
	}
	return stop;
}

int store_each_sample_row(struct store *s, const char *suite,
			  int (*cb)(void *ctx,
				    const struct store_sample_row *row),
			  void *ctx, struct err *e)
{
	const char *sql =
		suite ? "SELECT r.id, r.label, r.suite, x.test, x.metric, x.data"
			" FROM run r JOIN sample x ON x.run_id = r.id"
			" WHERE r.excluded IS NULL AND r.suite = ?1"
			" ORDER BY r.id, x.rowid"
		      : "SELECT r.id, r.label, r.suite, x.test, x.metric, x.data"
			" FROM run r JOIN sample x ON x.run_id = r.id"
			" WHERE r.excluded IS NULL ORDER BY r.id, x.rowid";
	sqlite3_stmt *st;

	if (store_samples_flush(s, e) || store_prepare(s, sql, &st, e))
		return -1;
	if (suite)
		store_bind_text(s, st, 1, suite);
	return each_series(s, st, sample_full_row, (void *)(uintptr_t)cb, ctx,
			   e);
}

/* Writes the samples of one series read from a version-7 table. */
static int pack_write(struct store *s, sqlite3_stmt *ins, long long rowid,
		      long long run, const char *test, const char *metric,
		      const void *data, size_t n, struct err *e)
{
	sqlite3_reset(ins);
	sqlite3_bind_int64(ins, 1, rowid);
	sqlite3_bind_int64(ins, 2, run);
	store_bind_text(s, ins, 3, test);
	store_bind_text(s, ins, 4, metric);
	sqlite3_bind_blob64(ins, 5, data, n * STORE_SAMPLE_BYTES, SQLITE_STATIC);
	if (store_step(s, ins) != SQLITE_DONE)
		return store_db_err(s, e, "cannot migrate the samples");
	return 0;
}

/* The series of a version-7 table, read a sample a row in the order they
 * were stored, into sample_v8: each series' row takes the rowid of its
 * first sample, so that rowid order stays the order series began. */
static int pack_rows(struct store *s, sqlite3_stmt *q, sqlite3_stmt *ins,
		     struct err *e)
{
	unsigned char (*data)[STORE_SAMPLE_BYTES] = NULL;
	size_t n = 0, cap = 0;
	char *test = NULL, *metric = NULL;
	long long run = 0, first = 0;
	int rc, ret = -1;

	while ((rc = store_step(s, q)) == SQLITE_ROW) {
		const char *t = store_col_text(q, 2), *m = store_col_text(q, 3);

		if (n > 0 && (sqlite3_column_int64(q, 1) != run ||
			      strcmp(t, test) != 0 || strcmp(m, metric) != 0)) {
			if (pack_write(s, ins, first, run, test, metric,
				       data, n, e))
				goto out;
			n = 0;
		}
		if (n == 0) {
			free(test);
			free(metric);
			metric = NULL;
			if (!(test = strdup(t)) || !(metric = strdup(m)))
				goto oom;
			first = sqlite3_column_int64(q, 0);
			run = sqlite3_column_int64(q, 1);
		}
		if (GROW(data, n, cap, 64))
			goto oom;
		store_sample_pack(data[n++], sqlite3_column_double(q, 4),
				  sqlite3_column_double(q, 5));
	}
	if (rc != SQLITE_DONE) {
		store_db_err(s, e, "cannot migrate the samples");
		goto out;
	}
	if (n > 0 && pack_write(s, ins, first, run, test, metric,
				data, n, e))
		goto out;
	ret = 0;
	goto out;
oom:
	err_set(e, NULL, 0, 0, "out of memory");
out:
	free(data);
	free(test);
	free(metric);
	return ret;
}

int store_samples_pack(struct store *s, struct err *e)
{
	sqlite3_stmt *q = NULL, *ins = NULL;
	int rc = -1;

	if (store_exec_id(s, "CREATE TABLE sample_v8 ("
			  " run_id INTEGER NOT NULL REFERENCES run (id) ON"
			  " DELETE CASCADE, test TEXT NOT NULL,"
			  " metric TEXT NOT NULL, data BLOB NOT NULL)", 0, e) ||
	    store_prepare(s, "SELECT rowid, run_id, test, metric, t, value FROM"
			  " sample ORDER BY run_id, test, metric, rowid", &q, e) ||
	    store_prepare(s, "INSERT INTO sample_v8 (rowid, run_id, test,"
			  " metric, data) VALUES (?, ?, ?, ?, ?)", &ins, e) ||
	    pack_rows(s, q, ins, e))
		goto out;
	sqlite3_finalize(q);
	sqlite3_finalize(ins);
	q = ins = NULL;
	if (store_exec_id(s, "DROP TABLE sample", 0, e) ||
	    store_exec_id(s, "ALTER TABLE sample_v8 RENAME TO sample", 0, e) ||
	    store_exec_id(s, "CREATE UNIQUE INDEX sample_of ON sample (run_id,"
			  " test, metric)", 0, e))
		goto out;
	rc = 0;
out:
	sqlite3_finalize(q);
	sqlite3_finalize(ins);
	return rc;
}
