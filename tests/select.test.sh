# select.test.sh: the selection language (K=V, K=V1,V2, K!=V, K, !K) in
# compare --where, list, delete and export; a comparison that selects no
# runs is refused saying what each condition matched; a comparison stored
# by the previous version selects what it always did.  On the sql-bench
# table of sample-data/ (12 runs: fs ext2 ext3x8 jfs reiserfs xfs, mount
# values that hold commas) and bonnie++'s runs (no fs).
. "$TOP/tests/lib.sh"
need sqlite3
S=$TOP/sample-data
export SOURCE_DATE_EPOCH=1700000000

# runs LIST-ARGS: the run numbers list runs gives, on one line
runs() { bs list runs --format tsv "$@" | tail -n +2 | cut -f1 | tr '\n' ' '; }
# labels LIST-ARGS: their labels, sorted, on one line
labels() { bs list runs --format tsv "$@" | tail -n +2 | cut -f3 | sort | tr '\n' ' '; }

bs import "$S/bonnie-tmpfs.txt" "$S/bonnie-xfs-loop.txt" \
	"$S/sqlbench-filesystems-2008.csv" > /dev/null

# ---- list ------------------------------------------------------------------
check "K=V: one value (fs=jfs: one run)" test "$(labels --where fs=jfs)" = "jfs_defaults "
check "K=V1,V2: any of them (fs=jfs,xfs: two runs)" \
	test "$(labels --where fs=jfs,xfs)" = "jfs_defaults xfs_defaults "
check "negative control: K=V1,V2 is not the literal value 'jfs,xfs'" \
	test "$(labels --where fs=jfs,xfs)" != ""
check "K!=V: every run of another fs, and the runs without one (14 - 8 ext3)" \
	test "$(runs --where 'fs!=ext3' | wc -w)" = 6
check "K!=V1,V2: none of them" \
	test "$(labels --where 'fs!=ext3,ext2' --suite sql-bench)" = "jfs_defaults reiserfs_defaults xfs_defaults "
check "K: the runs that have it (12 sql-bench runs have fs)" \
	test "$(runs --where fs | wc -w)" = 12
check "!K: the runs that lack it (the 2 bonnie++ runs)" \
	test "$(labels --where '!fs')" = "tmpfs xfs-loop "
check "label is a key: label=tmpfs,jfs_defaults" \
	test "$(labels --where label=tmpfs,jfs_defaults)" = "jfs_defaults tmpfs "
check "label!=V" test "$(runs --where 'label!=tmpfs' | wc -w)" = 13
check "repeated conditions all hold (fs=ext3 and mount=data=writeback)" \
	test "$(labels --where fs=ext3 --where mount=data=writeback)" = "ext3_data=writeback "
check "a comma inside a value is written \\, (mount=data=ordered\\,extents: one run)" \
	test "$(labels --where 'mount=data=ordered\,extents')" = "ext3_data=ordered,extents "
check "negative control: unescaped, it is two values (data=ordered or extents)" \
	test "$(labels --where 'mount=data=ordered,extents')" = "ext3_data=ordered "
check "conditions that cannot hold together select nothing" \
	test "$(runs --where fs=jfs --where fs=xfs)" = ""
check "a condition of no attribute name: exit 2" test "$(st bs list runs --where 'f s=x')" = 2
check "an empty condition: exit 2" test "$(st bs list runs --where '')" = 2
check "'!' alone: exit 2" test "$(st bs list runs --where '!')" = 2
bs list runs --where 'f s=x' 2> "$T/err"
check "and it says what conditions look like" grep -q "K=V, K=V1,V2, K!=V, K~=V, K!~=V, K or !K" "$T/err"
check "list tests uses the same selection (fs=jfs,xfs: 8 tests, 2 runs each)" test \
	"$(bs list tests --where fs=jfs,xfs --format tsv | tail -n +2 | cut -f6 | sort -u)" = 2
check "list sources too (!fs: the 2 bonnie++ files)" test \
	"$(bs list sources --where '!fs' --format tsv | tail -n +2 | wc -l)" = 2

# ---- list runs: what tells runs apart --------------------------------------
bs list runs > "$T/runs"
check "list runs shows the attributes that tell a suite's runs apart (fs, mount)" \
	grep -q "jfs_defaults  *8  fs=jfs mount=defaults " "$T/runs"
check "but not those every run of its suite shares (bonnie++'s tool_version)" \
	sh -c '! grep -q "tool_version" "$1"' _ "$T/runs"
check "nor those that differ by their nature (seed)" \
	sh -c '! grep -q "seed=" "$1"' _ "$T/runs"
check "--attrs shows every one" sh -c \
	'"$1" --db "$2" list runs --attrs | grep "tmpfs" | grep -q "seed=.*tool_version=2.00a"' _ "$BIN" "$T/db"
