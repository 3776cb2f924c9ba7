/*
 * store.c: opening, migrating and reading and writing the SQLite store.
 *
 * Opening sets the pragmas every connection needs (foreign keys, a busy
 * timeout so concurrent importers wait instead of failing) and brings the
 * schema to STORE_SCHEMA_VERSION: an empty file gets schema.sql (embedded in
 * the binary at build time, so an installed benchsite needs no data files);
 * an older one runs the steps in `migrations`; a newer one is refused
 * rather than damaged.  Every value goes in through sqlite3_bind_*.
 */
#include "store.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/stat.h>
#include <sys/statvfs.h>

#include <sqlite3.h>
#include <zlib.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/sha256.h"
#include "selection.h"
#include "store_int.h"

/* schema.sql, made into a C string by the Makefile. */
extern const char schema_sql[];

/* A waiting importer gives up after this long; long enough for another
 * importer's largest file, short enough that a stuck lock is reported. */
#define STORE_BUSY_MS 30000

/* The bytes of a store a snapshot reads through a map: 64 MiB. */
#define STORE_MAP "67108864"

/* Migration steps: migrations[i] takes a store from version i+1 to i+2.
 * Each leaves the tables exactly as schema.sql makes them (columns added
 * last), which tests/lifecycle.test.sh checks on a version-1 fixture. */
static const char *const migrations[] = {
	/* 1 -> 2: the import options of each source and the origin of each
	 * attribute, for reparse; what version 1 stored is "not known". */
	"ALTER TABLE source ADD COLUMN options TEXT;"
	"ALTER TABLE run_attr ADD COLUMN origin TEXT DEFAULT 'user'"
	" CHECK (origin IN ('parser', 'user'));"
	"UPDATE run_attr SET origin = NULL;",
	/* 2 -> 3: result's CHECKs as comparisons rather than IN lists (an IN
	 * list costs a temporary table per inserted row: a quarter of an
	 * import's time), and no result_run index (UNIQUE (run_id, test,
	 * metric) is one already).  SQLite cannot alter a CHECK: the table is
	 * rebuilt, ids kept. */
	"CREATE TABLE result_v3 ("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,"
	" test TEXT NOT NULL, metric TEXT NOT NULL, value REAL,"
	" unit TEXT NOT NULL,"
	" better TEXT NOT NULL CHECK (better = 'lower' OR better = 'higher'),"
	" status TEXT NOT NULL CHECK (status = 'ok' OR status = 'too-fast' OR"
	"  status = 'failed' OR status = 'estimated' OR status = 'skipped' OR"
	"  status = 'wrong-result'),"
	" UNIQUE (run_id, test, metric));"
	"INSERT INTO result_v3 SELECT id, run_id, test, metric, value, unit,"
	" better, status FROM result;"
	"DROP TABLE result;"
	"ALTER TABLE result_v3 RENAME TO result;",
	/* 3 -> 4: sources longer than one piece are stored in pieces
	 * (source_blob.c); every source of version 3 is one piece. */
	"CREATE TABLE source_chunk ("
	" source_id INTEGER NOT NULL REFERENCES source (id) ON DELETE CASCADE,"
	" seq INTEGER NOT NULL,"
	" data BLOB NOT NULL,"
	" PRIMARY KEY (source_id, seq));",
	/* 4 -> 5: labels given by `benchsite tag`, which reparse keeps (every
	 * label of version 4 was the import's); what a comparison shows and
	 * in which order (version 4's: everything, groups in natural order). */
	"ALTER TABLE run ADD COLUMN label_origin TEXT"
	" CHECK (label_origin = 'user');"
	"ALTER TABLE comparison ADD COLUMN metrics TEXT;"
	"ALTER TABLE comparison ADD COLUMN tests TEXT;"
	"ALTER TABLE comparison ADD COLUMN order_by TEXT;"
	"ALTER TABLE comparison ADD COLUMN split_by TEXT;",
	/* 5 -> 6: sweeps (compare --x) */
	"ALTER TABLE comparison ADD COLUMN x_key TEXT;",
	/* 6 -> 7: a test's samples of a run found without reading the run's
	 * other tests' (a render read each run's every sample once a test:
	 * quadratic in the tests of a run with samples) */
	"CREATE INDEX sample_of ON sample (run_id, test, metric, t);",
	/* 7 -> 8: a run's samples of a test and metric in one row, packed
	 * (a render stepped through a row a sample: a quarter of its time);
	 * done in C, store_sample.c's store_samples_pack */
	NULL,
};

static int db_err(struct store *s, struct err *e, const char *what)
{
	return err_set(e, s->path, 0, 0, "%s: %s", what, store_errmsg(s));
}

