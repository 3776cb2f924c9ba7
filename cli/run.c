/*
 * run.c: `benchsite run`.  Runs a benchmark, shows its output as it
 * comes, and imports what it printed together with the facts of the
 * machine and of the filesystem under --dir.
 *
 * Each repeat is its own source and its own transaction, through the same
 * import_buffer as a file: a run imported by `run` is exactly what
 * `import` would make of the same bytes, plus attributes.  The facts go in
 * as the first --set attributes (the user's own --set, then the --param
 * settings, come after them and win), so that they are recorded with the
 * source's import options and a later re-parse keeps them.
 *
 * A sweep (--param, collector/run_plan.h) runs, for each combination of
 * the settings in turn: --prepare, the --warmup runs, the repeats, then
 * --cleanup.  The cleanup is the combination's "finally": it runs once
 * anything of its combination has run, whatever happened since (a failed
 * prepare, warm-up or repeat, or a first Ctrl-C), because what the
 * prepare made (sysbench fileio's gigabytes of test files) must not be
 * left behind.  A second Ctrl-C stops the cleanup too.
 *
 * Nothing is imported from a repeat that failed (non-zero exit, killed,
 * interrupted, nothing readable): its output is kept in a new file whose
 * name is made here from a fixed prefix, our pid and a counter, never from
 * the command, created with O_EXCL so that nothing already there is
 * followed or overwritten.  The run stops at the first such repeat, and
 * at the first failed prepare, warm-up or cleanup.
 *
 * Our own messages go to stderr: stdout carries the measured command's
 * stdout, so that `benchsite run -- tool > out.txt` still saves what the
 * tool said; what prepare, cleanup and the warm-ups print goes to stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../collector/format.h"
#include "../collector/import.h"
#include "../collector/run_command.h"
#include "../collector/run_facts.h"
#include "../collector/run_plan.h"
#include "../collector/run_tools.h"
#include "../collector/source.h"
#include "../core/buf.h"
#include "../core/err.h"
#include "../core/quote.h"
#include "../core/fdio.h"
#include "../core/record.h"
#include "../core/textrule.h"
#include "../schema/store.h"
#include "cli.h"
#include "commands.h"
#include "run_save.h"
#include "select.h"

static const struct cli_opt opts[] = {
	CLI_LABEL("name every run L (default: what the output calls it,\n"
		  "else the command and test, e.g. sysbench-cpu)"),
	CLI_SET("add attribute K=V to every run (repeatable; wins over\n"
		"the facts)"),
	{"repeat", required_argument, 'r', "N",
	 "run COMMAND N times, each its own run (default 1)"},
	CLI_LONG_VALUE("param", 'p', "K=V1,V2...",
	 "sweep setting K over the values (repeatable: every\n"
	 "combination, the first --param outermost; \\, is a\n"
	 "comma in a value): {K} in COMMAND's words and in\n"
	 "--prepare and --cleanup becomes the value, and each\n"
	 "run gets attribute K (command keeps {K} as written)"),
	CLI_LONG_VALUE("warmup", 'w', "N",
	 "run COMMAND N times first for each combination,\n"
	 "importing nothing of them (a line says each was done)"),
	CLI_LONG_VALUE("prepare", 'P', "CMD",
	 "run CMD in --dir before each combination (sysbench\n"
	 "fileio's prepare)"),
	CLI_LONG_VALUE("cleanup", 'C', "CMD",
	 "run CMD in --dir after each combination, also after a\n"
	 "failure or a first Ctrl-C once anything of it ran\n"
	 "(their CMD is one string split into words, never by\n"
	 "a shell: blanks separate words, '...' and \"...\"\n"
	 "quote, a backslash keeps the next character; nothing\n"
	 "else is special: 'sysbench fileio \"$X\" prepare' is\n"
	 "4 words, the third $X)"),
	{"dir", required_argument, 'd', "PATH",
	 "the folder the benchmark works in: COMMAND runs there\n"
	 "and the filesystem facts are its (default: the\n"
	 "working directory)"},
	{"test", required_argument, 't', "NAME",
	 "the test name when the output does not say it (default:\n"
	 "from the command: sysbench's test or script, fileio's\n"
	 "--file-test-mode, fio's --name)"},
	CLI_LONG_VALUE("save", 'S', "FILE",
	 "also write what the command printed to FILE, once it is\n"
	 "imported (with several runs, run i to FILE with -i\n"
	 "before its extension: out.txt -> out-1.txt, out-2.txt,\n"
	 "numbered as the progress line counts them); made\n"
	 "before anything runs, never over a file or link; a run\n"
	 "that imports nothing leaves no file"),
	{"quiet", no_argument, 'q', NULL,
	 "no line per step (which repeat starts, on a\n"
	 "terminal, and what it imported or did); warnings and\n"
	 "errors are still said"},
};

static const char run_head[] =
	"usage: benchsite run [--label L] [--set K=V]... [--repeat N] "
	"[--dir PATH]\n"
	"                     [--param K=V1,V2...]... [--warmup N]\n"
	"                     [--prepare CMD] [--cleanup CMD]\n"
	"                     [--test NAME] [--save FILE] [--quiet] -- COMMAND "
	"[ARGS]...\n"
	"\n"
	"Runs COMMAND (no shell: its arguments are passed as they are), shows\n"
	"what it prints and imports it, one run per repeat, with the facts of\n"
	"the machine (host, kernel, os, cpu_model, cpu_count, mem_total) and of\n"
	"the filesystem holding --dir (fs, mount, device, disk_model,\n"
	"rotational, scheduler, write_cache; a loop device's backing_file,\n"
	"backing_device and that device's facts), and command, started_at,\n"
	"duration_s (and warmup, prepare, cleanup when given).\n"
	"hyperfine --export-json FILE and fio --output FILE: FILE is\n"
	"imported, what the tool printed kept beside it.\n"
	"\n";

static const char run_tail[] =
	"\n"
	"A repeat that exits non-zero, is interrupted or prints nothing\n"
	"benchsite can read imports nothing: its output is kept in a file\n"
	"whose name is printed, with the last lines a failed command printed,\n"
	"and the exit status is 1; so does a failed prepare, warm-up or\n"
	"cleanup.  Nothing runs after it but the cleanup of its combination.\n"
	"Ctrl-C stops the command; what was imported before stays.\n";

/* More than a thousand runs is a typo; the loop is for statistics. */
#define RUN_REPEAT_MAX 1000
/* The argv of one exec is at most ARG_MAX (2 MiB on Linux by default);
 * the attribute keeps its first RUN_VALUE_MAX bytes, it is for people. */
