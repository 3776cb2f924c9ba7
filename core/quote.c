/*
 * quote.c: CSV/TSV fields and JSON strings (quote.h).
 *
 * A buffer and a stream are both reached through struct out, and the text
 * goes out in runs of bytes that need no escape, so a plain name costs one
 * write however it is sent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "quote.h"
#include "textrule.h"

struct out {
	struct buf *b;	/* one of b and f */
	FILE *f;
	int rc;		/* -1 once a write failed */
};

static void put(struct out *o, const char *p, size_t n)
{
	if (n == 0)
		return;
	if (o->b ? buf_add(o->b, p, n) != 0 : fwrite(p, 1, n, o->f) != n)
		o->rc = -1;
}

static void field(struct out *o, const char *s, char delim, int flags)
{
	const char *run;

	if (flags & QUOTE_CLEAN) {
		char *t = textrule_clean_dup(s, NULL);

		if (!t) {
			o->rc = -1;
			put(o, "?", 1);
			return;
		}
		field(o, t, delim, flags & ~QUOTE_CLEAN);
		free(t);
		return;
	}

	if ((flags & QUOTE_FORMULA) && s[0] && strchr("=+-@\t\r", s[0])) {
		put(o, "\"'", 2);
	} else if (!strchr(s, delim) && !strpbrk(s, "\"\r\n")) {
		put(o, s, strlen(s));
		return;
	} else {
		put(o, "\"", 1);
	}
	/* a quote inside is doubled: the run is written up to and including
	 * it, and the next run starts at it again */
	for (run = s; *s; s++) {
		if (*s == '"') {
			put(o, run, (size_t)(s - run) + 1);
			run = s;
		}
	}
	put(o, run, (size_t)(s - run));
	put(o, "\"", 1);
}

static void json(struct out *o, const char *s)
{
	const char *run;

	put(o, "\"", 1);
	for (run = s; *s; s++) {
		unsigned char c = (unsigned char)*s;
		char esc[8];

		if (c != '"' && c != '\\' && c >= 0x20)
			continue;
		put(o, run, (size_t)(s - run));
		run = s + 1;
		if (c == '"' || c == '\\')
			snprintf(esc, sizeof(esc), "\\%c", c);
		else if (c == '\n')
			snprintf(esc, sizeof(esc), "\\n");
		else if (c == '\t')
			snprintf(esc, sizeof(esc), "\\t");
		else
			snprintf(esc, sizeof(esc), "\\u%04x", c);
		put(o, esc, strlen(esc));
	}
	put(o, run, (size_t)(s - run));
	put(o, "\"", 1);
}

int quote_field(struct buf *b, const char *s, char delim, int flags)
{
	struct out o = {b, NULL, 0};

	field(&o, s, delim, flags);
	return o.rc;
}

int quote_field_file(FILE *f, const char *s, char delim, int flags)
{
	struct out o = {NULL, f, 0};

	field(&o, s, delim, flags);
	return o.rc;
}

int quote_json(struct buf *b, const char *s)
{
	struct out o = {b, NULL, 0};

	json(&o, s);
	return o.rc;
}

int quote_json_file(FILE *f, const char *s)
{
	struct out o = {NULL, f, 0};

	json(&o, s);
	return o.rc;
}

const char *quote_arg(const char *s, char out[QUOTE_ARG_SIZE])
{
	size_t i = 0, o = 0, n = strlen(s), at;
	long cp;

	/* an escape takes at most 4 bytes per byte it stands for (\xHH for
	 * one, \u{0085} for two, \u{202E} for three, \u{1FFFE} for four),
	 * and the last character may pass QUOTE_ARG_MAX by 3: it fits */
	while (i < n && i < QUOTE_ARG_MAX) {
		size_t ok, k;

		if (textrule_check(s + i, n - i, &at, &cp) == 0)
			at = n - i;
		/* the allowed run, up to the cap, cut at a character's start */
		ok = at < QUOTE_ARG_MAX - i ? at : QUOTE_ARG_MAX - i;
		while (ok > 0 && ok < at && ((unsigned char)s[i + ok] & 0xc0) == 0x80)
			ok--;
		memcpy(out + o, s + i, ok);
		o += ok;
		i += ok;
		if (ok < at || i >= n)
			break;
		if (cp != TEXTRULE_BAD_UTF8)
			cp &= ~TEXTRULE_NOT_NFC;
		if (cp == TEXTRULE_BAD_UTF8 || cp < 0x80) {
			o += (size_t)snprintf(out + o, QUOTE_ARG_SIZE - o, "\\x%02X",
					      (unsigned char)s[i]);
			i++;
			continue;
		}
		o += (size_t)snprintf(out + o, QUOTE_ARG_SIZE - o, "\\u{%04lX}",
				      (unsigned long)cp);
		/* the character's bytes: its lead byte says how many */
		k = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
		i += k;
	}
	if (i < n)
		o += (size_t)snprintf(out + o, QUOTE_ARG_SIZE - o, "...");
	out[o] = '\0';
	return out;
}
