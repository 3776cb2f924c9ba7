# sweep.test.sh: compare --x (docs/analysis.md, "Sweeps"): a numeric
# setting is an axis, not a competitor.  Statements at each setting under
# the rules of a bar chart of that setting, each group's peak and scaling,
# where one group is ahead of another, the TSV's x column, the page; and
# 200 generated sweeps against an independent reading (tests/sweep/check.py).
. "$TOP/tests/lib.sh"

# two builds at threads 1, 2, 4, 8, three runs each (±1%): build-a flat
# from 4 threads, build-b rising; the figures by hand:
#   a: 1.30M 2.60M 5.20M 4.68M    b: 1.28M 2.56M 5.60M 11.2M
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tthreads\n'
	i=0
	for g in a:1300000:2600000:5200000:4680000 b:1280000:2560000:5600000:11200000; do
		name=build-${g%%:*} rest=${g#*:}
		for t in 1 2 4 8; do
			base=${rest%%:*} rest=${rest#*:}
			for f in 0.99 1.00 1.01; do
				i=$((i + 1))
				printf '%s\t%s\tsysbench\tmemory\toperations_per_sec\t%s\t1/s\thigher\tok\t%s\n' \
					"$i" "$name" "$(awk -v b="$base" -v f="$f" 'BEGIN { printf "%.0f", b * f }')" "$t"
			done
		done
	done
} > "$T/sweep.tsv"
bs import "$T/sweep.tsv" > /dev/null
check "compare --x threads defines a sweep" bs compare sw --by label --x threads
bs summary sw > "$T/s.txt"
bs summary --format tsv sw > "$T/s.tsv"

check "no statement compares a setting with another as a competitor (no 'build-a / 1')" \
	sh -c '! grep -q " / " "$1"' _ "$T/s.txt"
check "at each setting, the statements a bar chart of it would make" \
	grep -q "At threads=8: build-b is 2.4x faster than build-a (11,200,000/s vs 4,680,000/s, n=3 each" "$T/s.txt"
check "inside the noise at 1 thread: no significant difference" \
	grep -q "At threads=1: No significant difference between build-a" "$T/s.txt"
check "each group's peak and where it is" \
	sh -c 'grep -q "build-a peaks at threads=4 (5,200,000/s)$" "$1" &&
	       grep -q "build-b peaks at threads=8 (11,200,000/s), the largest tried" "$1"' _ "$T/s.txt"
# 11.2M / 1.28M = 8.75 over three doublings: 8.75^(1/3) = 2.06
check "scaling from the smallest to the largest setting, and per doubling" \
	grep -q "build-b goes from 1,280,000/s at threads=1 to 11,200,000/s at threads=8: 8.8x up, 2.1x up per doubling" "$T/s.txt"
check "where one is ahead, and where the test does not separate them" \
	grep -q "build-a against build-b: no significant difference at threads=1 to 2; build-b is faster at threads=4 to 8$" "$T/s.txt"
check "the headline counts the best at each setting" \
	grep -q "Overall: build-b: best at 2 of 4 points" "$T/s.txt"
check "TSV: the x column says which setting a row is about" \
	test "$(awk -F'\t' '$4 == "faster" && $5 == "build-b" { printf "%s ", $15 }' "$T/s.tsv")" = "4 8 "
check "TSV: peak rows with their setting" \
	test "$(awk -F'\t' '$4 == "peak" { printf "%s@%s ", $5, $15 }' "$T/s.tsv")" = "build-a@4 build-b@8 "
check "TSV: scaling rows with the factor and both ends" \
	test "$(awk -F'\t' '$4 == "scaling" && $5 == "build-b" { print $6, $7, $8, $9, $15 }' "$T/s.tsv")" = "8.75 1 11200000 1280000 8"

# an overtake: c is ahead at low settings, d from 4 up
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tclients\n'
	i=100
	for r in c:1:200 c:2:380 c:4:500 c:8:520 d:1:150 d:2:300 d:4:600 d:8:1100; do
		IFS=: read -r g x v <<-X
		$r
		X
		for f in 0.99 1.00 1.01; do
			i=$((i + 1))
			printf '%s\t%s\tpg\tselect\ttps\t%s\t1/s\thigher\tok\t%s\n' "$i" "$g" \
				"$(awk -v b="$v" -v f="$f" 'BEGIN { printf "%.2f", b * f }')" "$x"
		done
	done
} > "$T/over.tsv"
bs import "$T/over.tsv" > /dev/null
bs compare ov --suite pg --x clients 2> /dev/null
check "d overtakes c at clients=4" \
	sh -c '"$BIN" --db "$1" summary ov | grep -q "c against d: c is faster at clients=1 to 2; d is faster at clients=4 to 8 (d overtakes c at clients=4)"' _ "$T/db"
