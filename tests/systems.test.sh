# systems.test.sh: every comparison page says what else differs between
# its groups (docs/analysis.md, Like with like): a table with a column per group and a row
# per attribute, the differing attributes first (the benchmark's settings
# and tool version, then the machine, then what follows from grouping by
# fs), facts not recorded left blank, the attributes the same in every
# group after them; a sentence in the notes (and in summary) when groups
# differ in something besides the grouping.  The two-factor page's long
# paragraph is this table now.
. "$TOP/tests/lib.sh"
need xmllint
export SOURCE_DATE_EPOCH=1700000000

# x PAGE XPATH: the normalized text XPATH selects
x() { xmllint --html --xpath "normalize-space($2)" "$1" 2>/dev/null; }
# rowheads PAGE: the systems table's row heads, in order, "|"-separated
rowheads() {
	xmllint --html --xpath '//table[@class="systems"]/tbody/tr/th[not(@class)]' "$1" 2>/dev/null |
		sed 's/<\/th>/|/g; s/<th>//g' | tr -d '\n'
}
# cellof PAGE KEY N: the text of column N (1: the first group) of KEY's row
cellof() { x "$1" "//table[@class='systems']/tbody/tr[th='$2']/td[$3]"; }

# jfs and reiserfs ran on another host with sysbench 0.4 (what the table
# must show); btrfs's runs were mounted two ways; xfs recorded no cpu_model
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tfs\ttool_version\thost\tthreads\tkernel\tdevice\tmount\tcpu_model\tstarted_at\n'
	printf '1\tr\tsysbench\tcpu\tevents\t100\t1/s\thigher\tok\text4\t1.0.20\talpha\t4\t6.1\t/dev/loop0\trw,relatime\tXeon\t2026-01-01T00:00:01Z\n'
	printf '2\tr\tsysbench\tcpu\tevents\t110\t1/s\thigher\tok\txfs\t1.0.20\talpha\t4\t6.1\t/dev/loop1\trw,relatime\t\t2026-01-01T00:00:02Z\n'
	printf '3\tr\tsysbench\tcpu\tevents\t90\t1/s\thigher\tok\tjfs\t0.4.12\tbeta\t4\t6.1\t/dev/loop2\trw,relatime\tXeon\t2026-01-01T00:00:03Z\n'
	printf '4\tr\tsysbench\tcpu\tevents\t95\t1/s\thigher\tok\tbtrfs\t1.0.20\talpha\t4\t6.1\t/dev/loop3\trw,noatime\tXeon\t2026-01-01T00:00:04Z\n'
	printf '5\tr\tsysbench\tcpu\tevents\t97\t1/s\thigher\tok\tbtrfs\t1.0.20\talpha\t4\t6.1\t/dev/loop3\trw,relatime\tXeon\t2026-01-01T00:00:05Z\n'
} > "$T/a.tsv"
bs import "$T/a.tsv" > /dev/null
bs compare byfs --suite sysbench --by fs > /dev/null 2>&1
bs render --out "$T/site" > /dev/null 2>&1
page=$(ls "$T"/site/comparison-byfs-*.html)

check "the page has a systems table" test -n "$(x "$page" '//h2[@id="systems"]')"
check "a column per group, in the comparison's order" \
	test "$(x "$page" '//table[@class="systems"]/thead/tr')" = "attribute btrfs ext4 jfs xfs"
# differing: tool_version (settings), host (machine), cpu_model (machine,
# xfs blank), device and mount (follow from fs); the same: kernel, threads
check "the differing attributes first: the tool version, then the machine, then what follows from fs; the same ones after" \
	test "$(rowheads "$page")" = "tool_version|cpu_model|host|device|mount|kernel|threads|"
heads=$(rowheads "$page")
check "negative control: the grouping (fs) and started_at (differs by nature) have no row" \
	test "${heads#*|fs|}" = "$heads" -a "${heads#*started_at}" = "$heads"
check "the same attributes come under one heading, one cell across the groups" \
	test "$(x "$page" "//table[@class='systems']/tbody/tr[th='kernel']/td/@colspan")" = 4
check "jfs's other tool version is in its column" test "$(cellof "$page" tool_version 3)" = "0.4.12"
check "xfs's cpu_model, not recorded, is blank" test -z "$(cellof "$page" cpu_model 4)"
check "and the table never says 'none'" \
	sh -c '! xmllint --html --xpath "//table[@class=\"systems\"]" "$1" 2>/dev/null | grep -qiw none' _ "$page"
check "btrfs's runs mounted two ways show both values, a line each" \
	test "$(xmllint --html --xpath "//table[@class='systems']/tbody/tr[th='mount']/td[1]" "$page" 2>/dev/null)" = \
	"<td>rw,noatime (1 run)<br/>rw,relatime (1 run)</td>"
check "the table scrolls in its own box" \
	test -n "$(x "$page" '//div[@class="scroll"]/table[@class="systems"]/thead/tr/th[1]')"
check "a note says what else differs, pointing to the table" \
	test "$(x "$page" '//p[@class="note"][contains(., "systems table")]')" = "The groups also differ in tool_version and host; only some of them recorded cpu_model: see the systems table."
bs summary byfs > "$T/s.txt"
check "summary says it too" \
	grep -q "(The groups also differ in tool_version and host; only some of them recorded cpu_model.)" "$T/s.txt"

# negative control: ext4 and btrfs differ only in what follows from fs
bs compare same --suite sysbench --by fs --where fs=ext4,btrfs > /dev/null 2>&1
bs render --out "$T/site" > /dev/null 2>&1
page2=$(ls "$T"/site/comparison-same-*.html)
check "groups that differ only by construction: no note" \
	test -z "$(x "$page2" '//p[@class="note"][contains(., "systems table")]')"
check "but the table still shows device and mount" \
	test "$(rowheads "$page2" | cut -d'|' -f1-2)" = "device|mount"
check "grouped by host instead, device, fs and mount are the machine's, and said" \
	sh -c '"$1" --db "$2" compare byhost --suite sysbench --by host >/dev/null 2>&1 &&
	       "$1" --db "$2" summary byhost | grep -q "also differ in tool_version, device, fs and mount"' _ "$BIN" "$T/db"

# ---- two factors: the paragraph became the table --------------------------
fresh
bs import "$TOP/sample-data/supersmack-os-write-cache.tsv" > /dev/null
bs compare smack --suite super-smack --by os --split write_cache > /dev/null 2>&1
bs render --out "$T/s2" > /dev/null 2>&1
sp=$(ls "$T"/s2/comparison-smack-*.html)
check "the two-factor page no longer has the long paragraph" \
	sh -c '! grep -q "The groups differ in clients besides" "$1"' _ "$sp"
check "its systems table shows the 5 clients of FreeBSD 6.1 / disabled among 50 (Debian's two first)" \
	test "$(x "$sp" "//table[@class='systems']/tbody/tr[th='clients']")" = "clients 50 50 5 50"
check "and the note names clients" \
	grep -q "The groups also differ in clients" "$sp"
