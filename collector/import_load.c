/*
 * import_load.c: see import_load.h.
 */
#include "import_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/lines.h"
#include "../core/sha256.h"
#include "csv.h"
#include "format.h"
#include "import_opts.h"
#include "source.h"

void import_unload(struct loaded *f)
{
	if (f->opened)
		source_close(&f->in);
	f->opened = 0;
	f->data = NULL;
}

/* The progress hook (import_set_progress) and what the walk over a
 * file is doing, for it. */
static _Thread_local import_progress_fn progress_fn;
static _Thread_local void *progress_ctx;
static _Thread_local const char *phase;

void import_set_progress(import_progress_fn fn, void *ctx)
{
	progress_fn = fn;
	progress_ctx = ctx;
}

/* Says how far a pass over f has got, for inputs large enough to take a
 * while (IMPORT_PROGRESS_MIN). */
static void progress(const struct loaded *f, size_t done, size_t total)
{
	if (progress_fn && phase && f->n >= IMPORT_PROGRESS_MIN)
		progress_fn(progress_ctx, f->name, phase, done, total);
}

/* Gives back the pages of a mapped input that a pass has read (see
 * source.h): the tick of every walk over a file's bytes. */
void import_drop_pages(void *ctx)
{
	const struct loaded *f = ctx;
	size_t pos, len;

	if (f->opened)
		source_drop(&f->in);
	lines_tick_at(&pos, &len);
	progress(f, pos, len);
}

/* The same for every input of a run written as several files. */
struct inputs {
	const struct loaded *f;
	size_t n;
};

static void drop_all_pages(void *ctx)
{
	const struct inputs *in = ctx;
	size_t i;

	if (in->n == 1) {
		import_drop_pages((void *)&in->f[0]);
		return;
	}
	for (i = 0; i < in->n; i++)	/* which walk ticked is not known */
		if (in->f[i].opened)
			source_drop(&in->f[i].in);
}

/* The SHA-256 of f's bytes, dropping pages as it goes. */
static void hash_loaded(struct loaded *f)
{
	struct sha256 h;
	size_t at, k;

	sha256_init(&h);
	phase = "hashing";
	for (at = 0; at < f->n; at += k) {
		k = f->n - at < LINES_TICK_BYTES ? f->n - at : LINES_TICK_BYTES;
		sha256_update(&h, f->data + at, k);
		if (f->opened)
			source_drop(&f->in);
		progress(f, at + k, f->n);
	}
	phase = NULL;
	sha256_final_hex(&h, f->sha);
}

/* lines_validate of f, dropping pages behind the walk. */
static int validate(struct loaded *f, struct err *e)
{
	int rc;

	lines_set_tick(import_drop_pages, f);
	phase = "checking";
	rc = lines_validate(f->data, f->n, e);
	phase = NULL;
	lines_set_tick(NULL, NULL);
	return rc;
}

/* When data[0..n) would be a table (CSV or TSV) but for its first row
 * holding more fields than a table may: fills e saying so (line named)
 * and returns -1, for a message that names the cause rather than "cannot
 * tell which tool wrote this".  0 otherwise. */
static int table_too_wide(const char *data, size_t n, struct err *e)
{
	struct csv *c = malloc(sizeof(*c));
	struct csv_row *r = malloc(sizeof(*r));
	const char *nl = memchr(data, '\n', n);
	struct err te;
	int rc = 0;

	if (!c || !r) {
		free(c);
		free(r);
		return 0;
	}
	err_clear(&te);
	csv_init(c, data, n, memchr(data, '\t', nl ? (size_t)(nl - data) : n)
		 ? '\t' : ',');
	if (csv_next(c, r, &te) < 0 && strstr(te.msg, "fields"))
		rc = err_at(e, te.line ? te.line : 1, te.col, "%s (the most a "
			    "table may have), so no format reads it: cannot "
			    "tell which tool wrote this file", te.msg);
	csv_release(c);
	free(c);
	free(r);
	return rc;
}

/* Checks and recognises data[0..n) (named name) into f; *in, when not
 * NULL, is the opened input data lives in, and f takes it over.  *skipped
 * when it is of no known format and o->skip_unknown.  -1 with e filled
 * (file named). */
