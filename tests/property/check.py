#!/usr/bin/env python3
"""check.py: the statements of every generated chart against a second,
independent reading of docs/analysis.md ("The statements of a chart",
"Noise", "Too fast to measure", "summary --format tsv").

    check.py [--controls] [--site DIR]... DATA.tsv SUMMARY.tsv SUMMARY.txt

DATA.tsv is what gen.py wrote (the runs), SUMMARY.tsv and SUMMARY.txt what
`benchsite summary` said of them, each --site a `benchsite render` of some
of the stores.  One TAP line per invariant, with its counts.  --controls
also plants one broken rule per invariant in a copy of the real outputs and
prints a TAP line for each: the control must fail exactly the invariant it
breaks, so every check is known to be able to fail.

Nothing here comes from analysis/analysis.c: the family (Welch through
scipy, Holm here), the best-set walk, Fieller's interval and the support
column are computed from the runs as the doc states them.
"""
import warnings
import copy
import glob
import html
import math
import os
import re
import sys
from collections import defaultdict

import numpy as np
from scipy import stats

ALPHA = 0.05
EPS_P = 1e-6        # p-values this close to 0.05 are borderline: skipped
EPS_REL = 1e-9      # relative distances this close to 0.1% / 0.5%: skipped

INV = {
    1: "best set (monotone walk, Holm over all pairs)",
    2: "'no significant difference' only where no test separates",
    3: "near-ties said as they are ('within 0.5%', 'within N%', 'no difference')",
    4: "an interval belongs to its row (low <= ratio <= high, Fieller)",
    5: "the TSV says what the test says (support, kinds, intervals)",
    11: "pages: stars, '(best)' and error bars follow the best set and the table",
}


class Borderline(Exception):
    """A decision that floating point could take either way."""


INV.update({
    6: "fixed figures (a limit's) take part in nothing, run by run",
    8: "headlines and the overall ranking count measurements",
    9: "every chart described; the ranking over the same charts for all",
    10: "two-factor tables star the chart's best set, as the TSV says",
})


# --- the runs ------------------------------------------------------------

# SciPy warns of precision loss for groups of nearly identical runs; the
# p-values it then gives are compared only away from the thresholds (the
# borderline skip), so the warning says nothing the counts do not
warnings.filterwarnings("ignore", message="Precision loss occurred")

def limit_fixed(metric, value, command, version):
    """True when a sysbench run's figure is its limit (docs/analysis.md,
    "Figures that measure nothing"), False when it measured something;
    Borderline just short of the time limit, whose "1% short" this
    reading does not try to settle."""
    if metric == "total_time":
        if command:
            m = re.search(r"--(?:max-)?time=(\d+(?:\.\d+)?)", command)
            lim = float(m.group(1)) if m else \
                10.0 if version.startswith("1.") else None
            if not lim:
                return False
            if value >= lim * 0.99:
                return True
            if value < lim * 0.985:
                return False
            raise Borderline("total time %g at limit %g" % (value, lim))
        w = math.floor(value)
        if w < 1:
            return False
        edge = value - w - (0.001 * w + 0.03)
        if abs(edge) < 1e-7:
            raise Borderline("total time %g" % value)
        return edge <= 0
    if metric == "total_events":
        if command:
            m = re.search(r"--(?:events|max-requests)=(\d+)", command)
            lim = int(m.group(1)) if m else \
                10000 if version.startswith(("0.4", "0.5")) else None
            return bool(lim) and value == lim
        return value == 10000
    return False


def read_data(paths):
    """{store: {(test, metric): chart}}; a chart holds better, unit and
    groups {label: {"vals": [...], "runs": [...], "fixed": [...],
    "toofast": bool}}.  A store is the suite, or the run's `store`
    attribute (sysbench stores share the suite); a run with `fs` and
    `mode` (a two-factor store) is in group "FS / MODE".  Also returns
    {store: "sysbench" | "split" | "plain"} and the per-run figures
    {store: {(test, metric): {run: value}}}."""
    stores = defaultdict(dict)
    kind = {}
    byrun = defaultdict(lambda: defaultdict(dict))
    for path in paths.split(","):
        with open(path) as f:
            head = f.readline().rstrip("\n").split("\t")
            ix = {c: i for i, c in enumerate(head)}
            for line in f:
                r = line.rstrip("\n").split("\t")
                at = {c: r[i] for c, i in ix.items()}
                st = at.get("store") or at["suite"]
                kind[st] = "sysbench" if "store" in at else \
                    "split" if "mode" in at else "plain"
                label = "%s / %s" % (at["fs"], at["mode"]) \
                    if "mode" in at else at["label"]
                key = (at["test"], at["metric"])
                ch = stores[st].setdefault(
                    key, {"better": at["better"], "unit": at["unit"],
                          "groups": {}, "err": None})
                g = ch["groups"].setdefault(label, {
                    "vals": [], "runs": [], "fixed": [], "toofast": False})
                if at["status"] == "too-fast":
                    g["toofast"] = True
                    continue
                v = float(at["value"])
                fixed = False
                if kind[st] == "sysbench":
                    try:
                        fixed = limit_fixed(at["metric"], v,
                                            at.get("command", ""),
                                            at.get("tool_version", ""))
                    except Borderline as e:
                        ch["err"] = str(e)
                # "the ratio of the two figures of every run": a run's
                # fixed figure too
                byrun[st][key][at["run"]] = v
                if fixed:
                    g["fixed"].append(v)
                else:
                    g["vals"].append(v)
                    g["runs"].append(at["run"])
    return stores, kind, byrun


def rel(a, b):
    """|a - b| relative to |b| (b the reference figure)."""
    if b == 0:
        return 0.0 if a == 0 else math.inf
    return abs(a - b) / abs(b)


def within(a, b, share):
    r = rel(a, b)
    if r != math.inf and abs(r - share) <= EPS_REL * max(1.0, share):
        raise Borderline("%g vs %g at %g" % (a, b, share))
    return r <= share


def fieller(num, den):
    """95% interval of mean(num) / mean(den), Welch-Satterthwaite df; None
    when unbounded (den cannot be told from 0) or when it holds 0 (num
    cannot): neither says how many times one figure is the other."""
    a, b = np.mean(num), np.mean(den)
    va = np.var(num, ddof=1) / len(num)
    vb = np.var(den, ddof=1) / len(den)
    if va + vb == 0:
        return (a / b, a / b) if b != 0 else None
    df = (va + vb) ** 2 / (va ** 2 / (len(num) - 1) + vb ** 2 / (len(den) - 1))
    t = stats.t.ppf(0.975, df)
    q = b * b - t * t * vb
    if q <= 0 or a * a - t * t * va <= 0:
        return None
    disc = a * a * b * b - q * (a * a - t * t * va)
    if disc < 0:
        return None
    s = math.sqrt(disc)
    lo, hi = (a * b - s) / q, (a * b + s) / q
    return (min(lo, hi), max(lo, hi))


