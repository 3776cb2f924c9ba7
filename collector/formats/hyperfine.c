/*
 * hyperfine.c: hyperfine --export-json files.
 *
 *   {"results": [{"command": "sleep 0.1", "mean": 0.10, "stddev": ...,
 *                 "median": ..., "user": ..., "system": ..., "min": ...,
 *                 "max": ..., "times": [0.101, 0.102, ...],
 *                 "exit_codes": [0, 0, ...]}, ...]}
 *
 * One test per command (the `command` text, or the --command-name given;
 * a command given twice gets " #2"),
 * metric `time` in seconds, lower is better.  hyperfine times each command
 * several times and keeps every time in `times`; those are the figures
 * stored, each a repeat, so that n is the number of runs hyperfine made and
 * the renderer's statistics are over real samples, not over one mean.  As
 * for PTS repeats, the k-th time of every command goes to the file's k-th
 * run (attribute `repeat` = k from the second on); a command timed fewer
 * times than another is simply absent from the later runs.  mean, stddev,
 * median, min and max are figures of those times and are not stored again;
 * user and system are means over the runs with no per-run value, so they
 * are passed over too.  A run whose exit code is not 0 (hyperfine
 * --ignore-failure) gives status `failed` and no value: its time is that of
 * a command that did not do its work.  exit_codes is absent before
 * hyperfine 1.10.
 *
 * The JSON is read with SQLite's JSON functions in a private in-memory
 * database, as fio.c does (see there why); nothing here touches the store.
 * Its escapes are checked first (jsonesc.h): a command holding \u0000
 * would otherwise be stored cut at the NUL.
 * The file holds one JSON object: text after it, or a second object, is an
 * error rather than something passed over.
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

#define SUITE "hyperfine"
/* hyperfine benchmarks a handful of commands; a parameter scan can give a
 * few hundred.  More than this is not a hyperfine export. */
#define HF_COMMANDS_MAX 4096
/* Every time of every command, held until the runs are written: hyperfine
 * defaults to at least 10 runs and 3 s; a million is days of runs. */
#define HF_TIMES_MAX (1L << 20)
/* How far detection looks for the opening of the object. */
#define HF_DETECT_BYTES 256

struct hf_cmd {
	char *command;	/* owned */
	long first;	/* its times are times[first..first+n) */
	long n;
};

struct hf {
	sqlite3 *db;
	struct hf_cmd *cmd;	/* owned */
	long ncmd;
	double *t;		/* owned */
	int *failed;		/* owned; per time */
	long nt, cap;
	struct err *e;
};

/* Room for one more time: t and failed grow by doubling up to
 * HF_TIMES_MAX. */
static int grow(struct hf *h)
{
	long cap = h->cap ? h->cap * 2 : 64;
	double *t;
	int *f;

	if (h->nt < h->cap)
		return 0;
	if (h->nt == HF_TIMES_MAX)
		return err_at(h->e, 0, 0, "more than %ld times", HF_TIMES_MAX);
	if (cap > HF_TIMES_MAX)
		cap = HF_TIMES_MAX;
	t = realloc(h->t, (size_t)cap * sizeof(*t));
	if (!t)
		return err_at(h->e, 0, 0, "out of memory");
	h->t = t;
	f = realloc(h->failed, (size_t)cap * sizeof(*f));
	if (!f)
		return err_at(h->e, 0, 0, "out of memory");
	h->failed = f;
	h->cap = cap;
	return 0;
}

static const char *skip_ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' ||
			   *p == '\n'))
		p++;
	return p;
}

/* `{ "results" : [ { "command"` at the start (after white space and a
 * byte order mark): the shape of every hyperfine export, and of nothing
 * else benchsite reads. */
static int hf_detect(const char *p, size_t n)
{
	static const char *const seq[] = {
		"{", "\"results\"", ":", "[", "{", "\"command\"",
	};
	const char *end = p + (n < HF_DETECT_BYTES ? n : HF_DETECT_BYTES);
	size_t i;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	for (i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
		size_t k = strlen(seq[i]);

		p = skip_ws(p, end);
		if ((size_t)(end - p) < k || memcmp(p, seq[i], k) != 0)
			return 0;
		p += k;
	}
	return 1;
}

