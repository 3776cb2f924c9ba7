/*
 * apart.h: the attributes that tell runs apart, for the commands that
 * show runs to a person (`list runs`, `delete`, `tag`): six fileio runs on
 * three filesystems must not list identically, and a run about to be
 * deleted must be recognisable.
 *
 * A key tells the runs of a set apart when the runs of one suite among
 * them do not all hold the same value of it (a run that lacks it holds
 * "nothing"); suites are apart already.  Keys whose values
 * differ from run to run by their nature (when it ran, a seed) would tell
 * every run apart and say nothing: they are shown only when all keys are
 * asked for.
 */
#ifndef BENCHSITE_APART_H
#define BENCHSITE_APART_H

#include <stddef.h>

struct err;
struct store;
struct lifecycle_filter;

struct apart_attr {
	long long run;
	char *key, *value;	/* owned */
};

struct apart_run {
	long long run;
	char *suite;		/* owned */
};

struct apart {
	struct apart_attr *a;	/* by run then key, n of them */
	long n, cap;
	struct apart_run *runs;	/* by run, nruns */
	long nruns, rcap;
	char **keys;		/* the (suite, key) pairs shown, as "suite\1key",
				 * sorted, owned */
	long nkeys;
};

/* Appends the row (run, key, value) to the array *a of *n rows (room for
 * *cap, doubled as needed), the strings copied.  0, or -1 when memory ran
 * out; a row whose copies failed is counted all the same, so that
 * apart_attrs_free frees what was made. */
int apart_attr_add(struct apart_attr **a, long *n, long *cap, long long run,
		   const char *key, const char *value);

/* The first row of run in a[0..n) (rows by run), or -1 when it has none. */
long apart_attr_first(const struct apart_attr *a, long n, long long run);

/* Frees the rows' strings and the array. */
void apart_attrs_free(struct apart_attr *a, long n);

/* 1 for the keys that differ from run to run by their nature
 * (started_at, seed, ...): never a mixture or a grouping of a
 * comparison, shown by `list runs --attrs` only. */
int apart_by_nature(const char *key);

/* Reads the attributes of the runs matching f (NULL: every run) and
 * chooses the keys that tell them apart, or with all every key.  *ap is
 * freed with apart_release, also after a failure. */
int apart_load(struct store *s, const struct lifecycle_filter *f, int all,
	       struct apart *ap, struct err *e);

/* "fs=ext4 mount=noatime": run's values of the keys shown (a key it lacks
 * left out), into out[0..cap) (cut to fit; "" when none). */
void apart_text(const struct apart *ap, long long run, char *out, size_t cap);

/* 1 when key of run is one of the keys shown (apart_text shows it). */
int apart_shown(const struct apart *ap, long long run, const char *key);

void apart_release(struct apart *ap);

#endif
