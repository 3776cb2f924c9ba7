/*
 * lifecycle_merge.c: merging another store into this one (lifecycle.h).
 *
 * Merge reads the other store through its own read-only connection rather
 * than ATTACH: ATTACH would need the file name as a URI to be read-only,
 * and a second connection can never write the other file whatever its
 * name holds.  Columns a store of an older schema lacks are read as NULL
 * ("not known"), which is what the migration of that version writes too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "../core/err.h"
#include "../core/quote.h"
#include "../core/sha256.h"
#include "comparison_rule.h"
#include "lifecycle.h"
#include "store.h"
#include "store_int.h"

struct merge {
	struct store *s;	/* this store */
	sqlite3 *o;		/* the other, read-only */
	const char *path;	/* the other's name, for messages */
	struct err *e;
};

static int other_err(struct merge *m, const char *what)
{
	char why[320];

	return err_set(m->e, m->path, 0, 0, "%s: %s", what,
		       store_sqlite_msg(m->o, why, sizeof(why)));
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

/* Binds columns from..to-1 of the row q is on to ins's parameters from+1
 * on, and steps ins (reset by the caller): 0, or -1 with e saying what
 * could not be copied. */
static int insert_columns(struct store *s, sqlite3_stmt *ins, sqlite3_stmt *q,
			  int from, int to, const char *what, struct err *e)
{
	int c;

	for (c = from; c < to; c++)
		bind_value(s, ins, c + 1, sqlite3_column_value(q, c));
	if (store_step(s, ins) != SQLITE_DONE)
		return store_db_err(s, e, what);
	return 0;
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
	const char *sha = store_col_text(src, 1);
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
			       store_col_text(src, 2));
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

/* Adds the samples of the other store's run from, a row each (a store
 * older than version 8), to run of ours: packed into a row a series as
 * an import packs them, at commit. */
static int copy_samples(struct merge *m, sqlite3_stmt *q, long long from,
			long long run)
{
	int step;

	sqlite3_reset(q);
	sqlite3_bind_int64(q, 1, from);
	while ((step = sqlite3_step(q)) == SQLITE_ROW)
		if (store_sample_add(m->s, run, store_col_text(q, 0),
				     store_col_text(q, 1),
				     sqlite3_column_double(q, 2),
				     sqlite3_column_double(q, 3), m->e))
			return -1;
	if (step != SQLITE_DONE)
		return other_err(m, "cannot read");
	return 0;
}

/* What says a file was changed: which file, its size and mtime; and
 * whether a -wal was beside it (then SQLite's locks keep the read one
 * snapshot, store_ro.c). */
struct file_mark {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	int wal;
};

static void mark_of(const char *path, struct file_mark *f)
{
	char wal[4200];
	struct stat st;

	memset(f, 0, sizeof(*f));
	if (stat(path, &st) == 0) {
		f->dev = st.st_dev;
		f->ino = st.st_ino;
		f->size = st.st_size;
		f->mtime = st.st_mtim;
	}
	f->wal = (size_t)snprintf(wal, sizeof(wal), "%s-wal", path) <
		 sizeof(wal) && access(wal, F_OK) == 0;
}

/* 1 when the file read as it stood changed: a writer that began after
 * the open checkpointed into it, or left a -wal of changes beside it */
static int changed_since(const char *path, const struct file_mark *a)
{
	struct file_mark b;

	if (a->wal)
		return 0;
	mark_of(path, &b);
	return b.wal || a->dev != b.dev || a->ino != b.ino ||
	       a->size != b.size || a->mtime.tv_sec != b.mtime.tv_sec ||
	       a->mtime.tv_nsec != b.mtime.tv_nsec;
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
	struct file_mark mark;
	struct merge m;
	int rc = -1, i, k, step;

	memset(rep, 0, sizeof(*rep));
	m.s = s;
	m.path = path;
	m.e = e;
	mark_of(path, &mark);
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
	    other_prepare(&m, rep->version >= 8 ?
			  "SELECT test, metric, data FROM sample WHERE "
			  "run_id = ?1 ORDER BY rowid" :
			  "SELECT test, metric, t, value FROM sample WHERE "
			  "run_id = ?1 ORDER BY rowid", &q[4]) ||
	    other_prepare(&m, rep->version >= 6 ?
			  "SELECT name, title, suite, by_key, filter, metrics, "
			  "tests, order_by, split_by, x_key FROM comparison "
			  "ORDER BY name" : rep->version >= 5 ?
			  "SELECT name, title, suite, by_key, filter, metrics, "
			  "tests, order_by, split_by, NULL FROM comparison ORDER BY "
			  "name" :
			  "SELECT name, title, suite, by_key, filter, NULL, NULL, "
			  "NULL, NULL, NULL FROM comparison ORDER BY name", &q[5]))
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
	    store_prepare(s, "INSERT INTO sample (run_id, test, metric, data) "
		       "VALUES (?, ?, ?, ?)", &ins[4], e) ||
	    store_prepare(s, "INSERT OR IGNORE INTO comparison (name, title, suite, "
		       "by_key, filter, metrics, tests, order_by, split_by, x_key) "
		       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", &ins[5], e) ||
	    store_prepare(s, "INSERT INTO source_chunk (source_id, seq, data) VALUES "
		       "(?, ?, ?)", &ins[6], e))
		goto out;
	if (rep->version >= 4 &&
	    other_prepare(&m, "SELECT seq, data FROM source_chunk WHERE "
			  "source_id = ?1 ORDER BY seq", &q[6]))
		goto out;
	while ((step = sqlite3_step(q[0])) == SQLITE_ROW) {
		long long here, source;

		if (store_source_find(s, store_col_text(q[0], 1), &here, e))
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

			sqlite3_reset(ins[1]);
			sqlite3_bind_int64(ins[1], 1, source);
			if (insert_columns(s, ins[1], q[1], 1, 7,
					   "cannot copy a run", e))
				goto out;
			run = sqlite3_last_insert_rowid(s->db);
			rep->runs++;
			if (copy_rows(&m, q[2], from, ins[2], run, NULL) ||
			    copy_rows(&m, q[3], from, ins[3], run, &rep->results) ||
			    (rep->version >= 8 ?
			     copy_rows(&m, q[4], from, ins[4], run, NULL) :
			     copy_samples(&m, q[4], from, run)))
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
		struct store_comparison cmp;
		char filter[4096], qn[QUOTE_ARG_SIZE];
		struct err why;

		/* what compare would refuse to define would stop every render
		 * and summary of this store: left out, and said */
		store_comparison_row(q[5], &cmp, filter, sizeof(filter));
		if (comparison_rule_check(&cmp, &why)) {
			if (rep->refused++ == 0)
				snprintf(rep->refused_why,
					 sizeof(rep->refused_why), "'%s': %s",
					 quote_arg(cmp.name, qn), why.msg);
			continue;
		}
		sqlite3_reset(ins[5]);
		if (insert_columns(s, ins[5], q[5], 0, 10,
				   "cannot copy a comparison", e))
			goto out;
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
	/* whatever came of it (a torn read shows as a duplicate or a
	 * malformed page), a store changed under an unlocked read is read
	 * again */
	if (changed_since(path, &mark)) {
		err_set(e, path, 0, 0, "changed while it was read (another "
			"program is writing it)");
		rc = LIFECYCLE_MERGE_CHANGED;
	}
	return rc;
}
