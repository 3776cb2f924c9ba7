# meaningful.test.sh: comparisons that cannot mean anything are refused,
# and those that can are not (docs/usage.md, compare): a --by key no selected
# run has (a typo) is refused as an empty --where is; --by label,fs and
# --split label work; a default comparison keeps a run that lacks an
# attribute it added, and every message names the attribute missing, not
# the whole grouping; mixed values that hold commas can be told apart.
. "$TOP/tests/lib.sh"
need sqlite3
export SOURCE_DATE_EPOCH=1700000000

stored() { sqlite3 "$T/db" "select count(*) from comparison where name = '$1'"; }
# tsv [NAME]: summary --format tsv
tsv() { bs summary --format tsv ${1:+"$1"}; }
# groups NAME: the comparison's groups (its geomean rows), in its order
groups() { tsv "$1" | awk -F'\t' '$4 == "geomean" { printf "%s|", $5 }'; }

{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tfs\tmount\n'
	printf '1\tfileio\tsysbench\trndrw\treads\t6000\t1/s\thigher\tok\text4\trw,relatime\n'
	printf '2\tfileio\tsysbench\trndrw\treads\t6100\t1/s\thigher\tok\text4\trw,relatime\n'
	printf '3\tfileio\tsysbench\trndrw\treads\t2000\t1/s\thigher\tok\txfs\trw,relatime\n'
	printf '4\tfileio\tsysbench\trndrw\treads\t2100\t1/s\thigher\tok\txfs\trw,relatime\n'
	printf '5\tfileio\tsysbench\trndrw\treads\t4000\t1/s\thigher\tok\t\t\n'
} > "$T/a.tsv"
bs import "$T/a.tsv" > /dev/null

# ---- the default comparison keeps the run without fs --------------------
check "the default comparison groups by fs: ext4, xfs, and run 5 by its label (was left out)" \
	test "$(groups sysbench)" = "ext4|fileio|xfs|"
bs summary sysbench > "$T/d.txt"
check "the note names the missing attribute (fs), not the grouping" \
	sh -c 'grep -q "1 run has no fs attribute" "$1" && ! grep -q "no label,fs" "$1"' _ "$T/d.txt"
check "and nothing is said to be left out" sh -c '! grep -q "left out" "$1"' _ "$T/d.txt"

# ---- a --by key no selected run has ---------------------------------------
bs compare typo --by filesystem > /dev/null 2> "$T/err"
check "compare --by filesystem (a typo): exit 1 (was 0, an empty page)" test $? = 1
check "the message names the key and the ones the runs have" \
	sh -c 'grep -q "filesystem" "$1" && grep -q "fs" "$1"' _ "$T/err"
check "and nothing was stored" test "$(stored typo)" = 0
check "--by fs,filesystem: exit 1" test "$(st bs compare typo2 --by fs,filesystem)" = 1
check "--by of no attribute name: exit 2" test "$(st bs compare typo3 --by 'f s')" = 2
check "--by fs,,mount: exit 2" test "$(st bs compare typo4 --by 'fs,,mount')" = 2

# ---- --by label,fs ----------------------------------------------------------
check "--by label,fs: stored (exit 0; was refused)" test "$(st bs compare lf --by label,fs)" = 0
check "its groups are label / fs" test "$(groups lf)" = "fileio / ext4|fileio / xfs|"
bs summary lf > "$T/lf.txt"
check "the run without fs is left out, and the message names fs alone" \
	grep -q "1 run is left out: it has no fs attribute" "$T/lf.txt"
check "negative control: not 'no label,fs attribute'" sh -c '! grep -q "label,fs attribute" "$1"' _ "$T/lf.txt"

# ---- --split label ----------------------------------------------------------
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tfs\n'
	printf '11\tbefore\tfio\trand\tiops\t100\t1/s\thigher\tok\text4\n'
	printf '12\tafter\tfio\trand\tiops\t150\t1/s\thigher\tok\text4\n'
	printf '13\tbefore\tfio\trand\tiops\t80\t1/s\thigher\tok\txfs\n'
	printf '14\tafter\tfio\trand\tiops\t90\t1/s\thigher\tok\txfs\n'
} > "$T/s.tsv"
bs import "$T/s.tsv" > /dev/null
check "--split label: stored (exit 0; was exit 2)" \
	test "$(st bs compare sl --suite fio --by fs --split label)" = 0
