/*
 * store_sample.c: samples, a run's series of one test and metric packed
 * in one row (schema.sql's sample table).
 *
 * A chart of a run with per-second reports reads thousands of samples a
 * series; a row each made stepping through them a quarter of a render.
 * The importer still adds them one at a time, and often interleaved (a
 * sysbench report line gives several metrics): they are held in struct
 * store, a buffer per (run, test, metric), and written as rows at commit,
 * before any read of samples, when samples of another run come, or when
 * too many are held.  A series held again after it was written goes on in
 * a further row, as does one longer than SERIES_ROW_MAX samples: an import
 * holds a bounded number of samples, and a reader of a series in time
 * order (reports come so) holds one row at a time.  A series' rows are in
 * rowid order.  Rollback drops what is held with the rest of the
 * transaction.
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

/* Held past these, everything held is written: memory stays bounded
 * whatever the input, and finding a series among the held ones stays
 * cheap. */
#define HELD_SERIES_MAX 256
#define HELD_SAMPLES_MAX ((size_t)1 << 18)
/* The most samples a row holds (1 MiB): a series of 3,600 reports is one
 * row, one of a million is read in pieces of bounded memory. */
#define SERIES_ROW_MAX ((size_t)1 << 16)

/* Eight bytes little-endian, spelt out byte by byte so that the compiler
 * sees one load or store (on a little-endian host, a plain move), where a
 * loop over the bytes stayed a loop: the readers unpack every sample. */
