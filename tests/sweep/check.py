#!/usr/bin/env python3
"""check.py: a sweep's statements along its axis against a second,
independent reading of docs/analysis.md ("Sweeps", "Noise").

    check.py gen SEED N OUT.tsv      writes N generated sweeps (one store)
    check.py check DATA.tsv SUMMARY.tsv [--control NAME]

gen writes a long table (run, label, suite, test, metric, value, unit,
better, status, threads, store): per store two or three groups, each at
some of the settings of an axis (powers of two, or not), one to four runs
a point, figures on crossing power-law trends with noise, so that groups
overtake one another, differ significantly, in single runs or not at all.
The caller defines `compare sNNN --by label --x threads --where
store=sNNN` for each and writes `summary --format tsv`.

check reads the runs back, works out from them what docs/analysis.md says
a sweep states along its axis, and compares with the TSV's rows of the
kinds peak, scaling and overtake: the same rows, the same figures (to
1e-9).  Decisions that floating point could take either way (a p-value
within 1e-6 of 0.05, two figures within 1e-9 of 0.1% apart) leave their
pair out.  A --control breaks one rule in this reading (the TSV must then
disagree): peaklast (the peak at the largest setting), scalefirst (the
scaling factor the other way round), nosingle (single runs never ahead),
noholm (no Holm correction).  Prints one line: "agree N stores" or the
first disagreements; exit 1 on any.

Nothing here comes from benchsite's code: Welch through scipy, Holm here.
"""
import math
import os
import random
import sys
from collections import defaultdict

from scipy import stats

# Holm's correction is shared with tests/stats_crosscheck.py (no
# __pycache__ written into the tree)
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from holm import holm  # noqa: E402

ALPHA = 0.05
EPS_P = 1e-6
EPS_REL = 1e-9


def gen(seed, n, out):
    rng = random.Random(seed)
    run = 0
    rows = ["run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus"
            "\tthreads\tstore"]
    for s in range(n):
        store = "s%03d" % s
        axis = rng.choice([[1, 2, 4, 8], [1, 2, 4, 8, 16, 32], [10, 20, 50],
                           [3, 5, 7, 11, 13], [1, 4]])
        better = rng.choice(["higher", "lower"])
        k = rng.choice([2, 2, 2, 3])
        for g in range(k):
            base = rng.uniform(100, 1000)
            expo = rng.uniform(-0.6, 1.2)
            cv = rng.choice([0.005, 0.02, 0.1, 0.3])
            xs = [x for x in axis if rng.random() < 0.85] or axis[:1]
            for x in xs:
                mean = base * x ** expo
                for _ in range(rng.choice([1, 2, 2, 3, 4])):
                    run += 1
                    v = max(mean * (1 + rng.gauss(0, cv)), 0.01)
                    rows.append("%d\tg%d\tsw\tt\tm\t%.6g\tops\t%s\tok\t%d\t%s"
                                % (run, g + 1, v, better, x, store))
    with open(out, "w") as f:
        f.write("\n".join(rows) + "\n")


def read_runs(path):
    """{store: (better, {group: {x: [values]}})}"""
    data = {}
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        col = {name: i for i, name in enumerate(head)}
        for line in f:
            v = line.rstrip("\n").split("\t")
            st = data.setdefault(v[col["store"]],
                                 [v[col["better"]], defaultdict(dict)])
            pts = st[1][v[col["label"]]]
            pts.setdefault(float(v[col["threads"]]), []).append(
                float(v[col["value"]]))
    return data


def mean(vs):
    return sum(vs) / len(vs)


class Undecided(Exception):
    pass


def leaders(better, groups, control):
    """{(a, b): {x: leader or None}} for each pair of groups at each
    setting where both have a figure: the group ahead (separated by the
    setting's family, or ahead in single runs), None (not separated, or
    within 0.1%); a pair whose decision is borderline is left out."""
    xs = sorted({x for g in groups.values() for x in g})
    out = defaultdict(dict)
    bad = set()
    for x in xs:
        here = sorted(g for g in groups if x in groups[g])
        pairs = [(a, b) for i, a in enumerate(here) for b in here[i + 1:]]
        tested, ps = [], []
        for a, b in pairs:
            va, vb = groups[a][x], groups[b][x]
            if len(va) >= 2 and len(vb) >= 2:
                if max(va) == min(va) and max(vb) == min(vb):
                    p = 0.0 if va[0] != vb[0] else 1.0
                else:
                    p = stats.ttest_ind(va, vb, equal_var=False).pvalue
                tested.append((a, b))
                ps.append(p)
        adj = ps if control == "noholm" else holm(ps)
        padj = dict(zip(tested, adj))
        for a, b in pairs:
            ma, mb = mean(groups[a][x]), mean(groups[b][x])
            hi, lo = max(ma, mb), min(ma, mb)
            ahead = a if (ma > mb) == (better == "higher") else b
            rel = (hi - lo) / lo if lo > 0 else math.inf
            near = abs(rel - 0.001) <= EPS_REL
            if (a, b) in padj:
                p = padj[(a, b)]
                if abs(p - ALPHA) <= EPS_P or (p >= ALPHA and near):
                    bad.add((a, b))
                    continue
                out[(a, b)][x] = ahead if p < ALPHA else None
            else:
                if near:
                    bad.add((a, b))
                    continue
                if rel <= 0.001 or control == "nosingle":
                    out[(a, b)][x] = None
                else:
                    out[(a, b)][x] = ahead
    for pair in bad:
        out.pop(pair, None)
    return out


