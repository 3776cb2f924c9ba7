# scale.test.sh: summary and render cost what the results cost, or refuse.
#
# Long CSVs (docs/usage.md) of N and 4N rows in three shapes: N labels of
# one test, one label of N tests, and N rows that are each their own
# label and test (N x N figures in a dense table).  Growth is a ratio
# measured here, now: the CPU time (user + sys, GNU time) of 4N may be at
# most 8x that of N, where a step quadratic in groups or tests costs 16x;
# so may the peak RSS.  A comparison past the analysis' cap (charts x
# groups, analysis/model.c) is refused naming the cap and how to narrow
# it, with exit 1 and the store unchanged; render publishes the other
# comparisons beside it.  The control runs a quadratic awk program
# through the same measure: it must fail it.  The sanitizer build uses
# N/4 (each run costs ~4x).
. "$(dirname "$0")/lib.sh"
case $BIN in */build-san/*) DIV=4 ;; *) DIV=1 ;; esac
K=4 MAX=8
CAP=262144
export SOURCE_DATE_EPOCH=1700000000

if [ ! -x /usr/bin/time ] || ! command -v sqlite3 >/dev/null; then
	skip "scale" "GNU time or sqlite3 missing"
	exit 0
fi

# gen SHAPE N: the long CSV of N rows of SHAPE (labels, tests, pairs)
gen() {
	awk -v n="$2" -v shape="$1" 'BEGIN {
		print "run,label,suite,test,metric,value,unit,better,status"
		for (i = 0; i < n; i++) {
			v = i % 97 + 1
			if (shape == "labels")
				printf "r%d,l%d,s,t,time,%d.5,s,lower,ok\n", i, i, v
			else if (shape == "tests")
				printf "r0,a,s,t%d,time,%d.5,s,lower,ok\n", i, v
			else
				printf "r%d,l%d,s,t%d,time,%d.5,s,lower,ok\n", i, i, i, v
		}
	}'
}

# within DESC SMALL BIG: BIG <= MAX * SMALL (SMALL at least 10, the
# clock's step in ms)
within() {
	s=$2 b=$3
	[ "$s" -lt 10 ] && s=10
	if [ "$b" -le $((MAX * s)) ]; then
		ok "$1: $3 at ${K}N, $2 at N (at most ${MAX}x)"
	else
		notok "$1: $3 at ${K}N, $2 at N (at most ${MAX}x)"
	fi
}

# store SHAPE N DB: DB holds the CSV of N rows of SHAPE
store() {
	gen "$1" "$2" > "$T/in.csv"
	rm -f "$3" "$3-wal" "$3-shm"
	"$BIN" --db "$3" import "$T/in.csv" >/dev/null 2>&1
}

# grows SHAPE N CMD...: CMD (summary or render, on the store of N and of
# K*N rows) within MAX of its cost at N, in CPU time and in peak RSS; of
# two runs at each size, the smaller (a busy machine only adds)
grows() {
	shape=$1 n=$(($2 / DIV))
	shift 2
	store "$shape" "$n" "$T/n.db"
	store "$shape" $((K * n)) "$T/k.db"
	for db in n k; do
		best=""
		for i in 1 2; do
			rm -rf "$T/site"
			c=$(cost "$BIN" --db "$T/$db.db" "$@")
			if [ "$(cat "$T/rc")" != 0 ]; then
				notok "$shape: $* exits 0 ($(head -1 "$T/err"))"
				return
			fi
			best=$(echo "$best $c" | awk '{ if (NF == 2 || $3 < $1)
				print $(NF - 1), $NF; else print $1, $2 }')
		done
		eval "${db}_cpu=${best% *} ${db}_rss=${best#* }"
	done
	within "$shape x $n: $1 CPU ms" "$n_cpu" "$k_cpu"
	within "$shape x $n: $1 peak RSS KiB" "$n_rss" "$k_rss"
}

grows labels 3000 summary
grows tests 8000 summary
grows labels 600 render --out "$T/site"
grows tests 200 render --out "$T/site"

# A table of as many figures as a cell has bytes in memory is refused
# before it is built: 16,000 rows that are each a label and a test
# (256 million figures, ~30 GiB dense).
n=$((16000 / DIV))
store pairs "$n" "$T/db"
dump "$T/db" > "$T/before.sql"
# a build that would build the table anyway stops at 1 GiB of address
# space here, not at the machine's memory (not under ASan, whose shadow
# reserves terabytes)
if [ "$DIV" = 1 ]; then
	c=$( (ulimit -v 1048576; cost "$BIN" --db "$T/db" summary) )
else
	c=$(cost "$BIN" --db "$T/db" summary)
fi
rc=$(cat "$T/rc")
check "pairs x $n: summary exits 1 (got $rc)" [ "$rc" = 1 ]
if grep -q "more than $CAP figures (charts x groups).*compare --where, --tests or --metrics" "$T/err"; then
	ok "pairs x $n: the message names the cap and how to narrow"
else
	notok "pairs x $n: the message names the cap and how to narrow (got: $(cat "$T/err"))"
fi
check "pairs x $n: refused within 256 MiB (${c#* } KiB)" [ "${c#* }" -lt 262144 ]
dump "$T/db" > "$T/after.sql"
check "pairs x $n: store unchanged" cmp -s "$T/before.sql" "$T/after.sql"

# render leaves it out, names it, publishes the rest and exits 1
"$BIN" --db "$T/db" import "$TOP/sample-data/sqlbench-filesystems-2008.csv" \
	>/dev/null 2>&1
rm -rf "$T/site"
if [ "$DIV" = 1 ]; then
	(ulimit -v 4194304; "$BIN" --db "$T/db" render --out "$T/site") \
		>/dev/null 2>"$T/err"
else
	"$BIN" --db "$T/db" render --out "$T/site" >/dev/null 2>"$T/err"
fi
rc=$?
check "render with a comparison too large exits 1 (got $rc)" [ "$rc" = 1 ]
check "render names it as left out" grep -q "more than $CAP figures.*(left out of the site)" "$T/err"
check "render publishes the other comparisons" \
	grep -q -r "sql-bench" "$T/site/index.html"

# Within the cap, 20,000 pairs (200 labels x 100 tests) summarised in
# under 256 MiB
awk 'BEGIN { print "run,label,suite,test,metric,value,unit,better,status"
	for (l = 0; l < 200; l++) for (t = 0; t < 100; t++)
		printf "r%d,l%d,s,t%d,time,%d.5,s,lower,ok\n", l, l, t, (l * t) % 97 + 1 }' \
	> "$T/in.csv"
rm -f "$T/db"*
"$BIN" --db "$T/db" import "$T/in.csv" >/dev/null 2>&1
c=$(cost "$BIN" --db "$T/db" summary)
check "200 labels x 100 tests: summary exits 0 ($(head -c 200 "$T/err"))" [ "$(cat "$T/rc")" = 0 ]
check "200 labels x 100 tests: summary within 256 MiB (${c#* } KiB)" [ "${c#* }" -lt 262144 ]

# The control: a quadratic program fails the measure (N sized by time,
# lib.sh).
quadratic $K
s=$QA big=$QB
[ "$s" -lt 10 ] && s=10
if [ "$big" -gt $((MAX * s)) ]; then
	ok "control: a quadratic program fails the measure ($big ms vs $s ms)"
else
	notok "control: a quadratic program fails the measure ($big ms vs $s ms)"
fi
