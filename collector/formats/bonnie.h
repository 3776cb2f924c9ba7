/*
 * bonnie.h: bonnie++'s CSV field mapping, for formats that carry the same
 * fields in another shape (bon_csv2html pages, htmltable.c).  Keeping one
 * mapping means a page and the CSV it was made from give the same records.
 */
#ifndef BENCHSITE_BONNIE_H
#define BENCHSITE_BONNIE_H

#include <stddef.h>

#include "../../core/record.h"

struct err;

/* Sends the run of one bonnie++ CSV line given as its cells (cell[i] is
 * len[i] bytes, no NUL needed; count cells, the layout told apart by
 * format_version and count exactly as for a CSV line) to sink.  line is
 * where the cells came from, for messages.  version (NUL-terminated, or
 * NULL) is the bonnie++ version the page around the cells names: a 1.0x
 * line, which holds none, takes it as tool_version.  Returns 0, or -1
 * with e filled (also when the cells are no bonnie++ line of any
 * version). */
int bonnie_cells(const char *const *cell, const size_t *len, int count,
		 long line, const char *version,
		 const struct record_sink *sink, struct err *e);

#endif
