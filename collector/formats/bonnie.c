/*
 * bonnie.c: bonnie++ CSV of every version (the bonnie row of
 * docs/formats.md).
 *
 * A bonnie++ file is a mix of progress messages, text tables, '#' comments,
 * `date` output and CSV lines, often from several runs or several
 * concurrent processes appended to one file.  Only the CSV lines carry the
 * figures exactly (the 2.00 text table even prints wrong file rates), so
 * each CSV line becomes one run and everything else is passed over.
 *
 * The layout depends on the format_version in field 1, not on any header
 * (1.96 and 2.00 print wrong headers), so a line is first normalised to the
 * 48-field 1.97 layout: 1.98+ loses its two seek parameters (kept as
 * attributes), 1.92a gains an empty concurrency, 1.91/1.92 an empty
 * concurrency and seed, and a 1.96 `-s 0` line, one field short, gets its
 * missing IO field back.  1.0x lines (27 fields, no version) have their own
 * map.  A line that claims to be bonnie++ CSV but has the wrong shape is an
 * error, never skipped: skipping would lose a run silently.
 *
 * The text table before a CSV line is passed over but for two facts a
 * 1.0x line lacks: the version its heading names ("Version 1.03e"), kept
 * as tool_version, and the machine its row names, the run's label when
 * the CSV line's name is empty.  A 1.9x line carries both itself.
 */
#include <stdio.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/text.h"
#include "bonnie.h"
#include "../format.h"
#include "../span.h"

/* The widest layout has 50 fields; a line with more than this many is
 * counted but not kept. */
#define BONNIE_FIELDS_MAX 64

struct field {
	const char *p;
	size_t n;
	int orig;	/* 1-based field number in the line, 0 if inserted */
};

struct version {
	const char *format_version;
	int fields;
};

/* format_version (a line's first field) -> how many fields a line of
 * that version has. */
static const struct version versions[] = {
	{"1.98", 50}, {"1.97", 48}, {"1.96", 48}, {"1.93c", 48},
	{"1.93b", 48}, {"1.92b", 48}, {"1.92a", 47}, {"1.92", 46},
	{"1.91a", 46}, {"2", 46},
};

static const char *const tests[12] = {
	"putc", "put_block", "rewrite", "getc", "get_block", "seeks",
	"seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del",
};

static int split(const char *s, size_t n, struct field *f, int *count)
{
	size_t i, start = 0;
	int k = 0;

	for (i = 0; i <= n; i++) {
		if (i < n && s[i] != ',')
			continue;
		if (k < BONNIE_FIELDS_MAX) {
			f[k].p = s + start;
			f[k].n = i - start;
			f[k].orig = k + 1;
		}
		k++;
		start = i + 1;
	}
	*count = k;
	return k > BONNIE_FIELDS_MAX ? -1 : 0;
}

static const struct version *find_version(const struct field *f, int count)
{
	size_t i;

	for (i = 0; i < sizeof(versions) / sizeof(versions[0]); i++) {
		if (!span_eq(f[0].p, f[0].n, versions[i].format_version))
			continue;
		/* "2" (1.90a-1.91) is too short to trust alone. */
		if (f[0].n == 1 && (count < 2 || f[1].n < 3 ||
				    memcmp(f[1].p, "1.9", 3) != 0))
			return NULL;
		return &versions[i];
	}
	return NULL;
}

/* digits followed by M or G, optionally ":chunk" (1.0x size field). */
static int is_size(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 0 || i >= n || (s[i] != 'M' && s[i] != 'G'))
		return 0;
	i++;
	if (i == n)
		return 1;
	if (s[i++] != ':' || i == n)
		return 0;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i < n && s[i] == 'k')
		i++;
	return i == n && s[i - 1] != ':';
}

static int is_plusses(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != '+')
			return 0;
	return n > 0;
}

/* Inserts an empty span at index at, shifting the rest right. */
static void insert_empty(struct field *f, int *count, int at)
{
	memmove(f + at + 1, f + at, (size_t)(*count - at) * sizeof(*f));
	f[at].p = "";
	f[at].n = 0;
	f[at].orig = 0;
	(*count)++;
}

