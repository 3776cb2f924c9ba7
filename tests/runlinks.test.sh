# runlinks.test.sh: a run's page links back to every comparison page that
# uses the run and to each of its test pages that shows a result of the
# run, in the site's order, every link a file of the site; a run no
# comparison shows says so; and the links are part of the run page's unit:
# a comparison deleted or retitled rewrites exactly the pages of its runs,
# the others keep their inode and mtime.
#
# What a run should link is worked out from the store, not from the site:
# a file name ends with 8 hex digits of the SHA-256 of its parts, each with
# its NUL (renderer/site/slug.c), so the test page of comparison C, test X and
# metric M ends in -H.html with H from "test", C, X and M.
. "$TOP/tests/lib.sh"
need sqlite3

# hash8 PART...: the 8 hex digits slug_make ends a file name with
hash8() {
	for p; do printf '%s\0' "$p"; done | sha256sum | cut -c1-8
}

# hrefs PAGE KIND: the links of PAGE to files KIND-*, in page order
hrefs() {
	grep -o "href=\"$2-[^\"]*\"" "$1" | sed 's/^href="//; s/"$//'
}

# suffixes: the -H.html endings of the names on stdin, sorted
suffixes() {
	sed 's/.*-\([0-9a-f]\{8\}\)\.html$/\1/' | LC_ALL=C sort
}

# run_links_ok SITE RUN COMPARISON...: run RUN's page in SITE links
# exactly the pages of COMPARISON... (in that order) and, under each, the
# test pages of the tests and metrics RUN has results in; every page it
# links exists and each test page lists the run; the tests come in the
# comparison page's order, and each link says the page's title.  Prints
# what is wrong; 1 when anything is.
run_links_ok() {
	site=$1 run=$2
	shift 2
	page=$site/run-$run.html
	bad=0
	[ -f "$page" ] || { echo "# run-$run.html missing"; return 1; }
	want_c=$(for c; do hash8 comparison "$c"; done | tr '\n' ' ')
	got_c=$(hrefs "$page" comparison |
		sed 's/.*-\([0-9a-f]\{8\}\)\.html$/\1/' | tr '\n' ' ')
	[ "$got_c" = "$want_c" ] ||
		{ echo "# run-$run.html: comparisons $got_c, want $want_c"; bad=1; }
	sqlite3 -separator "$(printf '\037')" "$T/db" \
		"select distinct test, metric from result where run_id = $run" > "$T/tm"
	for c; do
		while IFS="$(printf '\037')" read -r t m; do
			hash8 test "$c" "$t" "$m"
		done < "$T/tm"
	done | LC_ALL=C sort > "$T/want"
	hrefs "$page" test | suffixes > "$T/got"
	cmp -s "$T/want" "$T/got" ||
		{ echo "# run-$run.html: $(wc -l < "$T/got") test pages, want $(wc -l < "$T/want")"; bad=1; }
	for f in $(hrefs "$page" comparison) $(hrefs "$page" test); do
		[ -f "$site/$f" ] || { echo "# run-$run.html: $f missing"; bad=1; continue; }
		# the link's text is the page's title (a test page's after
		# its comparison's "TITLE: ")
		title=$(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$site/$f")
		text=$(grep -o "<a href=\"$f\">[^<]*</a>" "$page" | head -1 |
			sed 's:<a href="[^"]*">\(.*\)</a>:\1:')
		case $f in
		test-*)
			grep -q "href=\"run-$run.html\"" "$site/$f" ||
				{ echo "# $f does not list run $run"; bad=1; }
			case $title in
			*": $text") ;;
			*) echo "# run-$run.html: '$text' for $f titled '$title'"; bad=1 ;;
			esac ;;
		*)
			[ "$text" = "$title" ] ||
				{ echo "# run-$run.html: '$text' for $f titled '$title'"; bad=1; } ;;
		esac
	done
	# the tests under each comparison in its page's order
	for f in $(hrefs "$page" comparison); do
		[ -f "$site/$f" ] || continue
		hrefs "$site/$f" test | awk '!seen[$0]++' > "$T/order"
		grep -o -E "href=\"($f|test-[^\"]*)\"" "$page" | sed 's/^href="//; s/"$//' |
			awk -v c="$f" '$0 == c { on = 1; next } /^comparison-/ { on = 0 } on' > "$T/mine"
		grep -x -F -f "$T/mine" "$T/order" | cmp -s - "$T/mine" ||
			{ echo "# run-$run.html: the tests of $f out of its order"; bad=1; }
	done
	return $bad
}

