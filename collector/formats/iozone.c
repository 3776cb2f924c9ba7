/*
 * iozone.c: iozone's automatic-mode table (-a) and its -R report blocks.
 *
 *   	Iozone: Performance Test of File I/O
 *   	        Version $Revision: 3.434 $
 *   	Command line used: iozone -a -n 1g -g 2g -y 512k -q 4m -f /tmp/testme
 *   	Output is in kBytes/sec
 *                                                    random    random ...
 *                 kB  reclen    write  rewrite    read    reread    read ...
 *            1048576     512  5169375  7712220  7634280  7649870  7541971 ...
 *
 *   "Writer report"
 *           "4"  "8"  "16"  "32"  "64"  ...          (record sizes, kB)
 *   "64"   581273  743988  743988  771797  752329     (file size, then rates)
 *
 * Suite "iozone"; a run per file size (attribute `file_size_kb`), so that
 * runs of one size compare across machines; in it a test per operation
 * and record size, `OP-RECk` (`write-4k`, `random-read-512k`), metric
 * `rate` in KiB/s (iozone's "kBytes/sec"), higher.  Operations, in the
 * table's column order: write, rewrite, read, reread, random-read,
 * random-write, backward-read, record-rewrite, stride-read, fwrite,
 * frewrite, fread, freread.  Attributes tool_version (the Revision) and
 * command (the "Command line used").
 *
 * Columns.  iozone prints only the tests it ran, left-aligned under the
 * full 13-column heading: with `-i 0 -i 2` a row's third figure is the
 * random read, not the read.  So the columns are taken from the command
 * line's -i options when it is there (0: write, rewrite; 1: read, reread;
 * 2: random read, random write; 3: backward read; 4: record rewrite; 5:
 * stride read; 6: fwrite, frewrite; 7: fread, freread), in test order;
 * other -i tests (8 and up) print columns this file does not know and are
 * refused.  Without a command line (a fragment) the heading's order is
 * taken.  A short row is a test not run (large record sizes, small files).
 *
 * The -R blocks repeat the table's figures (rows = file sizes, columns =
 * record sizes); they are read when the output has no table (someone kept
 * only that part), else passed over.  Outputs appended to one file are
 * split at the banner, or without one where a second table or a -R block
 * already read begins.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/text.h"
#include "../format.h"
#include "../span.h"

#define SUITE "iozone"
#define IZ_OPS 13
/* A row: file size, record size, 13 figures; one more to see too many. */
#define IZ_TOKENS 24
/* Figures held before the runs are written: a full -a run is 13 x 13 x
 * 17 (about 2,900); a file of many appended runs stays far below this. */
#define IZ_CELLS_MAX (1L << 18)
/* Runs (outputs x file sizes). */
#define IZ_RUNS_MAX 4096
/* Detection looks this far: the banner and heading come in the first
 * 2 KiB, but a fragment may start anywhere. */
#define IZ_DETECT_BYTES (64 * 1024)

static const char *const op_name[IZ_OPS] = {
	"write", "rewrite", "read", "reread", "random-read", "random-write",
	"backward-read", "record-rewrite", "stride-read", "fwrite", "frewrite",
	"fread", "freread",
};

/* The -R block titles, in the same order. */
static const char *const report_name[IZ_OPS] = {
	"\"Writer report\"", "\"Re-writer report\"", "\"Reader report\"",
	"\"Re-Reader report\"", "\"Random read report\"",
	"\"Random write report\"", "\"Backward read report\"",
	"\"Record rewrite report\"", "\"Stride read report\"",
	"\"Fwrite report\"", "\"Re-Fwrite report\"", "\"Fread report\"",
	"\"Re-Fread report\"",
};

/* The first column of each -i test 0..7, and how many it has. */
static const int test_col[8] = {0, 2, 4, 6, 7, 8, 9, 11};
static const int test_ncol[8] = {2, 2, 2, 1, 1, 1, 2, 2};

struct cell {
	long run;	/* index into runs */
	int op;
	double reclen, rate;
	long line;
};

struct izrun {
	long part;	/* which output of the file */
	double fsize;
	long line;
};

