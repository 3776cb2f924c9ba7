# store.test.sh: what import and export promise about the store: the same
# bytes stored once, export -> import -> export unchanged, labels and
# attributes from the command line, standard input and gzip, folders.
. "$TOP/tests/lib.sh"
need sqlite3
S=$TOP/sample-data

# importing the same bytes twice changes nothing and says so
bs import "$S/bonnie-tmpfs.txt" > /dev/null
dump "$T/db" > "$T/one.sql"
out=$(bs import "$S/bonnie-tmpfs.txt")
check "second import says 'already imported'" \
	test "$out" = "$S/bonnie-tmpfs.txt: already imported"
dump "$T/db" > "$T/two.sql"
check "second import leaves the store as it was" cmp -s "$T/one.sql" "$T/two.sql"
gzip -c "$S/bonnie-tmpfs.txt" > "$T/same.txt.gz"
out=$(bs import "$T/same.txt.gz")
check "the same bytes gzipped are the same source" \
	test "$out" = "$T/same.txt.gz: already imported"
check "the source is stored once, with its SHA-256" test \
	"$(sqlite3 "$T/db" 'select count(*), sha256 from source')" = \
	"1|$(sha256sum < "$S/bonnie-tmpfs.txt" | cut -c1-64)"
check "the source is kept compressed" test \
	"$(sqlite3 "$T/db" 'select length(content) < size from source')" = 1

# export -> import into an empty store -> export gives the same rows
rm -f "$T/db"*
bs import "$S" > /dev/null 2>&1
# an importer leaves foreign keys and CHECKs to its own checks
# (store_import_mode): what it stored must pass SQLite's
check "after importing sample-data/: no row breaks a foreign key" test \
	"$(sqlite3 "$T/db" 'pragma foreign_key_check' | wc -l)" = 0
check "... nor a CHECK constraint, and the store is whole" test \
	"$(sqlite3 "$T/db" 'pragma integrity_check')" = ok
check "... and the check would see one (negative control)" sh -c '
	cp "$1" "$1.x"; sqlite3 "$1.x" "pragma foreign_keys = off;
	insert into result (run_id, test, metric, unit, better, status)
	values (9999, '"'t', 'm', '', 'lower', 'ok'"')"
	test "$(sqlite3 "$1.x" "pragma foreign_key_check" | wc -l)" = 1' _ "$T/db"
for fmt in tsv csv; do
	bs export --format $fmt > "$T/a.$fmt"
	rm -f "$T/db2"*
	"$BIN" --db "$T/db2" import "$T/a.$fmt" > /dev/null
	"$BIN" --db "$T/db2" export --format $fmt > "$T/b.$fmt"
	check "$fmt round trip gives the same rows ($(wc -l < "$T/a.$fmt") lines)" \
		cmp -s "$T/a.$fmt" "$T/b.$fmt"
done
# (sample-data/raw/tools, real outputs of more tools, adds
# dbench, hyperfine and pgbench runs)
check "the round trip is not empty (bonnie++, dbench, fio, hyperfine, pgbench, sql-bench, sysbench rows and the two-factor sheets)" \
	test "$(cut -f3 "$T/a.tsv" | LC_ALL=C sort -u | tr '\n' ' ')" = \
	"bonnie++ dbench fio hyperfine mysql-on-filesystems pgbench sql-bench suite super-smack sysbench "
bs export --attrs > "$T/a-attrs.tsv"
rm -f "$T/db2"*
"$BIN" --db "$T/db2" import "$T/a-attrs.tsv" > /dev/null
"$BIN" --db "$T/db2" export --attrs > "$T/b-attrs.tsv"
check "round trip with --attrs keeps the attributes" cmp -s "$T/a-attrs.tsv" "$T/b-attrs.tsv"
check "the sql-bench CSV's extra columns are attributes" \
	awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$2 == "jfs_defaults" && $4 == "ATIS" && $6 == 268 &&
		$c["fs"] == "jfs" && $c["mount"] == "defaults" { found = 1 }
		END { exit !found }' "$T/a-attrs.tsv"
