/*
 * import_group.h: which files make one unit of import, a run written as
 * several files (sql-bench's output/ folder, a fio output and its logs).
 */
#ifndef BENCHSITE_IMPORT_GROUP_H
#define BENCHSITE_IMPORT_GROUP_H

#include <stddef.h>

struct err;
struct import_opts;
struct loaded;

/* The largest key struct format.group may give, with its format name. */
#define IMPORT_KEY_MAX 512

/* For `import DIR`: 1 when path's format writes one run as several files
 * (struct format.group) and path is one of them; key (cap bytes) is then
 * "FORMAT:RUNKEY", *unnamed 1 when the file does not say which run (it
 * joins its folder's only group).  0 for files that stand alone, and for
 * files that cannot be read or recognised (import_file then reports
 * them).  Reads the file; changes nothing. */
int import_group_key(const char *path, const struct import_opts *o,
		     char *key, size_t cap, int *unnamed);

/* 1 when path is a file named as fio names its logs (NAME_bw.N.log ...),
 * to go after the job's output in one import_set; 2 when it is such a
 * file but empty (nothing to read: fio leaves the slat log of a
 * synchronous engine empty); 0 for anything else.  Changes nothing. */
int import_is_part(const char *path);
/* Checks that f[0..n) are one unit: files of one format with parse_set
 * (sql-bench's), or one output of a FORMAT_PARTS format with files of
 * FORMAT_PART after it (put first here, whatever the order given), no
 * two of the same bytes.  -1 with e naming the file at fault. */
int import_group_check(struct loaded *f, size_t n, struct err *e);

#endif
