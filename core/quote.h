/*
 * quote.h: a name as one field of a CSV or TSV line, or as a JSON string.
 *
 * Every file benchsite writes for other programs (export, list --format
 * tsv, the site's downloads) quotes through here, so a label holding a
 * comma, a quote or a line break reads back the same in each of them.
 * A field is quoted only when it must be (RFC 4180: it holds the
 * delimiter, a double quote or a line break), which keeps ordinary output
 * plain.  JSON strings use the short escapes (\n, \t) where JSON has them
 * and \u00XX for the other controls.  Cleaning text by the text rule
 * (core/textrule.h) is the caller's choice (QUOTE_CLEAN): export keeps
 * names exact, for round trips; what people read is cleaned first.  Either
 * way a TSV field holding a tab is quoted, so that `export`, `list` and
 * `summary` rows keep their columns whatever a name holds.
 *
 * Each function writes either to a buffer or to a stream, through the
 * same loop, so the two cannot drift apart.
 */
#ifndef BENCHSITE_QUOTE_H
#define BENCHSITE_QUOTE_H

#include <stdio.h>

struct buf;

/* A field a spreadsheet would take for a formula (it starts with =, +, -,
 * @, a tab or a carriage return: "=HYPERLINK(...)" as a label) is written
 * quoted with a leading apostrophe, which spreadsheets read as "this is
 * text" (OWASP's advice on CSV injection).  Only for fields that are names,
 * never figures: a number would lose its sign. */
#define QUOTE_FORMULA 1
/* The field cleaned by the text rule before it is quoted
 * (textrule_clean): for output a terminal may show (list, summary), never
 * for one that must round-trip (export). */
#define QUOTE_CLEAN 2

/* Appends s to b as one field of a line whose fields are separated by
 * delim; flags is 0, QUOTE_FORMULA or QUOTE_CLEAN (or both).  Returns 0,
 * or -1 when b is full (or, with QUOTE_CLEAN, memory ran out: "?" is
 * written). */
int quote_field(struct buf *b, const char *s, char delim, int flags);

/* The same written to f; -1 on a write error. */
int quote_field_file(FILE *f, const char *s, char delim, int flags);

/* Appends s to b as a JSON string, quotes included.  Returns 0, or -1 when
 * b is full. */
int quote_json(struct buf *b, const char *s);

/* The same written to f; -1 on a write error. */
int quote_json_file(FILE *f, const char *s);

/* What a message shows of a command-line argument (a file name, an
 * option's value, a command that is none): the argument with every
 * character the text rule refuses (core/textrule.h) written as an escape
 * of printable ASCII, \xHH for a byte (a control, a byte that is not
 * UTF-8) and \u{HHHH} for a character (U+202E, U+FEFF ...), so that an
 * escape sequence never reaches the terminal yet the user sees what was
 * typed; cut at a character's start after QUOTE_ARG_MAX bytes of it, with
 * "..." after, so that a 100 KB argument is not a 100 KB message.  Every
 * message that echoes an argument goes through here.  out holds
 * QUOTE_ARG_SIZE bytes; returns out. */
#define QUOTE_ARG_MAX 160
#define QUOTE_ARG_SIZE (QUOTE_ARG_MAX * 4 + 32)
const char *quote_arg(const char *s, char out[QUOTE_ARG_SIZE]);

#endif
