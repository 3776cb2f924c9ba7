/*
 * fio.c: fio --output-format=json and json+, fio 2.x and 3.x (the fio row
 * of docs/formats.md).
 *
 * Why SQLite parses the JSON.  A hand-written JSON parser would be one
 * more reader of hostile input to harden, and benchsite already links
 * SQLite, whose JSON functions are a small, heavily fuzzed JSON engine.
 * So this file opens a private in-memory database (":memory:"), never the
 * store: it holds no table and sees nothing but the input's JSON text,
 * bound as a parameter to json_valid(), json_type() and json_extract().
 * The rule "a parser never touches SQLite" is about the store (parsers
 * must not write runs behind the importer's back); an in-memory connection
 * used as a function library keeps that boundary intact.
 *
 * What is still scanned by hand is only the outline: where the JSON text
 * starts (fio may print `note: ...` lines before it) and ends (other output
 * formats may follow it), and the line on which each job object starts, so
 * that runs and errors name a line.  The scan matches brackets and skips
 * strings; it does not read values, but it refuses the two escapes in
 * strings that SQLite would turn into a cut or broken text (jsonesc.h).
 * SQLite's json_valid() gives no position, so a syntax fault is placed by
 * the scan when it is a bracket, a string or a trailing comma, by
 * json_error_position() on SQLite >= 3.42,
 * and otherwise on the line where the JSON text starts.
 *
 * Mapping.  Each entry of "jobs" is one run (suite fio, label from the
 * file, test = jobname).  Without group_reporting, numjobs=N gives N entries
 * with one name: they stay N runs, each with the figures fio printed for
 * that job and an attribute job_index (1..N) telling them apart; they are
 * not summed, because fio's aggregate percentiles come from merged
 * histograms the JSON does not hold, and a sum made here would be a figure
 * fio never printed.  Use group_reporting for the group's totals: fio then
 * prints one entry named after the group's first job.  Only directions that
 * did I/O give results (total_ios, or io_bytes before fio 2.1.x had it,
 * > 0); latencies are stored in microseconds (3.x prints ns, 2.x us).  A job
 * with error != 0 gives its metrics with status failed and no value: its
 * numbers are partial.  fio --client output ("client_stats") is read the
 * same way, the label being the entry's hostname; its "All clients" entry
 * (a sum fio made) is passed over.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/record.h"
#include "../../core/text.h"
#include "../format.h"
#include "jsonesc.h"

/* fio output nests about six levels (job, direction, clat_ns,
 * percentile); 64 leaves room for anything fio will add and keeps the
 * bracket stack on the C stack. */
#define FIO_DEPTH_MAX 64
/* fio caps one invocation at 4096 jobs (REAL_MAX_JOBS); --client output
 * repeats them per host, so allow 16 hosts' worth. */
#define FIO_JOBS_MAX 65536
/* Attribute values and names: fio option values are short. */
#define FIO_TEXT_MAX 512
/* Detection looks this far for the JSON start: fio prints at most a few
 * `note:` lines before it. */
#define FIO_DETECT_BYTES (64 * 1024)

struct outline {
	size_t start, end;	/* the JSON text is p[start..end) */
	long line;		/* line of its opening '{' */
	long *job_line;		/* owned; start line of each jobs[] entry */
	size_t njobs;
};

/* The JSON paths read from each job, all fetched by one statement so
 * that SQLite parses the job's text once (its JSON cache lives for one
 * row).  Options come first, in the order opt_key lists them. */
enum {
	P_RW, P_READWRITE, P_BS, P_BLOCKSIZE, P_IODEPTH, P_IOENGINE,
	P_NUMJOBS, P_NOPTS,
	P_JOBNAME = P_NOPTS, P_ERROR, P_HOSTNAME, P_DIR,
	/* per direction, from P_DIR + D * D_N */
	D_TOTAL_IOS = 0, D_IO_BYTES, D_IOPS, D_BW,
	/* each latency: its figure, sample count and max, in ns then us */
	D_LAT_NS, D_LAT_US = D_LAT_NS + 3, D_CLAT_NS = D_LAT_US + 3,
	D_CLAT_US = D_CLAT_NS + 3, D_N = D_CLAT_US + 3,
	P_N = P_DIR + 3 * D_N
};

