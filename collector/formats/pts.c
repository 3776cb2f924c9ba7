/*
 * pts.c: Phoronix Test Suite result files (composite.xml, the schema of PTS
 * 3.0 to 10.x; the pts row of docs/formats.md).
 *
 * The file is read into a tree with libxml2, the library benchsite already
 * uses for its pages, configured for hostile input: no network
 * (XML_PARSE_NONET), no entity substitution (no XML_PARSE_NOENT), no DTD
 * loading or default attributes (no XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR),
 * and libxml2's size limits kept (no XML_PARSE_HUGE).  PTS never writes a
 * DOCTYPE, so a file that has one is refused the moment the parser meets
 * it (a SAX hook stops the parser before the internal subset is read):
 * entity definitions, billion laughs and external entities naming local
 * files are then never even declared, let alone expanded.
 *
 * Mapping.  Each <System> is a run labelled with its Identifier; the
 * "Key: value, Key: value" lists of Hardware and Software become attributes
 * (processor, motherboard, os, kernel, file_system, ...).  Each <Result> is
 * a test named "Title (Description)" (Title alone when there is no
 * description) with the metric `value`, the unit from Scale and the
 * direction from Proportion.  Two Results of one file can share that name
 * (OpenSSL's RSA4096 gives sign/s and verify/s): when their scales differ
 * the scale is appended, "OpenSSL (Algorithm: RSA4096, verify/s)", and a
 * name still repeated gets "#2", "#3" in file order (the sql-bench rule).  Passed over, by design:
 * the client's "Test Install Time/Size" results (empty Identifier), results
 * whose Proportion is not HIB or LIB (no direction to chart) and results
 * that are not one figure per system (DisplayFormat LINE_GRAPH, PASS_FAIL,
 * and the like).  An Entry with an empty Value is status failed.  When one
 * system has several Entries in one Result, the k-th of them belongs to
 * the system's k-th run: repeats become further runs with the same label
 * and attributes (and `repeat` = k), so every figure is kept and the
 * renderer averages them as it averages any repeated runs.
 */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/record.h"
#include "../../core/sort.h"
#include "../../core/text.h"
#include "../../core/xmlquiet.h"
#include "../format.h"

/* Names, units, labels, attribute values: PTS writes short ones; longer
 * ones are cut only for test names (with an error) so nothing is lost
 * silently. */
#define PTS_TEXT_MAX 1024
/* A system seldom has more than a handful of repeats; this bounds the
 * systems x repeats x results walk. */
#define PTS_REPEATS_MAX 1000
/* Detection looks this far for the root element. */
#define PTS_DETECT_BYTES (64 * 1024)

struct pts {
	const struct record_sink *sink;
	struct err *e;
	xmlNodePtr root;
	xmlNodePtr *res;	/* owned; the Results kept, in order */
	char **test;		/* owned; their test names */
	size_t nres;
};

static const xmlChar *X(const char *s)
{
	return (const xmlChar *)s;
}

static int is(xmlNodePtr n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && xmlStrEqual(n->name, X(name));
}

static xmlNodePtr child(xmlNodePtr n, const char *name)
{
	for (n = n ? n->children : NULL; n; n = n->next)
		if (is(n, name))
			return n;
	return NULL;
}

static long line_of(xmlNodePtr n)
{
	return n ? xmlGetLineNo(n) : 0;
}

/* The text of element name under n, trimmed, into out; "" when absent.
 * Only text and CDATA children count: an entity reference is never
 * followed. */
static int text(struct pts *p, xmlNodePtr n, const char *name, char *out,
		size_t cap)
{
	xmlNodePtr c = child(n, name), t;
	size_t len = 0, a, b;

	out[0] = '\0';
	if (!c)
		return 0;
	for (t = c->children; t; t = t->next) {
		size_t k;

		if (t->type == XML_ENTITY_REF_NODE)
			return err_at(p->e, line_of(c), 0, "<%s>: entity "
				      "references are not allowed", name);
		if (t->type != XML_TEXT_NODE && t->type != XML_CDATA_SECTION_NODE)
			continue;
		k = strlen((const char *)t->content);
		if (len + k >= cap)
			return err_at(p->e, line_of(c), 0, "<%s> longer than %zu "
				      "bytes", name, cap - 1);
		memcpy(out + len, t->content, k);
		len += k;
	}
	out[len] = '\0';
	for (a = 0; a < len && strchr(" \t\r\n", out[a]); a++)
		;
	for (b = len; b > a && strchr(" \t\r\n", out[b - 1]); b--)
		;
	memmove(out, out + a, b - a);
	out[b - a] = '\0';
	return 0;
}

