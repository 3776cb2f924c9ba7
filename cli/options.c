/*
 * options.c: a command's options from its table (options.h): the one
 * option loop every command runs, and its --help text.
 */
#include "options.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/quote.h"
#include "cli.h"

int cli_getopt_arrays(const struct cli_command *cmd, char *shortopts,
		      struct option *longopts)
{
	const struct cli_opt *o;
	int n = 0;

	if (cmd->flags & CLI_IN_ORDER)
		*shortopts++ = '+';
	for (o = cmd->opts; o < CLI_OPTS_END(cmd); o++) {
		if (o->has_arg == CLI_ALSO)
			continue;
		if (n == CLI_OPTS_MAX)
			return -1;
		longopts[n].name = o->name;
		longopts[n].has_arg = o->has_arg;
		longopts[n].flag = NULL;
		longopts[n++].val = o->key;
		if (o->key & CLI_LONG)
			continue;
		*shortopts++ = (char)o->key;
		if (o->has_arg != no_argument)
			*shortopts++ = ':';
		if (o->has_arg == optional_argument)
			*shortopts++ = ':';
	}
	strcpy(shortopts, "h");
	longopts[n].name = "help";
	longopts[n].has_arg = no_argument;
	longopts[n].flag = NULL;
	longopts[n++].val = 'h';
	memset(&longopts[n], 0, sizeof(longopts[n]));
	return 0;
}

/* The lines of --help that say cmd's options: "  --NAME ARG" and its
 * text from column width on, or below it when the name is longer. */
static void option_lines(const struct cli_command *cmd, FILE *f)
{
	const struct cli_opt *o, *opt = NULL;
	char left[256];
	const char *p;
	size_t len = 0;

	for (o = cmd->opts; o < CLI_OPTS_END(cmd); o++) {
		if (o->has_arg != CLI_ALSO)
			opt = o;
		if (!o->help)
			continue;
		len += (size_t)snprintf(left + len, sizeof(left) - len,
					"%s--%s%s%s", len ? ", " : "  ", o->name,
					!o->arg ? "" : opt->has_arg ==
					optional_argument ? "=" : " ",
					o->arg ? o->arg : "");
		if (len >= sizeof(left))
			len = sizeof(left) - 1;
		if (!*o->help)
			continue;	/* on the next row's line */
		fprintf(f, "%-*s", cmd->width, left);
		if (len >= (size_t)cmd->width)
			fprintf(f, "\n%*s", cmd->width, "");
		for (p = o->help; *p; p++) {
			putc(*p, f);
			if (*p == '\n')
				fprintf(f, "%*s", cmd->width, "");
		}
		putc('\n', f);
		len = 0;
	}
}

void cli_usage(const struct cli_command *cmd, FILE *f)
{
	fputs(cmd->head, f);
	option_lines(cmd, f);
	if (cmd->tail)
		fputs(cmd->tail, f);
	if (cmd->more)
		cmd->more(f);
}

int cli_usage_error(const struct cli_command *cmd)
{
	cli_usage(cmd, stderr);
	return EXIT_USAGE;
}

void cli_option_fault(const char *cmd, const char *arg, int opt,
		      const char *shortopts)
{
	char q[QUOTE_ARG_SIZE], one[3] = {'-', (char)opt, '\0'};

	if (opt && strchr(shortopts, opt) && arg[0] == '-')
		fprintf(stderr, "benchsite: %s%soption '%s' wants a value\n",
			cmd ? cmd : "", cmd ? ": " : "", quote_arg(arg, q));
	else
		fprintf(stderr, "benchsite: %s%sunknown option '%s'\n",
			cmd ? cmd : "", cmd ? ": " : "",
			quote_arg(opt ? one : arg, q));
}

int cli_option(int argc, char **argv, const struct cli_command *cmd)
{
	/* the arrays of the command that runs, made at its first option */
	static const struct cli_command *made;
	static char shortopts[3 * CLI_OPTS_MAX + 4];
	static struct option longopts[CLI_OPTS_MAX + 2];
	int c;

	if (made != cmd) {
		if (cli_getopt_arrays(cmd, shortopts, longopts)) {
			fprintf(stderr, "benchsite: %s: more than %d options\n",
				cmd->name, CLI_OPTS_MAX);
			return CLI_BAD;
		}
		made = cmd;
	}
	/* getopt's own messages would echo the argument raw: ours quote it */
	opterr = 0;
	c = getopt_long(argc, argv, shortopts, longopts, NULL);
	if (c == 'h') {
		cli_usage(cmd, stdout);
		return CLI_HELP;
	}
	if (c == '?' || c == ':') {
		/* a long option's value missing: optopt is its key, said as
		 * the letter (which only a short option's key is found as) */
		cli_option_fault(argv[0], argv[optind - 1], optopt & ~CLI_LONG,
				 shortopts);
		cli_usage(cmd, stderr);
		return CLI_BAD;
	}
	if (c == -1 && (cmd->flags & CLI_NO_OPERANDS) && optind != argc) {
		cli_usage(cmd, stderr);
		return CLI_BAD;
	}
	return c == -1 ? CLI_DONE : c;
}

int cli_count_option(const char *name, const char *arg, int *n)
{
	char *end;

	*n = (int)strtol(arg, &end, 10);
	if (*end || *n < 1) {
		fprintf(stderr, "benchsite: %s wants a number from 1\n", name);
		return -1;
	}
	return 0;
}

const char *const cli_text_tsv[] = {"text", "tsv", NULL};

int cli_word(const char *arg, const char *const *words)
{
	int i;

	for (i = 0; words[i]; i++)
		if (strcmp(arg, words[i]) == 0)
			return i;
	return -1;
}

int cli_status(int c)
{
	return c == CLI_HELP ? EXIT_OK : c == CLI_FAULT ? EXIT_FAULT : EXIT_USAGE;
}
