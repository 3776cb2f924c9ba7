/*
 * run_facts.c: see run_facts.h.  What the machine is and what lies under a
 * folder, for `benchsite run` to record beside each run.
 *
 * The facts come from the kernel's own files, read as text: uname,
 * /etc/os-release, /proc/cpuinfo, /proc/meminfo, /proc/self/mountinfo (the
 * one file that gives a mount's options exactly, per mount and per
 * superblock, and the device numbers that lead into /sys/dev/block).
 */
/* realpath is XSI */
#define _XOPEN_SOURCE 700

#include "run_facts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/text.h"
#include "../core/textrule.h"
#include "span.h"


int run_facts_set(struct run_facts *f, const char *key, const char *value)
{
	int i;

	if (!value || !*value)
		return 0;
	for (i = 0; i < f->n; i++)
		if (strcmp(f->key[i], key) == 0)
			break;
	if (i == f->n) {
		if (f->n == RUN_FACTS_MAX)
			return -1;
		f->n++;
	}
	snprintf(f->key[i], sizeof(f->key[i]), "%s", key);
	/* what the machine or the command line says need not be text the
	 * store takes (an ESC in an argument, a Latin-1 file name, a name
	 * cut at the slot's end): U+FFFD for each such character, so that
	 * the run is stored and the fact still reads */
	textrule_clean(value, strlen(value), f->value[i], sizeof(f->value[i]));
	return 0;
}

const char *run_facts_get(const struct run_facts *f, const char *key)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (strcmp(f->key[i], key) == 0)
			return f->value[i];
	return NULL;
}

/* /proc files report a size of 0, so they are read until the end.  The
 * largest we read is mountinfo: a container host with thousands of mounts
 * makes about a megabyte, 16 MiB is far beyond. */
#define PROC_FILE_MAX ((size_t)16 << 20)

static int read_text(const char *path, struct buf *b)
{
	char chunk[8192];
	ssize_t k;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	for (;;) {
		k = read(fd, chunk, sizeof(chunk));
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		if (buf_add(b, chunk, (size_t)k)) {
			k = -1;
			break;
		}
	}
	close(fd);
	return k < 0 ? -1 : 0;
}

/* The first line of a small /sys or /proc file, trimmed, into out. */
static int read_line(const char *path, char *out, size_t cap)
{
	struct buf b;
	size_t i = 0, j;

	buf_init(&b, 65536);
	if (read_text(path, &b) || !b.data) {
		buf_release(&b);
		return -1;
	}
	while (i < b.len && (b.data[i] == ' ' || b.data[i] == '\t'))
		i++;
	j = i;
	while (j < b.len && b.data[j] != '\n')
		j++;
	while (j > i && (b.data[j - 1] == ' ' || b.data[j - 1] == '\t'))
		j--;
	snprintf(out, cap, "%.*s", (int)utf8_fit(b.data + i, j - i, cap),
		 b.data + i);
	buf_release(&b);
	return out[0] ? 0 : -1;
}

/* Walks text line by line: sets *line, *len; returns 0 at the end. */
static int next_line(const char *text, size_t n, size_t *pos,
		     const char **line, size_t *len)
{
	const char *nl;

	if (*pos >= n)
		return 0;
	*line = text + *pos;
	nl = memchr(*line, '\n', n - *pos);
	*len = nl ? (size_t)(nl - *line) : n - *pos;
	*pos += *len + 1;
	return 1;
}

/* "key<spaces/tabs>: value" lines of cpuinfo and meminfo: the value of the
 * first line whose key is key, trimmed. */
static int colon_value(const char *text, size_t n, const char *key,
		       char *out, size_t cap)
{
	size_t pos = 0, len, klen = strlen(key);
	const char *s;

	while (next_line(text, n, &pos, &s, &len)) {
		size_t i = klen;

		if (len < klen || memcmp(s, key, klen) != 0)
			continue;
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i >= len || s[i] != ':')
			continue;
		i++;
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		while (len > i && (s[len - 1] == ' ' || s[len - 1] == '\t'))
			len--;
		snprintf(out, cap, "%.*s", (int)utf8_fit(s + i, len - i, cap),
			 s + i);
		return 0;
	}
	return -1;
}

