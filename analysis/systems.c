/*
 * systems.c: see systems.h.  Every (key, group, value) of the grouped
 * runs goes into one array, sorted by key, group and value; a walk over it
 * then fills each key's row, group by group, in one pass.  Memory is the
 * grouped runs' attributes plus a cell per key and group, which the page
 * shows anyway.
 */
#include "systems.h"

#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/err.h"
#include "../core/sort.h"
#include "../core/text.h"
#include "model.h"

/* What `benchsite run` records of the machine and its storage
 * (collector/run_facts.c), and fs where it is not the grouping. */
static const char *const machine[] = {
	"host", "kernel", "os", "cpu_model", "cpu_count", "mem_total",
	"disk_model", "rotational", "scheduler", "write_cache", "fs",
	"device", "mount", NULL,
};

/* What differs by construction between groups of another filesystem:
 * another device, its mount options, and a command that names a path on
 * it (fio --filename=/mnt/xfs/f). */
static const char *const by_fs[] = {"command", "device", "mount", NULL};

/* The sentence names this many keys, then "and N more": a store of
 * wide tables can differ in dozens, which the table lists. */
#define SENTENCE_KEYS 6

struct entry {
	const char *key, *value;
	int group;
};

static int listed(const char *const *list, const char *key)
{
	int i;

	for (i = 0; list[i]; i++)
		if (strcmp(list[i], key) == 0)
			return 1;
	return 0;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int r;

	if ((r = strcmp(x->key, y->key)) != 0)
		return r;
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return strcmp(x->value, y->value);
}

static int cmp_row(const void *a, const void *b)
{
	const struct systems_row *x = a, *y = b;
	int tx = strcmp(x->key, "tool_version") == 0;
	int ty = strcmp(y->key, "tool_version") == 0;

	if (x->differs != y->differs)
		return y->differs - x->differs;
	if (x->differs && x->tier != y->tier)
		return x->tier < y->tier ? -1 : 1;
	if (tx != ty)
		return ty - tx;
	return strcmp(x->key, y->key);
}

static int same_cell(const struct systems_cell *a, const struct systems_cell *b)
{
	int i;

	if (a->nvalues != b->nvalues || (a->nmissing > 0) != (b->nmissing > 0))
		return 0;
	for (i = 0; i < a->nvalues; i++)
		if (strcmp(a->values[i], b->values[i]) != 0)
			return 0;
	return 1;
}

/* Fills row from the entries e[0..n) of its key (sorted by group, then
 * value).  0, or -1 when memory ran out. */
static int fill_row(const struct model *m, struct systems_row *row,
		    const struct entry *e, long n)
{
	long i = 0;
	int g, h, grouped_by_fs;

	row->key = e[0].key;
	row->cells = calloc((size_t)m->ngroups + 1, sizeof(*row->cells));
	if (!row->cells)
		return -1;
	for (g = 0; g < m->ngroups; g++) {
		struct systems_cell *c = &row->cells[g];
		long j, distinct = 0, held = 0;

		for (j = i; j < n && e[j].group == g; j++)
			distinct += j == i || strcmp(e[j].value, e[j - 1].value) != 0;
		if (distinct) {
			c->values = malloc((size_t)distinct * sizeof(*c->values));
			c->count = calloc((size_t)distinct, sizeof(*c->count));
			if (!c->values || !c->count)
				return -1;
		}
		for (; i < j; i++) {
			if (c->nvalues == 0 ||
			    strcmp(e[i].value, c->values[c->nvalues - 1]) != 0)
				c->values[c->nvalues++] = e[i].value;
			c->count[c->nvalues - 1]++;
			held++;
		}
		c->nmissing = m->nruns[g] - (int)held;
	}
	for (g = 1; g < m->ngroups && !row->differs; g++)
		row->differs = !same_cell(&row->cells[0], &row->cells[g]);
	/* differ in what they recorded: two groups that hold values, and
	 * not the same ones */
	for (g = 0; g < m->ngroups && !row->recorded_differ; g++)
		for (h = g + 1; h < m->ngroups && !row->recorded_differ; h++) {
			const struct systems_cell *a = &row->cells[g];
			const struct systems_cell *b = &row->cells[h];
			int k;

			if (!a->nvalues || !b->nvalues)
				continue;
			row->recorded_differ = a->nvalues != b->nvalues;
			for (k = 0; k < a->nvalues && !row->recorded_differ; k++)
				row->recorded_differ =
					strcmp(a->values[k], b->values[k]) != 0;
		}
	grouped_by_fs = text_listed(m->by, "fs") ||
			(m->split && text_listed(m->split, "fs"));
	if (grouped_by_fs && listed(by_fs, row->key))
		row->tier = SYSTEMS_CONSTRUCTION;
	else if (listed(machine, row->key))
		row->tier = SYSTEMS_MACHINE;
	else
		row->tier = SYSTEMS_OPTION;
	return 0;
}

