/*
 * buf.h: a growable byte buffer with a mandatory maximum (curl's dynbuf).
 *
 * Every buffer that holds outside data says up front how large it may get;
 * growing past that is an error the caller reports, never an unbounded
 * realloc.  The contents are always NUL-terminated so they can be used as a
 * C string when they hold text.
 */
#ifndef BENCHSITE_BUF_H
#define BENCHSITE_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char *data;	/* owned; NULL until the first append */
	size_t len;
	size_t cap;
	size_t max;	/* len may never exceed this */
};

/* Initialises an empty buffer that may hold at most max bytes. */
void buf_init(struct buf *b, size_t max);

/* Frees the contents; b can be reused after buf_init. */
void buf_release(struct buf *b);

/* Empties b, keeping its memory. */
void buf_reset(struct buf *b);

/* Appends n bytes; -1 when that would pass b->max or memory ran out. */
int buf_add(struct buf *b, const void *p, size_t n);
int buf_adds(struct buf *b, const char *s);
int buf_addc(struct buf *b, char c);
int buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Hands the contents to the caller (who frees them) and empties b; NULL
 * when memory ran out. */
char *buf_detach(struct buf *b, size_t *len);

/* 1 when any buffer of this process could not grow for want of memory:
 * text built with appends whose results go unchecked (a page's sentences,
 * a chart's alt text) lacks what did not fit, and a render must not publish
 * it (renderer/pages/site_plan.c checks this before the render publishes, as it
 * checks libxml2's flag). */
int buf_oom(void);

/* Sets what buf_oom answers, for a copy made on the way into a buffer
 * (cleaned text) that could not be made. */
void buf_oom_note(void);

#endif
