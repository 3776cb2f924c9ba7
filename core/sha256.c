/*
 * sha256.c: straightforward FIPS 180-4 SHA-256, one 64-byte block at a time.
 * On x86-64 CPUs with the SHA extensions the blocks go through them instead
 * (chosen at run time by CPUID): an import hashes every file it reads, and
 * the portable code cost a tenth of a long-CSV import.
 */
#include "sha256.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SHA256_X86 1
#include <cpuid.h>
#include <immintrin.h>
#endif

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha256_block(struct sha256 *s, const unsigned char *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, h, t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
	for (i = 16; i < 64; i++) {
		uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = s->h[0]; b = s->h[1]; c = s->h[2]; d = s->h[3];
	e = s->h[4]; f = s->h[5]; g = s->h[6]; h = s->h[7];
	for (i = 0; i < 64; i++) {
		t1 = h + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) +
		     K[i] + w[i];
		t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		h = g; g = f; f = e; e = d + t1;
		d = c; c = b; b = a; a = t1 + t2;
	}
	s->h[0] += a; s->h[1] += b; s->h[2] += c; s->h[3] += d;
	s->h[4] += e; s->h[5] += f; s->h[6] += g; s->h[7] += h;
}

#ifdef SHA256_X86
/* The blocks p[0..64n) with the SHA-NI instructions (Intel's published
 * sequence: two rounds per sha256rnds2, message schedule by sha256msg1/2). */
__attribute__((target("sha,sse4.1,ssse3")))
static void sha256_blocks_ni(uint32_t h[8], const unsigned char *p, size_t n)
{
	const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL,
					    0x0405060700010203ULL);
	__m128i state0, state1, msg, tmp, m0, m1, m2, m3, save0, save1;
	int i;

	tmp = _mm_loadu_si128((const __m128i *)(const void *)&h[0]);
	state1 = _mm_loadu_si128((const __m128i *)(const void *)&h[4]);
	tmp = _mm_shuffle_epi32(tmp, 0xB1);		/* CDAB */
	state1 = _mm_shuffle_epi32(state1, 0x1B);	/* EFGH */
	state0 = _mm_alignr_epi8(tmp, state1, 8);	/* ABEF */
	state1 = _mm_blend_epi16(state1, tmp, 0xF0);	/* CDGH */
	for (; n > 0; n--, p += 64) {
		__m128i m[4];

		save0 = state0;
		save1 = state1;
		for (i = 0; i < 4; i++)
			m[i] = _mm_shuffle_epi8(_mm_loadu_si128(
				(const __m128i *)(const void *)(p + 16 * i)), mask);
		m0 = m[0];
		m1 = m[1];
		m2 = m[2];
		m3 = m[3];
		/* 16 groups of 4 rounds; from the fifth on, each also extends
		 * the message schedule */
		for (i = 0; i < 16; i++) {
			__m128i cur = i % 4 == 0 ? m0 : i % 4 == 1 ? m1 :
				      i % 4 == 2 ? m2 : m3;

			msg = _mm_add_epi32(cur, _mm_loadu_si128(
				(const __m128i *)(const void *)&K[4 * i]));
			state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
			if (i >= 3 && i < 15) {
				/* w[4(i+1)..] from the last 16 words */
				__m128i next = i % 4 == 3 ? m0 : i % 4 == 0 ? m1 :
					       i % 4 == 1 ? m2 : m3;
				__m128i prev = i % 4 == 3 ? m2 : i % 4 == 0 ? m3 :
					       i % 4 == 1 ? m0 : m1;

				tmp = _mm_alignr_epi8(cur, prev, 4);
				next = _mm_add_epi32(next, tmp);
				next = _mm_sha256msg2_epu32(next, cur);
				if (i % 4 == 3)
					m0 = next;
				else if (i % 4 == 0)
					m1 = next;
				else if (i % 4 == 1)
					m2 = next;
				else
					m3 = next;
			}
			msg = _mm_shuffle_epi32(msg, 0x0E);
			state0 = _mm_sha256rnds2_epu32(state0, state1, msg);
			if (i >= 1 && i < 13) {
				/* sha256msg1 on the words 4 groups ahead */
				if (i % 4 == 1)
					m0 = _mm_sha256msg1_epu32(m0, m1);
				else if (i % 4 == 2)
					m1 = _mm_sha256msg1_epu32(m1, m2);
				else if (i % 4 == 3)
					m2 = _mm_sha256msg1_epu32(m2, m3);
				else
					m3 = _mm_sha256msg1_epu32(m3, m0);
			}
		}
		state0 = _mm_add_epi32(state0, save0);
		state1 = _mm_add_epi32(state1, save1);
	}
	tmp = _mm_shuffle_epi32(state0, 0x1B);		/* FEBA */
	state1 = _mm_shuffle_epi32(state1, 0xB1);	/* DCHG */
	state0 = _mm_blend_epi16(tmp, state1, 0xF0);	/* DCBA */
	state1 = _mm_alignr_epi8(state1, tmp, 8);	/* ABEF */
	_mm_storeu_si128((__m128i *)(void *)&h[0], state0);
	_mm_storeu_si128((__m128i *)(void *)&h[4], state1);
}

