/*
 * runtime.c: runs a command and prints what it cost: "USER+SYS WALL MAXRSS"
 * (seconds, seconds, KiB) as the last line of standard error, from the
 * rusage of its only child, so that bench/run.sh can
 * compare CPU time (which a busy shared machine disturbs far less than
 * wall time) and peak memory without GNU time.  Standard input and output
 * pass through: `runtime -i FILE -o FILE CMD ARGS...` redirects them.
 * Exits with the command's status, or 127 when it could not start.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	struct timespec t0, t1;
	struct rusage ru;
	pid_t pid;
	int i = 1, st;

	posix_spawn_file_actions_init(&fa);
	while (i + 1 < argc && argv[i][0] == '-' && argv[i][2] == '\0') {
		if (argv[i][1] == 'i')
			posix_spawn_file_actions_addopen(&fa, 0, argv[i + 1],
							 O_RDONLY, 0);
		else if (argv[i][1] == 'o')
			posix_spawn_file_actions_addopen(
				&fa, 1, argv[i + 1], O_WRONLY | O_CREAT | O_TRUNC,
				0644);
		else
			break;
		i += 2;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: runtime [-i IN] [-o OUT] CMD [ARG]...\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (posix_spawnp(&pid, argv[i], &fa, NULL, argv + i, environ)) {
		perror(argv[i]);
		return 127;
	}
	if (waitpid(pid, &st, 0) < 0 || getrusage(RUSAGE_CHILDREN, &ru)) {
		perror("waitpid");
		return 127;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fprintf(stderr, "%.4f %.4f %ld\n",
		(double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
			(double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6,
		(double)(t1.tv_sec - t0.tv_sec) +
			(double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
		ru.ru_maxrss);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}
