/*
 * htmltable.c: results tables in old web pages (format "html").
 *
 * The page is parsed with libxml2's HTML parser, the one that copes with
 * 1990s markup, with HTML_PARSE_NONET so nothing is ever fetched.  Old
 * pages are Latin-1 as often as UTF-8, so this format takes any bytes
 * (FORMAT_ANY_BYTES) and picks the encoding itself: valid UTF-8 is read as
 * UTF-8 (a Latin-1 page with accents is almost never valid UTF-8); other
 * bytes follow the page's own charset declaration when it has one, else
 * they are read as ISO-8859-1.  libxml2 hands back UTF-8 either way, and
 * every cell is checked again before it becomes a label or a name.
 *
 * Each <tr> of a table (nested tables excluded) becomes a row of cells in
 * document order; colspan/rowspan are then laid out into a grid the way a
 * browser does, so a column of figures stays under its heading.  That grid
 * goes to wide.c, the same code as a wide CSV: first row = tests, first
 * column = labels, --suite/--metric/--unit/--better say what the figures
 * are.  The table used is --table N, else the one with the most numeric
 * cells (the results, not the layout tables around them).
 *
 * A page written by bonnie++'s bon_csv2html is recognised by its headings
 * ("Sequential Output", "Sequential Create") and read as bonnie++ runs:
 * its cells are put back into the CSV line they came from and handed to
 * bonnie.c's field mapping, so a page and its CSV give the same records.
 *  - 1.0x (Perl): one <TR> per CSV line, every field in its own cell in CSV
 *    order: the cells are the line.
 *  - 1.96/1.97 (C++): a values row (name with rowspan=2, size, the optional
 *    columns named in the second heading row, the rates) and a latency row;
 *    seed and chunk columns the page leaves out stay empty; the concurrency
 *    column is shown only when some line is not 1, so without it it is 1.
 *  - 2.00 (C++, "M/sec" headings): refused.  It prints put_block, rewrite
 *    and get_block as rounded MiB/s and turns +++++ into 0, so neither the
 *    figures nor "too fast" can be recovered; the CSV it was made from can.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/text.h"
#include "../../core/xmlquiet.h"
#include "bonnie.h"
#include "../format.h"
#include "../span.h"
#include "wide.h"

/* Page tables wider or longer than this are layout, not results; the caps
 * bound the grid (wide.h caps its cells too). */
#define HTML_COLS_MAX 4096
#define HTML_SPAN_MAX 1000	/* HTML allows more; no results table needs it */
#define HTML_TABLES_MAX 10000
/* One cell's text: a figure or a label, never a page. */
#define HTML_CELL_MAX 4096

struct hcell {
	char *text;	/* owned, normalised UTF-8 */
	long line;
	int colspan, rowspan;
};

struct hrow {
	int n;
	struct hcell *c;	/* owned */
	long line;
};

struct htable {
	int nrows;
	struct hrow *row;	/* owned */
	long line;
};

static int is_el(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	       strcasecmp((const char *)n->name, name) == 0;
}

/* The cell's text: text nodes joined, <br> as a space, white space runs
 * (and no-break spaces) as one space, trimmed. */
static int cell_text(const xmlNode *n, struct buf *b)
{
	const xmlNode *k;

	for (k = n->children; k; k = k->next) {
		if (k->type == XML_TEXT_NODE || k->type == XML_CDATA_SECTION_NODE) {
			if (k->content && buf_adds(b, (const char *)k->content))
				return -1;
		} else if (is_el(k, "br")) {
			if (buf_addc(b, ' '))
				return -1;
		} else if (k->type == XML_ELEMENT_NODE && !is_el(k, "script") &&
			   !is_el(k, "style") && !is_el(k, "table")) {
			if (cell_text(k, b))
				return -1;
		}
	}
	return 0;
}

