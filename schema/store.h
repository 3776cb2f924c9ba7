/*
 * store.h: the results store, one SQLite file.
 *
 * The store knows no input format and no HTML: it takes records
 * (core/record.h) and hands them back.  Every write happens inside a
 * transaction begun with BEGIN IMMEDIATE, so with WAL and a busy timeout many
 * importers can share one store and a failed file leaves it as it was.
 */
#ifndef BENCHSITE_STORE_H
#define BENCHSITE_STORE_H

#include <stddef.h>

#include "../core/record.h"

struct err;
struct store;

/* The schema version this build writes (PRAGMA user_version). */
#define STORE_SCHEMA_VERSION 8
/* The oldest version whose tables are this version's (later ones only
 * add indexes): a store of it that cannot be written (a read-only mount)
 * is read as it is; an older one through a copy in memory brought to
 * this version, the file untouched. */
#define STORE_SCHEMA_READABLE 8

/* Opens path, creating it with the current schema when it does not exist
 * and migrating an older one; refuses a newer one.  *out is freed with
 * store_close. */
int store_open(const char *path, struct store **out, struct err *e);
void store_close(struct store *s);

/* store_open for commands that only read (list, export, summary, render):
 * a path where no file is refuses ("no store here") and creates
 * nothing. */
int store_open_existing(const char *path, struct store **out,
			struct err *e);

/* store_open for commands that change what a store holds (compare, tag,
 * exclude, delete, reparse): a path where no file is refuses ("no store
 * here") and creates nothing, as there is nothing there to change. */
int store_open_writable(const char *path, struct store **out,
			struct err *e);

/* The path the store was opened with. */
const char *store_path(const struct store *s);

/* 1 once a write to s failed for want of disk space ("no space left on
 * device"): an importer then stops, instead of failing every next file
 * the same way. */
int store_full(const struct store *s);

/* For a connection that only imports (import, run): leaves foreign keys
 * and CHECK constraints to the importer's own checks.  See store.c. */
int store_import_mode(struct store *s, struct err *e);

/* 0 when SOURCE_DATE_EPOCH (the import time recorded, for reproducible
 * stores) is unset, empty, or whole seconds since 1970 up to the end of
 * year 9999; else -1 with e naming it.  The importers ask before they
 * open the store, so that a bad value changes nothing. */
int store_epoch_check(struct err *e);

/* Transactions: store_begin takes the write lock at once (BEGIN IMMEDIATE). */
int store_begin(struct store *s, struct err *e);
int store_commit(struct store *s, struct err *e);
void store_rollback(struct store *s);

/* A read transaction (end it with store_rollback): every read after it sees
 * the store as it was at this call, whatever another process commits
 * meanwhile. */
int store_snapshot(struct store *s, struct err *e);

/* *id = the source with this SHA-256, or 0 when there is none. */
int store_source_find(struct store *s, const char *sha256, long long *id,
		      struct err *e);

/* Stores bytes[0..n) zlib-compressed under sha256, in pieces, in memory
 * that does not grow with n; *id = the new source.  tick(ctx), when not
 * NULL, is called each time a few MB of bytes have been read (the
 * importer then drops the pages of a mapped input). */
int store_source_add(struct store *s, const char *sha256, const char *name,
		     const char *format, const void *bytes, size_t n,
		     void (*tick)(void *), void *ctx, long long *id,
		     struct err *e);

/* A SHA-256 (64 hex digits and a NUL into hex) of everything in the store
 * but the sources' bytes, which their sha256 column stands for: every
 * table, every row with every value and its type; a row that belongs to a
 * run or a source goes into that one's digest, and the digests, in id
 * order, into the fingerprint.  Equal fingerprints mean equal contents; the
 * same contents stored in another order may give another fingerprint
 * (render then just does its full work).  For render's "nothing changed"
 * check.  0; -2 (e filled) when the store reads but cannot be
 * fingerprinted (a table whose column names do not fit 64 KiB: render
 * then does its full work without keys); -1 on any other
 * failure, running out of memory included (render fails).
 *
 * When digests is not NULL, the same read also gives *digests (the caller
 * frees it with store_digests_free): per run, a SHA-256 of its row, its
 * attributes, results and samples, and its source's row; render keys its
 * pages by them (schema/fingerprint.c). */
struct store_digests;
int store_fingerprint(struct store *s, char hex[65],
		      struct store_digests **digests, struct err *e);
void store_digests_free(struct store_digests *d);

/* The digest (32 bytes) of run, or NULL when the store had no such run. */
const unsigned char *store_run_digest(const struct store_digests *d,
				      long long run);

/* A SHA-256 of what the store holds about every run of suite (none when
 * suite is NULL), in id order, that a comparison's pages can show: its
 * row, its results, its source's row, and when attrs is set its
 * attributes; never its samples. */
