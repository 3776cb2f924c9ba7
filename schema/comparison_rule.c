/*
 * comparison_rule.c: see comparison_rule.h.  Only the comparison's own
 * text is checked here, never the store: whether its keys name attributes
 * that runs have is compare's question (cli/summary.c), asked of the
 * store as it is when the comparison is defined.
 */
#include "comparison_rule.h"

#include <string.h>

#include "../core/err.h"
#include "../core/quote.h"
#include "../core/record.h"
#include "../core/textrule.h"
#include "selection.h"
#include "store.h"

int comparison_rule_keys(const char *option, const char *keys, struct err *e)
{
	char key[128], q[QUOTE_ARG_SIZE];
	const char *p = keys;
	int n = 0;

	do {
		size_t len = strcspn(p, ",");
		const char *r;
		int twice = 0;

		snprintf(key, sizeof(key), "%.*s", (int)len, p);
		for (r = keys; r < p && !twice; r += strcspn(r, ",") + 1)
			twice = strcspn(r, ",") == len && strncmp(r, p, len) == 0;
		if (len >= sizeof(key) || twice || ++n > COMPARISON_KEYS_MAX ||
		    (strcmp(key, "label") != 0 && !record_key_valid(key)))
			return err_set(e, NULL, 0, 0, "%s wants attribute names "
				       "or label, comma-separated, each once, at "
				       "most %d; found '%s'", option,
				       COMPARISON_KEYS_MAX, quote_arg(keys, q));
		p += len;
	} while (*p++ == ',');
	return 0;
}

int comparison_rule_names(const char *option, const char *names,
			  struct err *e)
{
	if (!*names || strchr(names, '\n'))
		return err_set(e, NULL, 0, 0, "%s wants names, comma-separated",
			       option);
	return textrule_named(option, names, e);
}

/* The longest group name compared; a longer item matches nothing. */
#define NAME_MAX_LEN 4096

int comparison_rule_order(const char *order, struct err *e)
{
	char v[NAME_MAX_LEN], q[QUOTE_ARG_SIZE];
	int i, n, len;

	if (comparison_rule_names("--order", order, e))
		return -1;
	if (strcmp(order, "value") == 0)
		return 0;
	n = selection_count(SELECTION_IN, order);
	for (i = 0; i < n; i++)
		if ((len = selection_value(order, i, v, sizeof(v))) <= 0)
			return err_set(e, NULL, 0, 0, "--order '%s': name %d is "
				       "%s (group names, comma-separated; a "
				       "comma inside a name is written \\,)",
				       quote_arg(order, q), i + 1,
				       len ? "too long" : "empty");
	return 0;
}

int comparison_rule_check(const struct store_comparison *c, struct err *e)
{
	char q[QUOTE_ARG_SIZE];
	int i;

	if (!c->name || !*c->name)
		return err_set(e, NULL, 0, 0, "a comparison has no name");
	if (textrule_named("its name", c->name, e) ||
	    (c->title && textrule_named("--title", c->title, e)))
		return -1;
	if (c->suite && !*c->suite)
		return err_set(e, NULL, 0, 0, "it names no suite");
	if (c->suite && textrule_named("--suite", c->suite, e))
		return -1;
	if (!c->by || comparison_rule_keys("--by", c->by, e) ||
	    (c->split && comparison_rule_keys("--split", c->split, e)))
		return -1;
	if (c->x && c->split)
		return err_set(e, NULL, 0, 0, "--x and --split are two ways of "
			       "adding a factor: give one");
	if (c->x && !record_key_valid(c->x))
		return err_set(e, NULL, 0, 0, "--x '%s' is not an attribute "
			       "name", quote_arg(c->x, q));
	if (c->x && strcmp(c->x, c->by) == 0)
		return err_set(e, NULL, 0, 0, "--x %s is --by itself", c->x);
	if ((c->metrics && comparison_rule_names("--metrics", c->metrics, e)) ||
	    (c->tests && comparison_rule_names("--tests", c->tests, e)) ||
	    (c->order && comparison_rule_order(c->order, e)))
		return -1;
	if (c->where_unread)
		return err_set(e, NULL, 0, 0, "a --where condition of it "
			       "cannot be read");
	for (i = 0; i < c->nwhere; i++)
		if (!record_key_valid(c->where_key[i]) &&
		    strcmp(c->where_key[i], "label") != 0)
			return err_set(e, NULL, 0, 0, "--where '%s' is not an "
				       "attribute name",
				       quote_arg(c->where_key[i], q));
	return 0;
}
