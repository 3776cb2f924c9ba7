/*
 * lifecycle_remove.c: excluding a run from the figures and deleting runs
 * (lifecycle.h).  Delete takes a source with its last run, so the store
 * never keeps bytes no run was read from.
 */
#include <sqlite3.h>

#include "../core/err.h"
#include "lifecycle.h"
#include "store.h"
#include "store_int.h"

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
		if (store_exec_id(s, "DELETE FROM run WHERE id = ?1", ids[i], e) ||
		    store_exec_id(s, "DELETE FROM source WHERE format = '"
			       LIFECYCLE_PRINTED "' AND options = (SELECT '"
			       LIFECYCLE_PRINTED_WITH "' || sha256 FROM source "
			       "WHERE id = ?1) AND NOT EXISTS (SELECT 1 FROM "
			       "run WHERE source_id = ?1)", source, e))
			return -1;
		gone = sqlite3_changes(s->db);
		if (store_exec_id(s, "DELETE FROM source WHERE id = ?1 AND NOT "
			       "EXISTS (SELECT 1 FROM run WHERE source_id = ?1)",
			       source, e))
			return -1;
		gone += sqlite3_changes(s->db);
		*sources += gone;
	}
	return 0;
}