static char *normalise(const char *s, size_t n)
{
	char *out = malloc(n + 1);
	size_t i, k = 0;
	int space = 0;

	if (!out)
		return NULL;
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		int ws = ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
			 ch == '\f' || ch == '\v';

		if (ch == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] == 0xa0) {
			ws = 1;
			i++;
		}
		if (ws) {
			space = k > 0;
			continue;
		}
		if (space)
			out[k++] = ' ';
		space = 0;
		out[k++] = (char)ch;
	}
	out[k] = '\0';
	return out;
}

static int span_attr(const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	long x = 1;

	if (v) {
		char *end;

		x = strtol((const char *)v, &end, 10);
		if (end == (char *)v || x < 1)
			x = 1;
		if (x > HTML_SPAN_MAX)
			x = HTML_SPAN_MAX;
		xmlFree(v);
	}
	return (int)x;
}

static void table_free(struct htable *t)
{
	int i, j;

	for (i = 0; i < t->nrows; i++) {
		for (j = 0; j < t->row[i].n; j++)
			free(t->row[i].c[j].text);
		free(t->row[i].c);
	}
	free(t->row);
	t->row = NULL;
	t->nrows = 0;
}

static int add_row(struct htable *t, const xmlNode *tr, struct err *e)
{
	const xmlNode *k;
	struct hrow *r;
	struct buf b;
	int n = 0;

	if (t->nrows >= WIDE_CELLS_MAX)
		return err_at(e, xmlGetLineNo(tr), 0, "a table of more than %ld "
			      "rows", WIDE_CELLS_MAX);
	for (k = tr->children; k; k = k->next)
		if (is_el(k, "td") || is_el(k, "th"))
			n++;
	if (n > HTML_COLS_MAX)
		return err_at(e, xmlGetLineNo(tr), 0, "a row of more than %d "
			      "cells", HTML_COLS_MAX);
	r = realloc(t->row, (size_t)(t->nrows + 1) * sizeof(*r));
	if (!r)
		return err_at(e, 0, 0, "out of memory");
	t->row = r;
	r = &t->row[t->nrows++];
	r->n = 0;
	r->line = xmlGetLineNo(tr);
	r->c = calloc(n ? (size_t)n : 1, sizeof(*r->c));
	if (!r->c)
		return err_at(e, 0, 0, "out of memory");
	buf_init(&b, HTML_CELL_MAX);
	for (k = tr->children; k; k = k->next) {
		struct hcell *c;
		size_t bad;

		if (!is_el(k, "td") && !is_el(k, "th"))
			continue;
		c = &r->c[r->n];
		buf_reset(&b);
		c->line = xmlGetLineNo(k);
		if (cell_text(k, &b)) {
			buf_release(&b);
			/* a buffer that could not grow is not a long cell */
			if (buf_oom())
				return err_at(e, c->line, 0, "out of memory");
			return err_at(e, c->line, 0, "a cell of more than %d "
				      "bytes of text", HTML_CELL_MAX);
		}
		c->text = normalise(b.data ? b.data : "", b.len);
		if (!c->text) {
			buf_release(&b);
			return err_at(e, 0, 0, "out of memory");
		}
		r->n++;
		if (utf8_check(c->text, strlen(c->text), &bad)) {
			buf_release(&b);
			return err_at(e, c->line, 0, "cell text is not valid "
				      "UTF-8 after decoding the page");
		}
		c->colspan = span_attr(k, "colspan");
		c->rowspan = span_attr(k, "rowspan");
	}
	buf_release(&b);
	return 0;
}

/* The <tr> of table t, not those of tables nested in it. */
static int collect_rows(struct htable *t, const xmlNode *n, struct err *e)
{
	const xmlNode *k;

	for (k = n->children; k; k = k->next) {
		if (is_el(k, "table"))
			continue;
		if (is_el(k, "tr")) {
			if (add_row(t, k, e))
				return -1;
			continue;
		}
		if (k->type == XML_ELEMENT_NODE && collect_rows(t, k, e))
			return -1;
	}
	return 0;
}

/* The page's tables in document order, grown as found: most pages have a
 * few, and a fixed array of HTML_TABLES_MAX would be 80 KB of fresh
 * memory for every page. */
