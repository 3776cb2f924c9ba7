/*
 * lines.h: walking a text buffer line by line, counting lines for messages.
 *
 * Every text parser goes through here so that line numbers in errors agree
 * everywhere, and so that LF and CRLF files read the same (a CSV saved on
 * Windows is still the same data).
 */
#ifndef BENCHSITE_LINES_H
#define BENCHSITE_LINES_H

#include <stddef.h>

struct err;

/* No benchmark tool prints a line anywhere near this long; a longer one is
 * a damaged or hostile file, and the cap keeps every per-line buffer small. */
#define LINE_MAX_BYTES (1024 * 1024)

struct lines {
	const char *p;
	size_t len;
	size_t pos;
	long lineno;	/* of the line last returned, 1-based */
	size_t ticked;	/* pos at the last tick (lines_set_tick) */
};

/* Progress, for the memory behind the text: while set (for the calling
 * thread), lines_next calls tick(ctx) each time a walk has moved another
 * LINES_TICK_BYTES.  The importer drops the pages of a mapped input there
 * (collector/source.h), so that no parser needs to know about memory and
 * each of its passes over a 1 GB log holds only a few MB.  NULL unsets. */
#define LINES_TICK_BYTES ((size_t)8 << 20)
void lines_set_tick(void (*tick)(void *), void *ctx);

/* Inside a tick: how far the walk that called it has got, of how many
 * bytes (for a progress report). */
void lines_tick_at(size_t *pos, size_t *len);

/* Starts at the beginning of p[0..len), skipping a UTF-8 byte order mark. */
void lines_init(struct lines *l, const char *p, size_t len);

/* Sets *line and *n to the next line without its LF or CRLF; returns 1, or 0 at
 * the end. */
int lines_next(struct lines *l, const char **line, size_t *n);

/* Checks that p[0..len) is text a parser may read: not empty, no NUL byte,
 * valid UTF-8, no line over LINE_MAX_BYTES, no carriage return other than
 * in a CRLF line end.  Fills e (file kept) with the line and column of the
 * first fault. */
int lines_validate(const char *p, size_t len, struct err *e);

#endif
