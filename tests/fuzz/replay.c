/*
 * replay.c: runs stored inputs through the fuzz targets without libFuzzer,
 * so any compiler (and the plain and SANITIZE=1 builds of make check) can
 * hold the parsers to every input the fuzzers ever kept or found.
 *
 *   fuzz-replay TARGET|all PATH...
 *   fuzz-replay list          (every target's name, one a line)
 *   fuzz-replay canary        (breaks the sink contract: must abort)
 *
 * Each PATH is a file or a folder (read recursively; one that does not
 * exist is passed over); "%t" in a PATH stands for the target's name, so
 * `all 'corpus/%t' fixtures` gives each target its own corpus and the
 * fixtures.  "all" runs every target.  Prints one TAP line per target; a crash is the
 * sanitizer's report and a non-zero exit.  Each file is also fed in
 * prefixes cut at a few points, the nearest we have to a chunked feed.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "targets.h"

/* Stored inputs are small (the fuzzers run with -max_len 8192); the cap
 * only keeps a stray large file from taking the test's time. */
#define REPLAY_FILE_MAX ((size_t)4 << 20)

static long files;

static int read_file(const char *path, uint8_t **out, size_t *n)
{
	FILE *f = fopen(path, "rb");
	uint8_t *p;
	size_t k;

	if (!f)
		return -1;
	p = malloc(REPLAY_FILE_MAX);
	if (!p) {
		fclose(f);
		return -1;
	}
	k = fread(p, 1, REPLAY_FILE_MAX, f);
	fclose(f);
	*out = p;
	*n = k;
	return 0;
}

static void run_one(const struct fuzz_target *t, const char *path)
{
	uint8_t *p, *q;
	size_t n, i;
	static const unsigned cut[] = { 2, 3, 5 };

	if (read_file(path, &p, &n)) {
		fprintf(stderr, "fuzz-replay: cannot read '%s'\n", path);
		exit(1);
	}
	t->run(t, p, n);
	/* prefixes in exact-size copies: a parser that reads past its
	 * buffer's end meets ASan's redzone */
	for (i = 0; i < sizeof(cut) / sizeof(cut[0]) && n > 1; i++) {
		size_t m = n * (cut[i] - 1) / cut[i];

		q = malloc(m ? m : 1);
		if (!q)
			exit(1);
		memcpy(q, p, m);
		t->run(t, q, m);
		free(q);
	}
	free(p);
	files++;
}

static void walk(const struct fuzz_target *t, const char *path)
{
	struct stat st;
	struct dirent **ents;
	int k, i;

	if (stat(path, &st))
		return;
	if (!S_ISDIR(st.st_mode)) {
		if (S_ISREG(st.st_mode))
			run_one(t, path);
		return;
	}
	/* sorted, so a failure names the same file every time */
	k = scandir(path, &ents, NULL, alphasort);
	if (k < 0)
		return;
	for (i = 0; i < k; i++) {
		char sub[4096];

		if (ents[i]->d_name[0] != '.' &&
		    (size_t)snprintf(sub, sizeof(sub), "%s/%s", path,
				     ents[i]->d_name) < sizeof(sub))
			walk(t, sub);
		free(ents[i]);
	}
	free(ents);
}

int main(int argc, char **argv)
{
	const struct fuzz_target *t;
	int j;

	if (argc == 2 && strcmp(argv[1], "canary") == 0) {
		fuzz_canary();
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "list") == 0) {
		for (t = fuzz_targets(); t->name; t++)
			printf("%s\n", t->name);
		return 0;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: fuzz-replay TARGET|all PATH...\n"
			"       fuzz-replay list\n");
		return 2;
	}
	for (t = fuzz_targets(); t->name; t++) {
		if (strcmp(argv[1], "all") != 0 &&
		    strcmp(argv[1], t->name) != 0)
			continue;
		files = 0;
		for (j = 2; j < argc; j++) {
			char path[4096], *at = strstr(argv[j], "%t");

			if (at)
				snprintf(path, sizeof(path), "%.*s%s%s",
					 (int)(at - argv[j]), argv[j],
					 t->name, at + 2);
			else
				snprintf(path, sizeof(path), "%s", argv[j]);
			walk(t, path);
		}
		printf("ok - fuzz replay %s: %ld inputs\n",
		       t->name, files);
		fflush(stdout);
	}
	return 0;
}
