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
