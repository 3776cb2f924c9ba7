# fio.test.sh: fio JSON (collector/formats/fio.c).  Every corpus file and every
# fixture of tests/fixtures/fio imported into an empty store and exported
# with attributes must equal its dump in tests/golden/; the corpus figures
# are also read a second way, by a query of the sqlite3 shell written here,
# and must agree.  Then malformed inputs: exit status 1, a message naming
# the file and line, the store unchanged.
. "$TOP/tests/lib.sh"
need sqlite3

# crosscheck FILE: test, metric and value (6 digits) of every direction
# that did I/O, read by SQL over the JSON text, against the export
crosscheck() {
	f=$1 name=$(basename "$1")
	sed -n '/^{/,$p' "$f" > "$T/json"
	sqlite3 -batch -noheader -separator '	' :memory: "
	with j as (select value v from json_each(readfile('$T/json'), '\$.jobs')),
	d(dir) as (values ('read'), ('write')),
	r as (select json_extract(v, '\$.jobname') t, dir,
		json_extract(v, '\$.' || dir) o from j, d
		where coalesce(json_extract(v, '\$.' || dir || '.total_ios'),
			       json_extract(v, '\$.' || dir || '.io_bytes')) > 0)
	select t, dir || '_iops', printf('%.6g', json_extract(o, '\$.iops')) from r
	union all select t, dir || '_bw', printf('%.6g', json_extract(o, '\$.bw')) from r
	union all select t, dir || '_lat_mean', printf('%.6g', coalesce(
		json_extract(o, '\$.lat_ns.mean') / 1000.0,
		json_extract(o, '\$.lat.mean'))) from r
	union all select t, dir || '_clat_p99', printf('%.6g', coalesce(
		json_extract(o, '\$.clat_ns.percentile.\"99.000000\"') / 1000.0,
		json_extract(o, '\$.clat.percentile.\"99.000000\"'))) from r
	" | sort > "$T/want"
	bs export | tail -n +2 | awk -F'\t' -v OFS='\t' \
		'{ print $4, $5, sprintf("%.6g", $6) }' | sort > "$T/got3"
	agrees "$T/got3" "$name: figures agree with an SQL reading" \
		"$name: figures differ from an SQL reading"
}

corpus fio-json "fio corpus files" golden_files crosscheck ""
golden_files "" fixture-fio- "$TOP"/tests/fixtures/fio/*

# what the fixtures are there to show, said once more in plain checks
fresh
bs import "$TOP/tests/fixtures/fio/notes-randrw-dup-error.json" >/dev/null
[ "$(bs export | grep -c '	broken	.*	failed$')" = 4 ] &&
	ok "a job with error != 0 gives failed results without values" ||
	notok "a job with error != 0 gives failed results without values"
[ "$(bs export --attrs | awk -F'\t' '$4 == "\"seq\"\"w\"" && $5 == "write_iops" { print $6 }' | tr '\n' ' ')" = "10 20 " ] &&
	ok "two jobs of one name stay two runs with their own figures" ||
	notok "two jobs of one name stay two runs with their own figures"
[ "$(bs export | awk -F'\t' '$5 == "read_lat_mean" { print $6 }')" = 2.00025 ] &&
	ok "3.x latencies in ns are stored in us exactly" ||
	notok "3.x latencies in ns are stored in us exactly"

# fio --gtod_reduce=1 measures no latency: each lat_ns/clat_ns has "N" : 0
# and zeros, which are not figures (a 0 us latency would rank best); the
# same job's IOPS and bandwidth are kept.  Then the same output with the
# "N" lines taken out, as fio before 3.19 writes it: an all-zero statistic
# is still no figure.
GTOD=$TOP/tests/fixtures/fio/gtod-reduce-randrw.json
for g in "$GTOD" nocount; do
	if [ "$g" = nocount ]; then
		grep -v '"N" :' "$GTOD" | sed 's/"stddev" : \([0-9.]*\),$/"stddev" : \1/' > "$T/gtod-nocount.json"
		g=$T/gtod-nocount.json
	fi
	fresh
	bs import "$g" >/dev/null 2>&1
	bs export > "$T/gtod.tsv"
	check "$(basename "$g"): no latency stored for statistics of no sample" \
		[ "$(grep -c '_lat_mean\|_clat_p99' "$T/gtod.tsv")" = 0 ]
	check "$(basename "$g"): IOPS and bandwidth of both directions kept" \
		[ "$(grep -c '	\(read\|write\)_\(iops\|bw\)	[0-9]' "$T/gtod.tsv")" = 4 ]
done

# malformed input ----------------------------------------------------------
fresh
bs import "$TOP/tests/fixtures/fio/client-stats.json" >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"


GOOD=$TOP/tests/fixtures/fio/notes-randrw-dup-error.json
# line N of the good file replaced by TEXT
at() { awk -v n="$1" -v t="$2" 'NR == n { print t; next } { print }' "$GOOD"; }

head -n 30 "$GOOD" > "$T/truncated.json"
bad truncated.json 26 "cut short"
at 28 '    ],' > "$T/bracket.json"
bad bracket.json 28 "does not close"
at 22 '        "lat_ns" : { "mean" : 3500.75 }, },' > "$T/comma.json"
bad comma.json 22 "comma before"
at 16 '      "job options" : { "rw" : "randrw, "rwmixread" : "70" },' > "$T/string.json"
bad string.json 16 "string not closed"
at 17 '      "read" : { "io_bytes" : 1048576, "bw" : 2048, "iops" : abc, "total_ios" : 128,' > "$T/token.json"
bad token.json 3 "invalid JSON"
at 17 '      "read" : { "io_bytes" : 1048576, "bw" : 2048, "iops" : "fast", "total_ios" : 128,' > "$T/iops-string.json"
bad iops-string.json 12 "'read.iops' is text, expected a number"
at 17 '      "read" : { "io_bytes" : 1048576, "bw" : -2048, "iops" : 256.5, "total_ios" : 128,' > "$T/negative.json"
bad negative.json 12 "read_bw is negative"
at 17 '      "read" : { "io_bytes" : 1048576, "bw" : 2048, "total_ios" : 128,' > "$T/no-iops.json"
bad no-iops.json 12 "did I/O but has no 'iops'"
at 13 '      "jobnam" : "mixed",' > "$T/no-jobname.json"
bad no-jobname.json 12 "job 1 has no 'jobname'"
printf '{\n  "fio version" : "fio-3.33",\n  "jobs" : []\n}\n' > "$T/no-jobs.json"
bad no-jobs.json 1 "'jobs' is empty"
printf 'note: x\n{\n  "fio version" : "fio-3.33",\n  "jobs" : {}\n}\n' > "$T/jobs-object.json"
bad jobs-object.json 2 "'jobs' is object, expected an array"
printf '{\n  "fio version" : "fio-3.33",\n  "jobs" : [ 5 ]\n}\n' > "$T/job-number.json"
bad job-number.json 1 "job 1 is integer, expected an object"
{ printf '{\n  "fio version" : "fio-3.33",\n  "x" : '; i=0; while [ $i -lt 70 ]; do printf '['; i=$((i + 1)); done; echo; } > "$T/deep.json"
bad deep.json 3 "nested deeper than 64"
printf '{\n  "version" : "fio-3.33",\n  "jobs" : []\n}\n' > "$T/not-fio.json"
bad not-fio.json "" "no fio JSON object" --format fio
at 9 '    "iodepth" : { "n" : 4 }' > "$T/option-object.json"
bad option-object.json 3 "the JSON text: '\"global options\".iodepth' is object, expected a string"