# the sample data: every comparison is its suite's default, named after the
# suite and showing every run of it
bs import "$TOP/sample-data" > /dev/null 2>&1
S=$T/site
bs render --out "$S" > /dev/null 2>"$T/err"
check "render of the sample data exits 0 ($(head -1 "$T/err"))" test $? = 0
sqlite3 -separator ' ' "$T/db" "select id, suite from run where excluded is null and
	exists (select 1 from result where run_id = run.id) order by id" > "$T/runs"
bad=0 n=0
while read -r id suite; do
	n=$((n + 1))
	run_links_ok "$S" "$id" "$suite" || bad=$((bad + 1))
done < "$T/runs"
check "all $n run pages link their comparison and exactly the test pages of their results, in order, titled, each page there and listing the run" \
	test $bad = 0 -a "$n" -gt 60
links=$(cat "$S"/run-*.html | grep -c -o 'href="test-')
results=$(sqlite3 "$T/db" "select count(*) from (select distinct run_id, test, metric from result)")
check "as many links to test pages as distinct results ($links, $results)" test "$links" = "$results"

# a run no comparison shows
first=$(sed -n '1s/ .*//p' "$T/runs")
firstsuite=$(sed -n '1s/^[^ ]* //p' "$T/runs")
bs exclude "$first" --why 'left out for this test' > /dev/null 2>&1
bs render --out "$S" > /dev/null 2>&1
check "an excluded run's page says no comparison shows it" \
	grep -q 'No comparison shows this run\.' "$S/run-$first.html"
check "and links no comparison or test page" \
	test -z "$(hrefs "$S/run-$first.html" comparison; hrefs "$S/run-$first.html" test)"
# negative controls: the check fails on that page, and on a site of the
# binary before run pages had links
if ! run_links_ok "$S" "$first" "$firstsuite" > /dev/null; then
	ok "control: the check fails on the page of the run no comparison shows"
else
	notok "control: the check fails on the page of the run no comparison shows"
fi
bs include "$first" > /dev/null 2>&1
# BENCHSITE_BASE: a build whose run pages have no such links (one from
# before them), for a control on real pages; skipped without it
BASE=${BENCHSITE_BASE:-}
if [ -n "$BASE" ] && [ -x "$BASE" ]; then
	"$BASE" --db "$T/db" render --out "$T/base" > /dev/null 2>&1
	if ! run_links_ok "$T/base" "$first" "$firstsuite" > /dev/null; then
		ok "control: the check fails on the previous binary's run page"
	else
		notok "control: the check fails on the previous binary's run page"
	fi
else
	skip "control: the check fails on the previous binary's run page" \
		"BENCHSITE_BASE names no build"
fi

# --- several comparisons, incremental -----------------------------------------
bs compare b1 --suite bonnie++ --title 'bonnie++ one way' > /dev/null 2>&1
bs compare b2 --suite bonnie++ --title 'bonnie++ two ways' --metrics rate > /dev/null 2>&1
bs render --out "$S" > /dev/null 2>&1
bonnie=$(sqlite3 "$T/db" "select id from run where suite = 'bonnie++' order by id")
nb=$(echo $bonnie | wc -w)
bad=0
for id in $bonnie; do
	grep -q "href=\"comparison-b1-$(hash8 comparison b1).html\"" "$S/run-$id.html" &&
		grep -q "href=\"comparison-b2-$(hash8 comparison b2).html\"" "$S/run-$id.html" || bad=$((bad + 1))
