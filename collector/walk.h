/*
 * walk.h: the files and folders a command line names, walked for import:
 * a folder recursively in name order (dot files and what is not a regular
 * file skipped), the files of one run together, each folder once however
 * many links lead to it, and at most WALK_DEPTH_MAX deep.  What to do
 * with each file or group is the caller's (cli/import.c imports and
 * reports).
 */
#ifndef BENCHSITE_WALK_H
#define BENCHSITE_WALK_H

#include <stddef.h>
#include <sys/types.h>

struct import_opts;

/* Folders deeper than this are a loop or a mistake. */
#define WALK_DEPTH_MAX 32

/* A folder walked, by device and inode: what a link leads to. */
struct walked {
	dev_t dev;
	ino_t ino;
};

struct walk {
	/* the import's options; o->skip_unknown is set for each file: 1
	 * when it was met in a folder (a README beside results is normal),
	 * 0 when it was named */
	struct import_opts *o;
	/* one file ("-": standard input) */
	void (*file)(struct walk *w, const char *path);
	/* the n files of one run, met in one folder (o->skip_unknown 1) */
	void (*group)(struct walk *w, char **paths, size_t n);
	void *ctx;		/* the caller's */
	int failed;		/* something could not be walked (said) */
	int stop;		/* set by the caller: walk no further */
	int depth;
	/* the folders walked so far (owned), so that a link back to one (a
	 * loop) or a second way into one is walked once */
	struct walked *seen;
	size_t nseen, capseen;
};

/* Walks path (a file, a folder or "-"), calling w->file and w->group;
 * what cannot be walked is said on stderr and sets w->failed. */
void walk_path(struct walk *w, const char *path);

void walk_release(struct walk *w);

#endif