tsv sl > "$T/sl.tsv"
check "its groups are fs / label" \
	test "$(awk -F'\t' '$4 == "geomean" && $13 == "" { printf "%s|", $5 }' "$T/sl.tsv")" = "ext4 / after|ext4 / before|xfs / after|xfs / before|"
check "within each label: on before, ext4 is 1.25x faster than xfs" \
	test "$(awk -F'\t' '$4 == "faster" && $13 == "before" { print $5, $6, $7 }' "$T/sl.tsv")" = "ext4 1.25 xfs"
check "across, on ext4: after is 1.5x faster than before" \
	test "$(awk -F'\t' '$4 == "faster" && $13 == "*" && $5 == "ext4 / after" { print $6, $7 }' "$T/sl.tsv")" = "1.5 ext4 / before"
check "--split fs --by fs: exit 1" test "$(st bs compare x --suite fio --by fs --split fs)" = 1
check "--split label --by label,fs: exit 1" test "$(st bs compare x --suite fio --by label,fs --split label)" = 1

# ---- mixed values holding commas ------------------------------------------
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tmount\n'
	printf '21\tvm\tbonnie\tseq\tkps\t100\tKiB/s\thigher\tok\trw,noatime\n'
	printf '22\tvm\tbonnie\tseq\tkps\t110\tKiB/s\thigher\tok\trw,relatime\n'
	printf '23\tbox\tbonnie\tseq\tkps\t200\tKiB/s\thigher\tok\trw,relatime\n'
} > "$T/m.tsv"
bs import "$T/m.tsv" > /dev/null
bs compare mixed --suite bonnie --by label > /dev/null
# (the field holds quotes, so it is quoted as every TSV field benchsite
# writes: each quote doubled, core/quote.h)
check "the TSV's mixed row tells the two mount values apart (\"rw,noatime\",\"rw,relatime\")" \
	test "$(tsv mixed | awk -F'\t' '$4 == "mixed" { print $5 "|" $7 "|" $8 }')" = 'vm|mount|"""rw,noatime"",""rw,relatime"""'
check "the summary says the same" \
	sh -c '"$1" --db "$2" summary mixed | grep -qF "Mixed: the runs of vm differ in mount (\"rw,noatime\",\"rw,relatime\")"' _ "$BIN" "$T/db"
bs compare mixfs --suite sysbench --by label > /dev/null
check "values without a comma stay plain: fs (ext4,xfs)" \
	test "$(tsv mixfs | awk -F'\t' '$4 == "mixed" && $7 == "fs" { print $8 }')" = "ext4,xfs"
bs render --out "$T/site" > /dev/null 2>&1
check "the page says the same" \
	grep -qF 'differ in mount ("rw,noatime","rw,relatime")' "$T"/site/comparison-mixed-*.html

# ---- a split's runs that lack the split key are blamed on it, not on --by
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tfs\tver\n'
	printf '31\ta\tsplit\tt\ttime\t10\ts\tlower\tok\text4\t1\n'
	printf '32\tb\tsplit\tt\ttime\t12\ts\tlower\tok\text4\t2\n'
	printf '33\tc\tsplit\tt\ttime\t11\ts\tlower\tok\txfs\t1\n'
	printf '34\td\tsplit\tt\ttime\t13\ts\tlower\tok\txfs\t\n'
	printf '35\te\tsplit\tt\ttime\t14\ts\tlower\tok\txfs\t\n'
} > "$T/s.tsv"
bs import "$T/s.tsv" > /dev/null
bs compare fsver --suite split --by fs --split ver > /dev/null
bs summary fsver > "$T/s.txt"
check "--by fs --split ver: the two runs without ver are said to lack ver, not fs" \
	sh -c 'grep -qF "2 runs are left out: they have no ver attribute" "$1" && ! grep -q "no fs" "$1"' _ "$T/s.txt"
printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tver\n36\tf\tsplit\tt\ttime\t15\ts\tlower\tok\t1\n' > "$T/s2.tsv"
bs import "$T/s2.tsv" > /dev/null
bs summary fsver > "$T/s.txt"
check "and a run without fs beside them: each key with its own count" \
	grep -qF "they have no fs (1 run) or ver (2 runs) attribute" "$T/s.txt"