check "the TSV has them as a last column, attributes" \
	test "$(bs list runs --format tsv | head -1 | cut -f8)" = attributes

# ---- export ------------------------------------------------------------------
check "export --where (fs=jfs,xfs: 16 rows)" \
	test "$(bs export --where fs=jfs,xfs | tail -n +2 | wc -l)" = 16
check "export --label" test "$(bs export --label tmpfs | tail -n +2 | cut -f2 | sort -u)" = tmpfs
check "export --where of nothing: the header alone" \
	test "$(bs export --where fs=nope | wc -l)" = 1
check "negative control: export without a selection has every row" \
	test "$(bs export | tail -n +2 | wc -l)" = $((96 + 72))

# ---- compare ----------------------------------------------------------------
check "compare --where fs=jfs,xfs,reiserfs: stored (exit 0)" \
	test "$(st bs compare three --suite sql-bench --by fs --where fs=jfs,xfs,reiserfs)" = 0
bs summary three --format tsv > "$T/three.tsv"
check "its page compares those three groups only" test \
	"$(cut -f5 "$T/three.tsv" | grep -v '^subject' | sort -u | tr '\n' ' ')" = "jfs reiserfs xfs "
check "compare --where 'fs!=ext3': every fs but ext3 (4 groups)" sh -c \
	'"$1" --db "$2" compare noext3 --suite sql-bench --by fs --where "fs!=ext3" &&
	 "$1" --db "$2" summary noext3 --format tsv | cut -f5 | grep -v "^subject" | sort -u | wc -l | grep -qx 4' _ "$BIN" "$T/db"
dumpf() { sqlite3 "$1" .dump; }
dumpf "$T/db" > "$T/before.sql"
bs compare none --suite sql-bench --by fs --where fs=jfs --where fs=xfs 2> "$T/err"
check "a comparison that selects no runs is refused (exit 1)" test $? = 1
check "saying what each condition matched" grep -q \
	"selects no runs of suite 'sql-bench' (fs=jfs matches 1 run, fs=xfs matches 1 run, all together none)" "$T/err"
check "and nothing was stored" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/db" "$T/before.sql"
check "a value that no run has is refused too" test "$(st bs compare n2 --suite sql-bench --where fs=btrfs)" = 1
check "negative control: a comparison that selects runs is stored" \
	test "$(st bs compare n3 --suite sql-bench --where fs=btrfs,xfs)" = 0

# a filter as the previous version stored it: "k=v" lines, each value
# literal (a comma in it is no list)
sqlite3 "$T/db" "insert into run_attr (run_id, key, value) select id, 'note',
	'a,b' from run where label in ('jfs_defaults', 'xfs_defaults');
	insert into comparison (name, suite, by_key, filter) values
	('old', 'sql-bench', 'label', 'note=a,b' || char(10))"
check "a stored filter of the previous version selects what it did (the literal value 'a,b')" test \
	"$(bs summary old --format tsv | cut -f5 | grep -v '^subject' | sort -u | tr '\n' ' ')" = "jfs_defaults xfs_defaults "
bs compare lit --suite sql-bench --where 'mount=data=ordered\,extents' > /dev/null
check "a literal value is stored in the previous version's form" test \
	"$(sqlite3 "$T/db" "select filter from comparison where name = 'lit'")" = "mount=data=ordered,extents"
check "a list is stored as a #selection filter" test \
	"$(sqlite3 "$T/db" "select replace(filter, char(10), '|') from comparison where name = 'three'")" = "#selection|fs=jfs,xfs,reiserfs|"
bs render --out "$T/site" > /dev/null 2>&1
check "the page says which runs it compares" \
	grep -q "fs jfs, xfs or reiserfs" "$T/site"/comparison-three-*.html

# ---- delete ------------------------------------------------------------------
cp "$T/db" "$T/d.db"
out=$("$BIN" --db "$T/d.db" delete --yes --where fs=jfs,reiserfs)
check "delete --where prints each run with what tells it apart" test \
	"$(echo "$out" | head -1)" = "run 12: sql-bench, jfs_defaults, fs=jfs mount=defaults note=a,b, 8 results, from $S/sqlbench-filesystems-2008.csv"
check "and deletes the runs chosen (2)" test \
	"$("$BIN" --db "$T/d.db" list runs --format tsv | tail -n +2 | wc -l)" = 12
check "delete --where of nothing: exit 1" test "$(st "$BIN" --db "$T/d.db" delete --yes --where fs=nope)" = 1
check "delete with run numbers and a selection: exit 2" \
	test "$(st "$BIN" --db "$T/d.db" delete --yes 1 --where fs=xfs)" = 2
