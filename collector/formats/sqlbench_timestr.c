/*
 * sqlbench_timestr.c: the time text of Benchmark::timestr (sqlbench.h),
 * which every kind of sql-bench file prints after a test or an operation.
 *
 * Read with a cursor over fixed phrases rather than a scanf pattern: the
 * phrases changed between versions (1998's "cpu", 1999's "CPU secs", the
 * --hires fractions), and a cursor can say in which column a line stops
 * looking like any of them.
 */
#include <ctype.h>
#include <string.h>

#include "../../core/text.h"
#include "../span.h"
#include "sqlbench.h"

/* A cursor over one line, for the fixed phrases of Benchmark::timestr. */
struct cur {
	const char *s;
	size_t n, i;
};

static void cur_ws(struct cur *c)
{
	while (c->i < c->n && span_isblank(c->s[c->i]))
		c->i++;
}

static int cur_num(struct cur *c, double *v)
{
	size_t j = c->i;

	while (j < c->n && (isdigit((unsigned char)c->s[j]) || c->s[j] == '.'))
		j++;
	if (j == c->i || num_parse_plain(c->s + c->i, j - c->i, v))
		return -1;
	c->i = j;
	return 0;
}

static int cur_word(struct cur *c, const char *w)
{
	size_t k = strlen(w);

	if (c->n - c->i < k || memcmp(c->s + c->i, w, k) != 0)
		return -1;
	c->i += k;
	return 0;
}

/* Word w and the blanks after it: 0, or -1 (nothing passed over) when
 * the text has no w here. */
static int cur_lit(struct cur *c, const char *w)
{
	if (cur_word(c, w))
		return -1;
	cur_ws(c);
	return 0;
}

/* "N usr" and the blanks after it: one of the CPU times timestr adds up
 * to its total, passed over (the total is what is kept). */
static int cur_times(struct cur *c, const char *w)
{
	double v;

	if (cur_num(c, &v) || (cur_ws(c), cur_word(c, w)))
		return -1;
	cur_ws(c);
	return 0;
}

int sqlb_timestr(const char *s, size_t n, double *wall, double *cpu,
	       size_t *col)
{
	struct cur c = {s, n, 0};

	cur_ws(&c);
	if (cur_num(&c, wall))
		goto bad;
	cur_ws(&c);
	(void)cur_lit(&c, "wallclock");	/* not in 1998's text */
	if (cur_lit(&c, "secs") || cur_lit(&c, "(") ||
	    cur_times(&c, "usr") || cur_times(&c, "sys"))
		goto bad;
	if (cur_lit(&c, "+") == 0 &&
	    (cur_times(&c, "cusr") || cur_times(&c, "csys")))
		goto bad;
	if (cur_lit(&c, "=") || cur_num(&c, cpu))
		goto bad;
	cur_ws(&c);
	if (cur_lit(&c, "CPU") && cur_lit(&c, "cpu"))
		goto bad;
	(void)cur_lit(&c, "secs");	/* not after --hires or 1998 figures */
	if (cur_lit(&c, ")") || c.i != c.n)
		goto bad;
	return 0;
bad:
	*col = c.i;
	return -1;
}
