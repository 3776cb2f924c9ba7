/*
 * draw.c: the site's charts, laid out at once, drawn later and in parallel.
 *
 * Laying a chart out is cheap (a few text measurements); encoding it as PNG
 * is nearly all of a render's time (bench/README.md has the figures).  So
 * draw_chart lays out at once (the page needs the image's size), keys the
 * chart by a SHA-256 of its whole layout, and either links the published
 * files when the published site's manifest has the same key, or queues the
 * layout for drawing threads that run while the pages are built (see "The
 * drawing pipeline" below).  Each job writes its own files, so the threads
 * share nothing but the queue.
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/err.h"
#include "../../core/progress.h"
#include "../../core/sha256.h"
#include "../chart/chart.h"
#include "draw.h"
#include "site.h"
#include "../chart/chart_svg.h"

#define THUMB_SCALE CHART_THUMB_SCALE

/* A chart's two layouts: the full one (PNG, SVG, thumbnail) and the
 * narrow one (BASE-narrow.svg, for phones and the comparison page). */
struct chart_job {
	struct chart_layout l, n;
	char base[80];
};

/* Bump when painting changes, so that no published chart of the old look
 * is reused. */
#define CHART_STYLE "benchsite chart style 9"

/* The key of a layout: the style and every number and text painting uses
 * (memset to zero first, so padding and unused text bytes are stable).
 * Only the first nbars entries of the per-bar arrays are hashed: the whole
 * struct is about 190 KB, and hashing all of it would cost a fifth of a
 * render's time. */
static void layout_key(const struct chart_layout *l, char key[65])
{
	const char *p = (const char *)l;
	size_t nb = l->nbars < 0 ? 0 : l->nbars > CHART_BARS_MAX ?
					  CHART_BARS_MAX : (size_t)l->nbars;
	size_t nd = l->ndots < 0 ? 0 : l->ndots > CHART_DOTS_MAX ?
					  CHART_DOTS_MAX : (size_t)l->ndots;
	size_t ng = l->nlegend < 0 ? 0 : l->nlegend > CHART_LEGEND_MAX + 2 ?
					    CHART_LEGEND_MAX + 2 : (size_t)l->nlegend;
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
	sha256_update(&h, l->legend, ng * sizeof(l->legend[0]));
	sha256_update(&h, l->legend_color, ng * sizeof(l->legend_color[0]));
	sha256_update(&h, l->legend_x, ng * sizeof(l->legend_x[0]));
	sha256_update(&h, l->legend_y, ng * sizeof(l->legend_y[0]));
	sha256_update(&h, l->dot_n, nb * sizeof(l->dot_n[0]));
	sha256_update(&h, l->dot_x, nd * sizeof(l->dot_x[0]));
	sha256_update(&h, l->dot_y, nd * sizeof(l->dot_y[0]));
	sha256_update(&h, l->head, nb * sizeof(l->head[0]));
	sha256_update(&h, l->head_y, nb * sizeof(l->head_y[0]));
	if (l->clustered)
		sha256_update(&h, l->head_text, nb * sizeof(l->head_text[0]));
	sha256_final_hex(&h, key);
}

/* Charts by base name, in a hash table: the published manifest's key
 * (old) and the key of the files this render already made (made).  A
 * table, because a search of the manifest per chart would make a render
 * quadratic in its charts; made, because a chart that two pages show
 * (comparison and test page) is drawn once: a second drawing would fail
 * to link onto the first's files. */
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

void draw_release(struct site *s)
{
	if (s->charts)
		free(s->charts->e);
	free(s->charts);
	s->charts = NULL;
}

#define CHART_FILES 4
static const char *const suffix[CHART_FILES] = {".png", ".svg", "-thumb.png",
						"-narrow.svg"};

static int reuse(struct site *s, const char *base)
{
	char name[128];
	int i;

	for (i = 0; i < CHART_FILES; i++) {
		snprintf(name, sizeof(name), "%s%s", base, suffix[i]);
		if (site_link_published(s, name)) {
			/* undo the links made so far: the chart is drawn */
			while (--i >= 0) {
				snprintf(name, sizeof(name), "%s%s", base,
					 suffix[i]);
				site_unlink(s, name);
			}
			return -1;
		}
	}
	return 0;
}

