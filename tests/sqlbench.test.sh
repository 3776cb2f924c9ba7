# sqlbench.test.sh: sql-bench outputs (collector/formats/sqlbench.c).
#
# Golden: every corpus file alone, every corpus folder as a folder (one run
# per sql-bench output folder), and every fixture of tests/fixtures/sqlbench
# (one per version and trap of the layouts docs/formats.md names) imported into
# an empty store and exported with attributes must equal its dump in
# tests/golden/sqlbench/ (GOLDEN_UPDATE=1 rewrites them); the wallclock
# figures must equal an independent reading (sqlbench-crosscheck.awk).
# Then: a folder is one unit (twice changes nothing), and malformed input is
# refused with exit 1, the file and line named, the store unchanged.
. "$TOP/tests/lib.sh"
need sqlite3

FIX=$TOP/tests/fixtures/sqlbench

# sqlgolden PATH NAME: PATH (file or folder) alone against its golden
# export, a folder's run count, and the wallclock figures read again
sqlgolden() {
	path=$1 name=$2
	golden "$path" "$name" "sqlbench/$name.tsv" || return 0
	if [ -d "$path" ]; then
		# one run per sql-bench output folder; the other folders hold
		# several runs' summaries, or compare-results tables
		case $name in
		hgxl64-compare) want=19 ;;
		hgxl64-output) want=3 ;;
		mysql-server-Results) want=2 ;;
		*) want=1 ;;
		esac
		runs=$(bs list --format tsv | tail -n +2 | wc -l)
		[ "$runs" -eq "$want" ] && ok "$name: the folder gives $want run(s)" ||
			notok "$name: the folder gives $want run(s) (got $runs)"
		set -- "$path"/*
	else
		set -- "$path"
	fi
	awk -f "$TOP/tests/sqlbench-crosscheck.awk" "$@" | sort -u > "$T/want"
	[ -s "$T/want" ] || return 0	# compare-results: checked below
	bs export | tail -n +2 | awk -F '\t' '$6 != "" && $5 != "cpu_time" {
		print $4 "\t" $5 "\t" $6 }' | sort > "$T/got3"
	if cmp -s "$T/want" "$T/got3"; then
		ok "$name: every wallclock figure as printed ($(wc -l < "$T/want"))"
	else
		notok "$name: figures differ from an independent reading"
		diff "$T/want" "$T/got3" | head -5
	fi
}

if [ -d "$CORPUS/sql-bench" ]; then
	for d in "$CORPUS"/sql-bench/*/; do
		d=${d%/}
		for f in "$d"/*; do
			sqlgolden "$f" "$(basename "$d")__$(basename "$f")"
		done
		sqlgolden "$d" "$(basename "$d")"
	done
	# the whole corpus: every file imported or refused with a reason
	fresh
	if bs import "$CORPUS/sql-bench" >"$T/out" 2>"$T/err" && ! [ -s "$T/err" ]; then
		ok "import of the whole sql-bench corpus: every file imported ($(wc -l < "$T/out") units)"
	else
		notok "import of the whole sql-bench corpus ($(cat "$T/err"))"
	fi
	# compare-results --relative: the columns after the first are ratios
	# to it, kept as printed (total_time_ratio, unit x; the first
	# column's own ratio 1), never rebuilt into seconds nobody printed.
	# Independent check: each ratio is the plain table's seconds of the
	# same runs over the first column's, to the ratio's three decimals.
	P=$CORPUS/sql-bench/hgxl64-compare/mariadb-5.2.10.txt
	R=$CORPUS/sql-bench/hgxl64-compare/mariadb-5.2.10-relative.txt
	fresh
	bs import "$P" >/dev/null && bs export > "$T/plain.tsv"
	fresh
	bs import "$R" >/dev/null && bs export > "$T/rel.tsv"
	awk -F '\t' 'FNR == 1 { f++; next }
		f == 1 && $5 == "total_time" { s[$2 SUBSEP $4] = $6; if ($1 == 1) ref[$4] = $6 }
		f == 2 && $5 == "total_time_ratio" { k = $2 SUBSEP $4
			if (!(k in s) || !($4 in ref) || $7 != "x") { bad++; next }
			d = $6 - s[k] / ref[$4]; if (d < 0) d = -d
			if (d > 0.0005 + 1e-9) bad++; n++ }
		END { exit !(n == 54 && bad == 0) }' "$T/plain.tsv" "$T/rel.tsv" &&
		ok "compare-results --relative: 54 ratios kept as printed, each the plain table's seconds over column 1's" ||
		notok "compare-results --relative: ratios kept as printed and agree with the plain table"
	check "compare-results --relative: no seconds rebuilt from a ratio (only column 1 has total_time)" \
		test "$(awk -F '\t' '$5 == "total_time" && $1 != 1' "$T/rel.tsv" | wc -l)" = 0
	check "compare-results --relative: the ATIS ratio of 'debug' is 3.377, not 780.087 s" sh -c \
		'grep -q "	ATIS	total_time_ratio	3.377	x	" "$1" && ! grep -q "780\.087" "$1"' _ "$T/rel.tsv"
else
	skip "sql-bench corpus files" "../shared/corpus is absent"
fi
for f in "$FIX"/*; do sqlgolden "$f" "fixture__$(basename "$f")"; done

# a store written before the ratios were kept (run 2's ATIS as 780.087 s
# rebuilt from 3.377, no total_time_ratio) is mended by reparse
fresh
bs import "$FIX/compare-relative.txt" >/dev/null
bs export > "$T/new.tsv"
sqlite3 "$T/db" "delete from result where metric = 'total_time_ratio' and value = 1;
	update result set metric = 'total_time', unit = 's', value = 780.087 where metric = 'total_time_ratio'"
check "the old store has the rebuilt seconds 780.087" sh -c '"$1" --db "$2" export | grep -q "	ATIS	total_time	780.087	s	"' _ "$BIN" "$T/db"
out=$(bs reparse | tail -1)
check "reparse of it keeps the ratio as printed, no seconds from it ($out)" sh -c \
	'test "$1" = "1 source, 1 changed" && "$2" --db "$3" export | cmp -s - "$4"' _ "$out" "$BIN" "$T/db" "$T/new.tsv"

# ---- one folder, one unit --------------------------------------------
fresh
cp -r "$FIX/run-1999" "$T/run"
bs import "$T/run" >/dev/null
dump "$T/db" > "$T/before.sql"
bs import "$T/run" > "$T/out"
dump "$T/db" > "$T/after.sql"
grep -q 'already imported' "$T/out" && cmp -s "$T/before.sql" "$T/after.sql" &&
	ok "a folder imported twice: already imported, store unchanged" ||
	notok "a folder imported twice: already imported, store unchanged"
bs import "$T/run/select-pg-box-cmp-mysql,pg" > "$T/out"
dump "$T/db" > "$T/after.sql"
grep -q 'already imported' "$T/out" && cmp -s "$T/before.sql" "$T/after.sql" &&
	ok "a file of an imported folder: already imported" ||
	notok "a file of an imported folder: already imported"
[ "$(sqlite3 "$T/db" 'select count(*) from source')" = 3 ] &&
	ok "a folder's files are each kept as a source" ||
	notok "a folder's files are each kept as a source"
# files named one by one stay separate units
fresh
bs import "$T/run"/* >/dev/null
[ "$(bs list --format tsv | tail -n +2 | wc -l)" = 3 ] &&
	ok "files named one by one: one run each" ||
	notok "files named one by one: one run each"

# ---- malformed --------------------------------------------------------
fresh
bs import --label base "$FIX/compare-flags.txt" >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"

# bad PATH LINE PATTERN [FILE]: importing PATH fails naming FILE (default
# PATH) at LINE with PATTERN; the store is unchanged
bad() {
	refused "$1" "${4:-$1}" "$2" "$3"
}

A="$FIX/hires-2012/alter-table-mysql_fast-host-cmp-mysql,pg"
R="$FIX/run-1999/RUN-pg-box-cmp-mysql,pg"
C="$FIX/compare-flags.txt"
sed '6s/secs/sec/' "$A" > "$T/alter-table-m-h"
bad "$T/alter-table-m-h" 6 "expected a time"
sed '4s/= *0.03 CPU)/= abc CPU)/' "$A" > "$T/alter-table-m-cpu"
bad "$T/alter-table-m-cpu" 4 "expected a time"
sed '6s/(992)/(99x)/' "$A" > "$T/alter-table-m-count"
bad "$T/alter-table-m-count" 6 "expected '(COUNT)'"
sed '9s/14.0485/1e3/' "$A" > "$T/alter-table-m-total"
bad "$T/alter-table-m-total" 9 "expected a time"
{ cat "$A"; head -1 "$A"; } > "$T/alter-table-m-twice"
bad "$T/alter-table-m-twice" 10 "a second 'Testing server'"
# a renamed file whose first lines do not say its test either (a skipped
# transactions test prints only "Test skipped")
cp "$FIX/failed-2012/transactions-mysql-box-cmp-mysql,pg" "$T/no-test-name.txt"
bad "$T/no-test-name.txt" "" "nor its first lines say which sql-bench test"
sed '9s/ 4 wallclock/ x wallclock/' "$R" > "$T/RUN-bad-total"
bad "$T/RUN-bad-total" 9 "expected a time"
sed 's/^All 2 test/All 3 test/' "$R" > "$T/RUN-bad-count"
bad "$T/RUN-bad-count" 12 "the summary counts 3 tests"
sed '/^TOTALS/d' "$R" > "$T/RUN-no-totals"
bad "$T/RUN-no-totals" 18 "before their TOTALS row"
# a malformed row of the totals per operation, which are not stored, is a
# warning naming its line: the verdicts above it are kept
sed '18s/27.36/2x.36/' "$R" > "$T/RUN-bad-row"
rm -f "$T/db2"
"$BIN" --db "$T/db2" import "$T/RUN-bad-row" >/dev/null 2>"$T/err"
check "a malformed totals row is a warning naming its line" \
	grep -q "^benchsite: $T/RUN-bad-row:18: warning: 1 line of the totals per operation (not stored) is not" "$T/err"
check "a malformed totals row keeps the run's totals" \
	test "$("$BIN" --db "$T/db2" export | grep -c '	total_time	')" = 2
sed '/^All 2/d' "$R" > "$T/RUN-no-summary"
bad "$T/RUN-no-summary" 18 "ends before 'All N"
printf 'Benchmark DBD suite: 2.15\n\nFailed (/tmp/x)\n' > "$T/RUN-orphan-failed"
bad "$T/RUN-orphan-failed" 3 "'Failed' line with no test"
sed '17s/|  12.50|/|  12.50|  1.00|/' "$C" > "$T/cmp-cols"
bad "$T/cmp-cols" 17 "with 3 values"
sed '17s/231.00/23x.00/' "$C" > "$T/cmp-cell"
bad "$T/cmp-cell" 17 "column 1: expected a number"
sed '9s/^ 3 / 4 /' "$C" > "$T/cmp-number"
bad "$T/cmp-number" 9 "result log 4 listed where 3"
sed '/^TOTALS/,$d' "$C" > "$T/cmp-cut"
bad "$T/cmp-cut" 24 "ends before its table is complete"
# per-test files renamed without their "<test>-" prefix: the test is told
# from the line the test script prints first; every corpus and fixture file
# of a test that prints one must come out under its own test
: > "$T/renamed-bad"
nrenamed=0
for f in "$CORPUS"/sql-bench/*/*-cmp-* "$FIX"/*/*-cmp-*; do
	[ -f "$f" ] || continue
	b=$(basename "$f")
	case $b in RUN-*|transactions-*|table-elimination-*) continue;; esac
	t=${b%%-[a-z]*_*}
	for k in alter-table ATIS big-tables connect create insert select wisconsin; do
		case $b in "$k"-*) t=$k;; esac
	done
	mkdir -p "$T/renamed"
	cp "$f" "$T/renamed/server-${b#"$t"-}"
	rm -f "$T/db2"
	got=$("$BIN" --db "$T/db2" import "$T/renamed/server-${b#"$t"-}" 2>&1 >/dev/null &&
		"$BIN" --db "$T/db2" export | awk -F'\t' '$5 == "total_time" || $9 == "failed" { print $4; exit }')
	[ "$got" = "$t" ] || echo "$b: $got" >> "$T/renamed-bad"
	rm -rf "$T/renamed"
	nrenamed=$((nrenamed + 1))
done
check "renamed per-test files are told by their first lines ($nrenamed files; $(head -3 "$T/renamed-bad" | tr '\n' ' '))" \
	test ! -s "$T/renamed-bad" -a "$nrenamed" -gt 3

# an author's "<snip>" inside the totals per operation of a real RUN-
# summary: imported with its eight tests' totals, and a warning
SNIP=$CORPUS/sql-bench/hgxl64-output/RUN-mysql-mariadb_5.5.23_engine_heap-cmp-mysql,pg
if [ -f "$SNIP" ]; then
	sed '26a\
<snip>' "$SNIP" > "$T/RUN-mysql-mariadb_5.5.23_engine_heap-cmp-mysql,pg"
	rm -f "$T/db2"
	"$BIN" --db "$T/db2" import "$T/RUN-mysql-mariadb_5.5.23_engine_heap-cmp-mysql,pg" >/dev/null 2>"$T/err"
	check "a RUN- summary with <snip> in its totals keeps its tests ($(head -c 200 "$T/err"))" \
		test "$("$BIN" --db "$T/db2" export | grep -c '	total_time	')" = 8
	check "the <snip> line is a warning naming it" \
		grep -q "engine_heap-cmp-mysql,pg:27: warning: 1 line of the totals per operation" "$T/err"
else
	skip "RUN- summary with <snip>" "../shared/corpus is absent"
fi
# a folder whose summary disagrees with a test's own file: the whole set
# is refused, naming the summary's line
mkdir "$T/disagree"
cp "$FIX"/run-1999/* "$T/disagree/"
sed -i '9s/ 4 wallclock/ 5 wallclock/' "$T/disagree/RUN-pg-box-cmp-mysql,pg"
bad "$T/disagree" 9 "test 'alter-table' disagrees with" "$T/disagree/RUN-pg-box-cmp-mysql,pg"
# the server a test file names must be the summary's
mkdir "$T/other-server"
cp "$FIX"/win-1998/* "$T/other-server/"
sed -i '1s/SQL Server  7.00/SQL Server  6.50/' "$T/other-server/alter-table-ms-sql_odbc-NT_4.0-cmp-mysql"
bad "$T/other-server" 7 "server_version .* differs" "$T/other-server/RUN-ms-sql_odbc-NT_4.0-cmp-mysql"
