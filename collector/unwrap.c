/*
 * unwrap.c: tool output pasted into Markdown or a mail, read as the plain
 * text it was.  See format.h (format_parse, format_detect_wrapped).
 *
 * People publish results by pasting them: into a Markdown code block
 * (every line indented), between `**` (bold), into a mail reply (`> `
 * before each line), or into a page whose text was HTML-escaped (`&lt;`,
 * `&amp;`).  The parsers read the tools' own layouts, so the wrapping is
 * taken off first, the same way for every format, and no parser needs to
 * know of it.  The rule depends on the bytes (and the format) alone, so
 * that reparse, which reads the stored bytes again, finds what import
 * found:
 *
 *  - `>` quoting: when at least half of the non-blank lines are quoted
 *    (a `>` within their first four columns), every quoted line loses its
 *    `>` marks (nested ones too) and one space after each;
 *  - `**`: when a line starts or ends with `**`, every `**` goes;
 *  - entities: `&lt; &gt; &amp; &quot; &apos; &#39; &#34; &nbsp;` are
 *    decoded (to one ASCII character each), when the text holds no '<'
 *    (an escaped text has none; "<b>&amp;</b>" is a name, not an escape);
 *  - indentation: a block of indented lines whose common indentation is
 *    four columns or more (a Markdown code block) loses it (see dedent).
 *
 * None of these occurs in a tool's own output as benchsite reads it (the
 * corpus has none but XML and HTML pages, which are read as they are:
 * FORMAT_ANY_BYTES and FORMAT_EXACT formats are never unwrapped), and each
 * keeps the lines where they were: no line is added or removed, so a
 * message's line number is the input's.  The text only gets shorter, and
 * stays valid UTF-8 (only ASCII is removed or produced).
 *
 * Labels are trimmed on the way to the store, for every format: a run
 * named by a field of an indented line ("    whisper") is "whisper".
 */
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/lines.h"
#include "format.h"
#include "span.h"

/* Pastes are small (a page, a mail); a file past this is a tool's own log,
 * read in place page by page (a 1 GB sysbench run in a few MB), and is
 * never scanned or copied to unwrap. */
#define UNWRAP_MAX_BYTES ((size_t)8 << 20)

