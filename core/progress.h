/*
 * progress.h: one updating line on a terminal, for long work (a render of
 * many charts, an import of a large file, the repeats of a run).
 *
 * The line is written to stderr only when stderr is a terminal and the
 * command was not asked to be quiet: a log file or a pipe never receives
 * carriage returns.  Updates come at most ten times a second, so that a
 * loop may call progress_show on every step; progress_clear wipes the
 * line before anything else is printed, so messages never land in the
 * middle of it.
 */
#ifndef BENCHSITE_PROGRESS_H
#define BENCHSITE_PROGRESS_H

/* Turns the line on (1) or off (0) for this process; on only when stderr
 * is a terminal.  Off until called. */
void progress_enable(int on);

/* 1 when the line is on. */
int progress_enabled(void);

/* Shows the text (printf format) as the line, replacing what it said, at
 * most every 100 ms; nothing when off. */
void progress_show(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Wipes the line if it shows anything. */
void progress_clear(void);

#endif
