/*
 * store_ro.c: opening a store where it cannot be written (a read-only
 * mount, a folder of someone else's), or another store merge must not
 * touch, without creating anything beside it.
 *
 * A WAL store is read through its -shm index, which SQLite creates when
 * it is missing, even for a read-only connection; where it cannot, the
 * open fails ("unable to open database file").  So: when a -wal file is
 * there (a writer may be at work, and its -shm with it), the store is
 * opened read-only and shares them; when there is none, everything the
 * store holds is in its main file, and it is opened immutable: read as
 * it stands, no lock taken, no file made.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "store.h"
#include "store_int.h"

char *store_uri(const char *path, const char *query)
{
	static const char hex[] = "0123456789ABCDEF";
	struct buf b;
	const unsigned char *p;
	int rc;

	buf_init(&b, 3 * strlen(path) + strlen(query) + 16);
	/* an absolute path after an empty authority ("file:" followed by
	 * "//host/x" would name a host), a relative one after "./" (SQLite
	 * takes a database whose name is ":memory:" for one in memory, even
	 * from a URI) */
	rc = buf_adds(&b, path[0] == '/' ? "file://" : "file:./");
	for (p = (const unsigned char *)path; !rc && *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '/' || *p == '.' ||
		    *p == '-' || *p == '_') {
			rc = buf_addc(&b, (char)*p);
		} else {
			char esc[4] = {'%', hex[*p >> 4], hex[*p & 15], 0};

			rc = buf_adds(&b, esc);
		}
	}
	if (rc || buf_adds(&b, query)) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

char *store_folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	return strndup(path, slash == path ? 1 : (size_t)(slash - path));
}

/* 1 when a file can be made in path's folder (SQLite makes the -shm). */
static int folder_writable(const char *path)
{
	char *dir = store_folder_of(path);
	int ok;

	if (!dir)
		return 1;	/* let the open say what is wrong */
	ok = access(dir, W_OK) == 0;
	free(dir);
	return ok;
}

int store_ro_open(const char *path, sqlite3 **db, struct err *e)
{
	char *wal = malloc(strlen(path) + 5), *uri;
	int live, shm, rc;

	*db = NULL;
	if (!wal)
		return err_set(e, path, 0, 0, "out of memory");
	snprintf(wal, strlen(path) + 5, "%s-wal", path);
	live = access(wal, F_OK) == 0;
	strcpy(wal + strlen(path), "-shm");
	/* changes in the -wal are read through the -shm index: without it,
	 * where it cannot be made, SQLite can only say "unable to open
	 * database file" (and immutable would not see the changes) */
	shm = live && access(wal, F_OK) != 0 && errno == ENOENT &&
	      !folder_writable(path);
	free(wal);
	if (access(path, R_OK))
		return err_set(e, path, 0, 0, "cannot read the store: %s",
			       strerror(errno));
	if (shm)
		return err_set(e, path, 0, 0, "its -wal holds changes not yet "
			       "in the store's file, and its -shm (the index "
			       "to read them) is missing and cannot be made "
			       "here: open the store once where it can be "
			       "written (copy it with its -wal), or let the "
			       "program that wrote it close it");
	uri = store_uri(path, live ? "?mode=ro" : "?mode=ro&immutable=1");
	if (!uri)
		return err_set(e, path, 0, 0, "out of memory");
	rc = sqlite3_open_v2(uri, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI |
			     SQLITE_OPEN_NOMUTEX, NULL);
	free(uri);
	if (rc != SQLITE_OK) {
		char why[320];

		err_set(e, path, 0, 0, "cannot open the store read-only: %s",
			*db ? store_sqlite_msg(*db, why, sizeof(why)) :
			"out of memory");
		sqlite3_close(*db);
		*db = NULL;
		return -1;
	}
	return 0;
}

int store_writable_here(const char *path)
{
	return access(path, W_OK) == 0 && folder_writable(path);
}
