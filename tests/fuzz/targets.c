/*
 * targets.c: see targets.h.
 *
 * A parser target does what the importer does with a file's bytes: detect
 * (the importer detects on unchecked bytes), check them as text unless the
 * format reads any bytes, then parse.  Each input is parsed twice: with no
 * options, and with every option set (--test, --suite, --metric, --unit,
 * --better, --table), so the option paths are fuzzed too.  Formats whose
 * runs span files (sql-bench) are also fed as a set: the input cut at a
 * line near its middle into two files.  The parsers take whole buffers
 * (no chunked interface yet), so "chunks" are whole smaller buffers.
 */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "../../collector/format.h"
#include "../../collector/source.h"
#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/record.h"
#include "../../core/text.h"
#include "../../core/textrule.h"

/* The sink checks the record_sink contract; a breach aborts. */
struct check {
	int in_run;
};

static void breach(const char *what)
{
	fprintf(stderr, "fuzz: record_sink contract broken: %s\n", what);
	abort();
}

/* textrule_name's promise: what it composes passes the rule, and what
 * passes is kept as it is.  s[0..n) up to its first NUL. */
static void check_name(const char *s, size_t n)
{
	char *t = strndup(s, n), *nfc = NULL;
	int passes, rc;

	if (!t)
		abort();
	passes = textrule_check_str(t, NULL, NULL) == 0;
	rc = textrule_name(t, &nfc, NULL, NULL);
	if (rc == -2)
		abort();
	if (passes && (rc || nfc))
		breach("textrule_name changed a name the rule allows");
	if (nfc && textrule_check_str(nfc, NULL, NULL))
		breach("textrule_name composed a name the rule refuses");
	if (!passes && rc == 0 && !nfc)
		breach("textrule_name kept a name the rule refuses");
	free(nfc);
	free(t);
}

/* The text rule's promises on s[0..n): textrule_clean's output always
 * passes textrule_check, text that passes comes out unchanged, and what
 * fails is named at an offset inside it.  Any bytes. */
static void check_rule(const char *s, size_t n)
{
	size_t at = 0, replaced, cap = 3 * n + 1;
	char *out = malloc(cap);
	long cp = 0;
	int passes = textrule_check(s, n, &at, &cp) == 0;

	if (!out)
		abort();
	replaced = textrule_clean(s, n, out, cap);
	if (textrule_check(out, strlen(out), NULL, NULL))
		breach("textrule_clean left a character the rule refuses");
	if (passes && (replaced || strlen(out) != n || memcmp(out, s, n)))
		breach("textrule_clean changed text the rule allows");
	if (!passes && (at >= n || !replaced))
		breach("textrule_check refused without naming where");
	free(out);
	check_name(s, n);
}

static void check_text(const char *s, const char *what)
{
	size_t bad;

	if (!s)
		breach(what);
	if (utf8_check(s, strlen(s), &bad))
		breach(what);
	/* the import sink's rule, over every string a parser makes */
	check_rule(s, strlen(s));
}

static int c_run_begin(void *ctx, const char *suite, const char *label,
		       long line, struct err *e)
{
	struct check *c = ctx;

	(void)e;
	if (c->in_run)
		breach("run_begin inside a run");
	check_text(suite, "suite not UTF-8");
	if (label)
		check_text(label, "label not UTF-8");
	if (line < 0)
		breach("negative line");
	c->in_run = 1;
	return 0;
}

/* A breach, what, when a run's part comes outside a run. */
static void in_run(const void *ctx, const char *what)
{
	const struct check *c = ctx;

	if (!c->in_run)
		breach(what);
}

static int c_attr(void *ctx, const char *key, const char *value,
		  struct err *e)
{
	(void)e;
	in_run(ctx, "attr outside a run");
	check_text(key, "attr key not UTF-8");
	check_text(value, "attr value not UTF-8");
	return 0;
}

static int c_result(void *ctx, const struct record_result *r, struct err *e)
{
	(void)e;
	in_run(ctx, "result outside a run");
	check_text(r->test, "test not UTF-8");
	check_text(r->metric, "metric not UTF-8");
	if (r->unit)
		check_text(r->unit, "unit not UTF-8");
	if (r->status && !record_status_valid(r->status))
		breach("unknown status");
	if (r->better && !record_better_valid(r->better))
		breach("better neither lower nor higher");
	return 0;
}

static int c_sample(void *ctx, const char *test, const char *metric,
		    double t, double value, struct err *e)
{
	(void)t;
	(void)value;
	(void)e;
	in_run(ctx, "sample outside a run");
	check_text(test, "sample test not UTF-8");
	check_text(metric, "sample metric not UTF-8");
	return 0;
}

