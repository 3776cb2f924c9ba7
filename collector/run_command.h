/*
 * run_command.h: running a benchmark command and capturing its output.
 *
 * run_command starts the command with posix_spawnp (never a shell: the argv
 * goes to execve as it is, so "; touch x" or "$(id)" stay plain
 * arguments), streams its output to our terminal while capturing it, and
 * forwards Ctrl-C to it.  `benchsite run` (cli/run.c) records the capture
 * with the facts of run_facts.h.
 */
#ifndef BENCHSITE_RUN_COMMAND_H
#define BENCHSITE_RUN_COMMAND_H

#include <stddef.h>

struct err;
struct source_spool;

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

/* 1 when SIGINT or SIGTERM arrived since run_signals_init (or since
 * run_signal_forget). */
int run_signalled(void);

/* Forgets the signal that arrived, so that the next command is not
 * stopped by it at its start (a cleanup that must still run after
 * Ctrl-C); a new one stops that command as usual. */
void run_signal_forget(void);

/* Where run_command echoes what the command prints (echo). */
#define RUN_ECHO_NONE 0
#define RUN_ECHO 1		/* stdout to our stdout, stderr to stderr */
#define RUN_ECHO_STDERR 2	/* both to our stderr: stdout stays the
				 * measured command's */

/* Runs argv (argv[0] looked up in PATH) in a process group of its own, its
 * stdout and stderr through two pipes: what it prints goes on to our
 * stdout and stderr as it comes (as echo says, one of RUN_ECHO_*) and into the spool out
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
int run_command(char *const argv[], int echo, struct source_spool *out,
		struct run_result *r, struct err *e);

/* run_command with the command's working directory dir (NULL: ours); a
 * dir it cannot enter fails as a command that cannot be started. */
int run_command_in(const char *dir, char *const argv[], int echo,
		   struct source_spool *out, struct run_result *r,
		   struct err *e);

#endif
