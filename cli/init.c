/*
 * init.c: `benchsite init`: the store made, or an older one brought to
 * this version's schema (every command that writes does the same when it
 * needs to; init does only that).
 */
#include <getopt.h>
#include <stdio.h>
#include <sys/stat.h>

#include "../core/textrule.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"

static const char init_head[] =
	"usage: benchsite [--db FILE] init\n\n"
	"Creates the store, or brings an older one to this version's "
	"schema.\n";

static int run_init(int argc, char **argv, const struct cli_env *env)
{
	struct store *s;
	struct stat st;
	int c, existed;

	if ((c = cli_option(argc, argv, &cli_init)) != CLI_DONE)
		return cli_status(c);
	existed = stat(env->db, &st) == 0;
	if (cli_open_store(env, &s))
		return EXIT_FAULT;
	store_close(s);
	textrule_printf(stderr, existed ? "benchsite: %s: a store of this "
			"version\n" : "benchsite: %s: a new store\n", env->db);
	return EXIT_OK;
}

const struct cli_command cli_init = {
	"init", "create the store (every command does when needed)",
	run_init, CLI_NO_OPTS, init_head, 0, NULL, NULL, CLI_NO_OPERANDS,
};
