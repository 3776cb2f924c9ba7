/*
 * store_text.c: which runs hold text the text rule (core/textrule.h)
 * refuses.  The importer never stores such text, but a store written by an
 * older version or by hand in the sqlite3 shell may hold it; render shows
 * it cleaned and names those runs, so that they can be found and fixed.
 *
 * The rule is C, so it is lent to SQLite as a function of this connection
 * (benchsite_unclean), and one query finds the runs: SQLite walks the
 * tables, and only what each row's text needs is done per row.
 */
#include <string.h>

#include "../core/err.h"
#include "../core/textrule.h"
#include "store.h"
#include "store_int.h"

typedef int (*text_check)(const char *, size_t, size_t *, long *);

/* benchsite_unclean(x): 1 when x is text (or a blob) the rule refuses;
 * benchsite_unclean_path(x) the same but for NFC (a source's name is the
 * path as given). */
static void unclean(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	text_check check = *(text_check *)sqlite3_user_data(cx);
	const unsigned char *p;
	int n;

	(void)argc;
	if (sqlite3_value_type(argv[0]) != SQLITE_TEXT &&
	    sqlite3_value_type(argv[0]) != SQLITE_BLOB) {
		sqlite3_result_int(cx, 0);
		return;
	}
	p = sqlite3_value_text(argv[0]);
	n = sqlite3_value_bytes(argv[0]);
	sqlite3_result_int(cx, p && check((const char *)p, (size_t)n, NULL,
					  NULL) != 0);
}

static const char unclean_sql[] =
	"SELECT r.id, r.label, s.name, r.line FROM run r "
	"JOIN source s ON s.id = r.source_id "
	"WHERE benchsite_unclean(r.label) OR benchsite_unclean(r.suite) "
	"OR benchsite_unclean_path(s.name) "
	"OR EXISTS (SELECT 1 FROM result WHERE run_id = r.id AND "
	"(benchsite_unclean(test) OR benchsite_unclean(metric) OR "
	"benchsite_unclean(unit))) "
	"OR EXISTS (SELECT 1 FROM run_attr WHERE run_id = r.id AND "
	"(benchsite_unclean(key) OR benchsite_unclean(value))) "
	"OR EXISTS (SELECT 1 FROM sample WHERE run_id = r.id AND "
	"(benchsite_unclean(test) OR benchsite_unclean(metric))) "
	"ORDER BY r.id";

int store_each_unclean_run(struct store *s,
			   int (*cb)(void *ctx, const struct store_run *run),
			   void *ctx, struct err *e)
{
	sqlite3_stmt *st;
	struct store_run run;
	int rc, stop = 0;
	static const text_check name = textrule_check,
				path = textrule_check_chars;

	if (sqlite3_create_function(s->db, "benchsite_unclean", 1,
				    SQLITE_UTF8 | SQLITE_DETERMINISTIC,
				    (void *)&name, unclean, NULL,
				    NULL) != SQLITE_OK ||
	    sqlite3_create_function(s->db, "benchsite_unclean_path", 1,
				    SQLITE_UTF8 | SQLITE_DETERMINISTIC,
				    (void *)&path, unclean, NULL,
				    NULL) != SQLITE_OK)
		return store_db_err(s, e, "cannot check the store's text");
	if (store_prepare(s, unclean_sql, &st, e))
		return -1;
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&run, 0, sizeof(run));
		run.id = sqlite3_column_int64(st, 0);
		run.label = (const char *)sqlite3_column_text(st, 1);
		run.source = (const char *)sqlite3_column_text(st, 2);
		run.line = (long)sqlite3_column_int64(st, 3);
		if (!run.label || !run.source) {
			rc = SQLITE_NOMEM;
			break;
		}
		stop = cb(ctx, &run);
	}
	if (!stop && rc != SQLITE_DONE) {
		store_db_err(s, e, "cannot check the store's text");
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	return stop;
}
