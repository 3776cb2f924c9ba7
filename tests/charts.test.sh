# charts.test.sh: charts say only what is true of them.
#  a. "(outlier)" on a bar only where the group is an outlier of that chart,
#     not of the comparison (the seed's connect chart);
#  b. no silent cap: a comparison of 2,000 groups draws 256 of them, says
#     "256 of 2000 groups shown", and keeps the best, the chart's outliers
#     and the groups the statements name;
#  c. tick and bar texts readable at every magnitude (1e35, 1e-9, negative
#     and mixed figures), on constructed stores and on the corpus;
#  d. a test where no group has a measured figure gets no chart, and one
#     line saying why, on the test page and in the comparison's thumbnails.
# Each with a negative control: the old output fails the same check.
. "$TOP/tests/lib.sh"
need sqlite3

# texts SVG: the SVG's texts, one a line
texts() { grep -o '<text[^>]*>[^<]*' "$1" | sed 's/<text[^>]*>//'; }
# bar_text SVG LABEL: the text after LABEL's label (its value text)
bar_text() { texts "$1" | awk -v l="$2" 'p { print; exit } $0 == l { p = 1 }'; }
# chart SITE TEST VIEW: the SVG of TEST's chart (view all or without)
chart() { ls "$1"/chart-*-"$2"-*.svg 2>/dev/null | grep -v -- '-narrow\.svg$' | grep -e "-$3" | head -1; }

# --- a. per-chart outliers, on the seed table --------------------------------
bs import "$TOP/sample-data/sqlbench-filesystems-2008.csv" > /dev/null
bs render --out "$T/sq" > /dev/null
page=$(ls "$T"/sq/comparison-*.html)
connect=$(ls "$T"/sq/chart-sql-bench-connect-total-time-all-*[0-9a-f].svg)
atis=$(ls "$T"/sq/chart-sql-bench-atis-total-time-all-*[0-9a-f].svg)
# the control: jfs_defaults and xfs_defaults are the comparison's outliers
# (the old rule marked them in every chart)
check "control: jfs_defaults and xfs_defaults are the comparison's outliers" \
	grep -q '<figcaption>with jfs_defaults and xfs_defaults</figcaption>' "$page"
check "connect: jfs_defaults reads '464 s', not '464 s  (outlier)' ($(bar_text "$connect" jfs_defaults))" \
	test "$(bar_text "$connect" jfs_defaults)" = "464 s"
check "connect: no bar says outlier (476 s is 1.03x the median)" \
	sh -c '! grep -q "(outlier)" "$1"' _ "$connect"
check "ATIS: jfs_defaults and xfs_defaults are outliers of this chart" \
	test "$(bar_text "$atis" jfs_defaults)|$(bar_text "$atis" xfs_defaults)" = \
	"268 s  (outlier)|198 s  (outlier)"
# the "without" view still leaves out the comparison's outliers everywhere
n=0 bad=0
for f in "$T"/sq/chart-sql-bench-*-w*.svg; do
	case $f in *-narrow.svg) continue ;; esac	# its phone layout
	n=$((n + 1))
	texts "$f" | grep -q -x -e jfs_defaults -e xfs_defaults && bad=$((bad + 1))
done
check "every 'without' chart ($n) leaves out jfs_defaults and xfs_defaults" \
	test $n = 8 -a $bad = 0

# --- b. 2,000 groups ---------------------------------------------------------
# test t: the best (g2000, 500 s) is the last group, g1500 (20000 s) an
# outlier; test u: 22 groups tie for best (1912 s)
rm -f "$T/db"*
awk 'BEGIN { print "label,test,metric,value,unit,better"
	for (i = 1; i <= 2000; i++) {
		v = 1000 + i % 97
		if (i == 2000) v = 500
		if (i == 1500) v = 20000
		printf "g%04d,t,time,%d,s,lower\n", i, v
		printf "g%04d,u,time,%d,s,lower\n", i, 2000 - i % 89
	} }' > "$T/big.csv"
