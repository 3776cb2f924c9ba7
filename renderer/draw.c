/*
 * draw.c: the site's charts, laid out at once, drawn later and in parallel.
 *
 * Laying a chart out is cheap (a few text measurements); encoding it as PNG
 * is nearly all of a render's time (DESIGN.md "Where the time goes").  So
 * site_chart lays out at once (the page needs the image's size), keys the
 * chart by a SHA-256 of its whole layout, and either links the published
 * files when the published site's manifest has the same key, or queues the
 * layout; site_flush draws the queue on s->jobs threads.  Each job writes
 * its own files, so the threads share nothing but the queue index.
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/sha256.h"
#include "site.h"

/* Thumbnails are drawn at this scale of the full chart. */
#define THUMB_SCALE 0.35

struct chart_job {
	struct chart_layout l;
	char base[80];
};

/* Bump when painting changes, so that no published chart of the old look
 * is reused. */
#define CHART_STYLE "benchsite chart style 2"

/* The key of a layout: the style and every number and text painting uses
 * (memset to zero first, so padding and unused text bytes are stable).
 * Only the first nbars entries of the per-bar arrays are hashed: the whole
 * struct is about 90 KB, and hashing all of it was a fifth of a render's
 * time (bench/). */
static void layout_key(const struct chart_layout *l, char key[65])
{
	const char *p = (const char *)l;
	size_t nb = l->nbars < 0 ? 0 : l->nbars > CHART_BARS_MAX ?
					  CHART_BARS_MAX : (size_t)l->nbars;
	struct sha256 h;

	sha256_init(&h);
	sha256_update(&h, CHART_STYLE, sizeof(CHART_STYLE));
	sha256_update(&h, p, offsetof(struct chart_layout, color));
	sha256_update(&h, l->color, nb * sizeof(l->color[0]));
	sha256_update(&h, l->has_err, nb * sizeof(l->has_err[0]));
	sha256_update(&h, l->err_x0, nb * sizeof(l->err_x0[0]));
	sha256_update(&h, l->err_x1, nb * sizeof(l->err_x1[0]));
	sha256_update(&h, p + offsetof(struct chart_layout, plot),
		      offsetof(struct chart_layout, bar) -
			      offsetof(struct chart_layout, plot));
	sha256_update(&h, l->bar, nb * sizeof(l->bar[0]));
	sha256_update(&h, l->label, nb * sizeof(l->label[0]));
	sha256_update(&h, l->label_x, nb * sizeof(l->label_x[0]));
	sha256_update(&h, l->value_text, nb * sizeof(l->value_text[0]));
	sha256_update(&h, l->value_x, nb * sizeof(l->value_x[0]));
	sha256_update(&h, l->text_y, nb * sizeof(l->text_y[0]));
	sha256_final_hex(&h, key);
}

/* Charts by base name, in a hash table: the published manifest's key
 * (old) and the key of the files this render already made (made).  A
 * strstr over the manifest per chart made a render quadratic in its
 * charts, and a chart that two pages show (comparison and test page) was
 * drawn twice, the second time because linking onto the first failed. */
struct chart_entry {
	char base[80];		/* "" when the slot is free */
	char old[65];		/* "" when not published */
	char made[65];		/* "" when not made in this render */
};

struct chart_index {
	struct chart_entry *e;
	size_t cap, n;		/* cap a power of two, n <= cap / 2 */
};

static size_t hash_str(const char *p)
{
	size_t h = 14695981039346656037ull & SIZE_MAX;

	while (*p)
		h = (h ^ (unsigned char)*p++) * (1099511628211ull & SIZE_MAX);
	return h;
}

static struct chart_entry *index_slot(struct chart_entry *e, size_t cap,
				      const char *base)
{
	size_t i = hash_str(base) & (cap - 1);

	while (e[i].base[0] && strcmp(e[i].base, base) != 0)
		i = (i + 1) & (cap - 1);
	return &e[i];
}