static const struct {
	const char *ent;
	char c;
} entities[] = {
	{"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'},
	{"&apos;", '\''}, {"&#39;", '\''}, {"&#34;", '"'}, {"&nbsp;", ' '},
};

/* Offset of the first '>' when it is within the first four columns. */
static int quoted(const char *s, size_t n, size_t *at)
{
	size_t i = 0;

	while (i < n && i < 3 && s[i] == ' ')
		i++;
	*at = i;
	return i < n && s[i] == '>';
}

static int bold(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t' || *s == '>')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return (n >= 2 && s[0] == '*' && s[1] == '*') ||
	       (n >= 2 && s[n - 2] == '*' && s[n - 1] == '*');
}

/* Pass 1: quotes, bold and entities into out (at most n bytes). */
static size_t strip(const char *p, size_t n, int q, int b, int ent,
		    char *out)
{
	size_t pos = 0, o = 0;

	while (pos < n) {
		const char *nl = memchr(p + pos, '\n', n - pos);
		size_t end = nl ? (size_t)(nl - p) : n, k = end, i, at;

		if (k > pos && p[k - 1] == '\r')
			k--;
		i = pos;
		if (q && quoted(p + pos, k - pos, &at)) {
			i = pos + at;
			while (i < k && p[i] == '>') {
				i++;
				if (i < k && p[i] == ' ')
					i++;
				while (i + 1 < k && p[i] == ' ' && p[i + 1] == '>')
					i++;
			}
		}
		while (i < k) {
			size_t e;

			if (b && i + 1 < k && p[i] == '*' && p[i + 1] == '*') {
				i += 2;
				continue;
			}
			if (ent && p[i] == '&') {
				for (e = 0; e < sizeof(entities) / sizeof(entities[0]);
				     e++) {
					size_t m = strlen(entities[e].ent);

					if (k - i >= m && memcmp(p + i, entities[e].ent,
								 m) == 0) {
						out[o++] = entities[e].c;
						i += m;
						break;
					}
				}
				if (e < sizeof(entities) / sizeof(entities[0]))
					continue;
			}
			out[o++] = p[i++];
		}
		/* the line end as it was */
		memcpy(out + o, p + k, (nl ? end + 1 : n) - k);
		o += (nl ? end + 1 : n) - k;
		pos = nl ? end + 1 : n;
	}
	return o;
}

/* The width of white space s[0..n), a tab to the next multiple of 4 (as
 * Markdown counts an indented code block's four columns). */
static size_t width(const char *s, size_t n)
{
	size_t w = 0, i;

	for (i = 0; i < n; i++)
		w = s[i] == '\t' ? (w / 4 + 1) * 4 : w + 1;
	return w;
}

/* The length of the line at s[pos..n) without its line end, and where
 * the next one starts. */
static size_t line_at(const char *s, size_t n, size_t pos, size_t *next)
{
	const char *nl = memchr(s + pos, '\n', n - pos);
	size_t end = nl ? (size_t)(nl - s) : n;

	*next = nl ? end + 1 : n;
	if (end > pos && s[end - 1] == '\r')
		end--;
	return end - pos;
}

/* Pass 2: each indented block (lines indented or blank, between lines
 * that start at column 0) loses the white space all its non-blank lines
 * start with, when that is at least four columns: a Markdown code block,
 * or a whole pasted output indented.  A tool's own indentation under a
 * heading at column 0 (fio's two spaces, sysbench's four under
 * "General statistics:") is kept when it is less, and is white space the
 * parsers pass over when it is not. */
static size_t dedent(char *s, size_t n)
{
	size_t pos = 0, o = 0;

	while (pos < n) {
		size_t next, k = line_at(s, n, pos, &next), start = pos;
		size_t common = 0, end, i;
		const char *first = NULL;

		if (k == 0 || span_blank(s + pos, k) ||
		    (s[pos] != ' ' && s[pos] != '\t')) {
			memmove(s + o, s + pos, next - pos);
			o += next - pos;
			pos = next;
			continue;
		}
		/* the block: to the next non-blank line at column 0 */
		for (end = pos; end < n;) {
			size_t nx, m = line_at(s, n, end, &nx);

			if (m && !span_blank(s + end, m) && s[end] != ' ' &&
			    s[end] != '\t')
				break;
			if (m && !span_blank(s + end, m)) {
				if (!first) {
					first = s + end;
					for (i = 0; i < m && (first[i] == ' ' ||
							      first[i] == '\t');
					     i++)
						;
					common = i;
				} else {
					for (i = 0; i < common && i < m &&
					     s[end + i] == first[i]; i++)
						;
					common = i;
				}
			}
			end = nx;
		}
		if (first && width(first, common) < 4)
			common = 0;
		for (pos = start; pos < end; pos = next) {
			size_t skip = 0;

			k = line_at(s, n, pos, &next);
			while (skip < common && skip < k &&
			       (s[pos + skip] == ' ' || s[pos + skip] == '\t'))
				skip++;
			memmove(s + o, s + pos + skip, next - pos - skip);
			o += next - pos - skip;
		}
	}
	return o;
}

/* The signs of a paste: *q quoting, *b
 * bold, *ent entities (only in a text with no '<' at all: an escaped page
 * has none, and a name like "<b>&amp;</b>" is data, not an escape). */
static void signs(const char *p, size_t n, int *q, int *b, int *ent)
{
	size_t pos = 0, nonblank = 0, nquoted = 0, k, at;

	*b = 0;
	while (pos < n) {
		const char *nl = memchr(p + pos, '\n', n - pos);
		size_t end = nl ? (size_t)(nl - p) : n;

		if (!span_blank(p + pos, end - pos)) {
			nonblank++;
			if (quoted(p + pos, end - pos, &at))
				nquoted++;
			if (!*b && bold(p + pos, end - pos -
					(end > pos && p[end - 1] == '\r')))
				*b = 1;
		}
		pos = nl ? end + 1 : n;
	}
	*q = nquoted > 0 && nquoted * 2 >= nonblank;
	*ent = 0;
	if (memchr(p, '<', n))
		return;
	for (at = 0; !*ent && at < n; at++) {
		const char *amp = memchr(p + at, '&', n - at);

		if (!amp)
			break;
		at = (size_t)(amp - p);
		for (k = 0; k < sizeof(entities) / sizeof(entities[0]); k++) {
			size_t m = strlen(entities[k].ent);

			if (n - at >= m && memcmp(p + at, entities[k].ent,
						  m) == 0) {
				*ent = 1;
				break;
			}
		}
	}
}

/* 1 when a line that is not blank starts with white space: dedent may
 * have something to do. */
static int indented(const char *p, size_t n)
{
	size_t pos = 0;

	while (pos < n) {
		const char *nl = memchr(p + pos, '\n', n - pos);
		size_t end = nl ? (size_t)(nl - p) : n;

		if ((p[pos] == ' ' || p[pos] == '\t') &&
		    !span_blank(p + pos, end - pos))
			return 1;
		pos = nl ? end + 1 : n;
	}
	return 0;
}

/* Unwraps p[0..n) into a copy; 0 (no copy kept) when nothing changed. */
static int unwrap(const char *p, size_t n, char **out, size_t *outn)
{
	int q = 0, b = 0, ent = 0;
	size_t k;
	char *s;

	*out = NULL;
	*outn = 0;
	if (n > UNWRAP_MAX_BYTES)
		return 0;
	signs(p, n, &q, &b, &ent);
	/* nothing to strip and nothing indented (a tool's own output, as a
	 * rule): the text stays as it is, uncopied */
	if (!q && !b && !ent && !indented(p, n))
		return 0;
	s = malloc(n + 1);
	if (!s)
		return -1;
	if (q || b || ent) {
		k = strip(p, n, q, b, ent, s);
	} else {
		memcpy(s, p, n);
		k = n;
	}
	k = dedent(s, k);
	s[k] = '\0';
	if (k == n && memcmp(s, p, n) == 0) {
		free(s);
		return 0;
	}
	*out = s;
	*outn = k;
	return 1;
}

int unwrap_text(const char *p, size_t n, char **out, size_t *outn)
{
	return unwrap(p, n, out, outn);
}

const struct format *format_detect_wrapped(const char *p, size_t n)
{
	const struct format *f = NULL;
	char *s;
	size_t k;

	if (unwrap_text(p, n, &s, &k) == 1) {
		f = format_detect(s, k);
		if (f && (f->flags & (FORMAT_ANY_BYTES | FORMAT_EXACT)))
			f = NULL;
		free(s);
	}
	return f;
}

/* The sink in front of the store's: labels trimmed. */
struct trim_ctx {
	const struct record_sink *in;
};

static int t_run_begin(void *ctx, const char *suite, const char *label,
		       long line, struct err *e)
{
	const struct trim_ctx *t = ctx;
	char buf[1024];
	size_t n;

	if (label) {
		while (*label == ' ' || *label == '\t')
			label++;
		n = strlen(label);
		while (n && (label[n - 1] == ' ' || label[n - 1] == '\t'))
			n--;
		if (n < sizeof(buf)) {
			memcpy(buf, label, n);
			buf[n] = '\0';
			label = n ? buf : NULL;
		}
	}
	return t->in->run_begin(t->in->ctx, suite, label, line, e);
}

static int t_attr(void *ctx, const char *key, const char *value,
		  struct err *e)
{
	const struct trim_ctx *t = ctx;

	return t->in->attr(t->in->ctx, key, value, e);
}

static int t_result(void *ctx, const struct record_result *r, struct err *e)
{
	const struct trim_ctx *t = ctx;

	return t->in->result(t->in->ctx, r, e);
}

static int t_sample(void *ctx, const char *test, const char *metric,
		    double when, double value, struct err *e)
{
	const struct trim_ctx *t = ctx;

	return t->in->sample(t->in->ctx, test, metric, when, value, e);
}

static int t_run_end(void *ctx, struct err *e)
{
	const struct trim_ctx *t = ctx;

	return t->in->run_end(t->in->ctx, e);
}

static int t_warn(void *ctx, long line, const char *msg, struct err *e)
{
	const struct trim_ctx *t = ctx;

	return t->in->warn ? t->in->warn(t->in->ctx, line, msg, e) : 0;
}

/* The sink that trims labels on the way to the parser's (the ctx is set
 * per call). */
static const struct record_sink trim_sink = {
	NULL, t_run_begin, t_attr, t_result, t_sample, t_run_end, t_warn,
};

int format_parse(const struct format *f, const char *p, size_t n,
		 const struct parse_opts *o, const struct record_sink *sink,
		 struct err *e)
{
	struct trim_ctx t;
	struct record_sink s;
	char *u = NULL;
	size_t un = 0;
	int rc;

	t.in = sink;
	s = trim_sink;
	s.ctx = &t;
	if (!(f->flags & (FORMAT_ANY_BYTES | FORMAT_EXACT)) &&
	    n <= UNWRAP_MAX_BYTES) {
		if (unwrap(p, n, &u, &un) < 0)
			return err_at(e, 0, 0, "out of memory");
	}
	rc = f->parse(u ? u : p, u ? un : n, o, &s, e);
	if (rc == 0)
		rc = format_others_read(f, u ? u : p, u ? un : n, o, &s,
					 o->also, e);
	free(u);
	return rc;
}
