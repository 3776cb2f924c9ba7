# sqlbench-crosscheck.awk: a second, independent reading of sql-bench
# per-test files and RUN- summaries, for tests/sqlbench.test.sh.  Prints
# "test<TAB>metric<TAB>value" for every wallclock figure with a value:
# each "Time for/to NAME (...)" line (repeats numbered #2, #3...), the
# "Total time" of a test file whose last line it is, and each "TEST: Total
# time" line of a summary.  Knows nothing of the C parser's code.
function base(p) { sub(/.*\//, "", p); sub(/\.gz$/, "", p); return p }
function test_of(f,   t, i, n, known) {
	n = split("alter-table ATIS big-tables connect create insert select table-elimination transactions wisconsin", known, " ")
	for (i = 1; i <= n; i++)
		if (index(base(f), known[i] "-") == 1)
			return known[i]
	return ""
}
function secs(s) { sub(/^[ \t]*:?[ \t]*/, "", s); return s + 0 }
FNR == 1 { flush(); test = test_of(FILENAME); split("", seen); total = ""; last = "" }
function flush() { if (total != "" && last == total_line) print test "\t" "total_time" "\t" total }
/^Benchmark DBD suit/ { test = "" }
test != "" && /^(Estimated )?[Tt]ime (for|to) .*\(/ {
	s = $0
	sub(/^(Estimated )?[Tt]ime (for|to) /, "", s)
	name = s; sub(/[ \t]*\(.*/, "", name)
	rest = s; sub(/^[^)]*\)/, "", rest)
	n = ++seen[name]
	print test "\t" (n > 1 ? name "#" n : name) "\t" secs(rest)
}
test != "" && /^(Estimated )?[Tt]otal time:/ {
	s = $0; sub(/^[^:]*:/, "", s); total = secs(s); total_line = FNR
}
test != "" && !/^[ \t]*$/ { last = FNR }
test == "" && /^[A-Za-z][-A-Za-z0-9_]*: (Estimated total|Total) time:/ {
	t = $0; sub(/:.*/, "", t)
	s = $0; sub(/^[^:]*: [^:]*:/, "", s)
	print t "\ttotal_time\t" secs(s)
}
END { flush() }
