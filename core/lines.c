/*
 * lines.c: see lines.h.
 */
#include "lines.h"

#include <string.h>

#include "err.h"
#include "text.h"

static _Thread_local void (*tick_fn)(void *);
static _Thread_local void *tick_ctx;
static _Thread_local size_t tick_pos, tick_len;

void lines_set_tick(void (*tick)(void *), void *ctx)
{
	tick_fn = tick;
	tick_ctx = ctx;
}

void lines_tick_at(size_t *pos, size_t *len)
{
	*pos = tick_pos;
	*len = tick_len;
}

static size_t bom_len(const char *p, size_t len)
{
	return len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

void lines_init(struct lines *l, const char *p, size_t len)
{
	l->p = p;
	l->len = len;
	l->pos = bom_len(p, len);
	l->lineno = 0;
	l->ticked = 0;
}

int lines_next(struct lines *l, const char **line, size_t *n)
{
	const char *start, *nl;
	size_t k;

	if (l->pos >= l->len)
		return 0;
	start = l->p + l->pos;
	nl = memchr(start, '\n', l->len - l->pos);
	k = nl ? (size_t)(nl - start) : l->len - l->pos;
	l->pos += k + (nl ? 1 : 0);
	l->lineno++;
	if (tick_fn && l->pos - l->ticked >= LINES_TICK_BYTES) {
		l->ticked = l->pos;
		tick_pos = l->pos;
		tick_len = l->len;
		tick_fn(tick_ctx);
	}
	if (k > 0 && start[k - 1] == '\r')
		k--;
	*line = start;
	*n = k;
	return 1;
}

int lines_validate(const char *p, size_t len, struct err *e)
{
	struct lines l;
	const char *s;
	size_t n, bad;

	if (len == 0)
		return err_at(e, 1, 0, "empty file");
	lines_init(&l, p, len);
	if (l.pos == len)
		return err_at(e, 1, 0, "empty file");
	while (lines_next(&l, &s, &n)) {
		const char *cr;

		if (n > LINE_MAX_BYTES)
			return err_at(e, l.lineno, 0,
				      "line longer than %d bytes", LINE_MAX_BYTES);
		if (utf8_check(s, n, &bad) < 0) {
			if (s[bad] == '\0')
				return err_at(e, l.lineno, (long)bad + 1, "NUL byte");
			return err_at(e, l.lineno, (long)bad + 1,
				      "invalid UTF-8 byte 0x%02x",
				      (unsigned)(unsigned char)s[bad]);
		}
		cr = memchr(s, '\r', n);
		if (cr)
			return err_at(e, l.lineno, (long)(cr - s) + 1,
				      "carriage return inside a line");
	}
	return 0;
}