/* 1 when the CPU has the SHA extensions (and SSSE3, SSE4.1), else 0. */
static int sha256_have_ni(void)
{
	static int have = -1;
	unsigned a, b, c, d;

	if (have >= 0)
		return have;
	have = 0;
	if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) &&
	    (c & bit_SSE4_1) && __get_cpuid_max(0, NULL) >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		have = (b & (1u << 29)) != 0;
	}
	return have;
}
#endif

/* The blocks p[0..64n). */
static void sha256_blocks(struct sha256 *s, const unsigned char *p, size_t n)
{
#ifdef SHA256_X86
	if (sha256_have_ni()) {
		sha256_blocks_ni(s->h, p, n);
		return;
	}
#endif
	for (; n > 0; n--, p += 64)
		sha256_block(s, p);
}

void sha256_init(struct sha256 *s)
{
	static const uint32_t iv[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};

	memcpy(s->h, iv, sizeof(iv));
	s->total = 0;
	s->fill = 0;
}

void sha256_update(struct sha256 *s, const void *data, size_t n)
{
	const unsigned char *p = data;

	s->total += n;
	if (s->fill) {
		size_t take = 64 - s->fill < n ? 64 - s->fill : n;

		memcpy(s->block + s->fill, p, take);
		s->fill += take;
		p += take;
		n -= take;
		if (s->fill < 64)
			return;
		sha256_blocks(s, s->block, 1);
		s->fill = 0;
	}
	sha256_blocks(s, p, n / 64);
	p += n / 64 * 64;
	n %= 64;
	memcpy(s->block, p, n);
	s->fill = n;
}

void sha256_final(struct sha256 *s, unsigned char out[32])
{
	uint64_t bits = s->total * 8;
	unsigned char pad[72] = {0x80};
	size_t padlen = (s->fill < 56 ? 56 : 120) - s->fill;
	int i;

	for (i = 0; i < 8; i++)
		pad[padlen + (size_t)i] = (unsigned char)(bits >> (56 - 8 * i));
	sha256_update(s, pad, padlen + 8);
	for (i = 0; i < 8; i++) {
		out[4 * i] = (unsigned char)(s->h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(s->h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(s->h[i] >> 8);
		out[4 * i + 3] = (unsigned char)s->h[i];
	}
}

void sha256_final_hex(struct sha256 *s, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	unsigned char d[32];
	int i;

	sha256_final(s, d);
	for (i = 0; i < 32; i++) {
		hex[2 * i] = digits[d[i] >> 4];
		hex[2 * i + 1] = digits[d[i] & 15];
	}
	hex[64] = '\0';
}

void sha256_hex(const void *p, size_t n, char hex[65])
{
	struct sha256 s;

	sha256_init(&s);
	sha256_update(&s, p, n);
	sha256_final_hex(&s, hex);
}

void sha256_update_str(struct sha256 *s, const char *str)
{
	sha256_update(s, str ? str : "", str ? strlen(str) + 1 : 0);
	sha256_update(s, str ? "s" : "n", 1);
}
