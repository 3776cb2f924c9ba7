# ranges.test.sh: run numbers as ranges (36-47) and lists of them
# (36-47,50) in every command that names runs (tag, exclude, include,
# delete); a reversed or malformed range is a usage error naming it, and
# changes nothing.
. "$TOP/tests/lib.sh"
need sqlite3
S=$TOP/sample-data
export SOURCE_DATE_EPOCH=1700000000

q() { sqlite3 "$T/db" "$1" | tr '\n' ' '; }

# runs 1-4 (Super Smack), 5-13 (MySQL versions x filesystems, 9 rows)
bs import "$S/supersmack-os-write-cache.tsv" "$S/mysql-versions-filesystems.tsv" > /dev/null
check "the store has 13 runs" test "$(q 'select count(*) from run')" = "13 "

# ---- tag -------------------------------------------------------------------------
out=$(bs tag 2-4 --set x=r)
check "tag 2-4 tags runs 2, 3 and 4" test "$(q "select run_id from run_attr where key = 'x' order by run_id")" = "2 3 4 "
check "and says so" test "$(echo "$out" | tail -1)" = "tagged 3 runs"
bs tag 6-7,9 11 --set y=l > /dev/null
check "tag 6-7,9 11: a list of ranges and numbers, with another argument" \
	test "$(q "select run_id from run_attr where key = 'y' order by run_id")" = "6 7 9 11 "
bs tag 5-5,5 --set z=1 > /dev/null
check "a range of one run, given twice, tags it once" \
	test "$(q "select count(*) from run_attr where key = 'z'")" = "1 "

# ---- refusals: exit 2, named, nothing changed ------------------------------------
dump "$T/db" > "$T/before.sql"
for bad in 4-2 2- 2-x 1-2-3 1,,2 3, x 0-2; do
	rc=$(st bs tag "$bad" --set w=1)
	bs tag "$bad" --set w=1 2> "$T/err" > /dev/null
	check "tag '$bad': exit 2 ($rc), the message names it" \
		sh -c 'test "$1" = 2 && grep -qF "'"'"'$2'"'"'" "$3"' _ "$rc" "$bad" "$T/err"
done
bs tag 4-2 --set w=1 2> "$T/err"
check "a reversed range is called one" grep -q "'4-2' is a reversed range" "$T/err"
bs tag 1-3,x --set w=1 2> "$T/err"
check "in a list, the item at fault is named ('x')" grep -q "'1-3,x': 'x' is not" "$T/err"
check "a range wider than CLI_RANGE_MAX is refused" test "$(st bs tag 1-100000000 --set w=1)" = 2
dump "$T/db" > "$T/after.sql"
check "the store is unchanged by every refusal" cmp -s "$T/before.sql" "$T/after.sql"
check "negative control: a range of runs that do not all exist fails (exit 1), changing nothing" \
	test "$(st bs tag 12-14 --set w=1) $(q "select count(*) from run_attr where key = 'w'")" = "1 0 "

# ---- exclude, include -----------------------------------------------------------
out=$(bs exclude 3-4,1 --why test)
check "exclude 3-4,1 excludes runs 1, 3 and 4, in order" test "$out" = "run 1: excluded
run 3: excluded
run 4: excluded"
check "in the store" test "$(q 'select id from run where excluded is not null order by id')" = "1 3 4 "
check "include 1-4 counts them again" \
	test "$(bs include 1-4 | grep -c 'included again') $(q 'select count(*) from run where excluded is not null')" = "3 0 "
check "exclude 4-3: exit 2" test "$(st bs exclude 4-3 --why x)" = 2

# ---- delete -----------------------------------------------------------------------
check "delete 9-8: exit 2" test "$(st bs delete --yes 9-8)" = 2
bs delete --yes 10-13,1 > /dev/null
check "delete --yes 10-13,1 deletes those five runs" \
	test "$(q 'select id from run order by id')" = "2 3 4 5 6 7 8 9 "
