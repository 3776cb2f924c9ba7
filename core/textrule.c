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

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

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

enum kind { K_OK, K_CONTROL, K_NONCHAR, K_BIDI, K_FORMAT };

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
	/* invisible: "ext4" and "ext4" + U+200B would be two groups that
	 * print the same.  Format characters (zero-width space and joiners,
	 * U+FEFF, the soft hyphen, tags), by ICU's Unicode data (libxml2
	 * links it already).  U+2028, the line separator, stays allowed:
	 * it shows, and pages carry it as text */
	if (cp >= 0xa0 && u_charType((UChar32)cp) == U_FORMAT_CHAR)
		return K_FORMAT;
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
	*cp = (long)c;
	return kind_of(c) == K_OK ? len : 0;
}

/* NFC, UAX #15's quick check as the text is walked: a character whose
 * NFC_Quick_Check is No never appears in NFC, nor does a combining mark
 * after one of a higher class (canonical order); one whose answer is Maybe
 * (a mark that may compose with what precedes it) sends the whole text to
 * ICU's full check at the end.  ASCII resets the class (it is 0). */
struct nfc {
	uint8_t last;		/* the previous character's combining class */
	size_t maybe_at;	/* the first Maybe, when maybe */
	long maybe_cp;
	int maybe;
};

/* 0, or -1 when c (at i) makes the text not NFC. */
static int nfc_step(struct nfc *st, unsigned long c, size_t i)
{
	uint8_t cc = u_getCombiningClass((UChar32)c);
	int qc = u_getIntPropertyValue((UChar32)c, UCHAR_NFC_QUICK_CHECK);

	if (qc == UNORM_NO || (cc && cc < st->last))
		return -1;
	if (qc == UNORM_MAYBE && !st->maybe) {
		st->maybe = 1;
		st->maybe_at = i;
		st->maybe_cp = (long)c;
	}
	st->last = cc;
	return 0;
}

int textrule_init(void)
{
	UErrorCode err = U_ZERO_ERROR;

	unorm2_getNFCInstance(&err);
	if (U_SUCCESS(err))
		unorm2_getNFDInstance(&err);
	return U_FAILURE(err) ? -1 : 0;
}

/* ICU's answer for s[0..n): 1 in NFC, 0 not, -1 when it cannot tell
 * (memory). */
static int nfc_full(const char *s, size_t n)
{
	UErrorCode err = U_ZERO_ERROR;
	const UNormalizer2 *nfc = unorm2_getNFCInstance(&err);
	UChar small[256], *u = small;
	int32_t len = 0;
	int rc;

	if (U_FAILURE(err) || n > INT32_MAX)
		return -1;
	u_strFromUTF8(u, 256, &len, s, (int32_t)n, &err);
	if (err == U_BUFFER_OVERFLOW_ERROR) {
		err = U_ZERO_ERROR;
		u = malloc(((size_t)len + 1) * sizeof(*u));
		if (!u)
			return -1;
		u_strFromUTF8(u, len + 1, &len, s, (int32_t)n, &err);
	}
	rc = U_SUCCESS(err) ? unorm2_isNormalized(nfc, u, len, &err) != 0 : -1;
	if (U_FAILURE(err))
		rc = -1;
	if (u != small)
		free(u);
	return rc;
}

/* The rule on s[0..n), NFC included when nfc. */
static int check(const char *s, size_t n, size_t *at, long *cp, int nfc)
{
	const unsigned char *p = (const unsigned char *)s;
	struct nfc st = {0, 0, 0, 0};
	size_t i = 0, k;
	long c = 0;

	while (i < n) {
		/* printable ASCII, nearly every byte of a name: no call */
		if (p[i] >= 0x20 && p[i] < 0x7f) {
			i++;
			st.last = 0;
			continue;
		}
		k = allowed(p + i, n - i, &c);
		if (k && nfc && p[i] >= 0x80 &&
		    nfc_step(&st, (unsigned long)c, i)) {
			c |= TEXTRULE_NOT_NFC;
			k = 0;
		}
		if (!k) {
			if (at)
				*at = i;
			if (cp)
				*cp = c;
			return -1;
		}
		if (p[i] < 0x80)
			st.last = 0;
		i += k;
	}
	if (nfc && st.maybe && nfc_full(s, n) != 1) {
		if (at)
			*at = st.maybe_at;
		if (cp)
			*cp = st.maybe_cp | TEXTRULE_NOT_NFC;
		return -1;
	}
	return 0;
}