class Chart:
    """One chart of one store, analysed from its runs by the doc's rules."""

    def __init__(self, suite, key, ch):
        self.suite, self.key = suite, key
        self.higher = ch["better"] == "higher"
        self.order = sorted(ch["groups"])          # g01, g02, ...: natural
        self.toofast = [g for g in self.order if ch["groups"][g]["toofast"]]
        # runs a limit fixed: per group, their figures; a group all of
        # whose runs were fixed has no figure (not measured)
        self.fixedv = {g: ch["groups"][g]["fixed"] for g in self.order
                       if ch["groups"][g]["fixed"]}
        self.allfixed = [g for g in self.fixedv
                         if not ch["groups"][g]["vals"]
                         and not ch["groups"][g]["toofast"]]
        self.vals = {g: np.array(ch["groups"][g]["vals"]) for g in self.order
                     if not ch["groups"][g]["toofast"]
                     and ch["groups"][g]["vals"]}
        self.measured = [g for g in self.order if g in self.vals]
        self.fig = {g: float(np.mean(v)) for g, v in self.vals.items()}
        self.n = {g: len(v) for g, v in self.vals.items()}
        self.borderline = ch.get("err")
        if self.borderline:
            return
        try:
            self._family()
            self._best()
        except Borderline as e:
            self.borderline = str(e)

    def _family(self):
        """differs[(a, b)] for every pair of measured groups with n >= 2 on
        both sides; Holm over all of them."""
        tested = [(a, b) for i, a in enumerate(self.measured)
                  for b in self.measured[i + 1:]
                  if self.n[a] >= 2 and self.n[b] >= 2]
        self.differs = {}
        if not tested:
            return
        for a, b in tested:
            if np.var(self.vals[a]) == 0 and np.var(self.vals[b]) == 0:
                raise Borderline("two groups without variance")
        p = np.array([stats.ttest_ind(self.vals[a], self.vals[b],
                                      equal_var=False).pvalue
                      for a, b in tested])
        m = len(p)
        order = np.argsort(p, kind="stable")
        adj = np.empty(m)
        run = 0.0
        for i, j in enumerate(order):
            run = max(run, min(1.0, (m - i) * p[j]))
            adj[j] = run
        for (a, b), q in zip(tested, adj):
            if abs(q - ALPHA) < EPS_P:
                raise Borderline("Holm p %g" % q)
            self.differs[(a, b)] = self.differs[(b, a)] = q < ALPHA
        self.padj = {pair: q for pair, q in zip(tested, adj)}

    def tested(self, a, b):
        return (a, b) in self.differs

    def diff(self, a, b):
        return self.differs.get((a, b), False)

    def better(self, a, b):
        """1 when figure a is better than figure b."""
        return self.fig[a] > self.fig[b] if self.higher else \
            self.fig[a] < self.fig[b]

    def _best(self):
        # "Figures that measure nothing": one measured group beside a
        # too-fast one is compared (the summary counts it so)
        self.compared = len(self.measured) >= 2 or \
            (len(self.measured) == 1 and bool(self.toofast))
        rank = sorted(self.measured, key=lambda g: -self.fig[g]
                      if self.higher else self.fig[g])   # stable: group order
        # a tie of all: a chart with a too-fast group is still compared
        # (the too-fast group has no figure to tie; the summary counts it)
        if len(self.measured) >= 2 and not self.toofast and all(within(self.fig[g], self.fig[rank[0]],
                                        0.001) for g in self.measured):
            self.compared = False          # a tie of all: not compared
        self.rank = rank
        best = rank[:1]
        for g in rank[1:]:
            if any(self.diff(b, g) for b in best):
                break
            if within(self.fig[g], self.fig[rank[0]], 0.001) or \
                    all(self.tested(b, g) for b in best):
                best.append(g)
            else:
                break
        self.walk = best
        self.best = best if (self.compared and not self.toofast
                             and len(best) < len(self.measured)) else []
        self.first = self.best[0] if self.best else None
        self.near = set()
        if self.best:
            self.near = {g for g in self.measured if g not in self.best and
                         within(self.fig[g], self.fig[self.first], 0.005)}

    def pair_support(self, a, b):
        if self.diff(a, b):
            return "significant"
        if within(self.fig[a], self.fig[b], 0.001):
            return "tie"
        if not self.tested(a, b):
            return "single-run"
        return "not-significant"

    def all_alike(self, groups):
        """every pair among groups tested and none differs"""
        return all(self.tested(a, b) and not self.diff(a, b)
                   for i, a in enumerate(groups) for b in groups[i + 1:])

    def others_support(self, x, others, holds1):
        """holds1: the interval of x's ratio to the others' mean holds 1
        (benchsite's own interval of that row: the doc does not say how
        an interval of a ratio to a mean of means is had)"""
        t = [o for o in others if self.tested(x, o)]
        d = [o for o in t if self.diff(x, o)]
        if len(t) == len(others) and not d:
            return "not-significant"
        if len(d) == len(others):
            return "partial" if holds1 else "significant"
        if not t:
            return "single-run"
        return "partial"

    def ratio_ci(self, a, b):
        """Fieller interval of the row's ratio, |fig a| >= |fig b|: None
        when a side has one run or it is unbounded."""
        if self.n[a] < 2 or self.n[b] < 2:
            return None
        num, den = self.vals[a], self.vals[b]
        if abs(self.fig[a]) < abs(self.fig[b]):
            num, den = den, num
        if np.mean(num) < 0:
            num, den = -num, -den
        return fieller(num, den)


# --- what benchsite said -------------------------------------------------

def read_tsv(path):
    rows = defaultdict(list)
    wide = defaultdict(list)
    read_tsv.split = defaultdict(list)
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            r = dict(zip(head, line.rstrip("\n").split("\t")))
            if r.get("split"):
                read_tsv.split[(r["comparison"], (r["test"], r["metric"]),
                                r["split"])].append(r)
                continue
            if r["test"] or r["metric"]:
                rows[(r["comparison"], (r["test"], r["metric"]))].append(r)
            else:
                wide[r["comparison"]].append(r)
    return head, rows, wide


def read_text(path):
    """{(comparison, (test, metric)): the chart's line}; read_text.store
    holds, per comparison, its charts in the order said, its notes (the
    lines in parentheses), its "overall:" line and the two-factor lines
    ("    on X: ...") under each chart."""
    lines = {}
    comp = None
    read_text.store = defaultdict(lambda: {"order": [], "notes": [],
                                           "overall": None, "sub": {}})
    key = None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith(" "):
                comp = line
                continue
            if comp is None:
                continue
            st = read_text.store[comp]
            if line.startswith("  Overall: "):
                st["overall"] = line[len("  Overall: "):]
                continue
            if line.startswith("  ("):
                st["notes"].append(line[2:])
                continue
            if line.startswith("    ") and key:
                # "On X: Best: ..." read as "on X: best: ...": a
                # sentence's capital is titles.test.sh's to check
                sub = line.strip()
                k = sub.find(": ")
                if k > 0:
                    sub = uncap(sub[:k + 2]) + uncap(sub[k + 2:])
                st["sub"].setdefault(key, []).append(sub)
                continue
            # "  TEST METRIC: ..." or, titled, "  TITLE (TEST METRIC): ..."
            m = re.match(r"  .* \(([^\s()]+) ([^\s()]+)\): (.*)$", line) or \
                re.match(r"  (\S+) (\S+): (.*)$", line)
            if m:
                key = (m.group(1), m.group(2))
                lines[(comp, key)] = uncap(m.group(3))
                st["order"].append(key)
    return lines


def uncap(s):
    """A sentence as the checks read it: its first letter in lower case
    (the groups here are gNN, so a capital is the sentence's own)."""
    return s[:1].lower() + s[1:]