static int c_run_end(void *ctx, struct err *e)
{
	struct check *c = ctx;

	(void)e;
	in_run(c, "run_end outside a run");
	c->in_run = 0;
	return 0;
}

static int c_warn(void *ctx, long line, const char *msg, struct err *e)
{
	(void)ctx;
	(void)line;
	(void)e;
	check_text(msg, "warning not UTF-8");
	return 0;
}

static void sink_init(struct record_sink *s, struct check *c)
{
	memset(c, 0, sizeof(*c));
	memset(s, 0, sizeof(*s));
	s->ctx = c;
	s->run_begin = c_run_begin;
	s->attr = c_attr;
	s->result = c_result;
	s->sample = c_sample;
	s->run_end = c_run_end;
	s->warn = c_warn;
}

/* A copy of p[0..n) with a NUL after it: the importer's buffers have one
 * (source_open), and an exact-size copy lets ASan see any read past n. */
static char *copy(const uint8_t *p, size_t n)
{
	char *s = malloc(n + 1);

	if (!s)
		abort();
	if (n)
		memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

static void parse_with(const struct format *f, const char *p, size_t n,
		       const struct parse_opts *o)
{
	struct record_sink sink;
	struct check c;
	struct err e;
	int rc;

	sink_init(&sink, &c);
	err_clear(&e);
	rc = format_parse(f, p, n, o, &sink, &e);
	/* on success every run was closed; on failure the parser may stop
	 * mid-run (the importer rolls back) */
	if (rc == 0 && c.in_run)
		breach("parse returned 0 inside a run");
	if (rc != 0 && rc != -1)
		breach("parse returned neither 0 nor -1");
	if (rc && !e.msg[0])
		breach("parse failed without a message");
}

static void parse_set_halves(const struct format *f, const char *p,
			     size_t n, const struct parse_opts *o)
{
	struct input in[2];
	struct record_sink sink;
	struct check c;
	struct err e;
	size_t cut = n / 2;

	while (cut < n && p[cut] != '\n')
		cut++;
	if (cut < n)
		cut++;
	in[0].name = "output/RUN-mysql-Linux_5.10_x86_64";
	in[0].p = p;
	in[0].n = cut;
	in[1].name = "output/insert-mysql-Linux_5.10_x86_64";
	in[1].p = p + cut;
	in[1].n = n - cut;
	if (in[1].n == 0)
		return;
	sink_init(&sink, &c);
	err_clear(&e);
	if (f->parse_set(in, 2, o, &sink, &e) == 0 && c.in_run)
		breach("parse_set returned 0 inside a run");
}

static void run_format(const struct fuzz_target *t, const uint8_t *d,
		       size_t n)
{
	const struct format *f = t->format;
	struct parse_opts o;
	struct err e;
	char *p, key[512];

	if (!f)
		abort();
	p = copy(d, n);
	(void)format_detect(p, n);
	err_clear(&e);
	if (!(f->flags & FORMAT_ANY_BYTES) && lines_validate(p, n, &e)) {
		free(p);
		return;
	}
	memset(&o, 0, sizeof(o));
	o.name = "fuzz";
	parse_with(f, p, n, &o);
	o.test = "t";
	o.suite = "s";
	o.metric = "m";
	o.unit = "ms";
	o.better = "higher";
	o.table = 1 + (int)(n % 3);
	o.name = "output/select-mysql_fast-Linux_2.6_i686";
	parse_with(f, p, n, &o);
	if (f->group) {
		(void)f->group("RUN-mysql-Linux", p, n, key, sizeof(key));
		(void)f->group("insert-pg-Linux", p, n, key, sizeof(key));
		(void)f->group("", p, n, key, sizeof(key));
	}
	if (f->parse_set)
		parse_set_halves(f, p, n, &o);
	free(p);
}

/* A fio log (collector/formats/fiolog.c) as the importer reads one: named
 * after a small fio JSON output, through fio's parse_set, under each of
 * the kinds' names (the latency kinds convert); alone it is refused. */
static void t_fiolog(const struct fuzz_target *t, const uint8_t *d,
		     size_t n)
{
	static const char out[] =
		"{\n\"fio version\" : \"fio-3.33\",\n\"jobs\" : [{\"jobname\" "
		": \"job\", \"error\" : 0, \"read\" : {\"io_bytes\" : 4096, "
		"\"bw\" : 4, \"iops\" : 1.0, \"total_ios\" : 1}}]\n}\n";
	static const char *const names[] = {
		"job_bw.1.log", "other_lat.3.log", "job_slat.log",
	};
	const struct format *fio = format_find("fio");
	const struct format *log = t->format;
	struct record_sink sink;
	struct parse_opts o;
	struct input in[2];
	struct check c;
	struct err e;
	char *p = copy(d, n);
	size_t i;

	if (!fio || !log || !fio->parse_set)
		abort();
	(void)log->detect(p, n);
	(void)fiolog_named(p);
	err_clear(&e);
	if (lines_validate(p, n, &e)) {
		free(p);
		return;
	}
	memset(&o, 0, sizeof(o));
	o.name = "out.json";
	sink_init(&sink, &c);
	if (log->parse(p, n, &o, &sink, &e) == 0 || !e.msg[0])
		breach("a fio log alone was not refused with a message");
	in[0].name = "out.json";
	in[0].p = out;
	in[0].n = sizeof(out) - 1;
	in[1].p = p;
	in[1].n = n;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int rc;

		in[1].name = names[i];
		sink_init(&sink, &c);
		err_clear(&e);
		rc = fio->parse_set(in, 2, &o, &sink, &e);
		if (rc == 0 && c.in_run)
			breach("parse_set returned 0 inside a run");
		if (rc && !e.msg[0])
			breach("parse_set failed without a message");
	}
	free(p);
}

