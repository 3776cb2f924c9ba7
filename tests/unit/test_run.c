/*
 * test_run.c: what `benchsite run` reads from the machine's text files:
 * the mount holding a path in /proc/self/mountinfo (longest prefix on a
 * '/' boundary, mounts over mounts, octal escapes, the options merged as
 * findmnt shows them), PRETTY_NAME of os-release in its shell quoting,
 * the test name a command line gives, and the results file it names
 * (hyperfine --export-json, fio --output).
 */
#include <stdio.h>
#include <stdlib.h>

#include "../../collector/run_command.h"
#include "../../collector/run_facts.h"
#include "../../collector/run_tools.h"
#include "tap.h"

static const char mountinfo[] =
	"22 27 0:21 / /proc rw,relatime - proc proc rw\n"
	"27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard,resuid=65534\n"
	"40 27 254:1 / /var rw,noatime shared:5 master:1 - xfs /dev/vdb1 "
	"rw,attr2,inode64,logbufs=8,noquota\n"
	"41 27 0:40 / /var/tmp/my\\040disk rw,relatime - tmpfs tmp\\040fs "
	"rw,size=1048576k\n"
	"42 27 7:0 / /varied ro,relatime - ext3 /dev/loop0 ro,data=ordered\n"
	"43 40 0:41 / /var/lib rw - tmpfs first rw\n"
	"44 40 0:42 / /var/lib rw - tmpfs second rw,size=4k\n"
	"45 27 0:43 / /broken\n";

static void test_mounts(void)
{
	struct run_mount *m = malloc(sizeof(*m));
	size_t n = sizeof(mountinfo) - 1;

	CHECK(run_mount_find(mountinfo, n, "/home/x", m) == 0 &&
	      strcmp(m->point, "/") == 0, "a path under no other mount is on /");
	CHECK_STR(m->fs, "ext4", "root: fs type");
	CHECK_STR(m->device, "/dev/vda", "root: device");
	CHECK_STR(m->options, "rw,relatime,discard,resuid=65534",
		  "root: mount options then the superblock's, rw once");
	CHECK(m->major == 254 && m->minor == 0, "root: device numbers");

	run_mount_find(mountinfo, n, "/var/log", m);
	CHECK_STR(m->fs, "xfs", "optional fields (shared:, master:) skipped");
	CHECK_STR(m->options, "rw,noatime,attr2,inode64,logbufs=8,noquota",
		  "xfs options merged");
	run_mount_find(mountinfo, n, "/var", m);
	CHECK_STR(m->point, "/var", "the mount point itself is on its mount");
	run_mount_find(mountinfo, n, "/various", m);
	CHECK_STR(m->point, "/", "/var is not a prefix of /various");
	run_mount_find(mountinfo, n, "/varied/a", m);
	CHECK_STR(m->options, "ro,relatime,data=ordered",
		  "ext3 with data=ordered as the seed pages named it");
	run_mount_find(mountinfo, n, "/var/tmp/my disk/f", m);
	CHECK_STR(m->point, "/var/tmp/my disk", "\\040 in a mount point");
	CHECK_STR(m->device, "tmp fs", "\\040 in a mount source");
	CHECK_STR(m->fs, "tmpfs", "tmpfs");
	run_mount_find(mountinfo, n, "/var/tmp/my", m);
	CHECK_STR(m->point, "/var", "an escaped name is compared decoded");
	run_mount_find(mountinfo, n, "/var/lib/x", m);
	CHECK_STR(m->device, "second", "a mount over a mount: the last one");
	CHECK(run_mount_find(mountinfo, n, "/broken", m) == 0 &&
	      strcmp(m->point, "/") == 0, "a line without ' - ' is passed over");
	CHECK(run_mount_find("", 0, "/", m) == -1, "no mounts: not found");
	CHECK(run_mount_find("27 1 254:0 / / rw - ext4 /dev/vda rw",
			     36, "/x", m) == 0 &&
	      strcmp(m->options, "rw") == 0, "last line without a line feed");
	free(m);
}

static void test_os_release(void)
{
	char v[128];
	const char *a = "NAME=x\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n";
	const char *b = "PRETTY_NAME='Single $quoted'\n";
	const char *c = "PRETTY_NAME=Plain\n";
	const char *d = "PRETTY_NAME=\"say \\\"hi\\\" \\$x\"\n";

	CHECK(run_os_release(a, strlen(a), v, sizeof(v)) == 0 &&
	      strcmp(v, "Debian GNU/Linux 12 (bookworm)") == 0,
	      "os-release: double quotes");
	CHECK(run_os_release(b, strlen(b), v, sizeof(v)) == 0 &&
	      strcmp(v, "Single $quoted") == 0, "os-release: single quotes");
	CHECK(run_os_release(c, strlen(c), v, sizeof(v)) == 0 &&
	      strcmp(v, "Plain") == 0, "os-release: no quotes");
	CHECK(run_os_release(d, strlen(d), v, sizeof(v)) == 0 &&
	      strcmp(v, "say \"hi\" $x") == 0, "os-release: backslash escapes");
	CHECK(run_os_release("NAME=x\n", 7, v, sizeof(v)) == -1,
	      "os-release without PRETTY_NAME");
}

static void name_is(const char *const *argv, const char *want,
		    const char *what)
{
	char out[64];

	if (!want)
		CHECK(run_test_name((char *const *)argv, out, sizeof(out)) == 0,
		      what);
	else
		CHECK(run_test_name((char *const *)argv, out, sizeof(out)) == 1 &&
		      strcmp(out, want) == 0, what);
}

/* A name longer than the buffer is cut at a character's start, never
 * inside one (out holds 63 bytes and its NUL). */
