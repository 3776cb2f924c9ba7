/*
 * err.c: filling and printing struct err.  Messages follow git's style:
 * lowercase, no full stop, the subject in quotes.
 */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "textrule.h"

void err_clear(struct err *e)
{
	memset(e, 0, sizeof(*e));
}

static void err_vfill(struct err *e, long line, long col, const char *fmt,
		      va_list ap) __attribute__((format(printf, 4, 0)));

static void err_vfill(struct err *e, long line, long col, const char *fmt,
		      va_list ap)
{
	e->line = line;
	e->col = col;
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
}

int err_set(struct err *e, const char *file, long line, long col,
	    const char *fmt, ...)
{
	va_list ap;

	if (file)
		snprintf(e->file, sizeof(e->file), "%s", file);
	va_start(ap, fmt);
	err_vfill(e, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

int err_at(struct err *e, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	err_vfill(e, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

void err_print(const struct err *e)
{
	fputs("benchsite: ", stderr);
	if (e->file[0]) {
		textrule_fputs(e->file, stderr);
		if (e->line > 0) {
			fprintf(stderr, ":%ld", e->line);
			if (e->col > 0)
				fprintf(stderr, ":%ld", e->col);
		}
		fputs(": ", stderr);
	}
	/* a message may quote the input: never a raw control on a terminal */
	textrule_fputs(e->msg[0] ? e->msg : "unknown error", stderr);
	fputc('\n', stderr);
}

int warnmsg(const char *fmt, ...)
{
	va_list ap;

	char msg[ERR_MSG_MAX];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fputs("benchsite: ", stderr);
	textrule_fputs(msg, stderr);
	fputc('\n', stderr);
	return -1;
}
