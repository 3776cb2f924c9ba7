/*
 * run_save.h: the --save files of `benchsite run` (cli/run.c).
 *
 * Every file is made before anything runs, exclusively, and a file holds
 * the output of its run only once that run was imported: a run that
 * imported nothing (failed, interrupted, unreadable, never started)
 * leaves no file behind, whatever stopped it, so that the next attempt
 * can --save to the same names.  Its output is in the file
 * `benchsite-run.PID.N.out` that its message names.
 */
#ifndef BENCHSITE_RUN_SAVE_H
#define BENCHSITE_RUN_SAVE_H

#include <sys/types.h>

struct source_input;

/* A --save file, made before anything runs. */
struct run_saved {
	dev_t dev;
	ino_t ino;		/* 0: not ours (never made, or removed) */
	int written;
};

struct run_save {
	const char *file;	/* --save FILE */
	long n;			/* runs: FILE itself for one, else FILE-i */
	struct run_saved *saved;	/* owned, n of them */
};

/* The file of run i (1..n): FILE itself, or FILE-i before its extension
 * (out.txt -> out-2.txt) when there are several runs. */
void run_save_path(const struct run_save *sv, long i, char *path,
		   size_t cap);

/* Creates the n files, each only where nothing is at its name (a file or
 * a symlink there is refused, never followed or overwritten).  Prints why
 * and returns -1, having made nothing, on any failure. */
int run_save_create(struct run_save *sv, const char *file, long n);

/* Writes in to the file of run i (still the one made, not a symlink).
 * Prints why and returns -1 on failure. */
int run_save_write(struct run_save *sv, long i,
		   const struct source_input *in);

/* Removes the file of run i, when it is still the one made here (its run
 * imported nothing after all). */
void run_save_remove(struct run_save *sv, long i);

/* Removes the files of the runs that never wrote theirs, while they are
 * still the empty files made here, and frees sv. */
void run_save_finish(struct run_save *sv);

/* Writes in's bytes to fd a few MB at a time, giving back the pages of a
 * spooled capture behind it: memory stays flat however much the command
 * printed.  0, or -1 with errno set. */
int run_write_input(int fd, const struct source_input *in);

#endif