check "TSV: an overtake row" \
	sh -c 'test "$("$BIN" --db "$1" summary --format tsv ov | awk -F"\t" "\$4 == \"overtake\" { print \$5, \$7, \$15, \$14 }")" = "d c 4 significant"' _ "$T/db"

# refusals
check "--x of a value that is no number is refused (exit 1)" sh -c '
	printf "label,suite,test,metric,value,unit,better,threads\nx,q,t,m,1,s,lower,many\ny,q,t,m,2,s,lower,2\n" > "$1/bad.csv"
	"$BIN" --db "$1/bad.db" import "$1/bad.csv" > /dev/null
	"$BIN" --db "$1/bad.db" compare b --x threads 2> "$1/err"; test $? = 1 &&
	grep -q "threads=many, which is no number" "$1/err"' _ "$T"
check "--x with --split is a usage error (exit 2)" \
	sh -c '"$BIN" --db "$1" compare z --suite pg --x clients --split label 2>/dev/null; test $? = 2' _ "$T/db"
check "--x equal to --by is a usage error (exit 2)" \
	sh -c '"$BIN" --db "$1" compare z --suite pg --by clients --x clients 2>/dev/null; test $? = 2' _ "$T/db"

# the page: the settings as columns of the results table, the statements
bs render --quiet --out "$T/site" > /dev/null 2>&1
page=$(ls "$T"/site/comparison-sw-*.html)
check "the page's table has the settings as columns" \
	grep -q "<th>label \\\\ threads</th>" "$page"
check "the page says the setting is an axis, and has the statements along it" \
	sh -c 'grep -q "a sweep: threads is an axis, not a group" "$1" &&
	       grep -q "build-b peaks at threads=8" "$1"' _ "$page"
check "the test page has them too" \
	grep -q "build-a against build-b" "$(ls "$T"/site/test-sw-*.html)"

# the default comparison recognises a sweep: runs that share a label and
# differ in threads alone (numbers) are not "label,threads" groups
fresh
bs import "$T/sweep.tsv" > /dev/null
bs summary > "$T/d.txt"
check "the default comparison of a threads sweep is a sweep over threads" \
	sh -c 'grep -q "differ in threads alone, a numeric setting: it is the axis of a sweep" "$1" &&
	       grep -q "build-b peaks at threads=8" "$1" && ! grep -q "build-a / 1" "$1"' _ "$T/d.txt"
# control: a setting outside the list (or not a number) stays a grouping
sed 's/threads$/cache/' "$T/sweep.tsv" > "$T/cache.tsv"
fresh
bs import "$T/cache.tsv" > /dev/null
check "control: runs differing in another attribute are grouped by it" \
	sh -c '"$BIN" --db "$1" summary | grep -q "build-b / 8 is 3.4x faster"' _ "$T/db"
# ... unless `run --param` swept it: the runs' command names {cache}
awk -F'\t' -v OFS='\t' '{ print $0, NR == 1 ? "command" : "membench --cache={cache}" }' \
	"$T/cache.tsv" > "$T/param.tsv"
