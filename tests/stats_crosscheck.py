#!/usr/bin/env python3
"""stats_crosscheck.py BIN DIR: benchsite's noise rules against SciPy.

Independent of benchsite's own statistics code: Welch's t-test from
scipy.stats.ttest_ind(equal_var=False), the t quantile from scipy.stats.t,
Holm's step-down written out here, Fieller's interval from its textbook
quadratic.  For 30 generated data sets (fixed seeds) of two and three
groups with 2 to 6 runs each, benchsite's `summary --format tsv` must
agree: which statement a pair gets (faster or no significant difference),
which groups are best (the walk down the ranking), and each ratio's 95% interval to 1e-6.  Prints one
TAP line per data set.
"""
import math
import os
import random
import subprocess
import sys

from scipy import stats

sys.dont_write_bytecode = True  # no __pycache__ written into the tree
from holm import holm  # noqa: E402

BIN, DIR = sys.argv[1], sys.argv[2]


def welch(a, b):
    va = stats.tvar(a) / len(a)
    vb = stats.tvar(b) / len(b)
    df = (va + vb) ** 2 / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))
    return va, vb, df


def fieller(x, vx, y, vy, df):
    """95% interval of x / y, or None when unbounded (y cannot be told
    from 0) or holding 0 (x cannot)."""
    q = stats.t.ppf(0.975, df)
    a = y * y - q * q * vy
    b = -2 * x * y
    c = x * x - q * q * vx
    if a <= 0 or c <= 0:
        return None
    d = math.sqrt(max(b * b - 4 * a * c, 0))
    return sorted(((-b - d) / (2 * a), (-b + d) / (2 * a)))


def summary(db):
    out = subprocess.run([BIN, "--db", db, "summary", "--format", "tsv"],
                         check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines()[1:]]


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def dataset(seed):
    rnd = random.Random(seed)
    k = 2 if seed % 3 else 3
    groups = {}
    for g in "abc"[:k]:
        n = rnd.randint(2, 6)
        # means within 1.4x of each other (no outlier), spreads from tight
        # to wide, so that both verdicts occur
        mu = 1000 * rnd.uniform(1.0, 1.4)
        sd = mu * rnd.choice([0.005, 0.02, 0.1, 0.3] if k == 2 else
                             [0.005, 0.02, 0.05])
        groups[g] = [round(rnd.gauss(mu, sd), 3) for _ in range(n)]
    return groups


def check(seed):
    groups = dataset(seed)
    db = os.path.join(DIR, "x%d.db" % seed)
    csv = os.path.join(DIR, "x%d.csv" % seed)
    with open(csv, "w") as f:
        f.write("label,suite,test,metric,value,unit,better,g\n")
        for g, vals in groups.items():
            for i, v in enumerate(vals):
                f.write("%s%d,s,t,rate,%r,1/s,higher,%s\n" % (g, i, v, g))
    subprocess.run([BIN, "--db", db, "import", csv], check=True,
                   capture_output=True)
    subprocess.run([BIN, "--db", db, "compare", "c", "--by", "g"], check=True)
    rows = summary(db)
    names = sorted(groups)
    mean = {g: sum(v) / len(v) for g, v in groups.items()}
    best = max(names, key=lambda g: mean[g])
    problems = []
    # the family: every pair (every group here has two runs or more)
    pairs = [(x, y) for i, x in enumerate(names) for y in names[i + 1:]]
    ps = [stats.ttest_ind(groups[x], groups[y], equal_var=False).pvalue
          for x, y in pairs]
    adj = dict(zip(pairs, holm(ps)))

    def differ(x, y):
        return adj[tuple(sorted((x, y)))] < 0.05
    # the best set: down the ranking while no group taken differs
    ranked = sorted(names, key=lambda g: (-mean[g], g))
    want_best = [ranked[0]]
    for g in ranked[1:]:
        if any(differ(t, g) for t in want_best):
            break
        want_best.append(g)
    want_best = sorted(want_best) if len(want_best) < len(names) else []
    got_best = sorted(r[4] for r in rows if r[3] == "best")
    if len(names) == 2:
        other = [g for g in names if g != best][0]
        significant = differ(best, other)
        kinds = [r[3] for r in rows if r[3] in ("faster", "same")]
        want = "faster" if significant and mean[best] / mean[other] > 1.001 \
            else "same"
        if kinds != [want]:
            problems.append("pair: want %s, got %s" % (want, kinds))
    if got_best != want_best:
        problems.append("best: want %s, got %s" % (want_best, got_best))
    # every interval benchsite states, recomputed
    for r in rows:
        if r[10] == "" or r[3] not in ("faster", "same", "vs-best", "spread"):
            continue
        if r[3] == "vs-best":
            w, b = r[4], best
        elif r[3] == "spread":
            w, b = r[6], r[4]
        else:
            w, b = r[6], r[4]
        va, vb, df = welch(groups[w], groups[b])
        ci = fieller(mean[b], vb, mean[w], va, df)
        if ci is None or not (close(ci[0], float(r[10])) and
                              close(ci[1], float(r[11]))):
            problems.append("%s %s/%s interval: want %s, got %s-%s"
                            % (r[3], b, w, ci, r[10], r[11]))
    what = "data set %d (%s): %s" % (
        seed, ", ".join("%s n=%d" % (g, len(groups[g])) for g in names),
        "; ".join(problems) if problems else "agrees with SciPy")
    print(("not ok - " if problems else "ok - ") + what)
    return [r[3] for r in rows]


seen = []
for seed in range(1, 31):
    seen += check(seed)
# the data sets must exercise both verdicts, or agreeing proves little
for kind in ("faster", "same", "vs-best"):
    n = seen.count(kind)
    print(("ok - " if n >= 3 else "not ok - ") +
          "%d %s statements among the data sets (at least 3)" % (n, kind))