static const char *const opt_key[P_NOPTS] = {
	"rw", "readwrite", "bs", "blocksize", "iodepth", "ioengine", "numjobs",
};
static const char *const dir_name[3] = {"read", "write", "mixed"};
static const char *const dir_path[D_N] = {
	"total_ios", "io_bytes", "iops", "bw",
	"lat_ns.mean", "lat_ns.N", "lat_ns.max",
	"lat.mean", "lat.N", "lat.max",
	"clat_ns.percentile.\"99.000000\"", "clat_ns.N", "clat_ns.max",
	"clat.percentile.\"99.000000\"", "clat.N", "clat.max",
};

struct fio {
	sqlite3 *db;
	sqlite3_stmt *job;	/* every path of ?1: type and value */
	sqlite3_stmt *global;	/* the document's version and options */
	const struct record_sink *sink;
	struct err *e;
	long line;		/* where the current job starts */
	char what[FIO_TEXT_MAX];	/* "job 'name'" for messages */
	char path[P_N][96];
};

static long count_lines(const char *p, size_t from, size_t to, long line)
{
	const char *q = p + from, *end = p + to;

	while (q < end && (q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
		line++;
		q++;
	}
	return line;
}

/* The offset of the '{' that opens fio's JSON: the first line whose first
 * non-blank character is '{' and whose next token is "fio version". */
static int find_start(const char *p, size_t n, size_t *start)
{
	size_t i = 0;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n) {
		size_t j = i;

		while (j < n && (p[j] == ' ' || p[j] == '\t'))
			j++;
		if (j < n && p[j] == '{') {
			size_t k = j + 1;

			while (k < n && (p[k] == ' ' || p[k] == '\t' ||
					 p[k] == '\r' || p[k] == '\n'))
				k++;
			if (n - k >= 13 && memcmp(p + k, "\"fio version\"", 13) == 0) {
				*start = j;
				return 1;
			}
		}
		while (i < n && p[i] != '\n')
			i++;
		i++;
	}
	return 0;
}

static int add_job(struct outline *o, long line, struct err *e)
{
	if (o->njobs == FIO_JOBS_MAX)
		return err_at(e, line, 0, "more than %d jobs", FIO_JOBS_MAX);
	if ((o->njobs & (o->njobs - 1)) == 0 && o->njobs >= 16) {
		long *nl = realloc(o->job_line, o->njobs * 2 * sizeof(*nl));

		if (!nl)
			return err_at(e, line, 0, "out of memory");
		o->job_line = nl;
	} else if (o->njobs == 0) {
		o->job_line = malloc(16 * sizeof(*o->job_line));
		if (!o->job_line)
			return err_at(e, line, 0, "out of memory");
	}
	o->job_line[o->njobs++] = line;
	return 0;
}

/* Finds where the JSON text starting at o->start ends, and where each entry
 * of the top-level "jobs" (or "client_stats") array starts.  Only brackets,
 * strings and commas are looked at. */
