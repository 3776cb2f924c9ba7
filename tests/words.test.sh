# words.test.sh: the sentences follow the arithmetic (docs/analysis.md,
# "The statements of a chart", "Noise", "summary --format tsv"), on the
# minimal tables of the cases that broke them: the best set is monotone,
# "no significant difference" only where nothing differs, near-ties said
# as they are, an interval belongs to its row, the TSV tells a supported
# difference from an unsupported one, a chart's error bars match its table.
. "$TOP/tests/lib.sh"

# mk G "V..." G "V..." ...: an import table, one run per value; the
# metric, unit and direction from M, U and BT (a rate by default)
mk() {
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\n'
	_i=0
	while [ $# -gt 1 ]; do
		for _v in $2; do
			_i=$((_i + 1))
			printf '%s\t%s\ts\tt\t%s\t%s\t%s\t%s\tok\n' "$_i" "$1" \
				"${M:-rate}" "$_v" "${U:-1/s}" "${BT:-higher}"
		done
		shift 2
	done
}
# case NAME: the store $T/NAME.db from the table on standard input, its
# summary in $T/NAME.txt and TSV in $T/NAME.tsv
case_() {
	cat > "$T/$1.in"
	"$BIN" --db "$T/$1.db" import "$T/$1.in" > /dev/null 2>&1
	"$BIN" --db "$T/$1.db" summary > "$T/$1.txt"
	"$BIN" --db "$T/$1.db" summary --format tsv > "$T/$1.tsv"
}
# kinds NAME KIND: the subjects of NAME's rows of KIND, space-separated
kinds() { awk -F'\t' -v k="$2" '$4 == k { printf "%s ", $5 }' "$T/$1.tsv"; }
# field NAME KIND SUBJECT COL: column COL of the row KIND SUBJECT
field() { awk -F'\t' -v k="$2" -v s="$3" -v c="$4" '$4 == k && $5 == s { print $c; exit }' "$T/$1.tsv"; }

# --- 1. the best set is monotone -------------------------------------------
# a noisy group 9% behind the top is not best while a tight group 0.4%
# behind it, which the test separates from the top, is not either
mk A "100.0 100.05 99.95" B "99.6 99.62 99.58" C "76 91 106" | case_ mono
check "a noisy group 9% behind is not best beside the top (best: $(kinds mono best))" \
	test "$(kinds mono best)" = "A "
check "the tight group 0.4% behind is mentioned as a near-tie, not best" \
	grep -q "Best: A (100/s, n=3), with B within 0.5%" "$T/mono.txt"
# the slowest group, an outlier, is never best (it was "btrfs 1734/s (best)
# (outlier)" when the best could not be told from it)
mk ext4 "9400 9500 9450" xfs "9100 9150 9050" ext2 "9300 9200 9250" \
	btrfs "200 3000 1800" | case_ slowest
check "the slowest group is not best (best: $(kinds slowest best))" \
	sh -c '! echo "$1" | grep -qw btrfs' _ "$(kinds slowest best)"
# a single run with the same figure as the best ties for best
U=us BT=lower M=lat mk a "61 62 60" b 61 c 440 d 100 | case_ single
check "a single run with the best's figure is best beside it, not behind it" \
	sh -c 'test "$1" = "a b " && test -z "$2"' _ "$(kinds single best)" \
	"$(field single vs-best b 6)"
check "and the sentence gives each its n" \
	grep -q "best: a and b (a 61 µs, n=3, b 61 µs)" "$T/single.txt"
# two groups the test cannot tell apart: nobody is best (the table stars
# nobody), the pair says so
mk a "10.0 10.6 9.7" b "10.2 9.5 10.4" | case_ untold
check "two groups the test does not separate: no best row" test -z "$(kinds untold best)"

# --- 2. "no significant difference" only where nothing differs -------------
# btrfs, every run below every other, differs from ext4 and xfs but not
# from the noisy ext2
mk ext2 "3000 9000 15000" ext4 "9400 9500 9450" xfs "9100 9150 9050" \
	btrfs "1080 1090 1085" | case_ partial
check "btrfs is not 'not significantly different from the other 3'" \
	sh -c '! grep -q "no significant difference between btrfs" "$1"' _ "$T/partial.txt"
check "the sentence says which pairs differ" \
	grep -q "btrfs is 8.5x slower than the other 3 (.*significantly slower than ext4 and xfs; not than ext2)" "$T/partial.txt"
check "its TSV row is 'partial'" test "$(field partial slower btrfs 14)" = partial
check "the spread names the pair that differs though its ends do not" \
	grep -q "the ends do not differ significantly at 95% confidence (these do: ext4 and xfs)" "$T/partial.txt"

# --- 3. near-ties as they are ------------------------------------------------
U=us BT=lower M=lat mk ext4 830 xfs 826 | case_ near
check "830 and 826 µs are not 'no difference': xfs is 1.005x faster" \
	grep -q "xfs is 1.005x faster than ext4 (826 µs vs 830 µs, n=1 each); best: xfs (826 µs), with ext4 within 0.5%" "$T/near.txt"
U=us BT=lower M=lat mk ext4 830 xfs 829.5 | case_ tie
check "within 0.1% is a tie: not compared, and said so" \
	sh -c 'grep -q "Not compared: every group.s figure is within 0.1% of the others" "$1" &&
	       test -z "$2"' _ "$T/tie.txt" "$(kinds tie best)"
# "within 0.5%" is measured from the best figure, not from a group named
U=us BT=lower M=lat mk a 100 b 100.4 c 100.8 d 300 | case_ halfpct
check "within 0.5% of the best figure only (b, not c at 0.8%)" \
	grep -q "best: a (100 µs), with b within 0.5%;" "$T/halfpct.txt"
# never round across the 0.1% threshold: 0.11% is not "within 0.1%"
U=us BT=lower M=lat mk a 1000 b 1000.5 c 1001.1 | case_ share
check "a spread of 0.11% reads 'within 0.2%'" \
	grep -q "all are within 0.2% of each other" "$T/share.txt"

# --- 4. an interval belongs to its row ---------------------------------------
# alpha worse than beta, not significantly: the row's interval is of the
# ratio it states
mk alpha "50 80 70 40" beta "60 90 75 55" | case_ orient
check "every row: ratio_low <= ratio <= ratio_high" \
	awk -F'\t' 'FNR > 1 && $11 != "" && !($11 <= $6 && $6 <= $12) { bad = 1 } END { exit bad }' \
	"$T/orient.tsv" "$T/partial.tsv" "$T/mono.tsv"
check "the pair's sentence is oriented as named (alpha was ... slower)" \
	grep -q "No significant difference between beta (70/s mean, n=4) and alpha (60/s mean, n=4) at 95% confidence; alpha was 1.17x slower in these runs; 95% interval" "$T/orient.txt"

# --- 5. the TSV says what the page says ---------------------------------------
check "a faster or slower row is never not-significant" \
	awk -F'\t' 'FNR > 1 && ($4 == "faster" || $4 == "slower") && $14 == "not-significant" { bad = 1 } END { exit bad }' \
	"$T/orient.tsv" "$T/partial.tsv" "$T/mono.tsv" "$T/near.tsv"
check "a spread never names one group as subject and reference" \
	awk -F'\t' 'FNR > 1 && $4 == "spread" && $5 == $7 { bad = 1 } END { exit bad }' \
	"$T/share.tsv" "$T/partial.tsv"
check "a single-run ratio says single-run" test "$(field near faster xfs 14)" = single-run
"$BIN" --db "$T/runs.db" import "$TOP/sample-data/runs.tsv" > /dev/null 2>&1
"$BIN" --db "$T/runs.db" summary --format tsv > "$T/runs.tsv"
check "sample data: every spread, pair and vs-best row with a ratio says what it rests on" \
	awk -F'\t' 'FNR > 1 && ($4 == "spread" || $4 == "vs-best" || $4 == "faster" || $4 == "slower") && $6 != "" && $14 == "" { bad = 1 } END { exit bad }' \
	"$T/runs.tsv"
check "sample data: no spread row whose ends the test does not separate is 'significant'" \
	awk -F'\t' 'FNR > 1 && $4 == "spread" && $14 == "significant" && $11 != "" && $11 <= 1 { bad = 1 } END { exit bad }' \
	"$T/runs.tsv"

# --- 11. error bars only where an interval is shown ---------------------------
# b's two runs give an interval below 0: the table says "too few runs for
# an interval" and its bar has no error bar; a's interval is drawn
mk a "100 101 99 100.5" b "10 200" c "50 52 51" | case_ bars
"$BIN" --db "$T/bars.db" render --quiet --out "$T/site" > /dev/null 2>&1
svg=$(ls "$T"/site/chart-*-all-*.svg 2>/dev/null | grep -v -e narrow -e dark | head -1)
check "the chart draws two error bars (a and c), not three ($(grep -o 'class="w"' "$svg" 2>/dev/null | wc -l))" \
	test "$(grep -o 'class="w"' "$svg" 2>/dev/null | wc -l)" -eq 2
# control: with b's interval above 0 all three are drawn
mk a "100 101 99 100.5" b "100 101" c "50 52 51" | case_ bars2
"$BIN" --db "$T/bars2.db" render --quiet --out "$T/site2" > /dev/null 2>&1
svg=$(ls "$T"/site2/chart-*-all-*.svg 2>/dev/null | grep -v -e narrow -e dark | head -1)
check "control: three intervals, three error bars" \
	test "$(grep -o 'class="w"' "$svg" 2>/dev/null | wc -l)" -eq 3

# --- 9. one group: nothing to compare -----------------------------------------
# test u has a figure of a alone: that chart says so and is not counted
{
	mk a "5 5.1 5.05" b "4 4.05 4.1"
	printf '9\ta\ts\tu\trate\t3\t1/s\thigher\tok\n'
} | case_ solo
check "a chart with one group says so and compares nothing" \
	sh -c 'grep -q "u rate: Only a: nothing to compare" "$1" && test -z "$2"' _ \
	"$T/solo.txt" "$(awk -F'\t' '$2 == "u" && $4 == "best"' "$T/solo.tsv")"
check "and is not counted as compared in the headline" \
	grep -q "Overall: .*of 1 chart" "$T/solo.txt"
mk only "5 6 7" | case_ single_group
check "a comparison of one group says so once" \
	sh -c 'test "$(grep -c "nothing to compare" "$1")" = 1 &&
	       grep -q "Only one group (only): nothing to compare" "$1"' _ "$T/single_group.txt"

# --- 8. "X stands out" says which way ---------------------------------------------
check "an outlier stands out as worse" grep -q "btrfs stands out as worse" "$T/partial.txt"

# --- 6. figures a limit fixed are never ranked, run by run ---------------------
# btrfs's sysbench memory run stopped at --time=10 (10.0012 s) while the
# others finished in 0.7 s: btrfs is shown, not "14.1x slower"; one of
# ext4's three runs stopped there too and is left out of its figure
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tcommand\n'
	for r in 1:ext4:0.708 2:xfs:0.690 3:btrfs:10.0012 4:ext4:0.71 5:ext4:10.02 6:xfs:0.69; do
		IFS=: read -r n g v <<-X
		$r
		X
		printf '%s\t%s\tsysbench\tmemory\ttotal_time\t%s\ts\tlower\tok\tsysbench memory --time=10 run\n' "$n" "$g" "$v"
	done
} | case_ limit
check "a run stopped at its time limit is not 14x slower" \
	sh -c '! grep -q "btrfs is .*slower" "$1" && test -z "$2"' _ "$T/limit.txt" \
	"$(field limit vs-best btrfs 6)"
