/*
 * import_group.c: see import_group.h.
 */
#include "import_group.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/err.h"
#include "format.h"
#include "import_load.h"
#include "import_opts.h"

int import_group_key(const char *path, const struct import_opts *o,
		     char *key, size_t cap, int *unnamed)
{
	struct loaded f;
	struct err e;
	char k[IMPORT_KEY_MAX];
	const char *base = strrchr(path, '/');
	struct stat st;
	int skipped, r = 0;

	err_clear(&e);
	*unnamed = 0;
	if (fiolog_named(path) && stat(path, &st) == 0 && st.st_size > 0) {
		/* by its name, even when a damaged line hides what it is */
		snprintf(key, cap, "part:");
		*unnamed = 1;
		return 1;
	}
	if (import_load(path, o, &f, &skipped, &e))
		return 0;
	if (!skipped && f.fmt->group && f.fmt->parse_set &&
	    f.fmt->group(base ? base + 1 : path, f.data, f.n, k, sizeof(k))) {
		snprintf(key, cap, "%s:%s", f.fmt->name, k);
		*unnamed = k[0] == '\0';
		r = 1;
	} else if (!skipped && (f.fmt->flags & (FORMAT_PART | FORMAT_PARTS))) {
		/* fio's logs join the one fio output of their folder (an
		 * output with none stays alone: a group of one) */
		snprintf(key, cap, "part:%s", f.fmt->flags & FORMAT_PART ? ""
			 : path);
		*unnamed = (f.fmt->flags & FORMAT_PART) != 0;
		r = 1;
	}
	import_unload(&f);
	return r;
}

int import_group_check(struct loaded *f, size_t n, struct err *e)
{
	size_t i, out = n;

	for (i = 0; i < n; i++) {
		if (f[i].fmt->flags & FORMAT_PART)
			continue;
		if (out < n && (f[out].fmt->flags & FORMAT_PARTS))
			return err_set(e, f[i].name, 0, 0, "a second job output "
				       "(after %s) among fio logs: import each "
				       "output with its own logs", f[out].name);
		if (out == n)
			out = i;
	}
	if (out == n)
		return err_set(e, f[0].name, 0, 0, "fio logs without the job "
			       "output they belong to: name them after it "
			       "(benchsite import OUT.json NAME_bw.1.log ...)");
	if (out > 0) {
		/* the output first, the others in the order given */
		struct loaded t = f[out];

		memmove(f + 1, f, out * sizeof(*f));
		f[0] = t;
	}
	for (i = 1; i < n; i++) {
		size_t j;

		for (j = 0; j < i; j++)
			if (strcmp(f[i].sha, f[j].sha) == 0)
				return err_set(e, f[i].name, 0, 0, "the same "
					       "bytes as %s", f[j].name);
		if (!f[0].fmt->parse_set ||
		    ((f[i].fmt->flags & FORMAT_PART) ?
		     !(f[0].fmt->flags & FORMAT_PARTS) :
		     f[i].fmt != f[0].fmt))
			return err_set(e, f[i].name, 0, 0, "%s",
				       (f[i].fmt->flags & FORMAT_PART) ?
				       "a fio log after an output that is not "
				       "fio's" : "not of the same format as "
				       "the files before it");
	}
	return 0;
}

int import_is_part(const char *path)
{
	struct stat st;

	if (strcmp(path, "-") == 0 || !fiolog_named(path) || stat(path, &st) ||
	    !S_ISREG(st.st_mode))
		return 0;
	return st.st_size == 0 ? 2 : 1;
}