fresh
bs import "$T/param.tsv" > /dev/null
check "a key run --param substituted ({cache} in the command) is a sweep's axis" \
	sh -c '"$BIN" --db "$1" summary > "$2" &&
	       grep -q "differ in cache alone, a numeric setting: it is the axis of a sweep" "$2" &&
	       grep -q "build-b peaks at cache=8" "$2"' _ "$T/db" "$T/p.txt"
# control: a command that names another key, or {cache} inside other text
for cmd in "membench --size={size}" "membench --cache={cache_mb}"; do
	awk -F'\t' -v OFS='\t' -v c="$cmd" '{ print $0, NR == 1 ? "command" : c }' \
		"$T/cache.tsv" > "$T/param.tsv"
	fresh
	bs import "$T/param.tsv" > /dev/null
	check "control: a command with '$cmd' leaves cache a grouping" \
		sh -c '"$BIN" --db "$1" summary | grep -q "build-b / 8 is 3.4x faster"' _ "$T/db"
done

# the line chart, drawn as a bar chart is: BASE.png (light), BASE.svg
# (light and dark), BASE-narrow.svg (a phone's) and, on the comparison
# page, BASE-thumb.png, its thumbnail there and on the index
fresh
bs import "$T/sweep.tsv" > /dev/null
bs compare sw --by label --x threads 2> /dev/null
bs render --quiet --out "$T/lsite" > /dev/null 2>&1
check "the comparison page shows the sweep's line chart: PNG, SVG and the phone's narrow SVG" \
	sh -c 'p=$(ls "$1"/comparison-sw-*.html) &&
	       grep -q "src=\"sweep-sw-memory-operations-per-sec-compa-[0-9a-f]*\.png\"" "$p" &&
	       grep -q "srcset=\"sweep-sw-memory-operations-per-sec-compa-[0-9a-f]*\.svg\"" "$p" &&
	       grep -q "srcset=\"sweep-sw-memory-operations-per-sec-compa-[0-9a-f]*-narrow\.svg\" media=\"(max-width: 40rem)\"" "$p" &&
	       ! grep -q "sweep-sw-[^\"]*-dark\.png" "$p" &&
	       grep -q "Line chart of operations_per_sec over threads, a line per label (2)" "$p"' _ "$T/lsite"
check "the full PNGs are 960 px wide, the thumbnail 336" \
	sh -c 'w() { od -An -tu1 -j16 -N4 "$1" | awk "{ print \$1 * 16777216 + \$2 * 65536 + \$3 * 256 + \$4 }"; }
	       for f in "$1"/sweep-sw-*.png; do
		[ "$(head -c 8 "$f" | od -An -tx1 | tr -d " \n")" = 89504e470d0a1a0a ] || exit 1
		case $f in *-thumb.png) [ "$(w "$f")" = 336 ] || exit 1 ;; *) [ "$(w "$f")" = 960 ] || exit 1 ;; esac
	       done; test "$(ls "$1"/sweep-sw-*.png | wc -l)" = 2 && test "$(ls "$1"/sweep-sw-*-thumb.png | wc -l)" = 1' _ "$T/lsite"
svg=$(ls "$T"/lsite/sweep-sw-*-compa-*[0-9a-f].svg)
nsvg=$(ls "$T"/lsite/sweep-sw-*-compa-*-narrow.svg)
check "the SVG: 960 px, a marker a point (8), a dot a run (24), an error bar a point (8 x 3 lines)" \
	sh -c 'grep -q "<svg[^>]* width=\"960\"" "$1" &&
	       test "$(grep -o "r=\"4.00\"" "$1" | wc -l)" = 8 && test "$(grep -o "r=\"2.00\"" "$1" | wc -l)" = 24 &&
	       test "$(grep -o "stroke-width=\"1.5\"><line" "$1" | wc -l)" = 2 &&
	       test "$(grep -o "<line x1" "$1" | wc -l)" -ge 24' _ "$svg"
