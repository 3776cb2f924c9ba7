# split.test.sh: two factors in one comparison (compare --by K --split K2)
# on the two sheets of sample-data/ (MySQL versions x filesystems, Super
# Smack OS x disk write cache): the statements within each split value and
# across them, against the figures worked out by hand below; the TSV's
# split column; bars coloured per split value; the page's legend, table
# and note; refusals.
. "$TOP/tests/lib.sh"
need sqlite3 xmllint
S=$TOP/sample-data
export SOURCE_DATE_EPOCH=1700000000

# row CMP KIND SUBJECT SPLIT [TEST]: "ratio reference" of the matching row
row() {
	awk -F'\t' -v c="$1" -v k="$2" -v s="$3" -v p="$4" -v t="${5:-}" \
		'$1 == c && $4 == k && $5 == s && $13 == p && (t == "" || $2 == t) { print $6, $7 }' "$T/s.tsv"
}
# near A EXPR: A and the awk expression EXPR agree to 1e-9
near() { awk -v a="$1" "BEGIN { d = a - ($2); exit !(d < 1e-9 && d > -1e-9) }"; }

bs import "$S/mysql-versions-filesystems.tsv" "$S/supersmack-os-write-cache.tsv" > /dev/null
bs compare mysql --suite mysql-on-filesystems --by fs --split mysql,settings > /dev/null
check "compare --split: stored (exit 0)" test $? = 0
bs compare smack --suite super-smack --by os --split write_cache > /dev/null
bs summary --format tsv > "$T/s.tsv"
bs summary > "$T/s.txt"

check "the Super Smack test is named for the UPDATE it ran (update-balance)" \
	test "$(bs list tests --suite super-smack --format tsv | cut -f2 | tail -n +2)" = update-balance
check "the TSV's last column is split" test "$(head -1 "$T/s.tsv" | cut -f13)" = split

# ---- Super Smack: 516.1, 49.8 (cache on); 50 (5 clients), 28 (cache off) ----
set -- $(row smack faster "FreeBSD 6.1" enabled)
check "on enabled: FreeBSD 6.1 is 516.1/49.8 = 10.3635x faster than Debian 3.1 ($*)" \
	test "$(near "${1:-0}" "516.1 / 49.8" && echo "$2 $3")" = "Debian 3.1"
check "negative control: that row is not the across figure 516.1/50" \
	test "$(near "${1:-0}" "516.1 / 50" || echo differs)" = differs
set -- $(row smack faster "FreeBSD 6.1" disabled)
check "on disabled: FreeBSD 6.1 is 50/28 = 1.7857x faster than Debian 3.1 ($*)" near "${1:-0}" "50 / 28"
set -- $(row smack faster "FreeBSD 6.1 / enabled" '*')
check "across, on FreeBSD 6.1: enabled is 516.1/50 = 10.322x faster than disabled ($*)" \
	test "$(near "${1:-0}" "516.1 / 50" && echo "$2 $3 $4 $5")" = "FreeBSD 6.1 / disabled"
set -- $(row smack faster "Debian 3.1 / enabled" '*')
check "across, on Debian 3.1: enabled is 49.8/28 = 1.7786x faster ($*)" near "${1:-0}" "49.8 / 28"
check "the comparison's own rows have an empty split column (the outlier FreeBSD 6.1 / enabled, 516.1 vs 42.6 mean)" \
	near "$(row smack outlier "FreeBSD 6.1 / enabled" "" | cut -d' ' -f1)" "516.1 / ((49.8 + 50 + 28) / 3)"
check "the sentence says it: on enabled ... 10.4x" \
	grep -q "On enabled: FreeBSD 6.1 is 10.4x faster than Debian 3.1 (516/s vs 49.8/s" "$T/s.txt"
check "the 5 clients of one run are said, not compared silently (the page's systems table shows them: systems.test.sh)" \
	grep -q "(The groups also differ in clients.)" "$T/s.txt"

# ---- MySQL on filesystems -------------------------------------------------
# restore, 4.1.10 tuned: ext3 1130.1, reiserfs 847.5, xfs 770.1: ext3 is an
# outlier, 1130.1 / ((847.5 + 770.1) / 2) = 1.3973x slower; xfs is best
set -- $(row mysql slower ext3 "4.1.10 tuned" restore)
check "restore on 4.1.10 tuned: ext3 is 1130.1/808.8 = 1.3973x slower than the others ($*)" \
	test "$(near "${1:-0}" "1130.1 / ((847.5 + 770.1) / 2)" && echo "$2")" = others
check "restore on 4.1.10 tuned: best xfs" test "$(row mysql best xfs "4.1.10 tuned" restore | cut -d' ' -f1)" = 1
check "negative control: on 3.23.51 default (two groups) no 'than the others'" \
	test -z "$(row mysql slower ext3 "3.23.51 default" restore | grep others)"
