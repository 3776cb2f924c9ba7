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
import math
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
    if k >= 2 and rng.random() < 0.25:
        counts(rng, k, n, run0, suite, out)
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


def counts(rng, k, n, run0, suite, out):
    """A test whose reads/s and MiB/s come from the same counts (MiB/s =
    reads/s * 16 / 1024, printed with two decimals as sysbench prints
    it): two charts, one measurement; sometimes a latency of its own."""
    base = 10 ** rng.uniform(3, 5)
    means = [base * rng.uniform(1.0, rng.choice([1.01, 1.3, 3.0]))
             for _ in range(k)]
    cvs = [rng.choice([0.0005, 0.005, 0.05]) for _ in range(k)]
    lat = rng.random() < 0.5
    run = run0
    for g in range(k):
        for i in range(n[g]):
            run += 1
            ops = round(means[g] * (1 + rng.gauss(0, cvs[g])), 2)
            out.append("%d\tg%02d\t%s\ttp\tops\t%.2f\t1/s\thigher\tok" %
                       (run, g + 1, suite, ops))
            out.append("%d\tg%02d\t%s\ttp\tread_mib\t%.2f\tMiB/s\thigher\tok"
                       % (run, g + 1, suite, ops * 16 / 1024))
            if lat:
                out.append("%d\tg%02d\t%s\ttp\tzlat\t%s\tms\tlower\tok" % (
                    run, g + 1, suite,
                    fmt(1e5 / means[g] * (1 + rng.gauss(0, 0.05)))))


# --- sysbench stores: figures a limit fixed (docs/analysis.md, "Figures
# that measure nothing") --------------------------------------------------

SYS_HEAD = "run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus" \
    "\tcommand\ttool_version\tstore"


def sysbench_store(rng, idx, run0, out):
    """One comparison of suite sysbench (runs carry store=pNNNNN; the test
    defines `compare pNNNNN --where store=pNNNNN`).  Each run's total_time
    and total_events are either fixed by a limit (exactly at the event
    limit, or past the time limit: a few ms, or up to half of it where the
    command line is kept) or clearly measured (never in
    the window's doubtful edges), per run, mixed within groups."""
    st = "p%05d" % idx
    k = rng.choice([2, 2, 3, 3, 4, 5, 6])
    n = [rng.choice([1, 2, 2, 3, 3, 4, 5]) for _ in range(k)]
    style = rng.choice(["time", "time", "events", "v04", "v04cmd",
                        "imported", "imported"])
    # per group: the share of its runs a limit fixed
    share = [rng.choice([0, 0, 0, 0.4, 1]) for _ in range(k)]
    if rng.random() < 0.12:
        share = [1] * k                     # a chart of fixed figures only
    test = rng.choice(["cpu", "memory", "threads"])
    L = rng.choice([5, 10, 10, 30, 60, 300])
    E = rng.choice([10000, 20000, 50000])
    cmd, ver = "", "1.0.20"
    if style == "time":
        cmd = "sysbench %s --threads=4 --time=%d run" % (test, L)
    elif style == "events":
        cmd = "sysbench %s --events=%d --time=%d run" % (test, E, L)
    elif style == "v04":
        ver, E = "0.4.12", 10000
    elif style == "v04cmd":
        ver = "0.4.12"
        cmd = "sysbench --test=%s --max-time=%d --max-requests=%d run" % (
            test, L, E)
    else:
        ver = rng.choice(["1.0.20", "1.0.20", ""])
    tmeans = [L * rng.uniform(0.15, 0.8) for _ in range(k)]
    emeans = [E * rng.uniform(0.3, 0.9) for _ in range(k)]
    run = run0
    for g in range(k):
        for i in range(n[g]):
            run += 1
            fixed = rng.random() < share[g] or (share[g] == 1)
            t = tmeans[g] * (1 + rng.gauss(0, rng.choice([0.01, 0.05])))
            ev = int(emeans[g] * (1 + rng.gauss(0, 0.03)))
            if style in ("time", "imported"):
                if fixed:
                    w = L if style == "time" else rng.choice(
                        [1, 8, 10, 12, 15, 20, 60, 300, 600])
                    # with the command line known, a loaded machine's
                    # long last event too (far past the limit)
                    t = w + rng.uniform(0.0001, 0.8 * (0.001 * w + 0.03)
                                        if style == "imported" else
                                        rng.choice([0.05, 0.05, 0.5 * w]))
                elif style == "imported":
                    # a measured time well inside a second
                    t = math.floor(t) + rng.uniform(0.15, 0.85)
            else:
                if fixed:
                    ev = E
                if style == "v04":
                    t = math.floor(t) + rng.uniform(0.15, 0.85)
            for metric, v, unit, better in (
                    ("total_time", "%.4f" % t, "s", "lower"),
                    ("total_events", "%d" % ev, "", "higher")):
                out.append("\t".join([str(run), "g%02d" % (g + 1),
                                      "sysbench", test, metric, v, unit,
                                      better, "ok", cmd, ver, st]))
    return run


