/*
 * sqlbench_record.c: what the files of one sql-bench run have said so far
 * (sqlbench.h).
 *
 * A test or an attribute may be named by several files of a set (its own
 * file and a summary, two summaries): the first mention is sent to the
 * sink, the later ones only checked against it, so a file from another
 * run in the wrong folder is refused rather than merged.  The name helpers
 * are here too: the files of a set are keyed and labelled by their names.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../../core/err.h"
#include "../span.h"
#include "sqlbench.h"

int sqlb_fail(struct sqlb *b, long line, long col, const char *fmt, ...)
{
	va_list ap;
	char msg[ERR_MSG_MAX];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return err_set(b->e, b->file, line, col, "%s", msg);
}

int sqlb_sink_failed(struct sqlb *b, long line)
{
	if (!b->e->file[0])
		snprintf(b->e->file, sizeof(b->e->file), "%s", b->file);
	b->e->line = line;
	b->e->col = 0;
	return -1;
}

int sqlb_emit(struct sqlb *b, long line, const char *test, const char *metric,
	    int has_value, double v, const char *status)
{
	struct record_result r;

	r.test = test;
	r.metric = metric;
	r.value = v;
	r.has_value = has_value;
	r.unit = "s";
	r.better = "lower";
	r.status = status;
	if (b->sink->result(b->sink->ctx, &r, b->e))
		return sqlb_sink_failed(b, line);
	return 0;
}

int sqlb_attr_set(struct sqlb *b, long line, const char *key, const char *s,
		size_t n)
{
	struct sqlb_attr *a = NULL;
	char v[SQLB_VALUE_MAX];
	size_t i;

	span_trim(&s, &n);
	if (n == 0)
		return 0;
	if (span_cstr(v, sizeof(v), s, n))
		return sqlb_fail(b, line, 0, "'%s' longer than %d bytes", key,
			       SQLB_VALUE_MAX - 1);
	for (i = 0; i < sizeof(b->attrs) / sizeof(b->attrs[0]); i++)
		if (strcmp(b->attrs[i].key, key) == 0)
			a = &b->attrs[i];
	if (a->set) {
		if (strcmp(a->value, v) != 0)
			return sqlb_fail(b, line, 0, "%s '%s' differs from '%s' "
				       "(%s:%ld): not one run", key, v,
				       a->value, a->file, a->line);
		return 0;
	}
	a->set = 1;
	memcpy(a->value, v, n + 1);
	a->file = b->file;
	a->line = line;
	if (b->sink->attr(b->sink->ctx, key, v, b->e))
		return sqlb_sink_failed(b, line);
	return 0;
}

int sqlb_test_result(struct sqlb *b, long line, const char *test,
		   const char *status, int has_value, double wall, double cpu)
{
	struct sqlb_test *t;
	size_t i;

	for (i = 0; i < b->ntests; i++) {
		t = &b->tests[i];
		if (strcmp(t->name, test) != 0)
			continue;
		if (strcmp(t->status, status) != 0 || t->has_value != has_value ||
		    (has_value && (t->wall != wall || t->cpu != cpu)))
			return sqlb_fail(b, line, 0, "test '%s' disagrees with "
				       "%s:%ld (%s there, %s here): not one "
				       "run", test, t->file, t->line, t->status,
				       status);
		return 0;
	}
	if (b->ntests == SQLB_TESTS_MAX)
		return sqlb_fail(b, line, 0, "more than %d tests in one run",
			       SQLB_TESTS_MAX);
	t = &b->tests[b->ntests++];
	snprintf(t->name, sizeof(t->name), "%s", test);
	t->status = status;
	t->has_value = has_value;
	t->wall = wall;
	t->cpu = cpu;
	t->file = b->file;
	t->line = line;
	if (sqlb_emit(b, line, test, "total_time", has_value, wall, status))
		return -1;
	if (has_value && sqlb_emit(b, line, test, "cpu_time", 1, cpu, status))
		return -1;
	return 0;
}