NAMES = r"((?:g\d\d)(?:(?:, | and )g\d\d)*)"


def names(s):
    return re.findall(r"g\d\d", s)


def num(s):
    return float(s) if s not in ("", None) else None


# --- the invariants of one chart -----------------------------------------

def check_chart(c, rows, text, outliers, fails):
    """Appends (invariant, message) to fails for each broken rule; returns
    the number of statements looked at per invariant."""
    seen = defaultdict(int)

    def bad(i, msg):
        fails.append((i, "%s %s %s: %s" % (c.suite, c.key[0], c.key[1], msg)))

    # rows that name a group a limit fixed are invariant 6's
    rows = [r for r in rows if r["kind"] != "fixed" and
            r["subject"] not in c.allfixed and
            r["reference"] not in c.allfixed]

    # 1: the best rows are the best set
    got = [r["subject"] for r in rows if r["kind"] == "best"]
    seen[1] += 1
    if sorted(got) != sorted(c.best):
        bad(1, "best rows %s, the set is %s (figures %s)" % (
            got, c.best, {g: c.fig[g] for g in c.rank[:len(c.walk) + 1]}))
    for g in got:
        if g in c.measured and any(c.diff(g, h) and c.better(h, g)
                                   for h in c.measured):
            bad(1, "%s is best while a group beats it significantly" % g)
    # a ratio needs two figures above zero: a zero, a negative figure or
    # a negative best gives none
    vs = sorted(r["subject"] for r in rows if r["kind"] == "vs-best"
                and r["ratio"])
    want = sorted(g for g in c.measured if g not in c.best and
                  c.fig[g] > 0 and c.fig[c.first] > 0) if c.best else []
    seen[1] += 1
    if vs != want:
        bad(1, "vs-best rows for %s, want %s" % (vs, want))

    others = [g for g in c.measured if g not in outliers]

    # 2: "no significant difference" only where nothing differs
    for m in re.finditer(r"no significant difference between (g\d\d) and "
                         r"the other (\d+)", text):
        seen[2] += 1
        x = m.group(1)
        if not all(c.tested(x, o) and not c.diff(x, o)
                   for o in others if o != x):
            bad(2, "'%s' while the family separates or did not test some pair"
                % m.group(0))
    for m in re.finditer(r"no significant difference between (g\d\d) "
                         r"\([^)]*\) and (g\d\d)", text):
        seen[2] += 1
        if not c.all_alike([m.group(1), m.group(2)]):
            bad(2, "'%s' while the test separates them" % m.group(0))
    m = re.search(r"best: " + NAMES + r", no significant difference", text)
    if m:
        seen[2] += 1
        if not c.all_alike(names(m.group(1))):
            bad(2, "'%s' while some pair among them differs or is untested"
                % m.group(0))
    m = re.search(r"(they|the others) do not differ significantly", text)
    if m:
        seen[2] += 1
        span = c.measured if m.group(1) == "they" else others
        if not c.all_alike(span):
            bad(2, "'%s' (%s) while some pair among them differs" %
                (m.group(0), span))
    for r in rows:
        if r.get("support") != "not-significant":
            continue
        seen[2] += 1
        k = r["kind"]
        if r["reference"] == "others":
            span = None
            if not all(c.tested(r["subject"], o) and
                       not c.diff(r["subject"], o)
                       for o in others if o != r["subject"]):
                bad(2, "%s row %s/others not-significant while the family "
                    "separates it from one of them" % (k, r["subject"]))
        elif r["kind"] == "spread":
            span = None   # the ends, or every pair: invariant 5 decides
        else:
            span = [r["subject"], r["reference"] if r["reference"] != "best"
                    else c.first]
        if span and not c.all_alike(span):
            bad(2, "%s row %s/%s not-significant while the family separates "
                "them" % (k, r["subject"], r["reference"]))

    # an outlier the test separates from some of the others: each group
    # is named where its test puts it
    for m in re.finditer(r"(g\d\d) is [\d.]+x \w+ than the other \d+ "
                         r"\(([^()]*)\)", text):
        x, inside = m.group(1), m.group(2)
        parts = {"sig": r"significantly \w+ than " + NAMES,
                 "not": r"not than " + NAMES,
                 "untested": r"untested against " + NAMES}
        named = {w: set(names(q.group(1))) if q else set()
                 for w, q in ((w, re.search(rx, inside))
                              for w, rx in parts.items())}
        if not any(named.values()):
            continue
        seen[2] += 1
        rest = {o for o in others if o != x}
        want = {"sig": {o for o in rest if c.diff(x, o)},
                "not": {o for o in rest if c.tested(x, o) and
                        not c.diff(x, o)},
                "untested": {o for o in rest if not c.tested(x, o)}}
        if named != want:
            bad(2, "'%s': the family says %s" % (m.group(0), {
                w: sorted(v) for w, v in want.items()}))

    # 4: the interval of "Y was 1.2x slower in these runs" is Y's over X's
    for m in re.finditer(r"no significant difference between (g\d\d) "
                         r"\([^)]*\) and (g\d\d) \([^)]*\)[^;]*; (g\d\d) "
                         r"was ([\d.,]+)x \w+ in these runs; 95% interval "
                         r"([\d.,]+)x-([\d.,]+)x", text):
        seen[4] += 1
        x, y, w = m.group(1), m.group(2), m.group(3)
        other = x if w == y else y
        ci = c.ratio_ci(w, other)
        lo, hi = m.group(5).replace(",", ""), m.group(6).replace(",", "")
        ulp = lambda t: 10 ** -len(t.split(".")[1]) if "." in t else 1
        if w not in (x, y) or c.better(w, other) or ci is None or \
                abs(float(lo) - ci[0]) > ulp(lo) or \
                abs(float(hi) - ci[1]) > ulp(hi):
            bad(4, "'%s': the interval of %s over %s is %s" % (
                m.group(0), w, other, ci))

    # 3: near-ties from the best figure; shares rounded up
    m = re.search(r"with " + NAMES + r" within 0\.5%", text)
    said = set(names(m.group(1))) if m else set()
    seen[3] += 1
    if said != c.near:
        bad(3, "'within 0.5%%' names %s; within 0.5%% of %s's figure and "
            "outside the best set: %s" % (sorted(said), c.first,
                                          sorted(c.near)))
    for m in re.finditer(r"no difference between (g\d\d) \([^)]*\) and "
                         r"(g\d\d)", text):
        seen[3] += 1
        if not within(c.fig[m.group(1)], c.fig[m.group(2)], 0.001) or \
                c.diff(m.group(1), m.group(2)):
            bad(3, "'%s' beyond 0.1%%" % m.group(0))
    for m in re.finditer(r"(?:(the others|they|all) are )?within "
                         r"(\d+(?:\.\d+)?)% of (each other|the other \d+)",
                         text):
        seen[3] += 1
        share = float(m.group(2))
        if m.group(3) == "each other":
            span = others if m.group(1) == "the others" else c.measured
            f = [abs(c.fig[g]) for g in span]
            actual = 100 * (max(f) / min(f) - 1)
        else:
            x = text[:m.start()].rsplit(";", 1)[-1].strip().split(" ")[0]
            rest = [c.fig[o] for o in others if o != x]
            mean = sum(rest) / len(rest)
            actual = 100 * (max(abs(c.fig[x]), abs(mean)) /
                            min(abs(c.fig[x]), abs(mean)) - 1)
        up = math.ceil(actual * 10 - 1e-9) / 10
        if abs(actual * 10 - round(actual * 10)) < 1e-7:
            continue       # on a decimal: either rounding reads true
        if share != up:
            bad(3, "'%s' for %.4f%% (rounded up: %.1f%%)" % (m.group(0),
                                                            actual, up))

    # 4 and 5: every row
    for r in rows:
        k = r["kind"]
        ratio, lo, hi = num(r["ratio"]), num(r["ratio_low"]), \
            num(r["ratio_high"])
        if ratio is not None:
            seen[4] += 1
            if (lo is None) != (hi is None):
                bad(4, "%s %s: one end of an interval" % (k, r["subject"]))
            elif lo is not None and not lo <= ratio <= hi:
                bad(4, "%s %s/%s: ratio %s outside %s-%s" % (
                    k, r["subject"], r["reference"], ratio, lo, hi))
        if k in ("faster", "slower") and r.get("support") == "not-significant":
            bad(5, "%s row %s not-significant" % (k, r["subject"]))
        if k == "spread" and r["subject"] == r["reference"]:
            bad(5, "spread of %s to itself" % r["subject"])
        # the pair the row rests on, and what the doc says of it
        a = r["subject"]
        b = r["reference"] if r["reference"] in c.fig else \
            c.first if r["reference"] == "best" else None
        want = None
        if k in ("faster", "same", "vs-best") and b:
            want = c.pair_support(a, b)
        elif k == "spread" and b:
            span = c.measured if set(c.measured) <= {a, b} or \
                len(others) < 2 else others
            hi_g = max(span, key=lambda g: c.fig[g])
            lo_g = min(span, key=lambda g: c.fig[g])
            # ends of equal figures: any two groups of them, never one
            # group twice
            ends_ok = a != b and c.fig[a] == c.fig[hi_g] and \
                c.fig[b] == c.fig[lo_g] and a in span and b in span
            if not ends_ok and \
                    (a, b) != (max(c.measured, key=lambda g: c.fig[g]),
                               min(c.measured, key=lambda g: c.fig[g])):
                bad(5, "spread %s to %s, the ends are %s and %s" % (
                    a, b, hi_g, lo_g))
            if not ends_ok:
                span = c.measured
            want = "not-significant" if c.all_alike(span) else \
                c.pair_support(a, b)
        elif r["reference"] == "others" and k in ("faster", "slower", "same"):
            want = c.others_support(a, [o for o in others if o != a],
                                    lo is not None and lo <= 1 <= hi)
        elif k in ("best", "geomean", "outlier", "too-fast", "mixed"):
            want = ""
        if want is not None and ratio is None and k in ("same", "spread"):
            want = ""              # no ratio: states no difference
        if k == "fixed":
            want = ""
        if want is not None:
            seen[5] += 1
            if "support" not in r:
                bad(5, "no support column")
            elif r["support"] != want:
                bad(5, "%s %s/%s: support '%s', the family says '%s'" % (
                    k, a, r["reference"], r["support"], want))
        if b and ratio is not None and k in ("faster", "same", "vs-best",
                                             "spread"):
            seen[5] += 1
            ci = c.ratio_ci(a, b)
            if ci is None and lo is not None:
                bad(5, "%s %s/%s: interval %s-%s where none can be had" % (
                    k, a, b, lo, hi))
            elif ci is not None and lo is None:
                bad(5, "%s %s/%s: no interval, Fieller gives %.4g-%.4g" % (
                    k, a, b, ci[0], ci[1]))
            elif ci is not None:
                seen[4] += 1
                if rel(lo, ci[0]) > 1e-6 or rel(hi, ci[1]) > 1e-6:
                    bad(4, "%s %s/%s: interval %s-%s, Fieller %.10g-%.10g" %
                        (k, a, b, lo, hi, ci[0], ci[1]))
    return seen


