/*
 * wording.c: see wording.h.
 */
#include "wording.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/sort.h"
#include "figures.h"
#include "titles.h"

const char *analysis_column_note(const struct analysis *a, int c)
{
	switch (a->state[c]) {
	case COL_SET:
		return "not compared: the runs' own settings fixed this figure "
		       "(a time or event limit), so it measures nothing";
	case COL_EQUAL:
		return "not compared: every group's figure is within 0.1% "
		       "of the others'";
	case COL_NONE:
		return "not compared: no group has a measured figure";
	case COL_ONE:
		return "nothing to compare: one group has a figure";
	default:
		return NULL;
	}
}

const char *analysis_word(const struct column *col, int better)
{
	const char *u = col->unit;
	int speed = strcmp(u, "s") == 0 || strcmp(u, "ms") == 0 ||
		    strcmp(u, "us") == 0 || strstr(u, "/s") != NULL;

	if (speed)
		return better ? "faster" : "slower";
	return better ? "better" : "worse";
}

struct sentence {
	const struct analysis *a;
	int col;
	struct buf *out;
	int parts;
	int best_done;
	int toofast_done;
	int measured_said;
	int named_first;	/* the sentence starts with a group's name,
				 * which keeps its spelling */
};

/* Called where a part starts with a group's name: when it is the first
 * part, the sentence is not capitalised. */
static void named(struct sentence *x)
{
	if (x->parts == 1)
		x->named_first = 1;
}

static void part(struct sentence *x)
{
	buf_adds(x->out, x->parts++ ? "; " : "");
	/* after the too-fast groups, what follows is of the measured ones */
	if (x->toofast_done && !x->measured_said) {
		buf_adds(x->out, "of the measured, ");
		x->measured_said = 1;
	}
}

static void n_text(struct buf *b, int n)
{
	if (n > 1)
		buf_printf(b, ", n=%d", n);
}

/* "; 95% interval 1.4x-3.3x" inside a statement's parentheses, or "; too
 * few runs for an interval" where both sides were repeated and none can be
 * had. */
static void ci_text(struct buf *b, const struct statement *s, int repeated)
{
	char lo[16], hi[16];

	if (s->has_ci) {
		analysis_ratio_text(s->ratio_low, lo);
		analysis_ratio_text(s->ratio_high, hi);
		buf_printf(b, "; 95%% interval %s-%s", lo, hi);
	} else if (repeated) {
		buf_adds(b, "; too few runs for an interval");
	}
}

/* "; significantly slower than A; not than B" of an outlier's statement
 * whose test separates it from some of the others only. */
static void apart_said(struct buf *b, const struct statement *s,
		       const struct column *col)
{
	double r = analysis_worse_ratio(col, s->value, s->ref_value);

	if (s->support == S_PARTIAL && s->apart)
		buf_printf(b, "; significantly %s %s", analysis_word(col, r > 0 && r < 1),
			   s->apart);
}

/* "a, b and c" of the groups of column c that flag[] marks */
static void names(struct buf *b, const struct analysis *a, int c,
		  const unsigned char *flag)
{
	int g, k = 0, n = 0;

	for (g = 0; g < a->m->ngroups; g++)
		n += flag[analysis_at(a, c, g)] != 0;
	for (g = 0; g < a->m->ngroups; g++)
		if (flag[analysis_at(a, c, g)]) {
			buf_printf(b, "%s%s", k == 0 ? "" : k == n - 1 ? " and " :
				   ", ", a->m->groups[g]);
			k++;
		}
}

static void sign_text(struct buf *b, const struct statement *s,
		      const struct model *m, const char *v1, const char *v2)
{
	buf_printf(b, "%s: %s, %s: %s", m->groups[s->subject], v1,
		   m->groups[s->ref_group], v2);
	if (s->value == 0 || s->ref_value == 0)
		buf_adds(b, " (no ratio of a zero figure)");
	else if ((s->value < 0) != (s->ref_value < 0))
		buf_adds(b, " (no ratio between figures of opposite sign)");
	else
		buf_adds(b, " (no ratio of negative figures)");
}

