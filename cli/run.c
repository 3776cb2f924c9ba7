/*
 * run.c: `benchsite run`.  Runs a benchmark, shows its output as it
 * comes, and imports what it printed together with the facts of the
 * machine and of the filesystem under --dir.
 *
 * Each repeat is its own source and its own transaction, through the same
 * import_buffer as a file: a run imported by `run` is exactly what
 * `import` would make of the same bytes, plus attributes.  The facts go in
 * as the first --set attributes (the user's own --set come after them and
 * win), so that they are recorded with the source's import options and a
 * later re-parse keeps them.
 *
 * Nothing is imported from a repeat that failed (non-zero exit, killed,
 * interrupted, nothing readable): its output is kept in a new file whose
 * name is made here from a fixed prefix, our pid and a counter, never from
 * the command, created with O_EXCL so that nothing already there is
 * followed or overwritten.  The run stops at the first such repeat.
 *
 * Our own messages go to stderr: stdout carries the command's stdout, so
 * that `benchsite run -- tool > out.txt` still saves what the tool said.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
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
#include "../collector/run_tools.h"
#include "../collector/source.h"
#include "../core/buf.h"
#include "../core/err.h"
#include "../core/fdio.h"
#include "../core/record.h"
#include "../core/textrule.h"
#include "../schema/store.h"
#include "cli.h"

static const char usage[] =
	"usage: benchsite run [--label L] [--set K=V]... [--repeat N] "
	"[--dir PATH]\n"
	"                     [--test NAME] [--save FILE] [--quiet] -- COMMAND "
	"[ARGS]...\n"
	"\n"
	"Runs COMMAND (no shell: its arguments are passed as they are), shows\n"
	"what it prints and imports it, one run per repeat, with the facts of\n"
	"the machine (host, kernel, os, cpu_model, cpu_count, mem_total) and of\n"
	"the filesystem holding --dir (fs, mount, device, disk_model,\n"
	"rotational, scheduler, write_cache; a loop device's backing_file,\n"
	"backing_device and that device's facts), and command, started_at,\n"
	"duration_s.  hyperfine --export-json FILE and fio --output FILE:\n"
	"FILE is imported, what the tool printed kept beside it.\n"
	"\n"
	"  --label L     name every run L (default: what the output calls it,\n"
	"                else the command and test, e.g. sysbench-cpu)\n"
	"  --set K=V     add attribute K=V to every run (repeatable; wins over\n"
	"                the facts)\n"
	"  --repeat N    run COMMAND N times, each its own run (default 1)\n"
	"  --dir PATH    the folder the benchmark works in: COMMAND runs there\n"
	"                and the filesystem facts are its (default: the\n"
	"                working directory)\n"
	"  --test NAME   the test name when the output does not say it (default:\n"
	"                from the command: sysbench's test or script, fileio's\n"
	"                --file-test-mode, fio's --name)\n"
	"  --save FILE   also write what the command printed to FILE (with\n"
	"                --repeat, repeat i to FILE with -i before its\n"
	"                extension: out.txt -> out-1.txt, out-2.txt); made\n"
	"                before anything runs, never over a file or link\n"
	"  --quiet       no line per repeat (which repeat starts, on a\n"
	"                terminal, and what it imported); warnings and\n"
	"                errors are still said\n"
	"\n"
	"A repeat that exits non-zero, is interrupted or prints nothing\n"
	"benchsite can read imports nothing: its output is kept in a file\n"
	"whose name is printed, with the last lines a failed command printed,\n"
	"and the exit status is 1.  Ctrl-C stops the command.\n";

/* More than a thousand repeats is a typo; the loop is for statistics. */
#define RUN_REPEAT_MAX 1000
/* The argv of one exec is at most ARG_MAX (2 MiB on Linux by default);
 * the attribute keeps its first RUN_VALUE_MAX bytes, it is for people. */
#define RUN_COMMAND_MAX ((size_t)4 << 20)
/* The user's --set share the import's attribute slots with the facts. */
#define RUN_SET_MAX (IMPORT_SET_MAX - RUN_FACTS_MAX)

/* A --save file, made before anything runs (save_create). */
struct saved {
	dev_t dev;
	ino_t ino;
	int written;
};

struct run_cfg {
	const char *label;
	const char *test;
	const char *dir;
	const char *save;
	struct saved *saved;	/* owned, one per repeat, with --save */
	long repeat;
	int quiet;		/* --quiet */
	int nset;
	const char *set_key[RUN_SET_MAX];
	const char *set_value[RUN_SET_MAX];
};

/* Writes in's bytes to fd a few MB at a time, giving back the pages of a
 * spooled capture behind it (source_drop): memory stays flat however much
 * the command printed. */
