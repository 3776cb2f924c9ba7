/*
 * slug.h: file names for the site, made from names that came from outside.
 *
 * A slug keeps lowercase ASCII letters and digits of the name, turns every
 * other run of bytes into one '-', keeps at most SLUG_TEXT_MAX of that, and
 * adds '-' and 8 hex digits of the name's SHA-256, so that "ext3" and
 * "EXT3", or "a/b" and "a-b", never share a file.  The result can hold no
 * '/', no "..", no leading '.', nothing a shell or a browser treats
 * specially.
 */
#ifndef BENCHSITE_SLUG_H
#define BENCHSITE_SLUG_H

#define SLUG_TEXT_MAX 40
#define SLUG_MAX (SLUG_TEXT_MAX + 10)

/* Writes the slug of the concatenation of parts (NULL-terminated list,
 * joined with a NUL byte so ("ab","c") and ("a","bc") differ). */
void slug_make(char out[SLUG_MAX], const char *const *parts);

#endif