/* The entry of base, added when missing; NULL when out of memory. */
static struct chart_entry *index_get(struct chart_index *x, const char *base)
{
	struct chart_entry *t;

	if (x->n + 1 > x->cap / 2) {
		size_t ncap = x->cap ? 2 * x->cap : 1024, i;
		struct chart_entry *ne = calloc(ncap, sizeof(*ne));

		if (!ne)
			return NULL;
		for (i = 0; i < x->cap; i++)
			if (x->e[i].base[0])
				*index_slot(ne, ncap, x->e[i].base) = x->e[i];
		free(x->e);
		x->e = ne;
		x->cap = ncap;
	}
	t = index_slot(x->e, x->cap, base);
	if (!t->base[0]) {
		snprintf(t->base, sizeof(t->base), "%s", base);
		x->n++;
	}
	return t;
}

/* The index with the published manifest's "chart BASE KEY" lines. */
static int index_init(struct site *s)
{
	const char *p = s->old_manifest.data;

	s->charts = calloc(1, sizeof(*s->charts));
	if (!s->charts)
		return -1;
	while (p && (p = strstr(p, "\nchart ")) != NULL) {
		const char *b = p + 7, *sp = strchr(b, ' ');
		char base[80];
		struct chart_entry *t;

		p = b;
		if (!sp || (size_t)(sp - b) >= sizeof(base) ||
		    strspn(sp + 1, "0123456789abcdef") < 64)
			continue;
		memcpy(base, b, (size_t)(sp - b));
		base[sp - b] = '\0';
		if (!(t = index_get(s->charts, base)))
			return -1;
		memcpy(t->old, sp + 1, 64);
		t->old[64] = '\0';
	}
	return 0;
}

void site_charts_release(struct site *s)
{
	if (s->charts)
		free(s->charts->e);
	free(s->charts);
	s->charts = NULL;
}

static const char *const suffix[3] = {".png", ".svg", "-thumb.png"};

static int reuse(struct site *s, const char *base)
{
	char from[4200], to[4200], name[128];
	int i;

	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "%s%s", base, suffix[i]);
		if ((size_t)snprintf(from, sizeof(from), "%s/%s", s->out, name) >=
			    sizeof(from) ||
		    site_path(s, name, to, sizeof(to)) || link(from, to)) {
			/* undo the links made so far: the chart is drawn */
			while (--i >= 0) {
				snprintf(name, sizeof(name), "%s%s", base,
					 suffix[i]);
				if (site_path(s, name, to, sizeof(to)) == 0)
					unlink(to);
			}
			return -1;
		}
	}
	return 0;
}

int site_chart(struct site *s, const struct chart *c, const char *base,
	       struct chart_layout *l)
{
	struct chart_entry *t;
	char key[65];

	if (strlen(base) >= sizeof(((struct chart_job *)0)->base))
		return err_set(s->e, base, 0, 0, "chart name too long");
	if ((!s->charts && index_init(s)) ||
	    !(t = index_get(s->charts, base)))
		return err_set(s->e, NULL, 0, 0, "out of memory");
	memset(l, 0, sizeof(*l));
	if (chart_layout(c, NULL, NULL, l, s->e))
		return -1;
	layout_key(l, key);
	if (strcmp(t->made, key) == 0)
		return 0;	/* another page showed it: its files are made */
	/* Making them again would draw into the hard link to the published
	 * copy, changing the published site in place. */
	if (t->made[0])
		return err_set(s->e, base, 0, 0, "two different charts under "
			       "one name");
	if (buf_printf(&s->manifest, "chart %s %s\n", base, key))
		return err_set(s->e, NULL, 0, 0, "manifest too large");
	s->files += 3;
	memcpy(t->made, key, sizeof(key));
	if (s->out && strcmp(t->old, key) == 0 && reuse(s, base) == 0) {
		s->reused += 3;
		return 0;
	}
	if (s->nqueue == s->capqueue) {
		int ncap = s->capqueue ? 2 * s->capqueue : 32;
		struct chart_job *nq = realloc(s->queue,
					       (size_t)ncap * sizeof(*nq));

		if (!nq)
			return err_set(s->e, NULL, 0, 0, "out of memory");
		s->queue = nq;
		s->capqueue = ncap;
	}
	memcpy(&s->queue[s->nqueue].l, l, sizeof(*l));
	snprintf(s->queue[s->nqueue].base, sizeof(s->queue[0].base), "%s", base);
	s->nqueue++;
	return 0;
}

