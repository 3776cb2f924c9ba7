/*
 * publish_lock.h: one render at a time into one --out folder.
 *
 * Two renders into the same folder would each empty the other's staging
 * folder and neither would publish.  The second waits for the first: a
 * POSIX record lock on a lock file beside the staging folder
 * ("a/b/.site.benchsite-lock"), taken before the staging folder is
 * touched and removed with the lock, so that a finished render leaves
 * nothing beside the site (one killed leaves the file, which the next
 * render takes over and removes).
 */
#ifndef BENCHSITE_PUBLISH_LOCK_H
#define BENCHSITE_PUBLISH_LOCK_H

#include <stddef.h>

struct err;

struct publish_lock {
	int fd;			/* -1: not held */
	char path[4200];
};

/* Takes the lock of stage (publish_stage_name's), waiting for a render
 * that holds it; says so on stderr once while it waits. */
int publish_lock(const char *stage, struct publish_lock *l, struct err *e);

/* Removes the lock file and releases the lock (nothing when not held). */
void publish_unlock(struct publish_lock *l);

#endif
