/*
 * source_blob.c: a source's bytes in the store, written and read in
 * pieces so that a 1 GB log never has to be in memory at once.
 *
 * The bytes are one zlib stream (RFC 1950).  A stream that fits in one
 * piece (STORE_PIECE compressed bytes: every ordinary file) is
 * source.content, as in schema version 3.  A longer one leaves content
 * empty and is the source_chunk rows' data in seq order (schema.sql).
 * Readers go through source_blob_inflate, which reads both layouts.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>
#include <zlib.h>

#include "../core/err.h"
#include "store.h"
#include "store_int.h"

/* Compressed bytes a row holds: large enough that a 1 GB log is a few
 * hundred rows, small enough to be one short allocation. */
#define STORE_PIECE ((size_t)1 << 20)

/* Input given to deflate between two ticks (and at most 1 GiB at once,
 * zlib counting in 32 bits). */
#define STORE_WINDOW ((size_t)8 << 20)

/* Reading a source back into memory (store_source_content) stops here;
 * store_source_read streams any size. */
#define STORE_SOURCE_MEM_MAX ((size_t)1 << 30)

struct writer {
	struct store *s;
	const char *sha, *name, *format;
	size_t n;
	long long id;	/* 0 until the source row exists */
	int seq;
	struct err *e;
};

static int insert_source(struct writer *w, const void *content, size_t k)
{
	sqlite3_stmt *st;
	char when[32];
	int rc;

	if (store_now_iso(when, w->e))
		return -1;
	if (store_prepare(w->s, "INSERT INTO source (sha256, name, format, "
			  "size, imported_at, content) VALUES (?, ?, ?, ?, ?, "
			  "?)", &st, w->e))
		return -1;
	store_bind_text(w->s, st, 1, w->sha);
	store_bind_text(w->s, st, 2, w->name);
	store_bind_text(w->s, st, 3, w->format);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)w->n);
	store_bind_text(w->s, st, 5, when);
	sqlite3_bind_blob(st, 6, k ? content : "", (int)k, SQLITE_STATIC);
	rc = store_step(w->s, st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_db_err(w->s, w->e, "cannot store source");
	w->id = sqlite3_last_insert_rowid(w->s->db);
	return 0;
}

static int insert_chunk(struct writer *w, const void *data, size_t k)
{
	sqlite3_stmt *st;
	int rc;

	if (!w->id && insert_source(w, NULL, 0))
		return -1;
	if (store_stmt(w->s, STORE_STMT_CHUNK, "INSERT INTO source_chunk "
		       "(source_id, seq, data) VALUES (?, ?, ?)", &st, w->e))
		return -1;
	sqlite3_bind_int64(st, 1, w->id);
	sqlite3_bind_int(st, 2, ++w->seq);
	sqlite3_bind_blob(st, 3, data, (int)k, SQLITE_STATIC);
	rc = store_stmt_done(st, store_step(w->s, st));
	if (rc != SQLITE_DONE)
		return store_db_err(w->s, w->e, "cannot store source");
	return 0;
}

int store_source_add(struct store *s, const char *sha256, const char *name,
		     const char *format, const void *bytes, size_t n,
		     void (*tick)(void *), void *ctx, long long *id,
		     struct err *e)
{
	struct writer w = { s, sha256, name, format, n, 0, 0, e };
	unsigned char *piece = malloc(STORE_PIECE);
	size_t fed = 0, used = 0;
	z_stream z;
	int rc = -1, zrc;

	memset(&z, 0, sizeof(z));
	/* level 1: benchmark logs are repetitive text, level 1 already takes
	 * them to a fifth or less, and level 6 cost a tenth of an import */
	if (!piece || deflateInit(&z, 1) != Z_OK) {
		free(piece);
		return err_set(e, name, 0, 0, "out of memory");
	}
	for (;;) {
		if (z.avail_in == 0 && fed < n) {
			size_t k = n - fed < STORE_WINDOW ? n - fed : STORE_WINDOW;

			if (fed && tick)
				tick(ctx);
			z.next_in = (Bytef *)bytes + fed;
			z.avail_in = (uInt)k;
			fed += k;
		}
		z.next_out = piece + used;
		z.avail_out = (uInt)(STORE_PIECE - used);
		zrc = deflate(&z, fed == n && z.avail_in == 0 ? Z_FINISH :
			      Z_NO_FLUSH);
		if (zrc != Z_OK && zrc != Z_STREAM_END && zrc != Z_BUF_ERROR) {
			err_set(e, name, 0, 0, "cannot compress source");
			goto out;
		}
		used = STORE_PIECE - z.avail_out;
		if (zrc == Z_STREAM_END)
			break;
		if (used == STORE_PIECE) {
			if (insert_chunk(&w, piece, used))
				goto out;
			used = 0;
		}
	}
	if (w.id ? used && insert_chunk(&w, piece, used) :
	    insert_source(&w, piece, used))
		goto out;
	*id = w.id;
	rc = 0;
out:
	deflateEnd(&z);
	free(piece);
	return rc;
}

/* Inflates src into put; *done when the stream has ended.  0, -2 when
 * the stream is damaged, -3 when out of memory, or put's own non-zero
 * return. */