static int write_input(int fd, const struct source_input *in)
{
	const size_t step = (size_t)8 << 20;
	size_t at, k;

	for (at = 0; at < in->n; at += k) {
		k = in->n - at < step ? in->n - at : step;
		if (fd_write_all(fd, in->p + at, k))
			return -1;
		source_drop(in);
	}
	return 0;
}

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
			written = write_input(fd, in);
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

/* The --save file of repeat i: FILE itself, or FILE-i (before its
 * extension: out-2.txt) with --repeat. */
static void save_path(const struct run_cfg *cfg, long i, char *path,
		      size_t cap)
{
	const char *slash = strrchr(cfg->save, '/');
	const char *dot = strrchr(slash ? slash + 1 : cfg->save, '.');

	if (cfg->repeat == 1)
		snprintf(path, cap, "%s", cfg->save);
	else if (dot && dot != (slash ? slash + 1 : cfg->save))
		snprintf(path, cap, "%.*s-%ld%s", (int)(dot - cfg->save),
			 cfg->save, i, dot);
	else
		snprintf(path, cap, "%s-%ld", cfg->save, i);
}

/* Removes the --save files made for repeats that never wrote theirs (the
 * run stopped first), when they are still the empty files made here. */
static void save_discard(struct run_cfg *cfg)
{
	char path[4096];
	struct stat st;
	long i;

	if (!cfg->saved)
		return;
	for (i = 1; i <= cfg->repeat; i++) {
		save_path(cfg, i, path, sizeof(path));
		if (cfg->saved[i - 1].ino && !cfg->saved[i - 1].written &&
		    lstat(path, &st) == 0 && st.st_size == 0 &&
		    st.st_dev == cfg->saved[i - 1].dev &&
		    st.st_ino == cfg->saved[i - 1].ino)
			unlink(path);
	}
	free(cfg->saved);
	cfg->saved = NULL;
}

/* Creates every --save file before anything runs, exclusively: a file or
 * a symlink already at the name is refused, never followed or overwritten
 * (a symlink planted there would have sent the output over its target).
 * Prints why and returns -1, having made nothing, on any failure. */
static int save_create(struct run_cfg *cfg)
{
	char path[4096];
	struct stat st;
	long i;
	int fd;

	cfg->saved = calloc((size_t)cfg->repeat, sizeof(*cfg->saved));
	if (!cfg->saved)
		return warnmsg("out of memory");
	for (i = 1; i <= cfg->repeat; i++) {
		save_path(cfg, i, path, sizeof(path));
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			  O_CLOEXEC, 0644);
		if (fd < 0 || fstat(fd, &st)) {
			int err = errno;

			if (fd >= 0)
				close(fd);
			save_discard(cfg);
			if (err == EEXIST)
				return warnmsg("%s: exists; --save never "
					       "overwrites a file (remove it or "
					       "name another)", path);
			return warnmsg("%s: cannot create: %s", path,
				       strerror(err));
		}
		close(fd);
		cfg->saved[i - 1].dev = st.st_dev;
		cfg->saved[i - 1].ino = st.st_ino;
	}
	return 0;
}

/* Writes the capture of repeat i into its --save file, the one
 * save_create made (still the same file, still not a symlink). */
static int save_output(const struct run_cfg *cfg, long i,
		       const struct source_input *in)
{
	char path[4096];
	struct saved *sv = &cfg->saved[i - 1];
	struct stat st;
	int fd, rc;

	save_path(cfg, i, path, sizeof(path));
	fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return warnmsg("%s: cannot write: %s", path, strerror(errno));
	if (fstat(fd, &st) || st.st_dev != sv->dev || st.st_ino != sv->ino) {
		close(fd);
		return warnmsg("%s: not the file benchsite made for --save "
			       "(replaced meanwhile); nothing written", path);
	}
	sv->written = 1;
	rc = write_input(fd, in);
	if (close(fd) || rc)
		return warnmsg("%s: cannot write: %s", path, strerror(errno));
	return 0;
}

/* Keeps the capture in a new file and says why nothing was imported;
 * note (or NULL) ends the kept file. */
