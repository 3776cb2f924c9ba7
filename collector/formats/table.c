/*
 * table.c: long-format result tables in CSV or TSV, the format export
 * writes (docs/formats.md, the table row; suite "table" for hand-made
 * ones).
 *
 * The header names the columns, in any order: test, metric, value and
 * better are required; run, label, suite, unit and status are optional;
 * any other column is a run attribute (fs, mount, ...).  Rows that share a
 * run value are one run (without a run column: rows that share a label).
 * A run's rows need not be adjacent, so the file is read twice: the first
 * pass checks every row and notes which run it belongs to and its value
 * (offsets and the number only, so memory stays small), the second emits
 * each run's rows in order without parsing the number again.  A file whose
 * runs are already in order (what export writes) is not sorted.
 *
 * A table with a `t` column (what `export --samples` writes) holds
 * samples: a row whose t is a number is the figure of test/metric t
 * seconds into its run, sent as a sample; better, unit and status mean
 * nothing there and may be absent.  A row with an empty t is a result,
 * which needs better as ever.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/record.h"
#include "../../core/sort.h"
#include "../../core/text.h"
#include "../../core/textrule.h"
#include "../csv.h"
#include "../format.h"

/* A long table with more rows than this belongs in several files; the cap
 * bounds the per-row index (32 bytes a row). */
#define TABLE_ROWS_MAX 50000000

enum col { C_RUN, C_LABEL, C_SUITE, C_TEST, C_METRIC, C_VALUE, C_UNIT,
	   C_BETTER, C_STATUS, C_NCOLS };

static const char *const *const colname = record_cols;

struct header {
	int col[C_NCOLS];	/* field index, -1 when absent */
	int tcol;		/* the samples' t column, -1 when absent */
	int nfields;
	int nattr;
	int attr_field[CSV_FIELDS_MAX];
	char *attr_name[CSV_FIELDS_MAX];	/* owned */
};

struct rowref {
	size_t pos;
	long line;
	size_t group;
	double value;		/* as the first pass parsed it */
};

/* Run keys -> group index, open addressing on a power-of-two table. */
struct groups {
	char **key;		/* owned */
	size_t *idx;
	size_t cap, count;
};

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* The group of run key k (composed, as the store will hold the label:
 * "café" typed either way is one run), a new one when it has none; -1
 * when memory runs out. */
static int groups_get(struct groups *g, const char *k, size_t *out)
{
	char *nfc = NULL;
	size_t i;

	if (textrule_name(k, &nfc, NULL, NULL) == -2)
		return -1;
	if (nfc)
		k = nfc;

	if (g->count * 2 >= g->cap) {
		size_t ncap = g->cap ? g->cap * 2 : 64, j;
		char **nk = calloc(ncap, sizeof(*nk));
		size_t *ni = calloc(ncap, sizeof(*ni));

		if (!nk || !ni) {
			free(nk);
			free(ni);
			free(nfc);
			return -1;
		}
		for (j = 0; j < g->cap; j++) {
			if (!g->key[j])
				continue;
			i = hash(g->key[j]) & (ncap - 1);
			while (nk[i])
				i = (i + 1) & (ncap - 1);
			nk[i] = g->key[j];
			ni[i] = g->idx[j];
		}
		free(g->key);
		free(g->idx);
		g->key = nk;
		g->idx = ni;
		g->cap = ncap;
	}
	i = hash(k) & (g->cap - 1);
	while (g->key[i]) {
		if (strcmp(g->key[i], k) == 0) {
			*out = g->idx[i];
			free(nfc);
			return 0;
		}
		i = (i + 1) & (g->cap - 1);
	}
	g->key[i] = nfc ? nfc : strdup(k);
	if (!g->key[i])
		return -1;
	g->idx[i] = g->count;
	*out = g->count++;
	return 0;
}

static void groups_free(struct groups *g)
{
	size_t i;

	for (i = 0; i < g->cap; i++)
		free(g->key[i]);
	free(g->key);
	free(g->idx);
}

static void header_free(struct header *h)
{
	int i;

	for (i = 0; i < h->nattr; i++)
		free(h->attr_name[i]);
}