void store_suite_digest(const struct store_digests *d, const char *suite,
			int attrs, unsigned char out[32]);

/* The uncompressed bytes of a source; *out is malloc'd (NUL-terminated),
 * the caller frees.  Refuses a source over 1 GiB. */
int store_source_content(struct store *s, long long id, char **out,
			 size_t *n, struct err *e);

/* *size = the uncompressed size of source id. */
int store_source_size(struct store *s, long long id, unsigned long long *size,
		      struct err *e);

/* Feeds the uncompressed bytes of a source to put, in order, a piece at
 * a time: memory does not grow with the source's size.  0; -1 with e
 * filled when the source is missing or damaged or when put returns
 * non-zero (put fills e then). */
int store_source_read(struct store *s, long long id,
		      int (*put)(void *ctx, const void *p, size_t n,
				 struct err *e),
		      void *ctx, struct err *e);

int store_run_add(struct store *s, long long source_id, int seq, long line,
		  const char *suite, const char *label, long long *run_id,
		  struct err *e);
/* Sets (or replaces) one attribute of a run. */
int store_attr_set(struct store *s, long long run_id, const char *key,
		   const char *value, struct err *e);
int store_result_add(struct store *s, long long run_id,
		     const struct record_result *r, struct err *e);

/* Inserts r[0..n) for run_id, as store_result_add would one by one but in
 * statements of several rows (SQLite's cost per statement is most of a
 * short row's).  A row refused (a result given twice, a word the schema
 * does not know) fails the call without saying which: callers that must
 * name the row check it first (collector/sink.c). */
#define STORE_RESULTS_MAX 32
int store_results_add(struct store *s, long long run_id,
		      const struct record_result *r, size_t n, struct err *e);

/* Adds a sample of run_id's test and metric, after the ones added before.
 * Held in s until the transaction commits or samples are read (schema/
 * store_sample.c), so a failure to write may be reported by a later call
 * or by store_commit. */
int store_sample_add(struct store *s, long long run_id, const char *test,
		     const char *metric, double t, double value, struct err *e);

/* One row of a listing; strings valid during the callback only. */
struct store_row {
	long long run;
	const char *label;
	const char *suite;
	const char *group;	/* the comparison's group (the label, or the
				 * value of its by attribute) */
	struct record_result r;
};

/* Comparisons: which runs a page compares.  by is "label" or an attribute
 * key; where holds the conditions of the selection language that the runs
 * must meet (selection.h): where_op[i] on key where_key[i] ("label" may be
 * one) and its values where_value[i] as written; where_op 0
 * (SELECTION_EQ) is the single value taken literally, all a filter held
 * before the language. */
#define STORE_WHERE_MAX 16

struct store_comparison {
	const char *name;
	const char *title;	/* may be NULL */
	const char *suite;
	const char *by;		/* "label", an attribute key, or several
				 * joined by commas ("label,fs"): a group is
				 * then the runs that share every one */
	int is_default;		/* made up for a suite no comparison covers:
				 * the renderer chooses its grouping */
	int nwhere;
	int where_unread;	/* a stored condition did not parse (a store
				 * edited by hand): comparison_rule.h refuses
				 * it rather than select more than was meant */
	const char *where_key[STORE_WHERE_MAX];
	const char *where_value[STORE_WHERE_MAX];
	int where_op[STORE_WHERE_MAX];
	/* NULL or comma-separated: the metrics and tests a page shows (NULL:
	 * all); the groups' order: NULL natural, "value" ranked by their
	 * figures, else group names (those not named follow, naturally) */
	const char *metrics, *tests, *order;
	/* NULL, or attribute keys (comma-separated) of a second factor: the
	 * groups are then those of by and split together */
	const char *split;
	/* NULL, or the attribute key of a sweep: its numeric values are the
	 * x axis, and the groups those of by at each x */
	const char *x;
};

/* Creates or replaces a comparison (inside its own transaction). */
int store_comparison_set(struct store *s, const struct store_comparison *c,
			 struct err *e);

/* Deletes one; *found says whether it existed. */
int store_comparison_delete(struct store *s, const char *name, int *found,
			    struct err *e);

/* Calls cb for each comparison to show: the defined ones by name, then a
 * default one (name = suite, by label) for each suite with results that no
 * defined comparison covers.  Strings valid during the callback only. */
int store_each_comparison(struct store *s,
			  int (*cb)(void *ctx, const struct store_comparison *c),
			  void *ctx, struct err *e);

/* Calls cb for every result of the included runs that c selects, with
 * row->group set; runs without a by attribute are left out, except in a
 * default comparison (is_default), where such a run's group is named by
 * the by values it has (its label when it has none).  Order: run, then
 * insertion. */
