/*
 * selection.c: see selection.h.  Parsing and printing here; the SQL of a
 * condition too (selection_sql, selection_bind in store_int.h), so that a
 * comparison's runs and a listing's are chosen by the same text: the
 * store's readers and the lifecycle listings only append it.
 *
 * Values stay in the text the user wrote (commas and escapes) until they
 * are bound, one parameter each: nothing a user types reaches the SQL
 * text but the number of its values.
 */
#include "selection.h"

#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "../core/err.h"
#include "../core/record.h"
#include "../core/text.h"
#include "store_int.h"
#include "../core/quote.h"

/* The end of the value that starts at p: the next unescaped comma or the
 * NUL. */
static const char *value_end(const char *p)
{
	while (*p && *p != ',') {
		if (*p == '\\' && p[1])
			p++;
		p++;
	}
	return p;
}

int selection_count(int op, const char *values)
{
	int n = 1;

	if (op == SELECTION_EQ)
		return 1;
	if (op == SELECTION_HAS || op == SELECTION_LACKS)
		return 0;
	for (values = value_end(values); *values; values = value_end(values + 1))
		n++;
	return n;
}

int selection_value(const char *values, int i, char *out, size_t cap)
{
	const char *p = values, *end;
	size_t n = 0;

	for (; i > 0; i--) {
		p = value_end(p);
		if (!*p)
			return -1;
		p++;
	}
	end = value_end(p);
	for (; p < end; p++) {
		if (*p == '\\' && p + 1 < end)
			p++;
		if (n + 1 >= cap)
			return -1;
		out[n++] = *p;
	}
	out[n] = '\0';
	return (int)n;
}

int selection_parse(char *arg, int *op, const char **key, const char **values,
		    struct err *e)
{
	char *eq = strchr(arg, '=');
	char q[QUOTE_ARG_SIZE];
	size_t bad;

	if (strchr(arg, '\n') || strchr(arg, '\r'))
		return err_set(e, NULL, 0, 0, "'%s': a condition is one line",
			       quote_arg(arg, q));
	if (utf8_check(arg, strlen(arg), &bad))
		return err_set(e, NULL, 0, 0, "a condition is not valid UTF-8 "
			       "text");
	*values = "";
	if (!eq) {
		*op = SELECTION_HAS;
		if (*arg == '!') {
			*op = SELECTION_LACKS;
			arg++;
		}
	} else {
		char *end = eq;

		*op = SELECTION_IN;
		if (end > arg && end[-1] == '~') {
			*op = SELECTION_CONTAINS;
			*--end = '\0';
		}
		if (end > arg && end[-1] == '!') {
			*op = *op == SELECTION_CONTAINS ? SELECTION_NOT_CONTAINS
							 : SELECTION_NOT_IN;
			end[-1] = '\0';
		}
		*eq = '\0';
		*values = eq + 1;
	}
	*key = arg;
	if (!record_key_valid(arg))
		return err_set(e, NULL, 0, 0, "'%s' is not an attribute name "
			       "(letters, digits, _ - .); conditions are K=V, "
			       "K=V1,V2, K!=V, K~=V, K!~=V, K or !K",
			       quote_arg(arg, q));
	if ((*op == SELECTION_CONTAINS || *op == SELECTION_NOT_CONTAINS) &&
	    !**values)
		return err_set(e, NULL, 0, 0, "'%s%s=': say what text the "
			       "value holds (every value holds the empty text)",
			       quote_arg(arg, q), *op == SELECTION_CONTAINS ? "~" : "!~");
	if (*op != SELECTION_HAS && *op != SELECTION_LACKS) {
		int n = selection_count(*op, *values);

		if (n > SELECTION_VALUES_MAX)
			return err_set(e, NULL, 0, 0, "'%s': more than %d values",
				       quote_arg(arg, q), SELECTION_VALUES_MAX);
		/* one value taken literally: what K=V always meant */
		if (*op == SELECTION_IN && n == 1) {
			char *w = eq + 1;
			const char *r = w;

			for (; *r; r++) {
				if (*r == '\\' && r[1])
					r++;
				*w++ = *r;
			}
			*w = '\0';
			*op = SELECTION_EQ;
		}
	}
	return 0;
}

void selection_format(int op, const char *key, const char *values, char *out,
		      size_t cap)
{
	switch (op) {
	case SELECTION_HAS:
		snprintf(out, cap, "%s", key);
		break;
	case SELECTION_LACKS:
		snprintf(out, cap, "!%s", key);
		break;
	case SELECTION_NOT_IN:
		snprintf(out, cap, "%s!=%s", key, values);
		break;
	case SELECTION_IN:
		snprintf(out, cap, "%s=%s", key, values);
		break;
	case SELECTION_CONTAINS:
		snprintf(out, cap, "%s~=%s", key, values);
		break;
	case SELECTION_NOT_CONTAINS:
		snprintf(out, cap, "%s!~=%s", key, values);
		break;
	default: {
		/* a literal value: its commas and backslashes escaped, so
		 * that parsing the text gives it back */
		size_t n = (size_t)snprintf(out, cap, "%s=", key);

		for (; *values && n + 2 < cap; values++) {
			if (*values == ',' || *values == '\\')
				out[n++] = '\\';
			out[n++] = *values;
		}
		if (n < cap)
			out[n] = '\0';
	}
	}
}

