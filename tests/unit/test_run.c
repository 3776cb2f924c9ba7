/*
 * test_run.c: what `benchsite run` reads from the machine's text files:
 * the mount holding a path in /proc/self/mountinfo (longest prefix on a
 * '/' boundary, mounts over mounts, octal escapes, the options merged as
 * findmnt shows them), PRETTY_NAME of os-release in its shell quoting,
 * the test name a command line gives and the results file it names
 * (hyperfine --export-json, fio --output); the plan of a sweep (--param
 * values, combinations, {K} in words) and the words of --prepare.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../../collector/run_command.h"
#include "../../collector/run_facts.h"
#include "../../collector/run_plan.h"
#include "../../collector/run_tools.h"
#include "../../core/err.h"
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

/* The words s splits into, joined by '|', or "error: MSG". */
static void words(const char *s, char out[256], size_t cap)
{
	struct err e;
	char **w;
	size_t n = 0;
	int i;

	err_clear(&e);
	if (run_words(s, &w, &e)) {
		snprintf(out, cap, "error: %.200s", e.msg);
		return;
	}
	out[0] = '\0';
	for (i = 0; w[i]; i++)
		n += (size_t)snprintf(out + n, cap - n, "%s%s", i ? "|" : "",
				      w[i]);
	free(w);
}

static void test_words(void)
{
	char got[256];

	words("sysbench fileio --file-total-size=256M prepare", got,
	      sizeof(got));
	CHECK_STR(got, "sysbench|fileio|--file-total-size=256M|prepare",
		  "words: split at blanks");
	words("  a\t b  \n", got, sizeof(got));
	CHECK_STR(got, "a|b", "words: runs of blanks, tabs, newlines");
	words("a 'b c' \"d \\\" \\\\ e\" f\\ g '' x'y'z", got, sizeof(got));
	CHECK_STR(got, "a|b c|d \" \\ e|f g||xyz",
		  "words: quotes, \\\" and \\\\ in double quotes, backslash, "
		  "empty word, quotes inside a word");
	words("'$HOME' $x ; > y `id`", got, sizeof(got));
	CHECK_STR(got, "$HOME|$x|;|>|y|`id`", "words: nothing else is special");
	words("'abc", got, sizeof(got));
	CHECK(strncmp(got, "error: ' without", 16) == 0,
	      "words: an unterminated quote is refused");
	words("abc\\", got, sizeof(got));
	CHECK(strncmp(got, "error: a backslash", 18) == 0,
	      "words: a backslash at the end is refused");
	words("   ", got, sizeof(got));
	CHECK_STR(got, "error: no command", "words: no word is refused");
}

static void test_plan(void)
{
	struct run_plan plan;
	struct err e;
	char a1[] = "threads=1,2,4", a2[] = "mode=rnd\\,rw,seq";
	char bad1[] = "x=1,,2", bad2[] = "x=1,1", bad3[] = "threads=8";
	char bad4[] = "no equals", bad5[] = "a b=1";
	char *argv[] = {"tool", "--threads={threads}", "{mode}/{threads}",
			"{nope}", "{threads", NULL};
	char *other[] = {"tool", "{mode}", NULL};
	char **v;

	memset(&plan, 0, sizeof(plan));
	err_clear(&e);
	CHECK(run_plan_add(&plan, a1, &e) == 0 && run_plan_add(&plan, a2, &e)
	      == 0, "plan: two settings");
	CHECK(run_plan_count(&plan) == 6, "plan: 3 x 2 combinations");
	CHECK_STR(plan.param[1].values[0], "rnd,rw", "plan: \\, is a comma");
	CHECK_STR(run_plan_value(&plan, 0, 0), "1", "plan: combination 0");
	CHECK_STR(run_plan_value(&plan, 1, 0), "1",
		  "plan: the first setting outermost");
	CHECK_STR(run_plan_value(&plan, 1, 1), "seq",
		  "plan: the last setting fastest");
	CHECK_STR(run_plan_value(&plan, 5, 0), "4", "plan: the last one (1)");
	CHECK_STR(run_plan_value(&plan, 5, 1), "seq", "plan: the last one (2)");
	v = run_plan_argv(&plan, argv, 4);
	CHECK(v && strcmp(v[1], "--threads=4") == 0 &&
	      strcmp(v[2], "rnd,rw/4") == 0 && strcmp(v[3], "{nope}") == 0 &&
	      strcmp(v[4], "{threads") == 0 && v[5] == NULL,
	      "plan: {K} replaced, other braces kept");
	free(v);
	CHECK(run_plan_uses(&plan, argv, 0) && !run_plan_uses(&plan, other, 0)
	      && run_plan_uses(&plan, other, 1), "plan: which settings a "
	      "command uses");
	CHECK(run_plan_add(&plan, bad1, &e) == -1 &&
	      strstr(e.msg, "empty value"), "plan: an empty value refused");
	CHECK(run_plan_add(&plan, bad2, &e) == -1 &&
	      strstr(e.msg, "'1' given twice"), "plan: a value twice refused");
	CHECK(run_plan_add(&plan, bad3, &e) == -1 &&
	      strstr(e.msg, "given twice"), "plan: a setting twice refused");
	CHECK(run_plan_add(&plan, bad4, &e) == -1, "plan: no '=' refused");
	CHECK(run_plan_add(&plan, bad5, &e) == -1 &&
	      strstr(e.msg, "not a valid attribute name"),
	      "plan: a key that is no attribute name refused");
	CHECK(plan.nparam == 2, "plan: refused settings are not added");
	run_plan_free(&plan);
	CHECK(run_plan_count(&plan) == 1, "plan: none is one combination");
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
	test_words();
	test_plan();
}
