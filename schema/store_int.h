/*
 * store_int.h: the store's handle, shared by the files of schema/ only
 * (store.c, lifecycle*.c, store_ro.c ...).  Nothing outside schema/ may
 * include it: the rest of benchsite sees struct store as opaque and never
 * touches SQLite.
 */
#ifndef BENCHSITE_STORE_INT_H
#define BENCHSITE_STORE_INT_H

#include <stddef.h>

#include <sqlite3.h>

struct store_comparison;

/* The statements an import runs once a result, sample, run or attribute:
 * prepared on first use and kept (reset, never finalized) until
 * store_close, because preparing costs more than the insert itself: an
 * import that prepared per row would spend most of its time in
 * sqlite3_prepare_v2. */
enum store_stmt {
	STORE_STMT_RUN,
	STORE_STMT_ATTR,
	STORE_STMT_RESULT,
	STORE_STMT_SAMPLE,
	STORE_STMT_CHUNK,	/* source_blob.c's */
	/* reparse's staging of a new reading (lifecycle_stage_*): a sysbench
	 * log stages a sample a line, and preparing the INSERT for each would
	 * cost a quarter of a reparse */
	STORE_STMT_STAGE_RUN,
	STORE_STMT_STAGE_ATTR,
	STORE_STMT_STAGE_RESULT,
	STORE_STMT_STAGE_SAMPLE,
	/* store_results_add's INSERTs of 1, 2, 4 ... STORE_RESULTS_MAX rows */
	STORE_STMT_RESULTS,
	/* lifecycle_attrs_set's INSERTs of 1, 2, 4 ... 16 rows */
	STORE_STMT_ATTRS = STORE_STMT_RESULTS + 6,
	/* store_each_sample_of's SELECT: a render asks it once a run of
	 * every group of every test page, twice (the scale, then the lines),
	 * whether or not the store holds samples: 17,000 prepares in a
	 * render of 240 tests of 36 runs, a twentieth of its time */
	STORE_STMT_SAMPLE_OF = STORE_STMT_ATTRS + 5,
	STORE_STMT_N
};

/* The bytes of one packed sample: its t, then its value (schema.sql). */
#define STORE_SAMPLE_BYTES 16

/* SQL: where the series of the sample row x began (its first row's
 * rowid), which orders a run's series as they were stored. */
#define SERIES_BEGAN "(SELECT min(y.rowid) FROM sample y WHERE y.run_id =" \
	" x.run_id AND y.test = x.test AND y.metric = x.metric)"

/* One (run, test, metric)'s samples added but not yet written
 * (store_sample.c), packed as its row holds them. */
struct store_series {
	long long run;
	char *test, *metric;	/* owned */
	unsigned char (*data)[STORE_SAMPLE_BYTES];
	size_t n, cap;
};

struct store {
	sqlite3 *db;
	const char *path;
	sqlite3_stmt *stmt[STORE_STMT_N];	/* owned, NULL until used */
	/* the code of a failed store_bind_text (SQLITE_NOMEM: SQLite could
	 * not copy the text) since the statement was prepared or fetched;
	 * store_step then refuses to run it, which would store a NULL */
	int bind_rc;
	/* the SQLite code of the last failed setup statement (store.c), so
	 * that store_open can tell a lock held by another connection from a
	 * real fault */
	int setup_rc;
	/* a write failed for want of disk space (SQLITE_FULL) */
	int full;
	/* store_errmsg's text, when it is more than SQLite's */
	char msg[320];
	/* samples added and not yet written, in the order their series
	 * began; lastheld is the one last added to */
	struct store_series *held;
	size_t nheld, capheld, lastheld, heldsamples;
};

/* store_sample.c: packs (t, value) into out, little-endian IEEE-754
 * doubles whatever the host's order; store_sample_unpack reads one back
 * from p[0..STORE_SAMPLE_BYTES). */
void store_sample_pack(unsigned char out[STORE_SAMPLE_BYTES], double t,
		       double value);
void store_sample_unpack(const unsigned char *p, double *t, double *value);

/* Writes the held samples (store_sample_add's) into the sample table,
 * then forgets them, written or not: at commit, and before anything reads
 * or copies samples.  -1 with e filled when a write failed (the caller
 * rolls back). */
int store_samples_flush(struct store *s, struct err *e);

/* Forgets the held samples unwritten (rollback, close). */
void store_samples_drop(struct store *s);

/* The migration from version 7 to 8, inside its transaction: the sample
 * table of a row a sample becomes one of a row a series, every sample
 * kept to the bit and in its order. */
int store_samples_pack(struct store *s, struct err *e);

/* SQLite's message for db's last error, with errno's words after it
 * when a file could not be opened or read ("unable to open database
 * file: Too many open files"): SQLite's own words never say why.  Into
 * out[0..cap); returns out. */
const char *store_sqlite_msg(sqlite3 *db, char *out, size_t cap);

/* The same for a message SQLite gave with code rc (sqlite3_exec's). */
const char *store_sqlite_why(sqlite3 *db, int rc, const char *msg, char *out,
			     size_t cap);

/* Binds v (NULL: SQL NULL) to parameter i as a copy; a failure is kept in
 * s->bind_rc for store_step. */
void store_bind_text(struct store *s, sqlite3_stmt *st, int i, const char *v);

