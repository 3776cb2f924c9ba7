/*
 * site_links.c: the pages that use each run (site_links.h), gathered while
 * the comparisons are built, so that a run's page can link back to every
 * comparison and test page it is in.
 *
 * Compact by design: a store may hold 100,000 runs, each in several
 * comparisons of tens of tests.  A run of a comparison is one use (run,
 * set), where a set is the comparison's page and the test pages the run
 * has a result in; the runs of one comparison nearly always share a few
 * such sets (every run has every test, or the runs of one version lack
 * one), so memory grows with the (run, comparison) pairs, not with the
 * (run, test page) pairs.  The uses are sorted once, by run, and a run's
 * page finds its own by binary search.
 *
 * A comparison whose unit is reused is not loaded (that is the point of
 * reusing it: its pages are linked without reading a row), so it cannot
 * say which runs it shows by looking at its model.  Loading the model
 * again just for that would cost most of what building the unit costs
 * (the rows are the read; drawing is already skipped by the chart keys),
 * so the unit saves its sets in its manifest block instead, beside its
 * index entry (site_entry.c), and a reused unit gives them back from
 * there.  The saved form is small: per set, its columns and its runs as
 * ranges of ids ("3-17,20"), and runs imported together have consecutive
 * ids.
 */
#include "site_links.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../core/sha256.h"
#include "../../core/sort.h"
#include "../../analysis/model.h"
#include "page_names.h"
#include "../site/site_entry.h"

/* Uses (run, comparison) in one site: 512 MiB of them; 100,000 runs in
 * 300 comparisons each fit. */
#define LINKS_USES_MAX ((long)1 << 25)
/* Pages and set members: a comparison of a few thousand tests, in
 * thousands of comparisons, is far below. */
#define LINKS_PAGES_MAX (1 << 24)
#define LINKS_MEMBERS_MAX ((long)1 << 26)
/* Above any run id SQLite gives (they count up from 1), and far enough
 * below LLONG_MAX that reading a range never overflows. */
#define RUN_ID_MAX ((long long)1 << 62)

void site_links_init(struct site_links *l)
{
	memset(l, 0, sizeof(*l));
}

void site_links_release(struct site_links *l)
{
	int i;

	for (i = 0; i < l->npages; i++) {
		free(l->pages[i].file);
		free(l->pages[i].title);
	}
	free(l->pages);
	free(l->sets);
	free(l->members);
	free(l->uses);
	memset(l, 0, sizeof(*l));
}

/* What the adding functions below return besides 0. */
#define LINKS_OOM (-1)		/* memory ran out */
#define LINKS_FULL (-2)		/* a cap above is reached */
#define LINKS_DAMAGED (-3)	/* saved text that cannot be ours */

/* Room for one more of an array of n (capacity *cap, at most max): 0,
 * LINKS_OOM or LINKS_FULL. */
static int grow(void **p, long n, long *cap, long max, size_t size)
{
	long ncap;
	void *np;

	if (n < *cap)
		return 0;
	if (*cap >= max)
		return LINKS_FULL;
	ncap = *cap ? 2 * *cap : 64;
	if (ncap > max)
		ncap = max;
	if (!(np = realloc(*p, (size_t)ncap * size)))
		return LINKS_OOM;
	*p = np;
	*cap = ncap;
	return 0;
}

static int add_page(struct site_links *l, const char *file,
		    const char *title)
{
	long cap = l->pcap;
	struct site_links_page *pg;
	int rc = grow((void **)&l->pages, l->npages, &cap, LINKS_PAGES_MAX,
		      sizeof(*l->pages));

	if (rc)
		return rc;
	l->pcap = (int)cap;
	pg = &l->pages[l->npages];
	pg->file = strdup(file);
	pg->title = strdup(title);
	l->npages++;	/* counted even on failure: release frees it */
	return pg->file && pg->title ? 0 : LINKS_OOM;
}

