/*
 * run.h: running a benchmark command and recording the machine under it.
 *
 * Two halves that `benchsite run` (cli/run.c) puts together:
 *
 *  - run_command starts the command with posix_spawnp (never a shell: the
 *    argv goes to execve as it is, so "; touch x" or "$(id)" stay plain
 *    arguments), streams its output to our terminal while capturing it, and
 *    forwards Ctrl-C to it;
 *  - the facts: what the machine is (host, kernel, os, cpu, memory) and
 *    what lies under a folder (filesystem, mount options, block device and
 *    what /sys says of the disk), read from /proc, /etc/os-release and /sys.
 *
 * The text-reading parts (mountinfo, os-release, the test name from a
 * command line) are separate functions so that the unit tests can give
 * them any text.
 */
#ifndef BENCHSITE_RUN_H
#define BENCHSITE_RUN_H

#include <stddef.h>

struct buf;
struct err;

/* ---- the facts ---- */

/* Facts are few (a dozen machine and disk facts, four about the run); 32
 * leaves room without making the struct large. */
#define RUN_FACTS_MAX 32
/* A key is a short canonical name ("write_cache"). */
#define RUN_KEY_MAX 32
/* Mount options are the longest value (an overlay's lowerdir list can run
 * to kilobytes); longer values are cut, a fact is for people. */
#define RUN_VALUE_MAX 4096

struct run_facts {
	int n;
	char key[RUN_FACTS_MAX][RUN_KEY_MAX];
	char value[RUN_FACTS_MAX][RUN_VALUE_MAX];
};

/* Sets key to value (replacing an earlier value of key); an empty value is
 * not recorded.  -1 when the table is full. */
int run_facts_set(struct run_facts *f, const char *key, const char *value);

/* The value of key, or NULL. */
const char *run_facts_get(const struct run_facts *f, const char *key);

/* Adds host, kernel, os, cpu_model, cpu_count and mem_total, each when the
 * machine tells it (a missing /proc file leaves its facts out). */
void run_facts_machine(struct run_facts *f);

/* Adds fs, mount, device and, where /sys knows the block device, disk_model,
 * rotational, scheduler and write_cache, for the filesystem holding dir.
 * -1 with e filled when dir cannot be resolved or /proc/self/mountinfo
 * cannot be read. */
int run_facts_dir(struct run_facts *f, const char *dir, struct err *e);

/* One mount, as /proc/self/mountinfo describes it (octal escapes such as
 * \040 decoded). */
struct run_mount {
	char point[RUN_VALUE_MAX];
	char fs[64];
	char options[RUN_VALUE_MAX];	/* per-mount options, then the
					 * superblock's not already there:
					 * "rw,relatime,data=ordered" */
	char device[RUN_VALUE_MAX];	/* the mount source */
	unsigned major, minor;
};

/* Finds the mount holding path (absolute, resolved) in the text of a
 * mountinfo file, text[0..n): the longest mount point that is a prefix of
 * path on a '/' boundary, the last one listed when several are equal (a
 * mount over a mount).  0 when found, -1 when no line matched. */
int run_mount_find(const char *text, size_t n, const char *path,
		   struct run_mount *m);

/* The PRETTY_NAME of an os-release text, unquoted, into out; 0, or -1 when
 * there is none. */
int run_os_release(const char *text, size_t n, char *out, size_t cap);

/* The test name a command line gives when its output may not: sysbench's
 * --test=NAME, its script or test (oltp_read_write, /path/x.lua -> x,
 * cpu), fileio's --file-test-mode=M (fileio-M); fio's --name=NAME.  argv is
 * NULL-terminated.  Fills out and returns 1, or returns 0. */
int run_test_name(char *const argv[], char *out, size_t cap);

/* ---- the command ---- */

/* The most of a repeat's output kept: ten times what any benchmark prints
 * (a day of per-second sysbench lines is ~10 MB); it goes to a temporary
 * file past a few MB, so this bounds disk, not memory. */
#define RUN_OUTPUT_MAX ((size_t)256 << 20)

struct run_result {
	int status;		/* the wait status of the command */
	int interrupted;	/* SIGINT or SIGTERM arrived while it ran */
	int overflow;		/* it printed more than the capture holds:
				 * its process group was stopped (SIGTERM) */
	int killed;		/* its group needed SIGKILL: past the grace
				 * after SIGTERM, or a second Ctrl-C */
	char why[128];		/* why the capture stopped, with overflow */
	int nleft;		/* processes of its group still running once
				 * its output closed (stopped since) */
	char left[512];		/* them: "sleep (pid 123), ..." */
	double duration;	/* seconds, from start to exit */
};

/* Installs the SIGINT/SIGTERM handlers that forward the signal to a running
 * command (and remember it), and ignores SIGPIPE so that a closed terminal
 * cannot kill benchsite while its command runs.  Call once before
 * run_command. */
void run_signals_init(void);

/* 1 when SIGINT or SIGTERM arrived since run_signals_init. */
int run_signalled(void);

/* Runs argv (argv[0] looked up in PATH) in a process group of its own, its
 * stdout and stderr through two pipes: what it prints goes on to our
 * stdout and stderr as it comes (when echo is set) and into the spool out
 * (memory while small, a temporary file past that: memory stays flat), in
 * the order it was read.  When out is full (its max), the group is sent
 * SIGTERM, then SIGKILL after a grace (r->overflow, r->killed).  stdin is
 * passed on, except a terminal, which the command gets as /dev/null (a
 * process group not in the foreground would be stopped for reading it).
 * A SIGINT or SIGTERM to benchsite is passed to the command's process
 * group; a second one kills it.  The run ends when the command has exited
 * and its output is closed (what it left running in the background and
 * still printing is waited for and captured); what is left of its group
 * then is named in r->left and stopped.  Returns 0 (r filled, whatever
 * the status), or -1 with e filled when it could not be started. */
struct source_spool;
int run_command(char *const argv[], int echo, struct source_spool *out,
		struct run_result *r, struct err *e);

/* run_command with the command's working directory dir (NULL: ours); a
 * dir it cannot enter fails as a command that cannot be started. */
int run_command_in(const char *dir, char *const argv[], int echo,
		   struct source_spool *out, struct run_result *r,
		   struct err *e);

#endif