static int inflate_piece(z_stream *z, const void *src, size_t k, int *done,
			 int (*put)(void *, const void *, size_t, struct err *),
			 void *ctx, struct err *e)
{
	unsigned char out[65536];
	int zrc;

	z->next_in = (Bytef *)src;
	z->avail_in = (uInt)k;
	do {
		if (*done)
			return k && z->avail_in ? -2 : 0;
		z->next_out = out;
		z->avail_out = sizeof(out);
		zrc = inflate(z, Z_NO_FLUSH);
		if (zrc == Z_MEM_ERROR)
			return -3;
		if (zrc != Z_OK && zrc != Z_STREAM_END && zrc != Z_BUF_ERROR)
			return -2;
		if (sizeof(out) - z->avail_out) {
			int prc = put(ctx, out, sizeof(out) - z->avail_out, e);

			if (prc)
				return prc;
		}
		*done = zrc == Z_STREAM_END;
	} while (z->avail_in > 0 || z->avail_out == 0);
	return 0;
}

/* Inflates the source_chunk rows of source id into put, after the part
 * in source.content: 0, -1 with e filled (the store or put failed), or
 * inflate_piece's codes. */
static int inflate_chunks(sqlite3 *db, long long id, z_stream *z, int *done,
			  int (*put)(void *, const void *, size_t,
				     struct err *),
			  void *ctx, const char *what, struct err *e)
{
	sqlite3_stmt *st;
	int rc = 0, step;

	step = sqlite3_prepare_v2(db, "SELECT data FROM source_chunk WHERE "
				  "source_id = ? ORDER BY seq", -1, &st, NULL);
	/* no such table: a store of version 3 or older, whose sources are
	 * always whole in source.content */
	if (step == SQLITE_ERROR)
		return -2;
	if (step != SQLITE_OK)
		return err_set(e, what, 0, 0, "cannot read source %lld: %s", id,
			       sqlite3_errstr(step));
	sqlite3_bind_int64(st, 1, id);
	while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW)
		rc = inflate_piece(z, sqlite3_column_blob(st, 0),
				   (size_t)sqlite3_column_bytes(st, 0), done,
				   put, ctx, e);
	if (rc == 0 && step != SQLITE_DONE)
		rc = err_set(e, what, 0, 0, "cannot read source %lld: %s", id,
			     sqlite3_errmsg(db));
	sqlite3_finalize(st);
	return rc;
}

int source_blob_inflate(sqlite3 *db, long long id, const void *content,
			size_t k, int (*put)(void *, const void *, size_t,
					     struct err *),
			void *ctx, const char *what, struct err *e)
{
	z_stream z;
	int done = 0, rc;

	memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK)
		return err_set(e, what, 0, 0, "out of memory");
	rc = inflate_piece(&z, content, k, &done, put, ctx, e);
	if (rc == 0 && !done)
		rc = inflate_chunks(db, id, &z, &done, put, ctx, what, e);
	inflateEnd(&z);
	if (rc == -3)
		return err_set(e, what, 0, 0, "out of memory");
	if (rc == -2 || (rc == 0 && !done))
		return err_set(e, what, 0, 0, "source %lld is damaged", id);
	return rc ? -1 : 0;
}

/* Prepares sql (a column of source ?1) with id and steps it to its row:
 * 0 with *st on the row (the caller finalizes it), or -1 with e filled,
 * "no source N" when there is none. */
static int source_column(struct store *s, const char *sql, long long id,
			 sqlite3_stmt **st, struct err *e)
{
	int rc;

	if (store_prepare(s, sql, st, e))
		return -1;
	sqlite3_bind_int64(*st, 1, id);
	rc = store_step(s, *st);
	if (rc == SQLITE_ROW)
		return 0;
	sqlite3_finalize(*st);
	if (rc == SQLITE_DONE)
		return err_set(e, s->path, 0, 0, "no source %lld", id);
	return store_db_err(s, e, "cannot read source");
}

int store_source_read(struct store *s, long long id,
		      int (*put)(void *, const void *, size_t, struct err *),
		      void *ctx, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (source_column(s, "SELECT content FROM source WHERE id = ?", id, &st,
			  e))
		return -1;
	rc = source_blob_inflate(s->db, id, sqlite3_column_blob(st, 0),
				 (size_t)sqlite3_column_bytes(st, 0), put, ctx,
				 s->path, e);
	sqlite3_finalize(st);
	return rc;
}

int store_source_size(struct store *s, long long id, unsigned long long *size,
		      struct err *e)
{
	sqlite3_stmt *st;

	if (source_column(s, "SELECT size FROM source WHERE id = ?", id, &st, e))
		return -1;
	*size = (unsigned long long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}

struct into_memory {
	char *p;
	size_t n, cap;
};

static int put_memory(void *ctx, const void *p, size_t k, struct err *e)
{
	struct into_memory *m = ctx;

	(void)e;
	if (k > m->cap - m->n)
		return -2;	/* more than the size the row says */
	memcpy(m->p + m->n, p, k);
	m->n += k;
	return 0;
}

int store_source_content(struct store *s, long long id, char **out,
			 size_t *n, struct err *e)
{
	struct into_memory m = { NULL, 0, 0 };
	unsigned long long size;
	int rc;

	if (store_source_size(s, id, &size, e))
		return -1;
	if (size > STORE_SOURCE_MEM_MAX)
		return err_set(e, s->path, 0, 0, "source %lld too large to "
			       "read into memory", id);
	if (!(m.p = malloc((size_t)size + 1)))
		return err_set(e, s->path, 0, 0, "out of memory");
	m.cap = (size_t)size;
	rc = store_source_read(s, id, put_memory, &m, e);
	if (rc == 0 && m.n != m.cap)
		rc = err_set(e, s->path, 0, 0, "source %lld is damaged", id);
	if (rc) {
		free(m.p);
		return -1;
	}
	m.p[m.n] = '\0';
	*out = m.p;
	*n = m.n;
	return 0;
}
