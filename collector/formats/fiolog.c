/*
 * fiolog.c: fio's logs over time (--write_bw_log, --write_iops_log,
 * --write_lat_log), read as samples of the runs of the job output they
 * are imported with (docs/formats.md, fio-log).
 *
 * fio names a log PREFIX_KIND.N.log (PREFIX_KIND.log with
 * --per_job_logs=0): PREFIX is the option's value, by default the job's
 * name, KIND is bw, iops, lat, clat or slat, N the job's number.  Each
 * line is "time (ms), value, direction, block size, offset" and, from fio
 * 3.x on, more columns (the I/O priority).  A log does not say which job
 * wrote it, so the file's name does: a log belongs to the job of its
 * PREFIX, or, when the output reports one job, to that job whatever its
 * PREFIX; jobs sharing a name (numjobs) are told apart by N = job_index.
 * A log alone is refused: its samples need the run that the output makes.
 *
 * The output is read twice: once to learn its jobs (what the names are
 * matched against, before anything reaches the sink), once for real, with
 * each job's logs sent as samples at the end of its run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/record.h"
#include "../format.h"

/* A log column a value this long is no fio number but a damaged line. */
#define FIOLOG_DIGITS_MAX 19

enum kind { K_BW, K_IOPS, K_LAT, K_CLAT, K_SLAT, K_NKINDS };

static const char *const kind_name[K_NKINDS] = {
	"bw", "iops", "lat", "clat", "slat",
};

/* Splits the file name (folders and a .gz dropped) into PREFIX, KIND and
 * N (0 when the name has none).  1 when it is named as fio names logs. */
static int log_name(const char *path, char *prefix, size_t cap, int *kind,
		    long *job)
{
	const char *base = strrchr(path, '/');
	char name[512];
	size_t n;
	char *us, *dot, *end;
	int k;

	snprintf(name, sizeof(name), "%s", base ? base + 1 : path);
	n = strlen(name);
	if (n > 3 && strcmp(name + n - 3, ".gz") == 0)
		name[n -= 3] = '\0';
	if (n < 5 || strcmp(name + n - 4, ".log") != 0)
		return 0;
	name[n -= 4] = '\0';
	*job = 0;
	dot = strrchr(name, '.');
	if (dot && dot[1] >= '0' && dot[1] <= '9') {
		*job = strtol(dot + 1, &end, 10);
		if (*end || *job < 1 || *job > 1000000)
			return 0;
		*dot = '\0';
	}
	us = strrchr(name, '_');
	if (!us || us == name)
		return 0;
	for (k = 0; k < K_NKINDS; k++)
		if (strcmp(us + 1, kind_name[k]) == 0)
			break;
	if (k == K_NKINDS)
		return 0;
	*us = '\0';
	if (strlen(name) >= cap)
		return 0;
	memcpy(prefix, name, strlen(name) + 1);
	*kind = k;
	return 1;
}

int fiolog_named(const char *path)
{
	char prefix[512];
	int kind;
	long job;

	return log_name(path, prefix, sizeof(prefix), &kind, &job);
}

/* Reads an unsigned decimal at s[*i] (blanks before it skipped) up to the
 * next comma or the end of the line; 0, or -1 when there is none. */
static int field(const char *s, size_t n, size_t *i, unsigned long long *v)
{
	size_t d = 0;

	while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
		(*i)++;
	*v = 0;
	while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
		if (++d > FIOLOG_DIGITS_MAX)
			return -1;
		*v = *v * 10 + (unsigned long long)(s[*i] - '0');
		(*i)++;
	}
	while (*i < n && (s[*i] == ' ' || s[*i] == '\t' || s[*i] == '\r'))
		(*i)++;
	if (d == 0 || (*i < n && s[*i] != ','))
		return -1;
	if (*i < n)
		(*i)++;
	return 0;
}

/* The fields of one line: at least the four fio has always written. */
#define FIOLOG_FIELDS_MIN 4
#define FIOLOG_FIELDS_MAX 8

/* Reads line s[0..n) into v; the number of fields, or -1 with *col the
 * column (1-based) of the first that is not a number. */
static int log_line(const char *s, size_t n, unsigned long long *v, long *col)
{
	size_t i = 0;
	int k = 0;

	while (i < n) {
		size_t at = i;

		if (k == FIOLOG_FIELDS_MAX || field(s, n, &i, &v[k])) {
			*col = (long)at + 1;
			return -1;
		}
		k++;
		if (i == n && s[n - 1] == ',') {
			*col = (long)n + 1;
			return -1;
		}
	}
	*col = (long)n + 1;
	return k;
}

static int fiolog_detect(const char *p, size_t n)
{
	struct lines l;
	const char *s;
	size_t k;
	unsigned long long v[FIOLOG_FIELDS_MAX];
	long col;
	size_t w = n;
	int seen = 0, f;

	/* the whole lines of the first 4 KiB */
	if (w > 4096) {
		for (w = 4096; w > 0 && p[w - 1] != '\n'; w--)
			;
	}
	lines_init(&l, p, w);
	while (seen < 8 && lines_next(&l, &s, &k)) {
		if (k == 0)
			break;
		f = log_line(s, k, v, &col);
		if (f < FIOLOG_FIELDS_MIN || v[2] > 2)
			return 0;
		seen++;
	}
	return seen > 0;
}