/* The test name of command cmd: the command, with " #k" when the k-th
 * result of the file has the same text (one command given twice). */
static char *dup_name(const struct hf *h, const char *cmd)
{
	long i, k = 1;
	size_t n = strlen(cmd);
	char *s;

	for (i = 0; i < h->ncmd; i++) {
		const char *c = h->cmd[i].command;

		/* cmd itself, or cmd renamed "cmd #N" before */
		if (strncmp(c, cmd, n) == 0 &&
		    (c[n] == '\0' || (c[n] == ' ' && c[n + 1] == '#' &&
				      c[n + 2] >= '0' && c[n + 2] <= '9' &&
				      strspn(c + n + 2, "0123456789") ==
				      strlen(c + n + 2))))
			k++;
	}
	if (k == 1)
		return strdup(cmd);
	s = malloc(n + 24);
	if (s)
		snprintf(s, n + 24, "%s #%ld", cmd, k);
	return s;
}

static int engine(struct hf *h)
{
	return err_at(h->e, 0, 0, "JSON engine: %s", sqlite3_errmsg(h->db));
}

/* Reads every command and its times into h. */
static int load(struct hf *h, const char *doc)
{
	static const char cmds_sql[] =
		"SELECT json_extract(value, '$.command'),"
		" json_type(value, '$.command'), json_type(value, '$.times'),"
		" json_type(value, '$.exit_codes'), value"
		" FROM json_each(?1, '$.results') ORDER BY key";
	static const char times_sql[] =
		"SELECT t.type, t.value, json_extract(?1, '$.exit_codes[' ||"
		" t.key || ']') FROM json_each(?1, '$.times') t ORDER BY t.key";
	sqlite3_stmt *c = NULL, *t = NULL;
	int rc = -1, step;

	if (sqlite3_prepare_v2(h->db, cmds_sql, -1, &c, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(h->db, times_sql, -1, &t, NULL) != SQLITE_OK) {
		engine(h);
		goto out;
	}
	sqlite3_bind_text(c, 1, doc, -1, SQLITE_STATIC);
	while ((step = sqlite3_step(c)) == SQLITE_ROW) {
		const char *cmd = (const char *)sqlite3_column_text(c, 0);
		const char *ct = (const char *)sqlite3_column_text(c, 1);
		const char *tt = (const char *)sqlite3_column_text(c, 2);
		const char *et = (const char *)sqlite3_column_text(c, 3);
		struct hf_cmd *x;

		if (h->ncmd == HF_COMMANDS_MAX) {
			err_at(h->e, 0, 0, "more than %d commands",
			       HF_COMMANDS_MAX);
			goto out;
		}
		if (!ct || strcmp(ct, "text") != 0 || !cmd || !cmd[0]) {
			err_at(h->e, 0, 0, "results[%ld]: no \"command\" text",
			       h->ncmd);
			goto out;
		}
		if (!tt || strcmp(tt, "array") != 0) {
			err_at(h->e, 0, 0, "results[%ld] ('%.60s'): no \"times\" "
			       "array", h->ncmd, cmd);
			goto out;
		}
		if (et && strcmp(et, "array") != 0) {
			err_at(h->e, 0, 0, "results[%ld] ('%.60s'): "
			       "\"exit_codes\" is not an array", h->ncmd, cmd);
			goto out;
		}
		x = &h->cmd[h->ncmd];
		x->command = dup_name(h, cmd);
		if (!x->command) {
			err_at(h->e, 0, 0, "out of memory");
			goto out;
		}
		h->ncmd++;
		x->first = h->nt;
		x->n = 0;
		sqlite3_bind_value(t, 1, sqlite3_column_value(c, 4));
		while ((step = sqlite3_step(t)) == SQLITE_ROW) {
			const char *ty = (const char *)sqlite3_column_text(t, 0);

			if (grow(h))
				goto out;
			if (!ty || (strcmp(ty, "real") != 0 &&
				    strcmp(ty, "integer") != 0) ||
			    sqlite3_column_double(t, 1) < 0) {
				err_at(h->e, 0, 0, "results[%ld] ('%.60s'): "
				       "times[%ld] is not a time in seconds",
				       h->ncmd - 1, cmd, x->n);
				goto out;
			}
			h->t[h->nt] = sqlite3_column_double(t, 1);
			h->failed[h->nt] = sqlite3_column_type(t, 2) !=
					   SQLITE_NULL &&
					   sqlite3_column_int64(t, 2) != 0;
			h->nt++;
			x->n++;
		}
		if (step != SQLITE_DONE) {
			engine(h);
			goto out;
		}
		sqlite3_reset(t);
		if (x->n == 0) {
			err_at(h->e, 0, 0, "results[%ld] ('%.60s'): \"times\" is "
			       "empty", h->ncmd - 1, cmd);
			goto out;
		}
	}
	if (step != SQLITE_DONE) {
		engine(h);
		goto out;
	}
	if (h->ncmd == 0) {
		err_at(h->e, 0, 0, "\"results\" holds no command");
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(c);
	sqlite3_finalize(t);
	return rc;
}

/* Run k (0-based) holds the k-th time of every command timed that often. */
static int emit(struct hf *h, const struct record_sink *sink)
{
	long k, i, most = 0;

	for (i = 0; i < h->ncmd; i++)
		if (h->cmd[i].n > most)
			most = h->cmd[i].n;
	for (k = 0; k < most; k++) {
		if (sink->run_begin(sink->ctx, SUITE, NULL, 1, h->e))
			return -1;
		if (k > 0) {
			char v[32];

			snprintf(v, sizeof(v), "%ld", k + 1);
			if (sink->attr(sink->ctx, "repeat", v, h->e))
				return -1;
		}
		for (i = 0; i < h->ncmd; i++) {
			struct record_result r;
			long at = h->cmd[i].first + k;

			if (k >= h->cmd[i].n)
				continue;
			r.test = h->cmd[i].command;
			r.metric = "time";
			r.unit = "s";
			r.better = "lower";
			r.has_value = !h->failed[at];
			r.value = r.has_value ? h->t[at] : 0;
			r.status = r.has_value ? "ok" : "failed";
			if (sink->result(sink->ctx, &r, h->e))
				return -1;
		}
		if (sink->run_end(sink->ctx, h->e))
			return -1;
	}
	return 0;
}

static int hf_parse(const char *p, size_t n, const struct parse_opts *o,
		    const struct record_sink *sink, struct err *e)
{
	struct hf h;
	sqlite3_stmt *valid = NULL;
	char *doc = NULL;
	long i;
	int rc = -1;

	(void)o;
	memset(&h, 0, sizeof(h));
	h.e = e;
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0) {
		p += 3;
		n -= 3;
	}
	h.cmd = calloc(HF_COMMANDS_MAX, sizeof(*h.cmd));
	doc = malloc(n + 1);
	if (!h.cmd || !doc) {
		err_at(e, 0, 0, "out of memory");
		goto out;
	}
	memcpy(doc, p, n);
	doc[n] = '\0';
	if (jsonesc_scan(p, n, e))
		goto out;
	if (sqlite3_open_v2(":memory:", &h.db, SQLITE_OPEN_READWRITE |
			    SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(h.db, "SELECT json_valid(?1)", -1, &valid,
			       NULL) != SQLITE_OK) {
		err_at(e, 0, 0, "cannot start the JSON engine: %s",
		       h.db ? sqlite3_errmsg(h.db) : "out of memory");
		goto out;
	}
	sqlite3_bind_text(valid, 1, doc, -1, SQLITE_STATIC);
	if (sqlite3_step(valid) != SQLITE_ROW) {
		engine(&h);
		goto out;
	}
	if (sqlite3_column_int(valid, 0) != 1) {
		err_at(e, 0, 0, "not one valid JSON object (a second export "
		       "appended, or text around it?)");
		goto out;
	}
	if (load(&h, doc))
		goto out;
	rc = emit(&h, sink);
out:
	sqlite3_finalize(valid);
	sqlite3_close(h.db);
	for (i = 0; h.cmd && i < h.ncmd; i++)
		free(h.cmd[i].command);
	free(h.cmd);
	free(h.t);
	free(h.failed);
	free(doc);
	return rc;
}

const struct format format_hyperfine = {
	"hyperfine",
	"hyperfine JSON exports: one test per command, each of its times a "
	"repeat",
	FORMAT_MARKED,
	hf_detect,
	hf_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
