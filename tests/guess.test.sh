# guess.test.sh: every format of the registry (import --help) is detected
# by content (no --format, any file name) in a sample of it, but those
# its line says are never detected; and a file that is a known tool's
# output in a form not read says so ("this looks like ...; ... is read")
# instead of "cannot tell which tool wrote this file" (collector/guess.c).
. "$TOP/tests/lib.sh"

RAW=$TOP/sample-data/raw/tools

# detected FORMAT FILE [PATTERN]: FILE, copied under a name that says
# nothing, imports as FORMAT (or, for a format read only with another's
# output, is refused saying PATTERN)
detected() {
	cp "$2" "$T/input"
	rm -f "$T/db" "$T/db-wal" "$T/db-shm"
	bs import "$T/input" >"$T/out" 2>"$T/err"
	if grep -q "($1)\$" "$T/out" ||
	   { [ -n "${3:-}" ] && grep -q "$3" "$T/err"; }; then
		ok "$(basename "$2"): detected as $1 by its content"
	else
		notok "$(basename "$2"): detected as $1 ($(cat "$T/out" "$T/err"))"
	fi
}

# a sample of each format: FORMAT FILE; a fio log alone is detected, and
# refused for want of its job output
printf '1000, 4096, 0, 4096, 0\n2000, 4100, 0, 4096, 0\n' > "$T/fio-log.txt"
cat > "$T/samples" <<E
sysbench $TOP/sample-data/raw/tmpfs-cpu.out
sqlbench $TOP/tests/fixtures/sqlbench/compare-flags.txt
fio $RAW/fio-3.33-randrw-normal-json.out
fio-text $RAW/fio-3.33-seqread-2jobs-normal.out
fio-log $T/fio-log.txt
hyperfine $RAW/hyperfine-1.15-sleep.json
pts $TOP/tests/fixtures/pts/two-systems-repeats.xml
supersmack $TOP/tests/tables/supersmack-two-clients.txt
dbench $RAW/dbench-4.00-2clients.out
pgbench $RAW/pgbench-15-c4-progress-r.out
iozone $CORPUS/iozone/psteinb_iozone-3.434_auto_n1g-g2g.out
iozone $CORPUS/iozone/toby1984_iozone_R-report-blocks.txt
iozone $CORPUS/iozone/shmuma_iozone_auto-i0-i1-i2_128G-fragment.txt
html $TOP/tests/tables/bon_csv2html-1.03-perl-10x.html
bonnie $TOP/sample-data/bonnie-tmpfs.txt
table $TOP/sample-data/runs.tsv
E
"$BIN" import --help | sed -n '/^formats:/,$p' > "$T/help"
sed -n 's/^  \([a-z][a-z0-9-]*\) .*/\1/p' "$T/help" > "$T/formats"
while read -r f; do
	if grep -q "^  $f .*(never detected)" "$T/help"; then
		ok "$f: never detected, as import --help says"
		continue
	fi
	files=$(awk -v f="$f" '$1 == f { print $2 }' "$T/samples")
	if [ -z "$files" ]; then
		notok "$f: a format of the registry with no sample in guess.test.sh"
		continue
	fi
	for file in $files; do
		if [ ! -f "$file" ]; then
			skip "$f detection ($(basename "$file"))" "../shared/corpus is absent"
		elif [ "$f" = fio-log ]; then
			detected "$f" "$file" "a fio log is read with the job output"
		else
			detected "$f" "$file"
		fi
	done
done < "$T/formats"

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