/* A new set of comparison page comp, members to come. */
static int add_set(struct site_links *l, int comp)
{
	long cap = l->scap;
	struct site_links_set *st;
	int rc = grow((void **)&l->sets, l->nsets, &cap, LINKS_PAGES_MAX,
		      sizeof(*l->sets));

	if (rc)
		return rc;
	l->scap = (int)cap;
	st = &l->sets[l->nsets++];
	memset(st, 0, sizeof(*st));
	st->comp = comp;
	st->first = l->nmembers;
	return 0;
}

/* Adds test page page to the set added last. */
static int add_member(struct site_links *l, int page)
{
	int rc = grow((void **)&l->members, l->nmembers, &l->mcap,
		      LINKS_MEMBERS_MAX, sizeof(*l->members));

	if (rc)
		return rc;
	l->members[l->nmembers++] = page;
	l->sets[l->nsets - 1].n++;
	return 0;
}

static int add_use(struct site_links *l, long long run)
{
	int rc = grow((void **)&l->uses, l->nuses, &l->ucap, LINKS_USES_MAX,
		      sizeof(*l->uses));

	if (rc)
		return rc;
	l->uses[l->nuses].run = run;
	l->uses[l->nuses++].set = l->nsets - 1;
	return 0;
}

/* -1 with e filled for rc, a failure of the functions above. */
static int links_err(struct err *e, int rc, const char *file)
{
	if (rc == LINKS_DAMAGED)
		return err_set(e, NULL, 0, 0, "damaged links of %s", file);
	return err_set(e, NULL, 0, 0, "%s", rc == LINKS_OOM ?
		       "out of memory" : "too many runs in comparisons");
}

/* Starts a comparison: its page, then its ncols test pages. */
static void begin(struct site_links *l)
{
	l->last_page = l->npages;
	l->last_set = l->nsets;
	l->last_use = l->nuses;
}

static int by_run_col(const void *pa, const void *pb)
{
	const struct model_use *x = pa, *y = pb;

	if (x->run != y->run)
		return x->run < y->run ? -1 : 1;
	return (x->col > y->col) - (x->col < y->col);
}

/* One run's columns: p[0..n), ascending. */
struct run_cols {
	long long run;
	const struct model_use *p;
	long n;
};

/* Runs with the same columns together, each such block by run. */
static int by_cols_run(const void *pa, const void *pb)
{
	const struct run_cols *x = pa, *y = pb;
	long i;

	for (i = 0; i < x->n && i < y->n; i++)
		if (x->p[i].col != y->p[i].col)
			return x->p[i].col < y->p[i].col ? -1 : 1;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return (x->run > y->run) - (x->run < y->run);
}

static int same_cols(const struct run_cols *x, const struct run_cols *y)
{
	long i;

	if (x->n != y->n)
		return 0;
	for (i = 0; i < x->n; i++)
		if (x->p[i].col != y->p[i].col)
			return 0;
	return 1;
}

int site_links_add_model(struct site_links *l, const char *file,
			 const char *title, const struct model *m,
			 struct err *e)
{
	struct model_use *u = NULL;
	struct run_cols *r = NULL;
	long i, n = 0, nr = 0;
	int c, rc;

