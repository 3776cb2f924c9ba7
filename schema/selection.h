/*
 * selection.h: the one language every command chooses runs with
 * (`compare --where`, `list`, `tag`, `delete`, `export`).
 *
 *   K=V         the run's K is V
 *   K=V1,V2     the run's K is one of them
 *   K!=V        the run has no K, or its K is not V (K!=V1,V2: none)
 *   K~=V        the run's K holds the text V (K~=V1,V2: one of them)
 *   K!~=V       the run has no K, or its K holds none of them
 *   K           the run has a K
 *   !K          the run has no K
 *
 * K is an attribute name, or `label` for the run's label (which every run
 * has).  Conditions given together must all hold.  A comma inside a value
 * is written `\,` (and a backslash `\\`).
 *
 * A condition is kept as three strings: its operator, its key, and its
 * values as the user wrote them (commas and escapes in place), which is
 * also how a comparison stores it.  SELECTION_EQ is the single value taken
 * literally: what every filter stored before this language meant, so an
 * old store's comparisons select what they always did.
 */
#ifndef BENCHSITE_SELECTION_H
#define BENCHSITE_SELECTION_H

#include <stddef.h>

struct err;

enum selection_op {
	SELECTION_EQ = 0,	/* K=V, V literal (no list) */
	SELECTION_IN,		/* K=V1,V2... */
	SELECTION_NOT_IN,	/* K!=V1,... */
	SELECTION_HAS,		/* K */
	SELECTION_LACKS,	/* !K */
	SELECTION_CONTAINS,	/* K~=V1,... (any of them, as text within) */
	SELECTION_NOT_CONTAINS	/* K!~=V1,... */
};

/* At most this many values in one condition: a list longer than a
 * person types is a mistake, and each value is one SQL parameter. */
#define SELECTION_VALUES_MAX 64

/* Splits one condition (arg, changed in place) into *op, *key and
 * *values (pointers into arg; values is "" for HAS and LACKS).  K=V with
 * one value is SELECTION_EQ with the escapes undone.  -1 with e saying
 * why: no key, a key that is no attribute name, a line break, text that
 * is not UTF-8, more than SELECTION_VALUES_MAX values. */
int selection_parse(char *arg, int *op, const char **key, const char **values,
		    struct err *e);

/* The condition as the user would write it, into out[0..cap) (cut to
 * fit): "fs=ext4,btrfs", "fs!=xfs", "mount~=noatime", "fs", "!fs". */
void selection_format(int op, const char *key, const char *values, char *out,
		      size_t cap);

/* The condition for people, into out[0..cap): "fs=xfs" (as before the
 * language), "fs ext4 or btrfs", "fs other than xfs", "mount containing
 * noatime", "mount containing neither a nor b", "an fs", "no fs". */
void selection_describe(int op, const char *key, const char *values,
			char *out, size_t cap);

/* How many values a condition has (0 for HAS and LACKS). */
int selection_count(int op, const char *values);

/* 1 when the condition is a list of several values whose text holds an
 * unescaped comma (fs=a,b): when it matches nothing, the user may have
 * meant one value with a comma, written \,. */
int selection_has_list(int op, const char *values);

/* What to say when such a condition matched nothing, into out[0..cap):
 * "'fs=a,b' is 2 values; a comma inside a value is written \, (fs=a\,b)". */
void selection_comma_hint(int op, const char *key, const char *values,
			  char *out, size_t cap);

/* Value i (from 0) of values, escapes undone, into out[0..cap); its
 * length, or -1 when there is no value i or it does not fit. */
int selection_value(const char *values, int i, char *out, size_t cap);

#endif
