/*
 * cmd.c: the two helpers every command uses, apart from main.c so that the
 * unit tests can link the commands without main.
 */
#include "cmd.h"

#include <stdio.h>

#include "../schema/store.h"
#include "err.h"

int cmd_open_store(const struct cmd_env *env, struct store **s)
{
	struct err e;

	err_clear(&e);
	if (store_open(env->db, s, &e)) {
		err_print(&e);
		return -1;
	}
	return 0;
}

int cmd_usage_error(const char *u)
{
	fputs(u, stderr);
	return EXIT_USAGE;
}
