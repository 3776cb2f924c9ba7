/*
 * select.c: --suite, --label and --where (select.h).
 */
#include "select.h"

#include <stdio.h>

#include "../core/err.h"
#include "../schema/lifecycle.h"
#include "../schema/selection.h"
#include "cli.h"

/* One --where condition of the selection language (schema/selection.h;
 * arg is split in place) into f, its value composed (cli_nfc); -1 after
 * saying why when it does not parse or there are too many. */
static int where_option(char *arg, struct lifecycle_filter *f)
{
	struct err e;
	int n = f->nwhere;

	err_clear(&e);
	if (n >= LIFECYCLE_WHERE_MAX) {
		fprintf(stderr, "benchsite: at most %d --where conditions\n",
			LIFECYCLE_WHERE_MAX);
		return -1;
	}
	if (selection_parse(arg, &f->op[n], &f->key[n], &f->value[n], &e)) {
		fprintf(stderr, "benchsite: --where %s\n", e.msg);
		return -1;
	}
	if (cli_nfc(&f->value[n]))
		return -1;
	f->nwhere++;
	return 0;
}

/* Takes arg, the value of the group's option key ('s', 'l' or 'w'), into
 * f, composed as the names it chooses are (cli_nfc): EXIT_OK, or after
 * saying why EXIT_FAULT (memory ran out) or EXIT_USAGE (a condition that
 * does not parse, or too many). */
static int select_option(struct lifecycle_filter *f, int key, char *arg)
{
	const char **name = key == 's' ? &f->suite : &f->label;

	if (key == 'w')
		return where_option(arg, f) ? EXIT_USAGE : EXIT_OK;
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
		if ((rc = select_option(f, c, optarg)))
			return rc == EXIT_FAULT ? CLI_FAULT : CLI_BAD;
	return c;
}

int cli_selected(const struct lifecycle_filter *f)
{
	return f->suite || f->label || f->nwhere;
}