check "the sentence says it stopped at its limit" \
	grep -q "btrfs stopped at its limit (10.0 s), so it is not compared" "$T/limit.txt"
check "ext4's figure is of its two measured runs (709 ms), the third left out" \
	grep -q "1 of the 3 runs of ext4 stopped at its limit and is left out;.* 709 ms, n=2" "$T/limit.txt"
check "the TSV has a fixed row for each" test "$(kinds limit fixed)" = "btrfs ext4 "
# imported outputs (no command line): sysbench 0.4 at exactly its default
# 10,000 requests, and total times just past whole seconds (8, 10, 12, 15,
# 20 s) are limits, not measurements
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\ttool_version\n'
	printf '1\tjfs\tsysbench\toltp\ttotal_events\t10000\t\thigher\tok\t0.4.12\n'
	printf '2\treiserfs\tsysbench\toltp\ttotal_events\t10000\t\thigher\tok\t0.4.12\n'
	printf '3\text4\tsysbench\toltp\ttotal_events\t101234\t\thigher\tok\t1.0.20\n'
	i=3
	for v in a:8.0021 b:10.0034 c:12.0012 d:15.0047 e:20.0019; do
		i=$((i + 1))
		printf '%s\t%s\tsysbench\tcpu\ttotal_time\t%s\ts\tlower\tok\t1.0.20\n' "$i" "${v%%:*}" "${v#*:}"
	done
	printf '10\ta\tsysbench\tfileio\ttotal_time\t6.7196\ts\tlower\tok\t1.0.20\n'
	printf '11\tb\tsysbench\tfileio\ttotal_time\t6.5052\ts\tlower\tok\t1.0.20\n'
} | case_ nocmd
check "10,000 requests without a command line is 0.4's default limit: not ranked" \
	sh -c 'test -z "$1" && test "$2" = "jfs reiserfs "' _ \
	"$(awk -F'\t' '$2 == "oltp" && ($4 == "best" || $4 == "vs-best" || $4 == "slower")' "$T/nocmd.tsv")" \
	"$(awk -F'\t' '$2 == "oltp" && $4 == "fixed" { printf "%s ", $5 }' "$T/nocmd.tsv")"
