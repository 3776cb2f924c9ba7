# guess.test.sh: dbench, hyperfine, pgbench, fio (text and JSON) and iozone
# outputs are detected by content (no
# --format, any file name), and a file that is a known tool's output in a
# form not read says so ("this looks like ...; ... is read") instead of
# "cannot tell which tool wrote this file" (collector/guess.c).
. "$TOP/tests/lib.sh"

RAW=$TOP/sample-data/raw/tools

# detected FORMAT FILE: FILE, copied under a name that says nothing,
# imports as FORMAT
detected() {
	cp "$2" "$T/input"
	rm -f "$T/db" "$T/db-wal" "$T/db-shm"
	bs import "$T/input" >"$T/out" 2>"$T/err"
	if grep -q "($1)\$" "$T/out"; then
		ok "$(basename "$2"): detected as $1 by its content"
	else
		notok "$(basename "$2"): detected as $1 ($(cat "$T/out" "$T/err"))"
	fi
}
detected dbench "$RAW/dbench-4.00-2clients.out"
detected hyperfine "$RAW/hyperfine-1.15-sleep.json"
detected pgbench "$RAW/pgbench-15-c4-progress-r.out"
detected fio-text "$RAW/fio-3.33-seqread-2jobs-normal.out"
detected fio "$RAW/fio-3.33-randrw-normal-json.out"
if [ -d "$CORPUS/iozone" ]; then
	detected iozone "$CORPUS/iozone/psteinb_iozone-3.434_auto_n1g-g2g.out"
	detected iozone "$CORPUS/iozone/toby1984_iozone_R-report-blocks.txt"
	detected iozone "$CORPUS/iozone/shmuma_iozone_auto-i0-i1-i2_128G-fragment.txt"
else
	skip "iozone detection" "../shared/corpus is absent"
fi

# says NAME PATTERN: importing $T/NAME fails saying PATTERN, not "cannot
# tell"
says() {
	rm -f "$T/db" "$T/db-wal" "$T/db-shm"
	bs import "$T/$1" >/dev/null 2>"$T/err"
	if grep -q "$2" "$T/err" && ! grep -q 'cannot tell' "$T/err"; then
		ok "$1: $(sed "s|^benchsite: $T/||" "$T/err")"
	else
		notok "$1: says '$2' (got: $(cat "$T/err"))"
	fi
}
cp "$RAW/hyperfine-1.15-sleep.out" "$T/hyperfine-terminal.txt"
says hyperfine-terminal.txt "this looks like hyperfine's terminal output; hyperfine's JSON export is read"
if [ -f "$CORPUS/hyperfine/mpluta_svp_hyperfine.txt" ]; then
	cp "$CORPUS/hyperfine/mpluta_svp_hyperfine.txt" "$T/mpluta.txt"
	says mpluta.txt "this looks like hyperfine's terminal output"
fi
printf 'command,mean,stddev,median,user,system,min,max\nsleep 0.1,0.10,0.001,0.10,0.001,0.001,0.1,0.11\n' > "$T/hyperfine.csv"
says hyperfine.csv "this looks like hyperfine --export-csv"
printf '| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |\n|:---|---:|---:|---:|---:|\n| `sleep 0.1` | 102.5 ± 3.0 | 100.4 | 107.8 | 1.00 |\n' > "$T/hyperfine.md"
says hyperfine.md "this looks like hyperfine --export-markdown"
sed -n '/^Run status group/,/WRITE:/p' "$RAW/fio-3.33-randrw-normal-json.out" > "$T/status.txt"
says status.txt "this looks like fio's run status summary without the job reports"
printf '3;fio-3.33;randrw;0;0;260664;65149;16287;4001;0;0;0\n' > "$T/terse.txt"
says terse.txt "this looks like fio --output-format=terse"
printf '\tChildren see throughput for  2 initial writers \t=  123456.78 kB/sec\n' > "$T/iozone-t.txt"
says iozone-t.txt "this looks like iozone throughput mode (-t)"