struct tables {
	int n, cap;
	const xmlNode **node;
	int oom;
};

static void find_tables(struct tables *ts, const xmlNode *n)
{
	const xmlNode *k;

	for (k = n; k && !ts->oom; k = k->next) {
		if (k->type != XML_ELEMENT_NODE)
			continue;
		if (is_el(k, "table") && ts->n < HTML_TABLES_MAX) {
			if (ts->n == ts->cap) {
				int ncap = ts->cap ? 2 * ts->cap : 8;
				const xmlNode **nn = realloc(ts->node,
					(size_t)ncap * sizeof(*nn));

				if (!nn) {
					ts->oom = 1;
					return;
				}
				ts->node = nn;
				ts->cap = ncap;
			}
			ts->node[ts->n++] = k;
		}
		find_tables(ts, k->children);
	}
}

/* Lays the rows out as a browser would (rowspan/colspan); with g NULL only
 * measures the width.  busy[] holds, per column, the rows a cell above
 * still covers; only its first `hi` slots were ever set, so each row scans
 * those, not all HTML_COLS_MAX (4096 slots per row, twice per table,
 * would cost more than the rest of the reading), and it grows with the
 * table rather than being 20 KB zeroed per call. */
static int layout(const struct htable *t, struct grid *g, int *width,
		  struct err *e)
{
	int cap = 64, hi = 0;
	int *busy = calloc((size_t)cap, sizeof(int));
	int r, i, w = 0;

	if (!busy)
		return err_at(e, 0, 0, "out of memory");
	for (r = 0; r < t->nrows; r++) {
		const struct hrow *row = &t->row[r];
		int c = 0, j;

		/* slots covered from rows above, and missing cells, are
		 * named by the row they are in */
		for (j = 0; g && j < g->cols; j++)
			grid_at(g, r, j)->line = row->line;
		for (i = 0; i < row->n; i++) {
			const struct hcell *x = &row->c[i];

			while (c < HTML_COLS_MAX && busy[c] > 0)
				c++;
			if (c + x->colspan > HTML_COLS_MAX) {
				free(busy);
				return err_at(e, x->line, 0, "a table wider than "
					      "%d columns", HTML_COLS_MAX);
			}
			if (c + x->colspan + 1 > cap) {
				int ncap = cap;
				int *nb;

				while (ncap < c + x->colspan + 1)
					ncap *= 2;
				nb = realloc(busy, (size_t)ncap * sizeof(int));
				if (!nb) {
					free(busy);
					return err_at(e, 0, 0, "out of memory");
				}
				memset(nb + cap, 0, (size_t)(ncap - cap) *
				       sizeof(int));
				busy = nb;
				cap = ncap;
			}
			if (g && grid_set(g, r, c, x->text, strlen(x->text),
					  x->line, 0)) {
				free(busy);
				return err_at(e, 0, 0, "out of memory");
			}
			for (j = 0; j < x->colspan; j++) {
				busy[c + j] = x->rowspan;
				/* a spanned slot points at its cell's line */
				if (g && j > 0)
					grid_at(g, r, c + j)->line = x->line;
			}
			c += x->colspan;
			if (c > hi)
				hi = c;
		}
		for (j = 0; j < hi; j++) {
			if (busy[j] > 0 && j >= w)
				w = j + 1;
			if (busy[j] > 0)
				busy[j]--;
		}
	}
	free(busy);
	*width = w;
	return 0;
}

static long numeric_cells(const struct htable *t)
{
	long k = 0;
	int r, i;
	double v;

	for (r = 0; r < t->nrows; r++)
		for (i = 0; i < t->row[r].n; i++)
			if (num_parse(t->row[r].c[i].text,
				      strlen(t->row[r].c[i].text), &v) == 0)
				k++;
	return k;
}

static int row_has(const struct hrow *r, const char *text, int from)
{
	int i;

	for (i = from; i < r->n; i++)
		if (strcmp(r->c[i].text, text) == 0)
			return i;
	return -1;
}