/* "File-System" -> "file_system": lower case, other than [a-z0-9] -> '_'. */
static void key_of(const char *s, size_t n, char *out, size_t cap)
{
	size_t i, k = 0;

	for (i = 0; i < n && k + 1 < cap; i++) {
		char c = s[i];

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
			c = '_';
		out[k++] = c;
	}
	out[k] = '\0';
}

/* At s: "Key Words: " (a capital, then letters, digits, spaces, '-', up to
 * ": ")?  Returns the key's length, or 0. */
static size_t component_key(const char *s)
{
	size_t i = 0;

	if (!(s[0] >= 'A' && s[0] <= 'Z'))
		return 0;
	while (s[i] && s[i] != ':' && i < 40) {
		char c = s[i];

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		      (c >= '0' && c <= '9') || c == ' ' || c == '-'))
			return 0;
		i++;
	}
	return s[i] == ':' && s[i + 1] == ' ' ? i : 0;
}

/* "Processor: X (12 Cores), Motherboard: Y" -> processor=X (12 Cores),
 * motherboard=Y.  A component ends at ", " followed by the next "Key: ",
 * so values with commas of their own stay whole. */
static int components(struct pts *p, const char *s)
{
	char key[64], val[PTS_TEXT_MAX];

	while (*s) {
		size_t kl = component_key(s), vl;
		const char *v, *end;

		if (!kl)
			return 0;	/* free text: nothing to split */
		v = s + kl + 2;
		for (end = v; *end; end++)
			if (end[0] == ',' && end[1] == ' ' &&
			    component_key(end + 2))
				break;
		vl = (size_t)(end - v);
		key_of(s, kl, key, sizeof(key));
		memcpy(val, v, vl);
		val[vl] = '\0';
		if (vl && p->sink->attr(p->sink->ctx, key, val, p->e))
			return -1;
		s = *end ? end + 2 : end;
	}
	return 0;
}

static int attr_text(struct pts *p, xmlNodePtr sys, const char *el,
		     const char *key)
{
	char v[PTS_TEXT_MAX];

	if (text(p, sys, el, v, sizeof(v)))
		return -1;
	return v[0] ? p->sink->attr(p->sink->ctx, key, v, p->e) : 0;
}

static int run_begin(struct pts *p, xmlNodePtr sys, const char *label,
		     int repeat)
{
	char v[PTS_TEXT_MAX];

	if (p->sink->run_begin(p->sink->ctx, "pts", label[0] ? label : NULL,
			       line_of(sys), p->e))
		return -1;
	if (text(p, sys, "Hardware", v, sizeof(v)) || components(p, v) ||
	    text(p, sys, "Software", v, sizeof(v)) || components(p, v) ||
	    attr_text(p, sys, "TestClientVersion", "tool_version") ||
	    attr_text(p, sys, "User", "user") ||
	    attr_text(p, sys, "TimeStamp", "timestamp"))
		return -1;
	if (repeat > 1) {
		snprintf(v, sizeof(v), "%d", repeat);
		if (p->sink->attr(p->sink->ctx, "repeat", v, p->e))
			return -1;
	}
	return 0;
}

/* *found gets the k-th (1-based) Entry of result r for system id, or NULL;
 * *count how many that system has there. */
static int entry(struct pts *p, xmlNodePtr r, const char *id, int k,
		 int *count, xmlNodePtr *found)
{
	xmlNodePtr data = child(r, "Data"), e;
	char eid[PTS_TEXT_MAX];

	*count = 0;
	*found = NULL;
	for (e = data ? data->children : NULL; e; e = e->next) {
		if (!is(e, "Entry"))
			continue;
		if (text(p, e, "Identifier", eid, sizeof(eid)))
			return -1;
		if (strcmp(eid, id) == 0 && ++*count == k)
			*found = e;
	}
	return 0;
}