	begin(l);
	if ((rc = add_page(l, file, title)) != 0)
		return links_err(e, rc, file);
	for (c = 0; c < m->ncols; c++) {
		char tf[SLUG_MAX + 8], name[640];

		pages_test_file(m, c, tf);
		pages_column_name(m, c, name, sizeof(name));
		if ((rc = add_page(l, tf, name)) != 0)
			return links_err(e, rc, file);
	}
	if (m->nuses == 0)
		return 0;
	u = malloc((size_t)m->nuses * sizeof(*u));
	r = malloc((size_t)m->nuses * sizeof(*r));
	if (!u || !r) {
		rc = links_err(e, LINKS_OOM, file);
		goto out;
	}
	memcpy(u, m->uses, (size_t)m->nuses * sizeof(*u));
	sort_items(u, (size_t)m->nuses, sizeof(*u), by_run_col);
	for (i = 0; i < m->nuses; i++)
		if (n == 0 || u[i].run != u[n - 1].run || u[i].col != u[n - 1].col)
			u[n++] = u[i];
	for (i = 0; i < n; i++) {
		if (nr == 0 || r[nr - 1].run != u[i].run) {
			r[nr].run = u[i].run;
			r[nr].p = &u[i];
			r[nr++].n = 0;
		}
		r[nr - 1].n++;
	}
	sort_items(r, (size_t)nr, sizeof(*r), by_cols_run);
	for (i = 0, rc = 0; i < nr && rc == 0; i++) {
		long k;

		if (i == 0 || !same_cols(&r[i - 1], &r[i])) {
			rc = add_set(l, l->last_page);
			for (k = 0; k < r[i].n && rc == 0; k++)
				rc = add_member(l, l->last_page + 1 +
						       r[i].p[k].col);
		}
		if (rc == 0)
			rc = add_use(l, r[i].run);
	}
	if (rc)
		rc = links_err(e, rc, file);
out:
	free(u);
	free(r);
	return rc;
}

/* Appends the ascending values get gives of v[0..n) (stride bytes
 * apart), less base, as ranges ("3-17,20") and a tab. */
static int put_ranges(struct buf *b, const void *v, long n, size_t stride,
		      long long (*get)(const void *), long long base)
{
	const char *p = v;
	long i = 0, j;
	int rc = 0;

	while (i < n && rc == 0) {
		long long a = get(p + (size_t)i * stride) - base;

		for (j = i + 1; j < n &&
			       get(p + (size_t)j * stride) - base == a + (j - i);
		     j++)
			;
		if (j - i == 1)
			rc = buf_printf(b, "%s%lld", i ? "," : "", a);
		else
			rc = buf_printf(b, "%s%lld-%lld", i ? "," : "", a,
					a + (j - i - 1));
		i = j;
	}
	return rc ? -1 : buf_addc(b, '\t');
}

static long long get_member(const void *p)
{
	return *(const int *)p;
}

static long long get_run(const void *p)
{
	return ((const struct site_links_use *)p)->run;
}

int site_links_save_last(const struct site_links *l, struct buf *b)
{
	long i, k;
	int s, p;

	if (buf_printf(b, "links 1\t%d\t", l->npages - l->last_page - 1))
		return -1;
	for (p = l->last_page + 1; p < l->npages; p++)
		if (site_entry_put_field(b, l->pages[p].file) ||
		    site_entry_put_field(b, l->pages[p].title))
			return -1;
	if (buf_printf(b, "%d\t", l->nsets - l->last_set))
		return -1;
	for (s = l->last_set, i = l->last_use; s < l->nsets; s++) {
		const struct site_links_set *st = &l->sets[s];

		/* the uses came set by set, each set's by run */
		for (k = i; k < l->nuses && l->uses[k].set == s; k++)
			;
		if (put_ranges(b, &l->members[st->first], st->n,
			       sizeof(l->members[0]), get_member,
			       l->last_page + 1) ||
		    put_ranges(b, &l->uses[i], k - i, sizeof(l->uses[0]),
			       get_run, 0))
			return -1;
		i = k;
	}
	return 0;
}

/* The next number of text at *p, which must be in [lo, hi]: 0, or
 * LINKS_DAMAGED. */
static int get_num(const char **p, long long lo, long long hi,
		   long long *out)
{
	char *end;

	errno = 0;
	if (**p < '0' || **p > '9')
		return LINKS_DAMAGED;
	*out = strtoll(*p, &end, 10);
	if (errno || *out < lo || *out > hi)
		return LINKS_DAMAGED;
	*p = end;
	return 0;
}

/* Reads ranges at *p (up to and past the tab after them), each value
 * above the one before and at most hi, handing each to add: 0,
 * LINKS_DAMAGED, or what add returned. */
static int get_ranges(const char **p, long long hi,
		      int (*add)(struct site_links *, long long),
		      struct site_links *l)
{
	long long a, z, v, last = -1;
	int rc;

