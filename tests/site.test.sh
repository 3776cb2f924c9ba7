# site.test.sh: the site made from sample-data/ (what `make demo` shows):
# every page well-formed, every link and image present, the results table
# right about the sql-bench table of DESIGN.md.
. "$TOP/tests/lib.sh"

bs import "$TOP/sample-data" > /dev/null 2>&1
bs render --out "$T/site"
check "render of the sample data exits 0" test $? = 0
page=$(grep -l 'sql-bench, by label' "$T"/site/comparison-*.html)
check "a comparison page for sql-bench" test -n "$page"
check "a comparison page for bonnie++" grep -q 'bonnie++, by label' "$T"/site/comparison-*.html
check "two charts per sql-bench test: without and with the outliers" \
	test "$(grep -o 'src="chart-sql-bench-[^"]*png"' "$page" | sort -u | wc -l)" = 16
check "the views are named as the seed page named them" \
	grep -q '<figcaption>without jfs_defaults and xfs_defaults</figcaption>' "$page"
check "the 'without' ATIS chart leaves out exactly jfs_defaults and xfs_defaults" \
	sh -c 'grep -o "alt=\"Bar chart of total_time (s), lower is better: [^\"]*\"" "$1" | sed -n 3p |
		grep -q "ext2_defaults 124 s, .*reiserfs_defaults 124 s\"" &&
		! grep -o "alt=\"[^\"]*\"" "$1" | sed -n 3p | grep -q "jfs_defaults\|xfs_defaults"' _ "$page"

missing=0
for f in "$T"/site/*.html; do
	for ref in $(grep -o '\(href\|src\)="[^"]*"' "$f" | sed 's/^[a-z]*="//; s/"$//'); do
		[ -f "$T/site/$ref" ] || { missing=$((missing + 1)); echo "# $f: $ref missing"; }
	done
done
check "every link and image of every page resolves" test $missing = 0

if command -v xmllint > /dev/null; then
	bad=0
	for f in "$T"/site/*.html; do
		tail -n +2 "$f" | xmllint --noout - 2>/dev/null || bad=$((bad + 1))
	done
	check "every page is well-formed XHTML" test $bad = 0
	# the ATIS column: ext2_defaults and reiserfs_defaults tie at 124 s
	stars=$(tail -n +2 "$page" | xmllint --xpath \
		'//*[local-name()="tr"][*[local-name()="td"][2][contains(@class,"best")]]/*[local-name()="th"]/text()' - 2>/dev/null |
		tr '\n' ' ')
	check "ATIS: the tie of ext2_defaults and reiserfs_defaults is marked best for both ($stars)" \
		test "$stars" = "ext2_defaults reiserfs_defaults "
	best=$(tail -n +2 "$page" | xmllint --xpath \
		'count(//*[local-name()="td"][contains(@class,"best")])' - 2>/dev/null)
	# 8 tests, ATIS tied: 9 marked cells
	check "one best cell per column, ties together ($best)" test "$best" = 9
else
	skip "pages well-formed and best cells" "xmllint (libxml2-utils) is not installed"
fi

# a run with interim figures (sysbench --report-interval) gets them drawn
# over time on its page
rm -f "$T/db"*
bs import "$TOP/tests/fixtures/sysbench/v10-wrapped-oltp.txt" > /dev/null
bs render --out "$T/samples" > /dev/null
runpage=$(grep -l "Over time" "$T"/samples/run-*.html | head -1)
check "a run page with interim figures has an 'Over time' section" test -n "$runpage"
n=$(grep -o 'src="samples-[^"]*\.png"' "$runpage" 2>/dev/null | sort -u | wc -l)
want=$(sqlite3 "$T/db" "select count(distinct test || ' ' || metric) from sample")
check "one line chart per interim metric ($n of $want)" test "$n" = "$want" -a "$n" -gt 0
first=$(grep -o 'src="samples-[^"]*\.png"' "$runpage" | head -1 | sed 's/src="//; s/"//')
check "the line chart is a PNG" sh -c 'head -c 8 "$1" | od -An -c | grep -q "P   N   G"' _ "$T/samples/$first"
check "the run page links its raw output, and the file is the imported bytes" \
	sh -c 'f=$(grep -o "href=\"source-[0-9a-f]*\.txt\"" "$1" | head -1 | sed "s/href=\"//; s/\"//") &&
		cmp -s "$2/$f" "$3"' _ "$runpage" "$T/samples" "$TOP/tests/fixtures/sysbench/v10-wrapped-oltp.txt"