static void long_names(void)
{
	char fio[8 + 62 + 3 + 1], mode[18 + 55 + 3 + 1], want[64];
	const char *g[] = {"fio", fio, NULL};
	const char *d[] = {"sysbench", "fileio", mode, "run", NULL};

	snprintf(fio, sizeof(fio), "--name=%.62s\xc3\xa9x",
		 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
	snprintf(want, sizeof(want), "%.62s",
		 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
	name_is(g, want, "fio --name of 64 bytes: cut before the e acute");
	snprintf(mode, sizeof(mode), "--file-test-mode=%.55s\xe2\x82\xac",
		 "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
	snprintf(want, sizeof(want), "fileio-%.55s",
		 "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
	name_is(d, want, "fileio mode cut before the euro sign");
}

static void test_names(void)
{
	const char *a[] = {"sysbench", "oltp_read_write", "--tables=2",
			   "--mysql-socket=/x", "run", NULL};
	const char *b[] = {"/usr/bin/sysbench", "--test=oltp",
			   "--oltp-table-size=10", "run", NULL};
	const char *c[] = {"sysbench", "--threads=2",
			   "/usr/share/sysbench/oltp_point_select.lua", "run",
			   NULL};
	const char *d[] = {"sysbench", "fileio", "--file-test-mode=rndrw",
			   "--file-total-size=64M", "run", NULL};
	const char *e[] = {"sysbench", "--test=fileio",
			   "--file-test-mode=seqwr", "run", NULL};
	const char *f[] = {"sysbench", "cpu", "--time=1", "run", NULL};
	const char *g[] = {"fio", "--output-format=json", "--name=randread",
			   "--rw=randread", NULL};
	const char *h[] = {"taskset", "-c", "0", "sysbench", "memory", "run",
			   NULL};
	const char *i[] = {"bonnie++", "-d", "/tmp", NULL};
	const char *j[] = {"sysbench", "run", NULL};
	const char *k[] = {"fio", "job.fio", NULL};

	name_is(a, "oltp_read_write", "sysbench 1.0 script name");
	name_is(b, "oltp", "sysbench 0.4 --test=oltp");
	name_is(c, "oltp_point_select", "a .lua path: base name without .lua");
	name_is(d, "fileio-rndrw", "fileio: --file-test-mode");
	name_is(e, "fileio-seqwr", "fileio 0.4: --test=fileio and the mode");
	name_is(f, "cpu", "sysbench cpu");
	name_is(g, "randread", "fio --name");
	name_is(h, "memory", "sysbench after a wrapper");
	name_is(i, NULL, "bonnie++: its output names its runs");
	name_is(j, NULL, "sysbench with no test");
	name_is(k, NULL, "fio with a job file: its output names the jobs");
	long_names();
}

static void test_facts(void)
{
	struct run_facts *f = calloc(1, sizeof(*f));

	run_facts_set(f, "fs", "ext4");
	run_facts_set(f, "fs", "xfs");
	run_facts_set(f, "mount", "");
	CHECK(f->n == 1 && strcmp(run_facts_get(f, "fs"), "xfs") == 0,
	      "facts: a key set twice keeps the last value, once");
	CHECK(run_facts_get(f, "mount") == NULL, "facts: empty values left out");
	free(f);
}

/* The results file argv names, run in dir: want, or NULL for none. */
static void file_is(const char *const *argv, const char *dir,
		    const char *want, const char *what)
{
	char out[256], desc[512];
	int r = run_tools_file((char *const *)argv, dir, out, sizeof(out));

	snprintf(desc, sizeof(desc), "results file: %s: %s (got %s)", what,
		 want ? want : "none", r ? out : "none");
	CHECK(want ? r == 1 && strcmp(out, want) == 0 : r == 0, desc);
}

static void test_files(void)
{
	const char *a[] = {"hyperfine", "--runs", "2", "--export-json",
			   "hf.json", "true", NULL};
	const char *b[] = {"/usr/bin/hyperfine", "--export-json=/r/hf.json",
			   "true", NULL};
	const char *c[] = {"hyperfine", "--export-csv", "hf.csv", "true", NULL};
	const char *d[] = {"fio", "--name=x", "--output-format=json",
			   "--output=o.json", NULL};
	const char *e[] = {"taskset", "-c", "1", "fio", "job.fio", "-output",
			   "o.txt", NULL};
	const char *f[] = {"fio", "--output-format", "json", "job.fio", NULL};
	const char *g[] = {"fio", "--output", "a", "--output=b", NULL};
	const char *h[] = {"sysbench", "--output=x", "cpu", "run", NULL};
	const char *i[] = {"hyperfine", "--export-json", NULL};

	file_is(a, ".", "hf.json", "hyperfine --export-json FILE");
	file_is(a, "/mnt/d", "/mnt/d/hf.json", "relative to --dir");
	file_is(b, "/mnt/d", "/r/hf.json", "--export-json=FILE, absolute");
	file_is(c, ".", NULL, "hyperfine --export-csv (not read)");
	file_is(d, ".", "o.json", "fio --output=FILE, not --output-format");
	file_is(e, ".", "o.txt", "fio -output FILE after a wrapper");
	file_is(f, ".", NULL, "fio --output-format alone");
	file_is(g, ".", "b", "the last --output, as fio takes it");
	file_is(h, ".", NULL, "another tool's --output");
	file_is(i, ".", NULL, "--export-json with nothing after it");
	CHECK(run_tools_advice((char *const *)c, "", 0) &&
	      strstr(run_tools_advice((char *const *)c, "", 0), "--export-json"),
	      "advice: hyperfine without --export-json is told to add it");
}

void test_run(void)
{
	test_files();
	test_mounts();
	test_os_release();
	test_names();
	test_facts();
}
