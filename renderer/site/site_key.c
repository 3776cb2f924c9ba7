/*
 * site_key.c: the hashes that let a render reuse what the published site
 * already has (site_key.h): of the program, of the whole render, of one
 * comparison's unit of pages.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/buildid.h"
#include "../../core/err.h"
#include "../../core/sha256.h"
#include "../../schema/store.h"
#include "draw.h"
#include "publish.h"
#include "site.h"
#include "site_key.h"

/* The key of a comparison's unit: the program, the comparison, and what
 * the store holds about its suite's runs (their rows, excluded or not,
 * results and attributes: every page says which groups mix a setting, and
 * a default comparison chooses its grouping by them).  Its pages
 * depend on no other input, so a unit whose key the published site has is
 * linked without loading a row. */
void site_key_comparison(struct site *s, const struct store_comparison *c,
			 char key[65])
{
	unsigned char runs[32];
	struct sha256 h;
	int i;

	store_suite_digest(s->digests, c->suite, 1, runs);
	sha256_init(&h);
	sha256_update(&h, "comparison 3", 13);
	sha256_update(&h, s->prog, 64);
	sha256_update_str(&h, c->name);
	sha256_update_str(&h, c->title);
	sha256_update_str(&h, c->suite);
	sha256_update_str(&h, c->by);
	for (i = 0; i < c->nwhere; i++) {
		/* a literal value hashes as it did before the selection
		 * language: an old store's pages keep their keys */
		if (c->where_op[i]) {
			char op[16];

			snprintf(op, sizeof(op), "op %d", c->where_op[i]);
			sha256_update_str(&h, op);
		}
		sha256_update_str(&h, c->where_key[i]);
		sha256_update_str(&h, c->where_value[i]);
	}
	/* hashed only when set: an old store's pages keep their keys */
	if (c->metrics || c->tests || c->order || c->split) {
		sha256_update_str(&h, "shown");
		sha256_update_str(&h, c->metrics ? c->metrics : "");
		sha256_update_str(&h, c->tests ? c->tests : "");
		sha256_update_str(&h, c->order ? c->order : "");
		sha256_update_str(&h, c->split ? c->split : "");
	}
	sha256_update(&h, runs, sizeof(runs));
	sha256_final_hex(&h, key);
}

/* The program's own bytes into h: any change to code, templates or style
 * gives another site.  The linker's build ID stands for them when there
 * is one of 16 bytes or more: the Makefile links with --build-id=sha1, a
 * SHA-1 of the whole linked file, so every byte of the program counts
 * and a render need not read 2.6 MB and hash them (under callgrind 1.5% of
 * the instructions of bench/'s 240-test render, more of a small one).
 * Otherwise the file is hashed; 1 when
 * it cannot be read. */