static int queue_put(struct site *s, const struct chart_layout *l,
		     const struct chart_layout *n, const char *base);

int draw_chart(struct site *s, const struct chart *c, const char *base,
	       struct chart_layout *l, struct chart_layout *n)
{
	struct chart_entry *t;
	struct sha256 h;
	char key[65], nkey[65];

	if (strlen(base) >= sizeof(((struct chart_job *)0)->base))
		return err_set(s->e, base, 0, 0, "chart name too long");
	if ((!s->charts && index_init(s)) ||
	    !(t = index_get(s->charts, base)))
		return err_set(s->e, NULL, 0, 0, "out of memory");
	memset(l, 0, sizeof(*l));
	memset(n, 0, sizeof(*n));
	if (chart_layout(c, NULL, NULL, l, s->e) ||
	    chart_layout_narrow(c, NULL, NULL, n, s->e))
		return -1;
	/* the key of both layouts */
	layout_key(l, key);
	layout_key(n, nkey);
	sha256_init(&h);
	sha256_update(&h, key, 64);
	sha256_update(&h, nkey, 64);
	sha256_final_hex(&h, key);
	if (strcmp(t->made, key) == 0)
		return 0;	/* another page showed it: its files are made */
	/* Making them again would draw into the hard link to the published
	 * copy, changing the published site in place. */
	if (t->made[0])
		return err_set(s->e, base, 0, 0, "two different charts under "
			       "one name");
	if (buf_printf(&s->manifest, "chart %s %s\n", base, key) ||
	    (s->recording &&
	     buf_printf(&s->manifest, "file %s.png\nfile %s.svg\n"
			"file %s-thumb.png\nfile %s-narrow.svg\n", base, base,
			base, base)))
		return err_set(s->e, NULL, 0, 0, "%s", buf_oom() ?
			       "out of memory" : "manifest too large");
	s->files += CHART_FILES;
	s->ncharts++;
	memcpy(t->made, key, sizeof(key));
	if (s->out && strcmp(t->old, key) == 0 && reuse(s, base) == 0) {
		s->reused += CHART_FILES;
		return 0;
	}
	return queue_put(s, l, n, base);
}

int draw_chart_made(struct site *s, const char *base, const char *key)
{
	struct chart_entry *t;

	if ((!s->charts && index_init(s)) ||
	    !(t = index_get(s->charts, base)))
		return -1;
	if (!t->made[0])
		s->ncharts++;
	snprintf(t->made, sizeof(t->made), "%s", key);
	return 0;
}

int draw_line_made(struct site *s, const char *base)
{
	if (s->recording && buf_printf(&s->manifest, "line %s\n", base))
		return err_set(s->e, NULL, 0, 0, "%s", buf_oom() ?
			       "out of memory" : "manifest too large");
	s->ncharts++;
	s->drawn++;
	return 0;
}

int draw_layout_probe(struct site *s, char key[65])
{
	struct chart *c = calloc(1, sizeof(*c));
	struct chart_layout *l = calloc(1, sizeof(*l));
	int rc = -1;

	if (c && l) {
		c->title = "Probe: Wg \xc3\xa9 1/s";
		c->axis = "rate (KiB/s), higher is better";
		c->unit = "KiB/s";
		c->width = 960;
		c->nbars = 2;
		c->bar[0].label = "ext4 noatime";
		c->bar[0].value = 123456.5;
		c->bar[0].has_value = 1;
		c->bar[0].n = 3;
		c->bar[0].err_lo = 120000;
		c->bar[0].err_hi = 130000;
		c->bar[1].label = "xfs";
		c->bar[1].status = "failed";
		c->bar[1].color = 1;
		if (chart_layout(c, NULL, NULL, l, s->e) == 0) {
			layout_key(l, key);
			rc = 0;
		}
	} else {
		err_set(s->e, NULL, 0, 0, "out of memory");
	}
	free(c);
	free(l);
	return rc;
}