/* Detection runs on unchecked bytes (any byte, any length). */
static void t_detect(const struct fuzz_target *t, const uint8_t *d,
		     size_t n)
{
	char *p = copy(d, n);
	size_t i;

	(void)t;
	for (i = 0; formats[i]; i++)
		(void)formats[i]->detect(p, n);
	(void)format_detect_wrapped(p, n);
	(void)format_guess(p, n);
	free(p);
}

/* gzip input as source_read inflates it; the cap is small here so that
 * the fuzzer spends its time on the decoder, not on memset-like bombs
 * (the real caps are tested by tests/hardening.test.sh). */
static void t_gunzip(const struct fuzz_target *t, const uint8_t *d,
		     size_t n)
{
	struct err e;
	char *out = NULL;
	size_t outn;

	(void)t;
	err_clear(&e);
	if (source_gunzip((const char *)d, n, (size_t)1 << 20, "fuzz", &out,
			  &outn, &e) == 0) {
		if (out[outn] != '\0')
			breach("gunzip output not NUL-terminated");
		free(out);
	} else if (!e.msg[0]) {
		breach("gunzip failed without a message");
	}
}

/* libxml2 with the options pts.c passes (keep in step with pts.c): no
 * network, no entity substitution, no DTD loading, size limits kept; the
 * bytes unchecked, as a hostile file would be before our own checks. */
static void t_xml(const struct fuzz_target *t, const uint8_t *d, size_t n)
{
	xmlParserCtxtPtr ctx = xmlNewParserCtxt();
	xmlDocPtr doc;

	(void)t;
	if (!ctx)
		return;
	/* pts.c's options */
	doc = xmlCtxtReadMemory(ctx, (const char *)d, (int)n, NULL, NULL,
				XML_PARSE_NONET | XML_PARSE_NOERROR |
				XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES |
				XML_PARSE_IGNORE_ENC);
	if (doc)
		xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctx);
}

/* The text rule on raw bytes (NUL, broken UTF-8 and all), as the
 * renderer meets text an older store holds. */
static void t_textrule(const struct fuzz_target *t, const uint8_t *d,
		       size_t n)
{
	char *p = copy(d, n);

	(void)t;
	check_rule(p, n);
	free(p);
}

/* The targets that read no one format's input, after the formats'. */
static const struct fuzz_target others[] = {
	{ "detect", NULL, t_detect },
	{ "gunzip", NULL, t_gunzip },
	{ "xml", NULL, t_xml },
	{ "textrule", NULL, t_textrule },
};

/* Room for every format of the registry and the others. */
#define TARGETS_MAX 64

const struct fuzz_target *fuzz_targets(void)
{
	static struct fuzz_target all[TARGETS_MAX + 1];
	size_t i, k = 0;

	if (all[0].name)
		return all;
	for (i = 0; formats[i]; i++) {
		if (k == TARGETS_MAX)
			abort();
		all[k].name = formats[i]->name;
		all[k].format = formats[i];
		/* a format read only with another's output is fed with one
		 * (fio's logs after a fio output) */
		all[k].run = formats[i]->flags & FORMAT_PART ? t_fiolog
							      : run_format;
		k++;
	}
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		if (k == TARGETS_MAX)
			abort();
		all[k++] = others[i];
	}
	return all;
}

void fuzz_canary(void)
{
	struct record_sink sink;
	struct record_result r;
	struct check c;
	struct err e;

	sink_init(&sink, &c);
	memset(&r, 0, sizeof(r));
	r.test = "t";
	r.metric = "m";
	err_clear(&e);
	sink.result(sink.ctx, &r, &e);	/* outside a run: aborts */
}

const struct fuzz_target *fuzz_find(const char *name)
{
	const struct fuzz_target *t;

	for (t = fuzz_targets(); t->name; t++)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}