static int is_bonnie(const struct htable *t)
{
	return t->nrows >= 3 && row_has(&t->row[0], "Sequential Output", 0) >= 0
	       && row_has(&t->row[0], "Sequential Create", 0) >= 0;
}

/* ------------------------------------------------------------------ */
/* bon_csv2html pages */

static int cells_to_bonnie(const char *const *cell, int n, long line,
			   const char *version, const struct record_sink *sink,
			   struct err *e)
{
	size_t len[64];
	int i;

	for (i = 0; i < n && i < 64; i++)
		len[i] = strlen(cell[i]);
	return bonnie_cells(cell, len, n, line, version, sink, e);
}

/* bonnie_perl and bonnie_cpp return how many runs they sent, or -1; a
 * page of headings and no rows is an error of the page, said here once. */
static int some_runs(const struct htable *t, int runs, struct err *e)
{
	if (runs < 0)
		return -1;
	if (runs == 0)
		return err_at(e, t->line, 0, "bon_csv2html page with no result "
			      "rows");
	return 0;
}

/* 1.0x Perl: rows after the three heading rows hold the CSV fields. */
static int bonnie_perl(const struct htable *t, const char *version,
		       const struct record_sink *sink, struct err *e)
{
	const char *cell[64];
	int r, i, runs = 0;

	for (r = 3; r < t->nrows; r++) {
		const struct hrow *row = &t->row[r];

		if (row->n == 0)
			continue;
		if (row->n > 64)
			return err_at(e, row->line, 0, "bon_csv2html row of %d "
				      "cells: more than a bonnie++ CSV line has",
				      row->n);
		for (i = 0; i < row->n; i++)
			cell[i] = row->c[i].text;
		if (cells_to_bonnie(cell, row->n, row->line, version, sink, e))
			return -1;
		runs++;
	}
	return runs;
}

/* 1.96/1.97 C++: values row + latency row per CSV line, mapped back to the
 * 48-field CSV line of bonnie++ 1.96/1.97. */
static int bonnie_cpp(const struct htable *t, const char *csv_version,
		      const char *tool_version, const struct record_sink *sink,
		      struct err *e)
{
	const struct hrow *h = &t->row[1];
	int nf = row_has(h, "Num Files", 0);
	int conc = row_has(h, "Concurrency", 0) >= 0;
	int chunk = row_has(h, "Chunk Size", 0);
	int fchunk = nf >= 0 ? row_has(h, "Chunk Size", nf + 1) : -1;
	int maxs = row_has(h, "Max Size", 0) >= 0;
	int mins = row_has(h, "Min Size", 0) >= 0;
	int dirs = row_has(h, "Num Dirs", 0) >= 0;
	int want, r, i, runs = 0;

	if (nf < 0)
		return err_at(e, h->line, 0, "bon_csv2html page without a 'Num "
			      "Files' heading");
	if (chunk > nf)
		chunk = -1;
	want = 1 + conc + 1 + (chunk >= 0) + 12 + 1 + maxs + mins + dirs +
	       (fchunk >= 0) + 12;
	for (r = 3; r < t->nrows; r += 2) {
		const struct hrow *v = &t->row[r], *l;
		const char *f[48];
		int k = 0, second;

		if (v->n == 0) {
			r--;
			continue;
		}
		if (v->n != want)
			return err_at(e, v->line, 0, "bon_csv2html row: expected "
				      "%d cells for the columns its headings "
				      "name, found %d", want, v->n);
		if (r + 1 >= t->nrows)
			return err_at(e, v->line, 0, "bon_csv2html row without "
				      "its latency row");
		l = &t->row[r + 1];
		second = l->n > 0 && strcmp(l->c[0].text, "Latency") == 0 ?
			 row_has(l, "Latency", 1) : -1;
		if (second != 7 || l->n - second - 1 != 6)
			return err_at(e, l->line, 0, "bon_csv2html latency row: "
				      "expected 'Latency', 6 latencies, "
				      "'Latency', 6 latencies");
		for (i = 0; i < 48; i++)
			f[i] = "";
		f[0] = csv_version;
		f[1] = tool_version;
		f[2] = v->c[k++].text;
		f[3] = conc ? v->c[k++].text : "1";
		f[5] = v->c[k++].text;
		if (chunk >= 0)
			f[6] = v->c[k++].text;
		for (i = 7; i <= 19; i++)
			f[i] = v->c[k++].text;
		if (maxs)
			f[20] = v->c[k++].text;
		if (mins)
			f[21] = v->c[k++].text;
		if (dirs)
			f[22] = v->c[k++].text;
		if (fchunk >= 0)
			f[23] = v->c[k++].text;
		for (i = 24; i <= 35; i++)
			f[i] = v->c[k++].text;
		for (i = 0; i < 6; i++) {
			f[36 + i] = l->c[1 + i].text;
			f[42 + i] = l->c[second + 1 + i].text;
		}
		if (cells_to_bonnie(f, 48, v->line, NULL, sink, e))
			return -1;
		runs++;
	}
	return runs;
}

