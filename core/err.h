/*
 * err.h: how every layer reports a failure.
 *
 * A function that can fail takes a `struct err *` and returns 0 or -1; on -1
 * it has filled the struct with the file, line, column and a message.  Only
 * main and the commands print (git's "return error(...)" idiom, mandoc's
 * "prog: file:line:col: message" diagnostics).  Line 0 means "the whole
 * file", column 0 means "no column".
 */
#ifndef BENCHSITE_ERR_H
#define BENCHSITE_ERR_H

#include <stddef.h>

/* Paths longer than this are shown shortened; 1024 fits any sane path and
 * keeps struct err on the stack without allocation. */
#define ERR_FILE_MAX 1024
/* One message line; longer ones are cut (a message is for a person). */
#define ERR_MSG_MAX 512

struct err {
	char file[ERR_FILE_MAX];
	long line;
	long col;
	char msg[ERR_MSG_MAX];
};

/* Clears e. */
void err_clear(struct err *e);

/* Fills e with file (may be NULL: keeps the file already set), line, col and
 * a printf-style message; always returns -1 so callers can
 * `return err_set(e, ...)`. */
int err_set(struct err *e, const char *file, long line, long col,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Like err_set, keeping e->file. */
int err_at(struct err *e, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Prints "benchsite: FILE:LINE:COL: MSG\n" (parts that are unset left out)
 * to stderr. */
void err_print(const struct err *e);

/* Prints "benchsite: MSG\n" to stderr; returns -1. */
int warnmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