# --- 6: figures a limit fixed ---------------------------------------------

def check_fixed(c, rows, text, fails):
    """The rows and sentence of a chart some of whose runs a limit fixed:
    a `fixed` row per such group (its figure when no run was measured,
    empty otherwise), no other row or clause naming a group with no
    measured run, and every figure the mean of the measured runs."""
    def bad(msg):
        fails.append((6, "%s %s %s: %s" % (c.suite, c.key[0], c.key[1],
                                             msg)))
    seen = 0
    frows = {r["subject"]: r for r in rows if r["kind"] == "fixed"}
    if not c.fixedv and not frows:
        return 0
    if not c.measured and not c.toofast:
        # every figure fixed: not compared, "no statement": no row at all
        seen += 1
        if rows:
            bad("a chart of fixed figures only has rows %s" % sorted(
                (r["kind"], r["subject"]) for r in rows))
        if "not compared" not in text or re.search(r"best|\dx ", text):
            bad("a chart of fixed figures only says '%s'" % text)
        return seen
    seen += 1
    if set(frows) != set(c.fixedv):
        bad("fixed rows for %s, runs fixed in %s" % (sorted(frows),
                                                     sorted(c.fixedv)))
    for g, r in frows.items():
        if g not in c.fixedv:
            continue
        seen += 1
        if g in c.allfixed:
            want = float(np.mean(c.fixedv[g]))
            if not r["value"] or rel(float(r["value"]), want) > 1e-9:
                bad("fixed row of %s: value '%s', its figure is %r" % (
                    g, r["value"], want))
        elif r["value"]:
            bad("fixed row of %s, some of whose runs were measured: value "
                "'%s'" % (g, r["value"]))
    for r in rows:
        if r["kind"] == "fixed":
            continue
        seen += 1
        for side in ("subject", "reference"):
            if r[side] in c.allfixed:
                bad("%s row names %s, whose every run a limit fixed" % (
                    r["kind"], r[side]))
        if r["kind"] in ("geomean", "outlier", "mixed", "too-fast"):
            continue
        for side, col in (("subject", "value"),
                          ("reference", "reference_value")):
            g = r[side] if r[side] != "best" else c.first
            if g in c.fixedv and g in c.fig and r[col] and \
                    rel(float(r[col]), c.fig[g]) > 1e-9:
                bad("%s row: %s's figure %s, the mean of its measured runs "
                    "is %r" % (r["kind"], g, r[col], c.fig[g]))
    # the sentence: who stopped at the limit, how many runs were left out
    if not c.measured and not c.toofast:
        seen += 1
        if "not compared" not in text or re.search(r"best|\dx ", text):
            bad("a chart of fixed figures only says '%s'" % text)
        return seen
    said = set()
    rest = text
    for m in re.finditer(r"(g\d\d) (?:all )?stopped at (?:its|their) limit "
                         r"\([^)]*\), so it is not compared(; )?", text):
        said.add(m.group(1))
        rest = rest.replace(m.group(0), "")
    seen += 1
    if said != set(c.allfixed):
        bad("'stopped at its limit, so it is not compared' for %s, every "
            "run fixed in %s" % (sorted(said), sorted(c.allfixed)))
    part = {}
    for m in re.finditer(r"(\d+) of the (\d+) runs of (g\d\d) stopped at "
                         r"(?:its|their) limit and (?:is|are) left out(; )?",
                         text):
        part[m.group(3)] = (int(m.group(1)), int(m.group(2)))
        rest = rest.replace(m.group(0), "")
    want = {g: (len(v), len(v) + c.n[g]) for g, v in c.fixedv.items()
            if g in c.n}
    seen += 1
    if part != want:
        bad("'K of the N runs of X ... left out' says %s, the runs say %s" %
            (part, want))
    for g in c.allfixed:
        if re.search(r"\b%s\b" % g, rest):
            bad("%s, whose every run a limit fixed, is named in '%s'" % (
                g, rest))
    return seen


