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
	t->run(data, size);
	return 0;
}