int systems_build(const struct model *m, struct systems *s, struct err *e)
{
	struct entry *v = NULL;
	long n = 0, cap = 0, i, j;
	int g, r, nkeys = 0;

	memset(s, 0, sizeof(*s));
	s->m = m;
	for (g = 0; g < m->ngroups; g++)
		for (r = 0; r < m->nruns[g]; r++) {
			long long run = m->runs[g][r];
			long a = apart_attr_first(m->attrs, m->nattrs, run);

			for (; a >= 0 && a < m->nattrs && m->attrs[a].run == run;
			     a++) {
				const char *key = m->attrs[a].key;

				/* the column heads say the grouping; the keys
				 * that differ by nature say nothing */
				if (model_attr_exempt(key) ||
				    text_listed(m->by, key) ||
				    (m->split && text_listed(m->split, key)))
					continue;
				if (n == cap) {
					long ncap = cap ? 2 * cap : 256;
					struct entry *nv = realloc(v, (size_t)ncap *
								   sizeof(*nv));

					if (!nv)
						goto oom;
					v = nv;
					cap = ncap;
				}
				v[n].key = key;
				v[n].value = m->attrs[a].value;
				v[n++].group = g;
			}
		}
	if (n > 1)
		sort_items(v, (size_t)n, sizeof(*v), cmp_entry);
	for (i = 0; i < n; i++)
		nkeys += i == 0 || strcmp(v[i].key, v[i - 1].key) != 0;
	if (nkeys && !(s->rows = calloc((size_t)nkeys, sizeof(*s->rows))))
		goto oom;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && strcmp(v[j].key, v[i].key) == 0; j++)
			;
		if (fill_row(m, &s->rows[s->nrows++], v + i, j - i))
			goto oom;
	}
	free(v);
	if (s->nrows > 1)
		sort_items(s->rows, (size_t)s->nrows, sizeof(*s->rows), cmp_row);
	while (s->ndiffer < s->nrows && s->rows[s->ndiffer].differs)
		s->ndiffer++;
	return 0;
oom:
	free(v);
	return err_set(e, NULL, 0, 0, "out of memory");
}

void systems_release(struct systems *s)
{
	int i, g;

	for (i = 0; i < s->nrows; i++) {
		for (g = 0; s->rows[i].cells && g < s->m->ngroups; g++) {
			free(s->rows[i].cells[g].values);
			free(s->rows[i].cells[g].count);
		}
		free(s->rows[i].cells);
	}
	free(s->rows);
	memset(s, 0, sizeof(*s));
}

/* Appends "a", "a and b", "a, b and c" (or the first SENTENCE_KEYS and
 * "and N more") of the differing rows of s, outside the construction
 * tier, whose recorded_differ is recorded; returns how many there are. */
static int key_list(const struct systems *s, int recorded, struct buf *out)
{
	int i, n = 0, k = 0;

	for (i = 0; i < s->ndiffer; i++)
		n += s->rows[i].tier != SYSTEMS_CONSTRUCTION &&
		     s->rows[i].recorded_differ == recorded;
	for (i = 0; i < s->ndiffer && out; i++) {
		const struct systems_row *row = &s->rows[i];

		if (row->tier == SYSTEMS_CONSTRUCTION ||
		    row->recorded_differ != recorded)
			continue;
		if (k == SENTENCE_KEYS) {
			buf_printf(out, " and %d more", n - k);
			break;
		}
		buf_printf(out, "%s%s", k == 0 ? "" : k == n - 1 ? " and " : ", ",
			   row->key);
		k++;
	}
	return n;
}

void systems_sentence(const struct systems *s, struct buf *out)
{
	int differ, partial;

	if (!s->m || s->m->ngroups < 2)
		return;
	differ = key_list(s, 1, NULL);
	partial = key_list(s, 0, NULL);
	if (differ) {
		buf_adds(out, "The groups also differ in ");
		key_list(s, 1, out);
	}
	if (partial) {
		buf_adds(out, differ ? "; only some of them recorded " :
			 "Only some groups recorded ");
		key_list(s, 0, out);
	}
}
