/*
 * lifecycle.c: see lifecycle.h.  What a person changes about a run or a
 * source after its import: attributes, the label, the import options.
 * The rest of the store's life is in files of their own: listings
 * (lifecycle_list.c), exclude and delete (lifecycle_remove.c), merge
 * (lifecycle_merge.c) and reparse's staging (lifecycle_stage.c).  Kept
 * apart from store.c (which opens, migrates, imports and feeds the
 * renderer) so that both stay small; they share the handle and its SQL
 * helpers (store_int.h).
 */

#include <sqlite3.h>

#include "../core/err.h"
#include "lifecycle.h"
#include "store.h"
#include "store_int.h"

int lifecycle_attrs_set(struct store *s, long long run_id,
			const char *const *key, const char *const *value,
			size_t n, const char *origin, struct err *e)
{
	while (n > 0) {
		int k = store_batch_log2(n, 4), i;
		size_t rows = (size_t)1 << k;
		sqlite3_stmt *st;

		if (!s->stmt[STORE_STMT_ATTRS + k]) {
			char sql[128 + 16 * LIFECYCLE_ATTRS_MAX];

			store_batch_sql(sql, sizeof(sql),
					"INSERT OR REPLACE INTO run_attr "
					"(run_id, key, value, origin) VALUES ",
					"(?, ?, ?, ?)", rows);
			if (store_stmt(s, (enum store_stmt)(STORE_STMT_ATTRS + k),
				       sql, &st, e))
				return -1;
		}
		st = s->stmt[STORE_STMT_ATTRS + k];
		for (i = 0; i < (int)rows; i++) {
			sqlite3_bind_int64(st, 4 * i + 1, run_id);
			/* not copied: the strings outlive the step, and
			 * store_stmt_done clears the bindings (store.c,
			 * bind_text_static) */
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