# --- 8 and 9: measurements, headline, the overall ranking -------------------

def measurements(order, charts, byrun):
    """[[key, ...], ...]: the charts of one test whose figures are
    proportional run by run (every run's ratio within 0.5% of every
    other's), each list in the order said, its first chart first."""
    meas = []
    for k in order:
        home = None
        for m in meas:
            if m[0][0] != k[0]:
                continue
            a, b = byrun.get(m[0], {}), byrun.get(k, {})
            both = [r for r in a if r in b]
            # one run shared is no evidence of proportion (the summary
            # does not merge on it)
            if len(both) < 2 or any(a[r] <= 0 or b[r] <= 0 for r in both):
                continue
            q = [a[r] / b[r] for r in both]
            spread = max(q) / min(q) - 1
            if abs(spread - 0.005) < 1e-7:
                raise Borderline("proportional at 0.5%")
            if spread <= 0.005:
                home = m
                break
        if home:
            home.append(k)
        else:
            meas.append([k])
    return meas


def chart_outliers(c):
    """the groups the doc's rule makes outliers of chart c"""
    f = {g: c.fig[g] for g in c.measured}
    if len(f) < 3:
        return set()
    med = float(np.median(list(f.values())))
    mad = float(np.median([abs(v - med) for v in f.values()]))
    out = set()
    for g, v in f.items():
        if v == med:
            continue
        if v == 0 or med == 0 or (v > 0) != (med > 0):
            ratio = math.inf
        else:
            ratio = max(abs(v), abs(med)) / min(abs(v), abs(med))
        if ratio != math.inf and abs(ratio - 1.5) < 1e-9:
            raise Borderline("outlier ratio 1.5")
        far = True
        if mad > 0:
            if abs(abs(v - med) / mad - 3.5) < 1e-9:
                raise Borderline("3.5 deviations")
            far = abs(v - med) / mad > 3.5
        elif ratio == math.inf:
            far = True
        if ratio >= 1.5 and far:
            out.add(g)
    return out


def check_store(suite, cs, byrun, wide, st, lines, fails):
    """Invariants 8 and 9 over one comparison: cs its charts {key: Chart},
    st what read_text kept of it, wide its rows without a chart."""
    seen = defaultdict(int)

    def bad(i, msg):
        fails.append((i, "%s: %s" % (suite, msg)))
    order = [k for k in st["order"] if k in cs]
    groups = sorted({g for c in cs.values() for g in c.order})
    if len(groups) == 1 and any(n.startswith("(Only one group (%s): nothing "
                                             "to compare" % groups[0])
                                for n in st["notes"]):
        # a comparison of one group says so once (3571a5f; the doc still
        # says it per chart: DISAGREEMENTS.md)
        seen[9] += 1
        said = [k for k in order if not cs[k].toofast or
                re.search(r"best|\dx ", lines.get((suite, k), ""))]
        if said:
            bad(9, "one group, yet chart lines %s" % said)
        return seen
    if len(order) != len(cs):
        seen[9] += 1
        bad(9, "charts %s have no line" % sorted(set(cs) - set(order)))
        order += sorted(set(cs) - set(order))
    groups = sorted({g for c in cs.values() for g in c.order})
    # 9: every chart described
    for k in order:
        c, text = cs[k], lines.get((suite, k), "")
        seen[9] += 1
        if c.compared:
            if not text or text.startswith(("not compared", "only ")) or \
                    "nothing to compare" in text:
                bad(9, "%s %s is compared and says '%s'" % (k[0], k[1], text))
        elif len(c.measured) == 1 and not c.toofast:
            if "only %s: nothing to compare" % c.measured[0] not in text:
                bad(9, "%s %s has one group (%s) and says '%s'" % (
                    k[0], k[1], c.measured[0], text))
    meas = measurements(order, cs, byrun)
    comp = [m for m in meas if cs[m[0]].compared]
    ncharts = sum(c.compared for c in cs.values())
    ranked = [m for m in comp
              if all(g in cs[m[0]].fig and cs[m[0]].fig[g] > 0
                     for g in groups) and not cs[m[0]].toofast]
    # the geometric means: over the same ranked measurements for everyone
    gm = {}
    if comp and 2 * len(ranked) >= len(comp):
        for g in groups:
            logs = []
            for m in ranked:
                c = cs[m[0]]
                # the ratio of its figure to the best figure (a group of
                # the best set whose figure is not the first's counts its
                # ratio too: see DISAGREEMENTS)
                logs.append(abs(math.log(c.fig[g] / c.fig[c.rank[0]])))
            gm[g] = math.exp(sum(logs) / len(logs)) if logs else None
        gm = {g: v for g, v in gm.items() if v is not None}
    got = {r["subject"]: float(r["ratio"]) for r in wide
           if r["kind"] == "geomean"}
    seen[9] += 1
    if set(got) != set(gm):
        bad(9, "geomean rows for %s, want %s (%d of %d measurements "
            "ranked)" % (sorted(got), sorted(gm), len(ranked), len(comp)))
    for g in set(got) & set(gm):
        seen[8] += 1
        if rel(got[g], gm[g]) > 1e-6:
            bad(8, "geomean of %s %r, over each measurement once %r" % (
                g, got[g], gm[g]))
    for note in st["notes"]:
        m = re.search(r"uses the (\d+) of (\d+) (charts?|measurements?) in "
                      r"which", note) or \
            re.search(r"in only (\d+) of the (\d+) (charts?|measurements?) "
                      r"compared", note)
        if m:
            seen[9] += 1
            if (int(m.group(1)), int(m.group(2))) != (len(ranked),
                                                      len(comp)):
                bad(9, "'%s': %d of %d compared measurements have every "
                    "group" % (m.group(0), len(ranked), len(comp)))
    # 9: outliers of the comparison, zeros among them
    could = defaultdict(int)
    hits = defaultdict(int)
    for c in cs.values():
        if not c.compared or len(c.measured) < 3:
            continue          # two figures cannot make an outlier
        out = chart_outliers(c)
        for g in c.measured:
            could[g] += 1
            hits[g] += g in out
    want = {g for g in could if hits[g] and 2 * hits[g] >= could[g]}
    got_o = {r["subject"] for r in wide if r["kind"] == "outlier"}
    seen[9] += 1
    if want != got_o:
        bad(9, "outlier rows for %s, the doc's rule gives %s" % (
            sorted(got_o), sorted(want)))
    # 8: the headline
    K = defaultdict(int)
    k2 = defaultdict(int)
    for m in comp:
        for g in cs[m[0]].best:
            K[g] += 1
    for c in cs.values():
        if c.compared:
            for g in c.best:
                k2[g] += 1
    line = st["overall"]
    if not K:
        return seen
    top = max(K.values())
    names_w = [g for g in groups if K[g] == top]
    seen[8] += 1
    if line is None:
        bad(8, "no headline; best in %d of %d: %s" % (top, len(comp),
                                                        names_w))
        return seen
    m = re.match(r"(?P<names>" + NAMES + r"): best in (?P<k>\d+) of "
                 r"(?P<m>\d+) (?P<unit>chart|measurement)s?(?: each)?"
                 r"(?: \((?:(?P<k2>\d+) of )?(?P<m2>\d+) charts?; charts of "
                 r"the same counts count once\))?(?P<rest>.*)$", line)
    if not m:
        bad(8, "headline '%s' unread" % line)
        return seen
    unit = "measurement" if any(len(x) > 1 for x in comp) else "chart"
    said = (names(m.group("names")), int(m.group("k")), int(m.group("m")),
            m.group("unit"))
    want = (names_w, top, len(comp), unit)
    if said != want:
        bad(8, "headline '%s': best in %d of %d %ss: %s" % (
            line, top, len(comp), unit, names_w))
    if m.group("m2") and int(m.group("m2")) != ncharts:
        bad(8, "headline '%s': %d charts compared" % (line, ncharts))
    if m.group("k2") and int(m.group("k2")) != k2[said[0][0]]:
        bad(8, "headline '%s': the table stars %s in %d charts" % (
            line, said[0][0], k2[said[0][0]]))
    if gm:
        lo = min(gm.values())
        firsts = [g for g in groups if g in gm and rel(gm[g], lo) < 1e-9]
        r = re.search(r"; (g\d\d) ranks first over all tests", m.group("rest"))
        seen[8] += 1
        if len(firsts) == 1 and len([g for g in gm
                                     if rel(gm[g], lo) < 1e-6]) == 1:
            if firsts[0] not in said[0] and (not r or
                                             r.group(1) != firsts[0]):
                bad(8, "headline '%s' names %s first; %s ranks first (%r)" %
                    (line, said[0][0], firsts[0], lo))
            if firsts[0] in said[0] and r:
                bad(8, "headline '%s': %s is first in both" % (line,
                                                               firsts[0]))
    return seen


