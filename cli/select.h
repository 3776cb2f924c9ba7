/*
 * select.h: the runs a command chooses with --suite S, --label L and
 * --where COND (repeatable, all must hold): one group of options,
 * declared and parsed here for every command that takes it (list,
 * export, delete, tag, compare).
 */
#ifndef BENCHSITE_CLI_SELECT_H
#define BENCHSITE_CLI_SELECT_H

#include "options.h"

struct lifecycle_filter;

/* The group's rows in a command's table (options.h), each with the
 * command's own --help text for it (NULL: its prose says it).  import
 * and run take the same --label L, as the label of the runs they make. */
#define CLI_SUITE(help) {"suite", required_argument, 's', "S", help}
#define CLI_LABEL(help) {"label", required_argument, 'l', "L", help}
#define CLI_WHERE(help) {"where", required_argument, 'w', "COND", help}

/* cli_option for a command that takes the group (cmd's CLI_SELECT...
 * flags say which of its options): those go into f, and the next other
 * option's key is returned, or one of cli_option's answers (CLI_FAULT
 * or CLI_BAD for a value of the group refused). */
int cli_select_next(int argc, char **argv, const struct cli_command *cmd,
		    struct lifecycle_filter *f);

/* 1 when f chooses by any of the group's options. */
int cli_selected(const struct lifecycle_filter *f);

#endif
