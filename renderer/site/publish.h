/*
 * publish.h: putting a finished site in place of the old one, atomically.
 *
 * The site is built in a staging folder beside the output folder
 * (".NAME.benchsite-new"); publish swaps the two in one rename
 * (renameat2 RENAME_EXCHANGE, with a two-rename fallback), so a reader or a
 * killed render never sees half a site.  An existing output folder is
 * replaced only when it is a site benchsite made (it holds the marker file)
 * or is empty, and holds no folder: `--out $HOME` must never delete a home
 * folder.  Folders are opened without following symlinks.
 */
#ifndef BENCHSITE_PUBLISH_H
#define BENCHSITE_PUBLISH_H

#include <stddef.h>

struct err;

/* The file that marks a folder as a site benchsite made. */
#define PUBLISH_MARKER ".benchsite-site"

/* The staging folder beside out: "a/b/site" -> "a/b/.site.benchsite-new";
 * refuses ".", ".." and "/". */
int publish_stage_name(const char *out, char *stage, size_t cap,
		       struct err *e);

/* Empties and creates the staging folder (removing what a killed render,
 * or a publish_swap that could not remove the old site, left there). */
int publish_prepare(const char *out, const char *stage, struct err *e);

/* May out be replaced?  *exists says whether it is there now. */
int publish_check(const char *out, int *exists, struct err *e);

/* Swaps stage in as out and removes the old site: 0; 1 when the new site
 * is published but the old one could not be removed (e says why; it stays
 * at stage, or at stage.old, until the next publish_prepare); -1 when
 * nothing was published. */
int publish_swap(const char *stage, const char *out, struct err *e);

/* The number of entries in folder dir, or -1. */
long publish_count_files(const char *dir);

/* Removes the staging folder after a failed render (errors ignored). */
void publish_abandon(const char *stage);

#endif