# --- 10: two factors ---------------------------------------------------------

def read_pivots(site):
    """{(comparison, (test, metric)): set of starred "BY / SPLIT"} from the
    two-factor tables of the comparison pages."""
    out = {}
    for page in glob.glob(os.path.join(site, "comparison-*.html")):
        s = open(page, encoding="utf-8").read()
        m = re.match(r"comparison-(p\d{5})-", os.path.basename(page))
        if not m:
            continue
        for t in re.findall(r"<table>(.*?)</table>", s, re.S):
            cap = re.search(r'<caption>[^<]*<code class="raw">(\S+) (\S+)</code>',
                            t) or re.search(r"<caption>([^:<]*): ([^ <]*) ", t)
            if not cap:
                continue
            heads = [html.unescape(h) for h in
                     re.findall(r"<th>([^<]*)</th>",
                                t[t.find("<thead>"):t.find("</thead>")])]
            star = set()
            body = t[t.find("<tbody>"):]
            for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S):
                by = html.unescape(re.search(r"<th>([^<]*)</th>",
                                             tr).group(1))
                for j, (_, td) in enumerate(re.findall(
                        r"<td([^>]*)>(.*?)</td>", tr, re.S)):
                    if "★" in td:
                        star.add("%s / %s" % (by, heads[j + 1]))
            out[(m.group(1), (cap.group(1), cap.group(2)))] = star
    return out


def check_split(c, rows, sub, pivot, fails):
    """A chart of a two-factor comparison: its best rows (the whole
    chart's), the table's stars and each split value's best rows."""
    def bad(msg):
        fails.append((10, "%s %s %s: %s" % (c.suite, c.key[0], c.key[1],
                                              msg)))
    seen = 1
    got = sorted(r["subject"] for r in rows if r["kind"] == "best")
    if got != sorted(c.best):
        bad("best rows %s, the best set of all combinations is %s" % (
            got, c.best))
    if pivot is not None:
        seen += 1
        if pivot != set(c.best):
            bad("the two-factor table stars %s, the best set of all "
                "combinations is %s" % (sorted(pivot), c.best))
        if pivot != set(got):
            bad("the two-factor table stars %s, the sentences' best %s" % (
                sorted(pivot), got))
    for split, (subc, srows) in sub.items():
        seen += 1
        got = sorted(r["subject"] for r in srows if r["kind"] == "best")
        if subc.borderline:
            continue
        if got != sorted(subc.best):
            bad("on %s: best rows %s, its groups' best set %s" % (
                split, got, subc.best))
    return seen


# --- pages ---------------------------------------------------------------

def read_pages(site):
    """{(comparison, (test, metric)): {"star": set, "ci": set, "bars":
    [(svg, {label: (best, errbar)})]}} from the test pages of a render
    (test-SUITE-TEST-METRIC-HASH.html: gen.py's names need no slug)."""
    out = {}
    for page in glob.glob(os.path.join(site, "test-*.html")):
        s = open(page, encoding="utf-8").read()
        svgs = sorted(set(re.findall(r'(chart-[^"]*?\.svg)', s)))
        table = s[s.find("<tbody>"):s.find("</tbody>")]
        star, ci, groups = set(), set(), set()
        for tr in re.findall(r"<tr>(.*?)</tr>", table, re.S):
            g = html.unescape(re.search(r"<th>([^<]*)</th>", tr).group(1))
            tds = re.findall(r"<td([^>]*)>(.*?)</td>", tr, re.S)
            groups.add(g)
            if len(tds) >= 8 and "best" in tds[1][0]:
                star.add(g)
            if len(tds) >= 8 and " to " in tds[6][1]:
                ci.add(g)
        bars = []
        for f in svgs:
            svg = open(os.path.join(site, f), encoding="utf-8").read()
            marks, err = {}, False
            for el in re.finditer(r'<g [^>]*class="(w|t)">(.*?)</g>', svg):
                if el.group(1) == "w":
                    err = True
                    continue
                texts = re.findall(r"<text[^>]*>([^<]*)</text>",
                                   el.group(2))
                if len(texts) == 2:
                    marks[html.unescape(texts[0])] = \
                        ("(best)" in texts[1], err)
                err = False
            bars.append((f, marks))
        m = re.match(r"test-(p\d{5})-([^-]+)-([^-]+)-[0-9a-f]+\.html$",
                     os.path.basename(page))
        if m:
            out[(m.group(1), (m.group(2), m.group(3)))] = {
                "star": star, "ci": ci, "bars": bars, "groups": groups}
    return out


def check_page(c, p, fails):
    def bad(msg):
        fails.append((11, "%s %s %s: %s" % (c.suite, c.key[0], c.key[1],
                                              msg)))
    n = 0
    if p["star"] != set(c.best):
        bad("table stars %s, the best set is %s" % (sorted(p["star"]),
                                                   c.best))
    n += 1
    for f, marks in p["bars"]:
        for g, (best, err) in marks.items():
            n += 1
            if best != (g in c.best):
                bad("%s: bar %s %s '(best)', best set %s" % (
                    f, g, "has" if best else "lacks", c.best))
            if err != (g in p["ci"]):
                bad("%s: bar %s %s an error bar, the table %s its interval"
                    % (f, g, "has" if err else "lacks",
                       "shows" if g in p["ci"] else "does not show"))
    return n


