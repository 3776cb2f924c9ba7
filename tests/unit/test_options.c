/*
 * test_options.c: every command's table of options (cli/options.h) is
 * one getopt_long can use: names and keys each once, --help in no table,
 * another line of --help (CLI_ALSO) only below its option, and every
 * option with a line of --help or said in the usage's text.  `unit
 * options` prints the tables for tests/options.test.sh, which holds them
 * against the --help texts and benchsite.1.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../../cli/commands.h"
#include "tap.h"

/* 1 when cmd has an option of that name and key. */
static int has(const struct cli_command *cmd, const char *name, int key)
{
	const struct cli_opt *o;

	for (o = cmd->opts; o < CLI_OPTS_END(cmd); o++)
		if (strcmp(o->name, name) == 0 && o->key == key)
			return 1;
	return 0;
}

/* 1 when cmd's table is sound, else 0 after saying why. */
static int table_sound(const struct cli_command *cmd)
{
	char shortopts[3 * CLI_OPTS_MAX + 4];
	struct option longopts[CLI_OPTS_MAX + 2];
	const struct cli_opt *o, *p;

	if (cli_getopt_arrays(cmd, shortopts, longopts)) {
		printf("# %s: more than %d options\n", cmd->name, CLI_OPTS_MAX);
		return 0;
	}
	if (((cmd->flags & CLI_SELECT_SUITE) && !has(cmd, "suite", 's')) ||
	    ((cmd->flags & CLI_SELECT_LABEL) && !has(cmd, "label", 'l')) ||
	    ((cmd->flags & CLI_SELECT_WHERE) && !has(cmd, "where", 'w'))) {
		printf("# %s: takes a selection option it has no row of\n",
		       cmd->name);
		return 0;
	}
	for (o = cmd->opts; o < CLI_OPTS_END(cmd); o++) {
		if (o->has_arg == CLI_ALSO) {
			if (o == cmd->opts || strcmp(o[-1].name, o->name) != 0 ||
			    !o->arg || !o->help) {
				printf("# %s: --%s: another line of no option "
				       "above it\n", cmd->name, o->name);
				return 0;
			}
			continue;
		}
		if (strcmp(o->name, "help") == 0 || (o->key & 0xff) == 'h' ||
		    (o->has_arg != no_argument) != (o->arg != NULL ||
						    o->has_arg == optional_argument)) {
			printf("# %s: --%s: --help's key, or an argument named "
			       "for no argument\n", cmd->name, o->name);
			return 0;
		}
		for (p = cmd->opts; p != o; p++)
			if (p->has_arg != CLI_ALSO &&
			    (strcmp(p->name, o->name) == 0 || p->key == o->key ||
			     (p->key & 0xff) == (o->key & 0xff))) {
				printf("# %s: --%s and --%s share a name or a "
				       "key\n", cmd->name, p->name, o->name);
				return 0;
			}
		if (o->help && !*o->help && (o + 1 == CLI_OPTS_END(cmd) || !o[1].help)) {
			printf("# %s: --%s shares the line of no next option\n",
			       cmd->name, o->name);
			return 0;
		}
	}
	return 1;
}

void test_options(void)
{
	const struct cli_command *const *c;

	for (c = cli_commands; *c; c++) {
		char what[128];

		snprintf(what, sizeof(what), "%s: its options make getopt's "
			 "arrays, each name and key once", (*c)->name);
		CHECK(table_sound(*c), what);
		snprintf(what, sizeof(what), "%s: a usage and a line in "
			 "benchsite --help", (*c)->name);
		CHECK((*c)->head && !strncmp((*c)->head, "usage: benchsite ", 17) &&
		      (*c)->what && (*c)->run, what);
	}
}

int options_mode(void)
{
	static const char *const kinds[] = { "none", "required", "optional" };
	const struct cli_command *const *c;
	const struct cli_opt *o;

	for (c = cli_commands; *c; c++)
		for (o = (*c)->opts; o < CLI_OPTS_END(*c); o++)
			if (o->has_arg != CLI_ALSO)
				printf("%s\t%s\t%s\t%c\n", (*c)->name, o->name,
				       kinds[o->has_arg], o->key & CLI_LONG ?
				       '-' : o->key);
	return 0;
}
