/*
 * fingerprint.c: one read of the whole store that says whether anything
 * changed (store_fingerprint) and, in the same pass, what changed: a
 * digest per run of everything the store holds about it.
 *
 * render keys its units (a comparison's pages, a run's page) by these
 * digests instead of reading every result and sample of the store a second
 * time to hash them: that second read would cost a tenth of a render
 * after one new run.
 */
#include "store.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/sha256.h"
#include "../core/sort.h"
#include "store_int.h"

/* What of a run a row tells: its results and its own row (a comparison's
 * pages show those), its attributes (a comparison's only when it groups or
 * filters by one), its samples (only its own page). */
enum part { PART_CORE, PART_ATTRS, PART_SAMPLES, PART_N };

/* A run or a source, as the rows that belong to it hash. */
struct owner {
	long long id;
	long long source;	/* a run's source; -1 until its row is read */
	char *suite;		/* a run's, owned; NULL until its row is read */
	struct sha256 h[PART_N];
	unsigned char digest[32];	/* of it all (and its source's) */
	unsigned char part[PART_N][32];
};

/* Owners of one kind, with an index from id to position. */
struct owners {
	struct owner *v;
	size_t n, cap;
	size_t *slot;		/* position + 1, 0 = free; nslot a power of 2 */
	size_t nslot;
};

struct store_digests {
	struct owners runs, sources;
};

static size_t id_hash(long long id, size_t mask)
{
	uint64_t x = (uint64_t)id * 0x9e3779b97f4a7c15u;

	return (size_t)(x >> 32) & mask;
}

static struct owner *owner_find(const struct owners *o, long long id)
{
	size_t i;

	if (!o->nslot)
		return NULL;
	for (i = id_hash(id, o->nslot - 1); o->slot[i];
	     i = (i + 1) & (o->nslot - 1))
		if (o->v[o->slot[i] - 1].id == id)
			return &o->v[o->slot[i] - 1];
	return NULL;
}

static int owners_reindex(struct owners *o, size_t nslot)
{
	size_t *slot = calloc(nslot, sizeof(*slot)), k, i;

	if (!slot)
		return -1;
	for (k = 0; k < o->n; k++) {
		for (i = id_hash(o->v[k].id, nslot - 1); slot[i];
		     i = (i + 1) & (nslot - 1))
			;
		slot[i] = k + 1;
	}
	free(o->slot);
	o->slot = slot;
	o->nslot = nslot;
	return 0;
}

/* The owner of id, added when new; NULL when memory ran out. */
static struct owner *owner_get(struct owners *o, long long id)
{
	struct owner *w = owner_find(o, id);
	size_t i;

	if (w)
		return w;
	if (o->n == o->cap) {
		size_t ncap = o->cap ? 2 * o->cap : 64;
		struct owner *nv = realloc(o->v, ncap * sizeof(*nv));

		if (!nv)
			return NULL;
		o->v = nv;
		o->cap = ncap;
	}
	if (2 * (o->n + 1) > o->nslot &&
	    owners_reindex(o, o->nslot ? 2 * o->nslot : 128))
		return NULL;
	w = &o->v[o->n];
	memset(w, 0, sizeof(*w));
	w->id = id;
	w->source = -1;
	for (i = 0; i < PART_N; i++)
		sha256_init(&w->h[i]);
	for (i = id_hash(id, o->nslot - 1); o->slot[i];
	     i = (i + 1) & (o->nslot - 1))
		;
	o->slot[i] = ++o->n;
	return w;
}

static void owners_release(struct owners *o)
{
	size_t k;

	for (k = 0; k < o->n; k++)
		free(o->v[k].suite);
	free(o->v);
	free(o->slot);
}

void store_digests_free(struct store_digests *d)
{
	if (!d)
		return;
	owners_release(&d->runs);
	owners_release(&d->sources);
	free(d);
}

