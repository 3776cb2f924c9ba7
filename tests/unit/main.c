/*
 * main.c: runs every unit test group; exits 1 when any check failed.
 * `unit stats FILE FILE` instead prints what benchsite's statistics say of
 * two files of numbers (n, mean, stddev each, and "difference" or "no
 * difference" at 95% by Welch's test), for tests/analysis.test.sh to hold
 * against ministat.
 */
#include <stdlib.h>

#include "../../renderer/stats.h"
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

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "stats") == 0)
		return stats_mode(argv[2], argv[3]);
	test_core();
	test_chart();
	test_store();
	test_parsers();
	test_stats();
	test_run();
	test_png();
	return tap_failed ? 1 : 0;
}