static int prog_bytes(struct sha256 *h)
{
	char chunk[65536];
	const unsigned char *id;
	size_t k = build_id(&id);
	FILE *f;
	int bad;

	if (k >= 16) {
		sha256_update(h, "build-id", 8);
		sha256_update(h, id, k);
		return 0;
	}
	f = fopen("/proc/self/exe", "rb");
	if (!f)
		return errno == ENOMEM ? -1 : 1;
	while ((k = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sha256_update(h, chunk, k);
	bad = ferror(f);
	fclose(f);
	return bad ? 1 : 0;
}

/* 0 when n more descriptors can be opened now, else -1 (errno set). */
static int fds_spare(int n)
{
	int fd[4], k, rc = 0;

	for (k = 0; k < n && k < 4; k++)
		if ((fd[k] = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) {
			rc = -1;
			break;
		}
	while (k-- > 0) {
		int keep = errno;

		close(fd[k]);
		errno = keep;
	}
	return rc;
}

/* The program's identity: its bytes (prog_bytes), the options that change
 * files, and how this machine lays text out (draw_layout_probe), into
 * s->prog; left "" when the program's bytes cannot be read (nothing is
 * then reused but charts).  -1 (s->e filled) when memory ran out or the
 * probe failed: a render without the key writes the same pages but
 * another marker (no unit to reuse next time), which is not the site an
 * uninterrupted render makes. */
int site_key_prog(struct site *s)
{
	char probe[65];
	struct sha256 h;
	int rc;

	sha256_init(&h);
	rc = prog_bytes(&h);
	if (rc < 0)
		return err_set(s->e, NULL, 0, 0, "out of memory");
	if (rc)
		return 0;
	/* the probe lays out a chart as every chart is laid out: when that
	 * fails, so would the render's charts.  It loads the fonts, and
	 * fontconfig, when it cannot open its files, prints its own error and
	 * goes on without them: with no descriptor to spare the render says
	 * so first, in errno's words */
	if (fds_spare(2))
		return err_set(s->e, NULL, 0, 0, "%s", strerror(errno));
	if (draw_layout_probe(s, probe))
		return -1;
	sha256_update(&h, probe, 64);
	sha256_update(&h, s->gzip ? "gzip" : "plain", s->gzip ? 4 : 5);
	sha256_final_hex(&h, s->prog);
	return 0;
}

/* The identity of this render's inputs: the program (s->prog) and the
 * store's contents.  0; 1 when the program has no key or the store cannot
 * be fingerprinted (the render then does its full work); -1 (s->e filled)
 * on any other failure of the store's read, running out of memory
 * included.  The fingerprint says which is which by its return value, not
 * by its message: a failure that passed for "cannot be fingerprinted"
 * would publish a site without keys. */
int site_key_render(struct site *s, char key[65])
{
	char fp[65];
	struct sha256 h;
	int rc;

	if (!s->prog[0])
		return 1;
	rc = store_fingerprint(s->store, fp, &s->digests, s->e);
	if (rc == -2) {
		err_clear(s->e);	/* not a failure of the render */
		return 1;
	}
	if (rc)
		return -1;
	sha256_init(&h);
	sha256_update(&h, s->prog, 64);
	sha256_update(&h, fp, 64);
	sha256_final_hex(&h, key);
	return 0;
}

/* The number of files of the site at out when each is a regular file no
 * newer than its marker (the last file a render writes: a newer one was
 * changed outside benchsite); -1 when one is not, or cannot be looked
 * at.  One walk, counting and looking at once. */
static long unchanged_files(const char *out)
{
	struct stat mark, st;
	struct dirent *d;
	int fd = open(out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	long n = 0;
	DIR *dir;

	if (fd < 0)
		return -1;
	if (fstatat(fd, PUBLISH_MARKER, &mark, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !(dir = fdopendir(fd))) {
		close(fd);
		return -1;
	}
	while (n >= 0 && (d = readdir(dir)) != NULL) {
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		if (fstatat(fd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISREG(st.st_mode) ||
		    site_changed_after(&st, &mark.st_mtim))
			n = -1;
		else
			n++;
	}
	closedir(dir);
	return n;
}

/* 1 when the published site at out was rendered from the same inputs (its
 * marker has "store KEY") and still holds every file it had ("files N"),
 * none changed since:
 * then there is nothing to do, and the whole render costs a read of the
 * store instead of building every page to find out (about half the cost
 * of a full render, for a render that changes nothing). */
int site_key_fresh(const char *out, const char *key, long *nfiles)
{
	char path[4200], line[128], want[80];
	long files = -1;
	int same = 0;
	FILE *f;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", out,
			     PUBLISH_MARKER) >= sizeof(path) ||
	    !(f = fopen(path, "r")))
		return 0;
	snprintf(want, sizeof(want), "store %s\n", key);
	while (fgets(line, sizeof(line), f)) {
		if (strcmp(line, want) == 0)
			same = 1;
		else if (strncmp(line, "files ", 6) == 0)
			files = strtol(line + 6, NULL, 10);
	}
	fclose(f);
	*nfiles = files;
	return same && files > 0 && unchanged_files(out) == files;
}