#define RUN_COMMAND_MAX ((size_t)4 << 20)
/* The user's --set and --param share the import's attribute slots with
 * the facts. */
#define RUN_SET_MAX (IMPORT_SET_MAX - RUN_FACTS_MAX)

struct run_cfg {
	const char *label;
	const char *test;
	const char *dir;
	const char *save;
	struct run_save sv;	/* the --save files */
	long repeat;
	long warmup;
	long ncombo;		/* combinations of --param (1 without) */
	long total;		/* runs: ncombo x repeat */
	int quiet;		/* --quiet */
	int nset;
	const char *set_key[RUN_SET_MAX];
	const char *set_value[RUN_SET_MAX];
	struct run_plan plan;	/* --param */
	char **prepare;		/* --prepare's words, or NULL */
	char **cleanup;		/* --cleanup's words, or NULL */
};

/* One combination of the settings, as it runs. */
struct combo {
	long c;			/* 0-based */
	char **argv;		/* the command, {K} replaced */
	char **prepare;		/* the same for --prepare (or NULL) */
	char **cleanup;		/* and --cleanup */
	char where[512];	/* "threads=8, size=4k", or "" */
	char test[256];
	char name[512];		/* the source's name: "sysbench-cpu" */
};

/* Writes the capture in, then note (when not NULL), to a new file, in the
 * working directory or else in $TMPDIR (/tmp); path gets its name.  The
 * name is ours alone: a fixed prefix, the pid and a counter. */
static int keep_output(const struct source_input *in, const char *note,
		       char *path, size_t cap)
{
	static unsigned counter;
	const char *tmp = getenv("TMPDIR");
	const char *dirs[2];
	int d, tries;

	dirs[0] = NULL;
	dirs[1] = tmp && *tmp ? tmp : "/tmp";
	for (d = 0; d < 2; d++) {
		for (tries = 0; tries < 100; tries++) {
			int fd, written;

			counter++;
			if (dirs[d])
				snprintf(path, cap, "%s/benchsite-run.%ld.%u.out",
					 dirs[d], (long)getpid(), counter);
			else
				snprintf(path, cap, "benchsite-run.%ld.%u.out",
					 (long)getpid(), counter);
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
				  0600);
			if (fd < 0 && errno == EEXIST)
				continue;
			if (fd < 0)
				break;
			written = run_write_input(fd, in);
			if (written == 0 && note)
				written = fd_write_all(fd, note, strlen(note));
			if (close(fd) == 0 && written == 0)
				return 0;
			unlink(path);
			break;
		}
	}
	return -1;
}

