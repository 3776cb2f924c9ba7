/*
 * lifecycle.h: what a store needs over the years, beside import and
 * render: merging other stores, reading sources again with today's
 * parsers, leaving runs out (exclude) or removing them (delete), and
 * listing what is there, filtered.
 *
 * Like store.h, this knows no input format and no HTML.  Writes happen
 * inside the caller's transaction (store_begin ... store_commit), so a
 * command that does several of them still changes the store all at once
 * or not at all.
 */
#ifndef BENCHSITE_LIFECYCLE_H
#define BENCHSITE_LIFECYCLE_H

#include <stddef.h>

#include "../core/record.h"

struct err;
struct store;

/* Attribute origins (run_attr.origin): reparse replaces what the parser
 * read and keeps what a person or another command gave. */
#define LIFECYCLE_PARSER "parser"
#define LIFECYCLE_USER "user"

/* Sets key[i] = value[i] for i < n (in order: a later one replaces an
 * earlier one of the same key), with one origin, in statements of up to
 * LIFECYCLE_ATTRS_MAX rows: an import sets a run's attributes at once. */
#define LIFECYCLE_ATTRS_MAX 16
int lifecycle_attrs_set(struct store *s, long long run_id,
			const char *const *key, const char *const *value,
			size_t n, const char *origin, struct err *e);

/* Tags a run (`benchsite tag`): its label becomes label, kept by reparse
 * as the user's.  An unknown run is an error. */
int lifecycle_label_set(struct store *s, long long run, const char *label,
			struct err *e);

/* Removes attribute key of run; *had says whether it had one. */
int lifecycle_attr_unset(struct store *s, long long run, const char *key,
			 int *had, struct err *e);

/* The format of a source that is what a tool printed while its results
 * went to a file (`benchsite run -- fio --output F`): kept for people,
 * read by no parser.  Its options are LIFECYCLE_PRINTED_WITH and the
 * SHA-256 of the source of those results, so that it goes when they go. */
#define LIFECYCLE_PRINTED "printed"
#define LIFECYCLE_PRINTED_WITH "printed-with "

/* Records the import options of a source (the text is the importer's,
 * see import_opts_encode); NULL means "not known". */
int lifecycle_source_options(struct store *s, long long source_id,
			     const char *options, struct err *e);

/* Filters of the listings; NULL / 0 fields do not filter.  where:
 * conditions of the selection language (selection.h) that must all hold:
 * op[i] on key[i] with its values value[i]; op 0 is one literal value. */
#define LIFECYCLE_WHERE_MAX 16
struct lifecycle_filter {
	const char *suite;
	const char *label;
	int excluded_only;
	int nwhere;
	const char *key[LIFECYCLE_WHERE_MAX];
	const char *value[LIFECYCLE_WHERE_MAX];
	int op[LIFECYCLE_WHERE_MAX];
};

/* Strings are valid during the callback only. */
struct lifecycle_run {
	long long id;
	const char *suite;
	const char *label;
	const char *excluded;	/* why, or NULL when included */
	const char *source;	/* the source's name */
	const char *format;
	long long source_id;
	long long results;
};

/* Every run matching f (excluded ones too), by id. */
int lifecycle_each_run(struct store *s, const struct lifecycle_filter *f,
		       int (*cb)(void *ctx, const struct lifecycle_run *r),
		       void *ctx, struct err *e);

/* Every attribute of every run matching f, by run then key. */
int lifecycle_each_attr(struct store *s, const struct lifecycle_filter *f,
			int (*cb)(void *ctx, long long run, const char *key,
				  const char *value),
			void *ctx, struct err *e);

struct lifecycle_test {
	const char *suite, *test, *metric, *unit, *better;
	long long runs;		/* matching runs that have it */
};

/* Each distinct suite, test, metric, unit and direction of the runs
 * matching f, by suite and then first appearance. */
int lifecycle_each_test(struct store *s, const struct lifecycle_filter *f,
			int (*cb)(void *ctx, const struct lifecycle_test *t),
			void *ctx, struct err *e);

