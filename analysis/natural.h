/*
 * natural.h: the order people expect of names that hold numbers: versions
 * (3.23.51 < 4.1.10 < 10.11) and numbered names (ext2 < ext10), which
 * byte order gets wrong.  A comparison's groups come in this order unless
 * it asks for another (compare --order).
 */
#ifndef BENCHSITE_NATURAL_H
#define BENCHSITE_NATURAL_H

/* <0, 0, >0 as a sorts before, with or after b: runs of digits compare
 * as numbers (of any length: no overflow), the rest byte by byte; names
 * equal so ("ext02", "ext2") fall back to byte order, so the order is
 * total and stable across runs. */
int natural_cmp(const char *a, const char *b);

#endif