/* Keeps the capture in a new file and says why, and what follows from it
 * (then: "nothing imported"); note (or NULL) ends the kept file. */
static void report_kept(const struct source_input *out, const char *why,
			const char *then, const char *note)
{
	char path[4096];

	if (keep_output(out, note, path, sizeof(path)) == 0)
		warnmsg("%s; %s; its output is in %s", why, then, path);
	else
		warnmsg("%s; %s; its output could not be kept: %s", why, then,
			strerror(errno));
}

/* A failed command's own words say why it failed ("FATAL: Cannot open
 * file"): at most this many of its last lines follow the message, each
 * cut at RUN_TAIL_WIDTH bytes, control bytes shown as '?' (they would
 * act on the terminal). */
#define RUN_TAIL_LINES 5
#define RUN_TAIL_WIDTH 200

static void report_tail(const struct source_input *out)
{
	const char *start[RUN_TAIL_LINES], *p, *end;
	size_t len[RUN_TAIL_LINES];
	int n = 0, i;

	if (!out->n)
		return;
	/* walk back over the last lines that hold something */
	end = out->p + out->n;
	while (n < RUN_TAIL_LINES && end > out->p) {
		const char *b = end;

		while (b > out->p && b[-1] != '\n')
			b--;
		for (p = b; p < end && (*p == ' ' || *p == '\t' || *p == '\r');
		     p++)
			;
		if (p < end) {
			memmove(start + 1, start, (size_t)n * sizeof(*start));
			memmove(len + 1, len, (size_t)n * sizeof(*len));
			start[0] = b;
			len[0] = (size_t)(end - b);
			n++;
		}
		end = b > out->p ? b - 1 : b;
	}
	if (!n)
		return;
	fputs("benchsite: the last lines it printed:\n", stderr);
	for (i = 0; i < n; i++) {
		size_t w = len[i] < RUN_TAIL_WIDTH ? len[i] : RUN_TAIL_WIDTH;
		char line[4 * RUN_TAIL_WIDTH + 8];

		/* what the command printed is not ours to trust: the text
		 * rule cleans it (no raw control character reaches the
		 * terminal) */
		textrule_clean(start[i], w, line, sizeof(line));
		fprintf(stderr, "    %s%s\n", line, w < len[i] ? "..." : "");
	}
}

static void utc_now(char out[32])
{
	time_t t = time(NULL);
	struct tm tm;

	if (gmtime_r(&t, &tm))
		strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
	else
		snprintf(out, 32, "unknown");
}


/* Whether the command argv, done as r says with its output out, failed:
 * 0 when it exited 0, whole; else says why (prefixed with pre: "prepare,
 * threads=8: ", or "" for a plain run), what follows (then), keeps its
 * output and returns -1.  step names it when it is interrupted ("run
 * 2/3"). */
static int check_end(char *const argv[], const struct run_result *r,
		     const struct source_input *out, const char *pre,
		     const char *step, const char *then)
{
	char why[768], note[896];

	if (r->interrupted) {
		snprintf(why, sizeof(why), "interrupted: %s stopped%s", step,
			 r->killed ? " (killed: a second interrupt)" : "");
		report_kept(out, why, then, NULL);
		return -1;
	}
	if (r->overflow) {
		if (r->why[0])
			snprintf(why, sizeof(why), "%sthe output of '%s' could "
				 "not be kept (%s): stopped with SIGTERM%s", pre,
				 argv[0], r->why,
				 r->killed ? ", then SIGKILL" : "");
		else
			snprintf(why, sizeof(why), "%s'%s' printed more than "
				 "%zu bytes: stopped with SIGTERM%s", pre,
				 argv[0], (size_t)RUN_OUTPUT_MAX,
				 r->killed ? ", then SIGKILL" : "");
		snprintf(note, sizeof(note), "\n[benchsite: cut here: %s]\n",
			 why);
		report_kept(out, why, then, note);
		return -1;
	}
	if (WIFSIGNALED(r->status)) {
		snprintf(why, sizeof(why), "%s'%s' was killed by signal %d",
			 pre, argv[0], WTERMSIG(r->status));
		report_kept(out, why, then, NULL);
		report_tail(out);
		return -1;
	}
	if (!WIFEXITED(r->status) || WEXITSTATUS(r->status) != 0) {
		snprintf(why, sizeof(why), "%s'%s' exited with status %d", pre,
			 argv[0], WIFEXITED(r->status) ?
			 WEXITSTATUS(r->status) : -1);
		report_kept(out, why, then, NULL);
		report_tail(out);
		return -1;
	}
	return 0;
}