/* The drawing pipeline.  The first chart queued starts s->jobs - 1
 * drawing threads, which take charts from a ring while the main thread
 * goes on building pages (a render is about three quarters drawing and a
 * quarter pages: drawing only between comparisons would leave a second CPU
 * idle for that quarter).  When the ring is full the main
 * thread draws the oldest chart itself instead of waiting; draw_flush
 * makes it draw with the others until the ring is empty and joins them.
 * The ring bounds memory: a job (two layouts) is about 370 KB. */
#define RING_JOBS 64

/* Most threads a render starts, whatever --jobs says: charts are drawn by
 * the CPU, and more threads than cores only add switching. */
#define DRAW_THREADS_MAX 64

struct pool {
	struct site *s;
	pthread_mutex_t lock;
	pthread_cond_t more;	/* a job was queued, or the pool closed */
	struct chart_job ring[RING_JOBS];
	int head, count;	/* the oldest job, and how many */
	int closed, failed;
	struct err e;		/* the first failure */
	pthread_t t[DRAW_THREADS_MAX];
	int nthreads;
	long drawn;
};

/* Renders of more than this many charts show their progress. */
#define DRAW_PROGRESS_MIN 200

void draw_progress(struct site *s)
{
	long drawn = s->drawn;

	if (!s->progress || s->ncharts <= DRAW_PROGRESS_MIN)
		return;
	if (s->pool) {
		pthread_mutex_lock(&s->pool->lock);
		drawn += s->pool->drawn;
		pthread_mutex_unlock(&s->pool->lock);
	}
	progress_show("render: %ld pages, %ld charts (%ld drawn)", s->pages,
		      s->ncharts, drawn);
}

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
	if (site_unlink(s, name) && errno != ENOENT)
		return err_set(e, path, 0, 0, "cannot replace: %s",
			       strerror(errno));
	return 0;
}

static int draw_job(struct site *s, const struct chart_layout *l,
		    const struct chart_layout *n, const char *base,
		    struct err *e)
{
	char path[4200], name[128];

	snprintf(name, sizeof(name), "%s.png", base);
	if (fresh_path(s, name, path, sizeof(path), e) ||
	    chart_paint_png(l, 1, path, e))
		return -1;
	snprintf(name, sizeof(name), "%s.svg", base);
	if (fresh_path(s, name, path, sizeof(path), e) ||
	    chart_paint_svg(l, path, e))
		return -1;
	snprintf(name, sizeof(name), "%s-thumb.png", base);
	if (fresh_path(s, name, path, sizeof(path), e) ||
	    chart_paint_png(l, THUMB_SCALE, path, e))
		return -1;
	snprintf(name, sizeof(name), "%s-narrow.svg", base);
	if (fresh_path(s, name, path, sizeof(path), e) ||
	    chart_paint_svg(n, path, e))
		return -1;
	return 0;
}

/* Draws the chart of layouts l and n (a copy, outside the lock) and notes
 * a failure. */
static void draw_one(struct site *s, struct pool *p,
		     const struct chart_layout *l,
		     const struct chart_layout *n, const char *base)
{
	struct err e;
	int rc;

	err_clear(&e);
	rc = draw_job(s, l, n, base, &e);
	pthread_mutex_lock(&p->lock);
	p->drawn++;
	if (rc && !p->failed) {
		p->e = e;
		p->failed = 1;
	}
	pthread_mutex_unlock(&p->lock);
}

/* Takes the oldest job into *j; 0 when the pool is closed and empty (or
 * failed).  Waits for one when wait is set, else returns 0 at once. */
static int take(struct pool *p, struct chart_job *j, int wait)
{
	int got = 0;

	pthread_mutex_lock(&p->lock);
	while (wait && p->count == 0 && !p->closed && !p->failed)
		pthread_cond_wait(&p->more, &p->lock);
	if (p->count > 0 && !p->failed) {
		memcpy(j, &p->ring[p->head], sizeof(*j));
		p->head = (p->head + 1) % RING_JOBS;
		p->count--;
		got = 1;
	}
	pthread_mutex_unlock(&p->lock);
	return got;
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	struct chart_job *j = malloc(sizeof(*j));

	if (!j)
		return NULL;	/* the main thread draws the rest */
	while (take(p, j, 1))
		draw_one(p->s, p, &j->l, &j->n, j->base);
	free(j);
	return NULL;
}