int textrule_check(const char *s, size_t n, size_t *at, long *cp)
{
	return check(s, n, at, cp, 1);
}

int textrule_check_chars(const char *s, size_t n, size_t *at, long *cp)
{
	return check(s, n, at, cp, 0);
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
	/* from the last ASCII character on: a mark after it may compose
	 * with it (e + U+0301 is not NFC) */
	if (p > (const unsigned char *)s)
		p--;
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
		"an invisible format character",
	};

	if (cp >= 0 && (cp & TEXTRULE_NOT_NFC))
		snprintf(out, 64, "U+%04lX where NFC has a composed character",
			 (unsigned long)(cp & ~TEXTRULE_NOT_NFC));
	else if (cp < 0)
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

/* s[0..n) in NFC as a new string (*len bytes, NUL-terminated; the
 * caller frees it), or NULL when memory runs out. */
static char *nfc_dup(const char *s, size_t n, size_t *len)
{
	UErrorCode err = U_ZERO_ERROR;
	const UNormalizer2 *nfc;
	UChar *u = NULL, *v = NULL;
	int32_t ulen = 0, vlen, blen = 0;
	char *b = NULL;

	/* NFC is at most three times as many UTF-16 units, each at most
	 * three bytes of UTF-8 */
	if (n > INT32_MAX / 9 - 1)
		return NULL;
	nfc = unorm2_getNFCInstance(&err);
	u = malloc((n + 1) * sizeof(*u));
	v = malloc((3 * n + 1) * sizeof(*v));
	b = malloc(9 * n + 1);
	if (U_SUCCESS(err) && u && v && b) {
		u_strFromUTF8(u, (int32_t)n + 1, &ulen, s, (int32_t)n, &err);
		vlen = unorm2_normalize(nfc, u, ulen, v, 3 * (int32_t)n + 1,
					&err);
		u_strToUTF8(b, 9 * (int32_t)n + 1, &blen, v, vlen, &err);
	}
	free(u);
	free(v);
	if (U_FAILURE(err) || !b) {
		free(b);
		return NULL;
	}
	*len = (size_t)blen;
	return b;
}

int textrule_name(const char *s, char **nfc, size_t *at, long *cp)
{
	size_t n;
	long c = 0;

	*nfc = NULL;
	if (textrule_check_str(s, at, &c) == 0)
		return 0;
	n = strlen(s);
	/* a refused character is named even after a decomposed one */
	if (c >= 0 && (c & TEXTRULE_NOT_NFC) && check(s, n, at, &c, 0) == 0) {
		*nfc = nfc_dup(s, n, &n);
		return *nfc ? 0 : -2;
	}
	if (cp)
		*cp = c;
	return -1;
}

int textrule_same(const char *a, const char *b)
{
	char *na = NULL, *nb = NULL;
	int rc;

	if (strcmp(a, b) == 0)
		return 1;
	if (textrule_name(a, &na, NULL, NULL) == -2 ||
	    textrule_name(b, &nb, NULL, NULL) == -2)
		rc = -1;
	else
		rc = strcmp(na ? na : a, nb ? nb : b) == 0;
	free(na);
	free(nb);
	return rc;
}

/* out[0..o) (NUL-terminated, cap bytes) in NFC: what an older store holds
 * decomposed is shown composed.  Returns 1 when it changed. */
static int clean_nfc(char *out, size_t o, size_t cap)
{
	size_t at = 0, blen = 0;
	char *b;

	if (textrule_check(out, o, &at, NULL) == 0)
		return 0;
	b = nfc_dup(out, o, &blen);
	if (!b) {
		out[at] = '\0';	/* memory: the part before the fault, NFC */
		return 0;
	}
	o = utf8_fit(b, blen, cap);
	memcpy(out, b, o);
	out[o] = '\0';
	free(b);
	return 1;
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
		return (size_t)clean_nfc(out, o, cap);
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
	return replaced + (size_t)clean_nfc(out, o, cap);
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
	long cp = 0;
	int r;

	if (textrule_check(s, n, &i, &cp) == 0) {
		i = n;
	} else if (cp >= 0 && (cp & TEXTRULE_NOT_NFC)) {
		/* composed needs the whole text: cleaned in memory (when
		 * memory runs out, written as below, uncomposed) */
		char *t = textrule_clean_dup(s, NULL);

		if (t) {
			r = fputs(t, f);
			free(t);
			return r == EOF ? EOF : 0;
		}
		i = 0;
	}
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