struct iz {
	const struct record_sink *sink;
	struct err *e;
	struct cell *cell;	/* owned */
	long ncell;
	struct izrun run[IZ_RUNS_MAX];
	long nrun;
	long part;
	int cols[IZ_OPS], ncols;	/* the table's columns, as ops */
	int in_table, table_seen;
	unsigned blocks;	/* the -R blocks read in this part, as bits */
	int report_op;		/* -1, or the -R block being read */
	double rec[IZ_TOKENS];	/* its record sizes */
	int nrec;
	char version[64], command[512];
};

/* A token as a number, its quotes (-R blocks) taken off. */
static int tnum(const struct span *t, double *v)
{
	const char *p = t->p;
	size_t n = t->n;

	if (n >= 2 && p[0] == '"' && p[n - 1] == '"') {
		p++;
		n -= 2;
	}
	return num_parse_plain(p, n, v);
}

static int is_heading(const struct span *t, int k)
{
	return k >= 3 && (span_eq(t[0].p, t[0].n, "kB") ||
			  span_eq(t[0].p, t[0].n, "KB")) &&
	       span_eq(t[1].p, t[1].n, "reclen");
}

static int iz_detect(const char *p, size_t n)
{
	struct lines l;
	const char *s;
	size_t k;
	int i;

	lines_init(&l, p, n < IZ_DETECT_BYTES ? n : IZ_DETECT_BYTES);
	while (lines_next(&l, &s, &k)) {
		struct span t[IZ_TOKENS];
		int nt;

		if (span_find(s, k, "Iozone: Performance Test of File I/O"))
			return 1;
		nt = span_words(s, k, t, IZ_TOKENS);
		if (is_heading(t, nt < IZ_TOKENS ? nt : IZ_TOKENS) &&
		    nt >= 4 && span_eq(t[2].p, t[2].n, "write"))
			return 1;
		for (i = 0; i < IZ_OPS; i++)
			if (k >= strlen(report_name[i]) &&
			    memcmp(s, report_name[i], strlen(report_name[i])) == 0)
				return 1;
	}
	return 0;
}

/* The run of file size fsize in the current part, made if new. */
static long run_of(struct iz *z, double fsize, long line)
{
	long i;

	for (i = z->nrun - 1; i >= 0 && z->run[i].part == z->part; i--)
		if (z->run[i].fsize == fsize)
			return i;
	if (z->nrun == IZ_RUNS_MAX)
		return err_at(z->e, line, 0, "more than %d runs (file sizes)",
			      IZ_RUNS_MAX);
	z->run[z->nrun].part = z->part;
	z->run[z->nrun].fsize = fsize;
	z->run[z->nrun].line = line;
	return z->nrun++;
}

static int add(struct iz *z, long line, double fsize, double reclen, int op,
	       double rate)
{
	long r = run_of(z, fsize, line);
	struct cell *c;

	if (r < 0)
		return -1;
	if (z->ncell == IZ_CELLS_MAX)
		return err_at(z->e, line, 0, "more than %ld figures",
			      IZ_CELLS_MAX);
	if (z->ncell % 1024 == 0) {
		struct cell *m = realloc(z->cell, ((size_t)z->ncell + 1024) *
					 sizeof(*m));

		if (!m)
			return err_at(z->e, line, 0, "out of memory");
		z->cell = m;
	}
	c = &z->cell[z->ncell++];
	c->run = r;
	c->op = op;
	c->reclen = reclen;
	c->rate = rate;
	c->line = line;
	return 0;
}