# --- two factors ------------------------------------------------------------

SPLIT_HEAD = "run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter" \
    "\tstatus\tfs\tmode"


def split_store(rng, idx, run0, out):
    """A suite pNNNNN with attributes fs (g01, ...) and mode (m1, ...):
    the test defines `compare pNNNNN --by fs --split mode`."""
    suite = "p%05d" % idx
    kf, km = rng.choice([2, 3, 4]), rng.choice([2, 2, 3])
    combos = [(f, m) for f in range(kf) for m in range(km)]
    n = {c: rng.choice([1, 2, 3, 3, 4]) for c in combos}
    if rng.random() < 0.2:
        n = {c: 1 for c in combos}
    charts = []
    for c in range(rng.randint(1, 3)):
        spec = rng.choice(METRICS[:4])
        base = 10 ** rng.uniform(0, 4)
        fm = [rng.uniform(1, 3) for _ in range(kf)]
        mm = [rng.uniform(1, 3) for _ in range(km)]
        case = rng.choice(["product", "product", "tie", "noisy"])
        means, cvs = {}, {}
        for f, m in combos:
            means[(f, m)] = base * fm[f] * mm[m] * rng.uniform(0.95, 1.05)
            cvs[(f, m)] = rng.choice([0.001, 0.01, 0.05])
            if case == "tie":
                means[(f, m)] = base * rng.uniform(1, 1.02)
            elif case == "noisy":
                cvs[(f, m)] = rng.choice([0.1, 0.3])
        charts.append(("t%d" % c, spec, means, cvs))
    run = run0
    for f, m in combos:
        for i in range(n[(f, m)]):
            run += 1
            for test, (metric, unit, better, _), means, cvs in charts:
                v = means[(f, m)] * (1 + rng.gauss(0, cvs[(f, m)]))
                out.append("\t".join([str(run), "x", suite, test, metric,
                                      fmt(v), unit, better, "ok",
                                      "g%02d" % (f + 1), "m%d" % (m + 1)]))
    return run


def main():
    """gen.py SEED N OUT.tsv [SYS.tsv NSYS SPLIT.tsv NSPLIT]"""
    seed, count, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    out = ["run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus"]
    run = 0
    for idx in range(count):
        run = store(rng, idx, run, out)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    if len(sys.argv) > 4:
        nsys, nsplit = int(sys.argv[5]), int(sys.argv[7])
        out = [SYS_HEAD]
        for idx in range(count, count + nsys):
            run = sysbench_store(rng, idx, run, out)
        with open(sys.argv[4], "w") as f:
            f.write("\n".join(out) + "\n")
        out = [SPLIT_HEAD]
        for idx in range(count + nsys, count + nsys + nsplit):
            run = split_store(rng, idx, run, out)
        with open(sys.argv[6], "w") as f:
            f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
