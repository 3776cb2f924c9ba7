/*
 * site.c: `benchsite render`: which pages the site has, written into a
 * staging folder and published whole (publish.c).
 *
 * The site is a pure function of the store and the templates: comparisons
 * in name order, groups and columns in import order, no clock, no random
 * colour; render it twice and the bytes are the same.
 */
#include "site.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/cmd.h"
#include "../core/err.h"
#include "../schema/store.h"
#include "analysis.h"
#include "html.h"
#include "model.h"
#include "publish.h"

/* stage/name, where name is one of our own file names. */
int site_path(struct site *s, const char *name, char *out, size_t cap)
{
	if (!*name || (name[0] == '.' && strcmp(name, PUBLISH_MARKER) != 0) ||
	    strchr(name, '/') ||
	    (size_t)snprintf(out, cap, "%s/%s", s->stage, name) >= cap)
		return err_set(s->e, name, 0, 0, "bad output file name");
	return 0;
}

int site_write(struct site *s, const char *name, const void *data, size_t n)
{
	char path[4200];
	const char *p = data;
	int fd;
	ssize_t w;

	if (site_path(s, name, path, sizeof(path)))
		return -1;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		return err_set(s->e, path, 0, 0, "cannot create: %s",
			       strerror(errno));
	while (n > 0) {
		w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			return err_set(s->e, path, 0, 0, "cannot write: %s",
				       strerror(errno));
		}
		p += w;
		n -= (size_t)w;
	}
	if (close(fd))
		return err_set(s->e, path, 0, 0, "cannot write: %s",
			       strerror(errno));
	return 0;
}

int site_save_page(struct site *s, struct page *p, const char *name)
{
	char path[4200];
	int rc;

	if (site_path(s, name, path, sizeof(path)))
		return -1;
	rc = page_save(p, path, s->e);
	page_free(p);
	return rc;
}


struct build {
	struct site *s;
	struct site_entry *entries;
	int n, cap;
};

static int build_one(void *ctx, const struct store_comparison *c)
{
	struct build *b = ctx;
	struct model m;
	struct analysis a;
	int rc;

	if (b->n == b->cap) {
		int ncap = b->cap ? 2 * b->cap : 16;
		struct site_entry *ne = realloc(b->entries,
						(size_t)ncap * sizeof(*ne));

		if (!ne)
			return err_set(b->s->e, NULL, 0, 0, "out of memory");
		b->entries = ne;
		b->cap = ncap;
	}
	if (model_load(b->s->store, c, &m, b->s->e))
		return -1;
	if (analysis_run(&m, &a, b->s->e)) {
		model_release(&m);
		return -1;
	}
	memset(&b->entries[b->n], 0, sizeof(b->entries[b->n]));
	rc = pages_comparison(b->s, &m, &a, &b->entries[b->n]);
	b->n++;	/* counted even on failure: its strings are freed below */
	analysis_release(&a);
	model_release(&m);
	return rc;
}

static int build(struct site *s)
{
	const char *css = html_template("style.css");
	struct build b;
	int i, rc = -1;

	if (!css)
		return err_set(s->e, "templates/style.css", 0, 0, "not built in");
	if (site_write(s, "style.css", css, strlen(css)))
		return -1;
	memset(&b, 0, sizeof(b));
	b.s = s;
	if (store_each_comparison(s->store, build_one, &b, s->e) == 0 &&
	    pages_index(s, b.entries, b.n) == 0)
		rc = site_write(s, PUBLISH_MARKER, "benchsite\n", 10);
	for (i = 0; i < b.n; i++) {
		free(b.entries[i].name);
		free(b.entries[i].title);
		free(b.entries[i].file);
		free(b.entries[i].headline);
	}
	free(b.entries);
	return rc;
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
	int c;

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
	if (publish_stage_name(out, s.stage, sizeof(s.stage), &e) ||
	    publish_prepare(out, s.stage, &e)) {
		err_print(&e);
		return EXIT_FAULT;
	}
	if (cmd_open_store(env, &s.store)) {
		publish_abandon(s.stage);
		return EXIT_FAULT;
	}
	if (build(&s) || publish_swap(s.stage, out, &e)) {
		publish_abandon(s.stage);
		err_print(&e);
		store_close(s.store);
		return EXIT_FAULT;
	}
	store_close(s.store);
	return EXIT_OK;
}
