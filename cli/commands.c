/*
 * commands.c: the list of commands (commands.h).
 */
#include "commands.h"

#include <stddef.h>

const struct cli_command *const cli_commands[] = {
	&cli_init, &cli_import, &cli_run, &cli_list, &cli_export,
	&cli_compare, &cli_summary, &cli_render, &cli_merge, &cli_reparse,
	&cli_tag, &cli_exclude, &cli_include, &cli_delete, NULL,
};