static int exec(struct store *s, const char *sql, struct err *e)
{
	char *msg = NULL;
	int rc = sqlite3_exec(s->db, sql, NULL, NULL, &msg);

	if (rc != SQLITE_OK) {
		s->setup_rc = rc;
		if ((rc & 0xff) == SQLITE_FULL)
			s->full = 1;
		err_set(e, s->path, 0, 0, "%s", (rc & 0xff) == SQLITE_FULL ?
			"no space left on device" :
			store_sqlite_why(s->db, rc, msg, s->msg, sizeof(s->msg)));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* Prepares sql and steps it to its one row (*st, for the caller to read
 * and finalize); on failure SQLite's code goes to setup_rc, for
 * setup_waiting, and e says what could not be read. */
static int one_row(struct store *s, const char *sql, sqlite3_stmt **st,
		   const char *what, struct err *e)
{
	int rc = sqlite3_prepare_v2(s->db, sql, -1, st, NULL);

	if (rc) {
		s->setup_rc = rc;
		return db_err(s, e, what);
	}
	if ((rc = store_step(s, *st)) != SQLITE_ROW) {
		s->setup_rc = rc;
		sqlite3_finalize(*st);
		return db_err(s, e, what);
	}
	return 0;
}

static int user_version(struct store *s, int *v, struct err *e)
{
	sqlite3_stmt *st;

	if (one_row(s, "PRAGMA user_version", &st,
		    "cannot read the schema version", e))
		return -1;
	*v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return 0;
}

/* 0 when the database holds no table (nor index, view or trigger), or
 * has become a store meanwhile: a new file, free to become one; else -1
 * with e saying whose it is not. */
static int foreign_tables(struct store *s, struct err *e)
{
	sqlite3_stmt *st;
	long long n;

	/* the version again, in the same snapshot as the tables: another
	 * benchsite may have just made this new file a store */
	if (one_row(s, "SELECT count(*), (SELECT user_version FROM "
		    "pragma_user_version) FROM sqlite_master", &st,
		    "cannot read the store's tables", e))
		return -1;
	n = sqlite3_column_int(st, 1) == 0 ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (n > 0)
		return err_set(e, s->path, 0, 0, "not a benchsite store: it "
			       "holds other tables (another program's "
			       "database?); benchsite leaves it as it is");
	return 0;
}

static int store_migrate(struct store *s, struct err *e)
{
	char sql[64];
	int v;

	if (exec(s, "BEGIN IMMEDIATE", e))
		return -1;
	if (user_version(s, &v, e))
		goto fail;
	if (v < 0) {
		err_set(e, s->path, 0, 0, "store has schema version %d, which "
			"no benchsite writes: not a benchsite store, or a "
			"damaged one", v);
		goto fail;
	}
	if (v > STORE_SCHEMA_VERSION) {
		err_set(e, s->path, 0, 0,
			"store has schema version %d, newer than this benchsite "
			"(%d): upgrade benchsite", v, STORE_SCHEMA_VERSION);
		goto fail;
	}
	if (v == 0) {
		if (exec(s, schema_sql, e))
			goto fail;
		v = STORE_SCHEMA_VERSION;
	}
	for (; v < STORE_SCHEMA_VERSION; v++)
		if (migrations[v - 1] ? exec(s, migrations[v - 1], e) :
		    v == 7 && store_samples_pack(s, e))
			goto fail;
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", v);
	if (exec(s, sql, e) || exec(s, "COMMIT", e))
		goto fail;
	return 0;
fail:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/* SQLite's global settings, before its first use (sqlite3_config is
 * refused afterwards, harmlessly: then they stay as they were).  No memory
 * statistics: nothing reads them, and keeping them takes a global mutex on
 * every allocation, a tenth of an import's time in SQLite. */
static void sqlite_setup(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* What every connection sets, and the schema brought to this version. */
static int setup(struct store *s, struct err *e)
{
	int v;

	s->setup_rc = SQLITE_OK;
	if (exec(s, "PRAGMA foreign_keys = ON", e))
		return -1;
	if (user_version(s, &v, e))
		return -1;
	/* version 0 is a new file, or another program's database: never
	 * take over (schema, version, WAL for good) what holds tables */
	if (v == 0 && foreign_tables(s, e))
		return -1;
	/* WAL lets readers (render) work while an importer writes; setting it
	 * is persistent, so only a store that is not in WAL yet pays for it. */
	if (exec(s, "PRAGMA journal_mode = WAL", e))
		return -1;
	if (v != STORE_SCHEMA_VERSION && store_migrate(s, e))
		return -1;
	return 0;
}

static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Runs setup, again while another connection holds a lock it needs, for up
 * to STORE_BUSY_MS.  SQLite's busy handler covers most waits, but not all
 * of a new store's: switching to WAL and creating the schema take locks
 * that SQLite refuses at once rather than risk a deadlock with another
 * connection doing the same, so two importers starting on a new store
 * saw "database is locked" (1 round in 20).  Every other write waits on
 * the busy timeout; so does this now. */
static int setup_waiting(struct store *s, struct err *e)
{
	long long start = now_ms();
	long pause = 1;

	while (setup(s, e)) {
		int code = s->setup_rc & 0xff;
		struct timespec t;

		if ((code != SQLITE_BUSY && code != SQLITE_LOCKED) ||
		    now_ms() - start >= STORE_BUSY_MS)
			return -1;
		t.tv_sec = 0;
		t.tv_nsec = pause * 1000000;
		nanosleep(&t, NULL);
		if (pause < 64)
			pause *= 2;
	}
	return 0;
}

/* store_open, creating the file only when create is set; *code (may be
 * NULL) gets SQLite's code of a failed setup, 0 otherwise. */
static int open_store_code(const char *path, int create, struct store **out,
			   int *code, struct err *e)
{
	struct store *s = calloc(1, sizeof(*s));
	char *uri;
	int rc;

	if (!s)
		return err_set(e, path, 0, 0, "out of memory");
	/* the path is a file's name, always: given as is, SQLite would
	 * take ":memory:" (and, built with URIs on as distributions build
	 * it, "file:x.db?mode=memory") for a database that keeps nothing,
	 * and an import into it would report success */
	uri = store_uri(path, "");
	if (!uri) {
		free(s);
		return err_set(e, path, 0, 0, "out of memory");
	}
	sqlite_setup();
	s->path = path;
	rc = sqlite3_open_v2(uri, &s->db,
			     /* one thread per connection: SQLite's own
			      * locking of it is pure cost */
			     SQLITE_OPEN_READWRITE |
				     (create ? SQLITE_OPEN_CREATE : 0) |
				     SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL);
	free(uri);
	if (rc) {
		err_set(e, path, 0, 0, "cannot open store: %s",
			s->db ? store_sqlite_msg(s->db, s->msg, sizeof(s->msg)) :
			"out of memory");
		goto fail;
	}
	sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
	sqlite3_extended_result_codes(s->db, 1);
	if (setup_waiting(s, e)) {
		if (code)
			*code = s->setup_rc;
		goto fail;
	}
	*out = s;
	return 0;
fail:
	sqlite3_close(s->db);
	free(s);
	return -1;
}

/* 1 when the file system holding path has no block left for us. */
static int folder_full(const char *path)
{
	struct statvfs v;
	char *dir = store_folder_of(path);
	int full = dir && statvfs(dir, &v) == 0 && v.f_bavail == 0;

	free(dir);
	return full;
}

/* path + suffix, or NULL when it does not fit in cap */
static const char *side_name(const char *path, const char *suffix,
			     char *name, size_t cap)
{
	return (size_t)snprintf(name, cap, "%s%s", path, suffix) < cap ? name
								 : NULL;
}

static int side_exists(const char *path, const char *suffix)
{
	char name[4200];
	struct stat st;

	return side_name(path, suffix, name, sizeof(name)) &&
	       lstat(name, &st) == 0;
}

/* Removes path + suffix when the failed open made it (had: it was there
 * before) and it holds nothing a writer could need: at most max bytes (an
 * empty -wal; a -shm short of its first 32 KiB page, SQLite leaving 3
 * bytes when the disk is full). */
static void unmake_side(const char *path, const char *suffix, int had,
			off_t max)
{
	char name[4200];
	struct stat st;

	if (!had && side_name(path, suffix, name, sizeof(name)) &&
	    lstat(name, &st) == 0 && st.st_size <= max)
		unlink(name);
}

/* open_store_code; when it fails on an I/O error (a full disk), the -wal
 * and -shm the attempt made are removed and *io is set. */
static int open_store_io(const char *path, int create, struct store **out,
			 int *io, struct err *e)
{
	int had_wal = side_exists(path, "-wal"),
	    had_shm = side_exists(path, "-shm"), code = 0;

	*io = 0;
	if (open_store_code(path, create, out, &code, e) == 0)
		return 0;
	if ((code & 0xff) == SQLITE_IOERR || (code & 0xff) == SQLITE_FULL) {
		unmake_side(path, "-wal", had_wal, 0);
		unmake_side(path, "-shm", had_shm, 32767);
		*io = 1;
	}
	return -1;
}

int store_open(const char *path, struct store **out, struct err *e)
{
	int io;

	/* a store that is there but cannot be written here: said in the
	 * user's words, not SQLite's "unable to open database file" */
	if (access(path, F_OK) == 0 && !store_writable_here(path))
		return err_set(e, path, 0, 0, "cannot write the store here "
			       "(%s): this command changes it; list, export, "
			       "summary and render only read it",
			       errno == EROFS ? "a read-only file system" :
			       "no permission to write it or its folder");
	if (open_store_io(path, 1, out, &io, e) == 0)
		return 0;
	/* a full disk said in the user's words, not as SQLite's "disk I/O
	 * error" */
	if (io && folder_full(path))
		return err_set(e, path, 0, 0, "cannot open the store: no space "
			       "left on device");
	return -1;
}

/* A store of an older schema opened where it cannot be written: read
 * from a copy in memory brought to this version (the file untouched, the
 * copy as large as the store), since this version's readers know only
 * its own tables. */
static int migrated_copy(struct store *s, struct err *e)
{
	sqlite3 *mem = NULL;
	sqlite3_backup *b;
	int rc;

	if (sqlite3_open_v2(":memory:", &mem, SQLITE_OPEN_READWRITE |
			    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		sqlite3_close(mem);
		return err_set(e, s->path, 0, 0, "out of memory");
	}
	b = sqlite3_backup_init(mem, "main", s->db, "main");
	rc = b ? sqlite3_backup_step(b, -1) : SQLITE_NOMEM;
	if (b && sqlite3_backup_finish(b) != SQLITE_OK && rc == SQLITE_DONE)
		rc = sqlite3_errcode(mem);
	if (rc != SQLITE_DONE) {
		char why[320];

		err_set(e, s->path, 0, 0, "cannot read the store into memory "
			"to bring its schema to this version's: %s",
			rc == SQLITE_NOMEM ? "out of memory" :
			store_sqlite_msg(mem, why, sizeof(why)));
		sqlite3_close(mem);
		return -1;
	}
	sqlite3_close(s->db);
	s->db = mem;
	return store_migrate(s, e);
}

/* A store opened where it cannot be written (store_ro.c): read as it
 * is when of this version's schema, else through migrated_copy. */
static int open_store_ro(const char *path, struct store **out,
			 struct err *e)
{
	struct store *s = calloc(1, sizeof(*s));
	int v;

	if (!s)
		return err_set(e, path, 0, 0, "out of memory");
	sqlite_setup();
	s->path = path;
	if (store_ro_open(path, &s->db, e))
		goto fail;
	sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
	sqlite3_extended_result_codes(s->db, 1);
	if (user_version(s, &v, e))
		goto fail;
	if (v > STORE_SCHEMA_VERSION) {
		err_set(e, path, 0, 0, "store has schema version %d, newer "
			"than this benchsite (%d): upgrade benchsite", v,
			STORE_SCHEMA_VERSION);
		goto fail;
	}
	if (v < STORE_SCHEMA_READABLE && migrated_copy(s, e))
		goto fail;
	*out = s;
	return 0;
fail:
	sqlite3_close(s->db);
	free(s);
	return -1;
}

/* a mistyped --db must not become an empty store that list shows as
 * empty and render publishes as an empty site, nor one that compare or tag
 * makes only to fail on it */
static int no_store_here(const char *path, struct err *e)
{
	struct stat st;

	if (stat(path, &st) && errno == ENOENT)
		return err_set(e, path, 0, 0, "no store here (import or init "
			       "makes one; --db names another)");
	return 0;
}

int store_open_writable(const char *path, struct store **out,
			struct err *e)
{
	if (no_store_here(path, e))
		return -1;
	return store_open(path, out, e);
}

int store_open_existing(const char *path, struct store **out, struct err *e)
{
	int io;

	if (no_store_here(path, e))
		return -1;
	/* reading works wherever the file is readable: a read-only mount,
	 * a folder of someone else's */
	if (!store_writable_here(path))
		return open_store_ro(path, out, e);
	if (open_store_io(path, 0, out, &io, e) == 0)
		return 0;
	if (!io)
		return -1;
	/* a full disk: SQLite could not make the -wal and -shm a writable
	 * open reads through; read as on a read-only mount */
	err_clear(e);
	return open_store_ro(path, out, e);
}

void store_close(struct store *s)
{
	int i;

	if (!s)
		return;
	store_samples_drop(s);
	for (i = 0; i < STORE_STMT_N; i++)
		sqlite3_finalize(s->stmt[i]);
	sqlite3_close(s->db);
	free(s);
}

/* BEGIN IMMEDIATE takes the write lock up front, so two importers queue
 * on the busy timeout instead of both reading and then failing to upgrade.
 * Only the negative control of tests/hardening.test.sh (a separate test
 * binary, never a normal build) uses a deferred BEGIN, to show that the
 * concurrency test would catch it. */
#ifdef BENCHSITE_TEST_DEFERRED_BEGIN
#define STORE_BEGIN "BEGIN"
#else
#define STORE_BEGIN "BEGIN IMMEDIATE"
#endif

/* The importer's own checks make SQLite's per-row ones repeats, and they
 * cost: a foreign key is a b-tree seek into run for every result and
 * attribute, a CHECK up to six string compares (15% of a bonnie++ import
 * in callgrind instructions).  Each result's run is the row the importer
 * has just inserted; better and status words are checked by
 * record_*_valid before a row is batched (collector/sink.c,
 * sink_result), attributes' origin is one of two constants.  The UNIQUE
 * indexes stay: they are also how two results with one key are caught.
 * Only for the commands that do nothing but import (import, run): they
 * delete nothing, so no ON DELETE CASCADE is lost.  Called before any
 * statement is prepared and outside a transaction, where SQLite lets
 * foreign_keys change. */
int store_import_mode(struct store *s, struct err *e)
{
	return exec(s, "PRAGMA foreign_keys = OFF", e) ||
	       exec(s, "PRAGMA ignore_check_constraints = ON", e) ? -1 : 0;
}

int store_begin(struct store *s, struct err *e)
{
	return exec(s, STORE_BEGIN, e);
}

int store_commit(struct store *s, struct err *e)
{
	if (store_samples_flush(s, e) || exec(s, "COMMIT", e)) {
		store_rollback(s);
		return -1;
	}
	return 0;
}

int store_snapshot(struct store *s, struct err *e)
{
	/* a snapshot reads through a map of the file's first STORE_MAP bytes
	 * rather than a read() a 4 KB page: a render reads the samples three
	 * times over (fingerprint, test pages, run pages), and the system
	 * calls were a tenth of it, half of it for a store of long series.
	 * Bounded, as mapped pages count in the reader's RSS; past it SQLite
	 * reads.  Only here: an import's writes gain nothing by it. */
	if (exec(s, "PRAGMA mmap_size = " STORE_MAP, e))
		return -1;
	/* a deferred BEGIN starts reading at the first SELECT: make it now */
	return exec(s, "BEGIN; SELECT count(*) FROM sqlite_master", e);
}

void store_rollback(struct store *s)
{
	store_samples_drop(s);
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

static int prepare(struct store *s, const char *sql, sqlite3_stmt **st,
		   struct err *e)
{
	s->bind_rc = 0;
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
		return db_err(s, e, "cannot prepare statement");
	return 0;
}

int store_prepare(struct store *s, const char *sql, sqlite3_stmt **st,
		  struct err *e)
{
	return prepare(s, sql, st, e);
}

int store_db_err(struct store *s, struct err *e, const char *what)
{
	return db_err(s, e, what);
}

/* Steps a statement that returns no rows and finalizes it. */
static int step_done(struct store *s, sqlite3_stmt *st, const char *what,
		     struct err *e)
{
	int rc = store_step(s, st);

	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_err(s, e, what);
	return 0;
}

int store_step_done(struct store *s, sqlite3_stmt *st, const char *what,
		    struct err *e)
{
	return step_done(s, st, what, e);
}

static int prepare_cached(struct store *s, enum store_stmt k, const char *sql,
			  sqlite3_stmt **st, struct err *e);

int store_stmt(struct store *s, enum store_stmt k, const char *sql,
	       sqlite3_stmt **st, struct err *e)
{
	return prepare_cached(s, k, sql, st, e);
}

int store_stmt_done(sqlite3_stmt *st, int rc)
{
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc;
}

/* The cached statement k of sql, ready to bind (see store_int.h). */
static int prepare_cached(struct store *s, enum store_stmt k, const char *sql,
			  sqlite3_stmt **st, struct err *e)
{
	s->bind_rc = 0;
	if (!s->stmt[k] && prepare(s, sql, &s->stmt[k], e))
		return -1;
	*st = s->stmt[k];
	return 0;
}

/* Steps a cached statement that returns no rows and resets it; returns
 * sqlite3_step's code. */
static int step_cached(struct store *s, sqlite3_stmt *st)
{
	int rc = store_step(s, st);

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc;
}

void store_bind_text(struct store *s, sqlite3_stmt *st, int i, const char *v)
{
	int rc = v ? sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT) :
		sqlite3_bind_null(st, i);

	if (rc != SQLITE_OK && !s->bind_rc)
		s->bind_rc = rc;
}

int store_step(struct store *s, sqlite3_stmt *st)
{
	return s->bind_rc ? s->bind_rc : sqlite3_step(st);
}

const char *store_sqlite_why(sqlite3 *db, int rc, const char *msg, char *out,
			     size_t cap)
{
	int code = rc & 0xff, sys = db ? sqlite3_system_errno(db) : 0;

	if (!msg)
		msg = sqlite3_errstr(rc);
	if (sys && (code == SQLITE_CANTOPEN || code == SQLITE_IOERR))
		snprintf(out, cap, "%s: %s", msg, strerror(sys));
	else
		snprintf(out, cap, "%s", msg);
	return out;
}

const char *store_sqlite_msg(sqlite3 *db, char *out, size_t cap)
{
	return store_sqlite_why(db, sqlite3_extended_errcode(db),
				sqlite3_errmsg(db), out, cap);
}

const char *store_errmsg(struct store *s)
{
	const char *m = s->bind_rc ? sqlite3_errstr(s->bind_rc) :
		store_sqlite_msg(s->db, s->msg, sizeof(s->msg));

	if (!s->bind_rc && (sqlite3_extended_errcode(s->db) & 0xff) ==
	    SQLITE_FULL) {
		/* in the user's words, and remembered: an importer stops
		 * trying the next files (store_full) */
		s->full = 1;
		m = "no space left on device";
	}
	s->bind_rc = 0;
	return m;
}

int store_full(const struct store *s)
{
	return s->full;
}

const char *store_path(const struct store *s)
{
	return s->path;
}

/* For the cached inserts, whose strings outlive the step and whose
 * bindings step_cached clears: SQLite then reads the caller's bytes in
 * place instead of copying each into a malloc'd block (a third of the
 * bind-and-step cost of a short row). */
static void bind_text_static(sqlite3_stmt *st, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

int store_source_find(struct store *s, const char *sha256, long long *id,
		      struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (prepare(s, "SELECT id FROM source WHERE sha256 = ?", &st, e))
		return -1;
	store_bind_text(s, st, 1, sha256);
	rc = store_step(s, st);
	*id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_err(s, e, "cannot look up source");
	return 0;
}

/* The last second of year 9999: ISO-8601's four-digit years end there,
 * and so does every date the store's readers sort as text. */
#define STORE_EPOCH_MAX 253402300799LL

/* SOURCE_DATE_EPOCH's time into *t (unchanged when it is unset or
 * empty); -1 with e naming it when it is not whole seconds from 0 to
 * STORE_EPOCH_MAX.  Checked digit by digit: strtoll would take spaces, a
 * sign and a number past the range as its largest value, which stored a
 * date of day 32723 or the import's own time, silently. */
static int source_date(time_t *t, struct err *e)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH"), *p;
	long long v = 0;

	if (!sde || !*sde)
		return 0;
	for (p = sde; *p; p++) {
		if (*p < '0' || *p > '9' || v > STORE_EPOCH_MAX)
			break;
		v = v * 10 + (*p - '0');
	}
	if (*p || v > STORE_EPOCH_MAX)
		return err_set(e, NULL, 0, 0, "SOURCE_DATE_EPOCH '%.64s' is not "
			       "a time an import can record: whole seconds "
			       "since 1970, from 0 to %lld (the end of 9999)",
			       sde, STORE_EPOCH_MAX);
	*t = (time_t)v;
	return 0;
}

int store_epoch_check(struct err *e)
{
	time_t t;

	return source_date(&t, e);
}

int store_now_iso(char out[32], struct err *e)
{
	time_t t = time(NULL);
	struct tm tm;

	if (source_date(&t, e))
		return -1;
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return 0;
}

int store_run_add(struct store *s, long long source_id, int seq, long line,
		  const char *suite, const char *label, long long *run_id,
		  struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (prepare_cached(s, STORE_STMT_RUN,
			   "INSERT INTO run (source_id, seq, line, suite, "
			   "label) VALUES (?, ?, ?, ?, ?)", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, source_id);
	sqlite3_bind_int(st, 2, seq);
	sqlite3_bind_int64(st, 3, line);
	bind_text_static(st, 4, suite);
	bind_text_static(st, 5, label);
	rc = step_cached(s, st);
	if (rc != SQLITE_DONE)
		return db_err(s, e, "cannot store run");
	*run_id = sqlite3_last_insert_rowid(s->db);
	return 0;
}

int store_attr_set(struct store *s, long long run_id, const char *key,
		   const char *value, struct err *e)
{
	sqlite3_stmt *st;

	if (prepare_cached(s, STORE_STMT_ATTR,
			   "INSERT OR REPLACE INTO run_attr (run_id, key, "
			   "value) VALUES (?, ?, ?)", &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	bind_text_static(st, 2, key);
	bind_text_static(st, 3, value);
	if (step_cached(s, st) != SQLITE_DONE)
		return db_err(s, e, "cannot store attribute");
	return 0;
}

int store_result_add(struct store *s, long long run_id,
		     const struct record_result *r, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (prepare_cached(s, STORE_STMT_RESULT,
			   "INSERT INTO result (run_id, test, metric, value, "
			   "unit, better, status) VALUES (?, ?, ?, ?, ?, ?, ?)",
			   &st, e))
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	bind_text_static(st, 2, r->test);
	bind_text_static(st, 3, r->metric);
	if (r->has_value)
		sqlite3_bind_double(st, 4, r->value);
	else
		sqlite3_bind_null(st, 4);
	bind_text_static(st, 5, r->unit);
	bind_text_static(st, 6, r->better);
	bind_text_static(st, 7, r->status);
	rc = step_cached(s, st);
	if (rc == SQLITE_CONSTRAINT_UNIQUE)
		return err_set(e, NULL, 0, 0, "result '%s' '%s' given twice for "
			       "one run", r->test, r->metric);
	if (rc != SQLITE_DONE)
		return db_err(s, e, "cannot store result");
	return 0;
}

int store_results_add(struct store *s, long long run_id,
		      const struct record_result *r, size_t n, struct err *e)
{
	while (n > 0) {
		int k = store_batch_log2(n, 5), i, rc;
		size_t rows = (size_t)1 << k;
		sqlite3_stmt *st;

		if (!s->stmt[STORE_STMT_RESULTS + k]) {
			char sql[128 + 32 * STORE_RESULTS_MAX];
			/* OR FAIL: a statement that may abort half-way must
			 * journal every page it touches first (a 4 KiB copy
			 * each, ~8% of a bonnie++ import's time); one that
			 * fails keeps its earlier rows, and the importer rolls
			 * the whole transaction back on any error */
			/* one run_id for every row: ?1, bound once */
			store_batch_sql(sql, sizeof(sql), "INSERT OR FAIL INTO "
					"result (run_id, test, metric, value, "
					"unit, better, status) VALUES ",
					"(?1, ?, ?, ?, ?, ?, ?)", rows);
			if (prepare_cached(s, (enum store_stmt)(STORE_STMT_RESULTS + k),
					   sql, &st, e))
				return -1;
		}
		st = s->stmt[STORE_STMT_RESULTS + k];
		sqlite3_bind_int64(st, 1, run_id);
		for (i = 0; i < (int)rows; i++) {
			int b = 1 + 6 * i;	/* the row's params after ?1 */

			bind_text_static(st, b + 1, r[i].test);
			bind_text_static(st, b + 2, r[i].metric);
			if (r[i].has_value)
				sqlite3_bind_double(st, b + 3, r[i].value);
			else
				sqlite3_bind_null(st, b + 3);
			bind_text_static(st, b + 4, r[i].unit);
			bind_text_static(st, b + 5, r[i].better);
			bind_text_static(st, b + 6, r[i].status);
		}
		rc = step_cached(s, st);
		if (rc == SQLITE_CONSTRAINT_UNIQUE)
			return err_set(e, NULL, 0, 0, "a result given twice for "
				       "one run");
		if (rc != SQLITE_DONE)
			return db_err(s, e, "cannot store result");
		r += rows;
		n -= rows;
	}
	return 0;
}

int store_batch_log2(size_t n, int kmax)
{
	int k = kmax;

	while (k > 0 && (size_t)1 << k > n)
		k--;
	return k;
}

void store_batch_sql(char *sql, size_t cap, const char *head,
		     const char *tuple, size_t rows)
{
	size_t len = (size_t)snprintf(sql, cap, "%s%s", head, tuple), i;

	for (i = 1; i < rows && len < cap; i++)
		len += (size_t)snprintf(sql + len, cap - len, ", %s", tuple);
}

const char *store_col_text(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	return t ? (const char *)t : "";
}

int store_exec_id(struct store *s, const char *sql, long long id,
		  struct err *e)
{
	sqlite3_stmt *st;

	if (store_prepare(s, sql, &st, e))
		return -1;
	if (sqlite3_bind_parameter_count(st) > 0)
		sqlite3_bind_int64(st, 1, id);
	return store_step_done(s, st, "cannot update the store", e);
}

int store_each_step(struct store *s, sqlite3_stmt *st,
		    int (*row)(sqlite3_stmt *st, void *a, void *b), void *a,
		    void *b, const char *what, struct err *e)
{
	int rc, stop = 0;

	while ((rc = store_step(s, st)) == SQLITE_ROW)
		if ((stop = row(st, a, b)) != 0)
			break;
	sqlite3_finalize(st);
	if (!stop && rc != SQLITE_DONE)
		return db_err(s, e, what);
	return stop;
}

/* Runs a query, binding suite (when not NULL) to ?1, and hands each row to
 * row_cb; shared by the store_each_* readers.  Without a suite ?1 stays
 * NULL, so "?1 IS NULL OR r.suite = ?1" reads every suite's. */
static int each(struct store *s, const char *sql, const char *suite,
		long long id, int (*row_cb)(sqlite3_stmt *st, void *a, void *b),
		void *a, void *b, struct err *e)
{
	sqlite3_stmt *st;

	if (prepare(s, sql, &st, e))
		return -1;
	if (suite)
		store_bind_text(s, st, 1, suite);
	else if (id)
		sqlite3_bind_int64(st, 1, id);
	return store_each_step(s, st, row_cb, a, b, "cannot read store", e);
}

static int result_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	int (*fn)(void *, const struct store_row *) =
		(int (*)(void *, const struct store_row *))(uintptr_t)cb;
	struct store_row row;

	row.run = sqlite3_column_int64(st, 0);
	row.label = store_col_text(st, 1);
	row.suite = store_col_text(st, 2);
	row.r.test = store_col_text(st, 3);
	row.r.metric = store_col_text(st, 4);
	row.r.has_value = sqlite3_column_type(st, 5) != SQLITE_NULL;
	row.r.value = row.r.has_value ? sqlite3_column_double(st, 5) : 0;
	row.r.unit = store_col_text(st, 6);
	row.r.better = store_col_text(st, 7);
	row.r.status = store_col_text(st, 8);
	row.group = sqlite3_column_count(st) > 9 ? store_col_text(st, 9) : row.label;
	return fn(ctx, &row);
}

int store_each_result(struct store *s, const char *suite,
		      int (*cb)(void *ctx, const struct store_row *row),
		      void *ctx, struct err *e)
{
	return each(s, "SELECT r.id, r.label, r.suite, x.test, x.metric, "
		    "x.value, x.unit, x.better, x.status FROM run r JOIN result "
		    "x ON x.run_id = r.id WHERE r.excluded IS NULL AND (?1 IS "
		    "NULL OR r.suite = ?1) ORDER BY r.id, x.id", suite, 0,
		    result_row, (void *)(uintptr_t)cb, ctx, e);
}

static int run_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	int (*fn)(void *, const struct store_run *) =
		(int (*)(void *, const struct store_run *))(uintptr_t)cb;
	struct store_run run;

	run.id = sqlite3_column_int64(st, 0);
	run.suite = store_col_text(st, 1);
	run.label = store_col_text(st, 2);
	run.source = store_col_text(st, 3);
	run.format = store_col_text(st, 4);
	run.results = sqlite3_column_int64(st, 5);
	run.source_id = sqlite3_column_int64(st, 6);
	run.sha256 = store_col_text(st, 7);
	run.line = (long)sqlite3_column_int64(st, 8);
	run.excluded = sqlite3_column_type(st, 9) == SQLITE_NULL ? NULL
								 : store_col_text(st, 9);
	return fn(ctx, &run);
}

int store_each_run(struct store *s, const char *suite,
		   int (*cb)(void *ctx, const struct store_run *run),
		   void *ctx, struct err *e)
{
	return each(s, "SELECT r.id, r.suite, r.label, s.name, s.format, "
		    "(SELECT count(*) FROM result x WHERE x.run_id = r.id), "
		    "s.id, s.sha256, r.line, r.excluded FROM run r JOIN source s "
		    "ON s.id = r.source_id WHERE ?1 IS NULL OR r.suite = ?1 "
		    "ORDER BY r.id", suite, 0, run_row, (void *)(uintptr_t)cb,
		    ctx, e);
}

static int pair_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	int (*fn)(void *, const char *, const char *) =
		(int (*)(void *, const char *, const char *))(uintptr_t)cb;

	return fn(ctx, store_col_text(st, 0), store_col_text(st, 1));
}

int store_each_attr(struct store *s, long long run,
		    int (*cb)(void *ctx, const char *key, const char *value),
		    void *ctx, struct err *e)
{
	return each(s, "SELECT key, value FROM run_attr WHERE run_id = ?1 "
		       "ORDER BY key", NULL, run, pair_row,
		    (void *)(uintptr_t)cb, ctx, e);
}

static int single_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	int (*fn)(void *, const char *) =
		(int (*)(void *, const char *))(uintptr_t)cb;

	return fn(ctx, store_col_text(st, 0));
}

int store_each_suite(struct store *s,
		     int (*cb)(void *ctx, const char *suite), void *ctx,
		     struct err *e)
{
	return each(s, "SELECT DISTINCT r.suite FROM run r WHERE r.excluded IS"
		       " NULL AND EXISTS (SELECT 1 FROM result x WHERE"
		       " x.run_id = r.id) ORDER BY r.suite", NULL, 0, single_row,
		    (void *)(uintptr_t)cb, ctx, e);
}

int store_each_attr_key(struct store *s,
			int (*cb)(void *ctx, const char *key), void *ctx,
			struct err *e)
{
	return each(s, "SELECT DISTINCT key FROM run_attr ORDER BY key", NULL,
		    0, single_row, (void *)(uintptr_t)cb, ctx, e);
}

int store_comparison_set(struct store *s, const struct store_comparison *c,
			 struct err *e)
{
	sqlite3_stmt *st;
	char filter[4096];
	size_t n = 0;
	int i;

	/* Filters of single literal values are stored as "k=v" lines
	 * (parse_filter's first form, which every store already holds and
	 * every version reads); any other condition makes
	 * the filter a "#selection" one: a header line, then each condition
	 * in the language's own text. */
	int lang = 0;

	for (i = 0; i < c->nwhere; i++)
		lang |= c->where_op[i] != SELECTION_EQ;
	filter[0] = '\0';
	if (lang)
		n = (size_t)snprintf(filter, sizeof(filter), "#selection\n");
	for (i = 0; i < c->nwhere; i++) {
		char cond[sizeof(filter)];
		int k;

		if (lang)
			selection_format(c->where_op[i], c->where_key[i],
					 c->where_value[i], cond, sizeof(cond));
		else
			snprintf(cond, sizeof(cond), "%s=%s", c->where_key[i],
				 c->where_value[i]);
		k = snprintf(filter + n, sizeof(filter) - n, "%s\n", cond);
		if (k < 0 || (size_t)k >= sizeof(filter) - n)
			return err_set(e, NULL, 0, 0, "--where values too long");
		n += (size_t)k;
	}
	if (store_begin(s, e))
		return -1;
	if (prepare(s, "INSERT OR REPLACE INTO comparison (name, title, suite, "
		       "by_key, filter, metrics, tests, order_by, split_by, x_key) "
		       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", &st, e)) {
		store_rollback(s);
		return -1;
	}
	store_bind_text(s, st, 1, c->name);
	store_bind_text(s, st, 2, c->title);
	store_bind_text(s, st, 3, c->suite);
	store_bind_text(s, st, 4, c->by);
	store_bind_text(s, st, 5, filter);
	store_bind_text(s, st, 6, c->metrics);
	store_bind_text(s, st, 7, c->tests);
	store_bind_text(s, st, 8, c->order);
	store_bind_text(s, st, 9, c->split);
	store_bind_text(s, st, 10, c->x);
	if (step_done(s, st, "cannot store comparison", e)) {
		store_rollback(s);
		return -1;
	}
	return store_commit(s, e);
}

int store_comparison_delete(struct store *s, const char *name, int *found,
			    struct err *e)
{
	sqlite3_stmt *st;

	if (prepare(s, "DELETE FROM comparison WHERE name = ?", &st, e))
		return -1;
	store_bind_text(s, st, 1, name);
	if (step_done(s, st, "cannot delete comparison", e))
		return -1;
	*found = sqlite3_changes(s->db) > 0;
	return 0;
}

/* Splits a stored filter into c's where lists; the strings point into
 * buf.  Two forms: "k=v" lines, each a literal value (every filter before
 * the selection language), or a "#selection" line and then one condition
 * of the language a line (store_comparison_set).  A line that does not
 * parse is skipped, as a line without '=' always was. */
static void parse_filter(char *buf, struct store_comparison *c)
{
	char *line = buf;
	int lang = strncmp(buf, "#selection\n", 11) == 0;

	c->nwhere = 0;
	if (lang)
		line += 11;
	while (*line) {
		char *nl = strchr(line, '\n'), *eq = strchr(line, '=');

		if (nl)
			*nl = '\0';
		if (c->nwhere == STORE_WHERE_MAX) {
			c->where_unread = 1;
		} else if (lang) {
			struct err e;
			int i = c->nwhere;

			if (selection_parse(line, &c->where_op[i], &c->where_key[i],
					    &c->where_value[i], &e) == 0)
				c->nwhere++;
			else
				c->where_unread = 1;
		} else if (eq) {
			*eq = '\0';
			c->where_op[c->nwhere] = SELECTION_EQ;
			c->where_key[c->nwhere] = line;
			c->where_value[c->nwhere++] = eq + 1;
		}
		if (!nl)
			break;
		line = nl + 1;
	}
}

void store_comparison_row(sqlite3_stmt *st, struct store_comparison *c,
			  char *filter, size_t cap)
{
	memset(c, 0, sizeof(*c));
	c->name = store_col_text(st, 0);
	c->title = sqlite3_column_type(st, 1) == SQLITE_NULL ? NULL
							    : store_col_text(st, 1);
	c->suite = store_col_text(st, 2);
	c->by = (const char *)sqlite3_column_text(st, 3);
	/* conditions cut short would select more than was meant */
	if ((size_t)snprintf(filter, cap, "%s", store_col_text(st, 4)) >= cap)
		c->where_unread = 1;
	parse_filter(filter, c);
	c->metrics = (const char *)sqlite3_column_text(st, 5);
	c->tests = (const char *)sqlite3_column_text(st, 6);
	c->order = (const char *)sqlite3_column_text(st, 7);
	c->split = (const char *)sqlite3_column_text(st, 8);
	c->x = (const char *)sqlite3_column_text(st, 9);
}

int store_each_comparison(struct store *s,
			  int (*cb)(void *ctx, const struct store_comparison *c),
			  void *ctx, struct err *e)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (prepare(s, "SELECT name, title, suite, by_key, filter, metrics, tests,"
		       " order_by, split_by, x_key FROM comparison ORDER BY name",
		    &st, e))
		return -1;
	while (!stop && (rc = store_step(s, st)) == SQLITE_ROW) {
		struct store_comparison c;
		char filter[4096];

		store_comparison_row(st, &c, filter, sizeof(filter));
		stop = cb(ctx, &c);
	}
	sqlite3_finalize(st);
	if (stop)
		return stop;
	if (rc != SQLITE_DONE)
		return db_err(s, e, "cannot read comparisons");
	/* the defaults: suites no defined comparison covers */
	if (prepare(s, "SELECT DISTINCT r.suite FROM run r WHERE r.excluded IS"
		       " NULL AND EXISTS (SELECT 1 FROM result x WHERE"
		       " x.run_id = r.id) AND r.suite NOT IN (SELECT suite FROM"
		       " comparison WHERE suite IS NOT NULL) ORDER BY r.suite",
		    &st, e))
		return -1;
	while (!stop && (rc = store_step(s, st)) == SQLITE_ROW) {
		struct store_comparison c;

		memset(&c, 0, sizeof(c));
		c.name = c.suite = store_col_text(st, 0);
		c.by = "label";
		c.is_default = 1;
		stop = cb(ctx, &c);
	}
	sqlite3_finalize(st);
	if (!stop && rc != SQLITE_DONE)
		return db_err(s, e, "cannot read suites");
	return stop;
}

/* Appends to sql the group expression of by: one key's value, or several
 * joined by " / " (NULL when a run lacks one: || keeps NULL); *nkeys says
 * how many attribute keys it binds.  With partial (a suite's default
 * comparison, whose keys benchsite chose), a run lacking some keys is
 * named by those it has, and by its label when it has none of them: a
 * grouping the user did not ask for must not drop runs.  0, or -1 when it
 * does not fit. */
static int by_sql(const char *by, int partial, char *sql, size_t cap,
		  size_t *n, int *nkeys)
{
	const char *p = by;
	int first = 1;

	*nkeys = 0;
	if (partial)
		*n += (size_t)snprintf(sql + *n, cap > *n ? cap - *n : 0,
				       "COALESCE(NULLIF(substr(");
	while (*p) {
		size_t len = strcspn(p, ",");
		int label = len == 5 && strncmp(p, "label", 5) == 0;
		const char *x = label ? "r.label" : "(SELECT value FROM run_attr"
			" a WHERE a.run_id = r.id AND a.key = ?)";

		if (partial)
			*n += (size_t)snprintf(sql + *n, cap > *n ? cap - *n : 0,
					       "%sCOALESCE(' / ' || %s, '')",
					       first ? "" : " || ", x);
		else
			*n += (size_t)snprintf(sql + *n, cap > *n ? cap - *n : 0,
					       "%s%s", first ? "" :
					       " || ' / ' || ", x);
		if (*n >= cap)
			return -1;
		*nkeys += !label;
		first = 0;
		p += len;
		if (*p == ',')
			p++;
	}
	if (partial)
		*n += (size_t)snprintf(sql + *n, cap > *n ? cap - *n : 0,
				       ", 4), ''), r.label)");
	return *n >= cap ? -1 : 0;
}

/* Binds by's attribute keys from parameter *p on. */
static void by_bind(struct store *s, sqlite3_stmt *st, const char *by, int *p)
{
	while (*by) {
		size_t len = strcspn(by, ",");

		if (!(len == 5 && strncmp(by, "label", 5) == 0))
			sqlite3_bind_text(st, (*p)++, by, (int)len, SQLITE_TRANSIENT);
		by += len;
		if (*by == ',')
			by++;
	}
	(void)s;
}

/* The WHERE clause of the runs c selects, after "WHERE": every where
 * condition, or only where[only] when only >= 0. */
static int select_sql_only(const struct store_comparison *c, int only,
			   char *sql, size_t cap, size_t *n)
{
	int i;

	*n += (size_t)snprintf(sql + *n, cap > *n ? cap - *n : 0,
			       " r.excluded IS NULL AND r.suite = ?");
	for (i = 0; i < c->nwhere && *n < cap; i++)
		if ((only < 0 || i == only) &&
		    selection_sql(c->where_op[i], c->where_key[i],
				  c->where_value[i], sql, cap, n))
			return -1;
	return *n + 64 >= cap ? -1 : 0;
}

static int select_sql(const struct store_comparison *c, char *sql, size_t cap,
		      size_t *n)
{
	return select_sql_only(c, -1, sql, cap, n);
}

static void select_bind_only(struct store *s, sqlite3_stmt *st,
			     const struct store_comparison *c, int only, int *p)
{
	int i;

	store_bind_text(s, st, (*p)++, c->suite);
	for (i = 0; i < c->nwhere; i++)
		if (only < 0 || i == only)
			selection_bind(s, st, c->where_op[i], c->where_key[i],
				       c->where_value[i], p);
}

static void select_bind(struct store *s, sqlite3_stmt *st,
			const struct store_comparison *c, int *p)
{
	select_bind_only(s, st, c, -1, p);
}

int store_count_selected(struct store *s, const struct store_comparison *c,
			 int only, long *count, struct err *e)
{
	char sql[8192];
	size_t n;
	sqlite3_stmt *st;
	int rc, p = 1;

	n = (size_t)snprintf(sql, sizeof(sql), "SELECT count(*) FROM run r WHERE"
			     " EXISTS (SELECT 1 FROM result x WHERE x.run_id ="
			     " r.id) AND");
	if (select_sql_only(c, only, sql, sizeof(sql), &n))
		return err_set(e, NULL, 0, 0, "comparison too complex");
	if (prepare(s, sql, &st, e))
		return -1;
	select_bind_only(s, st, c, only, &p);
	rc = store_step(s, st);
	*count = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return db_err(s, e, "cannot read store");
	return 0;
}

int store_each_result_in(struct store *s, const struct store_comparison *c,
			 int (*cb)(void *ctx, const struct store_row *row),
			 void *ctx, struct err *e)
{
	char sql[16384];
	size_t n;
	sqlite3_stmt *st;
	int rc, stop = 0, p = 1, nkeys;

	n = (size_t)snprintf(sql, sizeof(sql),
		"SELECT r.id, r.label, r.suite, x.test, x.metric, x.value,"
		" x.unit, x.better, x.status, ");
	if (by_sql(c->by, c->is_default, sql, sizeof(sql), &n, &nkeys))
		return err_set(e, NULL, 0, 0, "comparison too complex");
	n += (size_t)snprintf(sql + n, sizeof(sql) - n,
			      " FROM run r JOIN result x ON x.run_id = r.id WHERE");
	if (n >= sizeof(sql) || select_sql(c, sql, sizeof(sql), &n))
		return err_set(e, NULL, 0, 0, "comparison too complex");
	snprintf(sql + n, sizeof(sql) - n, " ORDER BY r.id, x.id");
	if (prepare(s, sql, &st, e))
		return -1;
	by_bind(s, st, c->by, &p);
	select_bind(s, st, c, &p);
	while ((rc = store_step(s, st)) == SQLITE_ROW) {
		if (sqlite3_column_type(st, 9) == SQLITE_NULL)
			continue;	/* no by attribute: not in a group */
		if ((stop = result_row(st, (void *)(uintptr_t)cb, ctx)) != 0)
			break;
	}
	sqlite3_finalize(st);
	if (!stop && rc != SQLITE_DONE)
		return db_err(s, e, "cannot read store");
	return stop;
}

int store_count_ungrouped(struct store *s, const struct store_comparison *c,
			  long *count, struct err *e)
{
	char sql[16384];
	size_t n;
	sqlite3_stmt *st;
	int rc, p = 1, nkeys;

	n = (size_t)snprintf(sql, sizeof(sql), "SELECT count(*) FROM run r WHERE"
			     " EXISTS (SELECT 1 FROM result x WHERE x.run_id ="
			     " r.id) AND (");
	if (by_sql(c->by, 0, sql, sizeof(sql), &n, &nkeys))
		return err_set(e, NULL, 0, 0, "comparison too complex");
	n += (size_t)snprintf(sql + n, sizeof(sql) - n, ") IS NULL AND");
	if (n >= sizeof(sql) || select_sql(c, sql, sizeof(sql), &n))
		return err_set(e, NULL, 0, 0, "comparison too complex");
	if (prepare(s, sql, &st, e))
		return -1;
	by_bind(s, st, c->by, &p);
	select_bind(s, st, c, &p);
	rc = store_step(s, st);
	*count = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return db_err(s, e, "cannot read store");
	return 0;
}

int store_run_pair_row(sqlite3_stmt *st, void *cb, void *ctx)
{
	int (*fn)(void *, long long, const char *, const char *) =
		(int (*)(void *, long long, const char *, const char *))
		(uintptr_t)cb;

	return fn(ctx, sqlite3_column_int64(st, 0), store_col_text(st, 1),
		  store_col_text(st, 2));
}

int store_each_attr_in_suite(struct store *s, const char *suite,
			     int (*cb)(void *ctx, long long run, const char *key,
				       const char *value),
			     void *ctx, struct err *e)
{
	return each(s, "SELECT a.run_id, a.key, a.value FROM run_attr a JOIN run"
		       " r ON r.id = a.run_id WHERE r.suite = ?1 AND r.excluded"
		       " IS NULL ORDER BY a.run_id, a.key", suite, 0,
		    store_run_pair_row, (void *)(uintptr_t)cb, ctx, e);
}

int store_each_run_test(struct store *s, const char *suite,
			int (*cb)(void *ctx, long long run, const char *label,
				  const char *test),
			void *ctx, struct err *e)
{
	return each(s, "SELECT DISTINCT r.id, r.label, x.test FROM run r JOIN"
		       " result x ON x.run_id = r.id WHERE r.suite = ?1 AND"
		       " r.excluded IS NULL ORDER BY r.id, x.test", suite, 0,
		    store_run_pair_row, (void *)(uintptr_t)cb, ctx, e);
}

int store_each_result_of_run(struct store *s, long long run,
			     int (*cb)(void *ctx, const struct store_row *row),
			     void *ctx, struct err *e)
{
	return each(s, "SELECT r.id, r.label, r.suite, x.test, x.metric, x.value,"
		       " x.unit, x.better, x.status FROM run r JOIN result x ON"
		       " x.run_id = r.id WHERE r.id = ?1 ORDER BY x.id", NULL, run,
		    result_row, (void *)(uintptr_t)cb, ctx, e);
}