done
check "each of the $nb bonnie++ runs links both of its comparisons" test $bad = 0 -a "$nb" -gt 5
bad=0
for id in $bonnie; do
	got=$(hrefs "$S/run-$id.html" test | grep -c "^test-b2-")
	want=$(sqlite3 "$T/db" "select count(*) from (select distinct test, metric from result
		where run_id = $id and metric = 'rate')")
	first_c=$(hrefs "$S/run-$id.html" comparison | head -1)
	[ "$got" = "$want" ] && [ "$want" -gt 0 ] && case $first_c in comparison-b1-*) true ;; *) false ;; esac ||
		{ echo "# run-$id.html: $got b2 test pages, want $want; first $first_c"; bad=$((bad + 1)); }
done
check "b1 before b2 (name order), b2 with the test pages of its rate metric only" test $bad = 0

# stamps DIR: "NAME INODE MTIME" of each run page
stamps() {
	(cd "$1" && stat -c '%n %i %Y' run-*.html) | LC_ALL=C sort
}
# changed OLD NEW: the names whose inode or mtime differ
changed() {
	awk 'NR == FNR { was[$1] = $2 " " $3; next }
	     !($1 in was) || was[$1] != $2 " " $3 { print $1 }' "$1" "$2"
}
expect_changed() {
	for id in $bonnie; do echo "run-$id.html"; done | LC_ALL=C sort
}
stamps "$S" > "$T/s0"
sleep 1
bs compare --delete b2 > /dev/null 2>&1
bs render --out "$S" > /dev/null 2>&1
stamps "$S" > "$T/s1"
changed "$T/s0" "$T/s1" | LC_ALL=C sort > "$T/changed"
expect_changed > "$T/expect"
check "after compare --delete b2, exactly the $nb bonnie++ run pages are rewritten ($(wc -l < "$T/changed") of $(wc -l < "$T/s1"))" \
	cmp -s "$T/changed" "$T/expect"
check "and they link b2 no more" \
	test -z "$(cat "$S"/run-*.html | grep -o 'href="comparison-b2-[^"]*"')"
bad=0
for id in $bonnie; do
	run_links_ok "$S" "$id" b1 || bad=$((bad + 1))
done
check "each links b1 and its test pages, as a fresh render would" test $bad = 0
stamps "$S" > "$T/s0"
sleep 1
bs compare b1 --suite bonnie++ --title 'bonnie++ renamed' > /dev/null 2>&1
bs render --out "$S" > /dev/null 2>&1
stamps "$S" > "$T/s1"
changed "$T/s0" "$T/s1" | LC_ALL=C sort > "$T/changed"
check "a retitled comparison rewrites exactly its runs' pages" cmp -s "$T/changed" "$T/expect"
id=$(echo $bonnie | cut -d' ' -f1)
check "which show the new title" grep -q '>bonnie++ renamed</a>' "$S/run-$id.html"
# negative control: the stamps see a run page written again
sleep 1
other=$(awk '{ print $1 }' "$T/s1" | grep -v -x -F -f "$T/expect" | head -1)
cp "$S/$other" "$T/copy" && rm "$S/$other" && cp "$T/copy" "$S/$other"
stamps "$S" > "$T/s2"
if changed "$T/s1" "$T/s2" | grep -q -x "$other"; then
	ok "control: the stamps see a run page written again ($other)"
else
	notok "control: the stamps see a run page written again ($other)"
fi

# the reused site is what a fresh render makes, and two fresh renders are
# the same bytes
bs render --out "$S" > /dev/null 2>&1
bs render --out "$T/f1" > /dev/null 2>&1
bs render --out "$T/f2" > /dev/null 2>&1
check "two fresh renders are byte-identical" diff -r "$T/f1" "$T/f2"
check "the site rendered over the old one equals a fresh render" diff -r "$S" "$T/f1"