static int count_key(const char *text, size_t n, const char *key)
{
	size_t pos = 0, len, klen = strlen(key);
	const char *s;
	int count = 0;

	while (next_line(text, n, &pos, &s, &len))
		if (len > klen && memcmp(s, key, klen) == 0 &&
		    (s[klen] == ' ' || s[klen] == '\t' || s[klen] == ':'))
			count++;
	return count;
}

int run_os_release(const char *text, size_t n, char *out, size_t cap)
{
	static const char key[] = "PRETTY_NAME=";
	size_t pos = 0, len, o = 0, i;
	const char *s;

	while (next_line(text, n, &pos, &s, &len)) {
		char q = 0;

		if (len < sizeof(key) - 1 || memcmp(s, key, sizeof(key) - 1))
			continue;
		i = sizeof(key) - 1;
		if (i < len && (s[i] == '"' || s[i] == '\''))
			q = s[i++];
		/* os-release is shell syntax: inside double quotes a
		 * backslash escapes $ " \ and `, inside single quotes
		 * nothing is special */
		for (; i < len && s[i] != q; i++) {
			char c = s[i];

			if (q == '"' && c == '\\' && i + 1 < len &&
			    strchr("$\"\\`", s[i + 1]))
				c = s[++i];
			if (o + 1 < cap)
				out[o++] = c;
		}
		if (cap)
			out[o] = '\0';
		return o ? 0 : -1;
	}
	return -1;
}

void run_facts_machine(struct run_facts *f)
{
	struct utsname u;
	struct buf b;
	char v[RUN_VALUE_MAX];

	if (uname(&u) == 0) {
		run_facts_set(f, "host", u.nodename);
		run_facts_set(f, "kernel", u.release);
	}
	buf_init(&b, PROC_FILE_MAX);
	if ((read_text("/etc/os-release", &b) == 0 ||
	     (buf_reset(&b), read_text("/usr/lib/os-release", &b) == 0)) &&
	    b.data && run_os_release(b.data, b.len, v, sizeof(v)) == 0)
		run_facts_set(f, "os", v);
	buf_reset(&b);
	if (read_text("/proc/cpuinfo", &b) == 0 && b.data) {
		/* x86 says "model name"; MIPS "cpu model"; older ARM only
		 * "Hardware" */
		if (colon_value(b.data, b.len, "model name", v, sizeof(v)) == 0 ||
		    colon_value(b.data, b.len, "cpu model", v, sizeof(v)) == 0 ||
		    colon_value(b.data, b.len, "Hardware", v, sizeof(v)) == 0)
			run_facts_set(f, "cpu_model", v);
		snprintf(v, sizeof(v), "%d", count_key(b.data, b.len,
						       "processor"));
		if (strcmp(v, "0") != 0)
			run_facts_set(f, "cpu_count", v);
	}
	buf_reset(&b);
	if (read_text("/proc/meminfo", &b) == 0 && b.data &&
	    colon_value(b.data, b.len, "MemTotal", v, sizeof(v)) == 0)
		run_facts_set(f, "mem_total", v);
	buf_release(&b);
}

/* Copies mountinfo field s[0..n) into out, decoding the kernel's octal
 * escapes (\040 space, \011 tab, \012 line feed, \134 backslash). */
