/*
 * site_entry.h: what the index says of one comparison, and that as the
 * text a unit of pages saves in the manifest, so a reused unit gives its
 * index entry without loading a row (site_entry.c).
 */
#ifndef BENCHSITE_SITE_ENTRY_H
#define BENCHSITE_SITE_ENTRY_H

/* What the index says of one comparison. */
struct site_entry {
	char *name, *title, *file, *headline, *thumb;	/* owned */
	int ngroups;
	long nresults;
	int thumb_w, thumb_h;
	int narrow_w, narrow_h;	/* the thumbnail's narrow SVG; 0: none */
};

/* The entry as one line of saved text (a new string the caller frees), or
 * NULL when memory ran out. */
char *site_entry_save(const struct site_entry *en);

/* Fills en from saved text (its strings are new; site_entry_release frees
 * them, also after a failure) and points *rest at what follows the entry
 * in it (after a tab; "" when nothing does): 0, or -1 when the text is
 * damaged or memory ran out. */
int site_entry_load(const char *saved, struct site_entry *en,
		    const char **rest);

/* One field of saved text: tab, newline and backslash escaped, a tab
 * after it, appended to b: 0, or -1 when b is full. */
struct buf;
int site_entry_put_field(struct buf *b, const char *v);

/* The field of saved text at *p, unescaped into a new string (NULL when
 * memory ran out); *p moves past it and its tab. */
char *site_entry_get_field(const char **p);

/* Frees en's strings. */
void site_entry_release(struct site_entry *en);

#endif