static int say(void *ctx, const struct statement *s)
{
	struct sentence *x = ctx;
	const struct analysis *a = x->a;
	const struct model *m = a->m;
	const struct column *col = &m->cols[s->col];
	char r[16], v1[48], v2[48], sh[16];
	int rep = s->n >= 2 && s->ref_n >= 2;

	analysis_ratio_text(s->ratio, r);
	analysis_value_text(s->value, col->unit, v1);
	analysis_value_text(s->ref_value, col->unit, v2);
	switch (s->kind) {
	case K_TOOFAST:
		if (x->toofast_done)
			break;
		part(x);
		buf_printf(x->out, "too fast for %s to measure: ", m->suite);
		names(x->out, a, s->col, a->toofast);
		{
			/* a group too fast in only some runs: say how many */
			int g, k = 0;

			for (g = 0; g < m->ngroups; g++) {
				const struct cell *cl = &col->cells[g];

				if (!a->toofast[analysis_at(a, s->col, g)] || cl->n == 0)
					continue;
				buf_printf(x->out, "%s%s in %d of %d runs",
					   k++ ? ", " : " (", m->groups[g],
					   cl->ntoofast, cl->n + cl->nvoid);
			}
			if (k)
				buf_adds(x->out, ")");
		}
		x->toofast_done = 1;
		break;
	case K_SAME:
		part(x);
		analysis_share_text(s->ratio, sh);
		if ((s->ref_word && s->by_test != 1) ||
		    (!s->ref_word && s->by_test == -1))
			named(x);
		if (s->ref_word && s->by_test == -1)
			buf_printf(x->out, "%s is far from the other %d (%s vs %s "
				   "mean; %s)", m->groups[s->subject], s->ref_n,
				   v1, v2, s->value == 0 || s->ref_value == 0 ?
				   "no ratio of a zero figure" : (s->value < 0) !=
				   (s->ref_value < 0) ? "no ratio between figures "
				   "of opposite sign" : "no ratio of negative figures");
		else if (s->ref_word && s->by_test == 1)
			buf_printf(x->out, "no significant difference between %s "
				   "and the other %d at 95%% confidence (%s, n=%d, "
				   "vs %s mean)", m->groups[s->subject], s->ref_n,
				   v1, s->n, v2);
		else if (s->ref_word) {
			buf_printf(x->out, "%s is within %s of the other %d (%s "
				   "vs %s mean", m->groups[s->subject], sh,
				   s->ref_n, v1, v2);
			apart_said(x->out, s, col);
			buf_adds(x->out, ")");
		} else if (s->by_test == 1) {
			buf_printf(x->out, "no significant difference between %s "
				   "(%s mean, n=%d) and %s (%s mean, n=%d) at 95%% "
				   "confidence; %s was %s %s in these runs",
				   m->groups[s->subject], v1, s->n,
				   m->groups[s->ref_group], v2, s->ref_n,
				   m->groups[s->ref_group], r, analysis_word(col, 0));
			ci_text(x->out, s, 1);
		} else if (s->by_test == -1)
			sign_text(x->out, s, m, v1, v2);
		else
			buf_printf(x->out, "no difference between %s and %s: "
				   "within 0.1%% (%s%s, and %s%s)",
				   m->groups[s->subject], m->groups[s->ref_group],
				   v1, s->n > 1 ? " mean" : "", v2,
				   s->ref_n > 1 ? " mean" : "");
		break;
	case K_FASTER:
	case K_SLOWER:
		part(x);
		named(x);
		if (s->ref_word) {
			buf_printf(x->out, "%s is %s %s than the other %d (%s vs "
				   "%s mean", m->groups[s->subject], r,
				   analysis_word(col, s->kind == K_FASTER), s->ref_n, v1, v2);
			ci_text(x->out, s, 0);
			apart_said(x->out, s, col);
			buf_adds(x->out, ")");
		} else {
			/* n is always said: one run each is not the same
			 * claim as the mean of ten */
			buf_printf(x->out, "%s is %s %s than %s (%s",
				   m->groups[s->subject], r,
				   analysis_word(col, s->kind == K_FASTER),
				   m->groups[s->ref_group], v1);
			if (s->n == s->ref_n)
				buf_printf(x->out, " vs %s, n=%d each", v2, s->n);
			else
				buf_printf(x->out, ", n=%d vs %s, n=%d", s->n, v2,
					   s->ref_n);
			ci_text(x->out, s, rep);
			buf_adds(x->out, ")");
		}
		break;
	case K_BEST: {
		int g, k = 0, untold = 0, nmixed = 0, top = a->top[s->col];
		double tv = analysis_mean(a, s->col, top);

		if (x->best_done)
			break;
		x->best_done = 1;
		for (g = 0; g < m->ngroups; g++)
			if (a->best[analysis_at(a, s->col, g)]) {
				untold += !analysis_is_tie(analysis_mean(a, s->col, g), tv, TIE_SHARE);
				/* ties of unlike n: each says its own */
				nmixed += analysis_stats(a, s->col, g)->n !=
					  analysis_stats(a, s->col, top)->n;
			}
		part(x);
		buf_adds(x->out, "best: ");
		names(x->out, a, s->col, a->best);
		if (untold || nmixed) {
			/* told apart by nothing: every one of them is best */
			if (untold)
				buf_adds(x->out, ", no significant difference");
			for (g = 0; g < m->ngroups; g++)
				if (a->best[analysis_at(a, s->col, g)]) {
					const struct stats *st =
						analysis_stats(a, s->col, g);

					analysis_value_text(st->mean, col->unit, v2);
					buf_printf(x->out, "%s%s %s", k++ ? ", " :
						   " (", m->groups[g], v2);
					n_text(x->out, st->n);
				}
			buf_adds(x->out, ")");
		} else {
			analysis_value_text(tv, col->unit, v1);
			buf_printf(x->out, " (%s", v1);
			n_text(x->out, analysis_stats(a, s->col, top)->n);
			buf_adds(x->out, ")");
		}
		/* near-ties to the first of the set: mentioned, never
		 * called best */
		for (g = 0, k = 0; g < m->ngroups; g++) {
			const struct stats *st = analysis_stats(a, s->col, g);

			if (!analysis_has(a, s->col, g) || a->best[analysis_at(a, s->col, g)] ||
			    !analysis_is_tie(st->mean, tv, NEAR_TIE_SHARE))
				continue;
			buf_printf(x->out, "%s%s", k++ ? ", " : ", with ",
				   m->groups[g]);
		}
		if (k)
			buf_adds(x->out, " within 0.5%");
		break;
	}
	case K_FIXED:
		part(x);
		if (s->n == s->ref_n)
			named(x);
		if (s->n == s->ref_n)
			buf_printf(x->out, "%s %s at %s limit (%s), so it is not "
				   "compared", m->groups[s->subject], s->n == 1 ?
				   "stopped" : "all stopped", s->n == 1 ? "its" :
				   "their", v1);
		else
			buf_printf(x->out, "%d of the %d runs of %s stopped at "
				   "%s limit and %s left out", s->n, s->ref_n,
				   m->groups[s->subject], s->n == 1 ? "its" : "their",
				   s->n == 1 ? "is" : "are");
		break;
	case K_SPREAD: {
		const char *who = a->noutliers ? "the others" : "they";

		part(x);
		if (s->by_test == -1)
			buf_printf(x->out, "%s range from %s (%s) to %s (%s), %s",
				   who, v2, m->groups[s->ref_group], v1,
				   m->groups[s->subject], s->value == 0 ||
				   s->ref_value == 0 ? "no ratio of a zero figure" :
				   s->value > 0 && s->ref_value < 0 ?
				   "no ratio across zero" :
				   "no ratio of negative figures");
		else if (s->by_test == 1)
			buf_printf(x->out, "%s do not differ significantly (%s "
				   "to %s)", who, v2, v1);
		else if (s->ratio == 1)
			buf_printf(x->out, "%s %d are equal (%s)", a->noutliers ?
				   "the other" : "all", s->n, v1);
		else if (s->ratio < SPREAD_AS_SHARE && !s->has_ci) {
			analysis_share_text(s->ratio, sh);
			buf_printf(x->out, "%s are within %s of each other",
				   a->noutliers ? "the others" : "all", sh);
		} else {	/* "within 98.5%" reads as "close": say how far */
			buf_printf(x->out, "%s range from %s (%s) to %s (%s), %s "
				   "apart", who, v2, m->groups[s->ref_group], v1,
				   m->groups[s->subject], r);
			if (s->has_ci) {
				char lo[16], hi[16];

				analysis_ratio_text(s->ratio_low, lo);
				analysis_ratio_text(s->ratio_high, hi);
				buf_printf(x->out, " (95%% interval %s-%s)", lo, hi);
			}
		}
		if (s->support == S_NOTSIG && s->by_test != 1) {
			buf_adds(x->out, ", though the ends do not differ "
				 "significantly at 95% confidence");
			if (s->apart && *s->apart)
				buf_printf(x->out, " (these do: %s)", s->apart);
		}
		break;
	}
	default:
		break;
	}
	return 0;
}

