/*
 * run_tools.c: see run_tools.h.  The options are read as the tools read
 * them: hyperfine (clap) takes --export-json FILE and --export-json=FILE;
 * fio (getopt_long_only) takes --output FILE, --output=FILE and the same
 * with one dash, and --output-format likewise.
 */
#include "run_tools.h"

#include <stdio.h>
#include <string.h>

#include "../core/err.h"
#include "format.h"
#include "import.h"
#include "source.h"

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* The index in argv of the tool named tool (after any wrapper), or -1. */
static int tool_at(char *const argv[], const char *tool)
{
	int i;

	for (i = 0; argv[i]; i++)
		if (strcmp(base_name(argv[i]), tool) == 0)
			return i;
	return -1;
}

/* The value of option opt in argv[from..] (the last one given, as the
 * tools take it): "OPT VALUE" or "OPT=VALUE", and with one dash too when
 * one_dash is set.  NULL when absent. */
static const char *option(char *const argv[], int from, const char *opt,
			  int one_dash)
{
	const char *v = NULL;
	size_t k = strlen(opt);
	int i;

	for (i = from; argv[i]; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0)
			break;
		if (a[0] != '-')
			continue;
		a += a[1] == '-' ? 2 : (one_dash ? 1 : 0);
		if (a == argv[i] || strncmp(a, opt, k) != 0)
			continue;
		if (a[k] == '=')
			v = a + k + 1;
		else if (a[k] == '\0' && argv[i + 1])
			v = argv[++i];
	}
	return v;
}

int run_tools_file(char *const argv[], const char *dir, char *path,
		   size_t cap)
{
	const char *f = NULL;
	int i;

	if ((i = tool_at(argv, "hyperfine")) >= 0)
		f = option(argv, i + 1, "export-json", 0);
	else if ((i = tool_at(argv, "fio")) >= 0)
		f = option(argv, i + 1, "output", 1);
	if (!f || !*f)
		return 0;
	if (f[0] == '/' || !dir || strcmp(dir, ".") == 0)
		snprintf(path, cap, "%s", f);
	else
		snprintf(path, cap, "%s/%s", dir, f);
	return 1;
}

const char *run_tools_advice(char *const argv[], const char *p, size_t n)
{
	const char *fmt;
	int i;

	if (tool_at(argv, "hyperfine") >= 0)
		return "hyperfine prints its results for people; add "
		       "--export-json FILE and run imports FILE (its JSON "
		       "export, with every run's time)";
	if ((i = tool_at(argv, "fio")) >= 0) {
		fmt = option(argv, i + 1, "output-format", 1);
		if (fmt && !strstr(fmt, "json") && !strstr(fmt, "normal"))
			return "fio's --output-format=terse is not read; use "
			       "--output-format=json (or normal, fio's default)";
	}
	return n ? format_guess(p, n) : NULL;
}

int run_tools_import(struct store *s, const char *path, const char *name,
		     const struct source_input *printed, struct import_opts *o,
		     struct import_report *rep, struct err *e)
{
	struct source_input in;
	char pname[600];
	int rc;

	memset(rep, 0, sizeof(*rep));
	if (source_open(path, &in, e))
		return -1;
	snprintf(pname, sizeof(pname), "%s (printed)", name);
	o->printed_name = pname;
	o->printed = printed->p;
	o->nprinted = printed->n;
	rc = import_buffer(s, name, in.p, in.n, o, rep, e);
	o->printed_name = o->printed = NULL;
	o->nprinted = 0;
	/* the file at fault is the results file, whatever the run calls it */
	if (rc && strcmp(e->file, name) == 0)
		snprintf(e->file, sizeof(e->file), "%s", path);
	source_close(&in);
	return rc;
}