static int header_read(struct header *h, const struct csv_row *r,
		       struct err *e)
{
	static const int required[] = {C_TEST, C_METRIC, C_VALUE, C_BETTER};
	int i, k;

	memset(h->col, -1, sizeof(h->col));
	h->tcol = -1;
	h->nfields = r->count;
	h->nattr = 0;
	for (i = 0; i < r->count; i++) {
		const char *name = r->field[i];

		for (k = 0; k < C_NCOLS; k++)
			if (strcmp(name, colname[k]) == 0)
				break;
		if (strcmp(name, "t") == 0) {
			if (h->tcol >= 0)
				return err_at(e, r->line, 0, "column 't' given "
					      "twice");
			h->tcol = i;
			continue;
		}
		if (k < C_NCOLS) {
			if (h->col[k] >= 0)
				return err_at(e, r->line, 0, "column '%s' given "
					      "twice", name);
			h->col[k] = i;
			continue;
		}
		if (!record_key_valid(name))
			return err_at(e, r->line, 0, "column %d: '%.40s' is not "
				      "a valid attribute name (letters, digits, "
				      "_ - .)", i + 1, name);
		for (k = 0; k < h->nattr; k++)
			if (strcmp(h->attr_name[k], name) == 0)
				return err_at(e, r->line, 0, "column '%s' given "
					      "twice", name);
		h->attr_field[h->nattr] = i;
		h->attr_name[h->nattr] = strdup(name);
		if (!h->attr_name[h->nattr])
			return err_at(e, r->line, 0, "out of memory");
		h->nattr++;
	}
	for (k = 0; k < (int)(sizeof(required) / sizeof(required[0])); k++)
		if (h->col[required[k]] < 0 &&
		    (required[k] != C_BETTER || h->tcol < 0))
			return err_at(e, r->line, 0, "no '%s' column (a results "
				      "table needs test, metric, value and "
				      "better, a samples table test, metric, t "
				      "and value)", colname[required[k]]);
	return 0;
}

static const char *get(const struct header *h, const struct csv_row *r,
		       enum col c, const char *dflt)
{
	return h->col[c] >= 0 ? r->field[h->col[c]] : dflt;
}

/* Checks one row and turns it into a result; the value is parsed unless
 * known (the second pass: the first parsed it). */
static int row_result(const struct header *h, const struct csv_row *r,
		      const double *known, struct record_result *out,
		      double *t, struct err *e)
{
	const char *value = get(h, r, C_VALUE, "");
	const char *ts = h->tcol >= 0 ? r->field[h->tcol] : "";

	if (r->count != h->nfields)
		return err_at(e, r->line, 0, "expected %d fields, found %d",
			      h->nfields, r->count);
	*t = NAN;
	if (*ts) {
		/* a sample: test, metric, a time and a value */
		out->test = get(h, r, C_TEST, "");
		out->metric = get(h, r, C_METRIC, "");
		out->has_value = 1;
		if (!*out->test || !*out->metric)
			return err_at(e, r->line, 0, "empty test or metric");
		if (h->col[C_SUITE] >= 0 && !*get(h, r, C_SUITE, ""))
			return err_at(e, r->line, 0, "empty suite");
		if (num_parse(ts, strlen(ts), t))
			return err_at(e, r->line, h->tcol + 1, "t '%.40s' is "
				      "not a finite number", ts);
		if (known)
			out->value = *known;
		else if (num_parse(value, strlen(value), &out->value))
			return err_at(e, r->line, h->col[C_VALUE] + 1, "a "
				      "sample's value '%.40s' is not a finite "
				      "number", value);
		return 0;
	}
	if (h->col[C_BETTER] < 0)
		return err_at(e, r->line, h->tcol + 1, "empty t, and no better "
			      "column for a result");
	out->test = get(h, r, C_TEST, "");
	out->metric = get(h, r, C_METRIC, "");
	out->unit = get(h, r, C_UNIT, "");
	out->better = get(h, r, C_BETTER, "");
	out->status = get(h, r, C_STATUS, "ok");
	if (!*out->test || !*out->metric)
		return err_at(e, r->line, 0, "empty test or metric");
	if (h->col[C_SUITE] >= 0 && !*get(h, r, C_SUITE, ""))
		return err_at(e, r->line, 0, "empty suite");
	if (!record_better_valid(out->better))
		return err_at(e, r->line, h->col[C_BETTER] + 1, "better must be "
			      "'lower' or 'higher', found '%.40s'", out->better);
	if (!record_status_valid(out->status))
		return err_at(e, r->line, 0, "unknown status '%.40s'",
			      out->status);
	out->has_value = *value != '\0';
	out->value = 0;
	if (out->has_value && known)
		out->value = *known;
	else if (out->has_value && num_parse(value, strlen(value), &out->value))
		return err_at(e, r->line, h->col[C_VALUE] + 1, "value '%.40s' "
			      "is not a finite number", value);
	if (!out->has_value && strcmp(out->status, "ok") == 0)
		return err_at(e, r->line, h->col[C_VALUE] + 1, "empty value "
			      "with status 'ok'");
	return 0;
}

