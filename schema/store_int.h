/*
 * store_int.h: the store's handle, shared by the files of schema/ only
 * (store.c, lifecycle.c).  Nothing outside schema/ may include it: the rest
 * of benchsite sees struct store as opaque and never touches SQLite.
 */
#ifndef BENCHSITE_STORE_INT_H
#define BENCHSITE_STORE_INT_H

#include <sqlite3.h>

/* The statements an import runs once a result, sample, run or attribute:
 * prepared on first use and kept (reset, never finalized) until
 * store_close, because preparing costs more than the insert itself
 * (bench/: a 2,000-line bonnie++ CSV spent most of its time in
 * sqlite3_prepare_v2). */
enum store_stmt {
	STORE_STMT_RUN,
	STORE_STMT_ATTR,
	STORE_STMT_RESULT,
	STORE_STMT_SAMPLE,
	STORE_STMT_ATTR_ORIGIN,	/* lifecycle_attr_set's */
	/* store_results_add's INSERTs of 1, 2, 4 ... STORE_RESULTS_MAX rows */
	STORE_STMT_RESULTS,
	/* lifecycle_attrs_set's INSERTs of 1, 2, 4 ... 16 rows */
	STORE_STMT_ATTRS = STORE_STMT_RESULTS + 6,
	STORE_STMT_N = STORE_STMT_ATTRS + 5
};

struct store {
	sqlite3 *db;
	const char *path;
	sqlite3_stmt *stmt[STORE_STMT_N];	/* owned, NULL until used */
};

/* The cached statement k of sql (prepared on first use) in *st, ready to
 * bind; after sqlite3_step the caller calls store_stmt_done. */
int store_stmt(struct store *s, enum store_stmt k, const char *sql,
	       sqlite3_stmt **st, struct err *e);

/* Resets a cached statement for its next use; returns rc. */
int store_stmt_done(sqlite3_stmt *st, int rc);

#endif