def expected(better, groups, control):
    """The peak, scaling and overtake rows, as sets of tuples."""
    peak, scaling, over = set(), set(), set()
    for g, pts in groups.items():
        xs = sorted(pts)
        if len(xs) < 2:
            continue
        ms = {x: mean(pts[x]) for x in xs}
        if control == "peaklast":
            bx = xs[-1]
        else:
            best = max(ms.values()) if better == "higher" else min(ms.values())
            bx = min(x for x in xs if ms[x] == best)
        peak.add((g, ms[bx], bx))
        lo, hi = ms[xs[0]], ms[xs[-1]]
        if lo > 0 and hi > 0:
            r = lo / hi if control == "scalefirst" else hi / lo
            scaling.add((g, r, hi, lo, xs[0], xs[-1]))
    for (a, b), at in leaders(better, groups, control).items():
        last = None
        for x in sorted(at):
            w = at[x]
            if w is None:
                continue
            if last is not None and w != last:
                over.add((w, b if w == a else a, x))
            last = w
    return peak, scaling, over


def num(s):
    return float(s) if s != "" else None


def close(a, b):
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-300)


def got_rows(path):
    """{store: (peak, scaling, over)} from the summary TSV."""
    got = defaultdict(lambda: (set(), set(), set()))
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        c = {name: i for i, name in enumerate(head)}
        for line in f:
            v = line.rstrip("\n").split("\t")
            kind, st = v[c["kind"]], v[c["comparison"]]
            x = num(v[c["x"]]) if v[c["x"]] else None
            if kind == "peak":
                got[st][0].add((v[c["subject"]], float(v[c["value"]]), x))
            elif kind == "scaling":
                got[st][1].add((v[c["subject"]], float(v[c["ratio"]]),
                                float(v[c["value"]]),
                                float(v[c["reference_value"]]),
                                float(v[c["reference"]]), x))
            elif kind == "overtake":
                got[st][2].add((v[c["subject"]], v[c["reference"]], x))
    return got


def same(want, have):
    """want and have as equal sets of tuples, floats to 1e-9."""
    if len(want) != len(have):
        return False
    left = list(have)
    for w in want:
        for h in left:
            if len(w) == len(h) and all(
                    close(p, q) if isinstance(p, float) else p == q
                    for p, q in zip(w, h)):
                left.remove(h)
                break
        else:
            return False
    return True


def check(data_path, tsv_path, control):
    data = read_runs(data_path)
    got = got_rows(tsv_path)
    bad = []
    for st, (better, groups) in sorted(data.items()):
        want = expected(better, groups, control)
        have = got[st]
        pairs = leaders(better, groups, control)
        decided = {tuple(sorted(p)) for p in pairs}
        # an overtake of a pair left out as borderline is not judged
        have_over = {o for o in have[2]
                     if tuple(sorted(o[:2])) in decided}
        for name, w, h in (("peak", want[0], have[0]),
                           ("scaling", want[1], have[1]),
                           ("overtake", want[2], have_over)):
            if not same(w, h):
                bad.append("%s %s: want %s, got %s" % (st, name, sorted(w),
                                                       sorted(h)))
    if bad:
        print("disagree %d: %s" % (len(bad), "; ".join(bad[:3])))
        return 1
    print("agree %d stores" % len(data))
    return 0


def main(argv):
    if len(argv) == 5 and argv[1] == "gen":
        gen(int(argv[2]), int(argv[3]), argv[4])
        return 0
    if len(argv) in (4, 6) and argv[1] == "check":
        control = argv[5] if len(argv) == 6 and argv[4] == "--control" \
            else None
        return check(argv[2], argv[3], control)
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
