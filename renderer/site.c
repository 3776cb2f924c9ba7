/*
 * site.c: `benchsite render`: the static site, built aside and swapped in.
 *
 * Every file is written into a staging folder next to the output folder
 * (".NAME.benchsite-new"); only when all of it is written is it swapped with
 * the old site in one rename (renameat2 RENAME_EXCHANGE, with a two-rename
 * fallback), so a reader or a killed render never sees half a site.  An
 * existing output folder is replaced only when it is a site benchsite made
 * (it holds the marker file) or is empty: `--out $HOME` must never delete a
 * home folder.  File names inside come only from slug_make, and every file
 * is created with O_EXCL inside the staging folder.
 */
#define _GNU_SOURCE	/* renameat2 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/buf.h"
#include "../core/cmd.h"
#include "../core/err.h"
#include "../core/text.h"
#include "../schema/lifecycle.h"
#include "../schema/store.h"
#include "chart.h"
#include "html.h"
#include "model.h"
#include "slug.h"

#define MARKER ".benchsite-site"
#define CHART_WIDTH 960

struct site {
	struct store *store;
	char stage[4096];
	struct err *e;
	struct buf suites;	/* NUL-separated suite names */
	int nsuites;
};

/* stage/name, where name is one of our own file names. */
static int site_path(struct site *s, const char *name, char *out, size_t cap)
{
	if (!*name || (name[0] == '.' && strcmp(name, MARKER) != 0) ||
	    strchr(name, '/') ||
	    (size_t)snprintf(out, cap, "%s/%s", s->stage, name) >= cap)
		return err_set(s->e, name, 0, 0, "bad output file name");
	return 0;
}

static int write_file(struct site *s, const char *name, const char *data,
		      size_t n)
{
	char path[4200];
	int fd;
	ssize_t w;

	if (site_path(s, name, path, sizeof(path)))
		return -1;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		return err_set(s->e, path, 0, 0, "cannot create: %s",
			       strerror(errno));
	while (n > 0) {
		w = write(fd, data, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			return err_set(s->e, path, 0, 0, "cannot write: %s",
				       strerror(errno));
		}
		data += w;
		n -= (size_t)w;
	}
	if (close(fd))
		return err_set(s->e, path, 0, 0, "cannot write: %s",
			       strerror(errno));
	return 0;
}

static int save_page(struct site *s, struct page *p, const char *name)
{
	char path[4200];
	int rc;

	if (site_path(s, name, path, sizeof(path)))
		return -1;
	rc = page_save(p, path, s->e);
	page_free(p);
	return rc;
}

static void page_name(const char *suite, char out[SLUG_MAX + 8])
{
	const char *parts[] = {"comparison", suite, NULL};
	char slug[SLUG_MAX];

	slug_make(slug, parts);
	snprintf(out, SLUG_MAX + 8, "%s.html", slug);
}

/* A figure for people: exact below 1e15 when whole, else 4 digits. */
static void display(double v, char out[32])
{
	double a = v < 0 ? -v : v;

	if (a < 1e15 && v == (double)(long long)v)
		snprintf(out, 32, "%lld", (long long)v);
	else if (a >= 1000)
		snprintf(out, 32, "%.0f", v);
	else if (a >= 100)
		snprintf(out, 32, "%.1f", v);
	else
		snprintf(out, 32, "%.3g", v);
}

static const char *status_text(const char *status)
{
	return strcmp(status, "too-fast") == 0 ? "too fast" : status;
}

static void column_head(xmlNodePtr th, const struct column *c)
{
	char text[256];

	snprintf(text, sizeof(text), "%s%s%s%s", c->metric,
		 *c->unit ? " (" : "", c->unit, *c->unit ? ")" : "");
	xmlAddChild(th, xmlNewText((const xmlChar *)text));
	html_el(th, "br", NULL);
	xmlAddChild(th, xmlNewText((const xmlChar *)(
		strcmp(c->better, "higher") == 0 ? "higher is better"
						 : "lower is better")));
}

