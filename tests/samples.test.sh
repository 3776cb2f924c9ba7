# samples.test.sh: samples in and out.  fio's logs over time
# (--write_bw_log, --write_iops_log, --write_lat_log; collector/formats/fiolog.c),
# made here by fio itself, imported with the job's JSON or text output
# become samples of its run, equal to the log files as awk reads them;
# export --samples writes them as a long table that import reads back to
# the same bytes; a damaged log line is refused (file and line named,
# store unchanged); reparse reads the logs with their output again.
. "$TOP/tests/lib.sh"
need sqlite3 python3

# export --with-samples: three real sysbench runs that carry their interim
# reports (--report-interval), written as one table and read back: the
# same runs, each with its own samples and attributes
for f in "$TOP"/sample-data/raw/*-oltp_read_write.out; do
	"$BIN" --db "$T/w1" import "$f" > /dev/null
done
"$BIN" --db "$T/w1" tag 2 --set note=second > /dev/null
"$BIN" --db "$T/w1" export --with-samples --attrs > "$T/w1.tsv"
check "export --with-samples: results then samples under one header" \
	test "$(head -1 "$T/w1.tsv" | cut -f1-10)" = "$(printf 'run\tlabel\tsuite\ttest\tmetric\tt\tvalue\tunit\tbetter\tstatus')"
"$BIN" --db "$T/w2" import "$T/w1.tsv" > /dev/null
per_run='select r.label, count(distinct x.rowid), coalesce(sum(length(s.data)), 0) / count(distinct x.rowid) / 16 from run r join result x on x.run_id = r.id left join sample s on s.run_id = r.id group by r.id order by r.id'
check "... read back: as many runs, each with its results and samples ($(sqlite3 "$T/w1" "$per_run" | tr '\n' ' '))" \
	test "$(sqlite3 "$T/w2" "$per_run")" = "$(sqlite3 "$T/w1" "$per_run")"
check "... the samples of each run the same, to the last bit" test \
	"$(sqlite3 "$T/w2" 'select group_concat(r.label || s.metric || hex(s.data)) from sample s join run r on r.id = s.run_id')" = \
	"$(sqlite3 "$T/w1" 'select group_concat(r.label || s.metric || hex(s.data)) from sample s join run r on r.id = s.run_id')"
"$BIN" --db "$T/w2" export --with-samples --attrs > "$T/w2.tsv"
check "... and exported again: the same bytes ($(wc -l < "$T/w1.tsv") lines)" \
	cmp -s "$T/w1.tsv" "$T/w2.tsv"
"$BIN" --db "$T/w2" export --with-samples --attrs --format csv > "$T/w2.csv"
"$BIN" --db "$T/w3" import "$T/w2.csv" > /dev/null
check "... as CSV too" test \
	"$("$BIN" --db "$T/w3" export --with-samples --attrs --format csv | md5sum)" = "$(md5sum < "$T/w2.csv")"
# the control: the two tables of export and export --samples, imported,
# do not give the runs back their samples
"$BIN" --db "$T/w1" export --attrs > "$T/r.tsv"
"$BIN" --db "$T/w1" export --samples --attrs > "$T/s.tsv"
"$BIN" --db "$T/w4" import "$T/r.tsv" "$T/s.tsv" > /dev/null
check "... which results and samples exported apart do not (control)" \
	test "$(sqlite3 "$T/w4" "$per_run")" != "$(sqlite3 "$T/w1" "$per_run")"
"$BIN" --db "$T/w1" export --samples --with-samples > /dev/null 2>&1
check "--samples with --with-samples: a usage error (exit 2)" test $? = 2

# a series longer than a row holds (65,536 samples) goes on in a further
# row; its samples read back whole and in order, after the series of the
# run that began before it (interleaved with it on import), and reparse
# finds the rows as it would write them
awk 'BEGIN { print "run,label,suite,test,metric,value,unit,better,t"
	print "r,l,s,x,a,1,ms,lower,"; print "r,l,s,x,b,1,ms,lower,"
	for (i = 0; i < 70000; i++) {
		if (i % 1000 == 0) printf "r,l,s,x,b,%d,ms,,%d\n", i, i
		printf "r,l,s,x,a,%d.25,ms,,%d\n", i % 97, 70000 - i } }' > "$T/long.csv"
"$BIN" --db "$T/l1" import "$T/long.csv" > /dev/null
check "a series of 70,000 samples: two rows, every sample kept ($(sqlite3 "$T/l1" "select count(*) || ' rows, ' || (sum(length(data)) / 16) from sample where metric = 'a'"))" \
	test "$(sqlite3 "$T/l1" "select count(*) || ' ' || (sum(length(data)) / 16) from sample where metric = 'a'")" = "2 70000"
for m in b a; do
	awk -F, -v m=$m 'NR > 3 && $9 != "" && $5 == m { print $4 "\t" $5 "\t" $9 "\t" $6 }' "$T/long.csv"
done > "$T/long.want"
"$BIN" --db "$T/l1" export --samples | cut -f4-7 | tail -n +2 > "$T/long.got"
check "... exported series by series, each in its order" cmp -s "$T/long.want" "$T/long.got"
"$BIN" --db "$T/l1" export --samples > "$T/long.tsv"
"$BIN" --db "$T/l2" import "$T/long.tsv" > /dev/null
check "... and read back to the same bytes" \
	test "$("$BIN" --db "$T/l2" export --samples | md5sum)" = "$(md5sum < "$T/long.tsv")"
check "... and reparse finds nothing to change" \
	test "$("$BIN" --db "$T/l1" reparse | tail -1)" = "1 source, 0 changed"

if ! command -v fio > /dev/null; then
	skip "fio logs as samples" "fio is not installed"
	exit 0
fi

# fiojob DIR NAME RW FORMAT: one second of fio in DIR, logging every
# 100 ms, its output in DIR/out.FORMAT
fiojob() {
	mkdir -p "$1"
	(cd "$1" && fio --name="$2" --filename="$T/data" --size=4M --rw="$3" \
		--bs=4k --ioengine=psync --runtime=1 --time_based \
		--write_bw_log="$2" --write_iops_log="$2" --write_lat_log="$2" \
		--log_avg_msec=100 --output-format="$4" --output="out.$4" \
		> /dev/null 2>&1)
}
fiojob "$T/j" seq randrw json
fiojob "$T/t" txt write normal
J=$T/j
# the logs in the order named: fio's glob order
LOGS=$(ls "$J"/seq_*.log)

# expect FILE...: "test metric t value" of each log line as awk reads it:
# t in seconds, bw (KiB/s) and iops as logged, latencies ns -> us; in the
# order the store keeps them: a series (test and metric) after another, in
# the order each began, each in its lines' order
expect() {
	expect_lines "$@" | awk '!(($1 " " $2) in n) { key[k++] = $1 " " $2 }
		{ line[$1 " " $2, n[$1 " " $2]++] = $0 }
		END { for (i = 0; i < k; i++)
			for (j = 0; j < n[key[i]]; j++) print line[key[i], j] }'
}
expect_lines() {
	for f in "$@"; do
		awk -F', *' -v f="$(basename "$f")" '
		BEGIN { n = split(f, a, "_"); k = a[n]; sub(/\..*/, "", k)
			test = substr(f, 1, length(f) - length(a[n]) - 1)
			d[0] = "read"; d[1] = "write"; d[2] = "trim" }
		{ v = $2; if (k ~ /lat$/) v = v / 1000
		  printf "%s %s_%s %.17g %.17g\n", test, d[$3], k, $1 / 1000, v }' "$f"
	done
}
# got: the same of the store's samples, from export --samples
got() {
	bs export --samples | awk -F'\t' 'NR > 1 {
		printf "%s %s %.17g %.17g\n", $4, $5, $6, $7 }'
}