static void remove_at(struct field *f, int *count, int at)
{
	memmove(f + at, f + at + 1, (size_t)(*count - at - 1) * sizeof(*f));
	(*count)--;
}

struct ctx {
	const struct record_sink *sink;
	struct err *e;
	long line;
	const char *line_start;
	struct field *f;
	struct field version;	/* of the table before the line, or "" */
	struct field machine;	/* the table's machine name, or "" */
};

static long col_of(const struct ctx *c, const struct field *s)
{
	return (long)(s->p - c->line_start) + 1;
}

static int field_error(struct ctx *c, const struct field *s, const char *name,
		       const char *what)
{
	if (s->orig == 0 && !c->line_start)
		return err_at(c->e, c->line, 0, "%s: %s, found '%.*s'", name,
			      what, s->n > 40 ? 40 : (int)s->n, s->p);
	if (s->orig == 0)
		return err_at(c->e, c->line, 0, "%s: %s", name, what);
	return err_at(c->e, c->line, col_of(c, s), "field %d (%s): %s, found "
		      "'%.*s'", s->orig, name, what, s->n > 40 ? 40 : (int)s->n,
		      s->p);
}

static int emit(struct ctx *c, const char *test, const char *metric,
		const char *unit, const char *better, int has, double v)
{
	return record_send(c->sink, test, metric, unit, better,
			   has ? "ok" : "too-fast", v, c->e);
}

/* A rate or %CP field: empty (not run), +++++ (too fast) or a plain
 * non-negative number. */
static int number_field(struct ctx *c, const struct field *s, const char *test,
			const char *metric, const char *unit,
			const char *better)
{
	char name[32];
	double v;
	int neg;

	if (s->n == 0)
		return 0;
	if (is_plusses(s->p, s->n))
		return emit(c, test, metric, unit, better, 0, 0);
	neg = s->p[0] == '-';
	if (neg || num_parse_plain(s->p, s->n, &v)) {
		/* the field's name only for the message: formatting it for
		 * every field was a twentieth of an import */
		snprintf(name, sizeof(name), "%s%s", test,
			 strcmp(metric, "cpu") == 0 ? "_cpu" : "");
		return field_error(c, s, name, neg ? "negative value" :
				   "expected a number or +++++");
	}
	return emit(c, test, metric, unit, better, 1, v);
}

/* A latency: digits with us, ms or s; stored in microseconds. */
static int latency_field(struct ctx *c, const struct field *s, const char *test)
{
	char name[32];
	size_t d = 0;
	double v, scale;

	if (s->n == 0)
		return 0;
	if (is_plusses(s->p, s->n))
		return emit(c, test, "latency", "us", "lower", 0, 0);
	while (d < s->n && s->p[d] >= '0' && s->p[d] <= '9')
		d++;
	if (span_eq(s->p + d, s->n - d, "us"))
		scale = 1;
	else if (span_eq(s->p + d, s->n - d, "ms"))
		scale = 1e3;
	else if (span_eq(s->p + d, s->n - d, "s"))
		scale = 1e6;
	else
		scale = 0;
	if (scale == 0 || num_parse_plain(s->p, d, &v)) {
		/* the name only for the message, as in number_field */
		snprintf(name, sizeof(name), "%s_latency", test);
		return field_error(c, s, name,
				   "expected a latency like 120us, 35ms or 2s");
	}
	return emit(c, test, "latency", "us", "lower", 1, v * scale);
}

/* rate/cpu/latency indexes of test i in the normalised layout. */
struct map {
	int rate[12], cpu[12], lat[12];	/* lat -1: no latency field */
};

static int results(struct ctx *c, const struct map *m)
{
	int i;

	for (i = 0; i < 12; i++) {
		const char *unit = i < 5 ? "KiB/s" : "1/s";

		if (number_field(c, &c->f[m->rate[i]], tests[i], "rate", unit,
				 "higher") ||
		    number_field(c, &c->f[m->cpu[i]], tests[i], "cpu", "%",
				 "lower"))
			return -1;
		if (m->lat[i] >= 0 && latency_field(c, &c->f[m->lat[i]], tests[i]))
			return -1;
	}
	return 0;
}