check "total times just past 8, 10, 12, 15 and 20 s are not ranked against each other" \
	test -z "$(awk -F'\t' '$2 == "cpu" && ($4 == "best" || $4 == "vs-best" || $4 == "faster" || $4 == "spread")' "$T/nocmd.tsv")"
check "control: measured total times (6.72 s, 6.51 s) are compared" \
	test "$(awk -F'\t' '$2 == "fileio" && $4 == "best" { print $5 }' "$T/nocmd.tsv")" = b

# --- 8. headlines count measurements, not views ---------------------------------
# reads/s and read MiB/s of the same runs (16 KiB blocks) are one
# measurement; latency is another
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\n'
	i=0
	for r in a:1000.00:15.63:2.1 a:1010.00:15.78:2.0 b:900.00:14.06:1.5 b:905.00:14.14:1.6; do
		IFS=: read -r g ops mib lat <<-X
		$r
		X
		i=$((i + 1))
		printf '%s\t%s\tf\trndrd\treads_per_sec\t%s\t1/s\thigher\tok\n' "$i" "$g" "$ops"
		printf '%s\t%s\tf\trndrd\tread_mib_per_sec\t%s\tMiB/s\thigher\tok\n' "$i" "$g" "$mib"
		printf '%s\t%s\tf\trndrd\tlatency_avg\t%s\tms\tlower\tok\n' "$i" "$g" "$lat"
	done
} | case_ counts
"$BIN" --db "$T/counts.db" summary > "$T/counts.txt"
check "reads/s and MiB/s count once: a and b best in 1 of 2 measurements each" \
	grep -q "Overall: a and b: best in 1 of 2 measurements each (3 charts; charts of the same counts count once)" "$T/counts.txt"
