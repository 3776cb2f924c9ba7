/*
 * render.c: `benchsite render`: the options, then renderer/site.c's
 * site_render.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../core/err.h"
#include "../renderer/site.h"
#include "../schema/store.h"
#include "cli.h"

static const char render_usage[] =
	"usage: benchsite render [--out DIR] [--jobs N] [--gzip]\n"
	"\n"
	"  --out DIR   where the site goes (default: ./site); an existing DIR\n"
	"              is replaced only if benchsite made it\n"
	"  --jobs N    draw charts on N threads (default: the number of CPUs)\n"
	"  --gzip      write NAME.gz beside each text file, for static hosts\n"
	"\n"
	"Builds the site in a folder beside DIR and swaps it in whole, so a\n"
	"failed or killed render leaves the old site as it was.  Files that did\n"
	"not change are kept as they were (same bytes, same mtime); a render\n"
	"that changes nothing touches nothing.\n";

int cmd_render(int argc, char **argv, const struct cli_env *env)
{
	static const struct option opts[] = {
		{"out", required_argument, NULL, 'o'},
		{"jobs", required_argument, NULL, 'j'},
		{"gzip", no_argument, NULL, 'z'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct site_options o = {"site", cpus > 0 ? (int)cpus : 1, 0, 0};
	struct store *st;
	struct err e;
	char *end;
	int c, rc;

	while ((c = cli_option(argc, argv, "o:j:zh", opts,
			       render_usage)) >= 0) {
		switch (c) {
		case 'o':
			o.out = optarg;
			break;
		case 'j':
			o.jobs = (int)strtol(optarg, &end, 10);
			if (*end || o.jobs < 1) {
				fputs("benchsite: --jobs wants a number from 1\n",
				      stderr);
				return EXIT_USAGE;
			}
			break;
		case 'z':
			o.gzip = 1;
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	if (optind != argc)
		return cli_usage_error(render_usage);
	o.progress = isatty(2);
	if (cli_open_reader(env, &st))
		return EXIT_FAULT;
	err_clear(&e);
	rc = site_render(st, &o, &e);
	if (rc)
		err_print(&e);
	store_close(st);
	return rc ? EXIT_FAULT : EXIT_OK;
}
