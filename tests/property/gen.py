#!/usr/bin/env python3
"""gen.py SEED N OUT.tsv: N generated stores in one long-format TSV.

Each store is a suite of its own (p00000, p00001, ...), so that `benchsite
import` gives each its own default comparison, grouped by label.  The cases
are the ones the statements of a chart get wrong when they do not follow the
arithmetic: 2-12 groups, n = 1-10 runs and unequal, tight and noisy groups,
near-ties (0.05%, 0.3%, 0.6% apart), outliers (1.5x-10x), too-fast cells,
zeros, negatives, figures across zero, one-group charts, higher- and
lower-better metrics, 1-4 charts per store.  The same SEED gives the same
file byte for byte (random.Random only, no hash order, no clock).
"""
import random
import sys

# (metric, unit, better, sign): sign +1 positive figures, 0 may be any
METRICS = [
    ("time", "s", "lower", 1),
    ("rate", "1/s", "higher", 1),
    ("latency", "ms", "lower", 1),
    ("score", "count", "higher", 1),
    ("delta", "%", "higher", 0),
    ("offset", "us", "lower", 0),
]


def fmt(v):
    # 9 significant digits: what a benchmark prints, and exact in the store
    s = "%.9g" % v
    return "0" if s in ("-0", "0") else s


def sizes(rng, k):
    """n for each of k groups."""
    mode = rng.random()
    if mode < 0.2:
        return [1] * k
    if mode < 0.55:
        return [rng.randint(2, 10) for _ in range(k)]
    if mode < 0.7:
        n = rng.randint(2, 6)
        return [n] * k
    return [rng.choice([1, 1, 2, 2, 3, 4, 5, 7, 10]) for _ in range(k)]


def chart(rng, k):
    """(metric spec, per-group mean, per-group cv, per-group too-fast flag,
    per-group present flag) of one chart."""
    spec = rng.choice(METRICS)
    base = 10 ** rng.uniform(-2, 5)
    case = rng.choice(["spread", "spread", "neartie", "neartie", "outlier",
                       "outlier", "zero", "negative", "across", "onegroup",
                       "toofast", "same"])
    if case in ("negative", "across") and spec[3] == 1:
        spec = rng.choice([m for m in METRICS if m[3] == 0])
    means = [base * rng.uniform(1.0, rng.choice([1.01, 1.3, 3.0]))
             for _ in range(k)]
    if case == "neartie":
        d = rng.choice([0.0005, 0.003, 0.006])
        top = base
        for g in range(k):
            if rng.random() < 0.7:
                means[g] = top * (1 + d * rng.choice([0, 1, 1, 2, -1]))
    elif case == "same":
        means = [base] * k
    elif case == "outlier":
        for _ in range(rng.choice([1, 1, 2])):
            g = rng.randrange(k)
            f = rng.uniform(1.5, 10)
            means[g] = base * (f if rng.random() < 0.5 else 1 / f)
    elif case == "zero":
        means[rng.randrange(k)] = 0.0
    elif case == "negative":
        means = [-m for m in means]
    elif case == "across":
        means = [m * rng.choice([-1, 1]) for m in means]
        if all(m > 0 for m in means) or all(m < 0 for m in means):
            means[0] = -means[0]
    cvs = []
    for g in range(k):
        r = rng.random()
        cvs.append(0.0 if means[g] == 0 else
                   rng.uniform(0.00005, 0.001) if r < 0.4 else
                   rng.uniform(0.002, 0.02) if r < 0.7 else
                   rng.uniform(0.03, 0.3))
    toofast = [False] * k
    present = [True] * k
    if case == "toofast":
        for g in rng.sample(range(k), rng.randint(1, max(1, k // 2))):
            toofast[g] = True
    elif case == "onegroup":
        keep = rng.randrange(k)
        present = [g == keep for g in range(k)]
    return spec, means, cvs, toofast, present


def store(rng, idx, run0, out):
    suite = "p%05d" % idx
    k = rng.choice([2, 2, 3, 3, 3, 4, 4, 5, 6, 7, 8, 10, 12])
    if rng.random() < 0.05:
        k = 1 if rng.random() < 0.3 else k
    n = sizes(rng, k)
    charts = []
    for c in range(rng.randint(1, 4)):
        spec, means, cvs, toofast, present = chart(rng, k)
        charts.append(("t%d" % c, spec, means, cvs, toofast, present))
    run = run0
    for g in range(k):
        label = "g%02d" % (g + 1)
        for i in range(n[g]):
            run += 1
            for test, (metric, unit, better, _), means, cvs, toofast, \
                    present in charts:
                if not present[g]:
                    continue
                # a too-fast group has at least one run too fast to measure
                if toofast[g] and (i == 0 or rng.random() < 0.5):
                    out.append("%d\t%s\t%s\t%s\t%s\t\t%s\t%s\ttoo-fast" %
                               (run, label, suite, test, metric, unit,
                                better))
                    continue
                m = means[g]
                v = m * (1 + rng.gauss(0, cvs[g])) if m else 0.0
                out.append("%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\tok" %
                           (run, label, suite, test, metric, fmt(v), unit,
                            better))
    return run


def main():
    seed, count, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    out = ["run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus"]
    run = 0
    for idx in range(count):
        run = store(rng, idx, run, out)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
