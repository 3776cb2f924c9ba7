# site.test.sh: the site made from sample-data/ (what `make demo` shows):
# every page parsed by libxml2 as XML and as HTML, every link and image a
# file of the site, every <img> with width, height and alt, the CSP meta tag
# on every page, the results table right about the 2008 sql-bench table
# (sample-data/sqlbench-filesystems-2008.csv).  (incremental.test.sh: reproducible and incremental renders;
# browser.test.sh: the pages in Chromium.)
. "$TOP/tests/lib.sh"
need sqlite3

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

# every href and src of every page names a file of the site (a #fragment
# or ?query is not ours to make: none is allowed), never a URL elsewhere
missing=0 nrefs=0
for f in "$T"/site/*.html; do
	for ref in $(grep -o '<[^>]*>' "$f" | grep -o -E '[[:space:]](href|src)="[^"]*"' |
			sed 's/^[[:space:]]*[a-z]*="//; s/"$//'); do
		nrefs=$((nrefs + 1))
		case $ref in
		*[:/#?]*|'') missing=$((missing + 1)); echo "# $f: $ref not a file of the site" ;;
		*) [ -f "$T/site/$ref" ] || { missing=$((missing + 1)); echo "# $f: $ref missing"; } ;;
		esac
	done
done
check "every link and image of every page resolves ($nrefs)" test $missing = 0 -a $nrefs -gt 500

if command -v xmllint > /dev/null; then
	# html_errors FILE: what libxml2 objects to, read as XML (the pages are
	# XHTML after an HTML5 doctype) and as HTML; libxml2 before 2.14 does
	# not know the HTML5 elements ("Tag main invalid"): only that is forgiven
	html_errors() {
		xmllint --noout "$1" 2>&1
		# (only its messages: a context line quotes the page, whose
		# file names may hold "error")
		xmllint --html --noout "$1" 2>&1 | grep -E '^[^ ]+:[0-9]+: ' |
			grep -v -E 'Tag [a-z]+ invalid' | grep -E 'error|warning'
	}
	# page_faults FILE: every <img> without width, height or alt; no CSP meta
	page_faults() {
		xmllint --xpath 'count(//*[local-name()="img"][not(@width) or not(@height) or not(@alt)])' "$1" 2>/dev/null |
			grep -v -x 0 | sed 's/$/ img without width, height or alt/'
		xmllint --xpath 'count(//*[local-name()="meta"][@http-equiv="Content-Security-Policy"][contains(@content, "default-src")][contains(@content, "script-src") or contains(@content, "none")])' "$1" 2>/dev/null |
			grep -q -x 1 || echo "no Content-Security-Policy meta tag"
	}
	# negative controls: a stray end tag, an img without alt, no CSP
	printf '<!DOCTYPE html>\n<html><head><title>x</title></head><body><p>a</b><img src="a.png"/></p></body></html>\n' \
		> "$T/neg.html"
	check "control: a malformed page is refused as XML and as HTML" \
		sh -c 'xmllint --noout "$1" 2>/dev/null && exit 1
			xmllint --html --noout "$1" 2>&1 | grep -q "Unexpected end tag"' _ "$T/neg.html"
	printf '<!DOCTYPE html>\n<html><head><title>x</title></head><body><img src="a.png" width="1" height="1"/></body></html>\n' \
		> "$T/neg2.html"
	check "control: an img without alt and a page without CSP are found" \
		test "$(page_faults "$T/neg2.html" | wc -l)" = 2
	bad=0 n=0
	for f in "$T"/site/*.html; do
		n=$((n + 1))
		e=$(html_errors "$f")
		[ -z "$e" ] || { bad=$((bad + 1)); echo "# $(basename "$f"): $e" | head -3; }
	done
	check "all $n pages parse cleanly with libxml2, as XML and as HTML" test $bad = 0 -a $n -gt 60
	bad=0
	for f in "$T"/site/*.html; do
		e=$(page_faults "$f")
		[ -z "$e" ] || { bad=$((bad + 1)); echo "# $(basename "$f"): $e" | head -2; }
	done
	check "every img has width, height and alt; every page has the CSP meta tag" test $bad = 0
	# the ATIS column (the first table's second, the results being cut
	# into tables that fit the page): ext2_defaults and reiserfs_defaults
	# tie at 124 s
	stars=$(tail -n +2 "$page" | xmllint --xpath \
		'(//*[local-name()="table"])[1]//*[local-name()="tr"][*[local-name()="td"][2][contains(@class,"best")]]/*[local-name()="th"]/text()' - 2>/dev/null |
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
n=$(grep -o 'src="samples-[^"]*\.svg"' "$runpage" 2>/dev/null | sort -u | wc -l)
want=$(sqlite3 "$T/db" "select count(distinct test || ' ' || metric) from sample")
check "one line chart per interim metric ($n of $want)" test "$n" = "$want" -a "$n" -gt 0
first=$(grep -o 'src="samples-[^"]*\.svg"' "$runpage" | head -1 | sed 's/src="//; s/"//')
check "the line chart is an SVG that follows a dark page (its line's class recoloured)" \
	sh -c 'grep -q "^<svg xmlns=\"http://www.w3.org/2000/svg\"" "$1" &&
		grep -q "prefers-color-scheme: dark" "$1" && grep -q "class=\"ln\"" "$1"' _ "$T/samples/$first"
check "no PNG is drawn for the run page's charts" test \
	"$(ls "$T/samples" | grep -c '^samples-.*\.png$')" = 0
check "the run page links its raw output, and the file is the imported bytes" \
	sh -c 'f=$(grep -o "href=\"source-[0-9a-f]*\.txt\"" "$1" | head -1 | sed "s/href=\"//; s/\"//") &&
		cmp -s "$2/$f" "$3"' _ "$runpage" "$T/samples" "$TOP/tests/fixtures/sysbench/v10-wrapped-oltp.txt"
