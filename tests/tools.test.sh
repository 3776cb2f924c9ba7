# tools.test.sh: dbench, hyperfine JSON, pgbench, fio text and iozone on
# the real outputs of ../shared/corpus and of
# sample-data/raw/tools: each imported alone into an empty store and
# exported with attributes must equal its dump in tests/golden/tools/
# (GOLDEN_UPDATE=1 rewrites them), and its figures must equal a second,
# independent reading (tests/*-crosscheck.awk or .py).
. "$TOP/tests/lib.sh"
need sqlite3 python3

G=$TOP/tests/golden/tools
RAW=$TOP/sample-data/raw/tools

# same NAME WANT GOT: the two readings agree
same() {
	if [ -s "$2" ] && cmp -s "$2" "$3"; then
		ok "$1: every figure as an independent reading gives it ($(wc -l < "$2"))"
	else
		notok "$1: figures differ from an independent reading"
		diff "$2" "$3" | head -5
	fi
}

# ---- dbench -------------------------------------------------------------
dbench_one() {
	golden -f dbench "$1" "${1##*/}" "tools/${1##*/}.tsv" || return
	awk -f "$TOP/tests/dbench-crosscheck.awk" "$1" | LC_ALL=C sort > "$T/want"
	bs export | tail -n +2 | cut -f 4-6 | LC_ALL=C sort > "$T/got3"
	same "$(basename "$1")" "$T/want" "$T/got3"
}
corpus dbench "dbench corpus files" dbench_one
for f in "$RAW"/dbench-*; do dbench_one "$f"; done
# the execute lines are samples of total/throughput
fresh
bs import "$RAW/dbench-4.00-2clients.out" >/dev/null
check "dbench: the 9 execute lines are samples (warmup passed over)" \
	[ "$(sqlite3 "$T/db" "select sum(length(data)) / 16 from sample")" = 9 ]
# dbench 3 prints no clients and no latency
printf 'dbench version 3.04 - Copyright Andrew Tridgell 1999-2004\n\nThroughput 104.52 MB/sec (sync open) 4 procs\n' > "$T/d3.txt"
fresh
bs import "$T/d3.txt" >/dev/null 2>"$T/err"
check "dbench 3: Throughput with procs only" \
	[ "$(bs export --attrs | tail -n +2 | cut -f 4-6,10- | tr '\t' ' ')" = "total throughput 104.52 4 3.04" ]
# a run cut before its Throughput line is refused
head -20 "$RAW/dbench-4.00-2clients.out" > "$T/cut.txt"
fresh_import_says "dbench: a run cut before its Throughput line is refused" \
	':1: the dbench run of this line ends before its .Throughput. line' "$T/cut.txt"

# ---- hyperfine JSON -----------------------------------------------------
hyperfine_one() {
	golden -f hyperfine "$1" "${1##*/}" "tools/${1##*/}.tsv" || return
	python3 "$TOP/tests/hyperfine-crosscheck.py" "$1" | LC_ALL=C sort > "$T/want"
	bs export --attrs | awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ r = $c["repeat"]; if (r == "") r = 1
		  print r "\t" $c["test"] "\t" ($c["status"] == "failed" ? "failed" : $c["value"]) }' |
		LC_ALL=C sort > "$T/got3"
	same "$(basename "$1")" "$T/want" "$T/got3"
}
if ! command -v python3 >/dev/null; then
	skip "hyperfine JSON files" "python3 (the independent reading) is missing"
