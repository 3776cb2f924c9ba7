# dropped.test.sh: no parser drops a run or a block it recognised without
# a word.  Every corpus file, fixture and sample is imported alone; each
# report start it holds (a sysbench statistics block, a fio job report, a
# dbench Throughput line, a pgbench run, an iozone banner, a sql-bench test
# or summary) must have become a run or a warning naming the file and line
# (a warning that counts several, "7 interim reports ...", counts as
# many), or the file must be refused with a message naming it.
. "$TOP/tests/lib.sh"

MARKS='^[[:space:]]*(General statistics|Test execution summary):|\(groupid=[0-9]+, jobs=[0-9]+\): err=|^Throughput [0-9.]+ MB/sec|^transaction type:|Iozone: Performance Test|^Testing server .|^Benchmark DBD suit'

# verdict M R W RC ERR: empty when the M report starts are accounted for
verdict() {
	if [ "$4" -ne 0 ]; then
		grep -q "^benchsite: [^:]*:" "$5" || echo "refused without naming the file"
	elif [ $(($2 + $3)) -lt "$1" ]; then
		echo "$1 report starts, $2 runs, $3 warnings"
	fi
}

# the check itself must be able to fail
check "control: two report starts, one run, no warning is a drop" \
	test -n "$(verdict 2 1 0 0 /dev/null)"

: > "$T/dropped"
n=0
for f in $(find "$CORPUS" -type f ! -name PROVENANCE.md 2>/dev/null) \
	 $(find "$TOP/tests/fixtures" "$TOP/sample-data" -type f ! -name '*.md' ! -name '*.sh' ! -name '*.sql' ! -name '*.tsv'); do
	m=$(grep -cE "$MARKS" "$f")
	[ "$m" -gt 0 ] || continue
	fresh
	bs import "$f" >/dev/null 2>"$T/err"
	rc=$?
	r=$(bs export 2>/dev/null | tail -n +2 | cut -f1 | sort -u | wc -l)
	w=$(sed -n 's/^benchsite: .*:[0-9][0-9]*: warning: \([0-9][0-9]*\) .*/\1/p; t; s/^benchsite: .*:[0-9][0-9]*: warning: .*/1/p' "$T/err" |
		awk '{ s += $1 } END { print s + 0 }')
	v=$(verdict "$m" "$r" "$w" "$rc" "$T/err")
	[ -n "$v" ] && echo "${f#"$TOP"/}: $v" >> "$T/dropped"
	n=$((n + 1))
done
check "every report start of $n files became a run or a warning ($(head -3 "$T/dropped" | tr '\n' ' '))" \
	test ! -s "$T/dropped" -a "$n" -gt 10
