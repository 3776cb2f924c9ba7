/*
 * page_names.c: see page_names.h.
 */
#include "page_names.h"

#include <stdio.h>

#include "../../analysis/model.h"
#include "../../analysis/titles.h"

void pages_file_name(const char *const *parts, const char *ext,
		     char out[SLUG_MAX + 8])
{
	char slug[SLUG_MAX];

	slug_make(slug, parts);
	snprintf(out, SLUG_MAX + 8, "%s.%s", slug, ext);
}

void pages_test_file(const struct model *m, int c, char out[SLUG_MAX + 8])
{
	const char *parts[] = {"test", m->name, m->cols[c].test,
			       m->cols[c].metric, NULL};

	pages_file_name(parts, "html", out);
}

void pages_column_name(const struct model *m, int c, char *out, size_t cap)
{
	char title[300], raw[300];

	if (titles_column(m, c, title, sizeof(title), raw, sizeof(raw)))
		snprintf(out, cap, "%s (%s)", title, raw);
	else
		snprintf(out, cap, "%s", raw);
}