else
	if [ -d "$CORPUS/hyperfine" ]; then
		for f in "$CORPUS"/hyperfine/*.json; do hyperfine_one "$f"; done
	else
		skip "hyperfine corpus files" "../shared/corpus is absent"
	fi
	for f in "$RAW"/hyperfine-*.json; do hyperfine_one "$f"; done
fi
# a failed run (exit code != 0) has status failed and no value
printf '{"results": [{"command": "false", "times": [0.5, 0.25], "exit_codes": [0, 1]}]}\n' > "$T/fail.json"
fresh
bs import "$T/fail.json" >/dev/null
check "hyperfine: a non-zero exit code is status failed, no value" \
	[ "$(bs export | tail -n +2 | cut -f 1,6,9 | tr '\t' ' ' | tr '\n' ';')" = "1 0.5 ok;2  failed;" ]

# one command given twice: the second is "COMMAND #2", not a duplicate
printf '{"results": [{"command": "true", "times": [0.5]}, {"command": "true", "times": [0.25]}]}\n' > "$T/dup.json"
fresh
bs import "$T/dup.json" >/dev/null 2>"$T/err"
check "hyperfine: a command given twice is 'true' and 'true #2'" \
	[ "$(bs export | tail -n +2 | cut -f 4,6 | tr '\t\n' ' ;')" = "true 0.5;true #2 0.25;" ]

# ---- pgbench ------------------------------------------------------------
pgbench_one() {
	golden -f pgbench "$1" "${1##*/}" "tools/${1##*/}.tsv" || return
	awk -f "$TOP/tests/pgbench-crosscheck.awk" "$1" | LC_ALL=C sort > "$T/want"
	bs export | tail -n +2 | cut -f 1,5,6 | LC_ALL=C sort > "$T/got3"
	same "$(basename "$1")" "$T/want" "$T/got3"
}
if [ -d "$CORPUS/pgbench" ]; then
	for f in "$CORPUS"/pgbench/*; do
		case $f in
		*stderr_progress*) ;;	# progress lines alone: refused below
		*) pgbench_one "$f" ;;
		esac
	done
	fresh_import_says "pgbench: progress lines without their summary are refused, saying why" \
		"ends before its 'tps = ' line (progress lines alone" "$CORPUS/pgbench/pkb_pgbench_stderr_progress.txt"
	fresh
	bs import "$CORPUS/pgbench/kosenkovaan_pgbench-16.1_19runs-concatenated.txt" >/dev/null
	check "pgbench: 19 runs appended to one file give 19 runs" \
		[ "$(sqlite3 "$T/db" 'select count(*) from run')" = 19 ]
else
	skip "pgbench corpus files" "../shared/corpus is absent"
fi
for f in "$RAW"/pgbench-*; do pgbench_one "$f"; done
fresh
bs import "$RAW/pgbench-15-c4-progress-r.out" >/dev/null
check "pgbench: the 5 progress lines are samples of tps, latency_avg, latency_stddev" \
	[ "$(sqlite3 "$(flat "$T/db")" "select group_concat(metric || ' ' || value, ';') from (select * from sample order by t, metric)" | cut -d';' -f 1-3)" = "latency_avg 4.659;latency_stddev 4.771;tps 847.9" ]
# 8.x: no banner, no latency, both tps lines
printf 'transaction type: TPC-B (sort of)\nscaling factor: 1\nnumber of clients: 10\nnumber of transactions per client: 1000\nnumber of transactions actually processed: 10000/10000\ntps = 85.184871 (including connections establishing)\ntps = 85.296346 (excluding connections establishing)\n' > "$T/pg8.txt"
fresh
bs import "$T/pg8.txt" >/dev/null
check "pgbench 8.x: tps excluding and including connections" \
	[ "$(bs export | tail -n +2 | cut -f 4-6 | tr '\t\n' ' ;')" = "tpcb-like transactions 10000;tpcb-like tps_including_connections 85.184871;tpcb-like tps 85.296346;" ]
# 9.6+: several scripts, each block a test of its own
cat > "$T/multi.txt" <<'P'
transaction type: multiple scripts
scaling factor: 1
query mode: simple
number of clients: 2
number of threads: 1
duration: 10 s
number of transactions actually processed: 5766
latency average = 3.468 ms
tps = 576.526173 (excluding connections establishing)
SQL script 1: <builtin: TPC-B (sort of)>
 - weight: 1 (targets 50.0% of total)
 - 2888 transactions (50.1% of total, tps = 288.955675)
 - latency average = 5.173 ms
 - latency stddev = 2.069 ms
SQL script 2: <builtin: select only>
 - weight: 1 (targets 50.0% of total)
 - 2878 transactions (49.9% of total, tps = 287.570498)
 - latency average = 1.755 ms
 - latency stddev = 0.517 ms
P
fresh
bs import "$T/multi.txt" >/dev/null 2>"$T/err"
check "pgbench: each SQL script block is a test ($(bs export | tail -n +2 | cut -f 4 | sort -u | tr '\n' ';'))" \
	[ "$(bs export | tail -n +2 | cut -f 4 | sort -u | tr '\n' ';')" = "multiple-scripts;select-only (script 2);tpcb-like (script 1);" ]
check "pgbench: a script's tps from its block" \
	[ "$(bs export | awk -F '\t' '$4 == "select-only (script 2)" && $5 == "tps" { print $6 }')" = 287.570498 ]

# ---- fio normal text ----------------------------------------------------
# numeric comparison of two "test metric value" lists (the awk prints
# %.17g, the store the shortest text; both read back as the same double)
same_num() {
	if [ -s "$2" ] && [ "$(wc -l < "$2")" = "$(wc -l < "$3")" ] &&
	   paste "$2" "$3" | awk -F '\t' '{ d = $3 - $6; if (d < 0) d = -d
		m = $3 < 0 ? -$3 : $3
		if ($1 != $4 || $2 != $5 || d > 1e-12 * m) exit 1 }'; then
		ok "$1: every figure as an independent reading gives it ($(wc -l < "$2"))"
	else
		notok "$1: figures differ from an independent reading"
		paste "$2" "$3" | head -3
	fi
}
fiotext_one() {
	golden -f fio-text "$1" "${1##*/}" "tools/${1##*/}.tsv" || return
	awk -f "$TOP/tests/fiotext-crosscheck.awk" "$1" > "$T/want"
	bs export | tail -n +2 | cut -f 4-6 > "$T/got3"
	same_num "$(basename "$1")" "$T/want" "$T/got3"
	# IOPS worked out from the issued count and runtime have the
	# precision of those, never a double's 17 digits (136.08827347468628)
	check "$(basename "$1"): no figure carries float noise ($(awk -F '\t' '$3 != sprintf("%.10g", $3)' "$T/got3" | head -1))" \
		[ -z "$(awk -F '\t' '$3 != sprintf("%.10g", $3)' "$T/got3")" ]
}
if [ -d "$CORPUS/fio-text" ]; then
	for f in "$CORPUS"/fio-text/*; do fiotext_one "$f"; done
	fresh_import_says "fio text: --status-interval repeats give one run per job, with a warning" \
		':10: warning: 7 interim reports (--status-interval) passed over' \
		"$CORPUS/fio-text/sumitshatwara_fio-3.1_status-interval-transcript.txt"
else
	skip "fio normal text corpus files" "../shared/corpus is absent"
fi
fiotext_one "$RAW/fio-3.33-seqread-2jobs-normal.out"
# one fio run written as JSON and as normal text (--output-format=json,
# normal): imported each way into its own store, the same tests, metrics
# and units, and figures equal to the digits the text prints (IOPS from
# the issued count and runtime, as JSON's; bandwidth to 3 significant
# digits; latencies to 2 decimals of the printed unit; the percentile to
# its whole unit): 0.5% covers every one of those roundings
BOTH=$RAW/fio-3.33-randrw-normal-json.out
"$BIN" --db "$T/json.db" import "$BOTH" >"$T/out" 2>&1
check "fio normal+json file: detected as fio JSON" grep -q '(fio)$' "$T/out"
"$BIN" --db "$T/text.db" import --format fio-text "$BOTH" >/dev/null 2>&1
"$BIN" --db "$T/json.db" export | tail -n +2 | cut -f 3-8 | LC_ALL=C sort > "$T/j"
"$BIN" --db "$T/text.db" export | tail -n +2 | cut -f 3-8 | LC_ALL=C sort > "$T/t"
check "fio: text and JSON of one job give the same tests, metrics, units ($(wc -l < "$T/j"))" \
	[ "$(cut -f 1-3,5,6 "$T/j")" = "$(cut -f 1-3,5,6 "$T/t")" ]
check "fio: text and JSON of one job agree to the digits the text prints" \
	sh -c 'paste "$1" "$2" | awk -F "\t" "{ d = \$4 - \$10; if (d < 0) d = -d
		if (d > 0.005 * \$4) exit 1; n++ } END { exit n != 8 }"' _ "$T/j" "$T/t"

# ---- iozone -------------------------------------------------------------
iozone_one() {
	golden -f iozone "$1" "${1##*/}" "tools/${1##*/}.tsv" || return
	awk -f "$TOP/tests/iozone-crosscheck.awk" "$1" | LC_ALL=C sort > "$T/want"
	bs export --attrs | awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["file_size_kb"] "\t" $c["test"] "\t" $c["value"] }' |
		LC_ALL=C sort > "$T/got3"
	same "$(basename "$1")" "$T/want" "$T/got3"
}
corpus iozone "iozone corpus files" iozone_one
# -i 0 -i 2: the third figure of a row is the random read, not the read
cat > "$T/i02.txt" <<'I'
	Command line used: iozone -a -i 0 -i 2 -s 64m
	Output is in kBytes/sec
              kB  reclen    write  rewrite    read    reread    read     write     read   rewrite      read   fwrite frewrite    fread  freread
           65536       4   100000   200000    3000    4000
I
fresh
bs import "$T/i02.txt" >/dev/null 2>"$T/err"
check "iozone: columns follow the command line's -i options" \
	[ "$(bs export | tail -n +2 | cut -f 4,6 | tr '\t\n' ' ;')" = "write-4k 100000;rewrite-4k 200000;random-read-4k 3000;random-write-4k 4000;" ]
sed 's/-i 2/-i 8/' "$T/i02.txt" > "$T/i8.txt"
fresh_import_says "iozone: -i 8 (columns not read) is refused" \
	'iozone -i 8: its columns are not read' "$T/i8.txt"
# a test number no int holds, or below 0, is no test number (converting
# the first is undefined; the second once marked the slot before 0)
for i in 66666666666666666666666666666666666 -1 2.5; do
	sed "s/-i 2/-i $i/" "$T/i02.txt" > "$T/ibad.txt"
	fresh
	bs import "$T/ibad.txt" >/dev/null 2>"$T/err"
	check "iozone: -i $i is refused with its line (exit $?)" \
		grep -q 'ibad.txt:1: -i: expected a test number' "$T/err"
done