static int attr(struct ctx *c, const char *key, const char *p, size_t n)
{
	if (n == 0)
		return 0;
	return record_attr_span(c->sink, key, p, n, c->line, c->line_start ?
				(long)(p - c->line_start) + 1 : 0, c->e);
}

static int begin(struct ctx *c, const struct field *name)
{
	char label[256];

	if (name->n == 0 && c->machine.n)
		name = &c->machine;
	if (name->n >= sizeof(label))
		return field_error(c, name, "name", "machine name too long");
	memcpy(label, name->p, name->n);
	label[name->n] = '\0';
	return c->sink->run_begin(c->sink->ctx, "bonnie++",
				  name->n ? label : NULL, c->line, c->e);
}

/* A 1.9x/1.98 line, already checked for its field count. */
static int line_19x(struct ctx *c, const struct version *ver, int count)
{
	struct map m;
	struct field *f = c->f;
	struct field seeks = {"", 0, 0}, procs = {"", 0, 0};
	int i;

	if (strcmp(ver->format_version, "1.98") == 0) {
		seeks = f[7];
		procs = f[8];
		remove_at(f, &count, 8);
		remove_at(f, &count, 7);
	} else if (ver->fields == 47 && count == 47) {
		insert_empty(f, &count, 3);	/* 1.92a: no concurrency */
	} else if (ver->fields == 46) {
		insert_empty(f, &count, 3);
		insert_empty(f, &count, 4);
	} else if (count == 47) {
		/* 1.96 with -s 0: the IO part is one comma short. */
		for (i = 5; i < 18; i++)
			if (f[i].n)
				return err_at(c->e, c->line, 0, "expected 48 "
					      "fields, found 47");
		insert_empty(f, &count, 5);
	}
	for (i = 0; i < 6; i++) {
		m.rate[i] = 7 + 2 * i;
		m.cpu[i] = 8 + 2 * i;
		m.lat[i] = 36 + i;
		m.rate[6 + i] = 24 + 2 * i;
		m.cpu[6 + i] = 25 + 2 * i;
		m.lat[6 + i] = 42 + i;
	}
	if (begin(c, &f[2]) ||
	    attr(c, "format_version", f[0].p, f[0].n) ||
	    attr(c, "tool_version", f[1].p, f[1].n) ||
	    attr(c, "concurrency", f[3].p, f[3].n) ||
	    attr(c, "seed", f[4].p, f[4].n) ||
	    attr(c, "file_size", f[5].p, f[5].n) ||
	    attr(c, "chunk_size", f[6].p, f[6].n) ||
	    attr(c, "seeks", seeks.p, seeks.n) ||
	    attr(c, "seek_proc_count", procs.p, procs.n) ||
	    attr(c, "num_files", f[19].p, f[19].n) ||
	    attr(c, "max_size", f[20].p, f[20].n) ||
	    attr(c, "min_size", f[21].p, f[21].n) ||
	    attr(c, "num_dirs", f[22].p, f[22].n) ||
	    results(c, &m))
		return -1;
	return c->sink->run_end(c->sink->ctx, c->e);
}

/* Splits s at the first occurrence of any of seps; *head gets the part
 * before, *rest what follows the separator (empty if none). */
static char cut(struct field *s, const char *seps, struct field *rest)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (strchr(seps, s->p[i])) {
			char sep = s->p[i];

			rest->p = s->p + i + 1;
			rest->n = s->n - i - 1;
			s->n = i;
			return sep;
		}
	}
	rest->p = s->p + s->n;
	rest->n = 0;
	return 0;
}