static int results_table(xmlNodePtr parent, const struct model *m)
{
	xmlNodePtr div = html_el(parent, "div", NULL), table, tr, th;
	int c, g, span, *best;

	html_attr(div, "class", "scroll");
	table = html_el(div, "table", NULL);
	tr = html_el(html_el(table, "thead", NULL), "tr", NULL);
	th = html_el(tr, "th", "group");
	html_attr(th, "rowspan", "2");
	for (c = 0; c < m->ncols; c += span) {
		char n[16];

		for (span = 1; c + span < m->ncols &&
			       strcmp(m->cols[c + span].test, m->cols[c].test) == 0;
		     span++)
			;
		th = html_el(tr, "th", m->cols[c].test);
		snprintf(n, sizeof(n), "%d", span);
		if (span > 1)
			html_attr(th, "colspan", n);
	}
	tr = html_el(table->children, "tr", NULL);
	for (c = 0; c < m->ncols; c++)
		column_head(html_el(tr, "th", NULL), &m->cols[c]);
	table = html_el(table, "tbody", NULL);
	best = calloc((size_t)m->ncols + 1, sizeof(*best));
	if (!best)
		return -1;
	for (c = 0; c < m->ncols; c++)
		best[c] = column_best(m, c);
	for (g = 0; g < m->ngroups; g++) {
		tr = html_el(table, "tr", NULL);
		html_el(tr, "th", m->groups[g]);
		for (c = 0; c < m->ncols; c++) {
			const struct cell *x = &m->cols[c].cells[g];
			char text[96], num[32];
			xmlNodePtr td;

			if (x->n > 0) {
				display(cell_mean(x), num);
				if (x->n > 1)
					snprintf(text, sizeof(text), "%s (n=%d)",
						 num, x->n);
				else
					snprintf(text, sizeof(text), "%s", num);
				if (column_is_best(m, c, best[c], g)) {
					td = html_el(tr, "td", NULL);
					html_attr(td, "class", "num best");
					html_el(td, "strong", text);
					xmlAddChild(td, xmlNewText(
						(const xmlChar *)" \xe2\x98\x85"));
					continue;
				}
				td = html_el(tr, "td", text);
				html_attr(td, "class", "num");
			} else {
				td = html_el(tr, "td", x->nvoid ?
					     status_text(x->status) :
					     "\xe2\x80\x93");
				html_attr(td, "class", "none");
			}
		}
	}
	free(best);
	return 0;
}

static void fill_chart(struct chart *ch, const struct model *m, int c)
{
	const struct column *col = &m->cols[c];
	int g, best = column_best(m, c);

	ch->nbars = 0;
	for (g = 0; g < m->ngroups && ch->nbars < CHART_BARS_MAX; g++) {
		const struct cell *x = &col->cells[g];
		struct chart_bar *b;

		if (x->n == 0 && x->nvoid == 0)
			continue;
		b = &ch->bar[ch->nbars++];
		b->label = m->groups[g];
		b->has_value = x->n > 0;
		b->value = x->n > 0 ? cell_mean(x) : 0;
		b->status = x->status;
		b->color = g;
		b->best = column_is_best(m, c, best, g);
	}
}

static int chart_figure(struct site *s, xmlNodePtr parent,
			const struct model *m, int c)
{
	const struct column *col = &m->cols[c];
	const char *parts[] = {"chart", m->suite, col->test, col->metric, NULL};
	struct chart *ch = calloc(1, sizeof(*ch));
	struct chart_layout *l = calloc(1, sizeof(*l));
	char title[300], axis[300], slug[SLUG_MAX], name[SLUG_MAX + 8];
	char path[4200];
	xmlNodePtr fig, img;
	int rc = -1;

	if (!ch || !l) {
		err_set(s->e, NULL, 0, 0, "out of memory");
		goto out;
	}
	snprintf(title, sizeof(title), "%s: %s", col->test, col->metric);
	snprintf(axis, sizeof(axis), "%s%s%s%s, %s is better", col->metric,
		 *col->unit ? " (" : "", col->unit, *col->unit ? ")" : "",
		 col->better);
	ch->title = title;
	ch->axis = axis;
	ch->unit = col->unit;
	ch->width = CHART_WIDTH;
	fill_chart(ch, m, c);
	if (ch->nbars == 0) {
		rc = 0;
		goto out;
	}
	slug_make(slug, parts);
	snprintf(name, sizeof(name), "%s.png", slug);
	if (chart_layout(ch, NULL, NULL, l, s->e) ||
	    site_path(s, name, path, sizeof(path)) ||
	    chart_paint_png(ch, l, path, s->e))
		goto out;
	fig = html_el(parent, "figure", NULL);
	img = html_el(fig, "img", NULL);
	html_attr(img, "src", name);
	snprintf(path, sizeof(path), "%d", l->width);
	html_attr(img, "width", path);
	snprintf(path, sizeof(path), "%d", l->height);
	html_attr(img, "height", path);
	snprintf(path, sizeof(path), "Bar chart of %s; the figures are in the "
		 "results table", axis);
	html_attr(img, "alt", path);
	html_el(fig, "figcaption", axis);
	rc = 0;
out:
	free(ch);
	free(l);
	return rc;
}