# shellcheck disable=SC2086
bs import "$J/out.json" $LOGS > "$T/out" 2> "$T/err"
check "a fio JSON output with its logs named after it imports ($(cat "$T/out" "$T/err"))" \
	test "$(sqlite3 "$T/db" 'select count(*) from run')" = 1
# shellcheck disable=SC2086
expect $(ls $LOGS | grep -v slat) > "$T/want"
got > "$T/got"
check "every log line is a sample ($(wc -l < "$T/want") lines)" \
	test "$(wc -l < "$T/got")" = "$(wc -l < "$T/want")" -a -s "$T/want"
for m in read_bw write_bw read_iops write_iops read_lat write_clat; do
	check "$m: as many samples as log lines ($(grep -c " $m " "$T/want"))" \
		test "$(sqlite3 "$T/db" "select sum(length(data)) / 16 from sample where metric = '$m'")" = \
		"$(grep -c " $m " "$T/want")"
done
check "each sample is its log line: test, metric, time and value exactly" \
	cmp -s "$T/want" "$T/got"
check "... and a changed value would show (negative control)" sh -c \
	'sed "3s/ [0-9.e+]*\$/ 1/" "$1" | cmp -s - "$2"; test $? = 1' _ "$T/want" "$T/got"
first=$(head -1 "$(ls $LOGS | grep '_lat\.')" | cut -d, -f2 | tr -d ' ')
check "a latency is in microseconds: $first ns is $(echo "$first" | awk '{ print $1 / 1000 }') us" \
	test "$(sqlite3 "$(flat "$T/db")" "select abs(value * 1000 - $first) < 1e-9 * $first from sample where metric like '%\_lat' escape '\\' and rowid = (select min(rowid) from sample where metric like '%\_lat' escape '\\')")" = 1