static int emit(struct pts *p, size_t i, xmlNodePtr en)
{
	xmlNodePtr r = p->res[i], v = child(en, "Value");
	char val[PTS_TEXT_MAX], unit[PTS_TEXT_MAX], prop[16];
	struct record_result rec;

	if (text(p, en, "Value", val, sizeof(val)) ||
	    text(p, r, "Scale", unit, sizeof(unit)) ||
	    text(p, r, "Proportion", prop, sizeof(prop)))
		return -1;
	rec.test = p->test[i];
	rec.metric = "value";
	rec.unit = unit;
	rec.better = strcmp(prop, "HIB") == 0 ? "higher" : "lower";
	rec.value = 0;
	rec.has_value = 0;
	rec.status = "failed";
	if (val[0]) {
		if (num_parse(val, strlen(val), &rec.value))
			return err_at(p->e, line_of(v), 0, "<Value> of '%s': "
				      "expected a number, found '%.40s'",
				      p->test[i], val);
		rec.has_value = 1;
		rec.status = "ok";
	}
	return p->sink->result(p->sink->ctx, &rec, p->e);
}

/* One System: its first run, and one more run per repeat. */
static int system_runs(struct pts *p, xmlNodePtr sys)
{
	char id[PTS_TEXT_MAX];
	int k, more = 1;

	if (text(p, sys, "Identifier", id, sizeof(id)))
		return -1;
	for (k = 1; more; k++) {
		size_t i;

		if (k > PTS_REPEATS_MAX)
			return err_at(p->e, line_of(sys), 0, "system '%s' has "
				      "more than %d entries in one result", id,
				      PTS_REPEATS_MAX);
		more = 0;
		if (run_begin(p, sys, id, k))
			return -1;
		for (i = 0; i < p->nres; i++) {
			int count;
			xmlNodePtr en;

			if (entry(p, p->res[i], id, k, &count, &en))
				return -1;
			if (count > k)
				more = 1;
			if (en && emit(p, i, en))
				return -1;
		}
		if (p->sink->run_end(p->sink->ctx, p->e))
			return -1;
	}
	return 0;
}

/* Display formats that hold one number per system. */
static int one_figure(const char *fmt)
{
	return !fmt[0] || strcmp(fmt, "BAR_GRAPH") == 0 ||
	       strcmp(fmt, "BAR_ANALYZE_GRAPH") == 0;
}

/* Result i and its test name, sorted by name then file order: equal names
 * side by side in O(n log n): a file may hold tens of thousands of
 * Results, too many to compare pair-wise */
struct pts_name {
	const char *name;
	size_t i;
};

