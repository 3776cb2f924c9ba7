/*
 * select.c: --suite, --label and --where (select.h).
 */
#include "select.h"

#include "../schema/lifecycle.h"
#include "cli.h"

int cli_select_option(struct lifecycle_filter *f, int key, char *arg)
{
	const char **name = key == 's' ? &f->suite : &f->label;

	if (key == 'w')
		return cli_where_option(arg, f->op, f->key, f->value,
					&f->nwhere, LIFECYCLE_WHERE_MAX) ?
		       EXIT_USAGE : EXIT_OK;
	*name = arg;
	return cli_nfc(name) ? EXIT_FAULT : EXIT_OK;
}

/* 1 when key is one of the group's options cmd takes */
static int in_group(const struct cli_command *cmd, int key)
{
	return (key == 's' && (cmd->flags & CLI_SELECT_SUITE)) ||
	       (key == 'l' && (cmd->flags & CLI_SELECT_LABEL)) ||
	       (key == 'w' && (cmd->flags & CLI_SELECT_WHERE));
}

int cli_select_next(int argc, char **argv, const struct cli_command *cmd,
		    struct lifecycle_filter *f)
{
	int c, rc;

	while ((c = cli_option(argc, argv, cmd)) >= 0 && in_group(cmd, c))
		if ((rc = cli_select_option(f, c, optarg)))
			return rc == EXIT_FAULT ? CLI_FAULT : CLI_BAD;
	return c;
}

int cli_selected(const struct lifecycle_filter *f)
{
	return f->suite || f->label || f->nwhere;
}
