# lifecycle.test.sh: a store over the years: merge, migration from
# version 1 (tests/fixtures/store-v1.sql) and of the samples of version 7
# (tests/fixtures/store-v7.sql), reparse, exclude and include,
# delete, and the filtered listings.
#
# Run numbers follow the order of import and merge, and export orders by
# them; so "the same results" between stores filled in different orders
# means: the same export rows once the run column is cut and the rows are
# sorted (xrows below).  Where the order is the same, exports are compared
# whole.
. "$TOP/tests/lib.sh"
need sqlite3 python3
S=$TOP/sample-data
export SOURCE_DATE_EPOCH=1700000000

db() { f=$1; shift; "$BIN" --db "$T/$f" "$@"; }
xrows() { "$BIN" --db "$1" export --attrs | cut -f2- | sort; }
dumpf() { sqlite3 "$1" .dump > "$2"; }

# ---- merge -----------------------------------------------------------------
"$BIN" --db "$T/a.db" import "$S/bonnie-tmpfs.txt" "$S/bonnie-xfs-loop.txt" > /dev/null
"$BIN" --db "$T/b.db" import "$S/bonnie-xfs-loop.txt" "$S/bonnie-x3-ext4-disk.csv" \
	"$S/sqlbench-filesystems-2008.csv" > /dev/null
"$BIN" --db "$T/all.db" import "$S/bonnie-tmpfs.txt" "$S/bonnie-xfs-loop.txt" \
	"$S/bonnie-x3-ext4-disk.csv" "$S/sqlbench-filesystems-2008.csv" > /dev/null
sqlite3 "$T/b.db" "insert into comparison (name, suite) values ('fs', 'sql-bench')"
md5b=$(md5sum < "$T/b.db"); dumpf "$T/b.db" "$T/b0.sql"
cp "$T/a.db" "$T/ab.db"
out=$("$BIN" --db "$T/ab.db" merge "$T/b.db")
check "merge says what it copied and skipped" test "$out" = \
	"$T/b.db: 2 sources added (15 runs, 204 results), 1 already here, 1 comparison added"
xrows "$T/ab.db" > "$T/ab.rows"; xrows "$T/all.db" > "$T/all.rows"
check "A+B holds exactly the union: the rows of one store of all four files ($(wc -l < "$T/ab.rows") rows)" \
	cmp -s "$T/ab.rows" "$T/all.rows"
check "the union is not a trivial one (17 runs, 4 sources)" test \
	"$(sqlite3 "$T/ab.db" 'select count(*) from run; select count(*) from source' | tr '\n' ' ')" = "17 4 "
"$BIN" --db "$T/a.db" export > "$T/a.tsv"
"$BIN" --db "$T/ab.db" export | head -n "$(wc -l < "$T/a.tsv")" > "$T/ab-head.tsv"
check "A's runs keep their numbers and rows" cmp -s "$T/a.tsv" "$T/ab-head.tsv"
check "the comparison came along" test "$(db ab.db list comparisons --format tsv | grep '^fs	')" = \
	"$(printf 'fs\tsql-bench\tlabel\t\t\tdefined\t\t\t\t\t')"
check "the merged store's file is left as it was (bytes)" test "$(md5sum < "$T/b.db")" = "$md5b"
dumpf "$T/ab.db" "$T/ab1.sql"
out=$("$BIN" --db "$T/ab.db" merge "$T/b.db" "$T/a.db")
dumpf "$T/ab.db" "$T/ab2.sql"
check "merging again changes nothing" cmp -s "$T/ab1.sql" "$T/ab2.sql"
check "and says so" test "$(echo "$out" | grep -c ': 0 sources added (0 runs, 0 results), [0-9]* already here, 0 comparisons added')" = 2
cp "$T/b.db" "$T/ba.db"
"$BIN" --db "$T/ba.db" merge "$T/a.db" > /dev/null
check "B+A holds the same rows as A+B (run column cut, sorted)" \
	test "$(xrows "$T/ba.db" | md5sum)" = "$(md5sum < "$T/ab.rows")"
