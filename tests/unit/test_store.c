/*
 * test_store.c: the store's pragmas, schema version and migration path,
 * and the verbatim, compressed, content-addressed sources.
 */
#include <stdlib.h>
#include <unistd.h>

#include <sqlite3.h>

#include "../../core/err.h"
#include "../../core/sha256.h"
#include "../../schema/store.h"
#include "tap.h"

static int pragma_int(const char *path, const char *sql)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	int v = -1;

	if (sqlite3_open(path, &db) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			v = sqlite3_column_type(st, 0) == SQLITE_TEXT
				    ? (strcmp((const char *)sqlite3_column_text(st, 0),
					      "wal") == 0)
				    : sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
	return v;
}

static void set_version(const char *path, int v)
{
	sqlite3 *db;
	char sql[64];

	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", v);
	sqlite3_open(path, &db);
	sqlite3_exec(db, sql, NULL, NULL, NULL);
	sqlite3_close(db);
}

void test_store(void)
{
	char path[64] = "/tmp/benchsite-store-XXXXXX";
	char sha[65], *back = NULL;
	unsigned char bytes[5000];
	struct store *s = NULL;
	struct err e;
	long long id = 0, found = -1;
	size_t n = 0, i;
	int fd = mkstemp(path);

	close(fd);	/* an empty file: a store of version 0 */
	err_clear(&e);
	CHECK(store_open(path, &s, &e) == 0, "open an empty file as a store");
	for (i = 0; i < sizeof(bytes); i++)
		bytes[i] = (unsigned char)(i * 7 + i / 13);	/* NULs included */
	sha256_hex(bytes, sizeof(bytes), sha);
	CHECK(store_begin(s, &e) == 0 &&
	      store_source_add(s, sha, "x.bin", "bonnie", bytes, sizeof(bytes),
			       NULL, NULL, &id, &e) == 0 &&
	      store_commit(s, &e) == 0, "store a source");
	CHECK(store_source_find(s, sha, &found, &e) == 0 && found == id,
	      "find the source by its SHA-256");
	CHECK(store_source_content(s, id, &back, &n, &e) == 0 &&
	      n == sizeof(bytes) && memcmp(back, bytes, n) == 0,
	      "the source comes back byte for byte");
	free(back);
	CHECK(store_begin(s, &e) == 0 &&
	      store_source_add(s, sha, "y.bin", "bonnie", bytes, sizeof(bytes),
			       NULL, NULL, &id, &e) < 0, "the same SHA-256 cannot be stored twice");
	store_rollback(s);
	CHECK(store_begin(s, &e) == 0 &&
	      store_run_add(s, 999999, 1, 1, "x", "y", &id, &e) < 0,
	      "foreign keys are enforced (a run of no source is refused)");
	store_rollback(s);
	store_close(s);
	CHECK(pragma_int(path, "PRAGMA user_version") == STORE_SCHEMA_VERSION,
	      "user_version is the schema version");
	CHECK(pragma_int(path, "PRAGMA journal_mode") == 1, "the store is in WAL mode");
	CHECK(pragma_int(path, "SELECT count(*) FROM pragma_table_info('source')") == 8,
	      "schema.sql was applied");
	set_version(path, STORE_SCHEMA_VERSION + 1);
	err_clear(&e);
	CHECK(store_open(path, &s, &e) < 0 && strstr(e.msg, "newer"),
	      "a store of a newer schema is refused");
	CHECK(pragma_int(path, "PRAGMA user_version") == STORE_SCHEMA_VERSION + 1,
	      "and left as it was");
	unlink(path);
	strncat(path, "-wal", sizeof(path) - strlen(path) - 1);
	unlink(path);
	path[strlen(path) - 4] = '\0';
	strncat(path, "-shm", sizeof(path) - strlen(path) - 1);
	unlink(path);
}