	if (**p == '\t') {
		(*p)++;
		return 0;
	}
	for (;;) {
		if (get_num(p, last + 1, hi, &a))
			return LINKS_DAMAGED;
		z = a;
		if (**p == '-' && ((*p)++, get_num(p, a, hi, &z)))
			return LINKS_DAMAGED;
		for (v = a; v <= z; v++)
			if ((rc = add(l, v)) != 0)
				return rc;
		last = z;
		if (**p == ',') {
			(*p)++;
			continue;
		}
		if (**p != '\t')
			return LINKS_DAMAGED;
		(*p)++;
		return 0;
	}
}

static int load_member(struct site_links *l, long long col)
{
	return add_member(l, l->last_page + 1 + (int)col);
}

int site_links_load(struct site_links *l, const char *file,
		    const char *title, const char *text, struct err *e)
{
	const char *p = text;
	long long ncols, nsets, i;
	int rc;

	begin(l);
	if (strncmp(p, "links 1\t", 8) != 0)
		return links_err(e, LINKS_DAMAGED, file);
	p += 8;
	if ((rc = add_page(l, file, title)) != 0)
		return links_err(e, rc, file);
	if (get_num(&p, 0, LINKS_PAGES_MAX, &ncols) || *p++ != '\t')
		return links_err(e, LINKS_DAMAGED, file);
	for (i = 0; i < ncols; i++) {
		char *f = site_entry_get_field(&p), *t = NULL;

		rc = LINKS_OOM;
		if (f && (t = site_entry_get_field(&p)) != NULL)
			rc = add_page(l, f, t);
		free(f);
		free(t);
		if (rc == 0 && !*p)
			rc = LINKS_DAMAGED;
		if (rc)
			return links_err(e, rc, file);
	}
	if (get_num(&p, 0, LINKS_PAGES_MAX, &nsets) || *p++ != '\t')
		return links_err(e, LINKS_DAMAGED, file);
	for (i = 0, rc = 0; i < nsets && rc == 0; i++) {
		rc = add_set(l, l->last_page);
		/* a set of no test pages cannot be: every run it holds
		 * has a result */
		if (rc == 0 && *p == '\t')
			rc = LINKS_DAMAGED;
		if (rc == 0)
			rc = get_ranges(&p, ncols - 1, load_member, l);
		if (rc == 0)
			rc = get_ranges(&p, RUN_ID_MAX, add_use, l);
	}
	if (rc == 0 && *p != '\0')
		rc = LINKS_DAMAGED;
	return rc ? links_err(e, rc, file) : 0;
}

static int by_run_set(const void *pa, const void *pb)
{
	const struct site_links_use *x = pa, *y = pb;

	if (x->run != y->run)
		return x->run < y->run ? -1 : 1;
	return (x->set > y->set) - (x->set < y->set);
}

int site_links_finish(struct site_links *l, struct err *e)
{
	int s;
	long k;

	(void)e;
	if (l->nuses > 1)
		sort_items(l->uses, (size_t)l->nuses, sizeof(*l->uses), by_run_set);
	for (s = 0; s < l->nsets; s++) {
		struct site_links_set *st = &l->sets[s];
		struct sha256 h;

		sha256_init(&h);
		sha256_update_str(&h, l->pages[st->comp].file);
		sha256_update_str(&h, l->pages[st->comp].title);
		for (k = 0; k < st->n; k++) {
			const struct site_links_page *pg =
				&l->pages[l->members[st->first + k]];

			sha256_update_str(&h, pg->file);
			sha256_update_str(&h, pg->title);
		}
		sha256_final(&h, st->digest);
	}
	return 0;
}

long site_links_of(const struct site_links *l, long long run, long *first)
{
	long lo = first_at_least(l->uses, l->nuses, sizeof(*l->uses),
				 offsetof(struct site_links_use, run), run);
	long end;

	for (end = lo; end < l->nuses && l->uses[end].run == run; end++)
		;
	*first = lo;
	return end - lo;
}