/* The sentence of column c, as it comes: analysis_sentence capitalises
 * it. */
static int sentence(const struct analysis *a, int col, struct buf *out,
		    int *name_first)
{
	struct sentence x;
	const char *note = analysis_column_note(a, col);
	int i;

	memset(&x, 0, sizeof(x));
	x.a = a;
	x.col = col;
	x.out = out;
	if (a->state[col] == COL_ONE) {
		int g;

		if (a->m->ngroups == 1 && a->col_first[col] == a->col_first[col + 1])
			return 0;	/* the notes say it once */
		for (g = 0; g < a->m->ngroups; g++)
			if (analysis_has(a, col, g))
				buf_printf(out, "only %s: nothing to compare",
					   a->m->groups[g]);
		x.parts = 1;
		for (i = a->col_first[col]; i < a->col_first[col + 1]; i++)
			say(&x, &a->stmt[i]);	/* the runs a limit fixed */
		buf_adds(out, ".");
		return 0;
	}
	if (note && a->state[col] != COL_NONE) {
		buf_adds(out, note);
		buf_adds(out, ".");
		return 0;
	}
	for (i = a->col_first[col]; i < a->col_first[col + 1]; i++)
		say(&x, &a->stmt[i]);
	if (!x.parts && note)
		buf_adds(out, note);
	else if (x.toofast_done && x.parts == 1) {
		/* the measured, in one line, when nothing compares them */
		int g, k = 0;

		for (g = 0; g < a->m->ngroups; g++) {
			char v[48];

			if (!analysis_has(a, col, g))
				continue;
			analysis_value_text(analysis_mean(a, col, g), a->m->cols[col].unit, v);
			buf_printf(out, "%s%s %s", k++ ? ", " :
				   "; of the measured, ", a->m->groups[g], v);
		}
	}
	if (out->len)
		buf_adds(out, ".");
	*name_first = x.named_first;
	return 0;
}

