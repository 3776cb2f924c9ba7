# browser.test.sh: the site as a reader's browser shows it.  Debian's
# headless Chromium (/usr/bin/chromium, never a downloaded browser), driven by
# tests/browser/check.mjs through playwright-core from npm, opens from file://
# the index, a comparison, a test and a run page of two sites: the sample
# data, and a store whose every name and attribute is hostile
# (tests/browser/hostile.mjs).  Images load, nothing logs an error or breaks
# the CSP, links resolve, the hostile texts show as text and run nothing;
# negative controls show that an unescaped page is caught.  Then
# tests/browser/reader.mjs reads the sample pages at 390 and 1280 px, light
# and dark: chart text at least 10 CSS px, no sideways page, dark charts on
# a dark page, no colour shared by two groups of the 12-group comparison,
# each with a negative control; tests/browser/tables.mjs checks that the
# results tables fit 1280 px and keep their group column on a phone, with
# controls; tests/browser/charts.mjs checks what every chart and table of
# the site says (texts inside the chart, ticks, "1/s", thousands, the runs'
# dots, the two-factor charts' clusters and legend), with a control for
# each rule; tests/browser/lines.mjs does for a sweep's line charts and
# figures over time what charts.mjs and reader.mjs do for bars (texts
# inside the chart at 390 and 1280 px, light and dark, the phone's narrow
# SVG chosen), on a store built here from real inputs, with a control a
# rule.  Full-page screenshots go to
# tests/browser/out/ for people to look at.
. "$TOP/tests/lib.sh"
need sqlite3

B=$TOP/tests/browser
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export CHROMIUM

if [ ! -x "$CHROMIUM" ]; then
	skip "the site in a real browser" "$CHROMIUM is not installed (apt-get install chromium)"
	exit 0
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	skip "the site in a real browser" "node or npm is not installed (apt-get install nodejs npm)"
	exit 0
fi
# playwright-core, as package-lock.json pins it, into tests/browser/node_modules
# (ignored by git); only when missing, so a check with no network still runs
# once it has been installed
if [ ! -f "$B/node_modules/playwright-core/package.json" ]; then
	if ! (cd "$B" && timeout 300 npm ci --no-audit --no-fund --loglevel=error) \
		> "$T/npm.log" 2>&1; then
		skip "the site in a real browser" "npm could not install playwright-core (no registry?): $(tail -1 "$T/npm.log")"
		exit 0
	fi
fi

# run_node SCRIPT LINES ARGS...: tests/browser/SCRIPT ARGS (check.mjs,
# reader.mjs, tables.mjs, charts.mjs, lines.mjs), its TAP lines shown; a crash or fewer
# lines than LINES is a failure, never a silent pass
run_node() {
	script=$1 want=$2; shift 2
	HOME=$T/home timeout 900 node "$B/$script" "$@" > "$T/tap" 2> "$T/node.err"
	rc=$?
	cat "$T/tap"
	got=$(grep -c -E '^(not )?ok ' "$T/tap")
	if [ "$rc" -ne 0 ] || [ "$got" -ne "$want" ]; then
		notok "$script $1 ... ran through ($got of $want checks, exit $rc)"
		sed 's/^/# /' "$T/node.err" | head -8
	fi
}
run_check() { run_node check.mjs "$@"; }
mkdir -p "$T/home"
rm -rf "$B/out"
mkdir -p "$B/out"

# --- the sample site ---------------------------------------------------------
"$BIN" --db "$T/sample.db" import "$TOP/sample-data" >/dev/null 2>&1
# the demo's two-factor comparisons (Makefile's demo target)
"$BIN" --db "$T/sample.db" compare mysql-versions-on-filesystems \
	--suite mysql-on-filesystems --by fs --split mysql,settings >/dev/null 2>&1
"$BIN" --db "$T/sample.db" compare supersmack-os-write-cache \
	--suite super-smack --by os --split write_cache >/dev/null 2>&1
"$BIN" --db "$T/sample.db" render --out "$T/sample" >/dev/null 2>"$T/err"
check "the sample site renders" test -f "$T/sample/index.html"
CMP=$(grep -l 'sql-bench, by label' "$T"/sample/comparison-*.html | head -1)
TESTP=$(grep -o 'href="test-[^"]*"' "${CMP:-/dev/null}" | head -1 | sed 's/^href="//; s/"$//')
check "the sample site has a sql-bench comparison, a test page and run-1.html" \
	test -n "$CMP" -a -n "$TESTP" -a -f "$T/sample/run-1.html"
# 8 checks a page
run_check 32 --shots "$B/out" --prefix sample "$T/sample/index.html" "$CMP" \
	"$T/sample/$TESTP" "$T/sample/run-1.html"