static int pool_start(struct site *s)
{
	struct pool *p = calloc(1, sizeof(*p));
	int i, n = s->jobs < 1 ? 1 : s->jobs > DRAW_THREADS_MAX ?
						     DRAW_THREADS_MAX : s->jobs;

	if (!p)
		return err_set(s->e, NULL, 0, 0, "out of memory");
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->more, NULL);
	s->pool = p;
	p->s = s;
	/* the main thread is the last drawer: it draws when the ring is
	 * full and at draw_flush */
	for (i = 0; i < n - 1; i++)
		if (pthread_create(&p->t[p->nthreads], NULL, worker, p) == 0)
			p->nthreads++;
	return 0;
}

static int queue_put(struct site *s, const struct chart_layout *l,
		     const struct chart_layout *n, const char *base)
{
	struct pool *p;
	struct chart_job *j;

	if (!s->pool && pool_start(s))
		return -1;
	p = s->pool;
	pthread_mutex_lock(&p->lock);
	if (p->failed) {
		pthread_mutex_unlock(&p->lock);
		return 0;	/* reported at draw_flush */
	}
	if (p->nthreads == 0 && p->count == 0) {
		/* no thread to hand it to (--jobs 1): drawn now, from the
		 * caller's layouts, without copying them (370 KB) into the
		 * ring and out again */
		pthread_mutex_unlock(&p->lock);
		draw_one(s, p, l, n, base);
		return 0;
	}
	if (p->count == RING_JOBS) {
		/* full: the oldest is drawn here, its slot reused */
		struct chart_job *old = malloc(sizeof(*old));

		if (!old) {
			pthread_mutex_unlock(&p->lock);
			return err_set(s->e, NULL, 0, 0, "out of memory");
		}
		memcpy(old, &p->ring[p->head], sizeof(*old));
		p->head = (p->head + 1) % RING_JOBS;
		p->count--;
		pthread_mutex_unlock(&p->lock);
		draw_one(s, p, &old->l, &old->n, old->base);
		free(old);
		pthread_mutex_lock(&p->lock);
	}
	j = &p->ring[(p->head + p->count) % RING_JOBS];
	memcpy(&j->l, l, sizeof(*l));
	memcpy(&j->n, n, sizeof(*n));
	snprintf(j->base, sizeof(j->base), "%s", base);
	p->count++;
	pthread_cond_signal(&p->more);
	pthread_mutex_unlock(&p->lock);
	return 0;
}

int draw_flush(struct site *s)
{
	struct pool *p = s->pool;
	struct chart_job *j;
	int i, failed;

	if (!p)
		return 0;
	j = malloc(sizeof(*j));
	if (j) {
		while (take(p, j, 0)) {
			draw_one(s, p, &j->l, &j->n, j->base);
			draw_progress(s);
		}
		free(j);
	}
	pthread_mutex_lock(&p->lock);
	p->closed = 1;
	if (!j && !p->failed) {
		err_set(&p->e, NULL, 0, 0, "out of memory");
		p->failed = 1;
	}
	pthread_cond_broadcast(&p->more);
	pthread_mutex_unlock(&p->lock);
	for (i = 0; i < p->nthreads; i++)
		pthread_join(p->t[i], NULL);
	/* with no thread left, whatever is queued is drawn here (a worker
	 * that could not start, or one without memory) */
	j = malloc(sizeof(*j));
	while (j && take(p, j, 0))
		draw_one(s, p, &j->l, &j->n, j->base);
	free(j);
	failed = p->failed || p->count > 0;
	s->drawn += p->drawn;
	s->written += (long)CHART_FILES * p->drawn;
	/* the first error stands: after a failed build, a drawing error
	 * is not the news */
	if (failed && !s->e->msg[0]) {
		if (p->failed)
			*s->e = p->e;
		else
			err_set(s->e, NULL, 0, 0, "out of memory");
	}
	pthread_cond_destroy(&p->more);
	pthread_mutex_destroy(&p->lock);
	free(p);
	s->pool = NULL;
	return failed ? -1 : 0;
}
