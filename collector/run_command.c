/*
 * run_command.c: see run_command.h.  Running a benchmark command and
 * capturing what it prints.
 *
 * The command is started with posix_spawnp and nothing else: no shell ever
 * sees its arguments, so nothing in them is ever interpreted.  It gets a
 * process group of its own so that Ctrl-C reaches benchsite alone and
 * benchsite passes it on to the command and everything the command
 * started (a shell script's children included): the terminal then never
 * delivers the signal twice, and benchsite knows the repeat was cut short.
 *
 * Output is read from two pipes with poll, stdout and stderr apart so that
 * each goes on to where the user expects it, and appended to one capture
 * in the order it arrived: the order of the tool's own writes within each
 * stream is kept, and between the streams it is as good as the tool's
 * buffering allows (what a terminal would have shown).  The capture is a
 * spool (source.h), so memory stays flat; at its cap the command's group
 * is stopped (SIGTERM, SIGKILL after a grace) rather than read forever.
 * A repeat ends when the command has exited and its output is closed:
 * a background process still printing is part of it.  Whatever of its
 * process group is still running then is named and stopped, so that no
 * repeat runs into the next.  A second Ctrl-C kills the group: a command
 * that ignores SIGINT cannot hold benchsite.
 */
#include "run_command.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/fdio.h"
#include "source.h"

extern char **environ;

static volatile sig_atomic_t got_signal;
/* how many SIGINT/SIGTERM/SIGHUP arrived while a command ran */
static volatile sig_atomic_t nsignals;
/* the running command's process group, 0 when none; pid_t values fit in
 * sig_atomic_t (both int on Linux) */
static volatile sig_atomic_t child_group;

/* The first signal is passed on as it is, for the command to stop
 * cleanly; a second one (Ctrl-C again: the command ignores SIGINT, or
 * takes too long over it) kills its process group. */
static void on_signal(int sig)
{
	int saved = errno;

	got_signal = sig;
	if (child_group > 0) {
		nsignals++;
		kill(-(pid_t)child_group, nsignals > 1 ? SIGKILL : sig);
	}
	errno = saved;
}

void run_signals_init(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: poll and waitpid return EINTR and the loop looks
	 * at what happened */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* a hang-up (the ssh session that started a long run is gone) is
	 * an interrupt too: the benchmark must not run on unseen */
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
}

int run_signalled(void)
{
	return got_signal != 0;
}

void run_signal_forget(void)
{
	got_signal = 0;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int make_pipe(int fd[2])
{
	if (pipe(fd))
		return -1;
	/* only the dup2'd copies (0, 1, 2 in the child) may survive exec */
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

/* Starts argv in dir (NULL: here).  posix_spawn has no portable chdir
 * action (addchdir_np is glibc's), so benchsite itself steps into dir
 * for the call and back: the child takes the working directory it finds
 * at the spawn, and nothing else runs in between (one thread). */
static int spawn(char *const argv[], int out_fd, int err_fd, pid_t *pid);

static int spawn_in(const char *dir, char *const argv[], int out_fd,
		    int err_fd, pid_t *pid)
{
	int here, rc, back;

	if (!dir)
		return spawn(argv, out_fd, err_fd, pid);
	here = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (here < 0)
		return errno;
	if (chdir(dir)) {
		rc = errno;
		close(here);
		return rc;
	}
	rc = spawn(argv, out_fd, err_fd, pid);
	back = fchdir(here);
	close(here);
	/* not back where relative paths (the store, --save) were meant:
	 * nothing may go on */
	if (back)
		abort();
	return rc;
}

static int spawn(char *const argv[], int out_fd, int err_fd, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t def, none;
	int rc;

	if (posix_spawn_file_actions_init(&fa))
		return ENOMEM;
	if (posix_spawnattr_init(&at)) {
		posix_spawn_file_actions_destroy(&fa);
		return ENOMEM;
	}
	rc = posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	if (!rc)
		rc = posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
	if (!rc && isatty(0))
		rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null",
						      O_RDONLY, 0);
	/* the signals benchsite handles or ignores go back to their
	 * defaults (an ignored SIGPIPE would survive exec), with none
	 * blocked */
	sigemptyset(&def);
	sigaddset(&def, SIGINT);
	sigaddset(&def, SIGTERM);
	sigaddset(&def, SIGHUP);
	sigaddset(&def, SIGPIPE);
	sigemptyset(&none);
	if (!rc)
		rc = posix_spawnattr_setsigdefault(&at, &def);
	if (!rc)
		rc = posix_spawnattr_setsigmask(&at, &none);
	if (!rc)
		rc = posix_spawnattr_setpgroup(&at, 0);
	if (!rc)
		rc = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF |
					      POSIX_SPAWN_SETSIGMASK |
					      POSIX_SPAWN_SETPGROUP);
	if (!rc)
		rc = posix_spawnp(pid, argv[0], &fa, &at, argv, environ);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	return rc;
}

