/*
 * import_load.h: one input read, checked and recognised, ready to store.
 *
 * The file is opened (source.h: mapped, or a stream spooled, its first
 * bytes checked before the rest is read), its format detected by content
 * (registry.c), its text checked (core/lines.h) and its bytes keyed by
 * their SHA-256.  Every pass over the bytes gives back the pages it has
 * read and tells the progress hook how far it has got.
 */
#ifndef BENCHSITE_IMPORT_LOAD_H
#define BENCHSITE_IMPORT_LOAD_H

#include <stddef.h>

#include "source.h"

struct err;
struct format;
struct import_opts;

/* Inputs of at least this many bytes report their progress. */
#define IMPORT_PROGRESS_MIN ((size_t)64 << 20)

/* How far a pass over a large input has got: phase is "checking",
 * "hashing" or "reading"; done of total bytes. */
typedef void (*import_progress_fn)(void *ctx, const char *name,
				   const char *phase, size_t done,
				   size_t total);

/* Sets (NULL: unsets) the progress hook for this thread's imports. */
void import_set_progress(import_progress_fn fn, void *ctx);

/* A file read, checked and recognised, ready to store. */
struct loaded {
	const char *name;	/* as shown in messages */
	const char *data;	/* the bytes (in's, or the caller's) */
	size_t n;
	struct source_input in;	/* owned when opened */
	int opened;
	const struct format *fmt;
	char sha[65];
};

/* Checks and recognises data[0..n) (named name) into f; *in, when not
 * NULL, is the opened input data lives in, and f takes it over.  *skipped
 * when it is of no known format and o->skip_unknown.  -1 with e filled
 * (file named). */
int import_load_data(const char *name, const char *data, size_t n,
		     struct source_input *in, const struct import_opts *o,
		     struct loaded *f, int *skipped, struct err *e);

/* Reads path ("-": standard input, named "<stdin>") and
 * import_load_data()s it. */
int import_load(const char *path, const struct import_opts *o,
		struct loaded *f, int *skipped, struct err *e);

/* Releases what f holds (an opened input). */
void import_unload(struct loaded *f);

/* Gives back the pages of f (a struct loaded) that a pass has read: the
 * tick of a walk over its bytes. */
void import_drop_pages(void *f);

/* While the parser reads f[0..n): every walk over them drops the pages
 * it has read and says how far it has got; import_read_end stops it. */
void import_read_begin(const struct loaded *f, size_t n);
void import_read_end(void);

#endif