/* version: what the page's title names ("Bonnie++ V1.03b Benchmark
 * results"), or NULL; the 1.0x rows, which hold none, take it. */
static int bonnie_page(const struct htable *t, const char *version,
		       const struct record_sink *sink, struct err *e)
{
	const struct hrow *h0 = &t->row[0];
	const char *ver = h0->n ? h0->c[0].text : "";
	int i;

	if (row_has(&t->row[1], "Size:Chunk Size", 0) >= 0)
		return some_runs(t, bonnie_perl(t, version, sink, e), e);
	for (i = 0; i < t->row[2].n; i++)
		if (strcmp(t->row[2].c[i].text, "M/sec") == 0)
			return err_at(e, t->row[2].c[i].line, 0, "a bon_csv2html "
				      "2.00 page: it shows put_block, rewrite and "
				      "get_block as rounded MiB/s and +++++ as 0, "
				      "so the figures cannot be recovered; import "
				      "the bonnie++ CSV it was made from");
	if (strncmp(ver, "Version 1.96", 12) == 0)
		return some_runs(t, bonnie_cpp(t, "1.96", ver + 8, sink,
						 e), e);
	if (strncmp(ver, "Version 1.97", 12) == 0)
		return some_runs(t, bonnie_cpp(t, "1.97", ver + 8, sink,
						 e), e);
	return err_at(e, h0->line, 0, "a bon_csv2html page of '%.40s': only "
		      "the 1.0x, 1.96 and 1.97 layouts are known", ver);
}

/* ------------------------------------------------------------------ */

/* The version a bon_csv2html page's title names ("Bonnie++ V1.03b
 * Benchmark results" -> "1.03b") into out, else "". */
static void title_version(xmlDocPtr doc, char *out, size_t cap)
{
	xmlNodePtr n = xmlDocGetRootElement(doc), h, t;
	xmlChar *text;
	const char *v;
	size_t k = 0;

	out[0] = '\0';
	for (h = n ? n->children : NULL; h; h = h->next)
		if (h->type == XML_ELEMENT_NODE &&
		    xmlStrcasecmp(h->name, BAD_CAST "head") == 0)
			break;
	for (t = h ? h->children : NULL; t; t = t->next)
		if (t->type == XML_ELEMENT_NODE &&
		    xmlStrcasecmp(t->name, BAD_CAST "title") == 0)
			break;
	if (!t || !(text = xmlNodeGetContent(t)))
		return;
	v = strstr((const char *)text, "Bonnie++ V");
	if (v) {
		v += 10;
		while (k + 1 < cap && ((v[k] >= '0' && v[k] <= '9') ||
				       v[k] == '.' ||
				       (v[k] >= 'a' && v[k] <= 'z')))
			k++;
		if (k && v[0] >= '0' && v[0] <= '9') {
			memcpy(out, v, k);
			out[k] = '\0';
		}
	}
	xmlFree(text);
}

/* How far into a text a pasted bon_csv2html table is looked for: forum
 * posts and mails put a few paragraphs before it. */
