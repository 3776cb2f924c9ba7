/*
 * run_facts.h: the machine under a benchmark run, and what its command
 * line says.
 *
 * What the machine is (host, kernel, os, cpu, memory) and what lies under
 * a folder (filesystem, mount options, block device and what /sys says of
 * the disk), read from /proc, /etc/os-release and /sys, so that `benchsite
 * run` (cli/run.c) can record them beside the output of the command it ran
 * (run_command.h).
 *
 * The text-reading parts (mountinfo, os-release, the test name from a
 * command line) are separate functions so that the unit tests can give
 * them any text.
 */
#ifndef BENCHSITE_RUN_FACTS_H
#define BENCHSITE_RUN_FACTS_H

#include <stddef.h>

struct err;

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

#endif