check "and the geometric mean is over the 2 measurements (a: sqrt(1.32) = 1.15)" \
	awk -F'\t' '$4 == "geomean" && $5 == "a" { r = $6 } END { exit !(r > 1.14 && r < 1.16) }' "$T/counts.tsv"
# control: MiB/s that are not proportional to reads/s are a measurement
# of their own
sed 's/15\.78/17.00/' "$T/counts.in" | case_ counts2
check "control: figures not proportional run by run count as charts" \
	grep -q "Overall: a and b: best in 1 of 3 charts each$" "$T/counts2.txt"

# --- 9. zeros, negatives, figures across zero ----------------------------------
mk a 0 b 100 c 102 d 98 | case_ zero
check "a zero far from the others is an outlier, said without a ratio" \
	grep -q "a is far from the other 3 (0/s vs 100/s mean; no ratio of a zero figure)" "$T/zero.txt"
check "and it stands out as worse" grep -q "a stands out as worse" "$T/zero.txt"
mk a -5 b -3 c -7 | case_ negative
check "negative figures: a range and no ratio, said as negative" \
	grep -q "they range from -7/s (c) to -3/s (b), no ratio of negative figures" "$T/negative.txt"
mk a "-1 -2" b "3 4" c "5 6" d "0.5 2" | case_ across
check "figures across zero: a range and no ratio" \
	grep -q "no ratio across zero" "$T/across.txt"
