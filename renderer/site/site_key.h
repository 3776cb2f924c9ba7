/*
 * site_key.h: the hashes that decide what a render may reuse (site_key.c).
 */
#ifndef BENCHSITE_SITE_KEY_H
#define BENCHSITE_SITE_KEY_H

struct site;
struct store_comparison;

/* The key of comparison c's unit of pages, from s->prog and s->digests
 * (both set), as 64 hex digits and a NUL into key. */
void site_key_comparison(struct site *s, const struct store_comparison *c,
			 char key[65]);

/* Sets s->prog (see site_key.c); 0, or -1 with s->e filled. */
int site_key_prog(struct site *s);

/* The key of this whole render into key: 0; 1 when there is none (the
 * render does its full work); -1 with s->e filled. */
int site_key_render(struct site *s, char key[65]);

/* 1 when the published site at out was rendered from key and still holds
 * every file it had (*nfiles of them): the render has nothing to do. */
int site_key_fresh(const char *out, const char *key, long *nfiles);

#endif