check "the stores merged are unchanged (dump)" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/b.db" "$T/b0.sql"

# a newer store, or no store, is refused and nothing changes
cp "$T/b.db" "$T/new.db"; sqlite3 "$T/new.db" "PRAGMA user_version = 99"
dumpf "$T/ab.db" "$T/ab3.sql"
check "a store of a newer schema is refused (exit 1)" test "$(st db ab.db merge "$T/new.db")" = 1
db ab.db merge "$T/new.db" 2> "$T/err"
check "with a message naming the version" \
	grep -q "new.db: store has schema version 99, newer than this benchsite" "$T/err"
check "a text file is refused (exit 1)" test "$(st db ab.db merge "$S/bonnie-tmpfs.txt")" = 1
check "a missing store is refused (exit 1)" test "$(st db ab.db merge "$T/nope.db")" = 1
check "and the store is unchanged" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/ab.db" "$T/ab3.sql"
check "the newer store is unchanged" test "$(sqlite3 "$T/new.db" 'pragma user_version')" = 99

# a forged source (content that does not match its SHA-256) is refused
cp "$T/b.db" "$T/forged.db"
sqlite3 "$T/forged.db" "update source set content = (select content from source where id = 1) where id = 2"
rm -f "$T/c.db"*
check "a source whose content does not match its SHA-256 is refused" \
	test "$(st db c.db merge "$T/forged.db")" = 1
check "and nothing of that store is merged" test "$(sqlite3 "$T/c.db" 'select count(*) from run')" = 0

# ---- version 1 -------------------------------------------------------------
sqlite3 "$T/v1.db" < "$TOP/tests/fixtures/store-v1.sql"
md5v1=$(md5sum < "$T/v1.db")
"$BIN" --db "$T/fresh.db" init
"$BIN" --db "$T/v1m.db" merge "$T/v1.db" > /dev/null
check "a version-1 store merges (4 runs, 1 comparison)" test \
	"$(sqlite3 "$T/v1m.db" 'select count(*) from run; select count(*) from comparison' | tr '\n' ' ')" = "4 1 "
check "and is left as it was, version 1" test "$(md5sum < "$T/v1.db") $(sqlite3 "$T/v1.db" 'pragma user_version')" = "$md5v1 1"
check "its exclusion comes along" test "$(sqlite3 "$T/v1m.db" 'select id, excluded from run where excluded is not null')" = "2|cron ran during it"
check "its attributes come as of unknown origin, its options as not known" test \
	"$(sqlite3 "$T/v1m.db" 'select count(*) from run_attr where origin is null; select count(*) from source where options is null' | tr '\n' ' ')" = "33 2 "
cp "$T/v1.db" "$T/mig.db"
"$BIN" --db "$T/mig.db" init
check "opening a version-1 store migrates it to version 8" test "$(sqlite3 "$T/mig.db" 'pragma user_version')" = 8
check "with the indexes of a new store" test \
	"$(sqlite3 "$T/mig.db" "select name, sql from sqlite_master where type = 'index' order by name")" = \
	"$(sqlite3 "$T/fresh.db" "select name, sql from sqlite_master where type = 'index' order by name")"
check "and its comparisons can hold a sweep's x key" \
	sqlite3 "$T/mig.db" 'select x_key from comparison limit 1'
for t in source source_chunk run run_attr result sample comparison; do
	check "migrated table $t has the columns of a new store" test \
		"$(sqlite3 "$T/mig.db" "select * from pragma_table_info('$t')")" = \
		"$(sqlite3 "$T/fresh.db" "select * from pragma_table_info('$t')")"
done
check "the migrated store exports what the merged one does" \
	test "$(db mig.db export --attrs | md5sum)" = "$(db v1m.db export --attrs | md5sum)"