static int by_name(const void *a, const void *b)
{
	const struct pts_name *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* The tests sorted by name into out (p->nres entries). */
static void sort_names(struct pts *p, struct pts_name *out)
{
	size_t i;

	for (i = 0; i < p->nres; i++) {
		out[i].name = p->test[i];
		out[i].i = i;
	}
	sort_items(out, p->nres, sizeof(*out), by_name);
}

/* Picks the Results to keep and names their tests. */
static int results(struct pts *p)
{
	xmlNodePtr r;
	size_t n = 0, i, j;
	char id[PTS_TEXT_MAX], title[PTS_TEXT_MAX], desc[PTS_TEXT_MAX];
	char prop[PTS_TEXT_MAX], fmt[PTS_TEXT_MAX], unit[PTS_TEXT_MAX];
	char other[PTS_TEXT_MAX];
	char name[3 * PTS_TEXT_MAX];
	char *shared;
	struct pts_name *sorted;
	size_t g, pass;
	int renamed;

	for (r = p->root->children; r; r = r->next)
		n += is(r, "Result");
	p->res = calloc(n + 1, sizeof(*p->res));
	p->test = calloc(n + 1, sizeof(*p->test));
	if (!p->res || !p->test)
		return err_at(p->e, 0, 0, "out of memory");
	for (r = p->root->children; r; r = r->next) {
		if (!is(r, "Result"))
			continue;
		if (text(p, r, "Identifier", id, sizeof(id)) ||
		    text(p, r, "Title", title, sizeof(title)) ||
		    text(p, r, "Description", desc, sizeof(desc)) ||
		    text(p, r, "Proportion", prop, sizeof(prop)) ||
		    text(p, r, "DisplayFormat", fmt, sizeof(fmt)))
			return -1;
		if (!id[0] || !one_figure(fmt) ||
		    (strcmp(prop, "HIB") && strcmp(prop, "LIB")))
			continue;
		if (!title[0])
			return err_at(p->e, line_of(r), 0, "<Result> without "
				      "a <Title>");
		if (desc[0])
			snprintf(name, sizeof(name), "%s (%s)", title, desc);
		else
			snprintf(name, sizeof(name), "%s", title);
		p->test[p->nres] = strdup(name);
		if (!p->test[p->nres])
			return err_at(p->e, 0, 0, "out of memory");
		p->res[p->nres++] = r;
	}
	/* names shared by Results of different scales: add the scale,
	 * deciding for all before renaming any */
	shared = calloc(p->nres + 1, 1);
	sorted = calloc(p->nres + 1, sizeof(*sorted));
	if (!shared || !sorted) {
		err_at(p->e, 0, 0, "out of memory");
		goto fail;
	}
	sort_names(p, sorted);
	/* a group of equal names is shared when its scales differ: each
	 * member against the group's first scale and, when equal to it,
	 * against any other (one differing member marks all) */
	for (g = 0; g < p->nres; g = j) {
		int differ = 0;

		if (text(p, p->res[sorted[g].i], "Scale", unit, sizeof(unit)))
			goto fail;
		for (j = g + 1; j < p->nres &&
		     strcmp(sorted[j].name, sorted[g].name) == 0; j++) {
			if (text(p, p->res[sorted[j].i], "Scale", other,
				 sizeof(other)))
				goto fail;
			differ |= strcmp(unit, other) != 0;
		}
		for (i = g; differ && i < j; i++)
			shared[sorted[i].i] = 1;
	}
	for (i = 0; i < p->nres; i++) {
		size_t len = strlen(p->test[i]);

		if (!shared[i])
			continue;
		if (text(p, p->res[i], "Scale", unit, sizeof(unit)))
			goto fail;
		if (!unit[0])
			continue;
		/* "T (D)" -> "T (D, unit)"; "T" -> "T (unit)" */
		if (strchr(p->test[i], '(') && p->test[i][len - 1] == ')')
			snprintf(name, sizeof(name), "%.*s, %s)", (int)(len - 1),
				 p->test[i], unit);
		else
			snprintf(name, sizeof(name), "%s (%s)", p->test[i], unit);
		free(p->test[i]);
		p->test[i] = strdup(name);
		if (!p->test[i]) {
			err_at(p->e, 0, 0, "out of memory");
			goto fail;
		}
	}
	free(shared);
	shared = NULL;
	/* still shared: "#2", "#3" in file order; again while a new name
	 * meets an old one ("X", "X", "X #2") */
	for (pass = 0, renamed = 1; renamed && pass < 8; pass++) {
		renamed = 0;
		sort_names(p, sorted);
		for (g = 0; g < p->nres; g = j) {
			for (j = g + 1; j < p->nres &&
			     strcmp(sorted[j].name, sorted[g].name) == 0; j++) {
				size_t t = sorted[j].i;

				snprintf(name, sizeof(name), "%s #%zu",
					 p->test[t], j - g + 1);
				free(p->test[t]);
				p->test[t] = strdup(name);
				if (!p->test[t]) {
					err_at(p->e, 0, 0, "out of memory");
					goto fail;
				}
				renamed = 1;
			}
		}
	}
	free(sorted);
	return 0;
fail:
	free(shared);
	free(sorted);
	return -1;
}

/* Every Entry must belong to a System of the file. */
static int check_entries(struct pts *p)
{
	size_t i;
	xmlNodePtr s, en, data;
	char eid[PTS_TEXT_MAX], sid[PTS_TEXT_MAX];

	for (i = 0; i < p->nres; i++) {
		data = child(p->res[i], "Data");
		for (en = data ? data->children : NULL; en; en = en->next) {
			int found = 0;

			if (!is(en, "Entry"))
				continue;
			if (text(p, en, "Identifier", eid, sizeof(eid)))
				return -1;
			for (s = p->root->children; s && !found; s = s->next) {
				if (!is(s, "System"))
					continue;
				if (text(p, s, "Identifier", sid, sizeof(sid)))
					return -1;
				found = strcmp(sid, eid) == 0;
			}
			if (!found)
				return err_at(p->e, line_of(en), 0, "<Entry> for "
					      "system '%.100s', which has no "
					      "<System>", eid);
		}
	}
	return 0;
}

/* SAX hook: the parser met <!DOCTYPE; stop before its declarations. */
struct guard {
	long doctype_line;
};

static void no_doctype(void *ctx, const xmlChar *name, const xmlChar *ext,
		       const xmlChar *sys)
{
	xmlParserCtxtPtr c = ctx;
	struct guard *g = c->_private;

	(void)name;
	(void)ext;
	(void)sys;
	g->doctype_line = c->input ? c->input->line : 1;
	xmlStopParser(c);
}

static int pts_detect(const char *p, size_t n)
{
	static const char root[] = "<PhoronixTestSuite";
	size_t m = sizeof(root) - 1, i;

	if (n > PTS_DETECT_BYTES)
		n = PTS_DETECT_BYTES;
	for (i = 0; i + m < n; i++)
		if (p[i] == '<' && memcmp(p + i, root, m) == 0 &&
		    (p[i + m] == '>' || p[i + m] == ' ' || p[i + m] == '\n' ||
		     p[i + m] == '\r' || p[i + m] == '\t'))
			return 1;
	return 0;
}

static int pts_parse(const char *data, size_t n, const struct parse_opts *o,
		     const struct record_sink *sink, struct err *e)
{
	struct guard g = {0};
	struct pts p;
	xmlParserCtxtPtr ctx;
	xmlDocPtr doc = NULL;
	xmlNodePtr s;
	size_t i;
	int rc = -1;

	(void)o;
	memset(&p, 0, sizeof(p));
	p.sink = sink;
	p.e = e;
	if (n > (size_t)1 << 30)
		return err_at(e, 0, 0, "larger than 1 GiB");
	xmlquiet_begin();
	ctx = xmlNewParserCtxt();
	if (!ctx)
		return err_at(e, 0, 0, "out of memory");
	ctx->_private = &g;
	ctx->sax->internalSubset = no_doctype;
	/* the text is checked UTF-8 already; a declared encoding is not
	 * allowed to reinterpret it.  XML_PARSE_IGNORE_ENC rather than an
	 * encoding argument of "UTF-8": that sets up a converter, and
	 * libxml2 2.9.14 crashes in xmlParseDocument when its allocation
	 * fails (tests/oom.test.sh) */
	doc = xmlCtxtReadMemory(ctx, data, (int)n, NULL, NULL,
				XML_PARSE_NONET | XML_PARSE_NOERROR |
				XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES |
				XML_PARSE_IGNORE_ENC);
	if (g.doctype_line) {
		err_at(e, g.doctype_line, 0, "<!DOCTYPE> in a PTS result file "
		       "(PTS writes none; entities are not expanded)");
		goto out;
	}
	if (xmlquiet_oom()) {
		err_at(e, 0, 0, "out of memory");
		goto out;
	}
	if (!doc || !ctx->wellFormed) {
		const xmlError *x = xmlCtxtGetLastError(ctx);
		char msg[256];
		size_t k;

		snprintf(msg, sizeof(msg), "%s", x && x->message ? x->message :
			 "not well-formed XML");
		k = strlen(msg);
		while (k && (msg[k - 1] == '\n' || msg[k - 1] == ' '))
			msg[--k] = '\0';
		err_at(e, x && x->line > 0 ? x->line : 1,
		       x && x->int2 > 0 ? x->int2 : 0, "XML: %s", msg);
		goto out;
	}
	p.root = xmlDocGetRootElement(doc);
	if (!is(p.root, "PhoronixTestSuite")) {
		err_at(e, line_of(p.root), 0, "root element is not "
		       "<PhoronixTestSuite>");
		goto out;
	}
	if (child(p.root, "Benchmark") || child(p.root, "Suite")) {
		err_at(e, line_of(child(p.root, "Benchmark") ?
				  child(p.root, "Benchmark") :
				  child(p.root, "Suite")), 0,
		       "PTS 1.x/2.x result file (before PTS 3.0): not read; "
		       "open it with PTS 3.0 or later to convert it");
		goto out;
	}
	if (!child(p.root, "System")) {
		err_at(e, line_of(p.root), 0, "no <System>");
		goto out;
	}
	if (results(&p) || check_entries(&p))
		goto out;
	for (s = p.root->children; s; s = s->next)
		if (is(s, "System") && system_runs(&p, s))
			goto out;
	rc = 0;
out:
	/* a text libxml2 could not copy reads as empty: the whole file fails */
	if (xmlquiet_oom())
		rc = err_at(e, 0, 0, "out of memory");
	for (i = 0; p.test && i < p.nres; i++)
		free(p.test[i]);
	free(p.test);
	free(p.res);
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctx);
	return rc;
}

const struct format format_pts = {
	"pts",
	"Phoronix Test Suite result XML (composite.xml, PTS 3.0-10.x)",
	FORMAT_EXACT,
	pts_detect,
	pts_parse,
	NULL,	/* group: its runs never span files */
	NULL,
};
