/*
 * run_plan.h: what a sweep of `benchsite run` runs.
 *
 * `--param K=V1,V2,...` (repeatable) names a setting and its values; the
 * runs take every combination, the first --param outermost: threads=1,2
 * and size=a,b give (1,a) (1,b) (2,a) (2,b).  `{K}` in a word of the
 * command, of --prepare or of --cleanup becomes the combination's value
 * of K; no other text in braces is touched.
 *
 * --prepare and --cleanup are each one string split into words here, as
 * the command's own arguments would be given, and never by a shell:
 * words are separated by blanks; '...' keeps everything in it as it is;
 * "..." keeps everything but \" and \\ (a quote, a backslash); outside
 * quotes a backslash keeps the next character as it is.  Nothing else is
 * special: no variables, globs, redirections or ';'.
 */
#ifndef BENCHSITE_RUN_PLAN_H
#define BENCHSITE_RUN_PLAN_H

struct err;

/* Settings swept at once: more is no longer a sweep anyone can read. */
#define RUN_PARAM_MAX 8
/* Values of one setting: as many as runs allowed. */
#define RUN_PARAM_VALUES_MAX 1000

struct run_param {
	const char *key;
	int nvalues;
	char **values;		/* owned array; the strings lie in the
				 * argument given to run_plan_add */
};

struct run_plan {
	int nparam;
	struct run_param param[RUN_PARAM_MAX];
};

/* Takes one --param K=V1,V2,... into plan, splitting arg in place: the
 * values are separated by commas, "\," being a comma in a value.  -1 with
 * e filled (the message names the option) for a missing '=', a key that
 * is not an attribute name or is given twice, an empty or repeated value,
 * too many values or settings. */
int run_plan_add(struct run_plan *plan, char *arg, struct err *e);

/* How many combinations the plan makes (1 without --param); past a
 * million, some number past a million. */
long run_plan_count(const struct run_plan *plan);

/* The value of setting k in combination c (0-based). */
const char *run_plan_value(const struct run_plan *plan, long c, int k);

/* 1 when some word of argv holds "{K}" for setting k. */
int run_plan_uses(const struct run_plan *plan, char *const argv[], int k);

/* A copy of the NULL-terminated argv with every "{K}" replaced by its
 * value in combination c, as one allocation (free() it); NULL when out of
 * memory. */
char **run_plan_argv(const struct run_plan *plan, char *const argv[], long c);

/* Splits s into words (the rules above), as one NULL-terminated
 * allocation (free() it).  -1 with e filled for an unterminated quote, a
 * backslash at the end, no word at all, or no memory. */
int run_words(const char *s, char ***argv, struct err *e);

/* Frees what run_plan_add allocated. */
void run_plan_free(struct run_plan *plan);

#endif