#define HTML_PASTE_BYTES (256 * 1024)

/* A bon_csv2html table pasted into text that is no page (a forum's
 * [HTML]...[/HTML], a mail, a blog post's Markdown): a <table with both
 * of bon_csv2html's headings after it.  libxml2 reads such text as a body
 * holding the table, so it is read like the page. */
static int bonnie_in_text(const char *p, size_t n)
{
	size_t i, m = n < HTML_PASTE_BYTES ? n : HTML_PASTE_BYTES;

	for (i = 0; i + 6 <= m; i++)
		if (p[i] == '<' && strncasecmp(p + i, "<table", 6) == 0)
			return span_find(p + i, m - i, "Sequential Output") &&
			       span_find(p + i, m - i, "Sequential Create");
	return 0;
}

static int html_detect(const char *p, size_t n)
{
	static const char *const marks[] = {
		"<html", "<!doctype html", "<table", "<body", "<head",
	};
	size_t i = 0, k, j, m = n < 1024 ? n : 1024;

	if (m >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < m && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
			 p[i] == '\n'))
		i++;
	if (i >= m || p[i] != '<')
		return bonnie_in_text(p, n);
	/* every mark opens with '<': test the byte first rather than make
	 * 5 strncasecmp calls at every byte of the page */
	for (k = i; k < m; k++)
		for (j = 0; p[k] == '<' &&
		     j < sizeof(marks) / sizeof(marks[0]); j++) {
			size_t l = strlen(marks[j]);

			if (k + l <= m && strncasecmp(p + k, marks[j], l) == 0)
				return 1;
		}
	return 0;
}

/* Which encoding to hand libxml2 (see the file comment); NULL: the page's
 * own declaration. */
static const char *encoding(const char *p, size_t n)
{
	size_t bad, i, m = n < 4096 ? n : 4096;

	if (utf8_check(p, n, &bad) == 0)
		return "UTF-8";
	for (i = 0; i + 8 <= m; i++)
		if ((p[i] | 0x20) == 'c' && strncasecmp(p + i, "charset=", 8) == 0)
			return NULL;
	return "ISO-8859-1";
}

