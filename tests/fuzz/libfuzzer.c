/*
 * libfuzzer.c: the libFuzzer entry point for one target of targets.c,
 * named at build time (-DFUZZ_TARGET=\"bonnie\"), so each target is its
 * own binary with its own corpus (make fuzz builds them with clang).
 */
#include <stdio.h>
#include <stdlib.h>

#include "targets.h"

#ifndef FUZZ_TARGET
#error "build with -DFUZZ_TARGET=\"name\""
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct fuzz_target *t;

	if (!t && !(t = fuzz_find(FUZZ_TARGET))) {
		fprintf(stderr, "fuzz: no target '%s'\n", FUZZ_TARGET);
		abort();
	}
	t->run(t, data, size);
	return 0;
}

/* ASan's quarantine keeps 256 MB of freed blocks by default, so each run
 * of an allocation-heavy target (libxml2 builds a node per tag) touches
 * fresh pages: a third of the html target's system time was page faults.
 * 32 MB still holds thousands of runs' frees of an 8 KB input. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "quarantine_size_mb=32";
}