struct lifecycle_source {
	long long id;
	const char *sha256, *name, *format, *imported_at;
	const char *options;	/* NULL: not known (stored before version 2) */
	long long size;
	long long runs;		/* matching runs */
};

/* Every source, by id; with a run filter (suite, label, where), only the
 * sources holding a matching run. */
int lifecycle_each_source(struct store *s, const struct lifecycle_filter *f,
			  int (*cb)(void *ctx, const struct lifecycle_source *src),
			  void *ctx, struct err *e);

struct lifecycle_comparison {
	const char *name, *title, *suite, *by_key, *filter;
};

/* Every comparison (of f->suite when given), by name. */
int lifecycle_each_comparison(struct store *s, const struct lifecycle_filter *f,
			      int (*cb)(void *ctx,
					const struct lifecycle_comparison *c),
			      void *ctx, struct err *e);

/* Excludes run with the reason why, or includes it again when why is NULL.
 * *was is 1 when it was excluded before.  An unknown run is an error. */
int lifecycle_exclude(struct store *s, long long run, const char *why,
		      int *was, struct err *e);

/* Deletes the runs ids[0..n) (their attributes, results and samples with
 * them) and every source of theirs left with no run, with what the tool
 * printed beside it (LIFECYCLE_PRINTED); *sources = how many sources
 * went.  An unknown run is an error. */
int lifecycle_delete(struct store *s, const long long *ids, long n,
		     long *sources, struct err *e);

struct lifecycle_merge_report {
	int version;		/* the other store's schema version */
	long sources;		/* sources copied */
	long skipped;		/* sources already here (same SHA-256) */
	long runs, results;	/* copied with them */
	long comparisons;	/* comparisons copied (a name already here
				 * keeps ours) */
	long refused;		/* comparisons left out: compare would refuse
				 * them (comparison_rule.h) */
	char refused_why[640];	/* the first of them: "'NAME': why" */
};

/* Copies from the store at path (opened read-only, never written) every
 * source whose SHA-256 this store lacks, with its runs, attributes,
 * results and samples, and every comparison whose name it lacks and that
 * compare would define (comparison_rule.h; the others are counted in
 * rep->refused, the first named in rep->refused_why, and left out).  A store
 * of an older schema is read as that version wrote it; a newer one, or a
 * file that is no store, is refused.  LIFECYCLE_MERGE_CHANGED when the
 * other store, read as it stood (no writer had it open), was changed
 * meanwhile: what was read may not be one state of it, and the caller
 * rolls back and tries again. */
#define LIFECYCLE_MERGE_CHANGED (-2)
int lifecycle_merge(struct store *s, const char *path,
		    struct lifecycle_merge_report *rep, struct err *e);

/*
 * Reparse: the caller parses a source again into the staging area (temp
 * tables of this connection), then lifecycle_stage_apply compares it with
 * what the store holds for that source and rewrites only the runs that
 * differ (matched by their order in the source), keeping run ids,
 * exclusions and the attributes whose origin is not the parser.
 */
int lifecycle_stage_reset(struct store *s, struct err *e);
int lifecycle_stage_run(struct store *s, int seq, long line, const char *suite,
			const char *label, struct err *e);
int lifecycle_stage_attr(struct store *s, int seq, const char *key,
			 const char *value, const char *origin, struct err *e);
int lifecycle_stage_result(struct store *s, int seq,
			   const struct record_result *r, struct err *e);
int lifecycle_stage_sample(struct store *s, int seq, const char *test,
			   const char *metric, double t, double value,
			   struct err *e);

struct lifecycle_diff {
	long runs_added, runs_removed, runs_changed;
	long results_added, results_removed, results_changed;
};

/* Applies the staged runs to source; keep_labels keeps the stored label of
 * each matched run (for a source whose import options are not known, where
 * a --label given then cannot be told from the parser's).  A label given
 * by `benchsite tag` is always kept. */
int lifecycle_stage_apply(struct store *s, long long source_id,
			  int keep_labels, struct lifecycle_diff *d,
			  struct err *e);

#endif