struct pool {
	struct site *s;
	pthread_mutex_t lock;
	int next;
	int failed;
	struct err e;	/* the first failure */
};

/* The staging path of name, free for a new file.  cairo opens with
 * fopen("wb"), which truncates in place: had this render hard-linked the
 * published copy there (reuse() of a chart asked for twice), it would
 * rewrite the PUBLISHED file, and a render killed mid-write would leave
 * the live site with a torn chart (tests/hostile.test.sh, kill -9 during
 * render).  Unlinking first gives the drawing its own inode. */
static int fresh_path(struct site *s, const char *name, char *path,
		      size_t cap, struct err *e)
{
	if (site_path(s, name, path, cap))
		return -1;
	if (unlink(path) && errno != ENOENT)
		return err_set(e, path, 0, 0, "cannot replace: %s",
			       strerror(errno));
	return 0;
}

static int draw_job(struct site *s, const struct chart_job *j,
		    struct err *e)
{
	char path[4200], name[128];

	snprintf(name, sizeof(name), "%s.png", j->base);
	if (fresh_path(s, name, path, sizeof(path), e) ||
	    chart_paint_png(&j->l, 1, path, e))
		return -1;
	snprintf(name, sizeof(name), "%s.svg", j->base);
	if (fresh_path(s, name, path, sizeof(path), e) ||
	    chart_paint_svg(&j->l, path, e))
		return -1;
	snprintf(name, sizeof(name), "%s-thumb.png", j->base);
	if (fresh_path(s, name, path, sizeof(path), e) ||
	    chart_paint_png(&j->l, THUMB_SCALE, path, e))
		return -1;
	return 0;
}

static void *worker(void *arg)
{
	struct pool *p = arg;

	for (;;) {
		struct err e;
		int i;

		pthread_mutex_lock(&p->lock);
		i = p->failed ? p->s->nqueue : p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->s->nqueue)
			return NULL;
		err_clear(&e);
		if (draw_job(p->s, &p->s->queue[i], &e)) {
			pthread_mutex_lock(&p->lock);
			if (!p->failed)
				p->e = e;
			p->failed = 1;
			pthread_mutex_unlock(&p->lock);
		}
	}
}

/* Most threads a render starts, whatever --jobs says: charts are drawn by
 * the CPU, and more threads than cores only add switching. */
#define DRAW_THREADS_MAX 64

int site_flush(struct site *s)
{
	pthread_t t[DRAW_THREADS_MAX];
	struct pool p;
	int i, n = s->jobs < 1 ? 1 : s->jobs > DRAW_THREADS_MAX ?
						     DRAW_THREADS_MAX : s->jobs;

	if (s->nqueue == 0)
		return 0;
	if (n > s->nqueue)
		n = s->nqueue;
	memset(&p, 0, sizeof(p));
	p.s = s;
	pthread_mutex_init(&p.lock, NULL);
	if (n == 1) {
		worker(&p);
	} else {
		int started = 0;

		for (i = 0; i < n; i++)
			if (pthread_create(&t[i], NULL, worker, &p) == 0)
				started++;
			else
				break;
		if (started == 0)
			worker(&p);
		for (i = 0; i < started; i++)
			pthread_join(t[i], NULL);
	}
	pthread_mutex_destroy(&p.lock);
	s->drawn += s->nqueue;
	s->written += 3L * s->nqueue;
	if (s->progress)
		fprintf(stderr, "\rrender: %ld charts drawn, %ld files reused",
			s->drawn, s->reused);
	s->nqueue = 0;
	if (p.failed) {
		*s->e = p.e;
		return -1;
	}
	return 0;
}