static int scan(const char *p, size_t n, struct outline *o, struct err *e)
{
	char open[FIO_DEPTH_MAX];
	long open_line[FIO_DEPTH_MAX];
	int depth = 0, jobs_array = 0;
	long line = o->line;
	size_t i, key = 0, keylen = 0;
	char last = 0;	/* the last significant character outside strings */

	for (i = o->start; i < n; i++) {
		char c = p[i];

		if (c == '\n') {
			line++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r')
			continue;
		if (c == '"') {
			size_t s = ++i;

			while (i < n && p[i] != '"' && p[i] != '\n') {
				if (p[i] == '\\' && i + 1 < n && p[i + 1] == 'u' &&
				    jsonesc_check(p, n, &i, line, e))
					return -1;
				if (p[i] == '\\' && i + 1 < n && p[i + 1] != '\n')
					i++;
				i++;
			}
			if (i >= n || p[i] != '"')
				return err_at(e, line, 0, "JSON string not closed "
					      "on its line");
			if (depth == 1) {
				key = s;
				keylen = i - s;
			}
			last = '"';
			continue;
		}
		if (c == '{' || c == '[') {
			if (depth == FIO_DEPTH_MAX)
				return err_at(e, line, 0, "JSON nested deeper "
					      "than %d levels", FIO_DEPTH_MAX);
			if (depth == 1 && c == '[')
				jobs_array = (keylen == 4 &&
					      memcmp(p + key, "jobs", 4) == 0) ||
					     (keylen == 12 &&
					      memcmp(p + key, "client_stats", 12) == 0);
			if (depth == 2 && c == '{' && jobs_array &&
			    open[1] == '[' && add_job(o, line, e))
				return -1;
			open[depth] = c;
			open_line[depth++] = line;
			last = c;
			continue;
		}
		if (c == '}' || c == ']') {
			char want = c == '}' ? '{' : '[';

			if (depth == 0 || open[depth - 1] != want)
				return err_at(e, line, 0, "'%c' does not close "
					      "the '%c' of line %ld", c,
					      open[depth - 1], open_line[depth - 1]);
			if (last == ',')
				return err_at(e, line, 0, "JSON: comma before "
					      "'%c'", c);
			if (--depth == 0) {
				o->end = i + 1;
				return 0;
			}
			last = c;
			continue;
		}
		last = c;
	}
	return err_at(e, open_line[depth - 1], 0, "JSON text cut short: the "
		      "'%c' opened here is never closed", open[depth - 1]);
}

/* Places a syntax error json_valid() found: json_error_position() where
 * this SQLite has it (3.42+), else the JSON text's first line. */
static int syntax_error(struct fio *f, const char *p, const struct outline *o)
{
	sqlite3_stmt *st;
	long line = o->line;

	if (sqlite3_prepare_v2(f->db, "SELECT json_error_position(?1)", -1,
			       &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, p + o->start, (int)(o->end - o->start),
				  SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW) {
			sqlite3_int64 pos = sqlite3_column_int64(st, 0);

			/* a 1-based character offset: counting it as bytes
			 * can only land on a later line in text with
			 * non-ASCII strings, never an earlier one */
			if (pos > 0 && (size_t)pos <= o->end - o->start)
				line = count_lines(p, o->start,
						   o->start + (size_t)pos - 1,
						   o->line);
		}
		sqlite3_finalize(st);
		return err_at(f->e, line, 0, "invalid JSON");
	}
	return err_at(f->e, line, 0, "invalid JSON in the object that starts "
		      "here (this SQLite cannot say where)");
}

/* The statement "SELECT json_type(?1, ?2), json_extract(?1, ?2), ..." for
 * n paths bound from ?2 on. */
static int prepare_paths(struct fio *f, int n, sqlite3_stmt **st)
{
	char sql[8192];
	size_t len;
	int i;

	len = (size_t)snprintf(sql, sizeof(sql), "SELECT ");
	for (i = 0; i < n && len < sizeof(sql); i++)
		len += (size_t)snprintf(sql + len, sizeof(sql) - len,
					"%sjson_type(?1, ?%d), json_extract(?1, ?%d)",
					i ? ", " : "", i + 2, i + 2);
	if (len >= sizeof(sql))
		return -1;
	return sqlite3_prepare_v2(f->db, sql, -1, st, NULL) == SQLITE_OK ? 0 : -1;
}

static const char *col_type(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, 2 * i);

	return t ? t : "absent";
}

/* Path i of the row in st, as a number: 0 and *v, 1 when absent, -1 when
 * it is there but not a number. */
