/*
 * kinds.c: see kinds.h.
 */
#include "kinds.h"

static const struct {
	const char *name;
	enum stmt_family family;
} kinds[K_NKINDS] = {
	[K_BEST] = { "best", F_COMPARISON },
	[K_SLOWER] = { "slower", F_COMPARISON },
	[K_FASTER] = { "faster", F_COMPARISON },
	[K_SAME] = { "same", F_COMPARISON },
	[K_SPREAD] = { "spread", F_COMPARISON },
	[K_VS_BEST] = { "vs-best", F_COMPARISON },
	[K_GEOMEAN] = { "geomean", F_COMPARISON },
	[K_OUTLIER] = { "outlier", F_COMPARISON },
	[K_TOOFAST] = { "too-fast", F_COMPARISON },
	[K_MIXED] = { "mixed", F_COMPARISON },
	[K_FIXED] = { "fixed", F_COMPARISON },
	[K_PEAK] = { "peak", F_SWEEP },
	[K_SCALING] = { "scaling", F_SWEEP },
	[K_OVERTAKE] = { "overtake", F_SWEEP },
	[K_WARMUP] = { "warmup", F_OVER_TIME },
	[K_STEADINESS] = { "steadiness", F_OVER_TIME },
	[K_STALL] = { "stall", F_OVER_TIME },
	[K_INCLUDES_WARMUP] = { "includes_warmup", F_OVER_TIME },
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