int store_each_result_in(struct store *s, const struct store_comparison *c,
			 int (*cb)(void *ctx, const struct store_row *row),
			 void *ctx, struct err *e);

/* How many included runs c selects (suite and where) lack one of its by
 * attributes, and so are in no group (in a default comparison: are
 * grouped by the rest). */
int store_count_ungrouped(struct store *s, const struct store_comparison *c,
			  long *n, struct err *e);

/* *n = how many included runs of c's suite with results meet where
 * condition only (every condition when only is -1), whatever their by
 * attributes: what `compare` reports of a selection that chose none. */
int store_count_selected(struct store *s, const struct store_comparison *c,
			 int only, long *n, struct err *e);

/* Calls cb for each attribute of each included run of suite, ordered by
 * run then key. */
int store_each_attr_in_suite(struct store *s, const char *suite,
			     int (*cb)(void *ctx, long long run, const char *key,
				       const char *value),
			     void *ctx, struct err *e);

/* Calls cb once for each test of each included run of suite (with the
 * run's label), ordered by run. */
int store_each_run_test(struct store *s, const char *suite,
			int (*cb)(void *ctx, long long run, const char *label,
				  const char *test),
			void *ctx, struct err *e);

/* Calls cb for every result of every included run (of suite, when not
 * NULL), ordered by run then by insertion; stops early when cb returns
 * non-zero and returns that value. */
int store_each_result(struct store *s, const char *suite,
		      int (*cb)(void *ctx, const struct store_row *row),
		      void *ctx, struct err *e);

struct store_run {
	long long id;
	const char *suite;
	const char *label;
	const char *source;	/* the source's name */
	const char *format;
	long long results;
	long long source_id;
	const char *sha256;	/* the source's */
	long line;		/* where the run starts in its source */
	const char *excluded;	/* why it is left out, or NULL */
};
int store_each_run(struct store *s, const char *suite,
		   int (*cb)(void *ctx, const struct store_run *run),
		   void *ctx, struct err *e);

/* Calls cb (with id, label, source and line set) for each run, in id
 * order, that holds text the text rule refuses (core/textrule.h) in its
 * label, suite, source name, results, attributes or samples: a store an
 * older version or the sqlite3 shell wrote.  Stops when cb returns
 * non-zero and returns that value. */
int store_each_unclean_run(struct store *s,
			   int (*cb)(void *ctx, const struct store_run *run),
			   void *ctx, struct err *e);

/* Calls cb for every result of one run (excluded or not), in order. */
int store_each_result_of_run(struct store *s, long long run,
			     int (*cb)(void *ctx, const struct store_row *row),
			     void *ctx, struct err *e);

/* For every series of one run, by test and metric: begin(ctx, test,
 * metric), then cb for each of its samples by time.  A non-zero return
 * of either stops the walk and is returned. */
int store_each_sample(struct store *s, long long run,
		      int (*begin)(void *ctx, const char *test,
				   const char *metric),
		      int (*cb)(void *ctx, double t, double value),
		      void *ctx, struct err *e);

/* Calls cb for every sample of one run's test and metric, by time. */
int store_each_sample_of(struct store *s, long long run, const char *test,
			 const char *metric,
			 int (*cb)(void *ctx, double t, double value),
			 void *ctx, struct err *e);

/* Calls cb once for each (run, test, metric) of suite's runs that has
 * samples, in no stated order: what a page or summary need not ask
 * store_each_sample_of about. */
int store_each_sampled(struct store *s, const char *suite,
		       int (*cb)(void *ctx, long long run, const char *test,
				 const char *metric),
		       void *ctx, struct err *e);

/* One sample with its run's identity: a row of `export --samples`. */
struct store_sample_row {
	long long run;
	const char *label;
	const char *suite;
	const char *test;
	const char *metric;
	double t;
	double value;
};

/* Calls cb for every sample of the included runs (of suite, unless
 * NULL), by run id, then a series (test and metric) at a time in the order
 * the series began, each in the order its samples were stored: the order
 * an import of them stores them in again. */
int store_each_sample_row(struct store *s, const char *suite,
			  int (*cb)(void *ctx,
				    const struct store_sample_row *row),
			  void *ctx, struct err *e);

/* Calls cb for each attribute of run, by key. */
int store_each_attr(struct store *s, long long run,
		    int (*cb)(void *ctx, const char *key, const char *value),
		    void *ctx, struct err *e);

/* Calls cb for each distinct suite that has results, in name order. */
int store_each_suite(struct store *s,
		     int (*cb)(void *ctx, const char *suite), void *ctx,
		     struct err *e);

/* Calls cb for each distinct attribute key of the runs, in order. */
int store_each_attr_key(struct store *s,
			int (*cb)(void *ctx, const char *key), void *ctx,
			struct err *e);

#endif