static int excluded_item(void *ctx, const struct lifecycle_run *r)
{
	xmlNodePtr *ul = ctx;
	char text[160];

	if (!ul[1]) {
		html_el(ul[0], "h2", "Excluded runs");
		html_el(ul[0], "p", "Left out of every figure above, and why:");
		ul[1] = html_el(ul[0], "ul", NULL);
		html_attr(ul[1], "class", "excluded");
	}
	snprintf(text, sizeof(text), "run %lld (%.120s): ", r->id, r->label);
	xmlAddChild(html_el(ul[1], "li", text),
		    xmlNewText((const xmlChar *)r->excluded));
	return 0;
}

/* The suite's excluded runs with their reasons, under the table: a reader
 * must see what the figures leave out. */
static int excluded_list(struct site *s, xmlNodePtr main, const char *suite)
{
	struct lifecycle_filter f;
	xmlNodePtr ul[2] = {main, NULL};

	memset(&f, 0, sizeof(f));
	f.suite = suite;
	f.excluded_only = 1;
	return lifecycle_each_run(s->store, &f, excluded_item, ul, s->e);
}

static int comparison_page(struct site *s, const char *suite,
			   struct model *m)
{
	char title[300], text[512], name[SLUG_MAX + 8];
	struct page p;
	xmlNodePtr main;
	int c;

	snprintf(title, sizeof(title), "%s, by label", suite);
	if (page_new(&p, title, s->e))
		return -1;
	main = p.main;
	snprintf(text, sizeof(text), "%d group%s (runs that share a label), "
		 "%d test%s and metric%s. A figure is the mean of the group's "
		 "runs; n says how many runs when there is more than one. "
		 "\xe2\x98\x85 marks the best in its column.", m->ngroups,
		 m->ngroups == 1 ? "" : "s", m->ncols, m->ncols == 1 ? "" : "s",
		 m->ncols == 1 ? "" : "s");
	html_el(main, "p", text);
	html_el(main, "h2", "Results");
	if (results_table(main, m)) {
		page_free(&p);
		return err_set(s->e, NULL, 0, 0, "out of memory");
	}
	if (excluded_list(s, main, suite)) {
		page_free(&p);
		return -1;
	}
	html_el(main, "h2", "Charts");
	for (c = 0; c < m->ncols; c++)
		if (chart_figure(s, main, m, c)) {
			page_free(&p);
			return -1;
		}
	page_name(suite, name);
	return save_page(s, &p, name);
}

static int add_suite(void *ctx, const char *suite)
{
	struct site *s = ctx;

	if (buf_add(&s->suites, suite, strlen(suite) + 1))
		return err_set(s->e, NULL, 0, 0, "too many suites");
	s->nsuites++;
	return 0;
}

static int index_page(struct site *s, const int *ngroups, const long *nrows)
{
	struct page p;
	xmlNodePtr ul;
	const char *suite = s->suites.data;
	int i;

	if (page_new(&p, "Benchmark results", s->e))
		return -1;
	if (s->nsuites == 0) {
		html_el(p.main, "p", "The store holds no results yet. Import "
			"some with: benchsite import FILE");
		return save_page(s, &p, "index.html");
	}
	html_el(p.main, "h2", "Comparisons");
	ul = html_el(p.main, "ul", NULL);
	html_attr(ul, "class", "comparisons");
	for (i = 0; i < s->nsuites; i++, suite += strlen(suite) + 1) {
		char name[SLUG_MAX + 8], text[128];
		xmlNodePtr li = html_el(ul, "li", NULL);

		page_name(suite, name);
		html_link(li, name, suite);
		snprintf(text, sizeof(text), ": %d group%s, %ld result%s",
			 ngroups[i], ngroups[i] == 1 ? "" : "s", nrows[i],
			 nrows[i] == 1 ? "" : "s");
		xmlAddChild(li, xmlNewText((const xmlChar *)text));
	}
	return save_page(s, &p, "index.html");
}