static uint64_t le64_get(const unsigned char *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	       (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
	       (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
	       (uint64_t)p[7] << 56;
}

static void le64_put(unsigned char *p, uint64_t u)
{
	p[0] = (unsigned char)u;
	p[1] = (unsigned char)(u >> 8);
	p[2] = (unsigned char)(u >> 16);
	p[3] = (unsigned char)(u >> 24);
	p[4] = (unsigned char)(u >> 32);
	p[5] = (unsigned char)(u >> 40);
	p[6] = (unsigned char)(u >> 48);
	p[7] = (unsigned char)(u >> 56);
}

void store_sample_pack(unsigned char out[STORE_SAMPLE_BYTES], double t,
		       double value)
{
	uint64_t u;

	memcpy(&u, &t, sizeof(u));
	le64_put(out, u);
	memcpy(&u, &value, sizeof(u));
	le64_put(out + 8, u);
}

void store_sample_unpack(const unsigned char *p, double *t, double *value)
{
	uint64_t u = le64_get(p);

	memcpy(t, &u, sizeof(u));
	u = le64_get(p + 8);
	memcpy(value, &u, sizeof(u));
}

static void held_free(struct store_series *x)
{
	free(x->test);
	free(x->metric);
	free(x->data);
}

void store_samples_drop(struct store *s)
{
	size_t i;

	for (i = 0; i < s->nheld; i++)
		held_free(&s->held[i]);
	free(s->held);
	s->held = NULL;
	s->nheld = s->capheld = s->lastheld = 0;
	s->heldsamples = 0;
}

/* Writes x's held samples as a row of their series, and holds none. */
static int write_series(struct store *s, struct store_series *x,
			struct err *e)
{
	sqlite3_stmt *st;

	if (x->n == 0)
		return 0;
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
	s->heldsamples -= x->n;
	x->n = 0;
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
		held_free(x);
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
	/* an importer ends a run before the next: what is held of the
	 * last one is complete */
	if (s->nheld > 0 && s->held[0].run != run_id &&
	    store_samples_flush(s, e))
		return -1;
	if (!(x = held_find(s, run_id, test, metric))) {
		if (s->nheld >= HELD_SERIES_MAX && store_samples_flush(s, e))
			return -1;
		if (!(x = held_new(s, run_id, test, metric)))
			return err_set(e, NULL, 0, 0, "out of memory");
	}
	if (GROW(x->data, x->n, x->cap, 64))
		return err_set(e, NULL, 0, 0, "out of memory");
	store_sample_pack(x->data[x->n++], t, value);
	s->heldsamples++;
	/* everything held, not x alone: rows written in the order their
	 * series began keep the order of a run's series that first rows'
	 * rowids give (SERIES_BEGAN) the order of their first samples */
	if (x->n >= SERIES_ROW_MAX || s->heldsamples >= HELD_SAMPLES_MAX)
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
	int c = (x->t > y->t) - (x->t < y->t);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* The samples of the row st is on (its column 0): *p and *n; -1 when
 * SQLite could not get the bytes for want of memory. */
static int row_samples(sqlite3_stmt *st, const unsigned char **p, size_t *n)
{
	*p = sqlite3_column_blob(st, 0);
	*n = (size_t)sqlite3_column_bytes(st, 0) / STORE_SAMPLE_BYTES;
	return *n > 0 && !*p ? -1 : 0;
}

/* 1 when the n samples at p are in time order and none comes before
 * *last (the time of the row before; -INFINITY for a first row), which
 * becomes the last one's; else 0. */
static int row_in_order(const unsigned char *p, size_t n, double *last)
{
	double t, v;
	size_t i;

	for (i = 0; i < n; i++, *last = t) {
		store_sample_unpack(p + i * STORE_SAMPLE_BYTES, &t, &v);
		if (t < *last)
			return 0;
	}
	return 1;
}

/* 1 when the rows of one series that st gives (from the start) are in
 * time order, 0 when not; -1 (e filled) when they cannot be read. */
static int series_in_order(struct store *s, sqlite3_stmt *st, struct err *e)
{
	const unsigned char *p;
	double last = -INFINITY;
	size_t n;
	int rc;

	while ((rc = store_step(s, st)) == SQLITE_ROW) {
		if (row_samples(st, &p, &n))
			return err_set(e, NULL, 0, 0, "out of memory");
		if (!row_in_order(p, n, &last))
			return 0;
	}
	if (rc != SQLITE_DONE)
		return store_db_err(s, e, "cannot read store");
	return 1;
}

/* Hands cb the samples of st's rows (from the start) as they are stored,
 * a row in memory at a time. */
static int series_stream(struct store *s, sqlite3_stmt *st,
			 int (*cb)(void *ctx, double t, double value),
			 void *ctx, struct err *e)
{
	const unsigned char *p;
	double t, v;
	size_t n, i;
	int rc, stop = 0;

	while (!stop && (rc = store_step(s, st)) == SQLITE_ROW) {
		if (row_samples(st, &p, &n))
			return err_set(e, NULL, 0, 0, "out of memory");
		for (i = 0; i < n && !stop; i++) {
			store_sample_unpack(p + i * STORE_SAMPLE_BYTES, &t, &v);
			stop = cb(ctx, t, v);
		}
	}
	if (!stop && rc != SQLITE_DONE)
		return store_db_err(s, e, "cannot read store");
	return stop;
}

/* The common case, a series of one row in time order, read once: the
 * row is copied (its bytes last only until the next step) while st looks
 * for a second.  *done 1 when that was the case and cb had the samples:
 * then what cb stopped with (0 when it took them all); *done 0 when st
 * must be read again from the start.  -1 (e filled) on error. */
static int series_one_row(struct store *s, sqlite3_stmt *st,
			  int (*cb)(void *ctx, double t, double value),
			  void *ctx, int *done, struct err *e)
{
	const unsigned char *p;
	unsigned char *copy;
	double last = -INFINITY, t, v;
	size_t n, i;
	int rc, stop = 0;

	*done = 0;
	if ((rc = store_step(s, st)) != SQLITE_ROW) {
		*done = 1;
		return rc == SQLITE_DONE ? 0 :
		       store_db_err(s, e, "cannot read store");
	}
	if (row_samples(st, &p, &n))
		return err_set(e, NULL, 0, 0, "out of memory");
	if (!row_in_order(p, n, &last))
		return 0;
	if (!(copy = malloc(n ? n * STORE_SAMPLE_BYTES : 1)))
		return err_set(e, NULL, 0, 0, "out of memory");
	memcpy(copy, p, n * STORE_SAMPLE_BYTES);
	rc = store_step(s, st);
	if (rc == SQLITE_DONE) {
		*done = 1;
		for (i = 0; i < n && !stop; i++) {
			store_sample_unpack(copy + i * STORE_SAMPLE_BYTES, &t,
					    &v);
			stop = cb(ctx, t, v);
		}
	} else if (rc != SQLITE_ROW) {
		stop = store_db_err(s, e, "cannot read store");
	}
	free(copy);
	return stop;
}

/* Hands cb the samples of st's rows (from the start) sorted by time:
 * samples stored out of time order are all held to sort them. */
static int series_sorted(struct store *s, sqlite3_stmt *st,
			 int (*cb)(void *ctx, double t, double value),
			 void *ctx, struct err *e)
{
	const unsigned char *p;
	struct tv *v = NULL;
	size_t n, i, k = 0, cap = 0;
	int rc, stop = 0;

	while ((rc = store_step(s, st)) == SQLITE_ROW) {
		if (row_samples(st, &p, &n))
			goto oom;
		for (i = 0; i < n; i++, k++) {
			if (GROW(v, k, cap, 64))
				goto oom;
			store_sample_unpack(p + i * STORE_SAMPLE_BYTES, &v[k].t,
					    &v[k].value);
			v[k].i = k;
		}
	}
	if (rc != SQLITE_DONE) {
		free(v);
		return store_db_err(s, e, "cannot read store");
	}
	sort_items(v, k, sizeof(*v), by_time);
	for (i = 0; i < k && !stop; i++)
		stop = cb(ctx, v[i].t, v[i].value);
	free(v);
	return stop;
oom:
	free(v);
	return err_set(e, NULL, 0, 0, "out of memory");
}

int store_each_sample_of(struct store *s, long long run, const char *test,
			 const char *metric,
			 int (*cb)(void *ctx, double t, double value),
			 void *ctx, struct err *e)
{
	sqlite3_stmt *st;
	int rc, done;

	/* cached (store_int.h), so reset, not finalized; cb must not read
	 * samples itself, which would reset the statement under this loop */
	if (store_samples_flush(s, e) ||
	    store_stmt(s, STORE_STMT_SAMPLE_OF, "SELECT data FROM sample WHERE "
		       "run_id = ?1 AND test = ?2 AND metric = ?3 ORDER BY "
		       "rowid", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	store_bind_text(s, st, 2, test);
	store_bind_text(s, st, 3, metric);
	rc = series_one_row(s, st, cb, ctx, &done, e);
	/* else a series is read twice rather than held: reports come in time
	 * order, and a long log's series would not fit in memory */
	if (rc == 0 && !done) {
		sqlite3_reset(st);
		rc = series_in_order(s, st, e);
		if (rc >= 0) {
			sqlite3_reset(st);
			rc = rc ? series_stream(s, st, cb, ctx, e) :
				  series_sorted(s, st, cb, ctx, e);
		}
	}
	store_stmt_done(st, rc);
	return rc;
}

int store_each_sample(struct store *s, long long run,
		      int (*begin)(void *ctx, const char *test,
				   const char *metric),
		      int (*cb)(void *ctx, double t, double value),
		      void *ctx, struct err *e)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (store_samples_flush(s, e) ||
	    store_prepare(s, "SELECT DISTINCT test, metric FROM sample WHERE "
			  "run_id = ?1 ORDER BY test, metric", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	while (!stop && (rc = store_step(s, st)) == SQLITE_ROW) {
		const char *test = store_col_text(st, 0);
		const char *metric = store_col_text(st, 1);

		stop = begin(ctx, test, metric);
		if (!stop)
			stop = store_each_sample_of(s, run, test, metric, cb,
						    ctx, e);
	}
	if (!stop && rc != SQLITE_DONE)
		stop = store_db_err(s, e, "cannot read store");
	sqlite3_finalize(st);
	return stop;
}

int store_each_sampled(struct store *s, const char *suite,
		       int (*cb)(void *ctx, long long run, const char *test,
				 const char *metric),
		       void *ctx, struct err *e)
{
	sqlite3_stmt *st;

	/* from the index alone, never the samples themselves */
	if (store_samples_flush(s, e) ||
	    store_prepare(s, "SELECT DISTINCT x.run_id, x.test, x.metric FROM "
			  "run r JOIN sample x ON x.run_id = r.id WHERE "
			  "r.suite = ?1", &st, e))
		return -1;
	store_bind_text(s, st, 1, suite);
	return store_each_step(s, st, store_run_pair_row,
			       (void *)(uintptr_t)cb, ctx, "cannot read store",
			       e);
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
	/* a run's series in the order they began (a long one's rows after
	 * its first), each series' rows in the order stored */
	const char *sql =
		"SELECT r.id, r.label, r.suite, x.test, x.metric, x.data"
		" FROM run r JOIN sample x ON x.run_id = r.id"
		" WHERE r.excluded IS NULL AND (?1 IS NULL OR r.suite = ?1)"
		" ORDER BY r.id, " SERIES_BEGAN ", x.rowid";
	sqlite3_stmt *st;
	int rc;

	if (store_samples_flush(s, e) || store_prepare(s, sql, &st, e))
		return -1;
	if (suite)
		store_bind_text(s, st, 1, suite);
	rc = store_each_step(s, st, sample_full_row, (void *)(uintptr_t)cb,
			     ctx, "cannot read store", e);
	if (rc == -2)
		return err_set(e, NULL, 0, 0, "out of memory");
	return rc;
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
 * were stored, into sample_v8: each row takes the rowid of its first
 * sample, so that rowid order stays the order series began (and a long
 * series' rows, of SERIES_ROW_MAX samples, the order they were stored). */
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

		if (n > 0 && (n >= SERIES_ROW_MAX ||
			      sqlite3_column_int64(q, 1) != run ||
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
	    store_exec_id(s, "CREATE INDEX sample_of ON sample (run_id, test,"
			  " metric)", 0, e))
		goto out;
	rc = 0;
out:
	sqlite3_finalize(q);
	sqlite3_finalize(ins);
	return rc;
}