"$BIN" --db "$T/v1same.db" import --label tmpfs-v1 --set fs=tmpfs "$S/bonnie-tmpfs.txt" > /dev/null
"$BIN" --db "$T/v1same.db" import "$S/bonnie-x3-ext4-disk.csv" > /dev/null
"$BIN" --db "$T/v1same.db" exclude 2 --why x > /dev/null
check "and the figures are those of importing the same files today (108 rows)" \
	test "$(db mig.db export --attrs | tee "$T/mig.tsv" | md5sum)" = "$(db v1same.db export --attrs | md5sum)" -a \
	"$(wc -l < "$T/mig.tsv")" = 109
dumpf "$T/mig.db" "$T/mig0.sql"
out=$(db mig.db reparse)
check "reparse of a migrated store: labels (--label then) and attributes kept" \
	test "$(echo "$out" | tail -1)" = "2 sources, 0 changed"
check "and nothing written" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/mig.db" "$T/mig0.sql"

# ---- version 7: a row a sample --------------------------------------------
# samples_bits DB: every sample of DB as "run test metric" and the bits of t
# and value, in the order version 8 keeps them (a series after another, in
# the order each began, each in the order stored); a version-7 store's rows
# are put in that order, a version-8 store's blobs are read out
samples_bits() {
	python3 - "$1" <<'EOF'
import sqlite3, struct, sys
db = sqlite3.connect(sys.argv[1])
v = db.execute("PRAGMA user_version").fetchone()[0]
series = {}
if v >= 8:
    q = "SELECT run_id, test, metric, data FROM sample ORDER BY rowid"
    for run, test, metric, data in db.execute(q):
        series.setdefault((run, test, metric), []).extend(
            struct.iter_unpack("<dd", data))
else:
    q = "SELECT run_id, test, metric, t, value FROM sample ORDER BY rowid"
    for run, test, metric, t, value in db.execute(q):
        series.setdefault((run, test, metric), []).append((t, value))
for (run, test, metric), tv in series.items():
    for t, value in tv:
        print(run, test, metric, struct.pack("<dd", t, value).hex())
db.close()
EOF
}
sqlite3 "$T/v7.db" < "$TOP/tests/fixtures/store-v7.sql"
samples_bits "$T/v7.db" > "$T/v7.bits"
cp "$T/v7.db" "$T/v7m.db"
"$BIN" --db "$T/v7m.db" init 2> /dev/null
check "opening a version-7 store migrates it to version 8" \
	test "$(sqlite3 "$T/v7m.db" 'pragma user_version')" = 8
samples_bits "$T/v7m.db" > "$T/v7m.bits"
check "every sample kept, to the bit and in order ($(wc -l < "$T/v7.bits") of $(sqlite3 "$T/v7.db" 'select count(*) from sample'))" \
	holds 'test "$(wc -l < "$T/v7.bits")" = "$(sqlite3 "$T/v7.db" "select count(*) from sample")" && cmp -s "$T/v7.bits" "$T/v7m.bits"'
check "... a row a series ($(sqlite3 "$T/v7m.db" 'select count(*) from sample'))" test \
	"$(sqlite3 "$T/v7m.db" 'select count(*) from sample')" = \
	"$(sqlite3 "$T/v7.db" 'select count(*) from (select distinct run_id, test, metric from sample)')"
check "... with the table and indexes of a new store" test \
	"$(sqlite3 "$T/v7m.db" "select name, sql from sqlite_master where type = 'index' order by name; select * from pragma_table_info('sample')")" = \
	"$(sqlite3 "$T/fresh.db" "select name, sql from sqlite_master where type = 'index' order by name; select * from pragma_table_info('sample')")"
check "... the excluded run's samples too" test \
	"$(sqlite3 "$T/v7m.db" 'select count(*) from sample where run_id = 2')" = 8
# the same files imported today: the same samples
mkdir -p "$T/v7src/sample-data/raw"
cp "$S"/raw/ext4-disk-oltp_read_write.out "$S"/raw/tmpfs-oltp_read_write.out \
	"$T/v7src/sample-data/raw/"
