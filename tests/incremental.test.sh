# incremental.test.sh: the sample site is reproducible and rebuilt only where
# the store changed.  The same store gives byte-identical sites (other
# folder, other time, other SOURCE_DATE_EPOCH); a render with nothing
# changed touches nothing (the folder and every file keep their inode and
# mtime); after one new bonnie++ run, only the index, bonnie++'s pages,
# charts and downloads and the new run's pages are new; every sql-bench
# file and every other run's page is the very file it was.
. "$TOP/tests/lib.sh"
need sqlite3

# stamps DIR: "NAME INODE MTIME" for the folder (as ".") and each file in it
stamps() {
	(cd "$1" && stat -c '%n %i %Y' . * .benchsite-site) | LC_ALL=C sort
}

# changed OLD NEW: the names whose inode or mtime differ, or that are new
changed() {
	awk 'NR == FNR { was[$1] = $2 " " $3; next }
	     !($1 in was) || was[$1] != $2 " " $3 { print $1 }' "$1" "$2"
}

# the sample files made by hand (bonnie++ and the 2008 sql-bench table): a
# fixed set, so the counts below do not move when sample-data/ grows
bs import "$TOP"/sample-data/bonnie-*.txt "$TOP"/sample-data/bonnie-x3-*.csv \
	"$TOP"/sample-data/sqlbench-filesystems-2008.csv >/dev/null 2>&1
check "the sample data imports (18 runs)" \
	test "$(sqlite3 "$T/db" 'select count(*) from run')" = 18

# --- reproducible -----------------------------------------------------------
mkdir -p "$T/a" "$T/b/deeper"
(cd "$T/a" && env -u SOURCE_DATE_EPOCH "$BIN" --db "$T/db" render --out site) >/dev/null 2>&1
sleep 1
(cd "$T/b/deeper" && SOURCE_DATE_EPOCH=1 "$BIN" --db "$T/db" render --jobs 1 --out s2) >/dev/null 2>&1
SOURCE_DATE_EPOCH=2000000000 bs render --jobs 4 --out "$T/c" >/dev/null 2>&1
n=$(ls "$T/a/site" 2>/dev/null | wc -l)
# 183: the 16 bonnie++ tests in which every group was too fast (in at
# least one of its runs) have no chart (4 files each fewer)
check "the sample site has over 180 files ($n)" test "$n" -gt 180
if same_tree "$T/a/site" "$T/b/deeper/s2" > "$T/msg"; then
	ok "two renders, other folders and times, SOURCE_DATE_EPOCH unset and 1, --jobs 1: byte-identical"
else
	notok "two renders are byte-identical ($(head -3 "$T/msg" | tr '\n' ' '))"
fi
if same_tree "$T/a/site" "$T/c" > "$T/msg"; then
	ok "SOURCE_DATE_EPOCH=2000000000 and --jobs 4: byte-identical again"
else
	notok "SOURCE_DATE_EPOCH=2000000000: byte-identical ($(head -3 "$T/msg" | tr '\n' ' '))"
