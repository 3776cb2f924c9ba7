/*
 * sink.h: the one record sink between a parser and the store, for import
 * and reparse alike.
 *
 * It is the only place where parsed records meet the store, so what every
 * record must pass is checked here once for every format and for both
 * commands: the text rule (core/textrule.h) on every name, label and
 * attribute (a name not in NFC is composed, one holding a refused
 * character refuses the whole file, its line named), the bound on figures
 * (core/record.h), the words of better and status, and one result per
 * test and metric in a run.  It also applies what the user said at import
 * (--label replaces the parser's label, --set attributes are written last
 * so they win over the parser's).  Records go to the store's tables
 * (import) or to reparse's staging area (schema/lifecycle.h), in batches.
 */
#ifndef BENCHSITE_SINK_H
#define BENCHSITE_SINK_H

#include <stddef.h>

#include "../core/buf.h"
#include "../core/record.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "keyset.h"

struct err;
struct import_opts;
struct import_report;

/* Results waiting to go to the store in one statement; their test, metric
 * and unit (SINK_TEXTS strings) are copied into text (offsets, since text
 * may move); better and status point to static words
 * (record_better_word). */
#define SINK_TEXTS 3
struct sink_results {
	struct record_result r[STORE_RESULTS_MAX];
	size_t off[STORE_RESULTS_MAX][SINK_TEXTS];
	struct buf text;
	int n;
};

/* The parser's attributes of the run being stored, likewise. */
struct sink_attrs {
	size_t off[LIFECYCLE_ATTRS_MAX][2];
	struct buf text;
	int n;
};

struct sink {
	struct store *store;
	int staging;		/* 1: into reparse's staging area */
	const struct import_opts *o;	/* NULL: not known (reparse of a
					 * source stored before options
					 * were) */
	long long source_id;	/* the runs' source (not staging) */
	struct import_report *rep;	/* the parser's warnings; NULL: dropped */
	char default_label[256];
	/* filled as records come */
	int seq;		/* runs begun */
	long results;
	long long run_id;
	long run_line;
	struct keyset keys;
	struct sink_results pend;
	struct sink_attrs attrs;
};

/* Sets c up for the input called name (its default label is made of it)
 * with the options o (NULL: not known): into the store when staging is 0
 * (the caller sets source_id and rep), else into the staging area. */
void sink_init(struct sink *c, struct store *s, int staging,
	       const struct import_opts *o, const char *name);

/* The callbacks a parser is given, writing through c. */
void sink_record(struct sink *c, struct record_sink *out);

/* Stores what is still waiting; after the parser has returned 0. */
int sink_flush(struct sink *c, struct err *e);

/* Frees c's memory (not the records, which are stored). */
void sink_release(struct sink *c);

#endif