cat > "$T/v7src/edge.csv" <<'EOF'
run,label,suite,test,metric,value,unit,better,t
r1,edge,edge,t1,lat,1.5,ms,lower,
r1,edge,edge,t1,tps,7,1/s,higher,
r1,edge,edge,t1,lat,0.30000000000000004,ms,,3
r1,edge,edge,t1,lat,-0,ms,,1
r1,edge,edge,t1,tps,1.2345678901234567e-70,1/s,,1
r1,edge,edge,t1,lat,9.999999999999999e74,ms,,1
r1,edge,edge,t1,lat,2.5,ms,,2
r1,edge,edge,t1,tps,123456789.123456789,1/s,,0.5
r1,edge,edge,t1,tps,-2.2250738585072014e-70,1/s,,0.1
EOF
(cd "$T/v7src" && "$BIN" --db "$T/v7new.db" import sample-data/raw/ext4-disk-oltp_read_write.out \
	sample-data/raw/tmpfs-oltp_read_write.out edge.csv > /dev/null &&
	"$BIN" --db "$T/v7new.db" exclude 2 --why x > /dev/null)
check "... as importing the same files today stores them" \
	test "$(samples_bits "$T/v7new.db" | md5sum)" = "$(md5sum < "$T/v7m.bits")"
check "... and exports them alike" \
	test "$(db v7m.db export --samples | md5sum)" = "$(db v7new.db export --samples | md5sum)"
dumpf "$T/v7m.db" "$T/v7m.sql"
check "reparse of the migrated store finds nothing to change" \
	test "$(db v7m.db reparse | tail -1)" = "3 sources, 0 changed"
check "and writes nothing" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/v7m.db" "$T/v7m.sql"
"$BIN" --db "$T/v7mm.db" merge "$T/v7.db" > /dev/null
check "a version-7 store merges with the same samples" \
	test "$(samples_bits "$T/v7mm.db" | md5sum)" = "$(md5sum < "$T/v7m.bits")"
"$BIN" --db "$T/v7m8.db" merge "$T/v7m.db" > /dev/null
check "and so does the version-8 store it migrated to" \
	test "$(samples_bits "$T/v7m8.db" | md5sum)" = "$(md5sum < "$T/v7m.bits")"
check "the version-7 store is left as it was" \
	test "$(samples_bits "$T/v7.db" | md5sum) $(sqlite3 "$T/v7.db" 'pragma user_version')" = "$(md5sum < "$T/v7.bits") 7"
db v7m.db delete 1 --yes > /dev/null
check "delete takes a run's samples with it" test \
	"$(sqlite3 "$T/v7m.db" 'select group_concat(distinct run_id) from sample')" = "2,3"

# ---- reparse ---------------------------------------------------------------
rm -f "$T/r.db"*
"$BIN" --db "$T/r.db" import --set fs=tmpfs --label 'my tmpfs' "$S/bonnie-tmpfs.txt" > /dev/null
"$BIN" --db "$T/r.db" import "$S/bonnie-x3-ext4-disk.csv" "$S/sqlbench-filesystems-2008.csv" > /dev/null
"$BIN" --db "$T/r.db" exclude 3 --why "cron" > /dev/null
sqlite3 "$T/r.db" "insert into run_attr (run_id, key, value) values (2, 'cpu', 'Xeon')"
dumpf "$T/r.db" "$T/r0.sql"
runs0=$(sqlite3 "$T/r.db" "select group_concat(id || coalesce(':' || excluded, ''), ' ') from run")
db r.db export --attrs > "$T/r0.tsv"
out=$(db r.db reparse)
check "reparse of an unchanged store reports no change" test \
	"$(echo "$out" | grep -vc ': unchanged$')" = 1 -a "$(echo "$out" | tail -1)" = "3 sources, 0 changed"