void selection_describe(int op, const char *key, const char *values,
			char *out, size_t cap)
{
	size_t n;
	int i, k;

	switch (op) {
	case SELECTION_HAS:
		snprintf(out, cap, "a value of %s", key);
		return;
	case SELECTION_LACKS:
		snprintf(out, cap, "no %s", key);
		return;
	case SELECTION_EQ:
		snprintf(out, cap, "%s=%s", key, values);
		return;
	default:
		break;
	}
	k = selection_count(op, values);
	n = (size_t)snprintf(out, cap, "%s%s", key,
			     op == SELECTION_NOT_IN ? " other than " :
			     op == SELECTION_CONTAINS ? " containing " :
			     op != SELECTION_NOT_CONTAINS ? " " :
			     k == 1 ? " not containing " : " containing neither ");
	for (i = 0; i < k && n < cap; i++) {
		int len = selection_value(values, i, out + n, cap - n);

		if (len < 0)
			break;
		n += (size_t)len;
		if (i + 1 < k)
			n += (size_t)snprintf(out + n, cap - n, "%s",
					      i + 2 < k ? ", " :
					      op == SELECTION_NOT_IN ? " and " :
					      op == SELECTION_NOT_CONTAINS ? " nor " :
					      " or ");
	}
}

int selection_has_list(int op, const char *values)
{
	return op != SELECTION_EQ && selection_count(op, values) > 1;
}

void selection_comma_hint(int op, const char *key, const char *values,
			  char *out, size_t cap)
{
	char cond[512], one[512];
	const char *p;
	size_t n = 0;

	selection_format(op, key, values, cond, sizeof(cond));
	/* the same text with its separating commas escaped */
	for (p = values; *p && n + 3 < sizeof(one); p++) {
		if (*p == '\\' && p[1]) {
			one[n++] = *p++;
		} else if (*p == ',') {
			one[n++] = '\\';
		}
		one[n++] = *p;
	}
	one[n] = '\0';
	snprintf(out, cap, "'%s' is %d values; a comma inside a value is "
		 "written \\, (%s%s%s)", cond, selection_count(op, values), key,
		 op == SELECTION_NOT_IN ? "!=" : op == SELECTION_CONTAINS ? "~=" :
		 op == SELECTION_NOT_CONTAINS ? "!~=" : "=", one);
}

int selection_sql(int op, const char *key, const char *values, char *sql,
		  size_t cap, size_t *n)
{
	int label = strcmp(key, "label") == 0, k, i;
	int contains = op == SELECTION_CONTAINS || op == SELECTION_NOT_CONTAINS;
	const char *neg = op == SELECTION_NOT_IN || op == SELECTION_LACKS ||
		op == SELECTION_NOT_CONTAINS ? "NOT " : "";

#define PUT(...) (*n += (size_t)snprintf(sql + *n, cap > *n ? cap - *n : 0, \
					 __VA_ARGS__))
	if (label && (op == SELECTION_HAS || op == SELECTION_LACKS)) {
		/* every run has a label */
		PUT(" AND %s", op == SELECTION_HAS ? "1" : "0");
		return *n < cap ? 0 : -1;
	}
	if (contains) {
		/* instr, not LIKE: the text is taken as it is, % and _
		 * included, and case counts as it does for = */
		const char *v = label ? "r.label" : "a.value";

		if (label)
			PUT(" AND %s(", neg);
		else
			PUT(" AND %sEXISTS (SELECT 1 FROM run_attr a WHERE "
			    "a.run_id = r.id AND a.key = ? AND (", neg);
		k = selection_count(op, values);
		for (i = 0; i < k; i++)
			PUT("%sinstr(%s, ?) > 0", i ? " OR " : "", v);
		PUT(label ? ")" : "))");
		return *n < cap ? 0 : -1;
	}
	if (label)
		PUT(" AND r.label %s", op == SELECTION_EQ ? "= ?" : neg);
	else
		PUT(" AND %sEXISTS (SELECT 1 FROM run_attr a WHERE a.run_id ="
		    " r.id AND a.key = ?%s", neg,
		    op == SELECTION_EQ ? " AND a.value = ?" :
		    op == SELECTION_HAS || op == SELECTION_LACKS ? "" :
		    " AND a.value ");
	if (op == SELECTION_IN || op == SELECTION_NOT_IN) {
		k = selection_count(op, values);
		PUT("IN (");
		for (i = 0; i < k; i++)
			PUT(i ? ", ?" : "?");
		PUT(")");
	}
	if (!label)
		PUT(")");
#undef PUT
	return *n < cap ? 0 : -1;
}

void selection_bind(struct store *s, sqlite3_stmt *st, int op,
		    const char *key, const char *values, int *p)
{
	char v[4096];
	int i, k;

	if (strcmp(key, "label") == 0 &&
	    (op == SELECTION_HAS || op == SELECTION_LACKS))
		return;
	if (strcmp(key, "label") != 0)
		store_bind_text(s, st, (*p)++, key);
	if (op == SELECTION_EQ) {
		store_bind_text(s, st, (*p)++, values);
		return;
	}
	k = selection_count(op, values);
	for (i = 0; i < k; i++) {
		/* a value too long for v is bound empty: it matches no run
		 * (values come from one command line or one stored line of
		 * at most 4 KiB) */
		if (selection_value(values, i, v, sizeof(v)) < 0)
			v[0] = '\0';
		store_bind_text(s, st, (*p)++, v);
	}
}