/* A 1.0x line: name,size[:chunk],12 IO fields,files[:max[:min]][/dirs],12. */
static int line_10x(struct ctx *c)
{
	struct map m;
	struct field *f = c->f;
	struct field size = f[1], chunk, files = f[14], a, b, dirs;
	int i;

	for (i = 0; i < 6; i++) {
		m.rate[i] = 2 + 2 * i;
		m.cpu[i] = 3 + 2 * i;
		m.rate[6 + i] = 15 + 2 * i;
		m.cpu[6 + i] = 16 + 2 * i;
		m.lat[i] = m.lat[6 + i] = -1;
	}
	cut(&size, ":", &chunk);
	cut(&files, "/", &dirs);
	cut(&files, ":", &a);
	cut(&a, ":", &b);
	if (begin(c, &f[0]) ||
	    attr(c, "format_version", "1.0x", 4) ||
	    (c->version.n &&
	     record_attr_span(c->sink, "tool_version", c->version.p,
			      c->version.n, c->line, 0, c->e)) ||
	    attr(c, "file_size", size.p, size.n) ||
	    attr(c, "chunk_size", chunk.p, chunk.n) ||
	    attr(c, "num_files", files.p, files.n) ||
	    attr(c, "max_size", a.p, a.n) ||
	    attr(c, "min_size", b.p, b.n) ||
	    attr(c, "num_dirs", dirs.p, dirs.n) ||
	    results(c, &m))
		return -1;
	return c->sink->run_end(c->sink->ctx, c->e);
}

static int is_header(const struct field *f, int count)
{
	return count > 1 && ((span_eq(f[0].p, f[0].n, "format_version") &&
			      span_eq(f[1].p, f[1].n, "bonnie_version")) ||
			     (span_eq(f[0].p, f[0].n, "name") &&
			      span_eq(f[1].p, f[1].n, "file_size")));
}

static int has_table(const char *p, size_t n)
{
	static const char mark[] = "------Sequential Output------";
	size_t m = sizeof(mark) - 1, i;

	for (i = 0; i + m <= n; i++)
		if (p[i] == '-' && memcmp(p + i, mark, m) == 0)
			return 1;
	return 0;
}

/* Detection looks at this much: comment headers before the first result
 * are short, and detection must stay cheap on large files of other kinds. */
#define BONNIE_DETECT_BYTES (256 * 1024)

static int bonnie_detect(const char *p, size_t n)
{
	struct field f[BONNIE_FIELDS_MAX];
	struct lines l;
	const char *s;
	size_t k;
	int count;

	if (n > BONNIE_DETECT_BYTES)
		n = BONNIE_DETECT_BYTES;
	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k)) {
		if (k == 0 || !memchr(s, ',', k))
			continue;
		split(s, k, f, &count);
		if (count > BONNIE_FIELDS_MAX)
			continue;
		if (is_header(f, count) && count >= 27)
			return 1;
		if (find_version(f, count) && count >= 40)
			return 1;
		if (count == 27 && f[1].n == 0)
			return 1;
		/* a 1.0x line, even one a field short or long, is an error
		 * to report, not a file of unknown kind */
		if (count >= 20 && count <= 34 && is_size(f[1].p, f[1].n))
			return 1;
	}
	return has_table(p, n);
}

/* The word of s[0..n) at or after *i (blanks passed over) in w's p and n;
 * *i moves past it. */
static void next_word(const char *s, size_t n, size_t *i, struct field *w)
{
	while (*i < n && span_isblank(s[*i]))
		(*i)++;
	w->p = s + *i;
	while (*i < n && !span_isblank(s[*i]))
		(*i)++;
	w->n = (size_t)(s + *i - w->p);
}

/* The table lines a 1.0x CSV line needs (see the top): "Version 1.03e
 * ------Sequential Output---..." sets c->version; the row after the
 * "Machine   Size K/sec ..." heading sets c->machine (its first word). */
static void table_line(struct ctx *c, const char *s, size_t n, int *name_next)
{
	struct field w;
	size_t i = 0;

	next_word(s, n, &i, &w);
	w.orig = 0;
	if (*name_next && w.n) {
		c->machine = w;
		*name_next = 0;
		return;
	}
	if (span_eq(w.p, w.n, "Machine") && span_find(s, n, "Size")) {
		*name_next = 1;
		return;
	}
	if (span_eq(w.p, w.n, "Version") &&
	    span_find(s, n, "------Sequential Output------")) {
		next_word(s, n, &i, &w);
		c->version = w;
		c->machine.n = 0;
	}
}