check "the SVG follows a dark page (its stylesheet recolours the lines)" \
	sh -c 'grep -q "prefers-color-scheme: dark" "$1" && grep -q "class=\"s0\"" "$1" && grep -q "\.s0{stroke:" "$1"' _ "$svg"
check "the narrow SVG is a phone's 360 px, the legend and texts the same" \
	sh -c 'grep -q "<svg[^>]* width=\"360\"" "$1" && grep -q ">build-a<" "$1" && grep -q ">build-b<" "$1" &&
	       grep -q "threads (log 2 scale)" "$1"' _ "$nsvg"
check "the comparison's Charts and the index show the sweep's thumbnail" \
	sh -c 'grep -q "src=\"sweep-sw-[^\"]*-thumb\.png\"" "$1"/index.html &&
	       grep -q "srcset=\"sweep-sw-[^\"]*-narrow\.svg\" type" "$1"/index.html &&
	       p=$(ls "$1"/comparison-sw-*.html) && grep -q "src=\"sweep-sw-[^\"]*-thumb\.png\"" "$p" &&
	       ! grep -q "src=\"chart-sw-[^\"]*-thumb\.png\"" "$p"' _ "$T/lsite"
check "the test page shows it too, the same files (drawn once)" \
	sh -c 'p=$(ls "$1"/test-sw-*.html) &&
	       grep -q "src=\"sweep-sw-memory-operations-per-sec-compa-[0-9a-f]*\.png\"" "$p" &&
	       grep -q "srcset=\"sweep-sw-memory-operations-per-sec-compa-[0-9a-f]*-narrow\.svg\"" "$p" &&
	       test "$(ls "$1" | grep -c "^sweep-")" = 4' _ "$T/lsite"
check "the same store renders the same chart bytes" \
	sh -c '"$BIN" --db "$1/db" render --quiet --out "$1/lsite2" > /dev/null 2>&1 &&
	       for f in "$1"/lsite/sweep-*; do cmp -s "$f" "$1/lsite2/${f##*/}" || exit 1; done' _ "$T"

