/*
 * import_opts.c: see import_opts.h.
 */
#include "import_opts.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "format.h"

/* The options are for reparse, which must read a source exactly as its
 * import did; they go with the source rather than with its runs because
 * they are how the whole file was read. */
static int put_opt(struct buf *b, const char *name, const char *v1,
		   const char *v2)
{
	const char *v;
	int part;

	if (!v1)
		return 0;
	if (buf_adds(b, name) || buf_addc(b, '\t'))
		return -1;
	for (part = 0; part < 2; part++) {
		if (part == 1 && (!v2 || buf_addc(b, '=')))
			break;
		for (v = part ? v2 : v1; *v; v++) {
			int rc = *v == '\\' ? buf_adds(b, "\\\\") :
				 *v == '\t' ? buf_adds(b, "\\t") :
				 *v == '\n' ? buf_adds(b, "\\n") :
				 buf_addc(b, *v);

			if (rc)
				return -1;
		}
	}
	return buf_addc(b, '\n');
}

/* The options given as text, in the order their lines are written. */
static const struct {
	const char *name;
	size_t off;	/* of the const char * in struct import_opts */
} text_opts[] = {
	{"label", offsetof(struct import_opts, label)},
	{"test", offsetof(struct import_opts, test)},
	{"suite", offsetof(struct import_opts, suite)},
	{"metric", offsetof(struct import_opts, metric)},
	{"unit", offsetof(struct import_opts, unit)},
	{"better", offsetof(struct import_opts, better)},
};
#define NTEXT_OPTS ((int)(sizeof(text_opts) / sizeof(text_opts[0])))

/* The options text is at most this: 64 --set pairs of long values fit. */
#define IMPORT_OPTS_MAX ((size_t)1 << 20)

int import_opts_encode(const struct import_opts *o, char **out)
{
	struct buf b;
	char table[16];
	int i, rc;

	buf_init(&b, IMPORT_OPTS_MAX);
	snprintf(table, sizeof(table), "%d", o->table);
	rc = 0;
	for (i = 0; !rc && i < NTEXT_OPTS; i++)
		rc = put_opt(&b, text_opts[i].name,
			     *(const char *const *)(const void *)
			     ((const char *)o + text_opts[i].off), NULL);
	rc = rc || put_opt(&b, "table", o->table ? table : NULL, NULL);
	for (i = 0; !rc && i < o->nset; i++)
		rc = put_opt(&b, "set", o->set_key[i], o->set_value[i]);
	if (rc) {
		buf_release(&b);
		return -1;
	}
	*out = buf_detach(&b, NULL);
	return *out ? 0 : -1;
}

int import_opts_decode(char *text, struct import_opts *o)
{
	char *line = text, *next, *tab, *r, *w, *eq;
	int i;

	memset(o, 0, sizeof(*o));
	for (; *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			return -1;
		*next++ = '\0';
		tab = strchr(line, '\t');
		if (!tab)
			return -1;
		*tab = '\0';
		for (r = w = tab + 1; *r; r++, w++) {
			if (*r == '\\') {
				r++;
				if (*r != '\\' && *r != 't' && *r != 'n')
					return -1;
				*w = *r == 't' ? '\t' : *r == 'n' ? '\n' : '\\';
			} else {
				*w = *r;
			}
		}
		*w = '\0';
		for (i = 0; i < NTEXT_OPTS; i++)
			if (strcmp(line, text_opts[i].name) == 0)
				break;
		if (i < NTEXT_OPTS)
			*(const char **)(void *)((char *)o +
						 text_opts[i].off) = tab + 1;
		else if (strcmp(line, "table") == 0)
			o->table = (int)strtol(tab + 1, NULL, 10);
		else if (strcmp(line, "part") == 0 &&
			 o->npart < IMPORT_SET_FILES_MAX)
			o->part[o->npart++] = tab + 1;
		else if (strcmp(line, "set") == 0 && o->nset < IMPORT_SET_MAX &&
			 (eq = strchr(tab + 1, '=')) != NULL) {
			/* the key never holds '=' (record_key_valid) */
			*eq = '\0';
			o->set_key[o->nset] = tab + 1;
			o->set_value[o->nset++] = eq + 1;
		} else {
			return -1;
		}
	}
	return 0;
}

void import_opts_parse(const struct import_opts *o, const char *name,
		       struct parse_opts *po)
{
	memset(po, 0, sizeof(*po));
	if (o) {
		po->test = o->test;
		po->suite = o->suite;
		po->metric = o->metric;
		po->unit = o->unit;
		po->better = o->better;
		po->table = o->table;
	}
	po->name = name;
}
