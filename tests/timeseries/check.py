#!/usr/bin/env python3
"""check.py STORE TSV [--control NAME]: docs/analysis.md's "Over time",
implemented again from the store (Python's sqlite3 and statistics), and
compared with the warmup, steadiness, stall and includes_warmup rows of
`benchsite summary --format tsv` (the file TSV).  Exit 0 when they agree,
1 (naming what differs) when not.

--control NAME breaks one rule on purpose, so that the test can see that
the check would catch a wrong implementation: band20 (a 20% band),
noself (a report need not itself be in the band to start the steady
part), stallat (a stall begins at its first report), wholecv (the
steadiness of every report).
"""
import sqlite3
import statistics
import struct
import sys


def expected(t, v, higher, reported, control):
    n = len(v)
    rows = []
    if n < 5:
        return rows
    m = statistics.median(v[n // 2:])
    if all(x == v[0] for x in v):
        return [("warmup", 0.0, m)]
    share = 0.2 if control == "band20" else 0.1

    def inside(x):
        return abs(x - m) <= share * abs(m)

    roll = [statistics.median(v[max(0, j - 2):j + 3]) for j in range(n)]
    w = None
    for i in range(n):
        if (control == "noself" or inside(v[i])) and \
                all(inside(roll[j]) for j in range(i, n)):
            w = i
            break
    if w is not None:
        rows.append(("warmup", t[w - 1] if w > 0 else 0.0, m))
    start = w if w is not None else n // 2
    part = v if control == "wholecv" else v[start:]
    if len(part) >= 2 and statistics.fmean(part) != 0:
        cv = statistics.stdev(part) / abs(statistics.fmean(part))
        rows.append(("steadiness", cv * 100, m))
    if higher and m > 0:
        said = 0
        i = start
        while i < n:
            if v[i] < 0.1 * m:
                j = i
                while j < n and v[j] < 0.1 * m:
                    j += 1
                if control == "stallat":
                    at = t[i]
                else:
                    at = t[i - 1] if i > 0 else 0.0
                if said < 4:
                    rows.append(("stall", t[j - 1] - at, at))
                said += 1
                i = j
            else:
                i += 1
        if w is not None and w > 0 and reported is not None:
            whole = statistics.fmean(v)
            steady = statistics.fmean(v[w:])
            if abs(whole - steady) > 0.02 * abs(steady) and \
                    abs(reported - whole) < abs(reported - steady):
                rows.append(("includes_warmup", reported, steady))
    return rows


def main():
    store, tsv = sys.argv[1], sys.argv[2]
    control = sys.argv[4] if len(sys.argv) > 4 else None
    db = sqlite3.connect(store)
    runs = {}
    for rid, label in db.execute("SELECT id, label FROM run ORDER BY id"):
        runs.setdefault(label, []).append(rid)
    want = {}
    cols = db.execute("SELECT DISTINCT test, metric, better FROM result "
                      "WHERE value IS NOT NULL").fetchall()
    for test, metric, better in cols:
        for label, ids in runs.items():
            sums = []
            for rid in ids:
                rows = sorted((tv for (data,) in db.execute(
                    "SELECT data FROM sample WHERE run_id = ? AND "
                    "test = ? AND metric = ? ORDER BY rowid",
                    (rid, test, metric))
                    for tv in struct.iter_unpack("<dd", data)),
                    key=lambda tv: tv[0])
                for i, (ti, vi) in enumerate(rows):
                    if i == len(sums):
                        sums.append([])
                    sums[i].append((ti, vi))
            if not sums:
                continue
            t = [statistics.fmean(x[0] for x in s) for s in sums]
            v = [statistics.fmean(x[1] for x in s) for s in sums]
            figs = [r[0] for r in db.execute(
                "SELECT value FROM result r JOIN run ON run.id = r.run_id "
                "WHERE run.label = ? AND test = ? AND metric = ? AND "
                "value IS NOT NULL AND status = 'ok'",
                (label, test, metric))]
            reported = statistics.fmean(figs) if figs else None
            for kind, a, b in expected(t, v, better == "higher", reported,
                                       control):
                want.setdefault((test, metric, kind, label), []).append((a, b))
    got = {}
    kinds = ("warmup", "steadiness", "stall", "includes_warmup")
    for line in open(tsv):
        f = line.rstrip("\n").split("\t")
        if len(f) < 10 or f[3] not in kinds:
            continue
        got.setdefault((f[1], f[2], f[3], f[4]), []).append(
            (float(f[7]), float(f[8])))
    bad = 0

    def close(x, y):
        return abs(x - y) <= 1e-9 * max(1.0, abs(x), abs(y))

    for key in sorted(set(want) | set(got)):
        a, b = want.get(key, []), got.get(key, [])
        if len(a) != len(b) or not all(close(p[0], q[0]) and close(p[1], q[1])
                                       for p, q in zip(a, b)):
            print("differs: %s: expected %s, benchsite %s" % (key, a, b))
            bad += 1
    print("%d rows expected, %d given, %d keys differ" %
          (sum(map(len, want.values())), sum(map(len, got.values())), bad))
    sys.exit(1 if bad else 0)


main()
