# testruns.test.sh: a test page's results table links, in each group's
# row, the runs whose figures make that row, and no other run of the
# group: each linked run's own page links back to the test page (the run
# pages list the test pages that show a run, from the results it has), and
# no row links more runs than it has figures.  On the sample data, where
# one label holds runs of several tests (cpu, memory, fileio ...).
. "$TOP/tests/lib.sh"
need python3

bs import "$TOP/sample-data" >/dev/null 2>&1
bs render --out "$T/site" >/dev/null 2>"$T/err"
check "the sample data renders" test -f "$T/site/index.html"

cat > "$T/check.py" <<'PY'
import glob, os, re, sys

site = sys.argv[1]
rows = links = 0
bad = []
for f in sorted(glob.glob(site + "/test-*.html")):
    page = os.path.basename(f)
    s = open(f, encoding="utf-8").read()
    m = re.search(r"<h2>Figures</h2>.*?<tbody>(.*?)</tbody>", s, re.S)
    if not m:
        continue
    for tr in re.findall(r"<tr>(.*?)</tr>", m.group(1), re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        n = int(re.sub(r"<[^>]*>", "", cells[0]))
        runs = re.findall(r'href="(run-\d+\.html)"', tr)
        rows += 1
        links += len(runs)
        if n > 0 and not 1 <= len(runs) <= n:
            bad.append("%s: a row of n=%d links %d runs" % (page, n, len(runs)))
        for r in runs:
            back = open(os.path.join(site, r), encoding="utf-8").read()
            if 'href="%s"' % page not in back:
                bad.append("%s links %s, which has no result there" % (page, r))
print("%d rows, %d links, %d wrong" % (rows, links, len(bad)))
for b in bad[:5]:
    print(b)
sys.exit(1 if bad or rows == 0 else 0)
PY
out=$(python3 "$T/check.py" "$T/site")
rc=$?
check "each test page's row links only the runs with figures in that test ($(echo "$out" | head -1))" \
	test "$rc" -eq 0
echo "$out" | sed -n '2,6s/^/# /p'

# control: a row that links every run of its label, as the pages once did
f=$(grep -l 'href="run-' "$T"/site/test-*fileio*.html | head -1)
other=$(ls "$T"/site/run-*.html | while read -r r; do
	grep -q "href=\"$(basename "$f")\"" "$r" || { basename "$r"; break; }; done)
sed "0,/<td><a href=\"run-/s|<td><a href=\"run-|<td><a href=\"$other\">x</a> <a href=\"run-|" \
	"$f" > "$T/control.html"
mkdir -p "$T/ctl" && cp "$T"/site/run-*.html "$T/ctl/" && cp "$T/control.html" "$T/ctl/$(basename "$f")"
check "control: a fileio page linking a run without a fileio figure ($other) is caught" \
	sh -c '! python3 "$1" "$2" >/dev/null' _ "$T/check.py" "$T/ctl"