static int build(struct site *s)
{
	const char *css = html_template("style.css");
	const char *suite;
	int *ngroups = NULL, i, rc = -1;
	long *nrows = NULL;

	if (!css)
		return err_set(s->e, "templates/style.css", 0, 0, "not built in");
	if (write_file(s, "style.css", css, strlen(css)))
		return -1;
	if (store_each_suite(s->store, add_suite, s, s->e))
		return -1;
	ngroups = calloc((size_t)s->nsuites + 1, sizeof(*ngroups));
	nrows = calloc((size_t)s->nsuites + 1, sizeof(*nrows));
	if (!ngroups || !nrows) {
		err_set(s->e, NULL, 0, 0, "out of memory");
		goto out;
	}
	suite = s->suites.data;
	for (i = 0; i < s->nsuites; i++, suite += strlen(suite) + 1) {
		struct model m;

		if (model_load(s->store, suite, &m, s->e))
			goto out;
		ngroups[i] = m.ngroups;
		nrows[i] = m.nrows;
		if (comparison_page(s, suite, &m)) {
			model_release(&m);
			goto out;
		}
		model_release(&m);
	}
	rc = index_page(s, ngroups, nrows);
	if (rc == 0)
		rc = write_file(s, MARKER, "benchsite\n", 10);
out:
	free(ngroups);
	free(nrows);
	return rc;
}

/* Looks into a folder that may be a site: counts its entries, says whether
 * it holds the marker, and refuses anything a site never holds (a
 * subfolder), so that nothing is removed from a folder that is not wholly
 * ours.  dir is opened without following a symlink.  *fd stays open for
 * remove_files. */
static int scan_site(const char *dir, int *fd, int *ours, int *entries,
		     struct err *e)
{
	struct dirent *de;
	struct stat st;
	DIR *d;
	int dfd;

	*ours = *entries = 0;
	*fd = -1;
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0)
		return err_set(e, dir, 0, 0, "cannot open as a folder: %s",
			       strerror(errno));
	d = fdopendir(dup(dfd));
	if (!d) {
		close(dfd);
		return err_set(e, dir, 0, 0, "cannot open: %s", strerror(errno));
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		(*entries)++;
		if (strcmp(de->d_name, MARKER) == 0)
			*ours = 1;
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode)) {
			/* the message first: closedir frees de */
			err_set(e, dir, 0, 0, "holds a folder ('%s'), which "
				"a benchsite site never does: not touching it",
				de->d_name);
			closedir(d);
			close(dfd);
			return -1;
		}
	}
	closedir(d);
	*fd = dfd;
	return 0;
}

/* Removes a folder that benchsite made, after scan_site found only files
 * in it and either the marker, nothing at all, or (staging: its name is
 * ours, and a render that died half way leaves it without the marker)
 * anything. */
static int remove_site(const char *dir, int staging, struct err *e)
{
	struct dirent *de;
	DIR *d;
	int fd, ours, entries;

	if (scan_site(dir, &fd, &ours, &entries, e))
		return -1;
	if (entries && !ours && !staging) {
		close(fd);
		return err_set(e, dir, 0, 0, "not a site benchsite made (no %s "
			       "file): not replacing it; choose another --out",
			       MARKER);
	}
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return err_set(e, dir, 0, 0, "cannot open: %s", strerror(errno));
	}
	rewinddir(d);	/* scan_site read through a dup of the same offset */
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (unlinkat(dirfd(d), de->d_name, 0)) {
			err_set(e, dir, 0, 0, "cannot remove '%s': %s", de->d_name,
				strerror(errno));
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	if (rmdir(dir))
		return err_set(e, dir, 0, 0, "cannot remove: %s", strerror(errno));
	return 0;
}

/* May out be replaced?  Only a missing folder, an empty one, or one of
 * ours that holds nothing a site never holds. */
static int check_replaceable(const char *out, int *exists, struct err *e)
{
	struct stat st;
	int fd, ours, entries;

	*exists = 0;
	if (lstat(out, &st)) {
		if (errno == ENOENT)
			return 0;
		return err_set(e, out, 0, 0, "cannot use: %s", strerror(errno));
	}
	if (!S_ISDIR(st.st_mode))
		return err_set(e, out, 0, 0, "exists and is not a folder");
	*exists = 1;
	if (scan_site(out, &fd, &ours, &entries, e))
		return -1;
	close(fd);
	if (entries && !ours)
		return err_set(e, out, 0, 0, "not a site benchsite made (no %s "
			       "file): not replacing it; choose another --out",
			       MARKER);
	return 0;
}

