/*
 * tap.h: the unit tests' few macros (collectd's testing.h): each check
 * prints one TAP line, "ok - what" or "not ok - what" with the location.
 */
#ifndef BENCHSITE_TAP_H
#define BENCHSITE_TAP_H

#include <stdio.h>
#include <string.h>

extern int tap_failed;

#define CHECK(cond, what) do { \
	if (cond) { \
		printf("ok - %s\n", what); \
	} else { \
		printf("not ok - %s (%s:%d: %s)\n", what, __FILE__, __LINE__, \
		       #cond); \
		tap_failed++; \
	} \
} while (0)

#define CHECK_STR(got, want, what) do { \
	const char *g_ = (got), *w_ = (want); \
	if (g_ && strcmp(g_, w_) == 0) { \
		printf("ok - %s\n", what); \
	} else { \
		printf("not ok - %s (%s:%d: got '%s', want '%s')\n", what, \
		       __FILE__, __LINE__, g_ ? g_ : "(null)", w_); \
		tap_failed++; \
	} \
} while (0)

void test_core(void);
void test_chart(void);
void test_store(void);
void test_parsers(void);
void test_stats(void);
void test_run(void);
void test_png(void);
void test_options(void);
/* `unit options`: every command's options, a line each: command, name,
 * argument (none, required, optional), short letter or - */
int options_mode(void);
void test_natural(void);
void test_palette(void);
void test_units(void);

#endif