int analysis_sentence(const struct analysis *a, int col, struct buf *out)
{
	size_t start = out->len;
	int name_first = 0, rc = sentence(a, col, out, &name_first);

	/* a sentence starts with a capital, but a group's name is written
	 * as it is ("ext4 is 1.4x faster") */
	if (rc == 0 && !name_first && out->data && out->len > start)
		titles_capital(out->data + start);
	return rc;
}

static int by_subject(const void *pa, const void *pb)
{
	const struct statement *a = pa, *b = pb;

	return (a->subject > b->subject) - (a->subject < b->subject);
}

/* Group g's vs-best statement in column c, or NULL: they end the column's
 * statements, one per group in group order. */
static const struct statement *vs_best(const struct analysis *a, int c, int g)
{
	struct statement key;
	int lo = a->vs_first[c];

	if (lo < 0)
		return NULL;
	key.subject = g;
	return find_item(&key, a->stmt + lo, (size_t)(a->col_first[c + 1] - lo),
			 sizeof(key), by_subject);
}

int analysis_ratio_to_best(const struct analysis *a, int c, int g,
			   char out[16])
{
	const struct statement *s = vs_best(a, c, g);

	if (!s)
		return 0;
	analysis_ratio_text(s->ratio, out);
	return 1;
}

int analysis_ratio_to_best_ci(const struct analysis *a, int c, int g,
			      char out[40])
{
	const struct statement *s = vs_best(a, c, g);
	char lo[16], hi[16];

	if (!s || !s->has_ci)
		return 0;
	analysis_ratio_text(s->ratio_low, lo);
	analysis_ratio_text(s->ratio_high, hi);
	snprintf(out, 40, "%s-%s", lo, hi);
	return 1;
}

