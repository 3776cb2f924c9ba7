# tworuns.test.sh: every parser imports every run its input holds, or
# fails; never a run dropped in silence.  Each format is fed two runs back
# to back in one file (what people get from `>>` or by pasting two outputs
# into one page) and both must arrive: twice the runs and twice the
# results of the single input, or exit 1 naming the place.
. "$TOP/tests/lib.sh"
need sqlite3 python3

# runs FILE [OPTIONS]: the number of runs and results one import of FILE
# into an empty store gives ("R N"), or "failed"
runs() {
	f=$1
	shift
	fresh
	if ! bs import "$@" "$f" >/dev/null 2>"$T/err"; then
		echo failed
		return
	fi
	echo "$(sqlite3 "$T/db" 'select count(*) from run') $(sqlite3 "$T/db" 'select count(*) from result')"
}

# both NAME FILE [OPTIONS]: FILE twice in one file gives twice FILE's runs
# and results
both() {
	name=$1 f=$2
	shift 2
	one=$(runs "$f" "$@")
	cat "$f" "$f" > "$T/$name"
	two=$(runs "$T/$name" "$@")
	set -- $one
	if [ "$one" = failed ]; then
		notok "$name: the single input imports ($(cat "$T/err"))"
	elif [ "$two" = "$(($1 * 2)) $(($2 * 2))" ]; then
		ok "$name: two runs back to back, both arrive ($two)"
	else
		notok "$name: two runs back to back give $one twice (got $two)"
	fi
}

# refused_twice NAME FILE PATTERN [OPTIONS]: FILE twice is refused, saying
# PATTERN (formats whose file holds one document)
refused_twice() {
	name=$1 f=$2 pattern=$3
	shift 3
	cat "$f" "$f" > "$T/$name"
	got=$(runs "$T/$name" "$@")
	if [ "$got" = failed ] && grep -q "$pattern" "$T/err"; then
		ok "$name: two documents in one file refused ($(head -1 "$T/err" | sed "s|$T/||"))"
	else
		notok "$name: two documents in one file refused (got $got)"
	fi
}

FIX=$TOP/tests/fixtures
both sysbench.txt "$FIX/sysbench/v10-cpu-interim.txt"
both bonnie.txt "$TOP/sample-data/bonnie-tmpfs.txt"
both supersmack.txt "$TOP/tests/tables/supersmack-manual.txt"
both fio.json "$FIX/fio/client-stats.json"
both bon_csv2html.html "$TOP/tests/tables/bon_csv2html-1.03-perl-10x.html"
both RUN-pg-box-cmp-mysql,pg "$FIX/sqlbench/run-1999/RUN-pg-box-cmp-mysql,pg"
both compare.txt "$FIX/sqlbench/compare-flags.txt"
both dbench.txt "$TOP/sample-data/raw/tools/dbench-4.00-2clients.out"
both fio-text.txt "$TOP/sample-data/raw/tools/fio-3.33-seqread-2jobs-normal.out"
if [ -d "$CORPUS/iozone" ]; then
	both iozone.txt "$CORPUS/iozone/psteinb_iozone-3.434_auto_n1g-g2g.out"
	both iozone-R.txt "$CORPUS/iozone/toby1984_iozone_R-report-blocks.txt"
else
	skip "iozone: two runs back to back" "../shared/corpus is absent"
fi
both pgbench.txt "$TOP/sample-data/raw/tools/pgbench-15-c4-progress-r.out"
# pgbench writes its progress to stderr and its summary to stdout: in a
# capture of both the last report may come after the summary (as a real
# run of `benchsite run -- pgbench -P 1` printed it); it is the run's own
awk '/^progress: 10.0 s/ { held = $0; next } { print } /^tps = / { print held }' \
	"$TOP/sample-data/raw/tools/pgbench-15-c4-progress-r.out" > "$T/pg-late.txt"
both pgbench-late-report.txt "$T/pg-late.txt"
check "... each run keeps its five reports, the late one included" \
	test "$(sqlite3 "$(flat "$T/db")" "select group_concat(n) from (select count(*) || '@' || cast(max(t) as int) as n from sample where metric = 'tps' group by run_id)")" = "5@10,5@10"
# control: a run that follows with neither banner nor vacuum line (pgbench
# before 10, with -n) starts its reports again from its first step
{ cat "$T/pg-late.txt"; grep -v '^pgbench (\|^starting vacuum' "$T/pg-late.txt"; } > "$T/pg-next.txt"
check "... while a report that starts its clock again begins the next run" \
	test "$(runs "$T/pg-next.txt")" = "2 34"