/* The words of argv joined by spaces into b (cut at its cap). */
static void join_words(struct buf *b, char *const argv[])
{
	int k;

	for (k = 0; argv[k]; k++)
		if ((k && buf_addc(b, ' ')) || buf_adds(b, argv[k]))
			break;
}

/* Shows, on a terminal, which step starts: "[repeat 2 of 3, threads=8
 * (5 of 12)] sysbench ...". */
static void progress(const struct run_cfg *cfg, const char *step,
		     char *const argv[])
{
	struct buf b;

	if (cfg->quiet || !isatty(2))
		return;
	buf_init(&b, RUN_COMMAND_MAX);
	join_words(&b, argv);
	fprintf(stderr, "[%s] %s\n", step, b.data ? b.data : argv[0]);
	buf_release(&b);
}

#define CAPTURE_NOT_RUN 1	/* the command did not run or was cut off */
#define CAPTURE_NOT_KEPT 2	/* it ran, its output could not be kept */

/* Runs argv in cfg->dir (echo: RUN_ECHO or RUN_ECHO_STDERR), its output
 * captured into out under name: in memory while small, an unlinked file
 * past that, up to RUN_OUTPUT_MAX (memory stays flat whatever the command
 * prints).  What it left running is said, as step's.  0, or one of the
 * two above with e set. */
static int capture(const struct run_cfg *cfg, char *const argv[], int echo,
		   const char *name, const char *step, struct run_result *r,
		   struct source_input *out, struct err *e)
{
	struct source_spool sp;

	source_spool_init(&sp, name);
	sp.max = RUN_OUTPUT_MAX;
	sp.too_big = "output larger than";
	err_clear(e);
	if (run_command_in(cfg->dir, argv, echo, &sp, r, e)) {
		source_spool_release(&sp);
		return CAPTURE_NOT_RUN;
	}
	if (r->nleft)
		/* through warnmsg: process names are not ours to trust */
		warnmsg("%s: still running when '%s' had exited and its output "
			"closed, so stopped: %s", step, argv[0], r->left);
	return source_spool_finish(&sp, out, e) ? CAPTURE_NOT_KEPT : 0;
}

/* Runs a step that imports nothing (prepare, a warm-up, cleanup): its
 * output goes on to stderr and is kept only when it fails.  what names it
 * ("prepare"), n/of count warm-ups (of 0: none).  0 when it exited 0. */
static int run_aside(const struct run_cfg *cfg, const struct combo *co,
		     char *const argv[], const char *what, long n, long of,
		     const char *then)
{
	struct run_result r;
	struct source_input out;
	struct err e;
	char step[768], pre[800], count[64];
	int rc;

	count[0] = '\0';
	if (of)
		snprintf(count, sizeof(count), " %ld/%ld", n, of);
	snprintf(step, sizeof(step), "%s%s%s%s", what, count,
		 co->where[0] ? ", " : "", co->where);
	snprintf(pre, sizeof(pre), "%s: ", step);
	progress(cfg, step, argv);
	if ((rc = capture(cfg, argv, RUN_ECHO_STDERR, what, step, &r, &out,
			  &e))) {
		if (rc == CAPTURE_NOT_RUN)
			warnmsg("%s%s", pre, e.msg);
		else
			err_print(&e);
		return -1;
	}
	rc = check_end(argv, &r, &out, pre, step, then);
	if (rc == 0 && !cfg->quiet)
		fprintf(stderr, "benchsite: %s: done in %.3f s%s\n", step,
			r.duration, of ? "; not imported" : "");
	source_close(&out);
	return rc;
}

/* One repeat: runs, checks, imports; i counts the runs of the whole
 * invocation (1..cfg->total).  0 when imported. */