bs import "$T/big.csv" > /dev/null
bs render --out "$T/big" > /dev/null
check "render of 2,000 groups exits 0" test $? = 0
t_all=$(chart "$T/big" t-time all)
u_all=$(chart "$T/big" u-time all)
t_wo=$(chart "$T/big" t-time without)
bars() { texts "$1" | grep -c '^g[0-9][0-9][0-9][0-9]$'; }
check "control: the best group is not among the first 256 (the old cut)" \
	sh -c '! head -n 513 "$1" | grep -q "^g2000,"' _ "$T/big.csv"
check "chart t draws 256 bars ($(bars "$t_all"))" test "$(bars "$t_all")" = 256
check "chart t says '256 of 2000 groups shown'" \
	sh -c 'texts() { grep -o "<text[^>]*>[^<]*" "$1" | sed "s/<text[^>]*>//"; }
		texts "$1" | grep -q "^256 of 2000 groups shown: the best"' _ "$t_all"
check "chart t keeps the best, g2000 ($(bar_text "$t_all" g2000))" \
	test "$(bar_text "$t_all" g2000)" = "500 s  (best)  (outlier)"
check "chart t keeps its outlier g1500 ($(bar_text "$t_all" g1500))" \
	test "$(bar_text "$t_all" g1500)" = "20,000 s  (outlier)"
lo=$(awk -F, 'NR > 1 && $2 == "t" && $1 != "g2000" && $1 != "g1500" { print $4 }' "$T/big.csv" | sort -n | head -1)
hi=$(awk -F, 'NR > 1 && $2 == "t" && $1 != "g2000" && $1 != "g1500" { print $4 }' "$T/big.csv" | sort -n | tail -1)
check "chart t spreads the rest from the lowest ($lo s) to the highest ($hi s)" \
	sh -c 'grep -q ">$1 s<" "$3" && grep -q ">$2 s<" "$3"' _ "$lo" "$hi" "$t_all"
ties=$(awk -F, 'NR > 1 && $2 == "u" && $4 == 1912' "$T/big.csv" | wc -l)
check "chart u keeps all $ties groups that tie for best ($(grep -o '1912 s  (best)' "$u_all" | wc -l))" \
	test "$(grep -o '1912 s  (best)' "$u_all" | wc -l)" = "$ties" -a "$ties" -gt 1
check "the 'without' view counts what it holds: 256 of 1998" \
	grep -q '256 of 1998 groups shown' "$t_wo"
check "a note claims only what the chart holds: no best bar, no 'the best' (t without g2000)" \
	sh -c '! grep -q "(best)" "$1" && ! grep -q "groups shown: the best" "$1" &&
		grep -q "(outlier)" "$2" && grep -q "groups shown: the best, the outliers," "$2"' _ "$t_wo" "$t_all"
check "the page's captions say it too" \
	test "$(grep -c -o '<figcaption>[^<]*256 of 2000 groups shown' "$T"/big/comparison-*.html)" -ge 2
# up to 256 groups every one is drawn, with no note
rm -f "$T/db"*
awk 'BEGIN { print "label,test,metric,value,unit,better"
	for (i = 1; i <= 256; i++) printf "h%03d,t,time,%d,s,lower\n", i, 100 + i }' > "$T/256.csv"
bs import "$T/256.csv" > /dev/null
bs render --out "$T/256" > /dev/null
f=$(chart "$T/256" t-time all)
check "256 groups: all 256 drawn, no 'groups shown' note" \
	sh -c 'test "$(grep -o ">h[0-9]*<" "$1" | wc -l)" = 256 && ! grep -q "groups shown" "$1"' _ "$f"

# --- c. magnitudes -----------------------------------------------------------
# tick_faults SVG: a tick text longer than 8 characters or with a run of 8
# digits; two ticks that read the same.  The ticks are the texts between
# the title (and note) and the axis caption.
tick_faults() {
	texts "$1" | awk '/, (higher|lower) is better$/ { exit }
		NR > 1 && !/groups shown/ { print }' > "$T/ticks"
	grep -E '.{9}|[0-9]{8}' "$T/ticks" | sed 's/^/long tick: /'
	sort "$T/ticks" | uniq -d | sed 's/^/tick twice: /'
	[ -s "$T/ticks" ] || echo "no ticks"
}
printf 'control\n0\n4999999999999999843168305395898\n9999999999999999686336610791797\nv, higher is better\n' |
	sed 's/.*/<text x="0">&<\/text>/' > "$T/old-big.svg"