int import_load_data(const char *name, const char *data, size_t n,
		     struct source_input *in, const struct import_opts *o,
		     struct loaded *f, int *skipped, struct err *e)
{
	memset(f, 0, sizeof(*f));
	*skipped = 0;
	f->name = name;
	f->data = data;
	f->n = n;
	if (in) {
		f->in = *in;
		f->opened = 1;
	}
	err_set(e, f->name, 0, 0, "%s", "");
	/* Detection only scans bytes, so it runs before the text checks: a
	 * file of no known format is then reported by its first fault (an
	 * empty file, a NUL byte), or skipped inside a folder. */
	f->fmt = o->format ? format_find(o->format) : format_detect(f->data,
								    f->n);
	if (!f->fmt && !o->format)	/* pasted into Markdown or a mail */
		f->fmt = format_detect_wrapped(f->data, f->n);
	if (!f->fmt && o->skip_unknown) {
		*skipped = 1;
		return 0;
	}
	if (!f->fmt && o->format) {
		err_set(e, f->name, 0, 0, "unknown format '%s'", o->format);
		goto fail;
	}
	if ((!f->fmt || !(f->fmt->flags & FORMAT_ANY_BYTES)) &&
	    validate(f, e))
		goto fail;
	if (!f->fmt) {
		const char *g = format_guess(f->data, f->n);

		if (table_too_wide(f->data, f->n, e))
			;	/* the cause: more fields than a table holds */
		else if (g)
			err_set(e, f->name, 0, 0, "%s", g);
		else
			err_set(e, f->name, 0, 0, "cannot tell which tool wrote "
				"this file; name its format with --format");
		goto fail;
	}
	hash_loaded(f);
	return 0;
fail:
	if (!e->file[0])
		snprintf(e->file, sizeof(e->file), "%s", f->name);
	import_unload(f);
	return -1;
}

/* A stream's first SOURCE_PEEK bytes (source_open_peek): refused at once
 * when import_load_data would refuse the whole for what they hold, so
 * that `import - < /dev/zero` or `yes | benchsite import -` stop after 1
 * MiB instead of spooling 16 GiB into $TMPDIR first.  The same checks as
 * import_load_data, on a prefix: the format (detection reads at most 256
 * KiB), then the text of the whole lines in it. */
static int peek_check(void *ctx, const char *p, size_t n, int end,
		      struct err *e)
{
	const struct import_opts *o = ctx;
	const struct format *fmt;
	const char *nl;
	size_t k = n;

	if (n == 0 || (n >= 2 && memcmp(p, "\x1f\x8b", 2) == 0))
		return 0;	/* empty, or gzip: checked once inflated */
	fmt = o->format ? format_find(o->format) : format_detect(p, n);
	if (!fmt && (o->skip_unknown || o->format))
		return 0;
	if (!fmt && table_too_wide(p, n, e))
		return -1;
	if (!fmt)
		return err_at(e, 0, 0, "cannot tell which tool wrote this "
			      "file (from its first %zu bytes); name its "
			      "format with --format", n);
	if (fmt->flags & FORMAT_ANY_BYTES)
		return 0;
	if (!end) {
		/* whole lines only: the last may go on past the prefix */
		for (nl = p + n; nl > p && nl[-1] != '\n'; nl--)
			;
		k = (size_t)(nl - p);
		if (k == 0 && (nl = memchr(p, '\0', n)) != NULL)
			return err_at(e, 1, (long)(nl - p) + 1, "NUL byte");
		if (k == 0)
			return err_at(e, 1, 0, "line longer than %d bytes",
				      LINE_MAX_BYTES);
	}
	return lines_validate(p, k, e);
}

/* Reads path and import_load_data()s it. */
int import_load(const char *path, const struct import_opts *o,
		struct loaded *f, int *skipped, struct err *e)
{
	struct source_input in;

	err_set(e, strcmp(path, "-") == 0 ? "<stdin>" : path, 0, 0, "%s", "");
	if (source_open_peek(path, &in, peek_check, (void *)o, e))
		return -1;
	return import_load_data(strcmp(path, "-") == 0 ? "<stdin>" : path,
				in.p, in.n, &in, o, f, skipped, e);
}

/* The inputs the parser is reading (import_read_begin). */
static _Thread_local struct inputs reading;

void import_read_begin(const struct loaded *f, size_t n)
{
	reading.f = f;
	reading.n = n;
	/* the parser's walks drop the pages they have read */
	lines_set_tick(drop_all_pages, &reading);
	phase = "reading";
}

void import_read_end(void)
{
	phase = NULL;
	lines_set_tick(NULL, NULL);
	memset(&reading, 0, sizeof(reading));
}
