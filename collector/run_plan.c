/*
 * run_plan.c: see run_plan.h.  The settings of a sweep, their
 * combinations, "{K}" in words, and the words of --prepare and --cleanup.
 */
#include "run_plan.h"

#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/quote.h"
#include "../core/record.h"

int run_plan_add(struct run_plan *plan, char *arg, struct err *e)
{
	struct run_param *p;
	char *eq = strchr(arg, '='), *r, *w, q[QUOTE_ARG_SIZE];
	int i, j;

	if (!eq || eq == arg)
		return err_set(e, NULL, 0, 0, "--param wants KEY=V1,V2,..., "
			       "found '%s'", quote_arg(arg, q));
	*eq = '\0';
	if (!record_key_valid(arg))
		return err_set(e, NULL, 0, 0, "--param: '%s' is not a valid "
			       "attribute name (letters, digits, _ - .)",
			       quote_arg(arg, q));
	for (i = 0; i < plan->nparam; i++)
		if (strcmp(plan->param[i].key, arg) == 0)
			return err_set(e, NULL, 0, 0, "--param %s given twice "
				       "(give its values in one, comma-"
				       "separated)", arg);
	if (plan->nparam >= RUN_PARAM_MAX)
		return err_set(e, NULL, 0, 0, "at most %d --param",
			       RUN_PARAM_MAX);
	p = &plan->param[plan->nparam];
	memset(p, 0, sizeof(*p));
	p->key = arg;
	/* the values, unescaped in place: "\," is a comma, a value ends at
	 * any other comma */
	r = w = eq + 1;
	for (;;) {
		char *start = w;

		while (*r && *r != ',') {
			if (*r == '\\' && r[1])
				r++;
			*w++ = *r++;
		}
		if (w == start) {
			free(p->values);
			p->values = NULL;
			return err_set(e, NULL, 0, 0, "--param %s: an empty "
				       "value", arg);
		}
		if (p->nvalues >= RUN_PARAM_VALUES_MAX) {
			free(p->values);
			p->values = NULL;
			return err_set(e, NULL, 0, 0, "--param %s: more than "
				       "%d values", arg, RUN_PARAM_VALUES_MAX);
		}
		if (p->nvalues % 16 == 0) {
			char **v = realloc(p->values, (size_t)(p->nvalues + 16) *
					   sizeof(*v));

			if (!v) {
				free(p->values);
				p->values = NULL;
				return err_set(e, NULL, 0, 0, "out of memory");
			}
			p->values = v;
		}
		p->values[p->nvalues++] = start;
		if (!*r) {
			*w = '\0';
			break;
		}
		r++;
		*w++ = '\0';
	}
	for (i = 0; i < p->nvalues; i++)
		for (j = 0; j < i; j++)
			if (strcmp(p->values[i], p->values[j]) == 0) {
				err_set(e, NULL, 0, 0, "--param %s: '%s' given "
					"twice", arg, p->values[i]);
				free(p->values);
				p->values = NULL;
				return -1;
			}
	plan->nparam++;
	return 0;
}

long run_plan_count(const struct run_plan *plan)
{
	long n = 1;
	int k;

	/* past a million it is only "too many": no overflow */
	for (k = 0; k < plan->nparam && n <= 1000000; k++)
		n *= plan->param[k].nvalues;
	return n;
}

const char *run_plan_value(const struct run_plan *plan, long c, int k)
{
	int i;

	/* the last setting varies fastest */
	for (i = plan->nparam - 1; i > k; i--)
		c /= plan->param[i].nvalues;
	return plan->param[k].values[c % plan->param[k].nvalues];
}

/* The setting whose "{K}" starts at p, or -1. */
static int placeholder(const struct run_plan *plan, const char *p)
{
	int k;

	if (*p != '{')
		return -1;
	for (k = 0; k < plan->nparam; k++) {
		size_t n = strlen(plan->param[k].key);

		if (strncmp(p + 1, plan->param[k].key, n) == 0 &&
		    p[1 + n] == '}')
			return k;
	}
	return -1;
}

int run_plan_uses(const struct run_plan *plan, char *const argv[], int k)
{
	const char *p;
	int i;

	for (i = 0; argv[i]; i++)
		for (p = argv[i]; *p; p++)
			if (placeholder(plan, p) == k)
				return 1;
	return 0;
}

/* Writes word with its placeholders replaced to out (when not NULL);
 * returns the length. */
static size_t subst(const struct run_plan *plan, long c, const char *word,
		    char *out)
{
	size_t n = 0;
	const char *p;

	for (p = word; *p;) {
		int k = placeholder(plan, p);

		if (k >= 0) {
			const char *v = run_plan_value(plan, c, k);
			size_t len = strlen(v);

			if (out)
				memcpy(out + n, v, len);
			n += len;
			p += strlen(plan->param[k].key) + 2;
		} else {
			if (out)
				out[n] = *p;
			n++;
			p++;
		}
	}
	return n;
}

char **run_plan_argv(const struct run_plan *plan, char *const argv[], long c)
{
	size_t bytes = 0;
	char **v, *s;
	int n, i;

	for (n = 0; argv[n]; n++)
		bytes += subst(plan, c, argv[n], NULL) + 1;
	v = malloc((size_t)(n + 1) * sizeof(*v) + bytes);
	if (!v)
		return NULL;
	s = (char *)(v + n + 1);
	for (i = 0; i < n; i++) {
		size_t len = subst(plan, c, argv[i], s);

		s[len] = '\0';
		v[i] = s;
		s += len + 1;
	}
	v[n] = NULL;
	return v;
}

/* Splits s into words: with out NULL, counts the words and their bytes;
 * else writes them.  -1 with e filled on bad quoting. */
static int split(const char *s, char **out, int *nwords, size_t *bytes,
		 struct err *e)
{
	char *w = out ? (char *)(out + *nwords + 1) : NULL;
	const char *p = s;
	int n = 0;
	size_t b = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		if (out)
			out[n] = w + b;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
			char q = *p;

			if (q == '\'' || q == '"') {
				for (p++; *p && *p != q; p++) {
					if (q == '"' && *p == '\\' &&
					    (p[1] == '"' || p[1] == '\\'))
						p++;
					if (out)
						w[b] = *p;
					b++;
				}
				if (!*p)
					return err_set(e, NULL, 0, 0, "%c "
						       "without its closing %c",
						       q, q);
				p++;
				continue;
			}
			if (q == '\\') {
				if (!p[1])
					return err_set(e, NULL, 0, 0, "a "
						       "backslash at the end");
				p++;
			}
			if (out)
				w[b] = *p;
			b++;
			p++;
		}
		if (out)
			w[b] = '\0';
		b++;
		n++;
	}
	if (!n)
		return err_set(e, NULL, 0, 0, "no command");
	if (out)
		out[n] = NULL;
	*nwords = n;
	*bytes = b;
	return 0;
}

int run_words(const char *s, char ***argv, struct err *e)
{
	size_t bytes;
	int n;

	*argv = NULL;
	if (split(s, NULL, &n, &bytes, e))
		return -1;
	*argv = malloc((size_t)(n + 1) * sizeof(**argv) + bytes);
	if (!*argv)
		return err_set(e, NULL, 0, 0, "out of memory");
	return split(s, *argv, &n, &bytes, e);
}

void run_plan_free(struct run_plan *plan)
{
	int k;

	for (k = 0; k < plan->nparam; k++) {
		free(plan->param[k].values);
		plan->param[k].values = NULL;
	}
	plan->nparam = 0;
}