# a group ten times slower at most settings is an outlier: each chart is
# drawn without it and with it, as bar charts are; without it, one view
{
	cat "$T/sweep.tsv"
	awk -F'\t' 'NR > 1 && $2 == "build-a" { OFS = "\t"; $1 = $1 + 1000; $2 = "build-z"; $6 = int($6 / 10); print }' "$T/sweep.tsv"
} > "$T/slow.tsv"
fresh
bs import "$T/slow.tsv" > /dev/null
bs compare sw --by label --x threads 2> /dev/null
bs render --quiet --out "$T/osite" > /dev/null 2>&1
check "an outlier group: both views on the test page, without it first" \
	sh -c 'p=$(ls "$1"/test-sw-*.html) &&
	       test "$(grep -o "<figcaption>with[^<(]*" "$p" | head -2 | tr "\n" "|")" = "<figcaption>without build-z |<figcaption>with build-z |"' _ "$T/osite"
check "... whose SVGs leave it out, and hold it" \
	sh -c 'n=0; for f in $(grep -o "srcset=\"sweep-sw-[^\"]*[0-9a-f]\.svg\"" "$(ls "$1"/test-sw-*.html)" | sed "s/^srcset=\"//; s/\"$//"); do
		grep -q ">build-z<" "$1/$f" && n=$((n + 1)); done; test "$n" = 1' _ "$T/osite"
check "control: without the slow group, one view" \
	sh -c 'p=$(ls "$1"/test-sw-*.html) && ! grep -q "<figcaption>without" "$p"' _ "$T/lsite"
check "the index counts the sweep's groups along the axis: 2, not 2 x 4 settings" \
	grep -q ">sw, by label</a>: 2 groups, 24 results" "$T/lsite/index.html"

# figures over time in a sweep (the sample data's pgbench sweep, its
# progress lines as samples): each group at each setting is said as
# "commit-off at clients=4", never "commit-off / 4", and its TSV rows name
# the group as subject and the setting in the x column
fresh
bs import "$TOP/sample-data/pgbench-clients-sweep.tsv" > /dev/null
bs compare pgs --suite pgbench --by label --x clients 2> /dev/null
bs summary pgs > "$T/pg.txt"
bs summary --format tsv pgs > "$T/pg.tsv"
check "over time in a sweep: 'commit-off at clients=4', not 'commit-off / 4'" \
	sh -c 'grep -q "over time: commit-off at clients=4 (mean of 2 runs)" "$1" &&
	       ! grep -q " / [1248] " "$1"' _ "$T/pg.txt"
check "... its TSV rows: subject the group, x the setting (one per group and setting)" \
	test "$(awk -F'\t' '$4 == "steadiness" && $3 == "tps" { print $5 "@" $15 }' "$T/pg.tsv" | sort -u | tr '\n' ' ')" = \
	"commit-off@1 commit-off@2 commit-off@4 commit-off@8 commit-on@1 commit-on@2 commit-on@4 commit-on@8 "

# Generated sweeps against an independent reading of docs/analysis.md
# (tests/sweep/check.py: Welch through SciPy, Holm there): 200 stores of
# two or three groups on crossing trends; the peak, scaling and overtake
# rows must be its rows, and each rule broken in its reading must be
# caught.
py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import scipy.stats' 2>/dev/null; then py=$p; break; fi
done
if [ -n "$py" ]; then
	fresh
	"$py" "$TOP/tests/sweep/check.py" gen 2 200 "$T/gen.tsv"
	bs import "$T/gen.tsv" > /dev/null
	for s in $(cut -f11 "$T/gen.tsv" | tail -n +2 | sort -u); do
		bs compare "$s" --by label --x threads --where "store=$s" 2> /dev/null
	done
	bs summary --format tsv > "$T/gen.out"
	"$py" "$TOP/tests/sweep/check.py" check "$T/gen.tsv" "$T/gen.out" > "$T/agree" 2>&1
	check "generated sweeps: peak, scaling and overtake rows are check.py's ($(cut -c1-300 "$T/agree"))" \
		grep -qx "agree 200 stores" "$T/agree"
	for c in peaklast scalefirst nosingle noholm; do
		"$py" "$TOP/tests/sweep/check.py" check "$T/gen.tsv" "$T/gen.out" --control "$c" > "$T/ctl" 2>&1
		check "control: check.py with the rule '$c' broken disagrees ($(cut -c1-80 "$T/ctl"))" \
			grep -q "^disagree" "$T/ctl"
	done
else
	skip "generated sweeps against SciPy" "python3-scipy is not installed"
fi

# ... and on the test pages, the over-time charts' titles and sentences
bs import "$TOP/sample-data/pgbench-clients-sweep.tsv" > /dev/null 2>&1
bs compare pgs --suite pgbench --by label --x clients 2> /dev/null
bs render --quiet --out "$T/pgsite" > /dev/null 2>&1
check "a sweep's over-time charts on its test page: 'commit-on at clients=8', never 'commit-on / 8'" \
	sh -c 'cat "$1"/test-pgs-*.html > "$1/all" &&
	       grep -q "commit-on at clients=8 (mean of 2 runs)" "$1/all" &&
	       grep -q "over time for commit-on at clients=8" "$1/all" &&
	       ! grep -q "commit-on / 8" "$1/all"' _ "$T/pgsite"
check "... and its comparison page's Systems table heads each group so: 'commit-on at clients=8'" \
	sh -c 'p=$(ls "$1"/comparison-pgs-*.html) &&
	       grep -q "<th>commit-on at clients=8</th>" "$p" &&
	       ! grep -q "commit-on / 8" "$p"' _ "$T/pgsite"