static int publish(const char *stage, const char *out, struct err *e)
{
	char old[4200];
	int exists;

	if (check_replaceable(out, &exists, e))
		return -1;
	if (!exists) {
		if (rename(stage, out))
			return err_set(e, out, 0, 0, "cannot publish: %s",
				       strerror(errno));
		return 0;
	}
	if (renameat2(AT_FDCWD, stage, AT_FDCWD, out, RENAME_EXCHANGE) == 0)
		return remove_site(stage, 0, e);	/* now the old site */
	if (errno != EINVAL && errno != ENOSYS)
		return err_set(e, out, 0, 0, "cannot publish: %s",
			       strerror(errno));
	snprintf(old, sizeof(old), "%s.old", stage);
	if (rename(out, old))
		return err_set(e, out, 0, 0, "cannot publish: %s",
			       strerror(errno));
	if (rename(stage, out)) {
		rename(old, out);
		return err_set(e, out, 0, 0, "cannot publish: %s",
			       strerror(errno));
	}
	return remove_site(old, 0, e);
}

/* The staging folder beside out: "a/b/site" -> "a/b/.site.benchsite-new". */
static int stage_name(const char *out, char *stage, size_t cap,
		      struct err *e)
{
	char tmp[4096];
	const char *base;
	size_t n = strlen(out);

	if (n == 0 || n >= sizeof(tmp))
		return err_set(e, out, 0, 0, "bad --out folder");
	memcpy(tmp, out, n + 1);
	while (n > 1 && tmp[n - 1] == '/')
		tmp[--n] = '\0';
	base = strrchr(tmp, '/');
	base = base ? base + 1 : tmp;
	if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
		return err_set(e, out, 0, 0, "--out must name a folder, not "
			       "'.', '..' or '/'");
	if ((size_t)snprintf(stage, cap, "%.*s.%s.benchsite-new",
			     (int)(base - tmp), tmp, base) >= cap)
		return err_set(e, out, 0, 0, "path too long");
	return 0;
}

static const char render_usage[] =
	"usage: benchsite render [--out DIR]\n"
	"\n"
	"  --out DIR   where the site goes (default: ./site); an existing DIR\n"
	"              is replaced only if benchsite made it\n"
	"\n"
	"Builds the site in a folder beside DIR and swaps it in whole, so a\n"
	"failed or killed render leaves the old site as it was.\n";

int cmd_render(int argc, char **argv, const struct cmd_env *env)
{
	static const struct option opts[] = {
		{"out", required_argument, NULL, 'o'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *out = "site";
	struct site s;
	struct err e;
	struct stat st;
	int c, rc = EXIT_FAULT;

	while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'h':
			fputs(render_usage, stdout);
			return EXIT_OK;
		default:
			return cmd_usage_error(render_usage);
		}
	}
	if (optind != argc)
		return cmd_usage_error(render_usage);
	memset(&s, 0, sizeof(s));
	err_clear(&e);
	s.e = &e;
	buf_init(&s.suites, 1 << 20);
	if (stage_name(out, s.stage, sizeof(s.stage), &e))
		goto fail;
	{
		int exists;

		/* refuse early, before any work, to replace a foreign DIR */
		if (check_replaceable(out, &exists, &e))
			goto fail;
	}
	if (lstat(s.stage, &st) == 0) {
		if (!S_ISDIR(st.st_mode)) {
			err_set(&e, s.stage, 0, 0, "is in the way and is not a "
				"folder: remove it");
			goto fail;
		}
		if (remove_site(s.stage, 1, &e))
			goto fail;
	}
	if (mkdir(s.stage, 0755)) {
		err_set(&e, s.stage, 0, 0, "cannot create: %s", strerror(errno));
		goto fail;
	}
	if (cmd_open_store(env, &s.store)) {
		remove_site(s.stage, 1, &e);
		buf_release(&s.suites);
		return EXIT_FAULT;
	}
	if (build(&s) || publish(s.stage, out, &e)) {
		struct err ignore;

		err_clear(&ignore);
		remove_site(s.stage, 1, &ignore);
		goto fail;
	}
	rc = EXIT_OK;
	goto out;
fail:
	err_print(&e);
out:
	store_close(s.store);
	buf_release(&s.suites);
	return rc;
}