/* The key that says which run a row belongs to. */
static const char *run_key(const struct header *h, const struct csv_row *r)
{
	if (h->col[C_RUN] >= 0)
		return r->field[h->col[C_RUN]];
	return get(h, r, C_LABEL, "");
}

static char detect_delim(const char *p, size_t n)
{
	const char *nl = memchr(p, '\n', n);
	size_t k = nl ? (size_t)(nl - p) : n;

	return memchr(p, '\t', k) ? '\t' : ',';
}

static int table_detect(const char *p, size_t n)
{
	struct csv *c = malloc(sizeof(*c));
	struct csv_row *r = malloc(sizeof(*r));
	struct err e;
	int ok = 0, i, seen = 0;

	if (!c || !r)
		goto out;
	csv_init(c, p, n, detect_delim(p, n));
	if (csv_next(c, r, &e) == 1) {
		/* each of the three at least once: a header that names one
		 * twice is still a table, and gets the error it deserves */
		for (i = 0; i < r->count; i++)
			seen |= strcmp(r->field[i], "test") == 0 ? 1 :
				strcmp(r->field[i], "metric") == 0 ? 2 :
				strcmp(r->field[i], "value") == 0 ? 4 : 0;
		ok = seen == 7;
	}
	csv_release(c);
out:
	free(c);
	free(r);
	return ok;
}

