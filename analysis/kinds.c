/*
 * kinds.c: see kinds.h.
 */
#include "kinds.h"

static const struct {
	const char *name;
	enum stmt_family family;
	int valued;
} kinds[K_NKINDS] = {
	[K_BEST] = { "best", F_COMPARISON, 1 },
	[K_SLOWER] = { "slower", F_COMPARISON, 1 },
	[K_FASTER] = { "faster", F_COMPARISON, 1 },
	[K_SAME] = { "same", F_COMPARISON, 1 },
	[K_SPREAD] = { "spread", F_COMPARISON, 1 },
	[K_VS_BEST] = { "vs-best", F_COMPARISON, 1 },
	[K_GEOMEAN] = { "geomean", F_COMPARISON, 0 },
	[K_OUTLIER] = { "outlier", F_COMPARISON, 0 },
	[K_TOOFAST] = { "too-fast", F_COMPARISON, 0 },
	[K_MIXED] = { "mixed", F_COMPARISON, 0 },
	[K_FIXED] = { "fixed", F_COMPARISON, 1 },
	[K_PEAK] = { "peak", F_SWEEP, 1 },
	[K_SCALING] = { "scaling", F_SWEEP, 1 },
	[K_OVERTAKE] = { "overtake", F_SWEEP, 1 },
	[K_WARMUP] = { "warmup", F_OVER_TIME, 1 },
	[K_STEADINESS] = { "steadiness", F_OVER_TIME, 1 },
	[K_STALL] = { "stall", F_OVER_TIME, 1 },
	[K_INCLUDES_WARMUP] = { "includes_warmup", F_OVER_TIME, 1 },
};

static const char *const families[] = { "comparison", "sweep", "over-time" };

static const char *const supports[S_NSUPPORTS] = {
	[S_NONE] = "",
	[S_SIG] = "significant",
	[S_NOTSIG] = "not-significant",
	[S_SINGLE] = "single-run",
	[S_PARTIAL] = "partial",
	[S_TIE] = "tie",
};

const char *stmt_kind_name(enum stmt_kind k)
{
	return kinds[k].name;
}

int stmt_kind_valued(enum stmt_kind k)
{
	return kinds[k].valued;
}

enum stmt_family stmt_kind_family(enum stmt_kind k)
{
	return kinds[k].family;
}

const char *stmt_family_name(enum stmt_family f)
{
	return families[f];
}

const char *stmt_support_name(enum stmt_support s)
{
	return supports[s];
}
