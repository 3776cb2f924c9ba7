# values.test.sh: odd values.  A tab in a name stays inside its field in
# every TSV benchsite writes; a JSON string holding \u0000 is refused, not
# cut at the NUL; a figure is read by its format's number grammar whole or
# refused with its line, never in part; a figure beyond what the statistics
# can carry is refused, and the site's downloads stay JSON and CSV.
. "$(dirname "$0")/lib.sh"
need sqlite3

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

# --- figures the statistics cannot carry ---------------------------------------
# (0, or 1e-75 to 1e75 either sign: core/record.h, docs/units.md)
fresh
bs import "$TOP/sample-data/bonnie-tmpfs.txt" >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"
n=0
for v in 1.7976931348623157e308 -1.79e308 5e-324 1e76 -1e-76; do
	n=$((n + 1))
	printf 'run,label,test,metric,value,better\n1,a,t,m,1,higher\n2,b,t,m,%s,higher\n' \
		"$v" > "$T/huge-$n.csv"
	bad huge-$n.csv 3 "the figure .* is beyond what the statistics can carry"
done
printf 'run,label,test,metric,t,value\n1,a,t,m,1,1e300\n' > "$T/huge-sample.csv"
bad huge-sample.csv 2 "the figure 1e+300 is beyond"
# through a parser: fio JSON's read iops of 1e300 (the job opens on line 11)
sed '31s/"iops" : 16287.428143/"iops" : 1e300/' \
	"$TOP/sample-data/raw/tools/fio-3.33-randrw-normal-json.out" > "$T/fio-huge.out"
bad fio-huge.out 11 "'read_iops': the figure 1e+300 is beyond"

# numbers_clean FILE...: no inf or nan in the files, and each .json among
# them is JSON (Python's json refusing NaN and Infinity)
numbers_clean() {
	python3 - "$@" <<'PY'
import json, re, sys
bad = []
for f in sys.argv[1:]:
    t = open(f, encoding="utf-8", errors="replace").read()
    if re.search(r"(?<![A-Za-z])-?(inf|nan)(?![A-Za-z])", t, re.I):
        bad.append(f.split("/")[-1] + " holds inf or nan")
    if f.endswith(".json"):
        def no(c):
            raise ValueError(c)
        try:
            json.loads(t, parse_constant=no)
        except ValueError as x:
            bad.append(f.split("/")[-1] + " is not JSON: %s" % x)
print("; ".join(bad)[:300])
sys.exit(1 if bad else 0)
PY
}
# figures at the bounds import; the statistics, downloads, charts and the
# summary of them hold no inf or nan
fresh
{
	echo 'run,label,test,metric,value,better'
	echo '1,a,t,m,1e75,higher'
	echo '2,a,t,m,-1e75,higher'
	echo '3,a,t,m,9e74,higher'
	echo '4,b,t,m,1e-75,higher'
	echo '5,b,t,m,2e-75,higher'
	echo '6,c,t2,m,1e-75,lower'
	echo '7,c,t2,m,1.5e-75,lower'
	echo '8,d,t2,m,1e75,lower'
	echo '9,d,t2,m,7e74,lower'
} > "$T/bounds.csv"
bs import "$T/bounds.csv" >/dev/null 2>"$T/err"
check "figures at the bounds import ($(cat "$T/err"))" \
	[ "$(sqlite3 "$T/db" 'select count(*) from result')" = 9 ]
bs summary --format tsv > "$T/summary.tsv" 2>"$T/err"
bs render --out "$T/site" >/dev/null 2>>"$T/err"
check "their site has JSON and CSV downloads ($(cat "$T/err"))" \
	sh -c "ls '$T/site'/data-*.json '$T/site'/data-*.csv >/dev/null"
if why=$(numbers_clean "$T/summary.tsv" "$T/site"/data-* "$T/site"/*.svg); then
	ok "summary, downloads and charts hold no inf or nan; the JSON parses"
else
	notok "summary, downloads and charts hold no inf or nan; the JSON parses: $why"
fi
# a store given such a figure by hand (the sqlite3 shell) still renders
# JSON that parses and a CSV without inf
sqlite3 "$T/db" "update result set value = 1.7976931348623157e308 where value = 1e75"
rm -rf "$T/site"
bs render --out "$T/site" >/dev/null 2>"$T/err"
if why=$(numbers_clean "$T/site"/data-*); then
	ok "a hand-written 1.7976931348623157e308: the downloads hold no inf or nan"
else
	notok "a hand-written 1.7976931348623157e308: the downloads hold no inf or nan: $why"
fi