fi
# negative control: one changed byte is seen
same_tree_control "$T/c" "$T/d" index.html
rm -rf "$T/d"
# no date in any page: the years 2000-2099 appear only in figures the data holds
found=$(grep -l -E '(19|20)[0-9]{2}-[01][0-9]-[0-3][0-9]([T ][0-2][0-9]:[0-5][0-9])?' \
	"$T/c"/*.html "$T/c"/*.css "$T/c"/*.json 2>/dev/null | head -3)
check "no page, stylesheet or download holds a date ($found)" test -z "$found"

# --- a render with nothing changed ------------------------------------------
S=$T/a/site
stamps "$S" > "$T/s0"
sleep 1
bs render --out "$S" >/dev/null 2>"$T/err"
check "a second render into the site exits 0 ($(head -1 "$T/err"))" test $? = 0
stamps "$S" > "$T/s1"
check "nothing changed: the folder and its $(wc -l < "$T/s0") entries keep inode and mtime" \
	cmp -s "$T/s0" "$T/s1"
changed "$T/s0" "$T/s1" | head -5 | sed 's/^/# changed: /'
# negative control: a rewritten file is seen
sleep 1
cp "$S/style.css" "$T/style.css" && rm "$S/style.css" && cp "$T/style.css" "$S/style.css"
stamps "$S" > "$T/s2"
if changed "$T/s1" "$T/s2" | grep -q -x style.css; then
	ok "control: the stamps see a file written again with the same bytes"
else
	notok "control: the stamps see a file written again with the same bytes"
fi
bs render --out "$S" >/dev/null 2>&1
stamps "$S" > "$T/s0"

# --- one new run ---------------------------------------------------------------
head -2 "$TOP/sample-data/bonnie-x3-ext4-disk.csv" > "$T/new.csv"
bs import --label ext4-new "$T/new.csv" >/dev/null 2>"$T/err"
check "one new bonnie++ run imports ($(head -1 "$T/err"))" \
	test "$(sqlite3 "$T/db" 'select count(*) from run')" = 19
sleep 1
bs render --out "$S" >/dev/null 2>"$T/err"
stamps "$S" > "$T/s1"
changed "$T/s0" "$T/s1" > "$T/changed"
total=$(wc -l < "$T/s1")
nch=$(wc -l < "$T/changed")
echo "# $nch of $total entries written: $(grep -c chart "$T/changed") charts, $(grep -c '^test-' "$T/changed") test pages"
for f in index.html 'comparison-bonnie-.*' 'data-bonnie-.*\.csv' 'data-bonnie-.*\.json' run-19.html; do
	check "written: $f" grep -q -x "$f" "$T/changed"
done
check "the bonnie++ charts are redrawn (the 24 of 36 tests with a measured figure, 4 files each)" \
	test "$(grep -c '^chart-bonnie-' "$T/changed")" = 96
check "the 36 bonnie++ test pages are written" \
	test "$(grep -c '^test-bonnie-' "$T/changed")" = 36
new_sources=$(grep -c '^source-' "$T/changed")
check "one raw source is added, the 5 others stay ($new_sources)" test "$new_sources" = 1
# everything else is the file it was: sql-bench's pages, charts and
# downloads, the 18 earlier runs' pages, the other sources, the stylesheet
found=$(grep -v -x -e '\.' -e '\.benchsite-site' -e index.html -e '.*bonnie.*' \
	-e run-19.html -e 'source-.*' "$T/changed" | head -3 | tr '\n' ' ')
n=$(grep -c -e 'sql-bench' -e '^run-' "$T/s1")
check "nothing else is written, of $n sql-bench files and run pages among them ($found)" \
	test -z "$found" -a "$n" -ge 70
check "140 of $total entries written: 96 chart files, 36 test pages, 8 others ($nch)" \
	test "$nch" = 140
# and the site is still the one a fresh render gives
bs render --out "$T/fresh" >/dev/null 2>&1
if same_tree "$S" "$T/fresh" > "$T/msg"; then
	ok "the incremental site equals a fresh render, byte for byte"
else
	notok "the incremental site equals a fresh render ($(head -3 "$T/msg" | tr '\n' ' '))"
fi

# --- pages reused without being built ------------------------------------------
# A unit of pages (a comparison with its test pages, charts and downloads; a
# run's page) whose inputs hash as the published manifest says is linked
# without being built.  Seen by planting bytes in published pages, their
# mtime kept (a file changed after the site was published is written again:
# tests/repair.test.sh): a page that is linked keeps them, a page that is
# built again loses them.
P=$T/planted
rm -rf "$P"
bs render --out "$P" >/dev/null 2>&1
sqlp=$(cd "$P" && ls test-sql-bench-*.html | head -1)
bonp=$(cd "$P" && ls comparison-bonnie-*.html | head -1)
check "the planted site has a sql-bench test page and a bonnie++ page ($sqlp, $bonp)" \
	test -n "$sqlp" -a -n "$bonp"
check "the manifest has a unit per comparison and per run ($(grep -c '^unit ' "$P/.benchsite-site"))" \
	test "$(grep -c '^unit ' "$P/.benchsite-site")" = "$(( $(grep -c '^comparison-' "$T/s1") + 19 ))"
# plant FILE: the planted bytes at the end of the site's FILE, its mtime kept
plant() {
	cp -p "$P/$1" "$T/page" && rm "$P/$1" && { cat "$T/page"; echo '<!-- planted -->'; } > "$P/$1" &&
		touch -r "$T/page" "$P/$1"
}
for f in "$sqlp" "$bonp" run-1.html run-19.html; do
	plant "$f"
done
# a changed run: run 19 gets an attribute; its page shows attributes, and
# so may bonnie++'s comparison (its groups are checked for runs that
# disagree on an attribute), so that page is built again too
sqlite3 "$T/db" "insert into run_attr (run_id, key, value) values (19, 'disk', 'planted')"
bs render --out "$P" >/dev/null 2>&1
check "an unchanged comparison's test page is linked, not built (it keeps the planted bytes)" \
	grep -q 'planted' "$P/$sqlp"
check "the page of a comparison whose runs' attributes changed is built again" \
	sh -c "! grep -q '<!-- planted -->' '$P/$bonp'"
plant "$bonp"
bs render --out "$P" >/dev/null 2>&1
check "so is not the page of a comparison whose runs did not change" \
	grep -q '<!-- planted -->' "$P/$bonp"
check "an unchanged run's page is linked, not built" grep -q 'planted' "$P/run-1.html"
check "a changed run's page is built again (the planted bytes are gone)" \
	sh -c "! grep -q '<!-- planted -->' '$P/run-19.html'"
check "the changed run's page shows the change" grep -q 'planted' "$P/run-19.html"
# an excluded run changes its comparison: the page is built again
bs exclude 19 --why 'planted test' >/dev/null 2>&1
bs render --out "$P" >/dev/null 2>&1
check "a changed comparison's page is built again (the planted bytes are gone)" \
	sh -c "! grep -q '<!-- planted -->' '$P/$bonp'"
check "the changed comparison's page shows the change" grep -q 'planted test' "$P/$bonp"
bs render --out "$T/fresh2" >/dev/null 2>&1
rm -f "$P/$sqlp" "$P/run-1.html" "$T/fresh2/$sqlp" "$T/fresh2/run-1.html"
if same_tree "$P" "$T/fresh2" > "$T/msg"; then
	ok "but for the planted pages, the site equals a fresh render"
else
	notok "but for the planted pages, the site equals a fresh render ($(head -3 "$T/msg" | tr '\n' ' '))"
fi

# --- every kind of change ------------------------------------------------------
# Units are keyed by per-run digests that the store's fingerprint read gives
# (schema/fingerprint.c), not by the pages' own rows: after each change below
# (by a command or by hand with sqlite3), the site rendered over the last one
# must equal a fresh render byte for byte, and the pages the change touches
# must show it.
step=0
after() {
	# after WHAT: renders over $S and fresh, compares
	step=$((step + 1))
	bs render --out "$S" >/dev/null 2>"$T/err" || { notok "$1: render fails ($(head -1 "$T/err"))"; return; }
	rm -rf "$T/f$step"
	bs render --out "$T/f$step" >/dev/null 2>&1
	if same_tree "$S" "$T/f$step" > "$T/msg"; then
		ok "$1: the site equals a fresh render"
	else
		notok "$1: the site equals a fresh render ($(head -3 "$T/msg" | tr '\n' ' '))"
	fi
}
bs compare bydisk --suite bonnie++ --by seeks --title 'by seeks' >/dev/null 2>&1
after "a comparison grouped by an attribute is defined"
sqlite3 "$T/db" "update run_attr set value = '4096' where run_id = 2 and key = 'seeks'"
after "an attribute it groups by changes (sqlite3)"
cmp=$(cd "$S" && grep -l 'by seeks' comparison-*.html | head -1)
check "the grouped comparison shows the new group ($cmp)" grep -q '>4096<' "$S/$cmp"
bs compare onlyseeks --suite bonnie++ --where seeks=8192 >/dev/null 2>&1
after "a comparison filtered by an attribute is defined"
sqlite3 "$T/db" "insert or replace into run_attr (run_id, key, value) values (3, 'seeks', '1')"
after "an attribute it filters by changes (sqlite3)"
bs exclude 4 --why 'an outlier' >/dev/null 2>&1
after "a run is excluded"
check "the excluded run's page says why" grep -q 'an outlier' "$S/run-4.html"
bs include 4 >/dev/null 2>&1
after "it is included again"
sqlite3 "$T/db" "update result set value = value * 2 where id = (select min(id) from result where run_id = 8)"
after "a figure is edited (sqlite3)"
sqlite3 "$T/db" "update run set label = 'relabelled' where id = 9"
after "a run is relabelled (sqlite3)"
check "the relabelled run's page shows it" grep -q relabelled "$S/run-9.html"
bs delete --yes 19 >/dev/null 2>&1
after "a run is deleted"
check "its page is gone" test ! -e "$S/run-19.html"
bs compare --delete bydisk >/dev/null 2>&1
after "a comparison is deleted"
bs reparse >/dev/null 2>&1
after "every source is read again"

# --- a store that cannot be fingerprinted ---------------------------------------
# store_fingerprint returns -2 for a store it reads but cannot key (here a
# table added with sqlite3 whose 1,900 column names do not fit 64 KiB) and
# -1 for any other failure: render must take only the first for "render in
# full, without keys" (exit 0, the same pages, a marker with no store key),
# and fail on the second (running out of memory: tests/oom_render.test.sh).
cols=$(awk 'BEGIN { for (i = 0; i < 1900; i++)
	printf "%s\"c%035d\" int", i ? ", " : "", i }')
sqlite3 "$T/db" "create table wide_notes ($cols)"
w=$(sqlite3 "$T/db" "select sum(length(name) + 4) from pragma_table_info('wide_notes')")
check "control: the added table's column names pass 64 KiB ($w)" test "$w" -gt 65536
after "a table it cannot key is added (sqlite3; render runs without keys)"
check "its marker has no store key (it has: $(grep -c '^store ' "$S/.benchsite-site"))" \
	test "$(grep -c '^store ' "$S/.benchsite-site")" = 0
sqlite3 "$T/db" "drop table wide_notes"
bs render --out "$S" >/dev/null 2>&1
check "control: without that table the marker has its store key again" \
	test "$(grep -c '^store ' "$S/.benchsite-site")" = 1
