/*
 * registry.c: the list of input formats, in the order detection tries them.
 * Formats with unmistakable markers come first; the generic table comes
 * last because almost any CSV would pass for one; a wide table has no
 * marker at all and is only read when named.
 *
 * It is the one list: import --help, the formats others.c asks, the fuzz
 * targets (tests/fuzz/targets.c) and the make rules that run them are made
 * from it, and the tables of README.md and docs/formats.md are checked
 * against it (tests/readme.test.sh).  A format is its file under formats/
 * and two lines here: its declaration and its place in the list.
 */
#include "format.h"

#include <string.h>

/* Each defined in its file under formats/. */
extern const struct format format_sysbench;
extern const struct format format_sqlbench;
extern const struct format format_fio;
extern const struct format format_fiotext;
extern const struct format format_fiolog;
extern const struct format format_hyperfine;
extern const struct format format_pts;
extern const struct format format_supersmack;
extern const struct format format_dbench;
extern const struct format format_pgbench;
extern const struct format format_iozone;
extern const struct format format_html;
extern const struct format format_bonnie;
extern const struct format format_table;
extern const struct format format_wide;

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