static int num_col(struct fio *f, sqlite3_stmt *st, int i, double *v)
{
	const char *type = col_type(st, i);

	if (strcmp(type, "absent") == 0 || strcmp(type, "null") == 0)
		return 1;
	if (strcmp(type, "integer") && strcmp(type, "real"))
		return err_at(f->e, f->line, 0, "%s: '%s' is %s, expected a "
			      "number", f->what, f->path[i] + 2, type);
	*v = sqlite3_column_double(st, 2 * i + 1);
	return 0;
}

/* Path i as text ("" when absent); numbers are taken as their text. */
static int text_col(struct fio *f, sqlite3_stmt *st, int i, const char *path,
		    char *out, size_t cap)
{
	const char *type = col_type(st, i), *t;
	int len;

	out[0] = '\0';
	if (strcmp(type, "absent") == 0 || strcmp(type, "null") == 0)
		return 0;
	if (strcmp(type, "text") && strcmp(type, "integer") &&
	    strcmp(type, "real"))
		return err_at(f->e, f->line, 0, "%s: '%s' is %s, expected a "
			      "string", f->what, path + 2, type);
	t = (const char *)sqlite3_column_text(st, 2 * i + 1);
	len = sqlite3_column_bytes(st, 2 * i + 1);
	if (!t || (size_t)len >= cap)
		return err_at(f->e, f->line, 0, "%s: '%s' longer than %zu "
			      "bytes", f->what, path + 2, cap - 1);
	/* json_extract unescapes "\u0000" to a NUL inside the text (a C
	 * string would end there) and a lone "\ud800" to bytes that are
	 * not UTF-8: both are refused, not stored cut or broken */
	if (memchr(t, '\0', (size_t)len))
		return err_at(f->e, f->line, 0, "%s: '%s' holds \\u0000 (NUL)",
			      f->what, path + 2);
	if (utf8_check(t, (size_t)len, NULL))
		return err_at(f->e, f->line, 0, "%s: '%s' holds a lone "
			      "surrogate (\\ud800-\\udfff without its pair) or "
			      "bytes that are not UTF-8", f->what, path + 2);
	memcpy(out, t, (size_t)len + 1);
	return 0;
}

static int result(struct fio *f, const char *test, const char *metric,
		  const char *unit, const char *better, int failed, double v)
{
	return record_send(f->sink, test, metric, unit, better,
			   failed ? "failed" : "ok", v, f->e);
}

/* ns -> us through the decimal text, so that 1315.865247 ns is stored as
 * the double nearest 1.315865247, not as 1315.865247 / 1000. */
static double ns_to_us(double ns)
{
	char t[40];

	num_format(ns, t);
	memcpy(t + strlen(t), "e-3", 4);
	return strtod(t, NULL);
}

/* Whether the statistic whose figure is path i was measured.  fio writes
 * every latency block even when it took no sample (--gtod_reduce=1,
 * disable_lat): zeros with "N" : 0, or, before fio 3.19 printed N, zeros
 * with a max of 0.  Such zeros are not a latency (0 us would rank best),
 * so they give no figure, as fio's text output prints no line for them.
 * Returns 1 measured, 0 not, -1 error. */
static int measured(struct fio *f, int i)
{
	double n = 0, max = 0;
	int rc = num_col(f, f->job, i + 1, &n);

	if (rc < 0)
		return -1;
	if (rc == 0)
		return n > 0;
	rc = num_col(f, f->job, i + 2, &max);
	if (rc < 0)
		return -1;
	return rc == 1 || max != 0;
}

/* A latency of the direction whose paths start at base: ns (3.x) at
 * base + k, else us (2.x) at base + k + 3, each followed by its count and
 * max.  0 and *v, 1 when absent or unmeasured, -1 error. */
static int latency(struct fio *f, int base, int k, double *v)
{
	int i = base + k, ns = 1, rc = num_col(f, f->job, i, v), m;

	if (rc == 1) {
		i += 3;
		ns = 0;
		rc = num_col(f, f->job, i, v);
	}
	if (rc != 0)
		return rc;
	m = measured(f, i);
	if (m <= 0)
		return m < 0 ? -1 : 1;
	if (ns)
		*v = ns_to_us(*v);
	return 0;
}

