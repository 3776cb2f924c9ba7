/*
 * options.h: a command and its options, each declared once.
 *
 * A command is one struct cli_command: its name, its line in `benchsite
 * --help`, the function that runs it, and a table of its options.  The
 * table gives getopt_long its long options and its short ones, and
 * gives the command's --help the lines that say each option; --help
 * itself is every command's and in no table.  tests/options.test.sh holds
 * the tables against the --help texts and the man page (benchsite.1).
 */
#ifndef BENCHSITE_CLI_OPTIONS_H
#define BENCHSITE_CLI_OPTIONS_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

struct cli_env;

/* An option's key is a letter, and also its short form (-s for
 * --suite), unless it is CLI_LONG_ONLY(letter): then --NAME alone. */
#define CLI_LONG 0x100
#define CLI_LONG_ONLY(letter) ((letter) | CLI_LONG)

/* A long-only option that takes a value: --NAME VALUE. */
#define CLI_LONG_VALUE(name, letter, value, help) \
	{name, required_argument, CLI_LONG_ONLY(letter), value, help}

/* has_arg of a row that is no option of its own: another line of --help
 * for the option of the row above, with another argument (--order value,
 * --order G1,G2; --attrs, --attrs=K1,K2). */
#define CLI_ALSO (-1)

/* One option. */
struct cli_opt {
	const char *name;	/* NAME of --NAME */
	int has_arg;		/* getopt's no_argument, required_argument or
				 * optional_argument; or CLI_ALSO */
	int key;		/* what cli_option returns for it */
	const char *arg;	/* its argument as its --help line names it,
				 * or NULL */
	const char *help;	/* its --help line's text, '\n' between lines;
				 * "": it shares the next row's line; NULL:
				 * no line (the usage's prose says it) */
};

/* run stops at the first operand: what follows is the benchmark's */
#define CLI_IN_ORDER 1
/* init, export, render and reparse take no operand: one is a usage
 * error, which cli_option says when the options are over */
#define CLI_NO_OPERANDS 16
/* The selection group's options a command takes (select.h): its rows of
 * CLI_SUITE, CLI_LABEL and CLI_WHERE, which cli_select_next parses. */
#define CLI_SELECT_SUITE 2
#define CLI_SELECT_LABEL 4
#define CLI_SELECT_WHERE 8
#define CLI_SELECT (CLI_SELECT_SUITE | CLI_SELECT_LABEL | CLI_SELECT_WHERE)

/* A command's table and its rows' count, in its struct cli_command:
 * the count ends the table, no row of NULLs does. */
#define CLI_OPTS(table) (table), sizeof(table) / sizeof((table)[0])
/* A command with no options but --help. */
#define CLI_NO_OPTS NULL, 0

/* The row after cmd's last. */
#define CLI_OPTS_END(cmd) ((cmd)->opts + (cmd)->nopts)

/* The most options a command has (--help besides). */
#define CLI_OPTS_MAX 24

struct cli_command {
	const char *name;
	const char *what;	/* its line in `benchsite --help` */
	int (*run)(int argc, char **argv, const struct cli_env *env);
	const struct cli_opt *opts;	/* NULL: none but --help */
	size_t nopts;			/* its rows, CLI_ALSO's too */
	/* --help: head, the options' lines (each option's text starting at
	 * column width), tail, and what more() prints (the registry's
	 * formats after import's) */
	const char *head;
	int width;
	const char *tail;
	void (*more)(FILE *f);
	unsigned flags;		/* CLI_IN_ORDER, CLI_NO_OPERANDS,
				 * CLI_SELECT... */
};

/* What cli_option returns besides an option's key. */
#define CLI_DONE (-1)	/* the options are over; operands from optind */
#define CLI_HELP (-2)	/* --help: usage went to stdout */
#define CLI_BAD (-3)	/* an unknown option or a missing argument: usage
			 * went to stderr after getopt's own message; or a
			 * value refused, said */
#define CLI_FAULT (-4)	/* memory ran out taking a value, said */

/* getopt_long over a command's argv (argv[0] is the command's name) with
 * cmd's options, and the two answers every command gives alike: --help
 * prints usage on stdout, anything getopt refuses prints it on stderr.
 * Returns the next option's key, or one of the three above; for CLI_HELP
 * and CLI_BAD the command returns cli_status(c). */
int cli_option(int argc, char **argv, const struct cli_command *cmd);

/* The exit status for what cli_option returned: EXIT_OK after --help,
 * EXIT_FAULT after CLI_FAULT, EXIT_USAGE after a bad option. */
int cli_status(int c);

/* cmd's --help text, to f. */
void cli_usage(const struct cli_command *cmd, FILE *f);

/* Prints usage on stderr for a bad option or operand and returns
 * EXIT_USAGE. */
int cli_usage_error(const struct cli_command *cmd);

/* Says on stderr, as "benchsite: CMD: ..." (cmd may be NULL), what getopt found wrong: an
 * unknown option (the short option opt, or when opt is 0 the argument
 * arg) or one of shortopts given without its value (arg), the argument
 * quoted by quote_arg (core/quote.h). */
void cli_option_fault(const char *cmd, const char *arg, int opt,
		      const char *shortopts);

/* The index of arg among words (ended by NULL), or -1: an option's value
 * that is one of a few words (--format tsv). */
int cli_word(const char *arg, const char *const *words);

/* list's and summary's --format: text (0) or tsv (1). */
extern const char *const cli_text_tsv[];

/* An option's count (--jobs N, --table N): a number from 1 into *n; -1
 * after saying that it is not. */
int cli_count_option(const char *name, const char *arg, int *n);

/* getopt_long's arrays for cmd: shortopts (at least 3 * CLI_OPTS_MAX + 4
 * bytes) and longopts (CLI_OPTS_MAX + 2 entries), --help's included.  -1
 * when cmd has more than CLI_OPTS_MAX options. */
int cli_getopt_arrays(const struct cli_command *cmd, char *shortopts,
		      struct option *longopts);

#endif
