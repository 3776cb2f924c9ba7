/*
 * lifecycle_stage.c: reparse's staging (lifecycle.h).
 *
 * Reparse compares in SQL: the new reading goes into temp tables, the old
 * one is copied beside it, and EXCEPT in both directions finds what
 * differs.  Only runs that differ are rewritten, so a reparse that changes
 * nothing writes nothing but temp tables (which are not in the file).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "../core/err.h"
#include "lifecycle.h"
#include "store.h"
#include "store_int.h"

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
		char why[320];

		err_set(e, s->path, 0, 0, "cannot prepare reparse: %s",
			store_sqlite_why(s->db, rc, (rc & 0xff) == SQLITE_NOMEM ?
					 NULL : msg, why, sizeof(why)));
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

/* The stored samples of a source, a sample at a time: rows of (seq,
 * test, metric, data) and the place in the current row's data. */
struct stored_walk {
	sqlite3_stmt *st;
	int end;
	size_t i, n;
	const unsigned char *p;
};

/* Moves w to its next sample: 0, 1 at the end, -1 (e set) on an error. */
static int stored_next(struct store *s, struct stored_walk *w, struct err *e)
{
	if (w->end)
		return 1;
	if (++w->i < w->n)
		return 0;
	for (;;) {
		if ((w->end = walk_step(s, w->st, e)) != 0)
			return w->end;
		w->p = sqlite3_column_blob(w->st, 3);
		w->n = (size_t)sqlite3_column_bytes(w->st, 3) /
		       STORE_SAMPLE_BYTES;
		w->i = 0;
		if (w->n > 0 && !w->p) {
			w->end = -1;
			return err_set(e, NULL, 0, 0, "out of memory");
		}
		if (w->n > 0)
			return 0;
	}
}

/* 1 when the staged row a (seq, test, metric, t, value) holds the same
 * sample as w's current one, to the bit. */
static int same_sample(sqlite3_stmt *a, const struct stored_walk *w)
{
	unsigned char mine[STORE_SAMPLE_BYTES];
	int i;

	for (i = 1; i <= 2; i++) {
		const void *x = sqlite3_column_blob(a, i);
		const void *y = sqlite3_column_blob(w->st, i);
		int n = sqlite3_column_bytes(a, i);

		/* a NULL pointer (no memory to convert the value) counts as
		 * different: the run is then rewritten, with the same rows */
		if (n != sqlite3_column_bytes(w->st, i) ||
		    (n > 0 && (!x || !y || memcmp(x, y, (size_t)n) != 0)))
			return 0;
	}
	if (sqlite3_column_type(a, 3) != SQLITE_FLOAT ||
	    sqlite3_column_type(a, 4) != SQLITE_FLOAT)
		return 0;
	store_sample_pack(mine, sqlite3_column_double(a, 3),
			  sqlite3_column_double(a, 4));
	return memcmp(mine, w->p + w->i * STORE_SAMPLE_BYTES,
		      STORE_SAMPLE_BYTES) == 0;
}

/* Adds to `changed` every run of both readings whose samples differ, in
 * content, order or number.  Both readings are walked once, in step, run
 * by run, in the order a store keeps them: a run's series in the order
 * they began, each series' samples in the order they came (the new one
 * staged a sample a row, so put in that order here).  A sysbench log's
 * samples are most of its rows, and comparing them as two sets would
 * cost three quarters of a reparse. */
static int changed_samples(struct store *s, long long source_id,
			   struct err *e)
{
	sqlite3_stmt *a = NULL, *mark = NULL;
	struct stored_walk b;
	long long last = -1;
	int enda, rc = -1;

	memset(&b, 0, sizeof(b));
	if (store_prepare(s, "SELECT x.seq, x.test, x.metric, x.t, x.value FROM"
			  " stage_sample x JOIN (SELECT seq, test, metric,"
			  " min(id) AS first FROM stage_sample GROUP BY seq,"
			  " test, metric) f ON f.seq = x.seq AND f.test ="
			  " x.test AND f.metric = x.metric ORDER BY x.seq,"
			  " f.first, x.id", &a, e) ||
	    store_prepare(s, "SELECT r.seq, x.test, x.metric, x.data FROM"
			  " run r JOIN sample x ON x.run_id = r.id WHERE"
			  " r.source_id = ?1 ORDER BY r.seq, " SERIES_BEGAN ","
			  " x.rowid", &b.st, e) ||
	    store_prepare(s, "INSERT OR IGNORE INTO changed SELECT ?2 WHERE ?2"
			  " IN (SELECT seq FROM stage_run) AND ?2 IN (SELECT seq"
			  " FROM run WHERE source_id = ?1)", &mark, e))
		goto out;
	sqlite3_bind_int64(b.st, 1, source_id);
	sqlite3_bind_int64(mark, 1, source_id);
	if ((enda = walk_step(s, a, e)) < 0 || stored_next(s, &b, e) < 0)
		goto out;
	while (!enda || !b.end) {
		long long sa = enda ? LLONG_MAX : sqlite3_column_int64(a, 0);
		long long sb = b.end ? LLONG_MAX : sqlite3_column_int64(b.st, 0);
		long long diff = -1;

		if (sa == sb && same_sample(a, &b)) {
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
		if (sb <= sa && stored_next(s, &b, e) < 0)
			goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(a);
	sqlite3_finalize(b.st);
	sqlite3_finalize(mark);
	return rc;
}

/* Writes the staged samples of the changed runs into the store, packed
 * as an import packs them (store_sample_add, then written at once). */
static int apply_samples(struct store *s, long long source_id,
			 struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s, "SELECT r.id, x.test, x.metric, x.t, x.value FROM"
			  " stage_sample x JOIN run r ON r.source_id = ?1 AND"
			  " r.seq = x.seq WHERE x.seq IN (SELECT seq FROM"
			  " changed) ORDER BY x.id", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, source_id);
	while ((rc = walk_step(s, st, e)) == 0)
		if (store_sample_add(s, sqlite3_column_int64(st, 0),
				     store_col_text(st, 1), store_col_text(st, 2),
				     sqlite3_column_double(st, 3),
				     sqlite3_column_double(st, 4), e)) {
			rc = -1;
			break;
		}
	sqlite3_finalize(st);
	if (rc < 0)
		return -1;
	return store_samples_flush(s, e);
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
	};
	long *out[6];
	size_t i;

	out[0] = &d->runs_added;
	out[1] = &d->runs_removed;
	out[2] = &d->runs_changed;
	out[3] = &d->results_added;
	out[4] = &d->results_removed;
	out[5] = &d->results_changed;
	if (store_exec_id(s, keep_labels ?
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
		if (store_exec_id(s, before[i], source_id, e))
			return -1;
	if (changed_samples(s, source_id, e))
		return -1;
	for (i = 0; i < 6; i++)
		if (count_sql(s, counts[i], source_id, out[i], e))
			return -1;
	for (i = 0; i < sizeof(apply) / sizeof(apply[0]); i++)
		if (store_exec_id(s, apply[i], source_id, e))
			return -1;
	return apply_samples(s, source_id, e);
}
