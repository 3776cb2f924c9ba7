/*
 * store_int.h: the store's handle, shared by the files of schema/ only
 * (store.c, lifecycle.c).  Nothing outside schema/ may include it: the rest
 * of benchsite sees struct store as opaque and never touches SQLite.
 */
#ifndef BENCHSITE_STORE_INT_H
#define BENCHSITE_STORE_INT_H

#include <sqlite3.h>

struct store {
	sqlite3 *db;
	const char *path;
};

#endif
