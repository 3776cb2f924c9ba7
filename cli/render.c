/*
 * render.c: `benchsite render`: the options, then renderer/render.c's
 * site_render.
 */
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/progress.h"
#include "../renderer/render.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"

static const struct cli_opt opts[] = {
	{"out", required_argument, 'o', "DIR",
	 "where the site goes (default: ./site); an existing DIR\n"
	 "is replaced only if benchsite made it"},
	{"jobs", required_argument, 'j', "N",
	 "draw charts on N threads (default: the number of CPUs)"},
	{"gzip", no_argument, 'z', NULL,
	 "write NAME.gz beside each text file, for static hosts"},
	{"quiet", no_argument, 'q', NULL, "no report line, no progress"},
};

static const char render_head[] =
	"usage: benchsite render [--out DIR] [--jobs N] [--gzip] [--quiet]\n"
	"\n";

static const char render_tail[] =
	"\n"
	"Builds the site in a folder beside DIR and swaps it in whole, so a\n"
	"failed or killed render leaves the old site as it was.  Files that did\n"
	"not change are kept as they were (same bytes, same mtime); a render\n"
	"that changes nothing touches nothing.\n";

/* Seconds since start, for the report. */
static double since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	       (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* The one line that says what the render did, on stderr:
 * "site/: 169 pages, 216 charts (12 drawn, 204 unchanged) in 0.4 s ->
 * site/index.html". */
static void report(const char *out, const struct site_report *r,
		   double secs)
{
	const char *sep = out[strlen(out) - 1] == '/' ? "" : "/";

	if (r->fresh)
		fprintf(stderr, "%s%s: unchanged: the store is as it was at "
			"the last render (%ld files) in %.1f s -> %s%sindex.html\n",
			out, sep, r->files, secs, out, sep);
	else
		fprintf(stderr, "%s%s: %ld page%s, %ld chart%s (%ld drawn, %ld "
			"unchanged)%s in %.1f s -> %s%sindex.html\n", out, sep,
			r->pages, r->pages == 1 ? "" : "s", r->charts,
			r->charts == 1 ? "" : "s", r->drawn,
			r->charts - r->drawn, r->written ? "" :
			", no file changed", secs, out, sep);
}

/* Each chart is drawn into images of a few MiB, freed before the next:
 * glibc's malloc maps such a block afresh each time (or trims it off the
 * heap's top) and the kernel zeroes every page again, a fifth of a
 * render's CPU time.  Kept in the heap, the next chart reuses the pages. */
static void keep_heap(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 64 * 1024 * 1024);
	mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
#endif
}

static int run_render(int argc, char **argv, const struct cli_env *env)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct site_options o = {"site", cpus > 0 ? (int)cpus : 1, 0, 0};
	struct site_report r;
	struct timespec start;
	struct store *st;
	struct err e;
	int c, rc, quiet = 0;

	keep_heap();
	while ((c = cli_option(argc, argv, &cli_render)) >= 0) {
		switch (c) {
		case 'o':
			o.out = optarg;
			break;
		case 'j':
			if (cli_count_option("--jobs", optarg, &o.jobs))
				return EXIT_USAGE;
			break;
		case 'z':
			o.gzip = 1;
			break;
		case 'q':
			quiet = 1;
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	clock_gettime(CLOCK_MONOTONIC, &start);
	progress_enable(!quiet);
	o.progress = progress_enabled();
	if (cli_open_reader(env, &st))
		return EXIT_FAULT;
	err_clear(&e);
	memset(&r, 0, sizeof(r));
	rc = site_render(st, &o, &r, &e);
	if (rc)
		err_print(&e);
	else if (!quiet)
		report(o.out, &r, since(&start));
	store_close(st);
	/* a comparison left out (it could not be built, or is too large)
	 * was named: the site holds the others; still a fault */
	return rc || r.refused ? EXIT_FAULT : EXIT_OK;
}

const struct cli_command cli_render = {
	"render", "build the static site",
	run_render, CLI_OPTS(opts), render_head, 14, render_tail, NULL,
	CLI_NO_OPERANDS,
};
