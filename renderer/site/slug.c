/*
 * slug.c: see slug.h.
 */
#include "slug.h"

#include <string.h>

#include "../../core/sha256.h"

void slug_make(char out[SLUG_MAX], const char *const *parts)
{
	struct sha256 h;
	unsigned char d[32];
	static const char hex[] = "0123456789abcdef";
	size_t n = 0;
	int i, dash = 0;

	sha256_init(&h);
	for (i = 0; parts[i]; i++) {
		const char *s;

		sha256_update(&h, parts[i], strlen(parts[i]) + 1);
		for (s = parts[i]; *s && n < SLUG_TEXT_MAX; s++) {
			char c = *s;

			if (c >= 'A' && c <= 'Z')
				c = (char)(c - 'A' + 'a');
			if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
				if (dash && n > 0 && n + 1 < SLUG_TEXT_MAX)
					out[n++] = '-';
				dash = 0;
				if (n < SLUG_TEXT_MAX)
					out[n++] = c;
			} else {
				dash = 1;
			}
		}
		dash = 1;
	}
	sha256_final(&h, d);
	if (n == 0)
		out[n++] = 'x';
	out[n++] = '-';
	for (i = 0; i < 4; i++) {
		out[n++] = hex[d[i] >> 4];
		out[n++] = hex[d[i] & 15];
	}
	out[n] = '\0';
}
