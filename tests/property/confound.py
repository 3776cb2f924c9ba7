#!/usr/bin/env python3
"""confound.py gen SEED N OUT.tsv | check OUT.tsv SUMMARY.txt SITE [--control]

Invariant 7 (tests/property.test.sh) on generated stores: a comparison whose groups also
differ in something besides their grouping says so.  Each store is a suite
of its own, its runs grouped by label (the default comparison), carrying
host, tool_version and a benchmark option (opt) that are the same in every
group, differ between groups, or are recorded by some groups only; within a
group they never differ (that would be a mixture, another rule).

check reads what `benchsite summary` said of each store and, for the
rendered ones, the comparison page, and holds them to docs/analysis.md
("Like with like"): "The groups also differ in K..." names exactly the
attributes whose values differ between groups that all recorded them
(up to the sentence's first few), "only some groups recorded K" those some
groups lack; no such sentence where nothing differs; a page whose groups
differ has the systems table with a row for each of them.  --control
plants one violation (a sentence dropped) and expects the check to fail.
"""
import glob
import html
import random
import re
import sys

KEYS = ["host", "tool_version", "opt"]
# docs/analysis.md: the sentence names its first few keys, then "and N more"
SENTENCE_KEYS = 3


def gen(seed, n, path):
    rng = random.Random(seed)
    rows = ["run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\t"
            + "\t".join(KEYS)]
    run = 0
    for idx in range(n):
        suite = "c%04d" % idx
        k = rng.randint(2, 5)
        # per key: same everywhere, one value per group, or some lacking
        mode = {key: rng.choice(["same", "same", "differ", "some"])
                for key in KEYS}
        for g in range(k):
            vals = []
            for key in KEYS:
                if mode[key] == "same":
                    vals.append("v")
                elif mode[key] == "differ":
                    vals.append("v%d" % rng.randint(0, 1) if g else "v0")
                else:
                    vals.append("" if g % 2 else "v")
            for r in range(rng.randint(1, 3)):
                run += 1
                rows.append("\t".join([str(run), "g%d" % g, suite, "t",
                                       "rate", "%.3f" % rng.uniform(90, 110),
                                       "1/s", "higher", "ok"] + vals))
    with open(path, "w") as f:
        f.write("\n".join(rows) + "\n")


def expected(path):
    """suite -> (keys that differ, keys some groups lack)"""
    groups = {}
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            r = dict(zip(head, line.rstrip("\n").split("\t")))
            g = groups.setdefault(r["suite"], {}).setdefault(r["label"], {})
            for key in KEYS:
                g[key] = r[key]
    out = {}
    for suite, gs in groups.items():
        differ, some = set(), set()
        for key in KEYS:
            vals = [g[key] for g in gs.values()]
            have = [v for v in vals if v != ""]
            if len(have) < len(vals) and have:
                some.add(key)
            elif len(set(have)) > 1:
                differ.add(key)
        out[suite] = (differ, some)
    return out


def said(summary):
    """suite -> the notes' text"""
    out, cur = {}, None
    with open(summary) as f:
        for line in f:
            if not line.startswith(" ") and line.strip():
                cur = line.strip()
                out[cur] = ""
            elif cur and line.startswith("  ("):
                out[cur] += line.strip()[1:-1] + "\n"
    return out


def named(text, lead):
    """the keys a sentence starting with lead names"""
    m = re.search(lead + r" ([^.;\n]*)", text)
    if not m:
        return None
    part = re.sub(r" and \d+ more$", "", m.group(1))
    return set(k for k in re.split(r", | and ", part) if k)


def check(path, summary, site, control):
    want, got, bad, n = expected(path), said(summary), [], 0
    if control:     # drop the first store's sentence that has one
        for suite, (differ, _) in sorted(want.items()):
            if differ and suite in got:
                got[suite] = re.sub(r"The groups also differ in [^.;\n]*",
                                    "", got[suite])
                break
    for suite, (differ, some) in sorted(want.items()):
        text = got.get(suite, "")
        n += 1
        d = named(text, "The groups also differ in")
        s = named(text, "(?:only some of them|Only some groups) recorded")
        if differ and (d is None or not (d <= differ) or
                       (len(differ) <= SENTENCE_KEYS and d != differ)):
            bad.append("%s: differ in %s, said %s" % (suite, sorted(differ),
                                                      d))
        if not differ and d:
            bad.append("%s: nothing differs, said %s" % (suite, sorted(d)))
        if some and (s is None or s != some):
            bad.append("%s: some lack %s, said %s" % (suite, sorted(some), s))
        if not some and s:
            bad.append("%s: all recorded everything, said %s" % (suite, s))
    pages = 0
    for page in glob.glob(site + "/comparison-*.html"):
        h = open(page, encoding="utf-8").read()
        m = re.search(r"<title>([^<,]*)", h)
        suite = m.group(1).strip() if m else ""
        if suite not in want:
            continue
        pages += 1
        differ = want[suite][0]
        table = re.search(r'<table class="systems">(.*?)</table>', h, re.S)
        if differ and not table:
            bad.append("%s: the page has no systems table" % suite)
            continue
        heads = set(html.unescape(x) for x in
                    re.findall(r"<th[^>]*>([^<]*)</th>",
                               table.group(1))) if table else set()
        for key in differ:
            if key not in heads:
                bad.append("%s: the systems table has no row %s" % (suite,
                                                                    key))
    line = ("invariant 7, what else differs is said: %d stores, %d pages, "
            "%d wrong" % (n, pages, len(bad)))
    if control:
        print(("ok - control: a dropped 'also differ' sentence is caught"
               if bad else "not ok - control: a dropped 'also differ' "
               "sentence passed"))
        return 0
    print(("ok - " if not bad and n and pages else "not ok - ") + line)
    for b in bad[:10]:
        print("#   " + b)
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        check(sys.argv[2], sys.argv[3], sys.argv[4], "--control" in sys.argv)