check "and changes nothing (dump)" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/r.db" "$T/r0.sql"
# what an older, worse parser would have stored: one figure wrong, one
# missing, one too many, a parser attribute gone, a run too many, a label
# the parser gives differently
sqlite3 "$T/r.db" "update result set value = value + 1 where run_id = 2 and test = 'putc' and metric = 'rate';
	delete from result where run_id = 2 and test = 'getc' and metric = 'cpu';
	insert into result (run_id, test, metric, value, unit, better, status) values (2, 'bogus', 'rate', 1, 'KiB/s', 'higher', 'ok');
	delete from run_attr where run_id = 3 and key = 'seeks';
	update run set label = 'old name' where id = 4;
	insert into run (source_id, seq, line, suite, label) values (2, 99, 1, 'bonnie++', 'ghost');
	insert into result (run_id, test, metric, value, unit, better, status) values (last_insert_rowid(), 'putc', 'rate', 5, 'KiB/s', 'higher', 'ok')"
dumpf "$T/r.db" "$T/r1.sql"
out=$(db r.db reparse --dry-run)
check "reparse --dry-run shows the change of that source and nothing else" test \
	"$(echo "$out" | grep -v ': unchanged$')" = "$(printf '%s\n%s' \
	"$S/bonnie-x3-ext4-disk.csv: runs +0 -1 ~3, results +1 -2 ~1" \
	"3 sources, 1 changed (dry run: nothing written)")"
check "reparse --dry-run changes nothing (dump)" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/r.db" "$T/r1.sql"
out=$(db r.db reparse)
check "reparse reports the same change" test "$(echo "$out" | grep -c 'x3-ext4-disk.csv: runs +0 -1 ~3, results +1 -2 ~1')" = 1
check "and brings back the figures, labels, exclusion and user attributes of a right reading" \
	test "$(db r.db export --attrs | md5sum)" = "$(md5sum < "$T/r0.tsv")"
check "run numbers and the exclusion are kept" test \
	"$(sqlite3 "$T/r.db" "select group_concat(id || coalesce(':' || excluded, ''), ' ') from run")" = "$runs0"
check "an attribute not from the parser is kept" test \
	"$(sqlite3 "$T/r.db" "select value from run_attr where run_id = 2 and key = 'cpu'")" = Xeon
check "--set and --label of the import are applied again" test \
	"$(sqlite3 "$T/r.db" "select label || ',' || (select value from run_attr where run_id = 1 and key = 'fs') from run where id = 1")" = "my tmpfs,tmpfs"
out=$(db r.db reparse)
check "a second reparse finds nothing to change" test "$(echo "$out" | tail -1)" = "3 sources, 0 changed"

# interim figures (sysbench --report-interval): reparse compares them run by
# run, in order; each kind of damage below makes its run changed, and the
# reading brings the samples back exactly.  A series is a row whose data
# packs 16 bytes a sample, t then value (schema.sql); x'000000000000f03f' is
# 1.0, x'0000000000408f40' 1000.0.
rm -f "$T/smp.db"*
"$BIN" --db "$T/smp.db" import "$S/raw/ext4-disk-oltp_read_write.out" "$S/raw/tmpfs-oltp_read_write.out" > /dev/null
sqlite3 "$T/smp.db" "select run_id, test, metric, hex(data) from sample order by rowid" > "$T/smp0"
check "the sysbench logs have interim figures ($(sqlite3 "$T/smp.db" 'select sum(length(data)) / 16 from sample'))" \
	test "$(sqlite3 "$T/smp.db" 'select sum(length(data)) / 16 from sample')" -gt 20
check "their reparse finds nothing to change" test \
	"$("$BIN" --db "$T/smp.db" reparse | tail -1)" = "2 sources, 0 changed"
first1="(select min(rowid) from sample where run_id = 1)"
for damage in \
	"update sample set data = cast(substr(data, 1, 8) || x'000000000000f03f' || substr(data, 17) as blob) where rowid = (select min(rowid) from sample where run_id = 2)" \
	"update sample set data = substr(data, 1, length(data) - 16) where rowid = (select max(rowid) from sample where run_id = 1)" \
	"insert into sample (run_id, test, metric, data) values (2, 'oltp_read_write', 'tps', x'0000000000408f40000000000000f03f')" \
	"update sample set data = cast(data || x'0000000000408f40000000000000f03f' as blob) where rowid = $first1" \
	"update sample set data = cast(x'000000000000f03f' || substr(data, 9) as blob) where rowid = $first1" \
	"update sample set data = substr(data, 1, length(data) - 3) where rowid = $first1" \
	"update sample set rowid = 1000 where rowid = $first1"
