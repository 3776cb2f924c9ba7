/*
 * sqlbench.h: what the readers of sql-bench's three kinds of file share
 * (sqlbench.c says what the format stores and why).
 *
 * A set of files is one run: sqlbench.c detects and groups them and reads
 * each by its kind, through sqlbench_testfile.c (a per-test file),
 * sqlbench_summary.c (a RUN- summary) or sqlbench_compare.c (a
 * compare-results table, a run per column); sqlbench_record.c keeps what the
 * files of the set have said so far, so that a test or an attribute
 * mentioned twice is stored once and checked the second time;
 * sqlbench_timestr.c reads the time text every kind prints.
 *
 * Their shared names carry sqlb_ (sql-bench), a prefix of their own that
 * no other format uses (sysbench's names are sysbench_'s).
 */
#ifndef BENCHSITE_SQLBENCH_H
#define BENCHSITE_SQLBENCH_H

#include <stddef.h>

#include "../format.h"

#define SUITE "sql-bench"

/* sql-bench has ten test scripts; a run with more than this many distinct
 * tests is not sql-bench output. */
#define SQLB_TESTS_MAX 64
/* The insert test, the largest, prints about 70 time lines. */
#define SQLB_OPS_MAX 1024
/* Operation and test names are Perl identifiers of at most ~35 characters
 * (the RUN table's name column); anything near this is damage. */
#define SQLB_NAME_MAX 128
/* Attribute values: a server version or a comment line. */
#define SQLB_VALUE_MAX 512
/* compare-results prints a column per RUN file; a table wider than this
 * could not be read by anyone. */
#define SQLB_COLS_MAX 64
/* How far detection looks for a marker: headers come first, but a RUN
 * file's stderr noise or a log wrapper may come before them. */
#define SQLB_DETECT_BYTES (64 * 1024)

/* What one mention said of a test, to check that later ones agree. */
struct sqlb_test {
	char name[SQLB_NAME_MAX];
	const char *status;
	int has_value;
	double wall, cpu;
	const char *file;
	long line;
};

struct sqlb_attr {
	const char *key;
	int set;
	char value[SQLB_VALUE_MAX];
	const char *file;
	long line;
};

struct sqlb_op {
	char name[SQLB_NAME_MAX];
	int count;
};

struct sqlb {
	const struct parse_opts *o;
	const struct record_sink *sink;
	struct err *e;
	const char *file;	/* the input being read, for messages */
	struct sqlb_test tests[SQLB_TESTS_MAX];
	size_t ntests;
	struct sqlb_attr attrs[4];
	struct sqlb_op ops[SQLB_OPS_MAX];
	size_t nops;
};

/* Fills b->e with b->file, line and col and the message; returns -1. */
int sqlb_fail(struct sqlb *b, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* After a sink call failed: the message is the store's, the place ours.
 * Returns -1. */
int sqlb_sink_failed(struct sqlb *b, long line);

/* Sends result test/metric in seconds, lower better. */
int sqlb_emit(struct sqlb *b, long line, const char *test, const char *metric,
	    int has_value, double v, const char *status);

/* Sets attribute key (one of b->attrs) from s[0..n) (trimmed; empty values
 * are not set); a second, different value for the same run is an error. */
int sqlb_attr_set(struct sqlb *b, long line, const char *key, const char *s,
		size_t n);

/* Records what a file or summary line says of test; the first mention is
 * stored, later ones must agree. */
int sqlb_test_result(struct sqlb *b, long line, const char *test,
		   const char *status, int has_value, double wall, double cpu);

/* Parses Benchmark::timestr text, as every sql-bench version prints it:
 *   "7 secs ( 7.50 usr  0.00 sys =  7.50 cpu)"                  1998
 *   "N wallclock secs ( u usr  s sys +  cu cusr  cs csys =  c CPU secs)"
 *   "N wallclock secs (...  = c CPU)"  with N fractional under --hires.
 * Sets *wall and *cpu; -1 with *col (0-based in s) at the fault. */
int sqlb_timestr(const char *s, size_t n, double *wall, double *cpu,
	       size_t *col);

/* The last path component without a ".gz" (the importer reads gzip). */
void sqlb_base_name(const char *path, char *out, size_t cap);

/* What a sql-bench file name says: the test ("" for RUN- or unknown) and
 * the tail "<server><suffix>-<machine>[-cmp-<servers>]" ("" when the name
 * is not sql-bench's).  Returns a pointer into base. */
const char *sqlb_name_tail(const char *base, const char **test);

/* The label (server+suffix+machine) from a tail: the part before "-cmp-". */
void sqlb_tail_label(const char *tail, char *out, size_t cap);

/* The readers of one file of the set, b->file its name: 0, or -1 with
 * b->e filled.  A per-test file and a RUN- summary add to the run the
 * caller has begun; a compare-results table is runs of its own, begun and
 * ended here. */
int sqlb_test_file(struct sqlb *b, const struct input *in);
int sqlb_run_file(struct sqlb *b, const struct input *in);
int sqlb_compare_file(struct sqlb *b, const struct input *in);

#endif