check "the samples belong to the job's run (test = job name, suite fio)" \
	test "$(sqlite3 "$T/db" "select distinct x.test || ' ' || r.suite from sample x join run r on r.id = x.run_id")" = "seq fio"

# the output alone: no samples (they come from the logs)
rm -f "$T/db2"*
"$BIN" --db "$T/db2" import "$J/out.json" > /dev/null
check "the output alone gives the run without samples (control)" \
	test "$(sqlite3 "$T/db2" 'select count(*) from sample')" = 0

# a folder with the output and its logs: the same samples
mkdir "$T/folder"
cp "$J"/* "$T/folder/"
rm -f "$T/db2"*
"$BIN" --db "$T/db2" import "$T/folder" > /dev/null 2>&1
check "a folder holding the output and its logs gives the same samples" \
	test "$("$BIN" --db "$T/db2" export --samples | md5sum)" = "$(bs export --samples | md5sum)"

# fio's normal text output with its logs
rm -f "$T/db2"*
# shellcheck disable=SC2086
"$BIN" --db "$T/db2" import "$T/t/out.normal" "$T"/t/txt_*.log > /dev/null 2>&1
ntxt=$(cat "$T"/t/txt_bw.*.log "$T"/t/txt_iops.*.log "$T"/t/txt_lat.*.log \
	"$T"/t/txt_clat.*.log | wc -l)
check "fio's text output with its logs: a sample per log line ($ntxt)" \
	test "$(sqlite3 "$T/db2" "select sum(length(x.data)) / 16 from sample x join run r on r.id = x.run_id where r.suite = 'fio' and x.test = 'txt'")" = "$ntxt"

# export --samples -> import into a fresh store -> export --samples
bs export --samples > "$T/a.tsv"
check "export --samples writes the columns import reads back" \
	test "$(head -1 "$T/a.tsv")" = "$(printf 'run\tlabel\tsuite\ttest\tmetric\tt\tvalue')"
rm -f "$T/db2"*
"$BIN" --db "$T/db2" import "$T/a.tsv" > /dev/null
"$BIN" --db "$T/db2" export --samples > "$T/b.tsv"
check "export --samples, import, export --samples: the same bytes ($(wc -l < "$T/a.tsv") lines)" \
	cmp -s "$T/a.tsv" "$T/b.tsv"
check "... the same values in the store, to the last bit" test \
	"$(sqlite3 "$T/db" 'select group_concat(hex(data)) from sample')" = \
	"$(sqlite3 "$T/db2" 'select group_concat(hex(data)) from sample')"
bs export --samples --attrs --format csv > "$T/a.csv"
rm -f "$T/db2"*
"$BIN" --db "$T/db2" import "$T/a.csv" > /dev/null
check "... and as CSV with the run's attributes" \
	test "$("$BIN" --db "$T/db2" export --samples --attrs --format csv | md5sum)" = "$(md5sum < "$T/a.csv")"

# a damaged log line: refused, file and line named, the store unchanged
rm -f "$T/db"*
bs init > /dev/null 2>&1
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"
mkdir "$T/bad"
cp "$J/out.json" "$T/bad/"
awk 'NR == 3 { $0 = "205, 58x7, 0, 0, 0" } { print }' "$J/seq_bw.1.log" \
	> "$T/bad/seq_bw.1.log"
refused "$T/bad/seq_bw.1.log" "$T/bad/seq_bw.1.log" 3 "expected a whole number" \
	"$T/bad/out.json"
check "... and the output named with it did not go in either" \
	test "$(sqlite3 "$T/db" 'select count(*) from source')" = 0
printf '100, 5, 7, 0, 0\n' > "$T/bad/seq_iops.1.log"
refused "$T/bad/seq_iops.1.log" "$T/bad/seq_iops.1.log" 1 "direction 7" \
	"$T/bad/out.json"
refused "$J/seq_bw.1.log" "$J/seq_bw.1.log" "" "read with the job output"

# reparse reads the logs with their output again
rm -f "$T/db"*
# shellcheck disable=SC2086
bs import "$J/out.json" $LOGS > /dev/null 2>&1
before=$(bs export --samples | md5sum)
check "reparse: the output and its logs are unchanged" \
	sh -c '"$1" --db "$2" reparse | grep -q "out.json: unchanged"' _ "$BIN" "$T/db"
# the value of the 5th sample of the first series made 1.0 (bytes 73-80:
# 16 a sample, t then value)
sqlite3 "$T/db" "update sample set data = cast(substr(data, 1, 72) || x'000000000000f03f' || substr(data, 81) as blob) where rowid = 1"
check "... (the change shows in the export)" \
	test "$(bs export --samples | md5sum)" != "$before"
bs reparse > /dev/null
check "reparse mends a sample changed behind its back from the log" \
	test "$(bs export --samples | md5sum)" = "$before"