/* Charts in which a group best in `most` measurements is starred (the
 * first such group). */
static int best_charts(const struct analysis *a, int most)
{
	int c, g, k = 0;

	for (g = 0; g < a->m->ngroups && a->nbest[g] != most; g++)
		;
	for (c = 0; g < a->m->ngroups && c < a->m->ncols; c++)
		k += analysis_is_best(a, c, g);
	return k;
}

/* The group first in the overall ranking (the least geometric mean of
 * ratios to the best), or -1 when there is no ranking or a tie. */
static int ranked_first(const struct analysis *a)
{
	int g, first = -1, tie = 0;

	if (!a->ranking)
		return -1;
	for (g = 0; g < a->m->ngroups; g++) {
		if (a->geomean[g] <= 0)
			continue;
		if (first < 0 || a->geomean[g] < a->geomean[first]) {
			first = g;
			tie = 0;
		} else if (a->geomean[g] == a->geomean[first]) {
			tie = 1;
		}
	}
	return tie ? -1 : first;
}

void analysis_headline(const struct analysis *a, struct buf *b)
{
	const struct model *m = a->m;
	int g, most = 0, k = 0, n = 0, dirs, first;

	for (g = 0; g < m->ngroups; g++)
		if (a->nbest[g] > most)
			most = a->nbest[g];
	for (g = 0; g < m->ngroups; g++)
		n += most > 0 && a->nbest[g] == most;
	if (m->ngroups > 1 && most > 0) {
		for (g = 0; g < m->ngroups; g++)
			if (a->nbest[g] == most) {
				buf_printf(b, "%s%s", k == 0 ? "" : k == n - 1 ?
					   " and " : ", ", m->groups[g]);
				k++;
			}
		if (a->nmeasures == a->ncompared)
			buf_printf(b, ": best in %d of %d chart%s%s", most,
				   a->ncompared, a->ncompared == 1 ? "" : "s",
				   n > 1 ? " each" : "");
		else {	/* as the table stars them, and why the counts
			 * differ */
			buf_printf(b, ": best in %d of %d measurement%s%s (", most,
				   a->nmeasures, a->nmeasures == 1 ? "" : "s",
				   n > 1 ? " each" : "");
			if (n == 1)
				buf_printf(b, "%d of ", best_charts(a, most));
			buf_printf(b, "%d charts; charts of the same counts count "
				   "once)", a->ncompared);
		}
		/* the results table's "all tests" ranks by geometric mean:
		 * where its first is not the headline's, say so */
		first = ranked_first(a);
		if (first >= 0 && a->nbest[first] != most)
			buf_printf(b, "; %s ranks first over all tests (geometric "
				   "mean)", m->groups[first]);
	}
	if (a->noutliers) {
		buf_adds(b, b->len ? "; " : "");
		for (g = 0, k = 0; g < m->ngroups; g++)
			if (a->outlier[g]) {
				buf_printf(b, "%s%s", k == 0 ? "" :
					   k == a->noutliers - 1 ? " and " : ", ",
					   m->groups[g]);
				k++;
			}
		buf_adds(b, a->noutliers == 1 ? " stands out" : " stand out");
		/* which way: the outliers of one direction, else each */
		for (g = 0, dirs = 0; g < m->ngroups; g++)
			if (a->outlier[g] && a->outlier_dir[g])
				dirs |= a->outlier_dir[g] > 0 ? 1 : 2;
		if (dirs == 1 || dirs == 2) {
			buf_adds(b, dirs == 1 ? " as worse" : " as better");
		} else if (dirs == 3) {
			for (g = 0, k = 0; g < m->ngroups; g++)
				if (a->outlier[g] && a->outlier_dir[g])
					buf_printf(b, "%s%s %s", k++ ? ", " : " (",
						   m->groups[g], a->outlier_dir[g] > 0 ?
						   "worse" : "better");
			buf_adds(b, ")");
		}
	}
}