static void report_kept(const struct source_input *out, const char *why,
			const char *note)
{
	char path[4096];

	if (keep_output(out, note, path, sizeof(path)) == 0)
		warnmsg("%s; nothing imported; its output is in %s", why,
			path);
	else
		warnmsg("%s; nothing imported; its output could not be kept: "
			"%s", why, strerror(errno));
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

/* One repeat: runs, checks, imports.  0 when imported. */
static int one_repeat(struct store *s, char *const argv[],
		      const struct run_cfg *cfg, struct run_facts *facts,
		      const char *name, long i)
{
	struct run_result r;
	struct import_opts o;
	struct import_report rep;
	const struct format *fmt;
	struct source_spool sp;
	struct source_input out;
	struct err e;
	char why[1024], note[1152], v[64], file[4096];
	const char *advice;
	int k, tofile, rc = -1;

	if (!cfg->quiet && isatty(2))
		fprintf(stderr, "[%ld/%ld] %s\n", i, cfg->repeat,
			run_facts_get(facts, "command"));
	utc_now(v);
	run_facts_set(facts, "started_at", v);
	/* the capture: memory while small, an unlinked file past that, up
	 * to RUN_OUTPUT_MAX (memory stays flat whatever the command prints) */
	source_spool_init(&sp, name);
	sp.max = RUN_OUTPUT_MAX;
	sp.too_big = "output larger than";
	err_clear(&e);
	if (run_command_in(cfg->dir, argv, 1, &sp, &r, &e)) {
		err_print(&e);
		source_spool_release(&sp);
		return -1;
	}
	if (r.nleft)
		/* through warnmsg: process names are not ours to trust */
		warnmsg("run %ld/%ld: still running when '%s' had exited and "
			"its output closed, so stopped: %s", i, cfg->repeat,
			argv[0], r.left);
	if (source_spool_finish(&sp, &out, &e)) {
		err_print(&e);
		return -1;
	}
	if (cfg->save && !r.interrupted && save_output(cfg, i, &out))
		goto done;
	if (r.interrupted) {
		snprintf(why, sizeof(why), "interrupted: run %ld/%ld stopped%s",
			 i, cfg->repeat, r.killed ? " (killed: a second "
			 "interrupt)" : "");
		report_kept(&out, why, NULL);
		goto done;
	}
	if (r.overflow) {
		if (r.why[0])
			snprintf(why, sizeof(why), "the output of '%s' could "
				 "not be kept (%s): stopped with SIGTERM%s",
				 argv[0], r.why,
				 r.killed ? ", then SIGKILL" : "");
		else
			snprintf(why, sizeof(why), "'%s' printed more than "
				 "%zu bytes: stopped with SIGTERM%s", argv[0],
				 (size_t)RUN_OUTPUT_MAX,
				 r.killed ? ", then SIGKILL" : "");
		snprintf(note, sizeof(note), "\n[benchsite: cut here: %s]\n",
			 why);
		report_kept(&out, why, note);
		goto done;
	}
	if (WIFSIGNALED(r.status)) {
		snprintf(why, sizeof(why), "'%s' was killed by signal %d",
			 argv[0], WTERMSIG(r.status));
		report_kept(&out, why, NULL);
		report_tail(&out);
		goto done;
	}
	if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0) {
		snprintf(why, sizeof(why), "'%s' exited with status %d",
			 argv[0], WIFEXITED(r.status) ? WEXITSTATUS(r.status)
			 : -1);
		report_kept(&out, why, NULL);
		report_tail(&out);
		goto done;
	}
	/* hyperfine --export-json F, fio --output F: the results are F */
	tofile = run_tools_file(argv, cfg->dir, file, sizeof(file));
	fmt = !tofile && out.n ? format_detect(out.p, out.n) : NULL;
	if (!fmt && !tofile) {
		advice = run_tools_advice(argv, out.p, out.n);
		snprintf(why, sizeof(why), "'%s' printed nothing benchsite can "
			 "read%s%s", argv[0], advice ? ": " : "",
			 advice ? advice : "");
		report_kept(&out, why, NULL);
		goto done;
	}
	snprintf(v, sizeof(v), "%.3f", r.duration);
	run_facts_set(facts, "duration_s", v);

	memset(&o, 0, sizeof(o));
	o.format = fmt ? fmt->name : NULL;
	o.label = cfg->label;
	o.test = cfg->test;
	for (k = 0; k < facts->n; k++) {
		o.set_key[o.nset] = facts->key[k];
		o.set_value[o.nset++] = facts->value[k];
	}
	for (k = 0; k < cfg->nset; k++) {
		o.set_key[o.nset] = cfg->set_key[k];
		o.set_value[o.nset++] = cfg->set_value[k];
	}
	if (tofile ? run_tools_import(s, file, name, &out, &o, &rep, &e) :
	    import_buffer(s, name, out.p, out.n, &o, &rep, &e)) {
		err_print(&e);
		if (tofile)
			snprintf(why, sizeof(why), "'%s' wrote no results "
				 "benchsite can read to %.512s", argv[0], file);
		else
			snprintf(why, sizeof(why), "'%s' printed what "
				 "benchsite cannot read as %s", argv[0],
				 fmt->name);
		report_kept(&out, why, NULL);
		goto done;
	}
	cli_import_warnings(name, &rep);
	if (cfg->quiet)
		;
	else if (rep.already)
		fprintf(stderr, "benchsite: run %ld/%ld: the same output was "
			"imported before; stored once\n", i, cfg->repeat);
	else
		fprintf(stderr, "benchsite: run %ld/%ld: %ld run%s, %ld results "
			"(%s)\n", i, cfg->repeat, rep.runs,
			rep.runs == 1 ? "" : "s", rep.results, rep.format);
	rc = 0;
done:
	source_close(&out);
	return rc;
}

