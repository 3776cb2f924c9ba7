/*
 * site_entry.c: an index entry as saved text and back (site_entry.h).
 *
 * The text is the entry's fields, tab-separated, with tab, newline and
 * backslash escaped, so that it fits on the one "saved" line of a unit's
 * block in the manifest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/buf.h"
#include "site_entry.h"

int site_entry_put_field(struct buf *b, const char *v)
{
	for (; v && *v; v++) {
		int rc = *v == '\\' ? buf_adds(b, "\\\\") :
			 *v == '\t' ? buf_adds(b, "\\t") :
			 *v == '\n' ? buf_adds(b, "\\n") : buf_addc(b, *v);

		if (rc)
			return -1;
	}
	return buf_addc(b, '\t');
}

char *site_entry_get_field(const char **p)
{
	const char *q = *p;
	/* an escaped tab is "\\t": the first raw one ends the field */
	char *out = malloc(strcspn(q, "\t") + 1), *w = out;

	if (!out)
		return NULL;
	for (; *q && *q != '\t'; q++) {
		if (*q == '\\' && q[1]) {
			q++;
			*w++ = *q == 't' ? '\t' : *q == 'n' ? '\n' : *q;
		} else {
			*w++ = *q;
		}
	}
	*w = '\0';
	*p = *q ? q + 1 : q;
	return out;
}

char *site_entry_save(const struct site_entry *en)
{
	struct buf b;

	buf_init(&b, (size_t)1 << 20);
	if (site_entry_put_field(&b, en->name) ||
	    site_entry_put_field(&b, en->title) ||
	    site_entry_put_field(&b, en->file) ||
	    site_entry_put_field(&b, en->headline) ||
	    site_entry_put_field(&b, en->thumb ? "1" : "0") ||
	    site_entry_put_field(&b, en->thumb) ||
	    buf_printf(&b, "%d\t%ld\t%d\t%d\t%d\t%d", en->ngroups,
		       en->nresults, en->thumb_w, en->thumb_h, en->narrow_w,
		       en->narrow_h)) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

int site_entry_load(const char *saved, struct site_entry *en,
		    const char **rest)
{
	const char *p = saved;
	char *has;
	int ok, i;

	en->name = site_entry_get_field(&p);
	en->title = site_entry_get_field(&p);
	en->file = site_entry_get_field(&p);
	en->headline = site_entry_get_field(&p);
	has = site_entry_get_field(&p);
	en->thumb = site_entry_get_field(&p);
	ok = en->name && en->title && en->file && en->headline && has &&
	     en->thumb && sscanf(p, "%d\t%ld\t%d\t%d\t%d\t%d", &en->ngroups,
				 &en->nresults, &en->thumb_w, &en->thumb_h,
				 &en->narrow_w, &en->narrow_h) == 6;
	if (ok && strcmp(has, "1") != 0) {
		free(en->thumb);
		en->thumb = NULL;
	}
	free(has);
	/* past the six numbers: what the caller saved after them */
	for (i = 0; ok && i < 6 && (p = strchr(p, '\t')) != NULL; i++)
		p++;
	*rest = ok && p ? p : "";
	return ok ? 0 : -1;
}

void site_entry_release(struct site_entry *en)
{
	free(en->name);
	free(en->title);
	free(en->file);
	free(en->headline);
	free(en->thumb);
}