# --- main ----------------------------------------------------------------

def run_all(charts, rows, lines, wide, pages):
    fails, seen = [], defaultdict(int)
    skipped = 0
    run_all.bad = set()
    for (suite, key), c in charts.items():
        if c.kind == "split":
            continue
        if c.borderline:
            skipped += 1
            continue
        before = len(fails)
        outliers = {r["subject"] for r in wide.get(suite, [])
                    if r["kind"] == "outlier"}
        s = check_chart(c, rows.get((suite, key), []),
                        lines.get((suite, key), ""), outliers, fails)
        s[6] += check_fixed(c, rows.get((suite, key), []),
                            lines.get((suite, key), ""), fails)
        for i, v in s.items():
            seen[i] += v
        for p in pages.get((suite, key), []):
            seen[11] += check_page(c, p, fails)
        if len(fails) > before:
            run_all.bad.add((suite, key))
    bystore = defaultdict(dict)
    for (suite, key), c in charts.items() if run_all.stores else ():
        if c.kind != "split":
            bystore[suite][key] = c
    for suite, cs in bystore.items():
        if any(c.borderline for c in cs.values()):
            continue
        before = len(fails)
        try:
            s = check_store(suite, cs, run_all.byrun.get(suite, {}),
                            wide.get(suite, []), run_all.store[suite],
                            lines, fails)
        except Borderline:
            skipped += 1
            continue
        for i, v in s.items():
            seen[i] += v
        if len(fails) > before:
            run_all.bad.update((suite, k) for k in cs)
    for (suite, key), c in charts.items():
        if c.kind != "split" or c.borderline:
            continue
        before = len(fails)
        # the analysis of each split value's groups alone
        sub = {}
        for split in {g.split(" / ")[1] for g in c.order}:
            ch = {"better": "higher" if c.higher else "lower", "groups": {}}
            for g in c.order:
                if g.endswith(" / " + split):
                    ch["groups"][g.split(" / ")[0]] = {
                        "vals": list(c.vals.get(g, [])), "fixed": [],
                        "toofast": g in c.toofast}
            subc = Chart(suite, key, ch)
            sub[split] = (subc, run_all.split.get((suite, key, split), []))
        seen[10] += check_split(c, rows.get((suite, key), []), sub,
                                run_all.pivots.get((suite, key)), fails)
        if len(fails) > before:
            run_all.bad.add((suite, key))
    return fails, seen, skipped


def main(argv):
    controls = "--controls" in argv
    argv = [a for a in argv if a != "--controls"]
    sites = []
    while "--site" in argv:
        i = argv.index("--site")
        sites.append(argv[i + 1])
        del argv[i:i + 2]
    data, tsv, txt = argv
    stores, kinds, byrun = read_data(data)
    charts = {(s, k): Chart(s, k, ch) for s, st in stores.items()
              for k, ch in st.items()}
    for (s, k), c in charts.items():
        c.kind = kinds[s]
    head, rows, wide = read_tsv(tsv)
    lines = read_text(txt)
    run_all.store = read_text.store
    run_all.stores = True
    run_all.split = read_tsv.split
    run_all.pivots = {}
    for site in sites:
        run_all.pivots.update(read_pivots(site))
    run_all.byrun = byrun
    pages = defaultdict(list)
    for site in sites:
        for key, p in read_pages(site).items():
            pages[key].append(p)
    fails, seen, skipped = run_all(charts, rows, lines, wide, pages)
    bad_keys = run_all.bad
    by = defaultdict(list)
    for i, msg in fails:
        by[i].append(msg)
    nb = sum(len(c.best) > 0 for c in charts.values() if not c.borderline)
    ntests = sum(len(c.differs) // 2 for c in charts.values()
                 if not c.borderline)
    print("# %d stores, %d charts (%d with a best set), %d pairs tested; "
          "%d charts skipped as borderline (a Holm p within %g of 0.05 or a "
          "figure on a 0.1%%/0.5%% edge)" % (len(stores), len(charts), nb,
                                             ntests, skipped, EPS_P))
    ok_c = [c for c in charts.values() if not c.borderline]
    print("# charts: %d compared, %d with a too-fast group, %d where the "
          "walk takes every measured group, %d of single runs only, %d "
          "with a group within 0.5%% of the best outside the set" % (
              sum(c.compared for c in ok_c),
              sum(bool(c.toofast) for c in ok_c),
              sum(c.compared and len(c.walk) == len(c.measured)
                  for c in ok_c),
              sum(c.compared and max(c.n.values()) == 1 for c in ok_c),
              sum(bool(c.near) for c in ok_c)))
    status = 0
    for i in sorted(INV):
        if i == 11 and not sites:
            continue
        nc = len(charts) - skipped if i != 11 else \
            sum(len(v) for v in pages.values())
        msg = "invariant %d, %s: %d statements over %d charts, %d wrong" % (
            i, INV[i], seen[i], nc, len(by[i]))
        if by[i] or seen[i] == 0:
            print("not ok - " + msg)
            for m in by[i][:int(os.environ.get("PROPERTY_SHOW", "8"))]:
                print("#   " + m)
            status = 1
        else:
            print("ok - " + msg)
    if controls:
        status |= run_controls(charts, rows, lines, wide, pages, bad_keys)
    return status


# --- negative controls ---------------------------------------------------

def failed_invariants(charts, rows, lines, wide, pages, only):
    sub = {k: charts[k] for k in only}
    # a control on one chart: the comparison-wide checks see all of it
    run_all.stores = any(charts[k].kind != "split" and
                         len([x for x in charts if x[0] == k[0]]) == 1
                         for k in only)
    fails, _, _ = run_all(sub, rows, lines, wide, pages)
    run_all.stores = True
    return {i for i, _ in fails}


