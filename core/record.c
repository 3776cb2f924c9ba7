/*
 * record.c: the vocabulary of record.h, kept in one place so the parsers,
 * the table importer and the schema's CHECK constraints agree.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "record.h"

const char *const record_cols[RECORD_NCOLS] = {
	"run", "label", "suite", "test", "metric", "value", "unit", "better",
	"status",
};

const char *record_status_word(const char *s)
{
	static const char *const ok[] = {
		"ok", "too-fast", "failed", "estimated", "skipped", "wrong-result",
	};
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (strcmp(s, ok[i]) == 0)
			return ok[i];
	return NULL;
}

const char *record_better_word(const char *s)
{
	return strcmp(s, "lower") == 0 ? "lower" :
	       strcmp(s, "higher") == 0 ? "higher" : NULL;
}

int record_status_valid(const char *s)
{
	return record_status_word(s) != NULL;
}

int record_better_valid(const char *s)
{
	return record_better_word(s) != NULL;
}

int record_figure_ok(double v)
{
	double a = v < 0 ? -v : v;

	/* NaN fails both comparisons */
	return v == 0 || (a >= RECORD_FIGURE_MIN && a <= RECORD_FIGURE_MAX);
}

int record_key_valid(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_' || *s == '-' ||
		      *s == '.'))
			return 0;
	return 1;
}

int record_send(const struct record_sink *sink, const char *test,
		const char *metric, const char *unit, const char *better,
		const char *status, double v, struct err *e)
{
	struct record_result r;

	r.test = test;
	r.metric = metric;
	r.unit = unit;
	r.better = better;
	r.has_value = strcmp(status, "ok") == 0;
	r.value = r.has_value ? v : 0;
	r.status = status;
	return sink->result(sink->ctx, &r, e);
}

int record_attr_span(const struct record_sink *sink, const char *key,
		     const char *p, size_t n, long line, long col,
		     struct err *e)
{
	char v[RECORD_SPAN_VALUE_MAX];

	if (n >= sizeof(v))
		return err_at(e, line, col, "%s longer than %zu bytes", key,
			      sizeof(v) - 1);
	memcpy(v, p, n);
	v[n] = '\0';
	return sink->attr(sink->ctx, key, v, e);
}

int record_warn(const struct record_sink *sink, long line, struct err *e,
		const char *fmt, ...)
{
	char msg[ERR_MSG_MAX];
	va_list ap;

	if (!sink->warn)
		return 0;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return sink->warn(sink->ctx, line, msg, e);
}