"$BIN" --db "$T/across.db" render --quiet --out "$T/asite" > /dev/null 2>&1
check "a metric that can be negative shows every repeated group's interval (d's reaches below 0)" \
	test "$(grep -o 'class="w"' "$(ls "$T"/asite/chart-*-all-*.svg | grep -v -e narrow -e dark | head -1)" | wc -l)" -eq 4

# --- 10. two-factor tables agree with their sentences ------------------------------
# the pivot table starred btrfs / direct (best of the direct column) beside
# btrfs / buffered, which "on btrfs" calls 6.3x faster; it stars the
# chart's best, btrfs / buffered, alone
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tfs\tmode\n'
	printf '1\tr1\tb\tput_block\trate\t137747\tKiB/s\thigher\tok\tbtrfs\tdirect\n'
	printf '2\tr2\tb\tput_block\trate\t874622\tKiB/s\thigher\tok\tbtrfs\tbuffered\n'
	printf '3\tr3\tb\tput_block\trate\t120000\tKiB/s\thigher\tok\text4\tdirect\n'
	printf '4\tr4\tb\tput_block\trate\t500000\tKiB/s\thigher\tok\text4\tbuffered\n'
} > "$T/split.in"
"$BIN" --db "$T/split.db" import "$T/split.in" > /dev/null 2>&1
"$BIN" --db "$T/split.db" compare two --suite b --by fs --split mode 2> /dev/null
"$BIN" --db "$T/split.db" render --quiet --out "$T/ssite" > /dev/null 2>&1
pivot=$(sed -n '/best of the chart<\/caption>/,/<\/table>/p' "$T"/ssite/comparison-two-*.html | tr -d '\n')
check "the pivot table stars btrfs / buffered alone (the chart's best)" \
	sh -c 'test "$(echo "$1" | sed "s/.*<\/caption>//" | grep -o "★" | wc -l)" = 1 &&
	       echo "$1" | grep -q "854.123</strong> ★"' _ "$pivot"
check "and the sentences agree: on btrfs buffered is 6.3x faster" \
	sh -c '"$BIN" --db "$1" summary two | grep -q "On btrfs: buffered is 6.3x faster than direct"' _ "$T/split.db"

# --- tables as sentences write them: thousands separated, units as /s ---------------
# the pivot above is in its chart's unit, MiB/s, every stored digit kept
# (874622 KiB/s is 854.123 MiB/s); the same figures as a rate in /s, which
# no unit scales, keep their thousands apart
check "the pivot table writes the chart's unit, MiB/s, with the stored figure's digits (854.123, 134.519)" \
	sh -c 'echo "$1" | grep -q "(MiB/s)" && echo "$1" | grep -q ">134.519<"' _ "$pivot"
sed 's/\tput_block\trate\t\([0-9]*\)\tKiB\/s\t/\tops\trate\t\1\t1\/s\t/' "$T/split.in" > "$T/split2.in"
"$BIN" --db "$T/split2.db" import "$T/split2.in" > /dev/null 2>&1
"$BIN" --db "$T/split2.db" compare two --suite b --by fs --split mode 2> /dev/null
"$BIN" --db "$T/split2.db" render --quiet --out "$T/ssite2" > /dev/null 2>&1
pivot2=$(sed -n '/best of the chart<\/caption>/,/<\/table>/p' "$T"/ssite2/comparison-two-*.html | tr -d '\n')
check "the pivot table separates thousands (874,622, not 874622)" \
	sh -c 'echo "$1" | grep -q "874,622</strong>" && echo "$1" | grep -q ">137,747<"' _ "$pivot2"
check "no table header says 1/s" \
	sh -c '! grep -q "(1/s)" "$1"/*.html' _ "$T/site"
