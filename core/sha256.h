/*
 * sha256.h: SHA-256 (FIPS 180-4), the key of every stored source.
 *
 * Written here rather than pulled from a crypto library: it is ~100 lines,
 * the project's four libraries do not offer it, and the key only has to be a
 * stable content address (the test vectors in tests/ check it).
 */
#ifndef BENCHSITE_SHA256_H
#define BENCHSITE_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t total;
	unsigned char block[64];
	size_t fill;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *p, size_t n);
void sha256_final(struct sha256 *s, unsigned char out[32]);

/* Adds str (NULL allowed) as one part of a key: its bytes and NUL, then
 * whether it was NULL, so that no two sequences of strings (and NULLs)
 * feed the same bytes.  The render keys of pages and models are made so. */
void sha256_update_str(struct sha256 *s, const char *str);

/* Finishes s and writes its digest as lowercase hex (65 bytes with the
 * NUL). */
void sha256_final_hex(struct sha256 *s, char hex[65]);

/* The lowercase hex digest of p[0..n) into hex (65 bytes with the NUL). */
void sha256_hex(const void *p, size_t n, char hex[65]);

#endif
