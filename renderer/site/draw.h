/*
 * draw.h: the site's charts, laid out when a page asks for them and drawn
 * on threads while the pages are built (draw.c).
 */
#ifndef BENCHSITE_DRAW_H
#define BENCHSITE_DRAW_H

struct chart;
struct chart_layout;
struct site;

/* Lays chart c out into *l and narrow into *n (the caller's, for the
 * page's img sizes) and arranges BASE.png, BASE.svg, BASE-thumb.png and
 * BASE-narrow.svg: linked from the published site when their inputs are
 * unchanged, else queued: drawing threads (s->jobs - 1 of them, and the
 * calling thread when the queue is full) draw it while the caller goes
 * on. */
int draw_chart(struct site *s, const struct chart *c, const char *base,
	       struct chart_layout *l, struct chart_layout *n);

/* Frees what draw_chart keeps between calls (site_release calls it). */
void draw_release(struct site *s);

/* Draws every queued chart (the calling thread with the drawing threads),
 * stops the threads and says whether every chart was drawn.  A render
 * calls it before publishing or abandoning the staging folder, failed or
 * not: no thread may write there after. */
int draw_flush(struct site *s);

/* Notes that this render made chart base with key (its files came with a
 * reused unit), as draw_chart would have. */
int draw_chart_made(struct site *s, const char *base, const char *key);

/* Notes that the caller drew line chart base (a sweep's, figures over
 * time: drawn with their pages, their files written by the caller) so
 * that the render's report counts it, and a reused unit's line charts as
 * unchanged (site_unit_reuse counts its "line" lines). */
int draw_line_made(struct site *s, const char *base);

/* Shows how far the render got on the progress line (core/progress.h),
 * once it has met more than DRAW_PROGRESS_MIN charts and s->progress is
 * set; called from the render's main thread. */
void draw_progress(struct site *s);

/* The key of how this machine lays a fixed chart out (fonts, cairo):
 * part of s->prog, because a reused unit's charts are not laid out. */
int draw_layout_probe(struct site *s, char key[65]);

#endif