do
	sqlite3 "$T/smp.db" "$damage"
	out=$("$BIN" --db "$T/smp.db" reparse | tail -1)
	sqlite3 "$T/smp.db" "select run_id, test, metric, hex(data) from sample order by run_id, rowid" > "$T/smp1"
	sort -n -s -k1,1 -t'|' "$T/smp0" > "$T/smp0s"
	check "reparse sees '$(echo "$damage" | cut -c1-60)...' and mends it ($out)" sh -c \
		"test '$out' = '2 sources, 1 changed' && cmp -s '$T/smp0s' '$T/smp1'"
done
sqlite3 "$T/r.db" "update source set format = 'gone' where id = 1"
dumpf "$T/r.db" "$T/r2.sql"
check "a source of a format this benchsite lacks stops reparse (exit 1)" \
	test "$(st db r.db reparse)" = 1
db r.db reparse 2> "$T/err" > /dev/null
check "naming the source, and nothing is changed" sh -c \
	'grep -q "bonnie-tmpfs.txt: stored as format .gone." "$1" && sqlite3 "$2" .dump | cmp -s - "$3"' _ "$T/err" "$T/r.db" "$T/r2.sql"

# ---- exclude, include ------------------------------------------------------
rm -f "$T/e.db"* "$T/f.db"*
"$BIN" --db "$T/e.db" import "$S/bonnie-tmpfs.txt" "$S/bonnie-xfs-loop.txt" "$S/bonnie-ext4-disk.txt" > /dev/null
"$BIN" --db "$T/f.db" import "$S/bonnie-tmpfs.txt" "$S/bonnie-xfs-loop.txt" > /dev/null
db e.db export > "$T/e0.tsv"
db e.db render --out "$T/site0" > /dev/null
check "exclude needs --why (exit 2)" test "$(st db e.db exclude 3)" = 2
check "exclude of no such run: exit 1" test "$(st db e.db exclude 9 --why x)" = 1
check "exclude RUN --why" test "$(db e.db exclude 3 --why 'cron job <b>during</b> it')" = "run 3: excluded"
check "an excluded run is out of the export, as if never imported" \
	test "$(db e.db export | md5sum)" = "$(db f.db export | md5sum)"
check "and out of the summary, as if never imported" \
	test "$(db e.db summary --format tsv | md5sum)" = "$(db f.db summary --format tsv | md5sum)"
db e.db render --out "$T/site1" > /dev/null
db f.db render --out "$T/site2" > /dev/null
check "and out of every chart: the same PNGs as without it" sh -c \
	'cd "$1" && for f in *.png; do cmp -s "$f" "$2/$f" || exit 1; done && test "$(ls | grep -c png)" = "$(ls "$2" | grep -c png)"' _ "$T/site1" "$T/site2"
page=$(ls "$T/site1"/comparison-bonnie-*.html)
check "the comparison page lists it with its reason (as text)" \
	grep -q '<li><a href="run-3.html">run 3</a> (ext4-disk): cron job &lt;b&gt;during&lt;/b&gt; it</li>' "$page"
check "list runs shows it excluded, with why" sh -c \
	'"$BIN" --db "$1" list runs | grep -q "ext4-disk .*(excluded: cron job <b>during</b> it)"' _ "$T/e.db"
check "include RUN" test "$(db e.db include 3)" = "run 3: included again"
check "include brings it back to the export" test "$(db e.db export | md5sum)" = "$(md5sum < "$T/e0.tsv")"
db e.db render --out "$T/site3" > /dev/null
check "and to the site, page for page" sh -c \
	'cd "$1" && for f in *; do cmp -s "$f" "$2/$f" || exit 1; done' _ "$T/site0" "$T/site3"

