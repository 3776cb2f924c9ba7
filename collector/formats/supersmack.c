/*
 * supersmack.c: Super Smack reports (the supersmack row of
 * docs/formats.md).
 *
 *   Query Barrel Report for client smacker1
 *   connect: max=62ms  min=0ms avg= 66ms from 10 clients
 *   Query_type	num_queries	max_time	min_time	q_per_s
 *   select_index	20000	0	0	4360.61
 *
 * Each "Query Barrel Report" block is one run of suite super-smack: its
 * rows are tests named after the query type, with the one trustworthy
 * figure, queries_per_sec.  max_time and min_time are read (a malformed
 * one is still an error) but never stored: Super Smack's own bug keeps
 * only each process's last query time, so they are not latencies.  The
 * connect times are inconsistent too (avg > max in the manual's own
 * example); only the client count is kept, as the attribute `clients`.
 * The client name is an attribute, not the label: it names the smack
 * file's client (smacker1), not the machine or setup, so the label stays
 * the file name.
 *
 * The table's columns are tab-separated in 1.3 but printed with spaces by
 * 1.1 and by everyone who pasted one, so rows are split on any white
 * space.  The table ends at a blank line, the next report, or a line that
 * does not look like a row (wrapper text); a line that does look like one
 * (a name, then a number) but is malformed is an error.
 */
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/text.h"
#include "../format.h"
#include "../span.h"

#define MARK "Query Barrel Report for client"

/* A row has 5 fields, the connect line 8; one more to see "too many". */
#define SMACK_TOKENS 10

/* The 1-based column of word t of line s, for messages. */
static long col(const char *s, const struct span *t)
{
	return (long)(t->p - s) + 1;
}

/* Detection looks this far: wrappers print little before the report. */
#define SMACK_DETECT_BYTES (64 * 1024)

static int smack_detect(const char *p, size_t n)
{
	return span_find(p, n < SMACK_DETECT_BYTES ? n : SMACK_DETECT_BYTES,
		    MARK " ") != NULL;
}

/* "connect: max=62ms  min=0ms avg= 66ms from 10 clients ": *clients gets
 * the count's text. */
static int connect_line(const char *s, size_t n, long line, struct span *cl,
			struct err *e)
{
	struct span t[SMACK_TOKENS];
	int k = span_words(s, n, t, SMACK_TOKENS), i;

	for (i = 1; i + 2 < k && i + 2 < SMACK_TOKENS; i++)
		if (span_eq(t[i].p, t[i].n, "from") &&
		    span_eq(t[i + 2].p, t[i + 2].n, "clients") &&
		    i + 3 == k) {
			if (!span_digits(t[i + 1].p, t[i + 1].n))
				return err_at(e, line, col(s, &t[i + 1]),
					      "connect line: client count '%.*s' "
					      "is not "
					      "a whole number",
					      (int)(t[i + 1].n > 20 ? 20 :
						    t[i + 1].n), t[i + 1].p);
			*cl = t[i + 1];
			return 0;
		}
	return err_at(e, line, 0, "connect line: expected 'connect: max=..ms "
		      "min=..ms avg= ..ms from N clients'");
}

static int heading(const char *s, size_t n)
{
	static const char *const want[5] = {
		"Query_type", "num_queries", "max_time", "min_time", "q_per_s",
	};
	struct span t[SMACK_TOKENS];
	int i;

	if (span_words(s, n, t, SMACK_TOKENS) != 5)
		return 0;
	for (i = 0; i < 5; i++)
		if (!span_eq(t[i].p, t[i].n, want[i]))
			return 0;
	return 1;
}

/* One row: name, num_queries, max_time, min_time (whole numbers), q_per_s
 * (a number or n/a). */