# too-fast results travel as an empty value with their status
check "too-fast has no value in the export" \
	grep -q '	tmpfs	bonnie++	rewrite	rate		KiB/s	higher	too-fast$' "$T/a.tsv"
bs export --format json > "$T/a.json"
check "JSON export has a null value for too-fast" \
	grep -q '"label":"tmpfs","suite":"bonnie++","test":"rewrite","metric":"rate","value":null' "$T/a.json"
check "JSON export has as many objects as TSV rows" \
	test "$(grep -c '^[[,]*{' "$T/a.json")" = "$(($(wc -l < "$T/a.tsv") - 1))"
if command -v python3 > /dev/null; then
	check "JSON export parses" python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/a.json"
else
	skip "JSON export parses" "python3 is not installed"
fi

# --label and --set; labels with odd characters survive export and import
rm -f "$T/db"*
bs import --label 'odd, "label"	tab' --set fs=ext4 --set 'mount=rw,noatime' \
	"$S/bonnie-xfs-loop.txt" > /dev/null
check "--label replaces the name bonnie++ printed" \
	test "$(sqlite3 "$T/db" 'select label from run')" = "$(printf 'odd, "label"\ttab')"
check "--set adds attributes" test \
	"$(sqlite3 "$T/db" "select group_concat(key||'='||value, ' ') from run_attr where key in ('fs','mount')")" = \
	"fs=ext4 mount=rw,noatime"
bs export > "$T/odd.tsv"
rm -f "$T/db2"*
"$BIN" --db "$T/db2" import "$T/odd.tsv" > /dev/null
check "a label with a tab, comma and quotes survives a TSV round trip" \
	test "$("$BIN" --db "$T/db2" export | md5sum)" = "$(md5sum < "$T/odd.tsv")"
check "--set must be KEY=VALUE (exit 2)" sh -c '"$BIN" --db "$1" import --set nokey "$2" 2>/dev/null; test $? = 2' _ "$T/db" "$S/bonnie-tmpfs.txt"
check "--set refuses a key with spaces (exit 2)" sh -c '"$BIN" --db "$1" import --set "a b=1" "$2" 2>/dev/null; test $? = 2' _ "$T/db" "$S/bonnie-tmpfs.txt"

# standard input, and a label from the file name
rm -f "$T/db"*
bs import - < "$S/bonnie-tmpfs.txt" > /dev/null
check "import - reads standard input" test "$(sqlite3 "$T/db" 'select name from source')" = "<stdin>"
printf 'test,metric,value,better\nt,m,1,lower\n' > "$T/my-results.csv"
bs import "$T/my-results.csv" > /dev/null
check "a run with no label of its own is named after the file" \
	test "$(sqlite3 "$T/db" "select label from run where suite = 'table'")" = "my-results"

# a folder: results imported, other files skipped with a note, exit 0
rm -f "$T/db"*
mkdir -p "$T/dir/sub"
cp "$S/bonnie-tmpfs.txt" "$T/dir/sub/"
cp "$S/README.md" "$T/dir/"
printf 'x' > "$T/dir/.hidden"
bs import "$T/dir" > "$T/out" 2> "$T/err"
check "a folder imports its results (recursively), exit 0" \
	test $? = 0 -a "$(sqlite3 "$T/db" 'select count(*) from run')" = 1
check "a folder's non-result files are skipped with a note" \
	grep -q "README.md: skipped: not a known format" "$T/err"
check "a file named directly must be a result (exit 1)" \
	sh -c '"$BIN" --db "$1" import "$2" 2>/dev/null; test $? = 1' _ "$T/db" "$S/README.md"

# one bad file among good ones: the good ones go in, the exit status is 1
rm -f "$T/db"*
printf 'test,metric,value,better\nt,m,x,lower\n' > "$T/bad.csv"
bs import "$S/bonnie-tmpfs.txt" "$T/bad.csv" "$S/bonnie-xfs-loop.txt" > /dev/null 2>&1
rc=$?
check "one bad file among several: exit 1" test $rc = 1
check "one bad file among several: the others are imported" \
	test "$(sqlite3 "$T/db" 'select count(*) from source')" = 2
