/*
 * runs.h: the runs a command names (numbers on its command line) or
 * chooses (--suite, --label, --where through lifecycle_each_run), as one
 * sorted set of run ids.
 */
#ifndef BENCHSITE_CLI_RUNS_H
#define BENCHSITE_CLI_RUNS_H

struct err;
struct lifecycle_filter;
struct lifecycle_run;
struct store;

struct cli_runs {
	long long *id;	/* owned; ascending and distinct after cli_runs_sort */
	long n, cap;
};

/* A run number as given on the command line: digits only, from 1; -1
 * for anything else. */
int cli_run_number(const char *arg, long long *id);

/* At most this many runs in one range (36-47): a range is typed by a
 * person over runs `list runs` showed, and each of its runs is held. */
#define CLI_RANGE_MAX 100000

/* 0 when argv[first..argc) are all run lists (a number, a range low-high
 * with low <= high, or such items comma-separated: 36-47,50), else says
 * which is not and why on stderr and returns -1 (a usage error: nothing
 * is opened yet). */
int cli_run_numbers(int argc, char **argv, int first);

/* Adds every run the lists argv[first..argc) name (checked by
 * cli_run_numbers); -1 when memory ran out. */
int cli_runs_named(struct cli_runs *r, int argc, char **argv, int first);

/* Adds id (duplicates go at cli_runs_sort); -1 when memory ran out. */
int cli_runs_add(struct cli_runs *r, long long id);

/* lifecycle_each_run's callback: adds the run to the cli_runs ctx. */
int cli_runs_chosen(void *ctx, const struct lifecycle_run *run);

/* The runs of a command that names them (argv[first..argc), checked by
 * cli_run_numbers) or chooses them by f (NULL: it does not) from store
 * s, sorted.  0, or -1 with e set (out of memory too). */
int cli_runs_take(struct cli_runs *r, struct store *s,
		  const struct lifecycle_filter *f, int argc, char **argv,
		  int first, struct err *e);

/* Sorts the ids and drops the ones given twice. */
void cli_runs_sort(struct cli_runs *r);

/* 1 when id is in r (sorted). */
int cli_runs_has(const struct cli_runs *r, long long id);

void cli_runs_release(struct cli_runs *r);

#endif
