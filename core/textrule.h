/*
 * textrule.h: the one rule for text that names things (labels, suites,
 * tests, metrics, units, attribute keys and values).
 *
 * Such text is shown in pages, charts, CSV files and on terminals, and
 * each of these breaks, or can be made to lie, on a few characters: C0
 * and C1 controls (an ESC sequence clears a terminal; XML refuses them),
 * noncharacters (U+FFFE, U+FFFF and the 64 others: cairo refuses them),
 * bidirectional controls (U+202E makes a line read backwards), NUL and
 * bytes that are not UTF-8 (a lone surrogate, say).  The record sink
 * refuses text holding any of them (collector/sink.c), so that the store
 * holds only text every output can carry; the outputs clean what an older
 * store or the sqlite3 shell put there anyway (textrule_clean, U+FFFD for
 * each), and terminals get only cleaned text (textrule_fputs).  Tab is allowed:
 * formats that can carry it mean it.  Invisible characters are refused
 * too (format characters such as U+200B and U+FEFF): "ext4" and "ext4"
 * + U+200B would be two names that print the same.  Text not in NFC
 * (Unicode's composed form) would be too ("é" as U+00E9, or as e +
 * U+0301), but it only says the same thing another way: every name is
 * composed on its way in (textrule_name), so that both spellings are one
 * name.  Cleaning replaces the first with U+FFFD and composes the second.
 */
#ifndef BENCHSITE_TEXTRULE_H
#define BENCHSITE_TEXTRULE_H

#include <stddef.h>
#include <stdio.h>

/* *cp when the bytes are not UTF-8 (no code point to name). */
#define TEXTRULE_BAD_UTF8 (-1L)
/* Set in *cp (beside the code point) when the character is allowed but
 * the text is not in NFC there: a name that differs from another only by
 * composition ("é" as U+00E9, or as e + U+0301) would be a second group
 * that prints the same, so names are kept in NFC, checked by ICU's data. */
#define TEXTRULE_NOT_NFC (1L << 24)

/* 0 when s[0..n) is text the rule allows; otherwise -1, with *at the
 * offset of the first refused character and *cp its code point (or
 * TEXTRULE_BAD_UTF8).  at and cp may be NULL. */
int textrule_check(const char *s, size_t n, size_t *at, long *cp);

/* textrule_check but for NFC: for text that is kept as it was given
 * rather than as a name (a file's path, which names the file only spelt
 * as it is), and that outputs show composed. */
int textrule_check_chars(const char *s, size_t n, size_t *at, long *cp);

/* textrule_check of the NUL-terminated s (the NUL ends it). */
int textrule_check_str(const char *s, size_t *at, long *cp);

/* A name as the store keeps it: 0 with *nfc NULL when the NUL-terminated
 * s passes the rule as it is (nearly always: ASCII is NFC), or with *nfc
 * a new string (the caller frees it), s composed to NFC, when s holds no
 * character the rule refuses but is not in NFC.  -1 when it holds one:
 * *at and *cp (may be NULL) say which as textrule_check does, the first
 * refused character named rather than a decomposed one before it.  -2
 * when memory runs out. */
int textrule_name(const char *s, char **nfc, size_t *at, long *cp);

/* 1 when a and b are one name once composed (textrule_name; a name the
 * rule refuses is taken as it is), 0 when they differ, -1 when memory
 * runs out: for parsers that tell runs or columns apart by name. */
int textrule_same(const char *a, const char *b);

/* 0 when the NUL-terminated s passes the rule; else -1 with e saying
 * "WHAT holds U+001B, a control character" (or "WHAT is not valid UTF-8
 * text"): the check of text a user gives for a name (--label, --title). */
struct err;
int textrule_named(const char *what, const char *s, struct err *e);

/* What cp is, for messages: "U+001B, a control character",
 * "U+FFFE, a noncharacter", "U+202E, a bidirectional control", "a byte
 * that is not UTF-8".  out holds 64 bytes. */
void textrule_describe(long cp, char out[64]);

/* Copies s[0..n) into out (cap > 0 bytes, the NUL included) with every
 * refused character, and every byte that is not UTF-8, replaced by U+FFFD,
 * cut at a character's start when it does not fit.  Returns how many were
 * replaced. */
size_t textrule_clean(const char *s, size_t n, char *out, size_t cap);

/* The same into a new string (the caller frees it), or NULL when memory
 * runs out; *replaced (may be NULL) says how many were replaced. */
char *textrule_clean_dup(const char *s, size_t *replaced);

/* Writes s to f cleaned as textrule_clean does: what benchsite prints on
 * a terminal never carries a raw control character.  Returns fputs's
 * answer (EOF on error). */
int textrule_fputs(const char *s, FILE *f);

/* printf to f, the text written as textrule_fputs writes it but for one
 * line feed at its end: for lines that carry names from the store (list,
 * summary).  Returns 0, or EOF on error (memory included). */
int textrule_printf(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Loads ICU's normalization data: 0, or -1 when memory ran out.  Called
 * once before any text is checked: ICU's combining-class lookup cannot
 * report a failure to load it, and would answer 0 (a text in NFC taken
 * for one that is not). */
int textrule_init(void);

#endif
