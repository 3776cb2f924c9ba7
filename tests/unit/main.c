/*
 * main.c: runs every unit test group; exits 1 when any check failed.
 * `unit stats FILE FILE` instead prints what benchsite's statistics say of
 * two files of numbers (n, mean, stddev each, and "difference" or "no
 * difference" at 95% by Welch's test), for tests/analysis.test.sh to hold
 * against ministat.  `unit slugs N` prints how many distinct slugs N
 * random names and a list of hostile ones get (tests/hostile.test.sh).
 * `unit kinds` prints the table of statement kinds (analysis/kinds.h), a
 * kind and its family a line, then "support" and each support word, for
 * tests/kinds.test.sh to hold the docs and --help against.
 * `unit options` prints every command's options (tests/options.test.sh).
 */
#include <stdlib.h>

#include "../../renderer/site/slug.h"
#include "../../analysis/kinds.h"
#include "../../analysis/stats.h"
#include "tap.h"

int tap_failed;

static int read_numbers(const char *path, double **v, int *n)
{
	FILE *f = fopen(path, "r");
	double x;
	int cap = 0;

	*v = NULL;
	*n = 0;
	if (!f)
		return -1;
	while (fscanf(f, "%lf", &x) == 1) {
		if (*n == cap) {
			double *nv = realloc(*v, (size_t)(cap = cap ? 2 * cap : 64) *
						     sizeof(double));
			if (!nv)
				break;
			*v = nv;
		}
		(*v)[(*n)++] = x;
	}
	fclose(f);
	return *n > 1 ? 0 : -1;
}

static int stats_mode(const char *p1, const char *p2)
{
	double *a, *b;
	int na, nb;
	struct stats x, y;

	if (read_numbers(p1, &a, &na) || read_numbers(p2, &b, &nb))
		return 2;
	stats_compute(a, na, &x);
	stats_compute(b, nb, &y);
	printf("%d %.8g %.8g %d %.8g %.8g %s\n", x.n, x.mean, x.stddev, y.n,
	       y.mean, y.stddev, stats_welch_p(&x, &y) < 0.05 ? "difference" :
	       "no-difference");
	free(a);
	free(b);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Names made of bytes a slug mostly drops ('/', '.', '%', fullwidth
 * dots), so that many share their slug's text and only the hash can tell
 * them apart; plus hostile path names ("../../x", "CON", "~root",
 * "-rf").  Deterministic (an LCG). */
static int slugs_mode(long n)
{
	static const char *const hostile[] = {
		"../../x", "/abs", "..", ".", "CON", "%2e%2e%2f",
		"\xef\xbc\x8e\xef\xbc\x8e\xef\xbc\x8f", "a/../../b", "~root",
		"-rf", "", " ", "a-b",
	};
	static const char *const bits[] = { "a", "/", ".", "%", "-", " ",
					    "\xef\xbc\x8e", "1", "A" };
	size_t nh = sizeof(hostile) / sizeof(hostile[0]), total, i, k;
	size_t names = 0, distinct = 0, unsafe = 0;
	unsigned long x = 8;
	char **name, **slug;

	total = (size_t)n + nh;
	name = calloc(total, sizeof(*name));
	slug = calloc(total, sizeof(*slug));
	if (!name || !slug)
		return 1;
	for (i = 0; i < total; i++) {
		char buf[64] = "";
		size_t len = 0;

		if (i < nh) {
			snprintf(buf, sizeof(buf), "%s", hostile[i]);
		} else {
			k = 1 + (x >> 16) % 12;
			while (k-- > 0) {
				const char *b;

				x = x * 6364136223846793005UL + 1442695040888963407UL;
				b = bits[(x >> 33) % 9];
				if (len + strlen(b) < sizeof(buf)) {
					memcpy(buf + len, b, strlen(b) + 1);
					len += strlen(b);
				}
			}
		}
		name[i] = strdup(buf);
	}
	qsort(name, total, sizeof(*name), cmp_str);
	for (i = 0; i < total; i++) {
		const char *parts[2];
		char out[SLUG_MAX];

		if (i > 0 && strcmp(name[i], name[i - 1]) == 0)
			continue;
		parts[0] = name[i];
		parts[1] = NULL;
		slug_make(out, parts);
		if (out[0] == '.' || out[0] == '\0' ||
		    strspn(out, "abcdefghijklmnopqrstuvwxyz0123456789-") !=
		    strlen(out))
			unsafe++;
		slug[names++] = strdup(out);
	}
	qsort(slug, names, sizeof(*slug), cmp_str);
	for (i = 0; i < names; i++)
		if (i == 0 || strcmp(slug[i], slug[i - 1]) != 0)
			distinct++;
	printf("slugs: %zu names, %zu distinct, %zu unsafe\n", names,
	       distinct, unsafe);
	for (i = 0; i < total; i++)
		free(name[i]);
	for (i = 0; i < names; i++)
		free(slug[i]);
	free(name);
	free(slug);
	return 0;
}

static int kinds_mode(void)
{
	int k;

	for (k = 0; k < K_NKINDS; k++)
		printf("%s %s\n", stmt_kind_name((enum stmt_kind)k),
		       stmt_family_name(stmt_kind_family((enum stmt_kind)k)));
	for (k = S_NONE + 1; k < S_NSUPPORTS; k++)
		printf("%s support\n", stmt_support_name((enum stmt_support)k));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "kinds") == 0)
		return kinds_mode();
	if (argc == 3 && strcmp(argv[1], "slugs") == 0)
		return slugs_mode(strtol(argv[2], NULL, 10));
	if (argc == 4 && strcmp(argv[1], "stats") == 0)
		return stats_mode(argv[2], argv[3]);
	if (argc == 2 && strcmp(argv[1], "options") == 0)
		return options_mode();
	test_core();
	test_chart();
	test_store();
	test_parsers();
	test_stats();
	test_run();
	test_png();
	test_natural();
	test_palette();
	test_units();
	test_options();
	return tap_failed ? 1 : 0;
}