# --- the reader: phone and desktop, light and dark (tests/browser/reader.mjs)
run_reader() { run_node reader.mjs "$@"; }
# a run page with charts of interim figures (an SVG each, light and dark in one)
RUNP=$(grep -l 'src="samples-' "$T"/sample/run-*.html | head -1)
check "the sample site has a run page with interim-figure charts" test -n "$RUNP"
# 10 checks a page (4 modes: text and width; dark: images), 2 more on the
# 12-group pages (colours at 1280, light and dark)
run_reader 44 --shots "$B/out" --prefix reader "$T/sample/index.html" \
	"${RUNP:-$T/sample/run-1.html}" --colours "$CMP" "$T/sample/$TESTP"

# negative controls: copies of the pages made to fail each check, with
# charts that do not follow the reader's colour scheme (in the site folder,
# so that their images resolve)
S=$T/sample
# (text: the full chart only, shrunk to the screen, as before the narrow
# layout and the chart's box)
sed 's/class="chart"/class="plain"/g; s|<source srcset="[^"]*-narrow\.svg"[^>]*></source>||g' \
	"$S/$TESTP" > "$S/control-text.html"
sed 's|<source [^>]*></source>||g; s|<source [^>]*/>||g' "$S/$TESTP" > "$S/control-dark.html"
ALL=$(grep -o 'srcset="chart-[^"]*-a-[^"]*\.svg"' "$S/$TESTP" | head -1 | sed 's/^srcset="//; s/"$//')
sed 's/fill="#595959" class="c8"/fill="#0072b2" class="c0"/' "$S/$ALL" > "$S/control-colours.svg"
sed 's/srcset="[^"]*\.svg"/srcset="control-colours.svg"/g' "$S/$TESTP" > "$S/control-colours.html"
sed 's/class="scroll"//g' "$CMP" > "$S/control-width.html"
check "control: the copies lost the chart box, the SVG, a colour, the table's box" \
	sh -c '! grep -q "class=\"chart\"" "$1" && ! grep -q -- "-narrow.svg" "$1" && ! grep -q "<source" "$2" &&
		grep -q "class=\"c0\"" "$3" && ! cmp -s "$3" "$4" && ! grep -q "class=\"scroll\"" "$5"' _ \
	"$S/control-text.html" "$S/control-dark.html" "$S/control-colours.svg" "$S/$ALL" \
	"$S/control-width.html"
for kind in text dark colours width; do
	run_reader 1 --control $kind "$S/control-$kind.html"
done

# --- the results tables: they fit a 1280 px page, and on a phone scroll in
# their box with the group column fixed (tests/browser/tables.mjs), two
# checks a comparison page and one over all; the control joins the cut
# tables into one and unsticks the group column
run_tables() { run_node tables.mjs "$@"; }
n=$(ls "$S"/comparison-*.html | wc -l)
run_tables $((2 * n + 1)) "$S"/comparison-*.html
WIDEST=$(grep -c '<table class="results">' "$S"/comparison-*.html | sort -t: -k2 -n | tail -1 | cut -d: -f1)
run_tables 2 --control "$WIDEST"

# --- what the charts and tables say (tests/browser/charts.mjs): texts
# inside their charts, ticks apart and without exponents, no "1/s", thousands
# separated, a dot a run, and the two-factor charts' clusters and legend;
# seven checks over the whole site, then a control for each rule
run_charts() { run_node charts.mjs "$@"; }
SPLIT1=$(ls "$S"/comparison-mysql-versions-on-filesystems-*.html 2>/dev/null | head -1)
SPLIT2=$(ls "$S"/comparison-supersmack-os-write-cache-*.html 2>/dev/null | head -1)
check "the sample site has the demo's two two-factor comparisons" test -n "$SPLIT1" -a -n "$SPLIT2"
run_charts 7 "$S" --split "$SPLIT1" --split "$SPLIT2"
for kind in exponent overlap outside rate thousands dots legend clusters; do
	run_charts 1 --control $kind "$S" --split "$SPLIT1"
done

