/*
 * jsonesc.c: the escapes SQLite's JSON functions cannot carry (jsonesc.h).
 */
#include "../../core/err.h"
#include "jsonesc.h"

/* The value of the 4 hex digits at p[0..n), or -1. */
static long hex4(const char *p, size_t n)
{
	long v = 0;
	size_t k;

	if (n < 4)
		return -1;
	for (k = 0; k < 4; k++) {
		char c = p[k];

		v = v * 16 + (c >= '0' && c <= '9' ? c - '0' :
			      c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			      c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1000);
	}
	return v < 0 ? -1 : v;
}

int jsonesc_check(const char *p, size_t n, size_t *i, long line,
		  struct err *e)
{
	long u = hex4(p + *i + 2, n - *i - 2), lo;

	if (u == 0)
		return err_at(e, line, 0, "JSON string holds \\u0000 (NUL)");
	if (u >= 0xdc00 && u <= 0xdfff)
		return err_at(e, line, 0, "JSON string holds \\u%04lx, the "
			      "second half of a surrogate pair without its "
			      "first", u);
	if (u < 0xd800 || u > 0xdbff)
		return 0;
	lo = n - *i >= 12 && p[*i + 6] == '\\' && p[*i + 7] == 'u' ?
	     hex4(p + *i + 8, n - *i - 8) : -1;
	if (lo < 0xdc00 || lo > 0xdfff)
		return err_at(e, line, 0, "JSON string holds \\u%04lx, the "
			      "first half of a surrogate pair without its "
			      "second", u);
	*i += 6;
	return 0;
}

int jsonesc_scan(const char *p, size_t n, struct err *e)
{
	long line = 1;
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] == '\n')
			line++;
		if (p[i] != '\\' || i + 1 >= n)
			continue;
		if (p[i + 1] == 'u' && jsonesc_check(p, n, &i, line, e))
			return -1;
		if (p[i + 1] != '\n')
			i++;	/* the escaped character is not a backslash */
	}
	return 0;
}
