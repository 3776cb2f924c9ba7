/*
 * commands.h: every command, in the order `benchsite --help` lists them;
 * main.c finds the one it is given here.
 */
#ifndef BENCHSITE_CLI_COMMANDS_H
#define BENCHSITE_CLI_COMMANDS_H

#include "options.h"

extern const struct cli_command cli_init, cli_import, cli_run, cli_list,
	cli_export, cli_compare, cli_summary, cli_render, cli_merge,
	cli_reparse, cli_tag, cli_exclude, cli_include, cli_delete;

/* The commands above, ended by NULL. */
extern const struct cli_command *const cli_commands[];

#endif