def run_controls(charts, rows, lines, wide, pages, bad_keys):
    """Each control breaks one rule in a copy of the real outputs of one
    chart that passes every check and where the rule applies, and must
    fail that invariant alone."""
    status = 0
    good = [k for k, c in sorted(charts.items()) if not c.borderline and
            k not in bad_keys]

    def caught(inv, what, where, got):
        """One TAP line: the control planted at where fails invariant inv
        and no other."""
        nonlocal status
        msg = "control for invariant %d (%s) on %s: fails %s" % (
            inv, what, where, sorted(got) if got else "nothing")
        if got == {inv}:
            print("ok - " + msg)
        else:
            print("not ok - " + msg + ", want exactly [%d]" % inv)
            status = 1

    def control(inv, what, pick, mutate, use_pages=False):
        nonlocal status
        for k in good:
            c = charts[k]
            if not pick(c, rows.get(k, []), lines.get(k, ""),
                        pages.get(k, [])):
                continue
            r2, l2, p2 = copy.deepcopy(rows.get(k, [])), lines.get(k, ""), \
                copy.deepcopy(pages.get(k, []))
            r2, l2, p2 = mutate(c, r2, l2, p2)
            if (r2, l2, p2) == (rows.get(k, []), lines.get(k, ""),
                                pages.get(k, [])):
                continue           # the rule had nothing to break here
            R, L, P = dict(rows), dict(lines), dict(pages)
            R[k], L[k], P[k] = r2, l2, p2
            got = failed_invariants(charts, R, L, wide, P, [k])
            caught(inv, what, "%s %s %s" % (k[0], k[1][0], k[1][1]), got)
            return
        print("not ok - control for invariant %d (%s): no chart to plant it "
              "in" % (inv, what))
        status = 1

    def below(c):
        return c.rank[len(c.best)] if c.best and \
            len(c.best) < len(c.rank) else None

    # 1: a best row moved to the group just below the set
    def m1(c, r, l, p):
        g = below(c)
        for x in r:
            if x["kind"] == "best" and x["subject"] == c.best[-1]:
                x["subject"] = g
        return r, l, p
    control(1, "the last best row moved to the group below the set",
            lambda c, r, l, p: below(c) and not c.near and not p and
            "within 0.5%" not in l, m1)

    # 2: a spread the family separates said "do not differ significantly"
    def p2b(c, r, l, p):
        return re.search(r"they range from", l) and \
            any(c.differs.values()) and not c.all_alike(c.measured)
    def m2b(c, r, l, p):
        l = re.sub(r"they range from (.*?), [\d.]+x apart"
                   r"( \(95% interval [^)]*\))?",
                   r"they do not differ significantly (\1)", l)
        return r, l, p
    control(2, "a spread the test separates relabelled 'do not differ "
            "significantly'", p2b, m2b)

    # 3: "within 0.6%" rewritten "within 0.5%"
    def p3(c, r, l, p):
        return c.best and not c.near and any(
            not within(c.fig[g], c.fig[c.first], 0.005) and
            within(c.fig[g], c.fig[c.first], 0.01)
            for g in c.measured if g not in c.best) and \
            "within 0.5%" not in l
    def m3(c, r, l, p):
        g = next(g for g in c.rank if g not in c.best)
        l = re.sub(r"(best: [^;]*?)(;|\.$)", r"\1, with %s within 0.5%%\2" % g,
                   l, count=1)
        return r, l, p
    control(3, "a group 0.5-1% behind the best said 'within 0.5%'", p3, m3)

    # 3: a share rounded down: "within 0.6%" written "within 0.5%"
    def p3b(c, r, l, p):
        return re.search(r"within (\d+\.[1-9])% of each other", l)
    def m3b(c, r, l, p):
        m = re.search(r"within (\d+\.[1-9])% of each other", l)
        low = "%.1f" % (float(m.group(1)) - 0.1)
        l = l[:m.start(1)] + low + l[m.end(1):]
        return r, l, p
    control(3, "a share 'within N%' written 0.1 lower", p3b, m3b)

    # 4: ratio_low and ratio_high swapped on one row
    def p4(c, r, l, p):
        return any(x["ratio_low"] and float(x["ratio_low"]) <
                   float(x["ratio_high"]) for x in r)
    def m4(c, r, l, p):
        for x in r:
            if x["ratio_low"] and float(x["ratio_low"]) < \
                    float(x["ratio_high"]):
                x["ratio_low"], x["ratio_high"] = x["ratio_high"], \
                    x["ratio_low"]
                break
        return r, l, p
    control(4, "ratio_low and ratio_high swapped on one row", p4, m4)

    # 5: a not-significant spread relabelled significant
    def p5(c, r, l, p):
        return any(x["kind"] == "spread" and
                   x.get("support") == "not-significant" for x in r)
    def m5(c, r, l, p):
        for x in r:
            if x["kind"] == "spread" and x.get("support") == \
                    "not-significant":
                x["support"] = "significant"
        return r, l, p
    control(5, "a not-significant spread relabelled significant", p5, m5)

    # 11: an error bar drawn whatever the table says
    def p11(c, r, l, p):
        return p and any(g not in p[0]["ci"] for _, marks in p[0]["bars"]
                         for g in marks)
    def m11(c, r, l, p):
        for f, marks in p[0]["bars"]:
            for g in marks:
                marks[g] = (marks[g][0], True)
        return r, l, p
    control(11, "an error bar drawn on every bar, interval or not", p11, m11,
            True)

    # 6: the fixed row of a group whose every run a limit fixed dropped
    def p6(c, r, l, p):
        return c.compared and c.allfixed and any(
            x["kind"] == "fixed" and x["subject"] in c.allfixed for x in r)
    def m6(c, r, l, p):
        return [x for x in r if not (x["kind"] == "fixed" and
                                     x["subject"] == c.allfixed[0])], l, p
    control(6, "the fixed row of a group stopped at its limit dropped",
            p6, m6)

    # 8 and 9: comparison-wide, on a copy of one comparison's lines
    def store_control(inv, what, pick, mutate):
        nonlocal status
        bystore = defaultdict(dict)
        for k in good:
            if charts[k].kind != "split":
                bystore[k[0]][k[1]] = charts[k]
        for suite, cs in sorted(bystore.items()):
            if len(cs) != len([k for k in charts if k[0] == suite]):
                continue
            st = run_all.store[suite]
            if not pick(cs, st):
                continue
            st2 = copy.deepcopy(st)
            mutate(cs, st2)
            fails = []
            try:
                check_store(suite, cs, run_all.byrun.get(suite, {}),
                            wide.get(suite, []), st2, lines, fails)
            except Borderline:
                continue
            caught(inv, what, suite, {i for i, _ in fails})
            return
        print("not ok - control for invariant %d (%s): nowhere to plant it"
              % (inv, what))
        status = 1

    rx8 = r"best in (\d+) of (\d+) measurements?( each)? \((?:\d+ of )?" \
        r"(\d+) charts?; charts of the same counts count once\)"
    def m8(cs, st):
        m = re.search(rx8, st["overall"])
        st["overall"] = st["overall"].replace(
            m.group(0), "best in %s of %s charts%s" % (
                sum(1 for c in cs.values() if c.compared and
                    c.best and c.best[0] in names(st["overall"])[:1]),
                m.group(4), m.group(3) or ""))
    store_control(8, "a headline that counts charts where charts of the "
                  "same counts are one measurement",
                  lambda cs, st: st["overall"] and
                  re.search(rx8, st["overall"]), m8)

    def p9(cs, st):
        return any(c.compared and any(v <= 0 for v in c.fig.values())
                   for c in cs.values())
    def m9(cs, st):
        k = next(k for k in st["order"] if cs[k].compared and
                 any(v <= 0 for v in cs[k].fig.values()))
        st["order"].remove(k)
    store_control(9, "a compared chart with a zero or negative figure "
                  "vanishes", p9, m9)

    # 10: a two-factor table's star moved off the best set
    for k in sorted(run_all.pivots):
        c = charts.get(k)
        if not c or c.borderline or k in bad_keys or not c.best or \
                len(c.best) == len(c.measured):
            continue
        other = next(g for g in c.measured if g not in c.best)
        piv = dict(run_all.pivots)
        piv[k] = (piv[k] - {c.best[0]}) | {other}
        saved, run_all.pivots = run_all.pivots, piv
        got = failed_invariants(charts, rows, lines, wide, pages, [k])
        run_all.pivots = saved
        msg = "control for invariant 10 (a two-factor table stars a " \
            "combination outside the best set) on %s %s %s: fails %s" % (
                k[0], k[1][0], k[1][1], sorted(got) if got else "nothing")
        print(("ok - " if got == {10} else "not ok - ") + msg)
        status |= got != {10}
        break
    else:
        print("not ok - control for invariant 10: no two-factor table")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