/* Reads what fd has: on to echo_fd (when >= 0) and into out, until out
 * is full (r->overflow then; what follows is read and dropped).  0 at the
 * end of the stream, 1 otherwise. */
static int pump(int fd, int *echo_fd, struct source_spool *out,
		struct run_result *r)
{
	char chunk[65536];
	ssize_t k = read(fd, chunk, sizeof(chunk));
	struct err e;

	if (k < 0)
		return errno == EINTR || errno == EAGAIN ? 1 : 0;
	if (k == 0)
		return 0;
	if (*echo_fd >= 0 && fd_write_all(*echo_fd, chunk, (size_t)k))
		*echo_fd = -1;
	if (!r->overflow && source_spool_put(out, chunk, (size_t)k, &e)) {
		/* the cap, or no room for the spool: either way, no more */
		r->overflow = 1;
		if ((size_t)k <= out->max - out->n)
			snprintf(r->why, sizeof(r->why), "%.120s", e.msg);
	}
	return 1;
}

/* How long the loop waits for output before looking whether the command
 * has exited or a stop is due. */
#define POLL_MS 250
/* From SIGTERM to SIGKILL when a command is stopped (at the cap, or what
 * it left running): time to flush and remove its files. */
#define RUN_GRACE_S 2.0

/* The processes of group pgid (not the zombie of its leader) as
 * "name (pid N), ..." into out; how many.  From /proc/N/stat, whose
 * fifth field is the process group. */
static int group_members(pid_t pgid, char *out, size_t cap)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int n = 0;

	out[0] = '\0';
	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL) {
		char path[64], stat[512], *rp, *comm;
		long ppid = 0, pgrp = 0;
		char state = 0;
		size_t len;
		FILE *f;

		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/stat", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		len = fread(stat, 1, sizeof(stat) - 1, f);
		fclose(f);
		stat[len] = '\0';
		/* "pid (comm) state ppid pgrp": comm may hold spaces and
		 * parentheses, so read after its last ')' */
		comm = strchr(stat, '(');
		rp = strrchr(stat, ')');
		if (!comm || !rp || rp < comm ||
		    sscanf(rp + 1, " %c %ld %ld", &state, &ppid, &pgrp) != 3 ||
		    pgrp != (long)pgid || state == 'Z')
			continue;
		*rp = '\0';
		len = strlen(out);
		if (len + 80 < cap)
			snprintf(out + len, cap - len, "%s%.32s (pid %.20s)",
				 n ? ", " : "", comm + 1, de->d_name);
		n++;
	}
	closedir(d);
	return n;
}

/* 1 while any process of group pgid is alive.  Not kill(-pgid, 0): that
 * also finds the zombies of members whose new parent has not reaped them
 * yet (in a container whose first process never does, forever). */
static int group_alive(pid_t pgid)
{
	char none[1];

	return (kill(-pgid, 0) == 0 || errno == EPERM) &&
	       group_members(pgid, none, sizeof(none)) > 0;
}

/* Stops what is left of group pgid: SIGTERM, then after RUN_GRACE_S
 * SIGKILL.  1 when SIGKILL was needed. */