static int by_id(const void *a, const void *b)
{
	const struct owner *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* Finishes every digest: a source's rows; a run's rows and its source's
 * digest.  Runs end up in id order. */
static int digests_finish(struct store_digests *d)
{
	static const unsigned char none[32];
	struct sha256 h;
	size_t k;
	int i;

	for (k = 0; k < d->sources.n; k++)
		sha256_final(&d->sources.v[k].h[PART_CORE],
			     d->sources.v[k].digest);
	for (k = 0; k < d->runs.n; k++) {
		struct owner *r = &d->runs.v[k];
		const struct owner *src = owner_find(&d->sources, r->source);

		/* the source's row (name, format) is part of the core */
		sha256_update(&r->h[PART_CORE], src ? src->digest : none, 32);
		sha256_init(&h);
		for (i = 0; i < PART_N; i++) {
			sha256_final(&r->h[i], r->part[i]);
			sha256_update(&h, r->part[i], 32);
		}
		sha256_final(&h, r->digest);
	}
	sort_items(d->runs.v, d->runs.n, sizeof(*d->runs.v), by_id);
	sort_items(d->sources.v, d->sources.n, sizeof(*d->sources.v), by_id);
	return owners_reindex(&d->runs, d->runs.nslot ? d->runs.nslot : 128) ||
	       owners_reindex(&d->sources, d->sources.nslot ?
			      d->sources.nslot : 128);
}

/* The owners' digests, in id order, into the store's hash: with the rows
 * that have no owner, they stand for every row (each row is hashed once,
 * into its owner's digest or into h). */
static void hash_owners(struct sha256 *h, const struct owners *o,
			const char *kind)
{
	size_t k;

	sha256_update(h, kind, strlen(kind) + 1);
	for (k = 0; k < o->n; k++) {
		sha256_update(h, &o->v[k].id, sizeof(o->v[k].id));
		sha256_update(h, o->v[k].digest, 32);
	}
}

const unsigned char *store_run_digest(const struct store_digests *d,
				      long long run)
{
	const struct owner *r = d ? owner_find(&d->runs, run) : NULL;

	return r && r->suite ? r->digest : NULL;
}

void store_suite_digest(const struct store_digests *d, const char *suite,
			int attrs, unsigned char out[32])
{
	struct sha256 h;
	size_t k;

	sha256_init(&h);
	for (k = 0; d && k < d->runs.n; k++) {
		const struct owner *r = &d->runs.v[k];

		if (r->suite && suite && strcmp(r->suite, suite) == 0) {
			sha256_update(&h, &r->id, sizeof(r->id));
			sha256_update(&h, r->part[PART_CORE], 32);
			if (attrs)
				sha256_update(&h, r->part[PART_ATTRS], 32);
		}
	}
	sha256_final(&h, out);
}

/* Which rows of a table belong to whom: the column that names the owner
 * (-1: none), and for the run table, where its source and suite are. */
struct layout {
	struct owners *of;
	enum part part;
	int owner, source, suite;
};

/* The SELECT of table t's columns but the sources' bytes (source.content,
 * source_chunk.data), into q; l says where the owner's columns are.  -2
 * (e filled) when the column names do not fit q: see store_fingerprint. */
static int fingerprint_query(struct store *s, struct store_digests *d,
			     const char *t, struct buf *q, struct layout *l,
			     struct err *e)
{
	const char *own = NULL;
	sqlite3_stmt *st;
	int rc, n = 0;

	memset(l, 0, sizeof(*l));
	l->owner = l->source = l->suite = -1;
	l->part = strcmp(t, "run_attr") == 0 ? PART_ATTRS :
		  strcmp(t, "sample") == 0 ? PART_SAMPLES : PART_CORE;
	if (strcmp(t, "run") == 0) {
		l->of = &d->runs;
		own = "id";
	} else if ((strcmp(t, "run_attr") == 0 ||
			 strcmp(t, "result") == 0 || strcmp(t, "sample") == 0)) {
		l->of = &d->runs;
		own = "run_id";
	} else if (strcmp(t, "source") == 0) {
		l->of = &d->sources;
		own = "id";
	} else if (strcmp(t, "source_chunk") == 0) {
		l->of = &d->sources;
		own = "source_id";
	}
	if (store_prepare(s, "SELECT name FROM pragma_table_info(?) ORDER BY "
			  "cid", &st, e))
		return -1;
	store_bind_text(s, st, 1, t);
	buf_reset(q);
	if (buf_adds(q, "SELECT ")) {
		sqlite3_finalize(st);
		return err_set(e, NULL, 0, 0, "out of memory");
	}
	while ((rc = store_step(s, st)) == SQLITE_ROW) {
		const char *c = (const char *)sqlite3_column_text(st, 0);

		if (!c || (strcmp(t, "source") == 0 && strcmp(c, "content") == 0) ||
		    (strcmp(t, "source_chunk") == 0 && strcmp(c, "data") == 0))
			continue;
		if (own && strcmp(c, own) == 0)
			l->owner = n;
		if (l->of == &d->runs && strcmp(own, "id") == 0) {
			if (strcmp(c, "source_id") == 0)
				l->source = n;
			else if (strcmp(c, "suite") == 0)
				l->suite = n;
		}
		if (buf_printf(q, "%s\"%s\"", n++ ? ", " : "", c))
			break;
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW || buf_printf(q, " FROM \"%s\"", t)) {
		if (buf_oom())
			return err_set(e, NULL, 0, 0, "out of memory");
		err_set(e, NULL, 0, 0, "a table's columns too long to name");
		return -2;
	}
	if (rc != SQLITE_DONE || n == 0)
		return store_db_err(s, e, "cannot read the store's tables");
	if (l->owner < 0)
		l->of = NULL;
	return 0;
}

/* A text or blob this long is hashed where SQLite holds it rather than
 * copied into the row's bytes first: a sample row is a series' tens of
 * KB, and the hash sees the same bytes either way. */
#define ROW_INLINE_MAX 256

/* Hashes row r of st into h: a byte for the table, then each value with
 * its type; b holds the small values on their way.  -1 when b could not
 * grow. */
static int row_hash(sqlite3_stmt *st, int nc, unsigned char table,
		    struct buf *b, struct sha256 *h)
{
	int i;

	buf_reset(b);
	if (buf_add(b, &table, 1))
		return -1;
	for (i = 0; i < nc; i++) {
		unsigned char type = (unsigned char)sqlite3_column_type(st, i);
		sqlite3_int64 iv;
		double dv;
		int len, rc = buf_add(b, &type, 1);

		switch (type) {
		case SQLITE_INTEGER:
			iv = sqlite3_column_int64(st, i);
			rc = rc || buf_add(b, &iv, sizeof(iv));
			break;
		case SQLITE_FLOAT:
			dv = sqlite3_column_double(st, i);
			rc = rc || buf_add(b, &dv, sizeof(dv));
			break;
		case SQLITE_TEXT:
		case SQLITE_BLOB:
			len = sqlite3_column_bytes(st, i);
			rc = rc || buf_add(b, &len, sizeof(len));
			if (rc || len <= 0)	/* "" gives NULL */
				break;
			if (len <= ROW_INLINE_MAX) {
				rc = buf_add(b, sqlite3_column_blob(st, i),
					     (size_t)len);
				break;
			}
			sha256_update(h, b->data, b->len);
			sha256_update(h, sqlite3_column_blob(st, i),
				      (size_t)len);
			buf_reset(b);
			break;
		default:
			break;
		}
		if (rc)
			return -1;
	}
	sha256_update(h, b->data, b->len);
	return 0;
}

/* The row's owner, when its table has one (NULL: none, or out of memory
 * when *oom).  Reads the owner's column alone, whose type is checked
 * first: row_hash must see every column as stored. */
static struct owner *row_owner(sqlite3_stmt *st, const struct layout *l,
			       int *oom)
{
	struct owner *w;

	*oom = 0;
	if (!l->of || sqlite3_column_type(st, l->owner) != SQLITE_INTEGER)
		return NULL;
	w = owner_get(l->of, sqlite3_column_int64(st, l->owner));
	*oom = !w;
	return w;
}

/* Notes a run's source and suite from its row (after row_hash): 0, or -1
 * when out of memory. */
static int row_notes(sqlite3_stmt *st, const struct layout *l,
		     struct owner *w)
{
	if (l->source >= 0)
		w->source = sqlite3_column_int64(st, l->source);
	if (l->suite >= 0 && !w->suite) {
		const char *suite = (const char *)sqlite3_column_text(st,
								      l->suite);

		if (!(w->suite = strdup(suite ? suite : "")))
			return -1;
	}
	return 0;
}

int store_fingerprint(struct store *s, char hex[65],
		      struct store_digests **digests, struct err *e)
{
	struct store_digests *d;
	sqlite3_stmt *tl, *st;
	struct sha256 h;
	struct buf q, row;
	unsigned char table = 0;
	int rc, oom, ret = -1;

	if (digests)
		*digests = NULL;
	if (!(d = calloc(1, sizeof(*d))))
		return err_set(e, NULL, 0, 0, "out of memory");
	/* table and column names come from our own schema, never contain a
	 * double quote, and are checked for one anyway */
	if (store_prepare(s, "SELECT name FROM sqlite_master WHERE type = "
			  "'table' AND name NOT LIKE 'sqlite%' AND name NOT "
			  "LIKE '%\"%' ORDER BY name", &tl, e)) {
		store_digests_free(d);
		return -1;
	}
	sha256_init(&h);
	buf_init(&q, 1 << 16);
	buf_init(&row, (size_t)1 << 20);	/* small values (row_hash) */
	while ((rc = sqlite3_step(tl)) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(tl, 0);
		struct layout l;
		int nc;

		if (!t)
			continue;
		sha256_update(&h, t, strlen(t) + 1);
		table++;
		if ((ret = fingerprint_query(s, d, t, &q, &l, e)) != 0)
			goto fail;
		ret = -1;
		if (store_prepare(s, q.data, &st, e))
			goto fail;
		nc = sqlite3_column_count(st);
		while ((rc = store_step(s, st)) == SQLITE_ROW) {
			struct owner *w = row_owner(st, &l, &oom);

			if (oom || row_hash(st, nc, table, &row,
					    w ? &w->h[l.part] : &h) ||
			    (w && row_notes(st, &l, w))) {
				sqlite3_finalize(st);
				err_set(e, NULL, 0, 0, "out of memory");
				goto fail;
			}
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE) {
			store_db_err(s, e, "cannot read the store");
			goto fail;
		}
	}
	if (rc != SQLITE_DONE) {
		store_db_err(s, e, "cannot read the store's tables");
		goto fail;
	}
	if (digests_finish(d)) {
		err_set(e, NULL, 0, 0, "out of memory");
		goto fail;
	}
	hash_owners(&h, &d->sources, "sources");
	hash_owners(&h, &d->runs, "runs");
	sqlite3_finalize(tl);
	buf_release(&q);
	buf_release(&row);
	sha256_final_hex(&h, hex);
	if (digests)
		*digests = d;
	else
		store_digests_free(d);
	return 0;
fail:
	sqlite3_finalize(tl);
	buf_release(&q);
	buf_release(&row);
	store_digests_free(d);
	return ret;
}