static int one_repeat(struct store *s, const struct combo *co,
		      struct run_cfg *cfg, struct run_facts *facts,
		      long rep, long i)
{
	char *const *argv = co->argv;
	struct run_result r;
	struct import_opts o;
	struct import_report ir;
	const struct format *fmt;
	struct source_input out;
	struct err e;
	char why[1600], v[64], step[640], pre[700], ps[768], file[4096];
	const char *advice;
	int k, tofile, rc = -1;

	snprintf(step, sizeof(step), "run %ld/%ld%s%s", i, cfg->total,
		 co->where[0] ? ", " : "", co->where);
	/* a plain run's messages name its command alone, as they did
	 * before sweeps; a sweep's name the combination */
	snprintf(pre, sizeof(pre), "%s%s", co->where[0] ? step : "",
		 co->where[0] ? ": " : "");
	if (cfg->ncombo > 1)
		snprintf(ps, sizeof(ps), "repeat %ld of %ld, %s (%ld of %ld)",
			 rep, cfg->repeat, co->where, i, cfg->total);
	else
		snprintf(ps, sizeof(ps), "repeat %ld of %ld", rep, cfg->repeat);
	progress(cfg, ps, argv);
	utc_now(v);
	run_facts_set(facts, "started_at", v);
	if (capture(cfg, argv, RUN_ECHO, co->name, step, &r, &out, &e)) {
		err_print(&e);
		return -1;
	}
	if (check_end(argv, &r, &out, pre, step, "nothing imported"))
		goto done;
	/* hyperfine --export-json F, fio --output F: the results are F */
	tofile = run_tools_file(argv, cfg->dir, file, sizeof(file));
	fmt = !tofile && out.n ? format_detect(out.p, out.n) : NULL;
	if (!fmt && !tofile) {
		advice = run_tools_advice(argv, out.p, out.n);
		snprintf(why, sizeof(why), "%s'%s' printed nothing benchsite "
			 "can read%s%s", pre, argv[0], advice ? ": " : "",
			 advice ? advice : "");
		report_kept(&out, why, "nothing imported", NULL);
		goto done;
	}
	snprintf(v, sizeof(v), "%.3f", r.duration);
	run_facts_set(facts, "duration_s", v);

	memset(&o, 0, sizeof(o));
	o.format = fmt ? fmt->name : NULL;
	o.label = cfg->label;
	o.test = co->test[0] ? co->test : NULL;
	o.own_run = 1;
	for (k = 0; k < facts->n; k++) {
		o.set_key[o.nset] = facts->key[k];
		o.set_value[o.nset++] = facts->value[k];
	}
	for (k = 0; k < cfg->nset; k++) {
		o.set_key[o.nset] = cfg->set_key[k];
		o.set_value[o.nset++] = cfg->set_value[k];
	}
	for (k = 0; k < cfg->plan.nparam; k++) {
		o.set_key[o.nset] = cfg->plan.param[k].key;
		o.set_value[o.nset++] = run_plan_value(&cfg->plan, co->c, k);
	}
	/* the --save file first: a run whose output could not be saved is
	 * not imported either */
	if (cfg->save && run_save_write(&cfg->sv, i, &out))
		goto done;
	if (tofile ? run_tools_import(s, file, co->name, &out, &o, &ir, &e) :
	    import_buffer(s, co->name, out.p, out.n, &o, &ir, &e)) {
		err_print(&e);
		if (tofile)
			snprintf(why, sizeof(why), "%s'%s' wrote no results "
				 "benchsite can read to %.512s", pre, argv[0],
				 file);
		else
			snprintf(why, sizeof(why), "%s'%s' printed what "
				 "benchsite cannot read as %s", pre, argv[0],
				 fmt->name);
		report_kept(&out, why, "nothing imported", NULL);
		goto done;
	}
	cli_import_warnings(co->name, &ir);
	if (cfg->quiet)
		;
	else if (ir.already)
		fprintf(stderr, "benchsite: %s: the same output was imported "
			"before; stored once\n", step);
	else
		fprintf(stderr, "benchsite: %s: %ld run%s, %ld results (%s)\n",
			step, ir.runs, ir.runs == 1 ? "" : "s", ir.results,
			ir.format);
	rc = 0;
done:
	/* a run that imported nothing leaves no --save file */
	if (rc && cfg->save)
		run_save_remove(&cfg->sv, i);
	source_close(&out);
	return rc;
}

/* Frees what parse_args allocated. */
static void cfg_free(struct run_cfg *cfg)
{
	run_plan_free(&cfg->plan);
	free(cfg->prepare);
	free(cfg->cleanup);
	cfg->prepare = cfg->cleanup = NULL;
}

/* Splits the words of --prepare or --cleanup (opt) into *words. */
static int words_option(const char *opt, const char *arg, char ***words)
{
	struct err e;

	err_clear(&e);
	free(*words);
	*words = NULL;
	if (run_words(arg, words, &e)) {
		warnmsg("%s: %s", opt, e.msg);	/* cleaned: it may quote arg */
		return -1;
	}
	return 0;
}