/* One direction (read, write, mixed) of the current job. */
static int direction(struct fio *f, const char *test, int d, int failed,
		     int wanted)
{
	static const char *const metric[4] = {"iops", "bw", "lat_mean",
					      "clat_p99"};
	static const char *const unit[4] = {"1/s", "KiB/s", "us", "us"};
	static const char *const better[4] = {"higher", "higher", "lower",
					      "lower"};
	const int base = P_DIR + d * D_N;
	char name[64];
	double v[4] = {0, 0, 0, 0}, ios = 0;
	int have[4], rc, i;

	rc = num_col(f, f->job, base + D_TOTAL_IOS, &ios);
	if (rc == 1)
		rc = num_col(f, f->job, base + D_IO_BYTES, &ios);
	if (rc < 0)
		return -1;
	if ((rc == 1 || ios <= 0) && !(failed && wanted))
		return 0;
	for (i = 0; i < 2; i++) {
		rc = num_col(f, f->job, base + (i ? D_BW : D_IOPS), &v[i]);
		if (rc < 0)
			return -1;
		if (rc == 1 && !failed)
			return err_at(f->e, f->line, 0, "%s: '%s' did I/O but "
				      "has no '%s'", f->what, dir_name[d],
				      metric[i]);
		have[i] = 1;
	}
	for (i = 2; i < 4; i++) {
		rc = latency(f, base, i == 2 ? D_LAT_NS : D_CLAT_NS, &v[i]);
		if (rc < 0)
			return -1;
		have[i] = rc == 0;
	}
	for (i = 0; i < 4; i++) {
		if (!have[i] && !failed)
			continue;
		snprintf(name, sizeof(name), "%s_%s", dir_name[d], metric[i]);
		if (!failed && v[i] < 0)
			return err_at(f->e, f->line, 0, "%s: %s is negative "
				      "(%g)", f->what, name, v[i]);
		if (result(f, test, name, unit[i], better[i], failed, v[i]))
			return -1;
	}
	return 0;
}

static int attr(struct fio *f, const char *key, const char *value)
{
	if (!value[0])
		return 0;
	return f->sink->attr(f->sink->ctx, key, value, f->e);
}

/* Which directions rw= names, for failed jobs that did no I/O. */
static void rw_wants(const char *rw, int *rd, int *wr)
{
	int both = strcmp(rw, "rw") == 0 || strcmp(rw, "randrw") == 0;

	*rd = both || strstr(rw, "read") != NULL;
	*wr = both || strstr(rw, "write") != NULL;
	if (!*rd && !*wr)
		*rd = *wr = 1;
}

/* The document-wide facts: version and global options. */
struct global {
	char version[FIO_TEXT_MAX];
	char opt[P_NOPTS][FIO_TEXT_MAX];
	int client;
	const char *arr;
};

/* One job, its text bound to f->job and stepped; index is 1-based among
 * jobs of the same name, shown only when the name repeats.  Returns 1 for
 * an entry that is passed over. */
