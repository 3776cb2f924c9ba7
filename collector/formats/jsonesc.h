/*
 * jsonesc.h: the JSON string escapes SQLite's JSON functions cannot carry.
 *
 * The JSON formats (fio, hyperfine) read their documents with SQLite's
 * json_extract, which ends a text at "\u0000" (the C string stops at the
 * NUL: "a\u0000b" would be stored as "a") and turns a lone surrogate
 * ("\ud800") into bytes that are not UTF-8.  Each "\uXXXX" is therefore
 * checked here, in the raw text, before SQLite reads it, so that such a
 * string is refused naming its line rather than cut or blamed on a later
 * check.
 */
#ifndef BENCHSITE_JSONESC_H
#define BENCHSITE_JSONESC_H

#include <stddef.h>

struct err;

/* Checks the escape "\uXXXX" at p[*i..n) (p[*i] is the backslash): -1
 * with e naming line for \u0000 or a surrogate half without its other
 * half; else 0.  A pair is passed whole (*i moves past its first half); a
 * malformed escape is left to json_valid(). */
int jsonesc_check(const char *p, size_t n, size_t *i, long line,
		  struct err *e);

/* jsonesc_check on every escape of the JSON text p[0..n), whose first line
 * is line 1.  Outside strings a backslash is not JSON at all, so every one
 * starts an escape: no string tracking is needed. */
int jsonesc_scan(const char *p, size_t n, struct err *e);

#endif