/* Takes one --param into the plan, its values checked as --set's are. */
static int param_option(struct run_cfg *cfg, char *arg)
{
	const char *t = arg;
	struct err e;

	/* composed before it is split, so that two spellings of one value
	 * are found twice; the composed copy is ours to split */
	if (cli_text_option("--param", &t))
		return -1;
	err_clear(&e);
	if (run_plan_add(&cfg->plan, (char *)t, &e)) {
		err_print(&e);
		return -1;
	}
	return 0;
}

/* What no option can say alone: the sizes, each setting used, no
 * setting also given by --set. */
static int check_plan(struct run_cfg *cfg, char *const cargv[])
{
	int k, j;

	for (k = 0; k < cfg->plan.nparam; k++) {
		const char *key = cfg->plan.param[k].key;

		for (j = 0; j < cfg->nset; j++)
			if (strcmp(cfg->set_key[j], key) == 0) {
				fprintf(stderr, "benchsite: %s is given by both "
					"--set and --param\n", key);
				return -1;
			}
		if (!run_plan_uses(&cfg->plan, cargv, k) &&
		    !(cfg->prepare && run_plan_uses(&cfg->plan, cfg->prepare,
						    k)) &&
		    !(cfg->cleanup && run_plan_uses(&cfg->plan, cfg->cleanup,
						    k))) {
			fprintf(stderr, "benchsite: --param %s: {%s} is in no "
				"word of the command, --prepare or --cleanup, so "
				"every value would run the same\n", key, key);
			return -1;
		}
	}
	if (cfg->nset + cfg->plan.nparam > RUN_SET_MAX) {
		fprintf(stderr, "benchsite: at most %d --set and --param "
			"together\n", RUN_SET_MAX);
		return -1;
	}
	cfg->ncombo = run_plan_count(&cfg->plan);
	if (cfg->ncombo > RUN_REPEAT_MAX / cfg->repeat) {
		fprintf(stderr, "benchsite: %ld combinations of --param times "
			"--repeat %ld is more than %d runs\n", cfg->ncombo,
			cfg->repeat, RUN_REPEAT_MAX);
		return -1;
	}
	cfg->total = cfg->ncombo * cfg->repeat;
	return 0;
}

/* A count option's number from 0 (from 1 with one) to RUN_REPEAT_MAX. */
static int count_option(const char *opt, const char *arg, long *n, int one)
{
	char *end;

	errno = 0;
	*n = strtol(arg, &end, 10);
	if (errno || end == arg || *end || *n < (one ? 1 : 0) ||
	    *n > RUN_REPEAT_MAX) {
		fprintf(stderr, "benchsite: %s wants a number from %d to %d\n",
			opt, one ? 1 : 0, RUN_REPEAT_MAX);
		return -1;
	}
	return 0;
}

/* A name the runs get (--label, --test): not empty, and a name the
 * store can hold (cli_text_option); -1 after saying why. */
static int name_option(const char *opt, const char *what, const char *arg,
		       const char **name)
{
	if (!*arg) {
		fprintf(stderr, "benchsite: empty %s\n", what);
		return -1;
	}
	*name = arg;
	return cli_text_option(opt, name);
}

static int parse_args(int argc, char **argv, struct run_cfg *cfg)
{
	int c;

	memset(cfg, 0, sizeof(*cfg));
	cfg->repeat = 1;
	cfg->dir = ".";
	while ((c = cli_option(argc, argv, &cli_run)) >= 0) {
		switch (c) {
		case 'l':
			if (name_option("--label", "label", optarg, &cfg->label))
				return EXIT_USAGE;
			break;
		case 's':
			if (cli_set_option(optarg, cfg->set_key, cfg->set_value,
					   &cfg->nset, RUN_SET_MAX))
				return EXIT_USAGE;
			break;
		case 'r':
			if (count_option("--repeat", optarg, &cfg->repeat, 1))
				return EXIT_USAGE;
			break;
		case CLI_LONG_ONLY('w'):
			if (count_option("--warmup", optarg, &cfg->warmup, 0))
				return EXIT_USAGE;
			break;
		case CLI_LONG_ONLY('p'):
			if (param_option(cfg, optarg))
				return EXIT_USAGE;
			break;
		case CLI_LONG_ONLY('P'):
			if (words_option("--prepare", optarg, &cfg->prepare))
				return EXIT_USAGE;
			break;
		case CLI_LONG_ONLY('C'):
			if (words_option("--cleanup", optarg, &cfg->cleanup))
				return EXIT_USAGE;
			break;
		case 'd':
			cfg->dir = optarg;
			break;
		case 't':
			if (name_option("--test", "test name", optarg, &cfg->test))
				return EXIT_USAGE;
			break;
		case 'q':
			cfg->quiet = 1;
			break;
		case CLI_LONG_ONLY('S'):
			if (!*optarg) {
				fputs("benchsite: empty --save file name\n",
				      stderr);
				return EXIT_USAGE;
			}
			cfg->save = optarg;
			break;
		}
	}
	if (c != CLI_DONE)
		return cli_status(c);
	if (optind >= argc) {
		fputs("benchsite: run: name the command to run, after --\n",
		      stderr);
		return cli_usage_error(&cli_run);
	}
	if (check_plan(cfg, argv + optind))
		return EXIT_USAGE;
	return -1;
}