static int fiolog_alone(const char *p, size_t n, const struct parse_opts *o,
			const struct record_sink *sink, struct err *e)
{
	(void)p;
	(void)n;
	(void)o;
	(void)sink;
	return err_at(e, 0, 0, "a fio log is read with the job output it "
		      "belongs to: name it after that output (benchsite "
		      "import OUT.json NAME_bw.1.log ...), or import the "
		      "folder holding both");
}

/* Sends the lines of one log as samples of test: t in seconds, bw in
 * KiB/s and iops as logged, latencies in microseconds (fio 3.x logs
 * nanoseconds: ns set). */
static int log_samples(const struct input *in, int kind, int ns,
		       const char *test, const struct record_sink *sink,
		       struct err *e)
{
	static const char *const dir[3] = {"read", "write", "trim"};
	struct lines l;
	const char *s;
	size_t k;
	unsigned long long v[FIOLOG_FIELDS_MAX];
	char metric[32];
	long col, line;
	int f;

	lines_init(&l, in->p, in->n);
	while (lines_next(&l, &s, &k)) {
		double value;

		line = l.lineno;
		f = log_line(s, k, v, &col);
		if (f < 0)
			return err_at(e, line, col, "expected a whole number "
				      "(fio log columns: time in ms, value, "
				      "direction, block size, offset ...)");
		if (f < FIOLOG_FIELDS_MIN)
			return err_at(e, line, col, "%d columns, expected at "
				      "least %d (time in ms, value, direction, "
				      "block size)", f, FIOLOG_FIELDS_MIN);
		if (v[2] > 2)
			return err_at(e, line, 0, "direction %llu (fio writes 0 "
				      "read, 1 write, 2 trim)", v[2]);
		snprintf(metric, sizeof(metric), "%s_%s", dir[v[2]],
			 kind_name[kind]);
		value = (double)v[1];
		if (kind >= K_LAT && ns)
			value /= 1000;
		if (sink->sample(sink->ctx, test, metric, (double)v[0] / 1000,
				 value, e)) {
			if (!e->line)
				e->line = line;
			return -1;
		}
	}
	return 0;
}

/* What the first reading learns of a run: its job name and index. */
struct job {
	char *test;		/* owned; NULL until its first result */
	long index;		/* job_index, 0 when none */
};

struct logset {
	const struct record_sink *out;	/* the importer's sink */
	const struct input *in;
	size_t n;
	struct job *jobs;
	size_t njobs, cap;
	int *owner;		/* per input: the run (job) it belongs to */
	int *kind;
	int ns;			/* latencies in ns (fio 3.x) */
	int pass;		/* 1: learning the jobs; 2: sending */
	size_t run;		/* the current run, from 1 */
};

static int ls_run_begin(void *ctx, const char *suite, const char *label,
			long line, struct err *e)
{
	struct logset *x = ctx;

	x->run++;
	x->ns = 1;
	if (x->pass == 2)
		return x->out->run_begin(x->out->ctx, suite, label, line, e);
	if (x->njobs == x->cap) {
		size_t ncap = x->cap ? 2 * x->cap : 16;
		struct job *nj = realloc(x->jobs, ncap * sizeof(*nj));

		if (!nj)
			return err_at(e, line, 0, "out of memory");
		x->jobs = nj;
		x->cap = ncap;
	}
	x->jobs[x->njobs].test = NULL;
	x->jobs[x->njobs++].index = 0;
	return 0;
}

static int ls_attr(void *ctx, const char *key, const char *value,
		   struct err *e)
{
	struct logset *x = ctx;

	/* fio 2.x logged latencies in microseconds, 3.0 on in nanoseconds */
	if (strcmp(key, "tool_version") == 0)
		x->ns = !(strncmp(value, "2.", 2) == 0 ||
			  strncmp(value, "fio-2.", 6) == 0);
	if (x->pass == 2)
		return x->out->attr(x->out->ctx, key, value, e);
	if (strcmp(key, "job_index") == 0)
		x->jobs[x->njobs - 1].index = strtol(value, NULL, 10);
	return 0;
}

static int ls_result(void *ctx, const struct record_result *r, struct err *e)
{
	struct logset *x = ctx;
	struct job *j;

	if (x->pass == 2)
		return x->out->result(x->out->ctx, r, e);
	j = &x->jobs[x->njobs - 1];
	if (!j->test && !(j->test = strdup(r->test)))
		return err_at(e, 0, 0, "out of memory");
	return 0;
}

static int ls_sample(void *ctx, const char *test, const char *metric,
		     double t, double value, struct err *e)
{
	struct logset *x = ctx;

	if (x->pass == 2)
		return x->out->sample(x->out->ctx, test, metric, t, value, e);
	return 0;
}

