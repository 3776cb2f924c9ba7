# report.test.sh: what a command that changes something says, and the
# progress line of long work.  render ends with one line on stderr
# ("DIR/: P pages, C charts (D drawn, U unchanged) in S s ->
# DIR/index.html") whose numbers are the site's; compare says what it
# stored; --quiet silences both; the progress line (one updating line on
# stderr) appears only on a terminal: a render of more than 200 charts and
# an import of 64 MiB or more show it under a pseudo-terminal and never
# when stderr is a file.
. "$TOP/tests/lib.sh"
need python3
S=$TOP/sample-data

# the inputs make demo imports: sample-data/ but raw/ and the recipes
inputs=$(ls -d "$S"/* | grep -v '/raw$\|/README.md$\|\.sh$')
# shellcheck disable=SC2086
bs import $inputs >/dev/null 2>&1

# charts SITE: SITE's charts, a file each: the bar charts' (chart-*),
# the sweeps' (sweep-*) and the figures over time's (time-*) -narrow.svg,
# and a run page's reports' SVG (samples-*.svg, light and dark in one)
charts() {
	ls "$1" | grep -c -- '^\(chart\|sweep\|time\)-.*-narrow\.svg$\|^samples-.*\.svg$'
}

# line_true FILE SITE DRAWN: FILE holds one line, the render's report,
# and its numbers are SITE's: pages = its .html files, charts = its
# charts, DRAWN charts drawn, the rest unchanged
line_true() {
	[ "$(wc -l < "$1")" -eq 1 ] || return 1
	p=$(ls "$2" | grep -c '\.html$')
	c=$(charts "$2")
	grep -qx "$2/: $p pages, $c charts ($3 drawn, $(($c - $3)) unchanged)\(, no file changed\)\? in [0-9.]* s -> $2/index.html" "$1"
}

bs render --out "$T/site" >/dev/null 2>"$T/err"
check "render says what it did in one line on stderr, its numbers the site's ($(cat "$T/err"))" \
	line_true "$T/err" "$T/site" "$(charts "$T/site")"
printf '%s/: 1 pages, 1 charts (1 drawn, 0 unchanged) in 0.1 s -> %s/index.html\n' \
	"$T/site" "$T/site" > "$T/wrong"
if line_true "$T/wrong" "$T/site" 1; then
	notok "control: a line with numbers that are not the site's fails the check"
else
	ok "control: a line with numbers that are not the site's fails the check"
fi

bs render --out "$T/site" >/dev/null 2>"$T/err"
check "a render of an unchanged store says so ($(cat "$T/err"))" \
	grep -qx "$T/site/: unchanged: the store is as it was at the last render ([0-9]* files) in [0-9.]* s -> $T/site/index.html" "$T/err"

bs tag 1 --set note=changed >/dev/null
bs render --out "$T/site" >/dev/null 2>"$T/err"
check "after a tag, no chart is drawn again and the line says so ($(cat "$T/err"))" \
	line_true "$T/err" "$T/site" 0

bs tag 1 --set note=again >/dev/null
bs render --out "$T/site" --quiet >/dev/null 2>"$T/err"
check "render --quiet says nothing" test ! -s "$T/err"

bs compare cmp1 --suite bonnie++ --by fs >/dev/null 2>"$T/err"
check "compare says what it stored ($(cat "$T/err"))" \
	grep -qx "benchsite: comparison 'cmp1': suite bonnie++, grouped by fs" "$T/err"
bs compare --delete cmp1 >/dev/null 2>"$T/err"
check "compare --delete says so ($(cat "$T/err"))" \
	grep -qx "benchsite: comparison 'cmp1' deleted" "$T/err"

"$BIN" --db "$T/new.db" init 2>"$T/err"
check "init says it made a store ($(cat "$T/err"))" \
	grep -qx "benchsite: $T/new.db: a new store" "$T/err"
"$BIN" --db "$T/new.db" init 2>"$T/err"
check "and, run again, that the store is there ($(cat "$T/err"))" \
	grep -qx "benchsite: $T/new.db: a store of this version" "$T/err"

# ---- progress: only on a terminal ------------------------------------------
if ! command -v script >/dev/null; then
	skip "progress on a terminal" "script (util-linux) is missing"
	exit 0
fi
# tty CMD: CMD's stderr as a terminal shows it (script gives it a pty)
tty_err() {
	script -qec "$1 2>&1 >/dev/null" /dev/null < /dev/null
}

# a store of 250 tests of two labels: 250 charts
awk 'BEGIN { print "label,test,metric,value,unit,better"
	for (i = 1; i <= 250; i++) for (l = 1; l <= 2; l++)
		printf "l%d,t%03d,time,%d,s,lower\n", l, i, i + l }' > "$T/many.csv"
"$BIN" --db "$T/many.db" import "$T/many.csv" >/dev/null
tty_err "'$BIN' --db '$T/many.db' render --out '$T/many'" > "$T/tty"
check "a render of 250 charts on a terminal shows an updating progress line" \
	grep -q "$(printf '\r')render: [0-9]* pages, [0-9]* charts ([0-9]* drawn)" "$T/tty"
check "and ends with its report" grep -q "$T/many/: [0-9]* pages, 250 charts" "$T/tty"
rm -rf "$T/many"
"$BIN" --db "$T/many.db" render --out "$T/many" >/dev/null 2>"$T/err"
check "the same render with stderr in a file writes no carriage return" \
	sh -c '! grep -q "$(printf "\r")" "$1" && [ "$(wc -l < "$1")" -eq 1 ]' _ "$T/err"
rm -rf "$T/many"
tty_err "'$BIN' --db '$T/many.db' render --quiet --out '$T/many'" > "$T/tty"
check "render --quiet on a terminal shows nothing" test ! -s "$T/tty"
rm -rf "$T/small"
tty_err "'$BIN' --db '$T/db' render --out '$T/small'" > "$T/tty"
check "a render of fewer than 200 charts shows no progress line" \
	sh -c '! grep -q "render: .* drawn)" "$1"' _ "$T/tty"

# an import of 64 MiB or more: generated sysbench output, padded with the
# lines it prints between figures
python3 "$TOP/tests/linear/gen.py" sysbench 1400000 "$T/big.txt"
size=$(wc -c < "$T/big.txt")
check "the large input is 64 MiB or more ($((size >> 20)) MiB)" test "$size" -ge 67108864
tty_err "'$BIN' --db '$T/big.db' import '$T/big.txt'" > "$T/tty"
check "an import of it on a terminal shows how far each pass got" \
	grep -q "$(printf '\r')import: $T/big.txt: \(checking\|hashing\|reading\), [0-9]*% of [0-9]* MiB" "$T/tty"
rm -f "$T/big.db"*
"$BIN" --db "$T/big.db" import "$T/big.txt" >/dev/null 2>"$T/err"
check "and nothing of it when stderr is a file" test ! -s "$T/err"
rm -f "$T/big.db"*
tty_err "'$BIN' --db '$T/big.db' import --quiet '$T/big.txt'" > "$T/tty"
check "import --quiet on a terminal shows no progress" \
	sh -c '! grep -q "import: .*MiB" "$1"' _ "$T/tty"
rm -f "$T/big.db"* "$T/big.txt"
python3 "$TOP/tests/linear/gen.py" sysbench 20000 "$T/small.txt"
tty_err "'$BIN' --db '$T/small.db' import '$T/small.txt'" > "$T/tty"
check "an import of a small file on a terminal shows no progress" \
	sh -c '! grep -q "import: .*MiB" "$1"' _ "$T/tty"
