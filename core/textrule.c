/*
 * textrule.c: see textrule.h.  One decoder walks the text; ASCII that is
 * neither a control nor DEL (what benchmark names nearly always are) is
 * passed a byte at a time without decoding, so that the check costs the
 * importer little more than a strlen.
 */
#include "textrule.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "text.h"

#define REPLACEMENT "\xef\xbf\xbd"	/* U+FFFD */

/* The length of the UTF-8 sequence at p[0..n) and its code point in *cp;
 * 0 when it is not one (overlong, surrogate, past U+10FFFF, cut short). */
static size_t decode(const unsigned char *p, size_t n, unsigned long *cp)
{
	unsigned long c = p[0];
	size_t len, k;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		c &= 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		c &= 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		c &= 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (k = 1; k < len; k++) {
		if ((p[k] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[k] & 0x3f);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

enum kind { K_OK, K_CONTROL, K_NONCHAR, K_BIDI };

static enum kind kind_of(unsigned long cp)
{
	if (cp < 0x20)
		return cp == '\t' ? K_OK : K_CONTROL;
	if (cp >= 0x7f && cp <= 0x9f)
		return K_CONTROL;	/* DEL and C1 */
	if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe)
		return K_NONCHAR;
	if (cp == 0x061c || cp == 0x200e || cp == 0x200f ||
	    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069))
		return K_BIDI;
	return K_OK;
}

/* The length of the allowed character at p[0..n), 0 when it is refused
 * (*cp then says which, or is TEXTRULE_BAD_UTF8). */
static size_t allowed(const unsigned char *p, size_t n, long *cp)
{
	unsigned long c;
	size_t len;

	if (p[0] >= 0x20 && p[0] < 0x7f)
		return 1;
	len = decode(p, n, &c);
	if (!len) {
		*cp = TEXTRULE_BAD_UTF8;
		return 0;
	}
	if (kind_of(c) != K_OK) {
		*cp = (long)c;
		return 0;
	}
	return len;
}

int textrule_check(const char *s, size_t n, size_t *at, long *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;
	long c = 0;

	while (i < n) {
		/* printable ASCII, nearly every byte of a name: no call */
		if (p[i] >= 0x20 && p[i] < 0x7f) {
			i++;
			continue;
		}
		k = allowed(p + i, n - i, &c);
		if (!k) {
			if (at)
				*at = i;
			if (cp)
				*cp = c;
			return -1;
		}
		i += k;
	}
	return 0;
}

int textrule_check_str(const char *s, size_t *at, long *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t off;

	/* the importer checks every name it stores: printable ASCII up to
	 * the NUL in one tight loop, the rest (if any) as textrule_check */
	while (*p >= 0x20 && *p < 0x7f)
		p++;
	if (!*p)
		return 0;
	off = (size_t)(p - (const unsigned char *)s);
	if (textrule_check((const char *)p, strlen((const char *)p), at,
			   cp) == 0)
		return 0;
	if (at)
		*at += off;
	return -1;
}

void textrule_describe(long cp, char out[64])
{
	static const char *const what[] = {
		"an allowed character", "a control character",
		"a noncharacter", "a bidirectional control",
	};

	if (cp < 0)
		snprintf(out, 64, "a byte that is not UTF-8");
	else if (cp == 0)
		snprintf(out, 64, "U+0000, a NUL");
	else
		snprintf(out, 64, "U+%04lX, %s", (unsigned long)cp,
			 what[kind_of((unsigned long)cp)]);
}

int textrule_named(const char *what, const char *s, struct err *e)
{
	char d[64];
	long cp;

	if (textrule_check_str(s, NULL, &cp) == 0)
		return 0;
	if (cp == TEXTRULE_BAD_UTF8)
		return err_set(e, NULL, 0, 0, "%s is not valid UTF-8 text", what);
	textrule_describe(cp, d);
	return err_set(e, NULL, 0, 0, "%s holds %s", what, d);
}

/* The bytes that go out for p[0..n)'s next character: *len input bytes
 * consumed, the return value's bytes written (*w of them). */
static const char *next_clean(const char *s, size_t n, size_t *len, size_t *w,
			      int *replaced)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long c;
	long cp;
	size_t k = allowed(p, n, &cp);

	*replaced = !k;
	if (k) {
		*len = k;
		*w = k;
		return s;
	}
	/* a bad byte is replaced alone; a refused character whole */
	*len = cp == TEXTRULE_BAD_UTF8 ? 1 : decode(p, n, &c);
	*w = 3;
	return REPLACEMENT;
}

size_t textrule_clean(const char *s, size_t n, char *out, size_t cap)
{
	size_t i = 0, o = 0, len, w, replaced = 0;
	const char *bytes;
	int r;

	/* the allowed prefix (nearly always all of it) in one copy */
	if (textrule_check(s, n, &i, NULL) == 0)
		i = n;
	o = utf8_fit(s, i, cap);
	memcpy(out, s, o);
	if (o < i) {
		out[o] = '\0';
		return 0;
	}
	while (i < n) {
		bytes = next_clean(s + i, n - i, &len, &w, &r);
		if (o + w >= cap)
			break;
		memcpy(out + o, bytes, w);
		o += w;
		i += len;
		replaced += (size_t)r;
	}
	out[o] = '\0';
	return replaced;
}

char *textrule_clean_dup(const char *s, size_t *replaced)
{
	size_t n = strlen(s), r;
	char *out;

	/* at worst each byte becomes U+FFFD's three */
	if (n > ((size_t)-1 - 1) / 3)
		return NULL;
	out = malloc(3 * n + 1);
	if (!out)
		return NULL;
	r = textrule_clean(s, n, out, 3 * n + 1);
	if (replaced)
		*replaced = r;
	return out;
}

int textrule_fputs(const char *s, FILE *f)
{
	size_t n = strlen(s), i = 0, len, w;
	const char *bytes;
	int r;

	if (textrule_check(s, n, &i, NULL) == 0)
		i = n;
	if (i && fwrite(s, 1, i, f) != i)
		return EOF;
	while (i < n) {
		bytes = next_clean(s + i, n - i, &len, &w, &r);
		if (fwrite(bytes, 1, w, f) != w)
			return EOF;
		i += len;
	}
	return 0;
}

int textrule_printf(FILE *f, const char *fmt, ...)
{
	char small[1024], *t = small;
	va_list ap;
	int n, rc, nl;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return EOF;
	if ((size_t)n >= sizeof(small)) {
		t = malloc((size_t)n + 1);
		if (!t)
			return EOF;
		va_start(ap, fmt);
		vsnprintf(t, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	nl = n > 0 && t[n - 1] == '\n';
	if (nl)
		t[n - 1] = '\0';
	rc = textrule_fputs(t, f);
	if (rc == 0 && nl && fputc('\n', f) == EOF)
		rc = EOF;
	if (t != small)
		free(t);
	return rc;
}
