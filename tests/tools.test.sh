# tools.test.sh: the formats of issue 22 (dbench, hyperfine JSON, and the
# ones added after them) on the real outputs of ../shared/corpus and of
# sample-data/raw/tools: each imported alone into an empty store and
# exported with attributes must equal its dump in tests/golden/tools/
# (GOLDEN_UPDATE=1 rewrites them), and its figures must equal a second,
# independent reading (tests/*-crosscheck.awk or .py).
. "$TOP/tests/lib.sh"

G=$TOP/tests/golden/tools
RAW=$TOP/sample-data/raw/tools

# golden FILE FORMAT: FILE imports as FORMAT and exports as its dump
golden() {
	f=$1 fmt=$2 name=$(basename "$1")
	rm -f "$T/db" "$T/db-wal" "$T/db-shm"
	if ! bs import "$f" >"$T/out" 2>"$T/err"; then
		notok "$name imports ($(cat "$T/err"))"
		return 1
	fi
	if ! grep -q "($fmt)" "$T/out"; then
		notok "$name is detected as $fmt ($(cat "$T/out"))"
		return 1
	fi
	bs export --attrs > "$T/got"
	if [ "${GOLDEN_UPDATE:-}" = 1 ]; then
		cp "$T/got" "$G/$name.tsv"
	fi
	if cmp -s "$T/got" "$G/$name.tsv"; then
		ok "$name: export equals tests/golden/tools/$name.tsv"
	else
		notok "$name: export differs from tests/golden/tools/$name.tsv"
		diff "$G/$name.tsv" "$T/got" | head -5
	fi
}

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
	golden "$1" dbench || return
	awk -f "$TOP/tests/dbench-crosscheck.awk" "$1" | LC_ALL=C sort > "$T/want"
	bs export | tail -n +2 | cut -f 4-6 | LC_ALL=C sort > "$T/got3"
	same "$(basename "$1")" "$T/want" "$T/got3"
}
if [ -d "$CORPUS/dbench" ]; then
	for f in "$CORPUS"/dbench/*; do dbench_one "$f"; done
else
	skip "dbench corpus files" "../shared/corpus is absent"
fi
for f in "$RAW"/dbench-*; do dbench_one "$f"; done
# the execute lines are samples of total/throughput
rm -f "$T/db" "$T/db-wal" "$T/db-shm"
bs import "$RAW/dbench-4.00-2clients.out" >/dev/null
check "dbench: the 9 execute lines are samples (warmup passed over)" \
	[ "$(sqlite3 "$T/db" "select count(*) from sample")" = 9 ]
# dbench 3 prints no clients and no latency
printf 'dbench version 3.04 - Copyright Andrew Tridgell 1999-2004\n\nThroughput 104.52 MB/sec (sync open) 4 procs\n' > "$T/d3.txt"
rm -f "$T/db" "$T/db-wal" "$T/db-shm"
bs import "$T/d3.txt" >/dev/null 2>"$T/err"
check "dbench 3: Throughput with procs only" \
	[ "$(bs export --attrs | tail -n +2 | cut -f 4-6,10- | tr '\t' ' ')" = "total throughput 104.52 4 3.04" ]
# a run cut before its Throughput line is refused
head -20 "$RAW/dbench-4.00-2clients.out" > "$T/cut.txt"
rm -f "$T/db" "$T/db-wal" "$T/db-shm"
bs import "$T/cut.txt" >/dev/null 2>"$T/err"
check "dbench: a run cut before its Throughput line is refused" \
	grep -q ':1: the dbench run of this line ends before its .Throughput. line' "$T/err"

# ---- hyperfine JSON -----------------------------------------------------
hyperfine_one() {
	golden "$1" hyperfine || return
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
rm -f "$T/db" "$T/db-wal" "$T/db-shm"
bs import "$T/fail.json" >/dev/null
check "hyperfine: a non-zero exit code is status failed, no value" \
	[ "$(bs export | tail -n +2 | cut -f 1,6,9 | tr '\t' ' ' | tr '\n' ';')" = "1 0.5 ok;2  failed;" ]