static int row(const struct record_sink *sink, const char *s, size_t n,
	       long line, struct err *e)
{
	static const char *const what[5] = {
		"query type", "num_queries", "max_time", "min_time", "q_per_s",
	};
	struct span t[SMACK_TOKENS];
	struct record_result r;
	char name[256];
	int k = span_words(s, n, t, SMACK_TOKENS), i;

	if (k != 5)
		return err_at(e, line, 0, "query row: expected 5 fields (%s, "
			      "num_queries, max_time, min_time, q_per_s), found "
			      "%d", what[0], k);
	for (i = 1; i < 4; i++)
		if (!span_digits(t[i].p, t[i].n))
			return err_at(e, line, col(s, &t[i]), "%s: expected "
				      "a whole number, found '%.*s'", what[i],
				      (int)(t[i].n > 40 ? 40 : t[i].n), t[i].p);
	if (t[0].n >= sizeof(name))
		return err_at(e, line, 1, "query type longer than %zu bytes",
			      sizeof(name) - 1);
	memcpy(name, t[0].p, t[0].n);
	name[t[0].n] = '\0';
	r.test = name;
	r.metric = "queries_per_sec";
	r.unit = "1/s";
	r.better = "higher";
	r.value = 0;
	if (span_eq(t[4].p, t[4].n, "n/a")) {
		/* the run took no measurable time */
		r.has_value = 0;
		r.status = "too-fast";
	} else if (num_parse_plain(t[4].p, t[4].n, &r.value) == 0) {
		r.has_value = 1;
		r.status = "ok";
	} else {
		return err_at(e, line, col(s, &t[4]), "q_per_s: expected "
			      "a number or n/a, found '%.*s'",
			      (int)(t[4].n > 40 ? 40 : t[4].n), t[4].p);
	}
	if (sink->result(sink->ctx, &r, e)) {
		e->line = line;
		return -1;
	}
	return 0;
}

/* A line that is meant as a row: a name, then a whole number (the query
 * count); `real 0m40.2s` from time(1) is not one. */
static int looks_like_row(const char *s, size_t n)
{
	struct span t[SMACK_TOKENS];
	int k = span_words(s, n, t, SMACK_TOKENS);

	return k >= 2 && span_digits(t[1].p, t[1].n);
}

/* One report from the line after its MARK line; *l is left on the first
 * line after the table (already read: *pending). */
static int report(const struct record_sink *sink, struct lines *l,
		  const char *client, size_t cn, long mline, const char **s,
		  size_t *n, int *pending, struct err *e)
{
	struct span clients = {NULL, 0};
	int rows = 0;

	*pending = 0;
	/* the connect line, then the heading */
	for (;;) {
		if (!lines_next(l, s, n))
			return err_at(e, mline, 0, "report for client '%.*s' "
				      "ends before its 'Query_type' heading",
				      (int)(cn > 40 ? 40 : cn), client);
		if (span_blank(*s, *n))
			continue;
		if (span_find(*s, *n, "connect:") == *s + strspn(*s, " \t")) {
			if (clients.p)
				return err_at(e, l->lineno, 0, "a second "
					      "connect line in one report");
			if (connect_line(*s, *n, l->lineno, &clients, e))
				return -1;
			continue;
		}
		if (heading(*s, *n))
			break;
		return err_at(e, l->lineno, 0, "expected the heading 'Query_type "
			      "num_queries max_time min_time q_per_s' after "
			      "'" MARK "'");
	}
	if (sink->run_begin(sink->ctx, "super-smack", NULL, mline, e) ||
	    record_attr_span(sink, "client", client, cn, mline, 0, e) ||
	    (clients.p && record_attr_span(sink, "clients", clients.p,
					   clients.n, mline, 0, e)))
		return -1;
	while (lines_next(l, s, n)) {
		if (span_blank(*s, *n) || span_find(*s, *n, MARK) ||
		    !looks_like_row(*s, *n)) {
			*pending = 1;
			break;
		}
		if (row(sink, *s, *n, l->lineno, e))
			return -1;
		rows++;
	}
	if (rows == 0)
		return err_at(e, mline, 0, "report for client '%.*s' has no "
			      "query rows", (int)(cn > 40 ? 40 : cn), client);
	return sink->run_end(sink->ctx, e);
}

static int smack_parse(const char *p, size_t n, const struct parse_opts *o,
		       const struct record_sink *sink, struct err *e)
{
	struct lines l;
	const char *s;
	size_t k;
	int pending = 0, runs = 0;

	(void)o;
	lines_init(&l, p, n);
	while (pending || lines_next(&l, &s, &k)) {
		const char *m = span_find(s, k, MARK);
		const char *name;
		size_t nn;

		pending = 0;
		if (!m)
			continue;
		name = m + strlen(MARK);
		nn = k - (size_t)(name - s);
		while (nn && (*name == ' ' || *name == '\t')) {
			name++;
			nn--;
		}
		while (nn && (name[nn - 1] == ' ' || name[nn - 1] == '\t'))
			nn--;
		if (nn == 0)
			return err_at(e, l.lineno, 0, "'" MARK "' names no "
				      "client");
		if (report(sink, &l, name, nn, l.lineno, &s, &k, &pending, e))
			return -1;
		runs++;
	}
	if (runs == 0)
		return err_at(e, 0, 0, "no '" MARK "' line found");
	return 0;
}

const struct format format_supersmack = {
	"supersmack",
	"Super Smack reports ('Query Barrel Report for client ...'), one run "
	"per report",
	FORMAT_MARKED,
	smack_detect,
	smack_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
