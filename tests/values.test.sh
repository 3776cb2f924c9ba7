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
