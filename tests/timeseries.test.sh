# timeseries.test.sh: figures over time (docs/analysis.md, "Over time"):
# a run worked out by hand, generated stores against an independent
# implementation (tests/timeseries/check.py) with a broken rule it must
# catch, and the test page's "Over time" section.
. "$TOP/tests/lib.sh"
GEN=$TOP/tests/timeseries/gen.py
CHECK=$TOP/tests/timeseries/check.py

if ! command -v python3 >/dev/null; then
	skip "figures over time" "no python3"
	exit 0
fi

# By hand: reports at 1..12 s of 100 300 900 1000 1010 990 1000 50 40 1000
# 1005 995, reported 699.17/s.  The later half's median is 997.5, its band
# 897.75..1097.25; the rolling medians are in it from the third report on,
# which is itself in it (900): a warm-up of 2 s.  Reports 8 and 9 (50, 40)
# are below 99.75: a stall from 7 s for 2 s.  The mean of every report,
# 699.17, and of the steady part, 799, differ by more than 2%, and the
# reported figure is the first: it includes the warm-up.
python3 "$GEN" --series 100,300,900,1000,1010,990,1000,50,40,1000,1005,995 \
	699.17 "$T/hand.log"
bs import --quiet --label hand --test oltp_x "$T/hand.log" > /dev/null
bs summary > "$T/s.txt"
bs summary --format tsv > "$T/s.tsv"
row() { awk -F'\t' -v k="$1" '$3 == "transactions_per_sec" && $4 == k {
	print $5, $8, $9, $10 }' "$T/s.tsv"; }
check "warm-up 2 s, steady median 997.5 (TSV)" \
	test "$(row warmup)" = "hand 2 997.5 s"
check "the stall: 2 s from 7 s (TSV)" test "$(row stall)" = "hand 2 7 s"
check "the reported figure includes the warm-up (TSV: 699.17, steady 799)" \
	test "$(row includes_warmup)" = "hand 699.17 799 1/s"
cv=$(python3 -c 'import statistics as s
v=[900,1000,1010,990,1000,50,40,1000,1005,995]
print(s.stdev(v)/s.fmean(v)*100)')
check "steadiness: the coefficient of variation after the warm-up" \
	awk -v cv="$cv" '{ d = $2 - cv; if (d < 0) d = -d; exit !($1 == "hand" && d < 1e-9 * cv && $4 == "%") }' <<EOF2
$(row steadiness)
EOF2
line=$(grep 'transactions_per_sec over time' "$T/s.txt")
check "summary says the warm-up, the stall and the reported figure" sh -c '
	case "$1" in *"Warm-up 2 s: from then on the figures stay within 10% of the steady median, 998/s."*"Stalled 2 s at 7 s"*"The reported figure, 699/s, includes the warm-up"*) ;; *) exit 1 ;; esac' _ "$line"
check "a latency (lower is better) has no stall and no reported-figure line" \
	sh -c '! grep "latency_p95 over time" "$1" | grep -q "Stalled\|reported figure"' _ "$T/s.txt"

# A run steady from its first report, and a series too short to say.
fresh
python3 "$GEN" --series 1000,1010,990,1000,1005,995 1000 "$T/steady.log"
python3 "$GEN" --series 1000,500,1000 800 "$T/short.log"
bs import --quiet --label steady --test oltp_x "$T/steady.log" > /dev/null
bs import --quiet --label short --test oltp_x "$T/short.log" > /dev/null
bs summary > "$T/s2.txt"
check "steady from the first report" \
	grep -q 'transactions_per_sec over time: steady (1 run): Steady from the first report' "$T/s2.txt"
check "three reports: too few to tell a warm-up" \
	grep -q 'transactions_per_sec over time: short (1 run): 3 reports, too few' "$T/s2.txt"
bs summary --format tsv > "$T/s2.tsv"
check "no TSV row for a series too short" sh -c \
	'! awk -F"\t" "\$5 == \"short\" && \$4 ~ /warmup|steadiness|stall/" "$1" | grep -q .' _ "$T/s2.tsv"

