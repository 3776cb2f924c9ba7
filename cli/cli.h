/*
 * cli.h: what every command uses.
 *
 * Each command parses its own options (options.h, from argv[0] = the
 * command's name) and returns the exit status: 0 done, 1 an input or the
 * store at fault (nothing changed), 2 a usage error.
 */
#ifndef BENCHSITE_CLI_H
#define BENCHSITE_CLI_H

#include "options.h"

struct err;
struct import_report;
struct lifecycle_filter;
struct store;

#define EXIT_OK 0
#define EXIT_FAULT 1
#define EXIT_USAGE 2

struct cli_env {
	const char *db;		/* the store's path */
};

/* Opens (creating or migrating) the store; prints the error itself. */
int cli_open_store(const struct cli_env *env, struct store **s);
/* The same for the commands that only read (list, export, summary,
 * render): a store that is not there is an error, never made. */
int cli_open_reader(const struct cli_env *env, struct store **s);
/* The same for the commands that change what a store holds (compare,
 * tag, exclude, include, delete, reparse): none is made where none is. */
int cli_open_writer(const struct cli_env *env, struct store **s);
/* The same for the commands that only import (store_import_mode). */
int cli_open_importer(const struct cli_env *env, struct store **s);

/* The end of a writer command that failed: its transaction (if one is
 * open) undone, then e said.  Returns EXIT_FAULT. */
int cli_undo(struct store *s, const struct err *e);

/* Flushes and closes stdout, after the command, for every command alike:
 * a write that failed (a full disk, /dev/full), then or earlier, is said
 * once in errno's words ("cannot write the output: No space left on
 * device") and makes a status of EXIT_OK EXIT_FAULT, so that no listing
 * or report that was lost ends with success.  Returns the status. */
int cli_close_stdout(int status);

/* Takes one --set KEY=VALUE (arg is split in place) into keys/values,
 * *n of at most max; prints why and returns -1 for a missing '=', too
 * many, a key that is not an attribute name or a value the text rule
 * refuses (it becomes text in the store and on the site); the value is
 * composed as cli_text_option does. */
int cli_set_option(char *arg, const char **keys, const char **values,
		   int *n, int max);

/* --set's row in the table (options.h) of a command that takes it into
 * cli_set_option (import, run), with the command's --help text for it. */
#define CLI_SET(help) {"set", required_argument, 's', "K=V", help}

/* When f chooses no run: for each condition of f that is a list of
 * values (fs=a,b or mount~=a,b) and matches no run of the store on its
 * own, a hint on stderr that a comma inside a value is written \, (-1
 * when the store could not be read, which is said too). */
int cli_where_hint(struct store *s, const struct lifecycle_filter *f);

/* Composes *text (an option's value, a name) to NFC, as every name in
 * the store is (core/textrule.h): *text then points at a copy that lives
 * until exit.  0 when it passes the text rule so, else prints why and
 * returns -1 (for --label, --test and the like: names in the store). */
int cli_text_option(const char *name, const char **text);

/* The same for a value that chooses names (--where's values, --suite,
 * a comparison's name): composed when it can be; -1, said, only when
 * memory runs out (a value the rule refuses chooses nothing). */
int cli_nfc(const char **text);

/* The warnings of an import of name (rep->warn), on stderr in the
 * "FILE:LINE: warning: ..." form of errors, so that editors can jump to
 * them; past IMPORT_WARN_MAX, how many more. */
void cli_import_warnings(const char *name, const struct import_report *rep);

#endif