static int group_stop(pid_t pgid)
{
	double t = now_s();
	struct timespec pause = {0, 20 * 1000000};

	kill(-pgid, SIGTERM);
	while (group_alive(pgid) && now_s() - t < RUN_GRACE_S)
		nanosleep(&pause, NULL);
	if (!group_alive(pgid))
		return 0;
	kill(-pgid, SIGKILL);
	return 1;
}

int run_command(char *const argv[], int echo, struct source_spool *out,
		struct run_result *r, struct err *e)
{
	return run_command_in(NULL, argv, echo, out, r, e);
}

int run_command_in(const char *dir, char *const argv[], int echo,
		   struct source_spool *out, struct run_result *r,
		   struct err *e)
{
	int po[2], pe[2], echo_fd[2], rc, status = 0, exited = 0, i;
	struct pollfd fds[2];
	double t0, t1 = 0, term_at = 0;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (make_pipe(po))
		return err_set(e, NULL, 0, 0, "cannot make a pipe: %s",
			       strerror(errno));
	if (make_pipe(pe)) {
		close(po[0]);
		close(po[1]);
		return err_set(e, NULL, 0, 0, "cannot make a pipe: %s",
			       strerror(errno));
	}
	t0 = now_s();
	rc = spawn_in(dir, argv, po[1], pe[1], &pid);
	close(po[1]);
	close(pe[1]);
	if (rc) {
		close(po[0]);
		close(pe[0]);
		return dir ? err_set(e, NULL, 0, 0, "cannot run '%s' in %s: %s",
				     argv[0], dir, strerror(rc)) :
			     err_set(e, NULL, 0, 0, "cannot run '%s': %s", argv[0],
				     strerror(rc));
	}
	nsignals = 0;
	child_group = (sig_atomic_t)pid;
	/* a signal that came between the spawn and here was not passed on */
	if (got_signal)
		kill(-pid, got_signal);
	echo_fd[0] = echo == RUN_ECHO ? 1 : echo == RUN_ECHO_STDERR ? 2 : -1;
	echo_fd[1] = echo ? 2 : -1;
	fds[0].fd = po[0];
	fds[1].fd = pe[0];
	fds[0].events = fds[1].events = POLLIN;
	/* A repeat lasts until its output is closed: what the command left
	 * running in the background and still printing belongs to it (and
	 * is captured), and no repeat can overlap the next. */
	while (fds[0].fd >= 0 || fds[1].fd >= 0) {
		int k = poll(fds, 2, POLL_MS);

		if (k < 0 && errno != EINTR)
			break;
		if (!exited && waitpid(pid, &status, WNOHANG) == pid) {
			exited = 1;
			t1 = now_s();
		}
		if (r->overflow && !term_at) {
			/* at the cap: stop the whole group, not just read
			 * on while it prints forever */
			term_at = now_s();
			kill(-pid, SIGTERM);
		} else if (term_at && !r->killed &&
			   now_s() - term_at > RUN_GRACE_S) {
			kill(-pid, SIGKILL);
			r->killed = 1;
		}
		for (i = 0; k > 0 && i < 2; i++) {
			if (fds[i].fd < 0 || !fds[i].revents)
				continue;
			if (!pump(fds[i].fd, &echo_fd[i], out, r)) {
				close(fds[i].fd);
				fds[i].fd = -1;
			}
		}
	}
	for (i = 0; i < 2; i++)
		if (fds[i].fd >= 0)
			close(fds[i].fd);
	while (!exited) {
		if (waitpid(pid, &status, 0) == pid) {
			exited = 1;
			t1 = now_s();
		} else if (errno != EINTR) {
			break;
		}
	}
	/* its output closed and the command done: what is left of its
	 * group (a daemon it started, with its output elsewhere) is named
	 * and stopped, so that it cannot run into the next repeat */
	r->nleft = group_members(pid, r->left, sizeof(r->left));
	if (r->nleft && group_stop(pid))
		r->killed = 1;
	child_group = 0;
	r->status = exited ? status : -1;
	r->interrupted = got_signal != 0;
	r->killed |= nsignals > 1;
	r->duration = t1 > t0 ? t1 - t0 : 0;
	return 0;
}