void analysis_notes(const struct analysis *a, struct buf *b)
{
	const struct model *m = a->m;
	int i, g;

	if (m->is_default && strcmp(m->by, "label") != 0) {
		/* by is "label,k1,k2" or "k1,k2": the keys, without the label */
		const char *keys = strncmp(m->by, "label,", 6) == 0 ? m->by + 6
								      : m->by;

		buf_adds(b, "Grouped by ");
		for (i = 0; m->by[i]; i++)
			if (m->by[i] == ',')
				buf_adds(b, " and ");
			else
				buf_addc(b, m->by[i]);
		buf_adds(b, ", not by label alone: runs that share a label "
			 "differ in ");
		for (i = 0; keys[i]; i++)
			if (keys[i] == ',')
				buf_adds(b, " and ");
			else
				buf_addc(b, keys[i]);
		buf_adds(b, ", and a group must not mix them.\n");
	}
	if (m->is_default && m->sweep)
		buf_printf(b, "Runs that share a label differ in %s alone, a "
			   "numeric setting: it is the axis of a sweep, not a "
			   "group.\n", m->split);
	if (m->left_out > 0)
		buf_printf(b, "%ld run%s left out: %s %s.\n",
			   m->left_out, m->left_out == 1 ? " is" : "s are",
			   m->left_out == 1 ? "it has" : "they have",
			   m->lacking ? m->lacking : "not every grouping attribute");
	if (m->kept_lacking > 0)
		buf_printf(b, "%ld run%s %s: %s grouped by what it has.\n",
			   m->kept_lacking, m->kept_lacking == 1 ? " has" : "s have",
			   m->lacking ? m->lacking : "not every grouping attribute",
			   m->kept_lacking == 1 ? "it is" : "each is");
	for (g = 0; g < m->ngroups; g++) {
		int k = 0;

		for (i = 0; i < m->nmixed; i++) {
			if (m->mixed[i].group != g)
				continue;
			if (k++ == 0)
				buf_printf(b, "Mixed: the runs of %s differ in ",
					   m->groups[g]);
			else
				buf_adds(b, "; ");
			buf_printf(b, "%s (%s)", m->mixed[i].key,
				   m->mixed[i].values);
		}
		if (k)
			buf_adds(b, ", so its figures average unlike runs.\n");
	}
	if (m->ngroups == 1)
		buf_printf(b, "Only one group (%s): nothing to compare; the "
			   "tables give its figures.\n", m->groups[0]);
	if (m->ngroups >= 2 && !a->repeats)
		buf_adds(b, "Every figure is a single run: single runs carry no "
			 "measure of noise, so a ratio says how these runs "
			 "differed, not whether the difference would hold.\n");
	else if (m->ngroups >= 2)
		buf_printf(b, "Where both sides have two runs or more, a "
			   "difference is stated only where Welch's t-test finds "
			   "it at 95%% confidence, corrected (Holm) for the "
			   "comparisons each chart makes, and a ratio carries "
			   "its 95%% interval.\n");
	if (m->ngroups >= 2 && a->nmeasures < a->ncompared)
		buf_printf(b, "Charts whose figures are proportional run by run "
			   "come from the same counts (reads/s and read MiB/s): "
			   "the %d charts compared are %d measurements, and each "
			   "counts once in the headline and the overall "
			   "ranking.\n", a->ncompared, a->nmeasures);
	if (m->ngroups >= 2 && a->nmeasures > 0) {
		const char *what = a->nmeasures == a->ncompared ? "charts" :
				   "measurements";

		if (!a->ranking)
			buf_printf(b, "No overall ranking: the groups have "
				   "measured figures in common in only %d of the %d "
				   "%s compared (a ranking needs at least "
				   "half).\n", a->nranked, a->nmeasures, what);
		else if (a->nranked < a->nmeasures)
			buf_printf(b, "The overall ranking (\"all tests\") uses "
				   "the %d of %d %s in which every group has a "
				   "measured figure above zero.\n", a->nranked,
				   a->nmeasures, what);
	}
}
