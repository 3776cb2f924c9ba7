# values.test.sh: odd values.  A tab in a name stays inside its field in
# every TSV benchsite writes; a JSON string holding \u0000 is refused, not
# cut at the NUL; a figure is read by its format's number grammar whole or
# refused with its line, never in part; a figure beyond what the statistics
# can carry is refused, and the site's downloads stay JSON and CSV.
. "$(dirname "$0")/lib.sh"

# holds EXPR: EXPR (shell text, evaluated now) succeeds
holds() { eval "$1"; }

if ! command -v python3 >/dev/null; then
	skip "odd values" "no python3"
	exit 0
fi

# tsv_whole FILE: every row of the TSV FILE has as many fields as its
# header once its quoted fields are read (Python's csv module), and some
# field is "tab<TAB>name"; says what it found otherwise
tsv_whole() {
	python3 - "$1" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline=''), delimiter='\t'))
bad = [r for r in rows[1:] if len(r) != len(rows[0])]
if bad or len(rows) < 2:
    print("%d rows, %d of another width: %r" % (len(rows), len(bad), bad[:1]))
    sys.exit(1)
if not any("tab\tname" in r for r in rows[1:]):
    print("no field 'tab<TAB>name'")
    sys.exit(1)
PY
}

# --- a tab inside a name -----------------------------------------------------
printf 'run,label,test,metric,value,better\n' > "$T/tab.csv"
printf '1,"tab\tname",t,m,1,higher\n2,"tab\tname",t,m,1.1,higher\n' >> "$T/tab.csv"
printf '3,plain,t,m,2,higher\n4,plain,t,m,2.1,higher\n' >> "$T/tab.csv"
bs import "$T/tab.csv" >/dev/null 2>"$T/err"
check "a label holding a tab imports ($(cat "$T/err"))" \
	[ "$(sqlite3 "$T/db" 'select count(*) from run')" = 4 ]
for cmd in "summary --format tsv" "list --format tsv" "export"; do
	bs $cmd > "$T/out.tsv" 2>"$T/err"
	if why=$(tsv_whole "$T/out.tsv"); then
		ok "$cmd: the tab stays inside its field"
	else
		notok "$cmd: the tab stays inside its field: $why"
	fi
done

# --- NUL inside a JSON string ------------------------------------------------
HF=$TOP/sample-data/raw/tools/hyperfine-1.15-sleep.json
fresh
bs import "$TOP/sample-data/bonnie-tmpfs.txt" >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"
# the second command holds \u0000 (line 28)
sed '28s/"sleep 0.1"/"sleep\\u00000.1"/' "$HF" > "$T/hf-nul.json"
bad hf-nul.json 28 'holds \\u0000 (NUL)'
sed '28s/"sleep 0.1"/"sleep\\ud8000.1"/' "$HF" > "$T/hf-surrogate.json"
bad hf-surrogate.json 28 'holds \\ud800, the first half of a surrogate pair'
# control: an escaped backslash before "u0000" is text, not an escape
sed '28s/"sleep 0.1"/"sleep\\\\u0000 0.1"/' "$HF" > "$T/hf-backslash.json"
rm -f "$T/b.db"*
"$BIN" --db "$T/b.db" import "$T/hf-backslash.json" >/dev/null 2>"$T/err"
check "'sleep\\\\u0000 0.1' imports as the text 'sleep\\u0000 0.1' ($(cat "$T/err"))" \
	[ "$(sqlite3 "$T/b.db" "select count(distinct test) from result where test = 'sleep\\u0000 0.1'")" = 1 ]

# --- numbers that are not numbers ---------------------------------------------
# pgbench prints %f and %d figures: digits with an optional fraction, whole
PG=$TOP/sample-data/raw/tools/pgbench-15-c4-progress-r.out
sed '20s/tps = 575.590926/tps = 12abc/' "$PG" > "$T/pg-12abc.out"
bad pg-12abc.out 20 'tps: expected a number'
sed '20s/tps = 575.590926/tps = 2.5e3/' "$PG" > "$T/pg-exp.out"
bad pg-exp.out 20 'tps: expected a number'
sed '3s/847.9 tps/847.9x tps/' "$PG" > "$T/pg-progress.out"
bad pg-progress.out 3 'progress tps: expected a number'
sed '15s/processed: 5757/processed: 5757.1.2/' "$PG" > "$T/pg-points.out"
bad pg-points.out 15 'transactions processed: expected a number'
sed '26s/0.371 /0.371x/' "$PG" > "$T/pg-statement.out"
bad pg-statement.out 26 'statement latency: expected a number'
# fio's text figures: digits, an optional fraction, one of fio's multipliers
FT=$TOP/sample-data/raw/tools/fio-3.33-seqread-2jobs-normal.out
sed '9s/IOPS=21.7k/IOPS=21.7x/' "$FT" > "$T/fio-x.out"
bad fio-x.out 9 'fio iops: expected a number'
sed '9s/IOPS=21.7k/IOPS=21.7kb/' "$FT" > "$T/fio-kb.out"
bad fio-kb.out 9 'fio iops: expected a number'
sed '11s/avg=90.78,/avg=90.78e2,/' "$FT" > "$T/fio-avg.out"
bad fio-avg.out 11 'fio lat avg: expected a number'
sed '16s/99.00th=\[  123\]/99.00th=[  123u]/' "$FT" > "$T/fio-pct.out"
bad fio-pct.out 16 'fio 99th percentile: expected a number'
# controls: the samples as they are, and a whole-number tps, import
for f in "$PG" "$FT"; do
	rm -f "$T/b.db"*
	check "$(basename "$f") imports as it is" \
		"$BIN" --db "$T/b.db" import "$f" >/dev/null
done
sed '20s/tps = 575.590926/tps = 575/' "$PG" > "$T/pg-whole.out"
rm -f "$T/b.db"*
"$BIN" --db "$T/b.db" import "$T/pg-whole.out" >/dev/null 2>"$T/err"
check "tps = 575 is 575 ($(cat "$T/err"))" \
	[ "$(sqlite3 "$T/b.db" "select value from result where metric = 'tps'")" = 575.0 ]
