# mixed.test.sh: files that hold the output of two tools (a Markdown page
# with fio job reports and iozone tables, a log with sysbench runs and a
# fio report).  Every tool's output is read, each run from the line where
# it starts; another tool's output that cannot be read is a warning naming
# that line and why, never dropped in silence.  Real outputs
# (sample-data/raw, the corpus) put together as a user pastes them.
. "$TOP/tests/lib.sh"
need sqlite3

FIO=$TOP/sample-data/raw/tools/fio-3.33-seqread-2jobs-normal.out
SB=$TOP/sample-data/raw/tmpfs-cpu.out
IOZ=$CORPUS/iozone/psteinb_iozone-3.434_auto_n1g-g2g.out

# the runs of the store as "suite line results", in run order
runs_at() {
	sqlite3 "$T/db" "SELECT suite, line, (SELECT count(*) FROM result
		WHERE run_id = run.id) FROM run ORDER BY id" | tr '|' ' '
}

# fio, then sysbench, in one log: read as sysbench (its banner is what
# detection trusts first), then the fio job report, from its line
{ cat "$FIO"; echo; cat "$SB"; } > "$T/fio-sysbench.log"
fioline=$(grep -n '^[^ ].*: (groupid=' "$T/fio-sysbench.log" | head -1 | cut -d: -f1)
sbline=$(($(wc -l < "$FIO") + 2))
fresh
bs import "$T/fio-sysbench.log" >"$T/out" 2>"$T/err"
check "fio + sysbench log: both tools read ($(cat "$T/out"))" grep -q ': 2 runs, .*(sysbench, fio-text)$' "$T/out"
check "fio + sysbench log: nothing to warn of ($(cat "$T/err"))" test ! -s "$T/err"
runs_at > "$T/runs"
check "fio + sysbench log: the sysbench run from its line, the fio job from line $fioline ($(tr '\n' ';' < "$T/runs"))" \
	test "$(cut -d' ' -f1 "$T/runs" | tr '\n' ' ')" = "sysbench fio " -a "$(sed -n 2p "$T/runs" | cut -d' ' -f2)" = "$fioline"
# the same figures as the fio output imported alone
fio_rows() { bs export | awk -F'\t' '$3 == "fio" { print $4, $5, $6, $7, $8, $9 }' | sort; }
fio_rows > "$T/mixed.rows"
fresh
bs import "$FIO" >/dev/null
fio_rows > "$T/alone.rows"
check "fio + sysbench log: the fio figures are those of the output alone" \
	test -s "$T/alone.rows" -a "$(cat "$T/alone.rows")" = "$(cat "$T/mixed.rows")"
# reparse reads the source as import did: nothing changes
fresh
bs import "$T/fio-sysbench.log" >/dev/null 2>&1
bs export > "$T/before.tsv"
bs reparse >/dev/null 2>"$T/err"
bs export > "$T/after.tsv"
check "fio + sysbench log: reparse keeps both tools' runs" cmp -s "$T/before.tsv" "$T/after.tsv"

# another tool's output that cannot be read (an iozone banner whose table
# was cut off): a warning naming its line and why, the rest stored
if [ -f "$IOZ" ]; then
	{ cat "$FIO"; echo; sed -n '1,/Command line used/p' "$IOZ"; } > "$T/cut.log"
	iozline=$(grep -n 'Iozone: Performance Test' "$T/cut.log" | cut -d: -f1)
	fresh
	bs import "$T/cut.log" >"$T/out" 2>"$T/err"
	check "fio + a cut iozone banner: fio read ($(cat "$T/out"))" grep -q ': 1 run, .*(fio-text)$' "$T/out"
	check "fio + a cut iozone banner: a warning naming line $iozline and why ($(cat "$T/err"))" \
		grep -q "^benchsite: $T/cut.log:$iozline: warning: iozone output starts here and was not read: no iozone figures" "$T/err"
else
	skip "fio + a cut iozone banner" "../shared/corpus is absent"
fi

if [ -f "$IOZ" ]; then
	# a Markdown page: fio's report and iozone's table in code blocks
	{
		printf '# Disk results\n\nfio:\n\n```\n'
		cat "$FIO"
		printf '```\n\niozone:\n\n```\n'
		cat "$IOZ"
		printf '```\n'
	} > "$T/page.md"
	iozline=$(grep -n 'Iozone: Performance Test' "$T/page.md" | cut -d: -f1)
	fresh
	bs import "$T/page.md" >"$T/out" 2>"$T/err"
	check "Markdown page with fio and iozone: both read ($(cat "$T/out"))" grep -q ': 3 runs, .*(fio-text, iozone)$' "$T/out"
	check "Markdown page with fio and iozone: nothing to warn of" test ! -s "$T/err"
	runs_at > "$T/runs"
	check "Markdown page with fio and iozone: two iozone runs from their own lines, after line $iozline ($(tr '\n' ';' < "$T/runs"))" \
		test "$(awk -v l="$iozline" '$1 == "iozone" && $2 > l' "$T/runs" | wc -l)" = 2
else
	skip "Markdown page with fio and iozone" "../shared/corpus is absent"
fi

# a control: one tool's file says nothing of the kind
fresh
bs import "$FIO" >/dev/null 2>"$T/err"
check "a file of one tool has no such warning" test ! -s "$T/err"