/* The table's columns from "Command line used: ..." -i options. */
static int command(struct iz *z, long line, const char *s, size_t n)
{
	const char *c = span_find(s, n, "Command line used:");
	struct span t[IZ_TOKENS];
	int k, i, j, used[8] = {0}, any = 0;
	size_t m;

	c += 18;
	m = (size_t)(s + n - c);
	while (m && (*c == ' ' || *c == '\t')) {
		c++;
		m--;
	}
	snprintf(z->command, sizeof(z->command), "%.*s",
		 (int)(m < sizeof(z->command) - 1 ? m : sizeof(z->command) - 1),
		 c);
	k = span_words(c, m, t, IZ_TOKENS);
	if (k > IZ_TOKENS)
		k = IZ_TOKENS;
	for (i = 0; i + 1 < k; i++) {
		double v;

		if (!span_eq(t[i].p, t[i].n, "-i"))
			continue;
		/* in range before the cast: a double beyond int's is
		 * undefined to convert, a negative one an index before used */
		if (num_parse_plain(t[i + 1].p, t[i + 1].n, &v) ||
		    !(v >= 0 && v <= INT_MAX) || v != (int)v)
			return err_at(z->e, line, 0, "-i: expected a test number");
		if (v > 7)
			return err_at(z->e, line, 0, "iozone -i %d: its columns "
				      "are not read (tests 0 to 7 are)", (int)v);
		used[(int)v] = 1;
		any = 1;
	}
	if (!any)
		return 0;
	/* write (0) always runs first: read tests need its file */
	used[0] = 1;
	z->ncols = 0;
	for (i = 0; i < 8; i++)
		for (j = 0; used[i] && j < test_ncol[i]; j++)
			z->cols[z->ncols++] = test_col[i] + j;
	return 0;
}

static int table_row(struct iz *z, long line, const struct span *t, int k)
{
	double fs, rl, v;
	int i;

	if (k - 2 > z->ncols)
		return err_at(z->e, line, 0, "a row of %d figures under %d "
			      "columns", k - 2, z->ncols);
	if (tnum(&t[0], &fs) || tnum(&t[1], &rl))
		return err_at(z->e, line, 0, "expected a file size and a record "
			      "size in kB");
	for (i = 2; i < k; i++) {
		if (tnum(&t[i], &v))
			return err_at(z->e, line, 0, "%s: expected a rate, found "
				      "'%.*s'", op_name[z->cols[i - 2]],
				      (int)(t[i].n > 40 ? 40 : t[i].n), t[i].p);
		if (add(z, line, fs, rl, z->cols[i - 2], v))
			return -1;
	}
	return 0;
}

static int all_numbers(const struct span *t, int k)
{
	double v;
	int i;

	for (i = 0; i < k; i++)
		if (tnum(&t[i], &v))
			return 0;
	return k > 0;
}

static int iz_line(struct iz *z, long line, const char *s, size_t n)
{
	struct span t[IZ_TOKENS];
	int k = span_words(s, n, t, IZ_TOKENS), i;
	const char *v;

	if (k > IZ_TOKENS) {
		if (z->in_table || z->report_op >= 0)
			return err_at(z->e, line, 0, "more than %d fields",
				      IZ_TOKENS);
		k = IZ_TOKENS;	/* prose: only its first words matter */
	}
	if (span_find(s, n, "Iozone: Performance Test of File I/O")) {
		if (z->ncell)
			z->part++;
		z->table_seen = 0;
		z->in_table = 0;
		z->blocks = 0;
		z->report_op = -1;
		z->ncols = IZ_OPS;
		for (i = 0; i < IZ_OPS; i++)
			z->cols[i] = i;
		z->version[0] = z->command[0] = '\0';
		return 0;
	}
	if ((v = span_find(s, n, "Version $Revision: ")) != NULL) {
		size_t m = (size_t)(s + n - v) - 19, j = 0;

		while (j < m && j + 1 < sizeof(z->version) && v[19 + j] != ' ' &&
		       v[19 + j] != '$')
			j++;
		memcpy(z->version, v + 19, j);
		z->version[j] = '\0';
		return 0;
	}
	if (span_find(s, n, "Command line used:"))
		return command(z, line, s, n);
	if (is_heading(t, k)) {
		/* a second table with no banner between: the next output */
		if (z->table_seen)
			z->part++;
		z->in_table = 1;
		z->table_seen = 1;
		z->report_op = -1;
		return 0;
	}
	for (i = 0; i < IZ_OPS; i++)
		if (k >= 1 && (size_t)(s + n - t[0].p) >= strlen(report_name[i]) &&
		    memcmp(t[0].p, report_name[i], strlen(report_name[i])) == 0) {
			z->in_table = 0;
			z->report_op = z->table_seen ? -2 : i;
			z->nrec = 0;
			/* a block met again with no banner: the next output */
			if (!z->table_seen && (z->blocks & 1u << i)) {
				z->part++;
				z->blocks = 0;
			}
			z->blocks |= 1u << i;
			return 0;
		}
	if (z->in_table) {
		if (k >= 3 && all_numbers(t, k))
			return table_row(z, line, t, k);
		if (k > 0)
			z->in_table = 0;
		return 0;
	}
	if (z->report_op == -2)
		return k == 0 ? (z->report_op = -1, 0) : 0;
	if (z->report_op >= 0) {
		double fs, val;

		if (k == 0) {
			z->report_op = -1;
			return 0;
		}
		if (!all_numbers(t, k))
			return err_at(z->e, line, 0, "%s: expected quoted sizes "
				      "and rates", report_name[z->report_op]);
		if (z->nrec == 0 && t[k - 1].p[0] == '"') {
			/* the heading: record sizes, all quoted (a row's rates
			 * are not) */
			for (i = 0; i < k; i++)
				tnum(&t[i], &z->rec[i]);
			z->nrec = k;
			return 0;
		}
		if (z->nrec == 0)
			return err_at(z->e, line, 0, "%s: rows before the record "
				      "sizes", report_name[z->report_op]);
		if (k - 1 > z->nrec)
			return err_at(z->e, line, 0, "%s: %d rates for %d record "
				      "sizes", report_name[z->report_op], k - 1,
				      z->nrec);
		tnum(&t[0], &fs);
		for (i = 1; i < k; i++) {
			tnum(&t[i], &val);
			if (add(z, line, fs, z->rec[i - 1], z->report_op, val))
				return -1;
		}
	}
	return 0;
}