static int one_job(struct fio *f, const struct global *g, int n, int index,
		   int repeats)
{
	char name[FIO_TEXT_MAX], host[FIO_TEXT_MAX], val[FIO_TEXT_MAX];
	char rw[FIO_TEXT_MAX];
	double err = 0;
	int failed, rd, wr, i, rc;

	snprintf(f->what, sizeof(f->what), "job %d", n);
	if (text_col(f, f->job, P_JOBNAME, f->path[P_JOBNAME], name,
		     sizeof(name)))
		return -1;
	if (!name[0])
		return err_at(f->e, f->line, 0, "%s has no 'jobname'", f->what);
	snprintf(f->what, sizeof(f->what), "job '%.400s'", name);
	host[0] = '\0';
	if (g->client) {
		if (strcmp(name, "All clients") == 0)
			return 1;
		if (text_col(f, f->job, P_HOSTNAME, f->path[P_HOSTNAME], host,
			     sizeof(host)))
			return -1;
	}
	rc = num_col(f, f->job, P_ERROR, &err);
	if (rc < 0)
		return -1;
	failed = rc == 0 && err != 0;
	if (f->sink->run_begin(f->sink->ctx, "fio", host[0] ? host : NULL,
			       f->line, f->e) ||
	    attr(f, "tool_version", g->version) ||
	    attr(f, "hostname", host))
		return -1;
	rw[0] = '\0';
	for (i = 0; i < P_NOPTS; i++) {
		/* an alias (readwrite, blocksize) follows its option */
		int alias = i == P_READWRITE || i == P_BLOCKSIZE;
		const char *key = opt_key[alias ? i - 1 : i];

		if (text_col(f, f->job, i, f->path[i], val, sizeof(val)))
			return -1;
		if (!val[0])
			memcpy(val, g->opt[i], sizeof(val));
		if (!val[0])
			continue;
		if (attr(f, key, val))
			return -1;
		if (i == P_RW || i == P_READWRITE)
			memcpy(rw, val, sizeof(rw));
		/* given: its alias, next in the list, is passed over */
		if (i == P_RW || i == P_BS)
			i++;
	}
	if (failed) {
		snprintf(val, sizeof(val), "%.0f", err);
		if (attr(f, "error", val))
			return -1;
	}
	if (repeats > 1) {
		snprintf(val, sizeof(val), "%d", index);
		if (attr(f, "job_index", val))
			return -1;
	}
	rw_wants(rw, &rd, &wr);
	for (i = 0; i < 3; i++)
		if (direction(f, name, i, failed, i == 0 ? rd : i == 1 ? wr : 0))
			return -1;
	return f->sink->run_end(f->sink->ctx, f->e);
}

static int global(struct fio *f, const char *doc, long line, struct global *g)
{
	static const char *const top[3] = {
		"$.\"fio version\"", "$.jobs", "$.client_stats",
	};
	char opath[P_NOPTS][64], version[FIO_TEXT_MAX];
	const char *type;
	int i, rc = -1;

	memset(g, 0, sizeof(*g));
	f->line = line;
	snprintf(f->what, sizeof(f->what), "the JSON text");
	if (prepare_paths(f, 3 + P_NOPTS, &f->global))
		return err_at(f->e, line, 0, "JSON engine: %s",
			      sqlite3_errmsg(f->db));
	sqlite3_bind_text(f->global, 1, doc, -1, SQLITE_STATIC);
	for (i = 0; i < 3; i++)
		sqlite3_bind_text(f->global, i + 2, top[i], -1, SQLITE_STATIC);
	for (i = 0; i < P_NOPTS; i++) {
		snprintf(opath[i], sizeof(opath[i]), "$.\"global options\".%s",
			 opt_key[i]);
		sqlite3_bind_text(f->global, i + 5, opath[i], -1, SQLITE_STATIC);
	}
	if (sqlite3_step(f->global) != SQLITE_ROW)
		return err_at(f->e, line, 0, "JSON engine: %s",
			      sqlite3_errmsg(f->db));
	if (text_col(f, f->global, 0, top[0], version, sizeof(version)))
		goto out;
	if (!version[0]) {
		err_at(f->e, line, 0, "no 'fio version'");
		goto out;
	}
	snprintf(g->version, sizeof(g->version), "%s",
		 strncmp(version, "fio-", 4) == 0 ? version + 4 : version);
	g->arr = top[1];
	type = col_type(f->global, 1);
	if (strcmp(type, "absent") == 0 &&
	    strcmp(col_type(f->global, 2), "absent")) {
		g->arr = top[2];
		g->client = 1;
		type = col_type(f->global, 2);
	}
	if (strcmp(type, "array")) {
		err_at(f->e, line, 0, "'jobs' is %s, expected an array",
		       strcmp(type, "absent") ? type : "missing");
		goto out;
	}
	for (i = 0; i < P_NOPTS; i++)
		if (text_col(f, f->global, 3 + i, opath[i], g->opt[i],
			     sizeof(g->opt[i])))
			goto out;
	rc = 0;
out:
	sqlite3_reset(f->global);
	return rc;
}

