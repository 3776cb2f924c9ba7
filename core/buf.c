/*
 * buf.c: the bounded buffer.  Capacity doubles (amortised O(1) appends) but
 * is clamped to max + 1 so a buffer never allocates more than it may hold.
 */
#include "buf.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* atomic: the renderer's drawing threads use buffers too */
static atomic_int oom;

int buf_oom(void)
{
	return atomic_load(&oom);
}

void buf_oom_note(void)
{
	atomic_store(&oom, 1);
}

void buf_init(struct buf *b, size_t max)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->max = max;
}

void buf_release(struct buf *b)
{
	free(b->data);
	buf_init(b, b->max);
}

void buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

static int buf_grow(struct buf *b, size_t need)
{
	size_t cap;
	char *p;

	if (need > b->max)
		return -1;
	if (need + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < need + 1)
		cap = cap > ((size_t)-1) / 2 ? need + 1 : cap * 2;
	if (cap > b->max + 1)
		cap = b->max + 1;
	p = realloc(b->data, cap);
	if (!p) {
		atomic_store(&oom, 1);
		return -1;
	}
	b->data = p;
	b->cap = cap;
	return 0;
}

int buf_add(struct buf *b, const void *p, size_t n)
{
	if (n > b->max - b->len || buf_grow(b, b->len + n))
		return -1;
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int buf_adds(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

int buf_addc(struct buf *b, char c)
{
	return buf_add(b, &c, 1);
}

int buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n > b->max - b->len || buf_grow(b, b->len + (size_t)n))
		return -1;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

char *buf_detach(struct buf *b, size_t *len)
{
	char *p = b->data;

	if (len)
		*len = b->len;
	if (!p && !(p = calloc(1, 1)))
		atomic_store(&oom, 1);
	buf_init(b, b->max);
	return p;
}
