# order.test.sh: a comparison's groups in natural order by default
# (3.23.51 < 4.1.10 < 10.11; ext2 < ext10), --order value and --order
# G1,G2; --metrics and --tests choose what a page shows.  The runs are
# imported in an order that is none of those, so load order (what groups
# followed before) is the negative control.
. "$TOP/tests/lib.sh"
need sqlite3 xmllint
export SOURCE_DATE_EPOCH=1700000000

# groups NAME: the comparison's groups in its order (the geomean rows)
groups() { bs summary "$1" --format tsv | awk -F'\t' '$4 == "geomean" { printf "%s ", $5 }'; }

{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tmysql\tfs\n'
	printf '1\ta\tdb\trestore\ttime\t1167\ts\tlower\tok\t10.11\text10\n'
	printf '2\tb\tdb\trestore\ttime\t898\ts\tlower\tok\t4.1.10\text2\n'
	printf '3\tc\tdb\trestore\ttime\t900\ts\tlower\tok\t3.23.51\text3\n'
	printf '1\ta\tdb\trestore\tcpu\t5\ts\tlower\tok\t10.11\text10\n'
	printf '2\tb\tdb\trestore\tcpu\t6\ts\tlower\tok\t4.1.10\text2\n'
	printf '3\tc\tdb\trestore\tcpu\t9\ts\tlower\tok\t3.23.51\text3\n'
	printf '1\ta\tdb\tload\ttime\t10\ts\tlower\tok\t10.11\text10\n'
	printf '2\tb\tdb\tload\ttime\t20\ts\tlower\tok\t4.1.10\text2\n'
	printf '3\tc\tdb\tload\ttime\t30\ts\tlower\tok\t3.23.51\text3\n'
} > "$T/v.tsv"
bs import "$T/v.tsv" > /dev/null

bs compare v --by mysql > /dev/null
check "versions in natural order: 3.23.51 < 4.1.10 < 10.11" \
	test "$(groups v)" = "3.23.51 4.1.10 10.11 "
check "negative control: not the load order (10.11 first) nor byte order" \
	test "$(groups v)" != "10.11 4.1.10 3.23.51 " -a "$(groups v)" != "10.11 3.23.51 4.1.10 "
bs compare f --by fs > /dev/null
check "numbered names in natural order: ext2 < ext3 < ext10" \
	test "$(groups f)" = "ext2 ext3 ext10 "
bs compare f --by fs --order value > /dev/null
# geometric means of the ratios to the best: ext10 (1.3, 1, 1) 1.09,
# ext2 (1, 1.2, 2) 1.34, ext3 (1.002, 1.8, 3) 1.75
check "--order value: ranked by the figures, best first (ext10 ext2 ext3)" \
	test "$(groups f)" = "ext10 ext2 ext3 "
bs compare f --by fs --order ext3,ext10 > /dev/null
check "--order G1,G2: those first, the rest after" \
	test "$(groups f)" = "ext3 ext10 ext2 "
bs render --out "$T/site" > /dev/null 2>&1
page=$(ls "$T/site"/comparison-f-*.html | head -1)
heads=$(for i in 1 2 3; do printf "%s " "$(xmllint --html --xpath "normalize-space((//tbody)[1]/tr[$i]/th)" "$page" 2>/dev/null)"; done)
check "the page's results table has the same order ($heads)" test "$heads" = "ext3 ext10 ext2 "

# ---- --metrics and --tests --------------------------------------------------
bs compare m --by fs --metrics cpu > /dev/null
check "--metrics cpu: the page shows that metric alone" test \
	"$(bs summary m --format tsv | tail -n +2 | cut -f3 | grep -v '^$' | sort -u)" = cpu
bs compare t --by fs --tests load > /dev/null
check "--tests load: that test alone" test \
	"$(bs summary t --format tsv | tail -n +2 | cut -f2 | grep -v '^$' | sort -u)" = load
check "negative control: without them, both metrics and both tests" test \
	"$(bs summary f --format tsv | tail -n +2 | cut -f2,3 | grep -v '^	$' | sort -u | wc -l)" = 3
bs compare m2 --by fs --metrics time,nope 2> "$T/err"
check "a metric the suite lacks is refused (exit 1), naming it and the suite's" \
	sh -c 'test "$1" = 1 && grep -q "suite .db. has no metric .nope. (it has time, cpu)" "$2"' _ "$?" "$T/err"
check "a test the suite lacks is refused" test "$(st bs compare t2 --by fs --tests nope)" = 1
check "and neither was stored" test "$(sqlite3 "$T/db" "select count(*) from comparison where name in ('m2', 't2')")" = 0
check "--order without a value: exit 2" test "$(st bs compare x --by fs --order '')" = 2