printf 'control\n0\n0\n0\n0\nv, lower is better\n' |
	sed 's/.*/<text x="0">&<\/text>/' > "$T/old-tiny.svg"
check "control: the old 1e35 ticks are found too long" \
	test "$(tick_faults "$T/old-big.svg" | grep -c 'long tick')" = 2
check "control: the old 1e-9 ticks are found to read the same" \
	test -n "$(tick_faults "$T/old-tiny.svg" | grep 'tick twice: 0')"
rm -f "$T/db"*
cat > "$T/mag.csv" <<'EOF'
label,test,metric,value,better
a,huge,v,1e35,higher
b,huge,v,5e34,higher
c,huge,v,2.5e34,higher
a,tiny,v,1e-9,lower
b,tiny,v,2.5e-9,lower
c,tiny,v,7e-10,lower
a,mixed,v,-5,higher
b,mixed,v,3,higher
c,mixed,v,1,higher
a,negative,v,-20,higher
b,negative,v,-10,higher
c,negative,v,-15,higher
EOF
bs import "$T/mag.csv" > /dev/null
bs render --out "$T/mag" > /dev/null
for t in huge tiny mixed negative; do
	f=$(chart "$T/mag" "$t-v" all)
	faults=$(tick_faults "$f")
	check "$t: ticks short and distinct ($(tick_faults "$f" >/dev/null; tr '\n' ' ' < "$T/ticks"))" \
		test -z "$faults"
done
f=$(chart "$T/mag" huge-v all)
check "huge: bars read 1e35, 5e34, 2.5e34, no 31-digit figure" \
	test "$(bar_text "$f" a)|$(bar_text "$f" b)|$(bar_text "$f" c)" = "1e35  (best)|5e34|2.5e34"
f=$(chart "$T/mag" tiny-v all)
check "tiny: bars read 1e-9, 2.5e-9 (2.5x the median: an outlier), 7e-10" \
	test "$(bar_text "$f" a)|$(bar_text "$f" b)|$(bar_text "$f" c)" = "1e-9|2.5e-9  (outlier)|7e-10  (best)"
f=$(chart "$T/mag" mixed-v all)
# the -5 bar: a rect ending where 0 is, 5/3 as long as the 3 bar
check "mixed: the -5 bar runs left from 0, 5/3 the length of the 3 bar" \
	sh -c 'grep -o "<rect x=\"[0-9.]*\" y=\"[0-9.]*\" width=\"[0-9.]*\"" "$1" | tail -n 3 |
		sed "s/[^0-9. ]//g" | awk "{ x[NR] = \$1; w[NR] = \$3 }
		END { exit !(x[1] + w[1] - x[2] < 0.02 && x[1] + w[1] - x[2] > -0.02 &&
			w[1] / w[2] > 1.66 && w[1] / w[2] < 1.67) }"' _ "$f"
check "mixed: ticks run from -6 to 4 through 0" \
	test "$(tick_faults "$f" >/dev/null; tr '\n' ' ' < "$T/ticks")" = "-6 -4 -2 0 2 4 "
# real inputs: every chart of the bonnie++ and sysbench 1.0 corpus sites and
# of sample-data
for src in "$TOP/sample-data" "$CORPUS/bonnie" "$CORPUS/sysbench-1.0"; do
	[ -d "$src" ] || { skip "ticks of $(basename "$src")" "not found"; continue; }
	rm -rf "$T/db"* "$T/real"
	bs import "$src" > /dev/null 2>&1
	bs render --out "$T/real" > /dev/null 2>&1
	n=0 bad=0
	for f in "$T"/real/chart-*.svg; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		e=$(tick_faults "$f")
		[ -z "$e" ] || { bad=$((bad + 1)); echo "# $(basename "$f"): $e" | head -2; }
		texts "$f" | grep -q -E '[0-9]{9}' && { bad=$((bad + 1)); echo "# $(basename "$f"): a 9-digit figure"; }
	done
	check "$(basename "$src"): all $n charts have short, distinct ticks and figures" \
		test $bad = 0 -a $n -gt 0
