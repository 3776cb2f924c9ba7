/*
 * walk.c: what `benchsite import` names, walked (walk.h).  A folder is
 * read recursively in name order, skipping dot files; within one folder
 * level, the files whose format puts them in the same run
 * (import_group_key) go to the group callback together, as one unit; a
 * file that says it is of some run but not which (sql-bench.log) joins
 * the folder's group when there is exactly one.  Files named one by one
 * stay separate units: grouping is what naming a folder asks for.
 */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/err.h"
#include "../core/sort.h"
#include "import.h"

static void walk_one(struct walk *w, const char *path, int in_dir);

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Walks the entries names[0..n) of one folder (sorted): the files of one
 * run as one group each, the rest one by one.  keys[i] is the
 * group key of file i or NULL. */
static void walk_entries(struct walk *w, char **names, char **keys,
			 size_t n)
{
	char **set = malloc((n ? n : 1) * sizeof(*set));
	size_t i, j, k;

	for (i = 0; i < n; i++) {
		if (!names[i])
			continue;	/* imported with its group */
		k = 0;
		if (keys[i] && set) {
			for (j = i; j < n; j++)
				if (names[j] && keys[j] &&
				    strcmp(keys[i], keys[j]) == 0)
					set[k++] = names[j];
		}
		if (k < 2) {
			walk_one(w, names[i], 1);
			free(names[i]);
			names[i] = NULL;
			continue;
		}
		w->group(w, set, k);
		for (j = i; j < n; j++)
			if (names[j] && keys[j] && strcmp(keys[i], keys[j]) == 0 &&
			    j != i) {
				free(names[j]);
				names[j] = NULL;
			}
		free(names[i]);
		names[i] = NULL;
	}
	free(set);
}

/* keys[i] for each regular file of names[0..n) that belongs to a run of
 * several files; a file that does not say which run joins the only named
 * group of its format, if there is exactly one. */
static void group_keys(struct walk *w, char **names, char **keys, size_t n)
{
	char key[IMPORT_KEY_MAX];
	int *unnamed = calloc(n ? n : 1, sizeof(*unnamed));
	size_t i, j;
	struct stat st;

	if (!unnamed)
		return;
	for (i = 0; i < n; i++) {
		if (stat(names[i], &st) || !S_ISREG(st.st_mode))
			continue;
		if (import_group_key(names[i], w->o, key, sizeof(key),
				     &unnamed[i]))
			keys[i] = strdup(key);
	}
	for (i = 0; i < n; i++) {
		const char *only = NULL;
		int many = 0;
		size_t fl;

		if (!keys[i] || !unnamed[i])
			continue;
		fl = strlen(keys[i]);	/* "FORMAT:" */
		for (j = 0; j < n; j++)
			if (keys[j] && !unnamed[j] &&
			    strncmp(keys[j], keys[i], fl) == 0) {
				if (only && strcmp(only, keys[j]) != 0)
					many = 1;
				only = keys[j];
			}
		if (only && !many) {
			char *dup = strdup(only);

			if (dup) {
				free(keys[i]);
				keys[i] = dup;
			}
		}
	}
	free(unnamed);
}

static void walk_dir(struct walk *w, const char *path)
{
	DIR *d = opendir(path);
	struct dirent *de;
	char **names = NULL, **keys;
	size_t n = 0, cap = 0, i;

	if (!d) {
		warnmsg("%s: cannot open folder: %s", path, strerror(errno));
		w->failed = 1;
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **nn = realloc(names, (cap = cap ? 2 * cap : 32) *
					    sizeof(*names));
			if (!nn)
				break;
			names = nn;
		}
		names[n] = malloc(strlen(path) + strlen(de->d_name) + 2);
		if (!names[n])
			break;
		/* "dir/" given: "dir/x", not "dir//x" */
		snprintf(names[n], strlen(path) + strlen(de->d_name) + 2,
			 "%s%s%s", path, path[strlen(path) - 1] == '/' ? "" :
			 "/", de->d_name);
		n++;
	}
	closedir(d);
	sort_items(names, n, sizeof(*names), by_name);
	keys = calloc(n ? n : 1, sizeof(*keys));
	w->depth++;
	if (keys) {
		group_keys(w, names, keys, n);
		walk_entries(w, names, keys, n);
		for (i = 0; i < n; i++)
			free(keys[i]);
		free(keys);
	} else {
		for (i = 0; i < n; i++) {
			walk_one(w, names[i], 1);
			free(names[i]);
		}
	}
	w->depth--;
	free(names);
}

/* 1 when the folder st describes was walked before; else notes it.  A
 * folder that cannot be noted (memory) is walked: the depth cap still
 * ends a loop. */
static int seen_before(struct walk *w, const struct stat *st)
{
	size_t i;

	for (i = 0; i < w->nseen; i++)
		if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino)
			return 1;
	if (w->nseen == w->capseen) {
		size_t ncap = w->capseen ? 2 * w->capseen : 16;
		struct walked *ns = realloc(w->seen, ncap * sizeof(*ns));

		if (!ns)
			return 0;
		w->seen = ns;
		w->capseen = ncap;
	}
	w->seen[w->nseen].dev = st->st_dev;
	w->seen[w->nseen++].ino = st->st_ino;
	return 0;
}

static void walk_one(struct walk *w, const char *path, int in_dir)
{
	struct stat st;

	if (w->stop)
		return;
	if (strcmp(path, "-") == 0) {
		w->file(w, path);
		return;
	}
	if (stat(path, &st)) {
		warnmsg("%s: cannot open: no such file or folder", path);
		w->failed = 1;
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		if (seen_before(w, &st)) {
			warnmsg("%s: a folder already walked (a link back to "
				"it, or a second way in): not walked again",
				path);
			return;
		}
		if (w->depth >= WALK_DEPTH_MAX) {
			warnmsg("%s: folders nested too deep", path);
			w->failed = 1;
			return;
		}
		walk_dir(w, path);
		return;
	}
	if (!S_ISREG(st.st_mode) && in_dir)
		return;	/* sockets, fifos met in a folder */
	w->o->skip_unknown = in_dir;
	w->file(w, path);
}

void walk_path(struct walk *w, const char *path)
{
	walk_one(w, path, 0);
}

void walk_release(struct walk *w)
{
	free(w->seen);
	w->seen = NULL;
	w->nseen = w->capseen = 0;
}
