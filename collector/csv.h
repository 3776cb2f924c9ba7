/*
 * csv.h: reading RFC 4180 CSV (or TSV) records from a validated buffer.
 *
 * Quoted fields may hold the delimiter, doubled quotes and line breaks; the
 * reader counts lines across them so errors point at the right line.  Field
 * text is unescaped into a bounded buffer owned by the reader.
 */
#ifndef BENCHSITE_CSV_H
#define BENCHSITE_CSV_H

#include <stddef.h>

#include "../core/buf.h"

struct err;

/* A table with more columns than this is not a results table. */
#define CSV_FIELDS_MAX 1024

struct csv {
	const char *p;
	size_t n;
	size_t pos;
	long line;		/* next line to read, 1-based */
	char delim;
	struct buf text;	/* unescaped fields, NUL-separated */
	size_t off[CSV_FIELDS_MAX];
	size_t len[CSV_FIELDS_MAX];
};

/* One record: field i is row->field[i] (NUL-terminated, len[i] bytes). */
struct csv_row {
	int count;
	long line;		/* where the record starts */
	size_t pos;		/* its byte offset, for csv_seek */
	const char *field[CSV_FIELDS_MAX];
	size_t len[CSV_FIELDS_MAX];
};

/* Starts reading p[0..n) (a leading BOM is skipped) with delimiter delim. */
void csv_init(struct csv *c, const char *p, size_t n, char delim);
void csv_release(struct csv *c);

/* Positions the reader at byte offset pos, which starts line line. */
void csv_seek(struct csv *c, size_t pos, long line);

/* Reads the next record into row (valid until the next call).  Returns 1,
 * 0 at the end, -1 on a malformed record (e: line, column). Blank lines are
 * skipped. */
int csv_next(struct csv *c, struct csv_row *row, struct err *e);

#endif