static int ls_run_end(void *ctx, struct err *e)
{
	struct logset *x = ctx;
	char keep[sizeof(e->file)];
	const char *test;
	size_t i;

	if (x->pass == 1)
		return 0;
	if (x->run > x->njobs)	/* the same bytes read alike twice */
		return err_at(e, 0, 0, "the output read differently twice");
	test = x->jobs[x->run - 1].test;
	for (i = 1; i < x->n; i++) {
		if (x->owner[i] != (int)x->run - 1)
			continue;
		memcpy(keep, e->file, sizeof(keep));
		snprintf(e->file, sizeof(e->file), "%s", x->in[i].name);
		if (log_samples(&x->in[i], x->kind[i], x->ns, test, x->out, e))
			return -1;
		memcpy(e->file, keep, sizeof(keep));
	}
	return x->out->run_end(x->out->ctx, e);
}

static int ls_warn(void *ctx, long line, const char *msg, struct err *e)
{
	struct logset *x = ctx;

	if (x->pass == 1 || !x->out->warn)
		return 0;
	return x->out->warn(x->out->ctx, line, msg, e);
}

/* The run each log belongs to (x->owner), from its name; -1 with e
 * naming the log when none or two logs of one kind go to one run. */
static int assign(struct logset *x, struct err *e)
{
	char prefix[512];
	size_t i, j, r;
	long job;
	int found;

	for (i = 1; i < x->n; i++) {
		if (!log_name(x->in[i].name, prefix, sizeof(prefix),
			      &x->kind[i], &job))
			return err_set(e, x->in[i].name, 0, 0, "not named as "
				       "fio names its logs (NAME_bw.N.log, "
				       "NAME_iops.N.log, NAME_lat.N.log, "
				       "NAME_clat.N.log, NAME_slat.N.log)");
		found = -1;
		for (r = 0; r < x->njobs; r++) {
			if (!x->jobs[r].test || strcmp(x->jobs[r].test, prefix))
				continue;
			if (x->jobs[r].index && job && x->jobs[r].index != job)
				continue;
			found = (int)r;
			break;
		}
		if (found < 0 && x->njobs == 1 && x->jobs[0].test)
			found = 0;
		if (found < 0)
			return err_set(e, x->in[i].name, 0, 0, "no job named "
				       "'%.100s'%s in %.200s, and it reports "
				       "%zu jobs: which one wrote this log is "
				       "not known", prefix, job ? " of that "
				       "number" : "", x->in[0].name, x->njobs);
		x->owner[i] = found;
		for (j = 1; j < i; j++)
			if (x->owner[j] == found && x->kind[j] == x->kind[i])
				return err_set(e, x->in[i].name, 0, 0, "a second "
					       "%s log for job '%.100s' (after "
					       "%.200s): the logs of several "
					       "jobs reported as one "
					       "(group_reporting) cannot be "
					       "told apart", kind_name[x->kind[i]],
					       x->jobs[found].test ? x->jobs[found].test : "",
					       x->in[j].name);
	}
	return 0;
}

/* The sink the output is read through: its runs, with their logs' samples
 * added, go on to the importer's (the ctx is set per call). */
static const struct record_sink log_sink = {
	NULL, ls_run_begin, ls_attr, ls_result, ls_sample, ls_run_end, ls_warn,
};

int fiolog_parse_set(const struct format *out, const struct input *in,
		     size_t n, const struct parse_opts *o,
		     const struct record_sink *sink, struct err *e)
{
	struct logset x;
	struct record_sink ls;
	struct parse_opts o1 = *o;
	size_t i;
	int rc = -1;

	memset(&x, 0, sizeof(x));
	x.out = sink;
	x.in = in;
	x.n = n;
	x.owner = calloc(n, sizeof(*x.owner));
	x.kind = calloc(n, sizeof(*x.kind));
	if (!x.owner || !x.kind) {
		err_set(e, in[0].name, 0, 0, "out of memory");
		goto out;
	}
	ls = log_sink;
	ls.ctx = &x;
	x.pass = 1;
	o1.also = NULL;		/* the second pass lists the other tools */
	err_set(e, in[0].name, 0, 0, "%s", "");
	if (format_parse(out, in[0].p, in[0].n, &o1, &ls, e))
		goto out;
	if (assign(&x, e))
		goto out;
	x.pass = 2;
	x.run = 0;
	err_set(e, in[0].name, 0, 0, "%s", "");
	rc = format_parse(out, in[0].p, in[0].n, o, &ls, e);
out:
	for (i = 0; i < x.njobs; i++)
		free(x.jobs[i].test);
	free(x.jobs);
	free(x.owner);
	free(x.kind);
	return rc;
}

const struct format format_fiolog = {
	"fio-log",
	"fio --write_bw_log/--write_iops_log/--write_lat_log files, read as "
	"samples with the job output named before them",
	FORMAT_PART,
	fiolog_detect,
	fiolog_alone,
	NULL,
	NULL,
};