static int cmp_rowref(const void *a, const void *b)
{
	const struct rowref *x = a, *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* The run's identity (label, suite, attributes) from its first row; later
 * rows must agree, spelt either way (the store holds names composed:
 * textrule_same). */
static int same_as_first(const struct header *h, const struct csv_row *r,
			 char **first, struct err *e)
{
	const char *v[2];
	int i, same;

	v[0] = get(h, r, C_LABEL, "");
	v[1] = get(h, r, C_SUITE, "table");
	for (i = 0; i < h->nattr + 2; i++) {
		const char *got = i < 2 ? v[i] : r->field[h->attr_field[i - 2]];

		same = textrule_same(first[i], got);
		if (same < 0)
			return err_at(e, r->line, 0, "out of memory");
		if (!same)
			return err_at(e, r->line, i < 2 ? 0 :
				      h->attr_field[i - 2] + 1, "%s '%.40s' "
				      "differs from the run's first row "
				      "('%.40s')", i == 0 ? "label" : i == 1 ?
				      "suite" : h->attr_name[i - 2], got,
				      first[i]);
	}
	return 0;
}

static void free_first(char **first, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(first[i]);
}

static int emit_runs(struct csv *c, struct csv_row *r, const struct header *h,
		     struct rowref *rows, size_t nrows, int sorted,
		     const struct record_sink *sink, struct err *e)
{
	char **first = calloc((size_t)h->nattr + 2, sizeof(char *));
	size_t i;
	int j, rc = -1, open = 0;

	if (!first)
		return err_at(e, 0, 0, "out of memory");
	if (!sorted)
		sort_items(rows, nrows, sizeof(*rows), cmp_rowref);
	for (i = 0; i < nrows; i++) {
		struct record_result res;

		double t;

		csv_seek(c, rows[i].pos, rows[i].line);
		if (csv_next(c, r, e) != 1 ||
		    row_result(h, r, &rows[i].value, &res, &t, e))
			goto out;
		if (i == 0 || rows[i].group != rows[i - 1].group) {
			const char *label = get(h, r, C_LABEL, "");

			if (open && sink->run_end(sink->ctx, e))
				goto out;
			open = 0;
			free_first(first, h->nattr + 2);
			first[0] = strdup(label);
			first[1] = strdup(get(h, r, C_SUITE, "table"));
			for (j = 0; j < h->nattr; j++)
				first[2 + j] = strdup(r->field[h->attr_field[j]]);
			for (j = 0; j < h->nattr + 2; j++)
				if (!first[j]) {
					err_at(e, r->line, 0, "out of memory");
					goto out;
				}
			if (sink->run_begin(sink->ctx, first[1],
					    *label ? label : NULL, r->line, e))
				goto out;
			open = 1;
			for (j = 0; j < h->nattr; j++)
				if (*first[2 + j] &&
				    sink->attr(sink->ctx, h->attr_name[j],
					       first[2 + j], e))
					goto out;
		} else if (same_as_first(h, r, first, e)) {
			goto out;
		}
		if (isnan(t) ? sink->result(sink->ctx, &res, e)
			     : sink->sample(sink->ctx, res.test, res.metric, t,
					    res.value, e)) {
			e->line = r->line;	/* the row, not the run's start */
			goto out;
		}
	}
	if (open && sink->run_end(sink->ctx, e))
		goto out;
	rc = 0;
out:
	free_first(first, h->nattr + 2);
	free(first);
	return rc;
}

static int table_parse(const char *p, size_t n, const struct parse_opts *o,
		       const struct record_sink *sink, struct err *e)
{
	struct csv *c = malloc(sizeof(*c));
	struct csv_row *r = malloc(sizeof(*r));
	struct header *h = malloc(sizeof(*h));
	struct groups g = {0};
	struct rowref *rows = NULL;
	size_t nrows = 0, cap = 0;
	int rc = -1, got, sorted = 1;

	(void)o;
	if (!c || !r || !h) {
		free(c);
		free(r);
		free(h);
		return err_at(e, 0, 0, "out of memory");
	}
	h->nattr = 0;
	csv_init(c, p, n, detect_delim(p, n));
	got = csv_next(c, r, e);
	if (got <= 0) {
		if (got == 0)
			err_at(e, 1, 0, "no header line");
		goto out;
	}
	if (header_read(h, r, e))
		goto out;
	while ((got = csv_next(c, r, e)) == 1) {
		struct record_result res;
		size_t gi;
		double t;

		if (row_result(h, r, NULL, &res, &t, e))
			goto out;
		if (nrows == cap) {
			size_t ncap = cap ? cap * 2 : 1024;
			struct rowref *nr;

			if (ncap > TABLE_ROWS_MAX) {
				err_at(e, r->line, 0, "more than %d rows",
				       TABLE_ROWS_MAX);
				goto out;
			}
			nr = realloc(rows, ncap * sizeof(*rows));
			if (!nr) {
				err_at(e, r->line, 0, "out of memory");
				goto out;
			}
			rows = nr;
			cap = ncap;
		}
		if (groups_get(&g, run_key(h, r), &gi)) {
			err_at(e, r->line, 0, "out of memory");
			goto out;
		}
		rows[nrows].pos = r->pos;
		rows[nrows].line = r->line;
		rows[nrows].group = gi;
		rows[nrows].value = res.value;
		/* positions rise, so groups that never fall are in order */
		if (nrows > 0 && gi < rows[nrows - 1].group)
			sorted = 0;
		nrows++;
	}
	if (got < 0)
		goto out;
	if (nrows == 0) {
		err_at(e, 2, 0, "no rows after the header");
		goto out;
	}
	rc = emit_runs(c, r, h, rows, nrows, sorted, sink, e);
out:
	header_free(h);
	groups_free(&g);
	free(rows);
	csv_release(c);
	free(c);
	free(r);
	free(h);
	return rc;
}

const struct format format_table = {
	"table",
	"long-format CSV or TSV (the columns export writes; extra columns are "
	"run attributes; a t column: samples)",
	FORMAT_EXACT,	/* benchsite's own export: read byte for byte */
	table_detect,
	table_parse,
	NULL,
	NULL,
};