/* Opens path read-only into *db without creating any file beside it
 * (store_ro.c): sharing its -wal and -shm when a -wal is there, else
 * immutable.  -1 with e filled (*db NULL) when it cannot. */
int store_ro_open(const char *path, sqlite3 **db, struct err *e);

/* The URI that names the file path and nothing else, with query ("" or
 * "?mode=ro..."): "file:" ("file://" before an absolute path, "file:./"
 * before a relative one) and path with every byte but letters, digits,
 * '/', '.', '-' and '_' %-escaped, so that a '?' or '#' in the name
 * starts no query and ":memory:" or "file:x.db?vfs=..." are files of
 * those names, as every other look at the path (stat, access) takes them.
 * NULL when memory runs out. */
char *store_uri(const char *path, const char *query);

/* The folder holding path ("." for a bare name, "/" for "/x"), in new
 * memory, or NULL when memory runs out. */
char *store_folder_of(const char *path);

/* 1 when path and its folder can be written (a WAL store needs both). */
int store_writable_here(const char *path);

/* sqlite3_step, or the failed bind's code without stepping. */
int store_step(struct store *s, sqlite3_stmt *st);

/* The message of the last failure on s: a failed bind's, else SQLite's;
 * clears s->bind_rc. */
const char *store_errmsg(struct store *s);

/* The cached statement k of sql (prepared on first use) in *st, ready to
 * bind; after sqlite3_step the caller calls store_stmt_done. */
int store_stmt(struct store *s, enum store_stmt k, const char *sql,
	       sqlite3_stmt **st, struct err *e);

/* Resets a cached statement for its next use; returns rc. */
int store_stmt_done(sqlite3_stmt *st, int rc);

/* A one-off statement of sql in *st (the caller finalizes it); -1 with e
 * filled when it does not prepare. */
int store_prepare(struct store *s, const char *sql, sqlite3_stmt **st,
		  struct err *e);

/* Steps st, which returns no rows, and finalizes it; -1 with e saying
 * what failed. */
int store_step_done(struct store *s, sqlite3_stmt *st, const char *what,
		    struct err *e);

/* Runs sql, which returns no rows, with ?1 bound to id when it has a
 * parameter; -1 with e filled when it fails. */
int store_exec_id(struct store *s, const char *sql, long long id,
		  struct err *e);

/* Batched INSERTs: a statement of 2^k rows for each k, so that at most
 * one statement of each size is cached.  store_batch_log2 is the largest
 * k <= kmax with 2^k <= n (n > 0): the size of the next batch;
 * store_batch_sql writes head, then tuple rows times, comma-separated,
 * into sql[0..cap) (cut when it does not fit: size cap for the largest
 * batch). */
int store_batch_log2(size_t n, int kmax);
void store_batch_sql(char *sql, size_t cap, const char *head,
		     const char *tuple, size_t rows);

/* Steps st to its end, handing each row to row(st, a, b), and finalizes
 * it; stops at the first row() that returns non-zero and returns that.
 * -1 with e saying what (and SQLite's message) when a step fails. */
int store_each_step(struct store *s, sqlite3_stmt *st,
		    int (*row)(sqlite3_stmt *st, void *a, void *b), void *a,
		    void *b, const char *what, struct err *e);

/* A store_each_step row for a cb of (ctx, run id, text, text): the
 * row's first three columns (a run's attribute, a run's series). */
int store_run_pair_row(sqlite3_stmt *st, void *cb, void *ctx);

/* Column i of the row st is on as text; "" for NULL. */
const char *store_col_text(sqlite3_stmt *st, int i);

/* -1, with e saying what failed and SQLite's message for s. */
int store_db_err(struct store *s, struct err *e, const char *what);

/* UTC now as ISO-8601, or SOURCE_DATE_EPOCH's time when set, so that two
 * imports of the same files give the same store; -1 with e saying so
 * when SOURCE_DATE_EPOCH is no such time (store_epoch_check). */
int store_now_iso(char out[32], struct err *e);

/* Inflates the source id of db (any schema version) whose source.content
 * is content[0..k), then its source_chunk rows, into put, piece by piece.
 * 0; -1 when put failed (put filled e); else -1 with e (file what) saying
 * the source is damaged. */
int source_blob_inflate(sqlite3 *db, long long id, const void *content,
			size_t k, int (*put)(void *, const void *, size_t,
					     struct err *),
			void *ctx, const char *what, struct err *e);

/* selection.c: appends to sql[*n..cap) " AND " and the condition (op,
 * key, values; see selection.h) on the run aliased r, with unnumbered
 * parameters; -1 when it does not fit.  selection_bind binds them from
 * parameter *p on. */
int selection_sql(int op, const char *key, const char *values, char *sql,
		  size_t cap, size_t *n);
void selection_bind(struct store *s, sqlite3_stmt *st, int op,
		    const char *key, const char *values, int *p);

/* Fills c from a row whose columns are those of the comparison table in
 * this order: name, title, suite, by_key, filter, metrics, tests,
 * order_by, split_by, x_key (what store_each_comparison reads, and merge
 * reads from another store); filter[0..cap) holds the conditions' text,
 * which c points into.  A condition that does not parse, or conditions
 * past cap or STORE_WHERE_MAX, set c->where_unread.  c's strings are the
 * row's: valid until st steps on. */
void store_comparison_row(sqlite3_stmt *st, struct store_comparison *c,
			  char *filter, size_t cap);

#endif