# ---- delete ----------------------------------------------------------------
dumpf "$T/e.db" "$T/e1.sql"
check "delete off a terminal without --yes: exit 2" test "$(st db e.db delete 3 < /dev/null)" = 2
db e.db delete 3 < /dev/null 2> "$T/err"
check "saying --yes is needed" grep -q "not a terminal.*--yes" "$T/err"
check "delete of a run that does not exist: exit 1" test "$(st db e.db delete --yes 3 42)" = 1
check "and nothing was deleted" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/e.db" "$T/e1.sql"
out=$(db e.db delete --yes 3)
check "delete --yes prints what goes" test "$out" = "$(printf '%s\n%s' \
	"run 3: bonnie++, ext4-disk, 36 results, from $S/bonnie-ext4-disk.txt" \
	"deleted 1 run and 1 source left without runs")"
check "the run, its rows and its source are gone" test \
	"$(sqlite3 "$T/e.db" 'select count(*) from run; select count(*) from source; select count(*) from result where run_id = 3; select count(*) from run_attr where run_id = 3' | tr '\n' ' ')" = "2 2 0 0 "
"$BIN" --db "$T/e.db" import "$S/bonnie-ext4-disk.txt" > /dev/null
check "delete then import again restores the same export" \
	test "$(db e.db export | md5sum)" = "$(md5sum < "$T/e0.tsv")"
check "delete --label of no such label: exit 1" test "$(st db r.db delete --yes --label nosuch)" = 1
n=$(db r.db list runs --label ext4-disk --format tsv | tail -n +2 | wc -l)
out=$(db r.db delete --yes --label ext4-disk | tail -1)
check "delete --label removes every run of that label ($n) and their source" \
	test "$out" = "deleted $n runs and 1 source left without runs"
check "delete: a run number must be a number (exit 2)" test "$(st db r.db delete --yes 1x)" = 2

# ---- list ------------------------------------------------------------------
L=ab.db
check "list runs --suite (12 sql-bench runs)" \
	test "$(db $L list runs --suite sql-bench --format tsv | tail -n +2 | wc -l)" = 12
check "list runs --label" \
	test "$(db $L list runs --label ext4-disk --format tsv | tail -n +2 | cut -f3 | sort -u)" = ext4-disk
check "list runs --where (an attribute of the sql-bench table)" \
	test "$(db $L list runs --where fs=jfs --format tsv | tail -n +2 | wc -l)" = \
	"$(sqlite3 "$T/$L" "select count(*) from run_attr where key = 'fs' and value = 'jfs'")"
check "list runs --where twice: both must hold" test \
	"$("$BIN" --db "$T/$L" list runs --where fs=jfs --where tool_version=nosuch --format tsv | wc -l)" = 1
check "list tests --suite bonnie++ (36 tests and metrics, 5 runs each)" test \
	"$(db $L list tests --suite bonnie++ --format tsv | tail -n +2 | cut -f6 | sort | uniq -c | tr -s ' ')" = " 36 5"
check "list sources --label (the one source of ext4-disk)" test \
	"$(db $L list sources --label ext4-disk --format tsv | tail -n +2 | cut -f7)" = "$S/bonnie-x3-ext4-disk.csv"
check "list sources (4)" test "$(db $L list sources --format tsv | tail -n +2 | wc -l)" = 4
check "list comparisons --suite" test "$(db $L list comparisons --suite nope --format tsv | wc -l)" = 1
check "list of something else: exit 2" test "$(st db $L list frobs)" = 2
check "list --where of no attribute name: exit 2" test "$(st db $L list --where "f s=x")" = 2
for c in merge reparse exclude include delete; do
	check "$c --help: usage on stdout, exit 0" \
		sh -c '"$BIN" --db "$1/h.db" "$2" --help | grep -q "^usage: benchsite $2"' _ "$T" "$c"
	check "$c --no-such-option: exit 2" test "$(st bs "$c" --no-such-option)" = 2
done
