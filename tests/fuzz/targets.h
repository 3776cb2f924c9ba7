/*
 * targets.h: the fuzz targets, one function per hostile-input entry point.
 *
 * Each target takes arbitrary bytes and must neither crash, leak, read out
 * of bounds nor break the record_sink contract (checked: the sink aborts on
 * a breach, which the fuzzer reports as a crash).  The same table serves
 * two drivers: libfuzzer.c (clang -fsanitize=fuzzer, one binary per
 * target) and replay.c (any compiler; `make check` runs every stored
 * corpus file through it).
 *
 * The parser targets come from the format registry (collector/registry.c):
 * one per format, named as the format, so a new format is fuzzed without
 * a line here; `fuzz-replay list` prints every target's name, and the
 * Makefile's fuzz rules build and run what it lists.
 */
#ifndef BENCHSITE_FUZZ_TARGETS_H
#define BENCHSITE_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

struct format;

struct fuzz_target {
	const char *name;	/* also the corpus folder's name */
	const struct format *format;	/* what a parser target reads, or
					 * NULL */
	void (*run)(const struct fuzz_target *t, const uint8_t *p, size_t n);
};

/* Every target: the registry's formats, in its order, then the others;
 * NULL-terminated (the name is NULL). */
const struct fuzz_target *fuzz_targets(void);

/* The target named name, or NULL. */
const struct fuzz_target *fuzz_find(const char *name);

/* Breaks the sink contract on purpose (a result outside a run), so a test
 * can show that a breach aborts; never returns. */
void fuzz_canary(void);

#endif
