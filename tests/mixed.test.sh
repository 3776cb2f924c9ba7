# mixed.test.sh: files that hold the output of two tools (a Markdown page
# with fio job reports and iozone tables, a log with sysbench runs and a
# fio report).  A file is read by one parser; the other tool's output must
# not vanish without a word: each is a warning naming the line where it
# starts.  Real outputs (sample-data/raw, the corpus) put together as a
# user pastes them.
. "$TOP/tests/lib.sh"

FIO=$TOP/sample-data/raw/tools/fio-3.33-seqread-2jobs-normal.out
SB=$TOP/sample-data/raw/tmpfs-cpu.out
IOZ=$CORPUS/iozone/psteinb_iozone-3.434_auto_n1g-g2g.out

# fio, then sysbench, in one log: read as sysbench (its banner is what
# detection trusts first), the fio job reports a warning naming the line
# of the first one
{ cat "$FIO"; echo; cat "$SB"; } > "$T/fio-sysbench.log"
fioline=$(grep -n '(groupid=' "$T/fio-sysbench.log" | head -1 | cut -d: -f1)
fresh
bs import "$T/fio-sysbench.log" >"$T/out" 2>"$T/err"
check "fio + sysbench log: the sysbench run is stored ($(cat "$T/out"))" grep -q '1 run, .*(sysbench)$' "$T/out"
check "fio + sysbench log: the fio reports are a warning naming line $fioline" \
	grep -q "^benchsite: $T/fio-sysbench.log:$fioline: warning: fio-text output starts here and was not read" "$T/err"

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
	check "Markdown page with fio and iozone: fio read ($(cat "$T/out"))" grep -q '(fio-text)$' "$T/out"
	check "Markdown page with fio and iozone: iozone a warning naming line $iozline" \
		grep -q "^benchsite: $T/page.md:$iozline: warning: iozone output starts here and was not read" "$T/err"
else
	skip "Markdown page with fio and iozone" "../shared/corpus is absent"
fi

# a control: one tool's file says nothing of the kind
fresh
bs import "$FIO" >/dev/null 2>"$T/err"
check "a file of one tool has no such warning" test ! -s "$T/err"
