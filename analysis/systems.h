/*
 * systems.h: what else differs between a comparison's groups.
 *
 * A comparison groups its runs by one thing (fs, a label, two factors);
 * everything else the runs recorded (the tool's version, the benchmark's
 * options, the host, the mount) should be the same in every group, or
 * the figures compare more than the grouping.  This is the side-by-side
 * view OpenBenchmarking shows: an attribute per row, a group per column,
 * the attributes that differ first, ordered by what they mean for the
 * comparison (docs/analysis.md, "Like with like"):
 *
 *   SYSTEMS_OPTION        the benchmark's own settings and the tool's
 *                         version (tool_version first): a difference
 *                         here changes what was measured;
 *   SYSTEMS_MACHINE       the machine and its storage, as `benchsite run`
 *                         records them (host, kernel, cpu_model...);
 *   SYSTEMS_CONSTRUCTION  what follows from the grouping itself: the
 *                         command, device and mount of runs grouped by
 *                         fs (another filesystem is another device);
 *
 * then the attributes the same in every group.  The grouping's own keys
 * (the column heads say them) and the keys that differ from run to run by
 * their nature (started_at, seed: model_attr_exempt) are left out.
 *
 * A pure function of the model: the renderer draws it (page_systems.c),
 * `summary` says its sentence.
 */
#ifndef BENCHSITE_SYSTEMS_H
#define BENCHSITE_SYSTEMS_H

struct buf;
struct err;
struct model;

enum systems_tier {
	SYSTEMS_OPTION,
	SYSTEMS_MACHINE,
	SYSTEMS_CONSTRUCTION,
};

/* One attribute in one group: the values its runs hold, each once, in
 * byte order, with how many runs hold each, and how many runs lack it.
 * Strings point into the model's attributes. */
struct systems_cell {
	const char **values;	/* nvalues, owned array */
	int *count;		/* per value, owned */
	int nvalues;
	int nmissing;
};

struct systems_row {
	const char *key;	/* the model's */
	enum systems_tier tier;
	int differs;		/* 1: not the same in every group (a group
				 * that lacks it differs from one that holds
				 * it) */
	int recorded_differ;	/* 1: two groups hold different values (not
				 * only some lacking it) */
	struct systems_cell *cells;	/* one per group of the model, owned */
};

struct systems {
	const struct model *m;
	struct systems_row *rows;	/* the differing first, by tier then
					 * key (tool_version first), then
					 * the same, by key; nrows, owned */
	int nrows;
	int ndiffer;		/* rows[0..ndiffer) differ */
};

/* Builds the systems of m's groups; systems_release frees them (also
 * after a failure).  0, or -1 with e set. */
int systems_build(const struct model *m, struct systems *s, struct err *e);
void systems_release(struct systems *s);

/* Appends the sentence that says the groups differ in something besides
 * the grouping, "The groups also differ in host and tool_version" (the
 * construction tier is not said: it follows from the grouping), and the
 * keys only some groups recorded ("; only some of them recorded kernel");
 * nothing when no such key differs.  No full stop: the caller ends the
 * sentence. */
void systems_sentence(const struct systems *s, struct buf *out);

#endif
