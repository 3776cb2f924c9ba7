/*
 * csv.c: see csv.h.  A byte-at-a-time state machine: simple, linear, and
 * each record's text lands in one buffer that is reused for the next.
 */
#include "csv.h"

#include <string.h>

#include "../core/err.h"
#include "../core/lines.h"

void csv_init(struct csv *c, const char *p, size_t n, char delim)
{
	c->p = p;
	c->n = n;
	c->pos = n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	c->line = 1;
	c->delim = delim;
	/* a record is at most a few lines of LINE_MAX_BYTES */
	buf_init(&c->text, 4 * (size_t)LINE_MAX_BYTES);
}

void csv_release(struct csv *c)
{
	buf_release(&c->text);
}

void csv_seek(struct csv *c, size_t pos, long line)
{
	c->pos = pos;
	c->line = line;
}

static int end_field(struct csv *c, int *count, size_t start, long line,
		     struct err *e)
{
	if (*count >= CSV_FIELDS_MAX)
		return err_at(e, line, 0, "more than %d fields", CSV_FIELDS_MAX);
	c->off[*count] = start;
	c->len[*count] = c->text.len - start;
	(*count)++;
	if (buf_addc(&c->text, '\0'))
		return err_at(e, line, 0, "record too long");
	return 0;
}

int csv_next(struct csv *c, struct csv_row *row, struct err *e)
{
	const char *p = c->p;
	int count = 0, i;
	size_t start, linestart;

	/* skip blank lines */
	while (c->pos < c->n && (p[c->pos] == '\n' ||
				 (p[c->pos] == '\r' && c->pos + 1 < c->n &&
				  p[c->pos + 1] == '\n'))) {
		c->pos += p[c->pos] == '\r' ? 2 : 1;
		c->line++;
	}
	if (c->pos >= c->n)
		return 0;
	buf_reset(&c->text);
	row->line = c->line;
	row->pos = c->pos;
	linestart = c->pos;
	start = 0;
	for (;;) {
		int at_end = c->pos >= c->n;
		char ch = at_end ? '\n' : p[c->pos];

		if (!at_end && ch == '"' && c->text.len == start &&
		    (c->pos == linestart || p[c->pos - 1] == c->delim)) {
			/* quoted field */
			long qline = c->line;
			size_t qcol = c->pos - linestart + 1;

			c->pos++;
			for (;;) {
				if (c->pos >= c->n)
					return err_at(e, qline, (long)qcol,
						      "quoted field not closed");
				ch = p[c->pos++];
				if (ch == '"') {
					if (c->pos < c->n && p[c->pos] == '"') {
						c->pos++;
					} else {
						break;
					}
				} else if (ch == '\n') {
					c->line++;
					linestart = c->pos;
				}
				if (buf_addc(&c->text, ch))
					return err_at(e, qline, 0,
						      "record too long");
			}
			if (c->pos < c->n && p[c->pos] != c->delim &&
			    p[c->pos] != '\n' &&
			    !(p[c->pos] == '\r' && c->pos + 1 < c->n &&
			      p[c->pos + 1] == '\n'))
				return err_at(e, c->line,
					      (long)(c->pos - linestart) + 1,
					      "text after a closing quote");
			continue;
		}
		if (!at_end && ch != c->delim && ch != '\n' && ch != '\r' &&
		    ch != '"') {
			/* a run of plain bytes: copied at once, not a byte at
			 * a time (the loop's cost on a long table) */
			size_t q = c->pos + 1;

			while (q < c->n && p[q] != c->delim && p[q] != '\n' &&
			       p[q] != '\r' && p[q] != '"')
				q++;
			if (buf_add(&c->text, p + c->pos, q - c->pos))
				return err_at(e, c->line, 0, "record too long");
			c->pos = q;
			continue;
		}
		if (ch == c->delim) {
			if (end_field(c, &count, start, c->line, e))
				return -1;
			start = c->text.len;
			c->pos++;
			continue;
		}
		if (ch == '\r' && c->pos + 1 < c->n && p[c->pos + 1] == '\n') {
			c->pos++;
			continue;
		}
		if (ch == '\n') {
			if (end_field(c, &count, start, c->line, e))
				return -1;
			if (!at_end)
				c->pos++;
			c->line++;
			break;
		}
		if (buf_addc(&c->text, ch))
			return err_at(e, c->line, 0, "record too long");
		c->pos++;
	}
	row->count = count;
	for (i = 0; i < count; i++) {
		row->field[i] = c->text.data + c->off[i];
		row->len[i] = c->len[i];
	}
	return 1;
}