static int html_parse(const char *p, size_t n, const struct parse_opts *o,
		      const struct record_sink *sink, struct err *e)
{
	struct tables *ts;
	struct htable t = {0, NULL, 0};
	struct grid g = {0, 0, NULL};
	htmlParserCtxtPtr ctxt;
	htmlDocPtr doc;
	int i, pick = -1, most = 0, w = 0, rc = -1;
	long best = -1;
	char vbuf[32];
	const char *version;

	if (n > (size_t)2147483647)
		return err_at(e, 0, 0, "page too large");
	ts = malloc(sizeof(*ts));
	if (!ts)
		return err_at(e, 0, 0, "out of memory");
	memset(ts, 0, sizeof(*ts));
	xmlquiet_begin();
	/* an allocation failure inside may leave libxml2 spinning
	 * (core/xmlquiet.c) */
	ctxt = htmlNewParserCtxt();
	xmlquiet_parsing(ctxt, e->file[0] ? e->file : "the page");
	doc = ctxt ? htmlCtxtReadMemory(ctxt, p, (int)n, NULL, encoding(p, n),
					HTML_PARSE_NONET | HTML_PARSE_NOERROR |
					HTML_PARSE_NOWARNING) : NULL;
	xmlquiet_parsing(NULL, NULL);
	if (ctxt)
		htmlFreeParserCtxt(ctxt);
	if (xmlquiet_oom() || !ctxt) {
		free(ts);
		if (doc)
			xmlFreeDoc(doc);
		return err_at(e, 0, 0, "out of memory");
	}
	if (!doc) {
		free(ts);
		return err_at(e, 0, 0, "not an HTML page libxml2 can read");
	}
	title_version(doc, vbuf, sizeof(vbuf));
	version = vbuf[0] ? vbuf : NULL;
	find_tables(ts, xmlDocGetRootElement(doc));
	if (ts->oom) {
		err_at(e, 0, 0, "out of memory");
		goto out;
	}
	if (ts->n == 0) {
		err_at(e, 0, 0, "no <table> in the page");
		goto out;
	}
	if (o->table) {
		if (o->table < 1 || o->table > ts->n) {
			err_at(e, 0, 0, "--table %d: the page has %d table%s",
			       o->table, ts->n, ts->n == 1 ? "" : "s");
			goto out;
		}
		pick = o->table - 1;
	} else {
		/* every bon_csv2html table (two pages pasted into one give
		 * two, and neither may be dropped), else the most numeric
		 * one; a tie between the most numeric is refused, and any
		 * other table with numbers is named in a warning, so that
		 * no table of results is passed over in silence */
		int nbon = 0, ties = 0;

		for (i = 0; i < ts->n; i++) {
			struct htable x = {0, NULL, 0};
			long k;

			if (collect_rows(&x, ts->node[i], e)) {
				table_free(&x);
				goto out;
			}
			k = numeric_cells(&x);
			x.line = xmlGetLineNo(ts->node[i]);
			if (is_bonnie(&x)) {
				rc = bonnie_page(&x, version, sink, e);
				table_free(&x);
				if (rc)
					goto out;
				rc = -1;
				nbon++;
			} else if (k > best) {
				best = k;
				most = i;
				ties = 0;
			} else if (k == best) {
				ties++;
			}
			table_free(&x);
		}
		if (nbon) {
			rc = 0;
			goto out;
		}
		if (ties && best > 0) {
			err_at(e, 0, 0, "%d tables hold %ld numbers each: "
			       "choose one with --table N", ties + 1, best);
			goto out;
		}
		for (i = 0; i < ts->n && best > 0; i++) {
			struct htable x = {0, NULL, 0};
			long k;

			if (i == most)
				continue;
			if (collect_rows(&x, ts->node[i], e)) {
				table_free(&x);
				goto out;
			}
			k = numeric_cells(&x);
			table_free(&x);
			if (k > 1 && record_warn(sink, xmlGetLineNo(ts->node[i]),
						 e, "table %d (%ld numbers) passed "
						 "over for table %d (%ld); read "
						 "it with --table %d", i + 1, k,
						 most + 1, best, i + 1))
				goto out;
		}
		pick = most;
	}
	t.line = xmlGetLineNo(ts->node[pick]);
	if (collect_rows(&t, ts->node[pick], e))
		goto out;
	if (is_bonnie(&t)) {
		rc = bonnie_page(&t, version, sink, e);
		goto out;
	}
	if (!o->better) {
		err_at(e, 0, 0, "a results table in HTML does not say which way "
		       "is good: give --better lower or --better higher");
		goto out;
	}
	if (t.nrows == 0) {
		err_at(e, t.line, 0, "table %d has no rows", pick + 1);
		goto out;
	}
	if (layout(&t, NULL, &w, e))
		goto out;
	if ((long)t.nrows * (w ? w : 1) > WIDE_CELLS_MAX) {
		err_at(e, t.line, 0, "table %d has more than %ld cells",
		       pick + 1, WIDE_CELLS_MAX);
		goto out;
	}
	if (grid_init(&g, t.nrows, w)) {
		err_at(e, 0, 0, "out of memory");
		goto out;
	}
	if (layout(&t, &g, &w, e))
		goto out;
	rc = wide_records(&g, o, sink, e);
out:
	/* a text libxml2 could not copy reads as empty: the whole page fails */
	if (xmlquiet_oom())
		rc = err_at(e, 0, 0, "out of memory");
	grid_release(&g);
	table_free(&t);
	xmlFreeDoc(doc);
	free(ts->node);
	free(ts);
	return rc;
}

const struct format format_html = {
	"html",
	"a results table in an HTML page (rows = runs, columns = tests; needs "
	"--better), or a bon_csv2html page (bonnie++ runs)",
	FORMAT_ANY_BYTES,
	html_detect,
	html_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