# --- the line charts (tests/browser/lines.mjs): a sweep's comparison and
# test page and a test page of figures over time, at 390 and 1280 px, light
# and dark: each chart shown as its narrow SVG on the phone and its full one
# on the desktop (a thumbnail: narrow), every text inside it, its ground in
# the reader's scheme; three checks a page and mode, then a control a rule.
# The sweep: four builds at threads 1 to 16, three runs each (±1%), one of
# them ten times slower (an outlier: both views), one named longer than a
# phone's legend has room for, a metric named longer than its title has;
# the series over time: sysbench's own --report-interval lines of the
# sample data's OLTP runs.
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tthreads\n'
	i=0
	for g in build-a:1000000 build-b:1020000 build-d:100000 \
		build-c-with-a-name-longer-than-a-phone-legend-has-room-for:980000; do
		name=${g%%:*} base=${g#*:}
		for t in 1 2 4 8 16; do
			for f in 0.99 1.00 1.01; do
				i=$((i + 1))
				printf '%s\t%s\tsweep-demo\tmemory\toperations_per_second_as_the_benchmark_reports_them\t%s\t1/s\thigher\tok\t%s\n' \
					"$i" "$name" "$(awk -v b="$base" -v f="$f" -v t="$t" \
					'BEGIN { printf "%.0f", b * f * (t < 8 ? t : 8) }')" "$t"
			done
		done
	done
} > "$T/sweep.tsv"
"$BIN" --db "$T/lines.db" import "$T/sweep.tsv" >/dev/null 2>&1
"$BIN" --db "$T/lines.db" compare sweep-demo --suite sweep-demo --by label --x threads >/dev/null 2>&1
for f in "$TOP"/sample-data/raw/*oltp_read_write.out; do
	l=$(basename "$f" -oltp_read_write.out)
	"$BIN" --db "$T/lines.db" import --quiet --label "$l" "$f" >/dev/null 2>&1
done
"$BIN" --db "$T/lines.db" render --out "$T/lines" >/dev/null 2>"$T/err"
L=$T/lines
SWC=$(ls "$L"/comparison-sweep-demo-*.html 2>/dev/null | head -1)
SWT=$(ls "$L"/test-sweep-demo-*.html 2>/dev/null | head -1)
TSP=$(grep -l '>Over time<' "$L"/test-*transactio*.html 2>/dev/null | head -1)
check "the line-chart site has a sweep's comparison and test page and a page of figures over time" \
	test -n "$SWC" -a -n "$SWT" -a -n "$TSP"
check "the sweep's test page has both views (without build-d, with it)" \
	sh -c 'grep -q "<figcaption>without build-d" "$1" && grep -q "<figcaption>with build-d" "$1"' _ "${SWT:-/dev/null}"
run_lines() { run_node lines.mjs "$@"; }
run_lines 36 "${SWC:-/dev/null}" "${SWT:-/dev/null}" "${TSP:-/dev/null}"
# the reader's rules too (text size, no sideways page, dark charts)
run_reader 30 "${SWC:-/dev/null}" "${SWT:-/dev/null}" "${TSP:-/dev/null}"
# controls: the phone's <source> taken away (the full chart on a phone),
# a title past the edge, a chart without its dark stylesheet
sed 's|<source srcset="[^"]*-narrow\.svg" media="[^"]*"[^>]*></source>||g' "${SWT:-/dev/null}" > "$L/control-narrow.html"
check "control: the copy lost the phone's source" \
	sh -c 'grep -q "sweep-[^\"]*\.svg" "$1" && ! grep -q -- "-narrow.svg\" media" "$1"' _ "$L/control-narrow.html"
run_lines 1 --control narrow "$L/control-narrow.html"
run_lines 1 --control outside "${TSP:-/dev/null}"
run_lines 1 --control dark "${SWT:-/dev/null}"

# --- the hostile site --------------------------------------------------------
node "$B/hostile.mjs" > "$T/hostile.csv"
"$BIN" --db "$T/hostile.db" import "$T/hostile.csv" >/dev/null 2>"$T/err"
check "the hostile store imports (49 runs)" \
	test "$(sqlite3 "$T/hostile.db" 'select count(*) from run')" = 49
"$BIN" --db "$T/hostile.db" render --out "$T/hostile" >/dev/null 2>"$T/err"
check "the hostile site renders ($(head -1 "$T/err"))" test -f "$T/hostile/index.html"
H=$T/hostile
CMP=$(ls "$H"/comparison-script-*.html 2>/dev/null | head -1)
TESTP=$(grep -o 'href="test-[^"]*"' "${CMP:-/dev/null}" | head -1 | sed 's/^href="//; s/"$//')
check "the hostile site has the <script> suite's comparison, a test page, run-1.html" \
	test -n "$CMP" -a -n "$TESTP" -a -f "$H/run-1.html"
# 10 checks a page: the 8, the texts, and again with the CSP off
run_check 40 --hostile --shots "$B/out" --prefix hostile "$H/index.html" "$CMP" \
	"$H/$TESTP" "$H/run-1.html"

# --- negative controls: a page the renderer forgot to escape -----------------
# Undoing the escaping of < and > turns the hostile texts into live markup;
# the copy stays in the site folder so that its links and images resolve.
sed 's/&lt;/</g; s/&gt;/>/g' "$CMP" > "$H/control-raw.html"
sed '/Content-Security-Policy/d' "$H/control-raw.html" > "$H/control-nocsp.html"
check "control: the unescaped copies hold a live <script> and onerror" \
	sh -c 'grep -q "<script>document" "$1" && grep -q "<img src=x onerror=" "$1" &&
		! grep -q Content-Security-Policy "$2"' _ "$H/control-raw.html" "$H/control-nocsp.html"
run_check 3 --control "$H/control-raw.html" "$H/control-nocsp.html"

n=$(ls "$B/out"/sample-*.png "$B/out"/hostile-*.png 2>/dev/null | wc -l)
check "16 screenshots (8 pages, desktop and phone) in tests/browser/out/ ($n)" test "$n" -eq 16
n=$(ls "$B/out"/reader-*.png 2>/dev/null | wc -l)
check "16 screenshots of the reader (4 pages at 390 and 1280 px, light and dark) in tests/browser/out/ ($n)" test "$n" -eq 16
