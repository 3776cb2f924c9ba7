/*
 * wide.h: wide results tables as a grid of cells, shared by the CSV/TSV
 * reader (format "wide", wide.c) and the HTML page reader (htmltable.c), so the
 * same cells give the same records whatever they were written in.
 *
 * A wide table has one run per row and one test per column: row 0 names
 * the tests (its first cell, the label column's heading, is ignored),
 * column 0 of every other row is the run's label, and the other cells are
 * the figures of one metric, whose suite, name, unit and direction the
 * table does not say and the user gives (--suite, --metric, --unit,
 * --better).
 */
#ifndef BENCHSITE_WIDE_H
#define BENCHSITE_WIDE_H

#include "../format.h"

struct err;

/* A results table bigger than this is not a page's table; the cap bounds
 * the grid's memory (a cell is 24 bytes plus its text). */
#define WIDE_CELLS_MAX (1L << 20)

struct grid_cell {
	char *text;	/* owned, NUL-terminated UTF-8, trimmed; never NULL */
	long line;	/* where the cell is, for messages (0: nowhere) */
	long col;	/* its column for messages, or 0 */
};

struct grid {
	int rows, cols;
	struct grid_cell *cell;	/* rows * cols, row-major; owned */
};

/* Makes an empty rows x cols grid (every text ""); -1 when too big or out
 * of memory. */
int grid_init(struct grid *g, int rows, int cols);
void grid_release(struct grid *g);

/* Cell (r, c). */
struct grid_cell *grid_at(const struct grid *g, int r, int c);

/* Replaces the text of a cell with a copy of s[0..n); -1 out of memory. */
int grid_set(struct grid *g, int r, int c, const char *s, size_t n,
	     long line, long col);

/* Sends one run per data row of g to sink (see the file comment).  Needs
 * o->better; o->suite defaults to "table", o->metric to "value", o->unit
 * to "".  An empty figure is a test that row did not run; any other figure
 * must be a finite number.  Columns with no heading and no figure (spacers)
 * and rows with no figure are passed over.  Returns 0 or -1 with e filled
 * (the line of the faulty cell). */
int wide_records(const struct grid *g, const struct parse_opts *o,
		 const struct record_sink *sink, struct err *e);

#endif
