/*
 * cli.h: what main.c's command table dispatches to.
 *
 * Each command parses its own options (getopt_long, from argv[0] = the
 * command's name) and returns the exit status: 0 done, 1 an input or the
 * store at fault (nothing changed), 2 a usage error.
 */
#ifndef BENCHSITE_CLI_H
#define BENCHSITE_CLI_H

struct store;

#define EXIT_OK 0
#define EXIT_FAULT 1
#define EXIT_USAGE 2

struct cmd_env {
	const char *db;		/* the store's path */
};

/* Opens (creating or migrating) the store; prints the error itself. */
int cmd_open_store(const struct cmd_env *env, struct store **s);
/* The same for the commands that only read (list, export, summary,
 * render): a store that is not there is an error, never made. */
int cmd_open_reader(const struct cmd_env *env, struct store **s);
/* The same for the commands that only import (store_import_mode). */
int cmd_open_importer(const struct cmd_env *env, struct store **s);

/* Prints "benchsite CMD: usage..." for a bad option and returns
 * EXIT_USAGE. */
int cmd_usage_error(const char *usage);

/* Takes one --set KEY=VALUE (arg is split in place) into keys/values,
 * *n of at most max; prints why and returns -1 for a missing '=', too
 * many, a key that is not an attribute name or a value that is not UTF-8
 * (it becomes text in the store and on the site). */
int cmd_set_option(char *arg, const char **keys, const char **values,
		   int *n, int max);

/* Takes one --where condition of the selection language (schema/
 * selection.h; arg is split in place) into ops/keys/values, *n of at most
 * max; prints why and returns -1 when it does not parse or there are too
 * many. */
int cmd_where_option(char *arg, int *ops, const char **keys,
		     const char **values, int *n, int max);

/* 0 when the text of option name passes the text rule (core/textrule.h),
 * else prints why and returns -1 (for --label, --test and the like: names
 * in the store). */
int cmd_text_option(const char *name, const char *text);

int cmd_import(int argc, char **argv, const struct cmd_env *env);
int cmd_export(int argc, char **argv, const struct cmd_env *env);
int cmd_list(int argc, char **argv, const struct cmd_env *env);
int cmd_render(int argc, char **argv, const struct cmd_env *env);
int cmd_compare(int argc, char **argv, const struct cmd_env *env);
int cmd_summary(int argc, char **argv, const struct cmd_env *env);
int cmd_merge(int argc, char **argv, const struct cmd_env *env);
int cmd_reparse(int argc, char **argv, const struct cmd_env *env);
int cmd_exclude(int argc, char **argv, const struct cmd_env *env);
int cmd_include(int argc, char **argv, const struct cmd_env *env);
int cmd_delete(int argc, char **argv, const struct cmd_env *env);
int cmd_run(int argc, char **argv, const struct cmd_env *env);
int cmd_tag(int argc, char **argv, const struct cmd_env *env);

#endif