static void unescape(const char *s, size_t n, char *out, size_t cap)
{
	size_t i, o = 0;

	for (i = 0; i < n && o + 1 < cap; i++) {
		if (s[i] == '\\' && i + 3 < n &&
		    s[i + 1] >= '0' && s[i + 1] <= '3' &&
		    s[i + 2] >= '0' && s[i + 2] <= '7' &&
		    s[i + 3] >= '0' && s[i + 3] <= '7') {
			out[o++] = (char)((s[i + 1] - '0') * 64 +
					  (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
			i += 3;
		} else {
			out[o++] = s[i];
		}
	}
	if (cap)
		out[o] = '\0';
}

/* 1 when mount point mp holds path: equal, or a prefix ending at a '/'. */
static int holds(const char *mp, const char *path)
{
	size_t k = strlen(mp);

	if (strcmp(mp, "/") == 0)
		return path[0] == '/';
	return strncmp(mp, path, k) == 0 && (path[k] == '\0' || path[k] == '/');
}

/* 1 when the comma-separated list has option opt[0..n). */
static int has_option(const char *list, const char *opt, size_t n)
{
	const char *p = list;

	while (*p) {
		const char *c = strchr(p, ',');
		size_t k = c ? (size_t)(c - p) : strlen(p);

		if (k == n && memcmp(p, opt, n) == 0)
			return 1;
		if (!c)
			break;
		p = c + 1;
	}
	return 0;
}

/* The per-mount options, then each superblock option they lack: what
 * /proc/mounts and findmnt show ("rw,relatime" + "rw,data=ordered" ->
 * "rw,relatime,data=ordered"). */
static void merge_options(const char *mnt, size_t mn, const char *sb,
			  size_t sn, char *out, size_t cap)
{
	size_t i = 0;

	unescape(mnt, mn, out, cap);
	while (i < sn) {
		const char *c = memchr(sb + i, ',', sn - i);
		size_t k = c ? (size_t)(c - (sb + i)) : sn - i;
		char opt[RUN_VALUE_MAX];

		unescape(sb + i, k, opt, sizeof(opt));
		if (opt[0] && !has_option(out, opt, strlen(opt))) {
			size_t used = strlen(out);

			snprintf(out + used, cap - used, "%s%s",
				 used ? "," : "", opt);
		}
		i += k + 1;
	}
}

/* Splits a mountinfo line into its space-separated fields. */
#define MOUNTINFO_FIELDS 64

int run_mount_find(const char *text, size_t n, const char *path,
		   struct run_mount *m)
{
	size_t pos = 0, len, best = 0;
	const char *s;
	int found = 0;

	while (next_line(text, n, &pos, &s, &len)) {
		const char *fp[MOUNTINFO_FIELDS];
		size_t fn[MOUNTINFO_FIELDS];
		int nf = 0, dash = -1, i;
		size_t j = 0;
		char point[RUN_VALUE_MAX];
		unsigned maj, mnr;
		char devno[32];

		while (j < len && nf < MOUNTINFO_FIELDS) {
			size_t k = j;

			while (k < len && s[k] != ' ')
				k++;
			fp[nf] = s + j;
			fn[nf++] = k - j;
			j = k + 1;
		}
		for (i = 6; i < nf; i++)
			if (fn[i] == 1 && fp[i][0] == '-') {
				dash = i;
				break;
			}
		if (dash < 0 || dash + 2 >= nf)
			continue;
		unescape(fp[4], fn[4], point, sizeof(point));
		if (!holds(point, path) || strlen(point) < best)
			continue;
		snprintf(devno, sizeof(devno), "%.*s", (int)fn[2], fp[2]);
		if (sscanf(devno, "%u:%u", &maj, &mnr) != 2)
			continue;
		best = strlen(point);
		found = 1;
		snprintf(m->point, sizeof(m->point), "%s", point);
		unescape(fp[dash + 1], fn[dash + 1], m->fs, sizeof(m->fs));
		unescape(fp[dash + 2], fn[dash + 2], m->device,
			 sizeof(m->device));
		if (dash + 3 < nf)
			merge_options(fp[5], fn[5], fp[dash + 3], fn[dash + 3],
				      m->options, sizeof(m->options));
		else
			merge_options(fp[5], fn[5], "", 0, m->options,
				      sizeof(m->options));
		m->major = maj;
		m->minor = mnr;
	}
	return found ? 0 : -1;
}

/* "none [mq-deadline] kyber" -> "mq-deadline"; a lone "none" stays. */
static void scheduler_pick(char *s)
{
	char *a = strchr(s, '['), *b;

	if (a && (b = strchr(a, ']')) != NULL) {
		memmove(s, a + 1, (size_t)(b - a - 1));
		s[b - a - 1] = '\0';
	}
}

/* The /sys folder of block device major:minor, of the whole disk when it
 * is a partition (a partition has no queue of its own, and a partition of
 * a loop device has no backing file of its own); 0, or -1 when /sys does
 * not know the device (tmpfs, NFS: no disk). */
static int disk_dir(unsigned maj, unsigned mnr, char *base, size_t cap)
{
	char path[256];
	struct stat st;

	snprintf(base, cap, "/sys/dev/block/%u:%u", maj, mnr);
	if (stat(base, &st) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/partition", base);
	if (stat(path, &st) == 0)
		snprintf(base, cap, "/sys/dev/block/%u:%u/..", maj, mnr);
	return 0;
}

/* What /sys says of a disk (its folder base): its queue and its model. */
static void queue_facts(struct run_facts *f, const char *base)
{
	char path[256], v[RUN_VALUE_MAX];

	snprintf(path, sizeof(path), "%s/device/model", base);
	if (read_line(path, v, sizeof(v)) == 0)
		run_facts_set(f, "disk_model", v);
	snprintf(path, sizeof(path), "%s/queue/rotational", base);
	if (read_line(path, v, sizeof(v)) == 0)
		run_facts_set(f, "rotational", v);
	snprintf(path, sizeof(path), "%s/queue/scheduler", base);
	if (read_line(path, v, sizeof(v)) == 0) {
		scheduler_pick(v);
		run_facts_set(f, "scheduler", v);
	}
	snprintf(path, sizeof(path), "%s/queue/write_cache", base);
	if (read_line(path, v, sizeof(v)) == 0)
		run_facts_set(f, "write_cache", v);
}

/* A loop device over a loop device over ... ends here; one level is the
 * usual case, and the walk must end whatever the mounts say. */
#define LOOP_DEPTH_MAX 4

/* The block device a mount names: the device node of its source when that
 * is one (/dev/loop0, /dev/mapper/x -> dm-0), else the mount's own device
 * number.  btrfs (and any filesystem that may span devices) reports an
 * anonymous number (0:NN) there, which /sys knows nothing of, while its
 * source names the device it was mounted from. */
static void mount_block(const struct run_mount *m, unsigned *maj,
		       unsigned *mnr)
{
	struct stat st;

	if (m->device[0] == '/' && stat(m->device, &st) == 0 &&
	    S_ISBLK(st.st_mode)) {
		*maj = major(st.st_rdev);
		*mnr = minor(st.st_rdev);
		return;
	}
	*maj = m->major;
	*mnr = m->minor;
}

/* The facts of the device under mount m.  A loop device's own queue says
 * nothing of the disk (a loop device used to report rotational=1 over an
 * SSD): it gives its backing file, and the facts are those of the device
 * holding that file, found through the mount that holds it. */
static void sys_facts(struct run_facts *f, const struct run_mount *m,
		      const char *mountinfo, size_t n, int depth)
{
	char base[128], path[256], v[RUN_VALUE_MAX];
	unsigned maj, mnr;
	struct run_mount *bm;
	char *real;

	mount_block(m, &maj, &mnr);
	if (disk_dir(maj, mnr, base, sizeof(base)))
		return;
	snprintf(path, sizeof(path), "%s/loop/backing_file", base);
	if (read_line(path, v, sizeof(v)) != 0) {
		queue_facts(f, base);
		return;
	}
	if (depth == 0)
		run_facts_set(f, "backing_file", v);
	if (depth >= LOOP_DEPTH_MAX || !(real = realpath(v, NULL)))
		return;	/* deleted, or out of our namespace: no facts */
	bm = malloc(sizeof(*bm));
	if (bm && run_mount_find(mountinfo, n, real, bm) == 0) {
		if (depth == 0)
			run_facts_set(f, "backing_device", bm->device);
		sys_facts(f, bm, mountinfo, n, depth + 1);
	}
	free(bm);
	free(real);
}

int run_facts_dir(struct run_facts *f, const char *dir, struct err *e)
{
	struct buf b;
	struct run_mount *m;
	char *real = realpath(dir, NULL);
	int rc;

	if (!real)
		return err_set(e, dir, 0, 0, "cannot resolve: %s",
			       strerror(errno));
	m = malloc(sizeof(*m));
	if (!m) {
		free(real);
		return err_set(e, dir, 0, 0, "out of memory");
	}
	buf_init(&b, PROC_FILE_MAX);
	rc = read_text("/proc/self/mountinfo", &b);
	if (rc || !b.data) {
		rc = err_set(e, "/proc/self/mountinfo", 0, 0, "cannot read: %s",
			     strerror(errno));
	} else if (run_mount_find(b.data, b.len, real, m)) {
		rc = err_set(e, dir, 0, 0, "no mount holds '%s' in "
			     "/proc/self/mountinfo", real);
	} else {
		run_facts_set(f, "fs", m->fs);
		run_facts_set(f, "mount", m->options);
		run_facts_set(f, "device", m->device);
		sys_facts(f, m, b.data, b.len, 0);
	}
	buf_release(&b);
	free(m);
	free(real);
	return rc;
}

/* ---- the test name ---- */

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* sysbench's commands, which are not test names */
static int sysbench_command(const char *a)
{
	static const char *const words[] = {
		"prepare", "prewarm", "run", "cleanup", "help", NULL,
	};
	int i;

	for (i = 0; words[i]; i++)
		if (strcmp(a, words[i]) == 0)
			return 1;
	return 0;
}

static int sysbench_test(char *const argv[], char *out, size_t cap)
{
	const char *test = NULL, *mode = NULL;
	size_t k;
	int i;

	for (i = 1; argv[i]; i++) {
		const char *a = argv[i];

		if (span_starts(a, strlen(a), "--test="))
			test = a + 7;
		else if (span_starts(a, strlen(a), "--file-test-mode="))
			mode = a + 17;
		else if (a[0] != '-' && !sysbench_command(a) && !test)
			test = a;
	}
	if (!test)
		return 0;
	test = base_name(test);
	k = strlen(test);
	if (k > 4 && strcmp(test + k - 4, ".lua") == 0)
		k -= 4;
	if (k == 0)
		return 0;
	if (k == 6 && strncmp(test, "fileio", 6) == 0 && mode && *mode)
		snprintf(out, cap, "fileio-%.*s", (int)utf8_fit(mode,
			 strlen(mode), cap > 7 ? cap - 7 : 1), mode);
	else
		snprintf(out, cap, "%.*s", (int)utf8_fit(test, k, cap), test);
	return 1;
}

int run_test_name(char *const argv[], char *out, size_t cap)
{
	int i, j;

	/* the tool may come after a wrapper: taskset, nice, env, numactl */
	for (i = 0; argv[i]; i++) {
		const char *b = base_name(argv[i]);

		if (strcmp(b, "sysbench") == 0)
			return sysbench_test(argv + i, out, cap);
		if (strcmp(b, "fio") == 0) {
			for (j = i + 1; argv[j]; j++)
				if (span_starts(argv[j], strlen(argv[j]),
						"--name=") && argv[j][7]) {
					snprintf(out, cap, "%.*s", (int)utf8_fit(
						 argv[j] + 7, strlen(argv[j] + 7),
						 cap), argv[j] + 7);
					return 1;
				}
			return 0;
		}
	}
	return 0;
}