/* Every entry of the jobs array, in order, with how often its name occurs
 * (per host, for --client output) and its place among them; json_each parses the document once. */
static const char jobs_sql[] =
	"SELECT value, type, count(*) OVER (PARTITION BY name, host), "
	"row_number() OVER (PARTITION BY name, host ORDER BY key) "
	"FROM (SELECT key, value, type, CASE WHEN type = 'object' THEN "
	"json_extract(value, '$.jobname') END AS name, "
	"CASE WHEN type = 'object' THEN json_extract(value, '$.hostname') "
	"END AS host FROM json_each(?1, ?2)) ORDER BY key";

static int jobs(struct fio *f, const char *doc, const struct outline *o)
{
	struct global g;
	sqlite3_stmt *st = NULL;
	size_t n = 0;
	int rc = -1, i, step;

	if (global(f, doc, o->line, &g))
		return -1;
	for (i = 0; i < P_NOPTS; i++)
		snprintf(f->path[i], sizeof(f->path[i]),
			 "$.\"job options\".%s", opt_key[i]);
	snprintf(f->path[P_JOBNAME], sizeof(f->path[0]), "$.jobname");
	snprintf(f->path[P_ERROR], sizeof(f->path[0]), "$.error");
	snprintf(f->path[P_HOSTNAME], sizeof(f->path[0]), "$.hostname");
	for (i = 0; i < 3 * D_N; i++)
		snprintf(f->path[P_DIR + i], sizeof(f->path[0]), "$.%s.%s",
			 dir_name[i / D_N], dir_path[i % D_N]);
	if (prepare_paths(f, P_N, &f->job) ||
	    sqlite3_prepare_v2(f->db, jobs_sql, -1, &st, NULL) != SQLITE_OK)
		goto engine;
	for (i = 0; i < P_N; i++)
		sqlite3_bind_text(f->job, i + 2, f->path[i], -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 1, doc, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, g.arr, -1, SQLITE_STATIC);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *type = (const char *)sqlite3_column_text(st, 1);

		f->line = n < o->njobs ? o->job_line[n] : o->line;
		n++;
		if (!type || strcmp(type, "object")) {
			rc = err_at(f->e, f->line, 0, "job %zu is %s, expected "
				    "an object", n, type ? type : "missing");
			goto out;
		}
		/* the job's text is owned by st until its next step */
		sqlite3_reset(f->job);
		sqlite3_bind_text(f->job, 1,
				  (const char *)sqlite3_column_text(st, 0),
				  sqlite3_column_bytes(st, 0), SQLITE_STATIC);
		if (sqlite3_step(f->job) != SQLITE_ROW)
			goto engine;
		if (one_job(f, &g, (int)n, sqlite3_column_int(st, 3),
			    sqlite3_column_int(st, 2)) < 0)
			goto out;
	}
	if (step != SQLITE_DONE)
		goto engine;
	if (n == 0) {
		rc = err_at(f->e, o->line, 0, "'%s' is empty", g.arr + 2);
		goto out;
	}
	rc = 0;
	goto out;
engine:
	rc = err_at(f->e, f->line, 0, "JSON engine: %s", sqlite3_errmsg(f->db));
out:
	sqlite3_finalize(st);
	return rc;
}

static int fio_detect(const char *p, size_t n)
{
	size_t start;

	return find_start(p, n > FIO_DETECT_BYTES ? FIO_DETECT_BYTES : n,
			  &start);
}

/* One JSON document, starting at p[start] on line `line`; *end gets the
 * offset after it. */