done

# --- d. no measured figure, no chart ------------------------------------------
rm -rf "$T/db"* "$T/bon"
bs import "$TOP/sample-data/bonnie-tmpfs.txt" "$TOP/sample-data/bonnie-ext4-disk.txt" \
	"$TOP/sample-data/bonnie-xfs-loop.txt" > /dev/null
bs render --out "$T/bon" > /dev/null
# seeks rate: +++++ for tmpfs, ext4 and xfs alike
want="No chart: every group was too fast for bonnie++ to measure."
tp=$(ls "$T"/bon/test-bonnie-seeks-rate-*.html)
check "seeks rate: every cell too fast in the store (control: the old chart's premise)" \
	test "$(sqlite3 "$T/db" "select group_concat(distinct status) from result where test = 'seeks' and metric = 'rate'")" = too-fast
check "seeks rate: its test page says '$want'" \
	grep -q "<p class=\"nochart\">$want</p>" "$tp"
check "seeks rate: no chart file and no image of one" \
	sh -c '! ls "$1"/chart-bonnie-seeks-rate-* >/dev/null 2>&1 && ! grep -q "chart-bonnie-seeks-rate" "$1"/*.html' _ "$T/bon"
cmp_page=$(ls "$T"/bon/comparison-*.html)
nfast=$(sqlite3 "$T/db" "select count(*) from (select test, metric from result
	group by test, metric having sum(status != 'too-fast') = 0)")
check "the comparison page says it where the thumbnail was ($nfast tests)" \
	test "$(grep -A1 '<div class="thumbs">' "$cmp_page" | grep -c "<p class=\"nochart\">$want</p>")" = "$nfast" -a "$nfast" -gt 10
# no chart anywhere whose bars all lack a figure (the old 0-to-1 axis)
empty=0
for f in "$T"/bon/chart-*.svg; do
	grep -q '<rect x=' "$f" || { empty=$((empty + 1)); echo "# $(basename "$f") has no bar"; }
done
check "no chart without a bar is drawn" test $empty = 0
printf '<svg><rect width="100%%"/><text>a</text><text>too fast to measure</text></svg>\n' > "$T/old.svg"
check "control: the old chart of too-fast bars has no bar rect" \
	sh -c '! grep -q "<rect x=" "$1"' _ "$T/old.svg"
# constructed: mixed statuses; a view left with no measured group; the
# index thumbnail taken from the first column with a chart
rm -rf "$T/db"* "$T/st"
{
	echo 'label,test,metric,value,unit,better,status'
	echo 'a,mix,rate,,KiB/s,higher,too-fast'
	echo 'b,mix,rate,,KiB/s,higher,failed'
	echo 'c,mix,rate,,KiB/s,higher,failed'
	echo 'd,mix,rate,,KiB/s,higher,failed'
	echo 'e,mix,rate,,KiB/s,higher,failed'
	for g in a b c d; do
		echo "$g,t1,time,1,s,lower,ok"
		echo "$g,t2,time,,s,lower,too-fast"
	done
	echo 'e,t1,time,100,s,lower,ok'
	echo 'e,t2,time,5,s,lower,ok'
} > "$T/st.csv"
bs import "$T/st.csv" > /dev/null
bs render --out "$T/st" > /dev/null
p=$(ls "$T"/st/comparison-*.html)
check "mixed statuses: 'no group has a measured figure (1 too fast, 4 failed)'" \
	grep -q '<p class="nochart">No chart: no group has a measured figure (1 too fast, 4 failed).</p>' "$p"
check "a 'without' view with no measured group says so, the 'with' view is drawn" \
	sh -c 'grep -q "<p class=\"nochart\">No chart without e: every other group was too fast to measure.</p>" "$1" &&
		ls "$2"/chart-table-t2-time-all-*.svg >/dev/null' _ "$p" "$T/st"
thumb=$(grep -o '<img src="[^"]*"' "$T/st/index.html" | sed 's/.*src="//; s/"//')
check "the index thumbnail is a chart that exists ($thumb)" \
	test -n "$thumb" -a -f "$T/st/$thumb"