static void combo_free(struct combo *co)
{
	free(co->argv);
	free(co->prepare);
	free(co->cleanup);
	memset(co, 0, sizeof(*co));
}

/* Makes combination c of cfg's plan: its words and its name.  -1 when
 * out of memory. */
static int combo_make(struct combo *co, const struct run_cfg *cfg,
		      char *const cargv[], long c)
{
	const char *base;
	size_t n = 0;
	int k;

	memset(co, 0, sizeof(*co));
	co->c = c;
	co->argv = run_plan_argv(&cfg->plan, cargv, c);
	if (cfg->prepare)
		co->prepare = run_plan_argv(&cfg->plan, cfg->prepare, c);
	if (cfg->cleanup)
		co->cleanup = run_plan_argv(&cfg->plan, cfg->cleanup, c);
	if (!co->argv || (cfg->prepare && !co->prepare) ||
	    (cfg->cleanup && !co->cleanup)) {
		combo_free(co);
		return warnmsg("out of memory");
	}
	for (k = 0; k < cfg->plan.nparam && n < sizeof(co->where); k++)
		n += (size_t)snprintf(co->where + n, sizeof(co->where) - n,
				      "%s%s=%s", k ? ", " : "",
				      cfg->plan.param[k].key,
				      run_plan_value(&cfg->plan, c, k));
	if (cfg->test)
		snprintf(co->test, sizeof(co->test), "%s", cfg->test);
	else if (!run_test_name(co->argv, co->test, sizeof(co->test)))
		co->test[0] = '\0';
	base = strrchr(co->argv[0], '/') ? strrchr(co->argv[0], '/') + 1 :
	       co->argv[0];
	/* the source's name, and so the default label: "sysbench-cpu" */
	snprintf(co->name, sizeof(co->name), "%s%s%s", *base ? base : "run",
		 co->test[0] ? "-" : "", co->test);

	return 0;
}

/* Runs combination co: prepare, warm-ups, repeats, cleanup.  *done counts
 * the runs imported.  0 when all went well. */
static int run_combo(struct store *s, struct run_cfg *cfg,
		     const struct combo *co, struct run_facts *facts,
		     long *done)
{
	char skip[640];
	long w, rep, i;
	int failed = 0, started = 0, stopped;

	snprintf(skip, sizeof(skip), "no run%s%s made", co->where[0] ?
		 " of " : "", co->where);
	if (co->prepare) {
		started = 1;
		failed = run_aside(cfg, co, co->prepare, "prepare", 0, 0, skip);
	}
	for (w = 1; w <= cfg->warmup && !failed; w++) {
		if (run_signalled()) {
			warnmsg("interrupted before warm-up %ld/%ld%s%s", w,
				cfg->warmup, co->where[0] ? ", " : "",
				co->where);
			failed = 1;
			break;
		}
		started = 1;
		failed = run_aside(cfg, co, co->argv, "warm-up", w, cfg->warmup,
				   skip);
	}
	for (rep = 1; rep <= cfg->repeat && !failed; rep++) {
		i = co->c * cfg->repeat + rep;
		if (run_signalled()) {
			fprintf(stderr, "benchsite: interrupted before run "
				"%ld/%ld\n", i, cfg->total);
			failed = 1;
			break;
		}
		started = 1;
		if (one_repeat(s, co, cfg, facts, rep, i))
			failed = 1;
		else
			(*done)++;
	}
	if (!co->cleanup || !started)
		return failed ? -1 : 0;
	stopped = run_signalled();
	if (stopped) {
		/* the interrupt stopped the sweep; the cleanup still runs,
		 * and a new Ctrl-C stops it */
		run_signal_forget();
		warnmsg("interrupted: running the cleanup%s%s all the same "
			"(Ctrl-C again stops it)", co->where[0] ? " of " : "",
			co->where);
	}
	if (run_aside(cfg, co, co->cleanup, "cleanup", 0, 0, failed ?
		      "the runs made before it are kept" :
		      "the runs made before it are kept, no more are made"))
		failed = 1;
	return failed || stopped ? -1 : 0;
}

