/*
 * main.c: the dispatcher (git's git.c) over the commands of
 * cli/commands.h.  Global options come before the command; everything
 * after it belongs to the command, which parses its own options and has
 * its own usage.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/quote.h"
#include "core/textrule.h"

#ifndef BENCHSITE_VERSION
#define BENCHSITE_VERSION "0.1.0"
#endif

static void usage(FILE *f)
{
	const struct cli_command *const *c;

	fputs("usage: benchsite [--db FILE] COMMAND [OPTIONS] [ARGS]\n"
	      "\n"
	      "  --db FILE    the store (default: $BENCHSITE_DB, else ./results.db)\n"
	      "  --help       this text; COMMAND --help for a command's options\n"
	      "  --version    the version\n"
	      "\ncommands:\n", f);
	for (c = cli_commands; *c; c++)
		fprintf(f, "  %-8s %s\n", (*c)->name, (*c)->what);
	fputs("\nexit status: 0 done, 1 an input or the store at fault (nothing "
	      "changed), 2 usage\n", f);
}

static int dispatch(int argc, char **argv)
{
	static const struct option opts[] = {
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const struct cli_command *const *cmd;
	struct cli_env env;
	char q[QUOTE_ARG_SIZE];
	int c;

	env.db = getenv("BENCHSITE_DB");
	if (!env.db || !*env.db)
		env.db = "results.db";
	/* '+': stop at the command, whose options are its own; getopt's own
	 * messages would echo an argument raw (cli_option_fault quotes it) */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+d:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			/* SQLite would make "" a temporary database, which an
			 * import fills and forgets */
			if (!*optarg) {
				fputs("benchsite: --db wants a file name\n", stderr);
				return EXIT_USAGE;
			}
			env.db = optarg;
			break;
		case 'h':
			usage(stdout);
			return EXIT_OK;
		case 'V':
			printf("benchsite %s\n", BENCHSITE_VERSION);
			return EXIT_OK;
		default:
			cli_option_fault(NULL, argv[optind - 1], optopt,
					 "d");
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	for (cmd = cli_commands; *cmd; cmd++) {
		if (strcmp(argv[optind], (*cmd)->name) == 0) {
			char **cargv = argv + optind;
			int cargc = argc - optind;

			/* The command parses from its name on.  0, not 1: glibc
			 * then starts afresh, forgetting the '+' above, so a
			 * command's options may follow its arguments
			 * ("exclude 3 --why ..."). */
			optind = 0;
			return (*cmd)->run(cargc, cargv, &env);
		}
	}
	fprintf(stderr, "benchsite: '%s' is not a command; see "
		"'benchsite --help'\n", quote_arg(argv[optind], q));
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	if (textrule_init()) {
		fputs("benchsite: out of memory\n", stderr);
		return EXIT_FAILURE;
	}
	/* every command's output, --help's and --version's too, is checked
	 * once it is all written */
	return cli_close_stdout(dispatch(argc, argv));
}