# across, on xfs: 3.23.51 default 726.739, 4.1.10 default 902.997, tuned 770.1
set -- $(row mysql vs-best "xfs / 4.1.10 / tuned" '*' restore)
check "restore on xfs: 4.1.10 tuned is 770.1/726.739 = 1.0597x the best ($*)" \
	near "${1:-0}" "770.1 / 726.739"
set -- $(row mysql spread "xfs / 4.1.10 / default" '*' restore)
check "restore on xfs: 4.1.10 default to 3.23.51 default, 902.997/726.739 = 1.2425x apart ($*)" \
	near "${1:-0}" "902.997 / 726.739"
# sysbench on 4.1.10 tuned: reiserfs 3457.4 best, xfs 3415, ext3 1740.5
check "sysbench rw/s on 4.1.10 tuned: best reiserfs" \
	test "$(row mysql best reiserfs "4.1.10 tuned" sysbench-oltp | cut -d' ' -f1)" = 1
check "a split value that did not run a test says nothing of it (4.1.10 default, sysbench)" \
	sh -c '! grep -q "On 4.1.10 default: Not compared" "$1"' _ "$T/s.txt"
check "the split value joins its keys with a space: 'On 4.1.10 tuned'" \
	grep -q "    On 4.1.10 tuned: ext3 is 1.4x slower than the other 2 (1130 s vs 809 s mean)" "$T/s.txt"

# ---- the page -----------------------------------------------------------------
bs render --out "$T/site" > /dev/null 2>&1
page=$(ls "$T/site"/comparison-mysql-*.html)
check "the page has a legend, a swatch per split value (3)" \
	test "$(grep -o 'class="swatch c[0-9]"' "$page" | sort -u | wc -l)" = 3
check "and a table of filesystems x setups" \
	grep -q "<th>fs \\\\ mysql,settings</th>" "$page"
xhead() { xmllint --html --xpath "normalize-space($2)" "$1" 2>/dev/null; }
smack=$(ls "$T/site"/comparison-smack-*.html)
check "a two-factor page says its groups share both factors: os and write_cache" \
	grep -q "A group is the runs that share their os and write_cache:" "$smack"
check "and with several keys: fs, mysql and settings" \
	grep -q "A group is the runs that share their fs, mysql and settings:" "$page"
check "the table's columns are the split values" test \
	"$(xhead "$page" '(//table[caption])[1]/thead/tr/th[2]') / $(xhead "$page" '(//table[caption])[1]/thead/tr/th[4]')" = "3.23.51 default / 4.1.10 tuned"
check "its rows the --by values, in natural order" test \
	"$(xhead "$page" '(//table[caption])[1]/tbody/tr[1]/th') $(xhead "$page" '(//table[caption])[1]/tbody/tr[3]/th')" = "ext3 xfs"
svg=$(ls "$T/site"/chart-mysql-restore-time-all-*.svg | grep -v -- -narrow)
check "a chart's 9 bars take 3 colours, one per split value (and its legend a swatch of each)" \
	test "$(grep -o 'fill="#\(0072b2\|e69f00\|009e73\)"' "$svg" | sort | uniq -c | awk '{ print $1 }' | tr '\n' ' ')" = "4 4 4 "
bs compare nosplit --suite mysql-on-filesystems --by fs,mysql,settings > /dev/null 2>&1 ||
	bs compare nosplit --suite mysql-on-filesystems --by label > /dev/null
bs compare smackos --suite super-smack --by os > /dev/null
bs render --out "$T/site2" > /dev/null 2>&1
svg2=$(ls "$T/site2"/chart-nosplit-restore-time-all-*.svg | grep -v -- -narrow)
check "negative control: without --split the same 9 bars take a colour each (8 in the palette)" \
	test "$(grep -o 'fill="#[0-9a-f]*"' "$svg2" | sort -u | wc -l)" -gt 8
check "negative control: a one-factor page names its one key ('share their os:')" \
	grep -q "A group is the runs that share their os:" "$(ls "$T/site2"/comparison-smackos-*.html)"

# ---- refusals -------------------------------------------------------------------
check "--split label: stored, as docs/analysis.md says (meaningful.test.sh checks it)" \
	test "$(st bs compare bylabel --suite super-smack --by os --split label)" = 0
check "--split of no attribute name: exit 2" test "$(st bs compare x --suite super-smack --by os --split 'a b')" = 2
check "--split a key no run has: exit 1" test "$(st bs compare x --suite super-smack --by os --split nope)" = 1
check "--split the --by key: exit 1" test "$(st bs compare x --suite super-smack --by os --split os)" = 1
check "and none was stored" test "$(sqlite3 "$T/db" "select count(*) from comparison where name = 'x'")" = 0