/* Sets fact key to the words of argv joined by spaces. */
static void words_fact(struct run_facts *facts, const char *key,
		       char *const argv[])
{
	struct buf b;

	buf_init(&b, RUN_COMMAND_MAX);
	join_words(&b, argv);
	run_facts_set(facts, key, b.data ? b.data : "");
	buf_release(&b);
}

/* The facts of the method, the same for every run of a sweep: the
 * command, prepare and cleanup as written, "{K}" and all (with the
 * run's K they say what ran; one command per setting would read as runs
 * that differ in their command, not in the setting), and the warm-ups. */
static void method_facts(struct run_facts *facts, const struct run_cfg *cfg,
			 char *const cargv[])
{
	char v[32];

	words_fact(facts, "command", cargv);
	if (cfg->prepare)
		words_fact(facts, "prepare", cfg->prepare);
	if (cfg->cleanup)
		words_fact(facts, "cleanup", cfg->cleanup);
	if (cfg->warmup) {
		snprintf(v, sizeof(v), "%ld", cfg->warmup);
		run_facts_set(facts, "warmup", v);
	}
}

static int run_main(int argc, char **argv, const struct cli_env *env)
{
	struct run_cfg cfg;
	struct run_facts *facts;
	struct store *s;
	struct err e;
	char *const *cargv;
	const char *base;
	long c, done = 0;
	int rc;

	rc = parse_args(argc, argv, &cfg);
	if (rc >= 0) {
		cfg_free(&cfg);
		return rc;
	}
	cargv = argv + optind;
	base = strrchr(cargv[0], '/') ? strrchr(cargv[0], '/') + 1 : cargv[0];
	if (!*base) {
		char q[QUOTE_ARG_SIZE];

		fprintf(stderr, "benchsite: '%s' is not a command\n",
			quote_arg(cargv[0], q));
		cfg_free(&cfg);
		return EXIT_USAGE;
	}
	if (cfg.save && run_save_create(&cfg.sv, cfg.save, cfg.total)) {
		cfg_free(&cfg);
		return EXIT_FAULT;
	}
	facts = calloc(1, sizeof(*facts));
	if (!facts) {
		warnmsg("out of memory");
		run_save_finish(&cfg.sv);
		cfg_free(&cfg);
		return EXIT_FAULT;
	}
	err_clear(&e);
	run_facts_machine(facts);
	if (run_facts_dir(facts, cfg.dir, &e)) {
		err_print(&e);
		free(facts);
		run_save_finish(&cfg.sv);
		cfg_free(&cfg);
		return EXIT_FAULT;
	}
	method_facts(facts, &cfg, cargv);
	if (cli_open_importer(env, &s)) {
		free(facts);
		run_save_finish(&cfg.sv);
		cfg_free(&cfg);
		return EXIT_FAULT;
	}
	run_signals_init();
	rc = EXIT_OK;
	for (c = 0; c < cfg.ncombo; c++) {
		struct combo co;

		if (run_signalled()) {
			fprintf(stderr, "benchsite: interrupted before run "
				"%ld/%ld\n", c * cfg.repeat + 1, cfg.total);
			rc = EXIT_FAULT;
			break;
		}
		if (combo_make(&co, &cfg, cargv, c)) {
			rc = EXIT_FAULT;
			break;
		}
		if (run_combo(s, &cfg, &co, facts, &done))
			rc = EXIT_FAULT;
		combo_free(&co);
		if (rc)
			break;
	}
	if (rc && cfg.total > 1)
		warnmsg("stopped: %ld of %ld runs imported", done, cfg.total);
	store_close(s);
	free(facts);
	run_save_finish(&cfg.sv);
	cfg_free(&cfg);
	return rc;
}

/* CLI_IN_ORDER: the first word that is not ours is the command, whose
 * options are its own even without "--" */
const struct cli_command cli_run = {
	"run",
	"run a benchmark and import its output with the machine's facts",
	run_main, CLI_OPTS(opts), run_head, 16, run_tail, NULL, CLI_IN_ORDER,
};
