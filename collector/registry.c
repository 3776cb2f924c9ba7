/*
 * registry.c: the list of input formats, in the order detection tries them.
 * Formats with unmistakable markers come first; the generic table comes
 * last because almost any CSV would pass for one; a wide table has no
 * marker at all and is only read when named.
 */
#include "format.h"

#include <string.h>

const struct format *const formats[] = {
	&format_sysbench,	/* its banner is unmistakable */
	&format_sqlbench,
	&format_fio,
	&format_fiotext,
	&format_fiolog,		/* lines of numbers only, no header */
	&format_hyperfine,
	&format_pts,
	&format_supersmack,
	&format_dbench,
	&format_pgbench,
	&format_iozone,
	&format_html,
	&format_bonnie,
	&format_table,
	&format_wide,	/* never detected: only with --format wide */
	NULL,
};

const struct format *format_find(const char *name)
{
	size_t i;

	for (i = 0; formats[i]; i++)
		if (strcmp(formats[i]->name, name) == 0)
			return formats[i];
	return NULL;
}

const struct format *format_detect(const char *p, size_t n)
{
	size_t i;

	for (i = 0; formats[i]; i++)
		if (formats[i]->detect(p, n))
			return formats[i];
	return NULL;
}