static int emit(struct iz *z)
{
	long r, i;
	char v[32], test[64];

	for (r = 0; r < z->nrun; r++) {
		const struct izrun *x = &z->run[r];

		if (z->sink->run_begin(z->sink->ctx, SUITE, NULL, x->line, z->e))
			goto failed;
		num_format(x->fsize, v);
		if (z->sink->attr(z->sink->ctx, "file_size_kb", v, z->e) ||
		    (z->version[0] && z->sink->attr(z->sink->ctx,
						    "tool_version", z->version,
						    z->e)) ||
		    (z->command[0] && z->sink->attr(z->sink->ctx, "command",
						    z->command, z->e)))
			goto failed;
		for (i = 0; i < z->ncell; i++) {
			const struct cell *c = &z->cell[i];
			struct record_result res;

			if (c->run != r)
				continue;
			num_format(c->reclen, v);
			snprintf(test, sizeof(test), "%s-%sk", op_name[c->op], v);
			res.test = test;
			res.metric = "rate";
			res.value = c->rate;
			res.has_value = 1;
			res.unit = "KiB/s";
			res.better = "higher";
			res.status = "ok";
			if (z->sink->result(z->sink->ctx, &res, z->e)) {
				z->e->line = c->line;
				return -1;
			}
		}
		if (z->sink->run_end(z->sink->ctx, z->e))
			goto failed;
		continue;
failed:
		z->e->line = x->line;
		return -1;
	}
	return 0;
}

static int iz_parse(const char *p, size_t n, const struct parse_opts *o,
		    const struct record_sink *sink, struct err *e)
{
	static struct iz z;	/* the run table: ~100 KB */
	struct lines l;
	const char *s;
	size_t k;
	int i, rc = -1;

	(void)o;
	memset(&z, 0, sizeof(z));
	z.sink = sink;
	z.e = e;
	z.report_op = -1;
	z.ncols = IZ_OPS;
	for (i = 0; i < IZ_OPS; i++)
		z.cols[i] = i;
	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k))
		if (iz_line(&z, l.lineno, s, k))
			goto out;
	if (z.ncell == 0) {
		err_at(e, 0, 0, "no iozone figures (an auto-mode table 'kB "
		       "reclen write ...' or -R report blocks)");
		goto out;
	}
	/* the -R blocks of an output are read only when it has no table */
	rc = emit(&z);
out:
	free(z.cell);
	z.cell = NULL;
	return rc;
}

const struct format format_iozone = {
	"iozone",
	"iozone automatic-mode table (-a) or -R report blocks: a run per "
	"file size, a test per operation and record size",
	FORMAT_MARKED,
	iz_detect,
	iz_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