refused_twice hyperfine.json "$TOP/sample-data/raw/tools/hyperfine-1.15-sleep.json" "not one valid JSON object"
refused_twice pts.xml "$FIX/pts/two-systems-repeats.xml" "Extra content"
refused_twice table.csv "$TOP/sample-data/sqlbench-filesystems-2008.csv" "better must be"
printf 'fs,select,insert\next2,10,20\next3,11,21\n' > "$T/w.csv"
refused_twice wide.csv "$T/w.csv" "is not a number" --format wide --better lower
refused_twice alter-table-pg-box "$FIX/sqlbench/hires-2012/alter-table-mysql_fast-host-cmp-mysql,pg" "a second 'Testing server'"

# a blog post's page: two RUN summaries (MySQL 5.0.77 and MariaDB
# 5.2.6 in the blog post; two of the corpus's here) pasted into one file
if [ -d "$CORPUS/sql-bench/hgxl64-output" ]; then
	O=$CORPUS/sql-bench/hgxl64-output
	cat "$O/RUN-mysql-mariadb_5.2.10_engine_heap-cmp-mysql,pg" \
	    "$O/RUN-mysql-mysql_5.5.20_ddefault-cmp-mysql,pg" > "$T/blog.txt"
	got=$(runs "$T/blog.txt")
	check "sql-bench: two summaries in one page give two runs, 15 + 17 results ($got)" \
		[ "$got" = "2 32" ]
	bs list --format tsv | cut -f 3 | tail -n +2 > "$T/labels"
	printf 'MySQL 5.2.10 MariaDB engine-heap\nMySQL 5.5.20 default\n' > "$T/want"
	check "sql-bench: each pasted run labelled by its server version and comments" \
		cmp -s "$T/want" "$T/labels"
	# in a run's folder a file with two summaries is refused, not split
	mkdir "$T/folder"
	cp "$T/blog.txt" "$T/folder/RUN-mysql-x-cmp-mysql,pg"
	cp "$FIX/sqlbench/run-1999/alter-table-pg-box-cmp-mysql,pg" "$T/folder/alter-table-mysql-x-cmp-mysql,pg"
	fresh_import_says "sql-bench: a folder's RUN file with two summaries is refused" \
		'a second summary in a file that is part of one run' "$T/folder"
else
	skip "sql-bench: two summaries in one page" "../shared/corpus is absent"
fi

# a generic HTML page: the table used is named, the others passed over in
# a warning, two equal ones refused
cat > "$T/page.html" <<'H'
<html><body>
<table><tr><th>fs</th><th>a</th><th>b</th></tr><tr><td>x</td><td>1</td><td>2</td></tr></table>
<table><tr><th>fs</th><th>a</th><th>b</th></tr><tr><td>x</td><td>1</td><td>2</td></tr><tr><td>y</td><td>3</td><td>4</td></tr></table>
</body></html>
H
fresh
bs import --better lower "$T/page.html" >/dev/null 2>"$T/err"
check "html: a smaller table of numbers is named in a warning" \
	grep -q 'warning: table 1 (2 numbers) passed over for table 2 (4); read it with --table 1' "$T/err"
sed 's|<tr><td>y</td><td>3</td><td>4</td></tr>||' "$T/page.html" > "$T/tie.html"
fresh
bs import --better lower "$T/tie.html" >/dev/null 2>"$T/err"
check "html: two tables of equal size are refused (choose with --table)" \
	grep -q '2 tables hold 2 numbers each: choose one with --table N' "$T/err"

# ---- reparse picks up the runs an older parser dropped -------------------
# a store as an older parser left it: each file's second run
# (the second sql-bench summary, the second fio JSON document) missing
if [ -f "$T/blog.txt" ]; then
	fresh
	cat "$FIX/fio/client-stats.json" "$FIX/fio/client-stats.json" > "$T/fio2.json"
	bs import "$T/blog.txt" "$T/fio2.json" >/dev/null 2>&1
	bs export --attrs > "$T/right.tsv"
	sqlite3 "$T/db" "create temp table gone as select r.id from run r
			where r.seq > 1 and r.source_id in (select id from source);
		delete from result where run_id in (select id from gone);
		delete from run_attr where run_id in (select id from gone);
		delete from sample where run_id in (select id from gone);
		delete from run where id in (select id from gone)"
	before=$(sqlite3 "$T/db" 'select count(*) from run')
	out=$(bs reparse 2>&1)
	check "reparse of a store missing the dropped runs adds them back ($before runs before; $(echo "$out" | tr '\n' ';'))" \
		[ "$(echo "$out" | grep -c 'runs +[1-9]')" = 2 ]
	bs export --attrs > "$T/after.tsv"
	# run numbers aside: the runs added back are numbered after the rest
	check "and the store then holds what a fresh import gives, run numbers aside" \
		[ "$(cut -f 2- "$T/right.tsv" | LC_ALL=C sort | md5sum)" = "$(cut -f 2- "$T/after.tsv" | LC_ALL=C sort | md5sum)" ]
fi