/* One CSV line already split into c->f[0..count): 1 when it was a run, 0
 * when it is not a bonnie++ data line (a header, or other text), -1 on a
 * line that claims to be bonnie++ CSV but is malformed. */
static int one_line(struct ctx *c, int count)
{
	struct field *f = c->f;
	const struct version *ver;

	if (is_header(f, count))
		return 0;
	ver = find_version(f, count);
	if (ver) {
		int ok = count == ver->fields ||
			 (count == 47 && strcmp(ver->format_version, "1.96") == 0);

		if (!ok)
			return err_at(c->e, c->line, 0, "bonnie++ %s CSV line: "
				      "expected %d fields, found %d",
				      ver->format_version, ver->fields, count);
		return line_19x(c, ver, count) ? -1 : 1;
	}
	if (count >= 2 && is_size(f[1].p, f[1].n)) {
		if (count != 27)
			return err_at(c->e, c->line, 0, "bonnie++ 1.0x CSV line: "
				      "expected 27 fields, found %d", count);
		return line_10x(c) ? -1 : 1;
	}
	if (count == 27 && f[1].n == 0)	/* 1.0x with -s 0 */
		return line_10x(c) ? -1 : 1;
	return 0;
}

int bonnie_cells(const char *const *cell, const size_t *len, int count,
		 long line, const char *version,
		 const struct record_sink *sink, struct err *e)
{
	struct field f[BONNIE_FIELDS_MAX + 2];
	struct ctx c;
	int i, rc;

	if (count > BONNIE_FIELDS_MAX)
		return err_at(e, line, 0, "%d cells: more than a bonnie++ CSV "
			      "line has", count);
	for (i = 0; i < count; i++) {
		f[i].p = cell[i];
		f[i].n = len[i];
		f[i].orig = 0;	/* cells have no column in a CSV line */
	}
	c.sink = sink;
	c.e = e;
	c.f = f;
	c.line = line;
	c.line_start = NULL;
	c.version.p = version ? version : "";
	c.version.n = strlen(c.version.p);
	c.machine.p = "";
	c.machine.n = 0;
	rc = one_line(&c, count);
	if (rc == 0)
		return err_at(e, line, 0, "%d cells that are not a bonnie++ CSV "
			      "line of any version", count);
	return rc < 0 ? -1 : 0;
}

static int bonnie_parse(const char *p, size_t n, const struct parse_opts *o,
			const struct record_sink *sink, struct err *e)
{
	struct field f[BONNIE_FIELDS_MAX + 2];
	struct ctx c;
	struct lines l;
	const char *s;
	size_t k;
	int count, runs = 0, rc, name_next = 0;

	(void)o;
	c.sink = sink;
	c.e = e;
	c.f = f;
	c.version.p = c.machine.p = "";
	c.version.n = c.machine.n = 0;
	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k)) {
		if (k == 0)
			continue;
		if (!memchr(s, ',', k)) {
			table_line(&c, s, k, &name_next);
			continue;
		}
		name_next = 0;
		c.line = l.lineno;
		c.line_start = s;
		split(s, k, f, &count);
		rc = one_line(&c, count);
		if (rc < 0)
			return -1;
		runs += rc;
		if (rc > 0) {
			/* a table's facts are its own line's only */
			c.version.n = c.machine.n = 0;
		}
	}
	if (runs == 0)
		return err_at(e, 0, 0, has_table(p, n) ?
			      "only bonnie++ text tables, no CSV line: bonnie++ "
			      "prints one after each table; import that" :
			      "no bonnie++ CSV line found");
	return 0;
}

const struct format format_bonnie = {
	"bonnie",
	"bonnie++ CSV of every version (1.0x, 1.9x, 1.98-2.00a), alone or "
	"after its text table",
	0,
	bonnie_detect,
	bonnie_parse,
	NULL,
	NULL,
};