# Generated stores against check.py; each broken rule must be caught in
# at least one of them.
caught_band=0 caught_self=0 caught_cv=0 caught_stall=0 agree=0 stores=0
for seed in 4 7 8 9 12 21; do
	d=$T/g$seed
	mkdir -p "$d"
	python3 "$GEN" "$seed" "$d"
	for f in "$d"/*.log; do
		l=$(basename "$f" .log)
		"$BIN" --db "$d/db" import --quiet --label "${l%.*}" --test oltp_x "$f" > /dev/null
	done
	"$BIN" --db "$d/db" summary --format tsv > "$d/tsv"
	stores=$((stores + 1))
	if python3 "$CHECK" "$d/db" "$d/tsv" > "$d/check.out"; then
		agree=$((agree + 1))
	else
		sed 's/^/# /' "$d/check.out" | head -5
	fi
	python3 "$CHECK" "$d/db" "$d/tsv" --control band20 > /dev/null || caught_band=1
	python3 "$CHECK" "$d/db" "$d/tsv" --control noself > /dev/null || caught_self=1
	python3 "$CHECK" "$d/db" "$d/tsv" --control wholecv > /dev/null || caught_cv=1
	python3 "$CHECK" "$d/db" "$d/tsv" --control stallat > /dev/null || caught_stall=1
done
check "generated stores: benchsite's rows are check.py's ($agree of $stores)" test "$agree" = "$stores"
check "control: a 20% band is caught" test "$caught_band" = 1
check "control: a steady part starting outside the band is caught" test "$caught_self" = 1
check "control: the steadiness of every report is caught" test "$caught_cv" = 1
check "control: a stall dated by its first report is caught" test "$caught_stall" = 1

# The page: one chart per group with reports, light and dark, and what
# the series says under it; none on a test page of runs without reports.
fresh
python3 "$GEN" --series 100,300,900,1000,1010,990,1000,50,40,1000,1005,995 \
	699.17 "$T/hand.log"
python3 "$GEN" --series 1000,1010,990,1000,1005,995 1000 "$T/steady.log"
bs import --quiet --label hand --test oltp_x "$T/hand.log" > /dev/null
bs import --quiet --label steady --test oltp_x "$T/steady.log" > /dev/null
printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\n1\ta\tother\tt\tops\t5\t1/s\thigher\tok\n2\tb\tother\tt\tops\t6\t1/s\thigher\tok\n' > "$T/other.tsv"
bs import "$T/other.tsv" > /dev/null
bs render --quiet --out "$T/site" 2>"$T/err"
page=$(grep -l 'transactions_per_sec' "$T"/site/test-*.html | xargs grep -l '>Over time<' | head -1)
check "the test page of transactions_per_sec has an Over time section" test -n "$page"
if [ -n "$page" ]; then
	check "... with a chart per group (2): SVG (light and dark) and a phone's narrow SVG, no PNG" sh -c '
		[ "$(grep -o "src=\"time-[^\"]*[0-9a-f]\.svg\"" "$1" | sort -u | wc -l)" -eq 2 ] &&
		! grep -q "time-[^\"]*\.png" "$1" && ! ls "$2" | grep -q "^time-.*\.png$" &&
		[ "$(grep -o "srcset=\"time-[^\"]*-narrow\.svg\" media=\"(max-width: 40rem)\"" "$1" | sort -u | wc -l)" -eq 2 ]' _ "$page" "$T/site"
	check "... whose SVGs carry the dark scheme, the runs and the mean as paths, 960 and 360 px" sh -c '
		for f in $(grep -o "time-[^\"]*\.svg" "$1" | sort -u); do
			grep -q "prefers-color-scheme: dark" "$2/$f" && grep -q "class=\"ln\"" "$2/$f" &&
			grep -q "class=\"sm\"" "$2/$f" || exit 1
			case $f in
			*-narrow.svg) grep -q "<svg[^>]* width=\"360\"" "$2/$f" || exit 1 ;;
			*) grep -q "<svg[^>]* width=\"960\"" "$2/$f" || exit 1 ;;
			esac
		done' _ "$page" "$T/site"
	check "... and what each series says under its chart" sh -c '
		grep -q "Warm-up 2 s" "$1" && grep -q "Stalled 2 s at 7 s" "$1" &&
		grep -q "Steady from the first report" "$1"' _ "$page"
fi
other=$(grep -l '>ops<\|: ops\|ops (' "$T"/site/test-*.html | head -1)
check "a test page of runs without reports has no Over time section" sh -c \
	'[ -n "$1" ] && ! grep -q ">Over time<" "$1"' _ "$other"
