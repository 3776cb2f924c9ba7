/*
 * cli.c: the helpers every command uses, apart from main.c so that the
 * unit tests can link the commands without main.
 */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../collector/import.h"
#include "../core/err.h"
#include "../core/quote.h"
#include "../core/record.h"
#include "../core/text.h"
#include "../core/textrule.h"
#include "../schema/lifecycle.h"
#include "../schema/selection.h"
#include "../schema/store.h"

/* Opens env's store with open, printing its error. */
static int open_printing(int (*open)(const char *, struct store **,
				     struct err *),
			 const struct cli_env *env, struct store **s)
{
	struct err e;

	err_clear(&e);
	if (open(env->db, s, &e)) {
		err_print(&e);
		return -1;
	}
	return 0;
}

int cli_open_store(const struct cli_env *env, struct store **s)
{
	return open_printing(store_open, env, s);
}

int cli_open_reader(const struct cli_env *env, struct store **s)
{
	return open_printing(store_open_existing, env, s);
}

int cli_open_writer(const struct cli_env *env, struct store **s)
{
	return open_printing(store_open_writable, env, s);
}

int cli_undo(struct store *s, const struct err *e)
{
	store_rollback(s);
	err_print(e);
	return EXIT_FAULT;
}

int cli_open_importer(const struct cli_env *env, struct store **s)
{
	struct err e;

	err_clear(&e);
	if (store_epoch_check(&e)) {
		err_print(&e);
		return -1;
	}
	if (cli_open_store(env, s))
		return -1;
	err_clear(&e);
	if (store_import_mode(*s, &e)) {
		err_print(&e);
		store_close(*s);
		*s = NULL;
		return -1;
	}
	return 0;
}

int cli_close_stdout(int status)
{
	int why, bad;

	errno = 0;
	bad = fflush(stdout) != 0;
	why = errno;
	/* an earlier write failed and dropped what it held: ferror alone
	 * knows, and errno no longer says why */
	if (!bad && ferror(stdout)) {
		bad = 1;
		why = 0;
	}
	errno = 0;
	if (fclose(stdout) && !bad) {
		bad = 1;
		why = errno;
	}
	if (!bad)
		return status;
	if (why)
		warnmsg("cannot write the output: %s", strerror(why));
	else
		warnmsg("cannot write the output");
	return status == EXIT_OK ? EXIT_FAULT : status;
}

/* The composed copies of option values, kept as long as argv is. */
static struct {
	char **p;
	size_t n, cap;
} composed;

static void composed_free(void)
{
	while (composed.n)
		free(composed.p[--composed.n]);
	free(composed.p);
	composed.p = NULL;
	composed.cap = 0;
}

/* Keeps t until exit; -1 (t freed) when memory runs out. */
static int composed_keep(char *t)
{
	char **p;

	if (composed.n == composed.cap) {
		p = realloc(composed.p, (composed.cap * 2 + 4) * sizeof(*p));
		if (!p) {
			free(t);
			return -1;
		}
		if (!composed.p)
			atexit(composed_free);
		composed.p = p;
		composed.cap = composed.cap * 2 + 4;
	}
	composed.p[composed.n++] = t;
	return 0;
}

/* *text composed (textrule_name): 0, -1 when it holds a character the
 * rule refuses (left as it is), -2 when memory runs out. */
static int compose(const char **text)
{
	char *t;
	int rc = textrule_name(*text, &t, NULL, NULL);

	if (rc == 0 && t) {
		if (composed_keep(t))
			return -2;
		*text = t;
	}
	return rc;
}

static int no_memory(void)
{
	struct err e;

	err_set(&e, NULL, 0, 0, "out of memory");
	err_print(&e);
	return -1;
}

int cli_nfc(const char **text)
{
	/* a value the rule refuses is left as it is: no name in the store
	 * holds it, so it chooses nothing */
	return compose(text) == -2 ? no_memory() : 0;
}

int cli_text_option(const char *name, const char **text)
{
	struct err e;
	int rc = compose(text);

	if (rc == 0)
		return 0;
	if (rc == -2)
		return no_memory();
	textrule_named(name, *text, &e);
	err_print(&e);
	return -1;
}

int cli_set_option(char *arg, const char **keys, const char **values,
		   int *n, int max)
{
	char *eq = strchr(arg, '='), q[QUOTE_ARG_SIZE];

	if (!eq || *n >= max) {
		fprintf(stderr, "benchsite: --set wants KEY=VALUE (at most %d), "
			"found '%s'\n", max, quote_arg(arg, q));
		return -1;
	}
	*eq = '\0';
	if (!record_key_valid(arg)) {
		fprintf(stderr, "benchsite: '%s' is not a valid attribute name "
			"(letters, digits, _ - .)\n", quote_arg(arg, q));
		return -1;
	}
	values[*n] = eq + 1;
	if (cli_text_option("--set", &values[*n]))
		return -1;
	keys[(*n)++] = arg;
	return 0;
}

static int count_run(void *ctx, const struct lifecycle_run *r)
{
	(void)r;
	(*(long *)ctx)++;
	return 0;
}

int cli_where_hint(struct store *s, const struct lifecycle_filter *f)
{
	struct lifecycle_filter one;
	struct err e;
	char hint[1024];
	long n;
	int i;

	n = 0;
	err_clear(&e);
	if (f->nwhere == 0)
		return 0;
	if (lifecycle_each_run(s, f, count_run, &n, &e)) {
		err_print(&e);
		return -1;
	}
	if (n > 0)
		return 0;
	for (i = 0; i < f->nwhere; i++) {
		/* a list that should have been one value chooses fewer
		 * runs, so only K=a,b and K~=a,b can have chosen none */
		if ((f->op[i] != SELECTION_IN && f->op[i] != SELECTION_CONTAINS) ||
		    !selection_has_list(f->op[i], f->value[i]))
			continue;
		memset(&one, 0, sizeof(one));
		one.nwhere = 1;
		one.op[0] = f->op[i];
		one.key[0] = f->key[i];
		one.value[0] = f->value[i];
		n = 0;
		err_clear(&e);
		if (lifecycle_each_run(s, &one, count_run, &n, &e)) {
			err_print(&e);
			return -1;
		}
		if (n > 0)
			continue;
		selection_comma_hint(f->op[i], f->key[i], f->value[i], hint,
				     sizeof(hint));
		textrule_printf(stderr, "benchsite: hint: %s\n", hint);
	}
	return 0;
}

void cli_import_warnings(const char *name, const struct import_report *rep)
{
	int i;

	for (i = 0; i < rep->nwarn && i < IMPORT_WARN_MAX; i++)
		warnmsg("%s:%ld: warning: %s", name, rep->warn[i].line,
			rep->warn[i].msg);
	if (rep->nwarn > IMPORT_WARN_MAX)
		warnmsg("%s: warning: %d more warnings", name,
			rep->nwarn - IMPORT_WARN_MAX);
}