static int parse_args(int argc, char **argv, struct run_cfg *cfg)
{
	static const struct option opts[] = {
		{"label", required_argument, NULL, 'l'},
		{"set", required_argument, NULL, 's'},
		{"repeat", required_argument, NULL, 'r'},
		{"dir", required_argument, NULL, 'd'},
		{"test", required_argument, NULL, 't'},
		{"save", required_argument, NULL, 'S'},
		{"quiet", no_argument, NULL, 'q'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c;

	memset(cfg, 0, sizeof(*cfg));
	cfg->repeat = 1;
	cfg->dir = ".";
	/* '+': the first word that is not ours is the command, whose
	 * options are its own even without "--" */
	while ((c = cli_option(argc, argv, "+l:s:r:d:t:qh", opts,
			       usage)) >= 0) {
		char *end;

		switch (c) {
		case 'l':
			if (!*optarg) {
				fputs("benchsite: empty label\n", stderr);
				return EXIT_USAGE;
			}
			if (cli_text_option("--label", optarg))
				return EXIT_USAGE;
			cfg->label = optarg;
			break;
		case 's':
			if (cli_set_option(optarg, cfg->set_key, cfg->set_value,
					   &cfg->nset, RUN_SET_MAX))
				return EXIT_USAGE;
			break;
		case 'r':
			errno = 0;
			cfg->repeat = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || cfg->repeat < 1 ||
			    cfg->repeat > RUN_REPEAT_MAX) {
				fprintf(stderr, "benchsite: --repeat wants a "
					"number from 1 to %d\n", RUN_REPEAT_MAX);
				return EXIT_USAGE;
			}
			break;
		case 'd':
			cfg->dir = optarg;
			break;
		case 't':
			if (!*optarg) {
				fputs("benchsite: empty test name\n", stderr);
				return EXIT_USAGE;
			}
			if (cli_text_option("--test", optarg))
				return EXIT_USAGE;
			cfg->test = optarg;
			break;
		case 'q':
			cfg->quiet = 1;
			break;
		case 'S':
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
		return cli_usage_error(usage);
	}
	return -1;
}

int cmd_run(int argc, char **argv, const struct cli_env *env)
{
	struct run_cfg cfg;
	struct run_facts *facts;
	struct store *s;
	struct buf cmdline;
	struct err e;
	char test[256], name[512];
	char *const *cargv;
	const char *base;
	long i;
	int rc, k;

	rc = parse_args(argc, argv, &cfg);
	if (rc >= 0)
		return rc;
	cargv = argv + optind;
	if (!cfg.test && run_test_name(cargv, test, sizeof(test)))
		cfg.test = test;
	base = strrchr(cargv[0], '/') ? strrchr(cargv[0], '/') + 1 : cargv[0];
	if (!*base) {
		fprintf(stderr, "benchsite: '%s' is not a command\n", cargv[0]);
		return EXIT_USAGE;
	}
	/* the source's name, and so the default label: "sysbench-cpu" */
	snprintf(name, sizeof(name), "%s%s%s", base, cfg.test ? "-" : "",
		 cfg.test ? cfg.test : "");

	if (cfg.save && save_create(&cfg))
		return EXIT_FAULT;
	facts = calloc(1, sizeof(*facts));
	if (!facts) {
		warnmsg("out of memory");
		save_discard(&cfg);
		return EXIT_FAULT;
	}
	err_clear(&e);
	run_facts_machine(facts);
	if (run_facts_dir(facts, cfg.dir, &e)) {
		err_print(&e);
		free(facts);
		save_discard(&cfg);
		return EXIT_FAULT;
	}
	buf_init(&cmdline, RUN_COMMAND_MAX);
	for (k = 0; cargv[k]; k++)
		if ((k && buf_addc(&cmdline, ' ')) ||
		    buf_adds(&cmdline, cargv[k]))
			break;
	run_facts_set(facts, "command", cmdline.data);
	buf_release(&cmdline);

	if (cli_open_importer(env, &s)) {
		free(facts);
		save_discard(&cfg);
		return EXIT_FAULT;
	}
	run_signals_init();
	rc = EXIT_OK;
	for (i = 1; i <= cfg.repeat; i++) {
		if (run_signalled()) {
			fprintf(stderr, "benchsite: interrupted before run "
				"%ld/%ld\n", i, cfg.repeat);
			rc = EXIT_FAULT;
			break;
		}
		if (one_repeat(s, cargv, &cfg, facts, name, i)) {
			rc = EXIT_FAULT;
			break;
		}
	}
	store_close(s);
	free(facts);
	save_discard(&cfg);
	return rc;
}