static int fio_doc(const char *p, size_t n, size_t start, long line,
		   size_t *end, const struct record_sink *sink, struct err *e)
{
	struct outline o;
	struct fio f;
	sqlite3_stmt *valid = NULL;
	char *doc = NULL;
	int rc = -1;

	memset(&o, 0, sizeof(o));
	memset(&f, 0, sizeof(f));
	f.sink = sink;
	f.e = e;
	o.start = start;
	o.line = line;
	if (scan(p, n, &o, e))
		goto out;
	*end = o.end;
	/* SQLite wants a NUL-terminated text for the job lookups */
	doc = malloc(o.end - o.start + 1);
	if (!doc) {
		err_at(e, o.line, 0, "out of memory");
		goto out;
	}
	memcpy(doc, p + o.start, o.end - o.start);
	doc[o.end - o.start] = '\0';
	if (sqlite3_open_v2(":memory:", &f.db, SQLITE_OPEN_READWRITE |
			    SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(f.db, "SELECT json_valid(?1)", -1, &valid,
			       NULL) != SQLITE_OK) {
		err_at(e, o.line, 0, "cannot start the JSON engine: %s",
		       f.db ? sqlite3_errmsg(f.db) : "out of memory");
		goto out;
	}
	sqlite3_bind_text(valid, 1, doc, -1, SQLITE_STATIC);
	if (sqlite3_step(valid) != SQLITE_ROW) {
		err_at(e, o.line, 0, "JSON engine: %s", sqlite3_errmsg(f.db));
		goto out;
	}
	if (sqlite3_column_int(valid, 0) != 1) {
		/* json_valid() answers 0, not an error, when its own
		 * allocation fails (SQLite 3.40): asked again, a valid text
		 * that was refused shows the first answer was memory */
		sqlite3_reset(valid);
		if (sqlite3_step(valid) == SQLITE_ROW &&
		    sqlite3_column_int(valid, 0) == 1)
			err_at(e, o.line, 0, "out of memory");
		else
			syntax_error(&f, p, &o);
		goto out;
	}
	rc = jobs(&f, doc, &o);
out:
	sqlite3_finalize(valid);
	sqlite3_finalize(f.job);
	sqlite3_finalize(f.global);
	sqlite3_close(f.db);
	free(doc);
	free(o.job_line);
	return rc;
}

/* Every JSON document of the input: fio run twice with its output appended
 * to one file (`>>`) gives two, and both are read; text between them (the
 * notes, another output format) is passed over as before the first. */
static int fio_parse(const char *p, size_t n, const struct parse_opts *po,
		     const struct record_sink *sink, struct err *e)
{
	size_t at = 0, start, end;
	long line = 1;

	(void)po;
	if (!find_start(p, n, &start))
		return err_at(e, 0, 0, "no fio JSON object (a line starting "
			      "with '{' followed by \"fio version\")");
	do {
		start += at;
		line = count_lines(p, at, start, line);
		if (fio_doc(p, n, start, line, &end, sink, e))
			return -1;
		line = count_lines(p, start, end, line);
		at = end;
	} while (at < n && find_start(p + at, n - at, &start));
	return 0;
}

static int fio_parse_set(const struct input *in, size_t n,
			const struct parse_opts *o,
			const struct record_sink *sink, struct err *e);

const struct format format_fio = {
	"fio",
	"fio JSON output (json and json+, 2.x and 3.x), with notes or other "
	"output around it",
	FORMAT_MARKED | FORMAT_PARTS,	/* its logs (fiolog.c) */
	fio_detect,
	fio_parse,
	NULL,	/* group: its runs never span files; its logs are named */
	fio_parse_set,
};

/* The output with fio's logs after it (fiolog.c). */
static int fio_parse_set(const struct input *in, size_t n,
			const struct parse_opts *o,
			const struct record_sink *sink, struct err *e)
{
	return fiolog_parse_set(&format_fio, in, n, o, sink, e);
}
