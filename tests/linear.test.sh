# linear.test.sh: every parser takes time linear in its input.
#
# Each format imports a generated input (tests/linear/gen.py) of N units
# and of 4N; the CPU time (user + sys, from GNU time) of 4N may be at most
# 8x that of N, where a quadratic step would cost 16x (SQLite's B-trees
# make the store's part grow as n log n: 4.5x).  SOAK=1: N and 8N, at most
# 12x (n log n: ~9.5x; quadratic: 64x) with twice the N.  N is chosen so
# the small run takes ~0.05 s or more (the fixed cost of a run would otherwise hide the
# growth; the sanitizer build uses N/4, each run costing ~4x).
# The control runs a quadratic program through the same measure: it must
# fail it.  Then the pathological inputs: a million empty fields, a million
# quotes, XML and HTML nested 100,000 deep, a line of exactly 1 MiB: each
# under 5 s of CPU (x3 under the sanitizers), exit 0 or 1 with a message.
. "$(dirname "$0")/lib.sh"
GEN=$TOP/tests/linear/gen.py
case $BIN in */build-san/*) DIV=4 SLOW=3 ;; *) DIV=1 SLOW=1 ;; esac
if [ "${SOAK:-0}" = 1 ]; then K=8 MAX=12 MUL=2; else K=4 MAX=8 MUL=1; fi
WIDE="--suite s --metric total_time --unit s --better lower"

if ! command -v python3 >/dev/null || [ ! -x /usr/bin/time ]; then
	skip "linear time" "python3 or GNU time missing"
	exit 0
fi

# cpu_ms CMD...: CPU milliseconds of CMD (its exit status in $T/rc)
cpu_ms() {
	_c=$(cost "$@")
	echo "${_c% *}"
}

# ratio_ok DESC T1 TK: TK <= MAX * T1 (T1 at least 10 ms, the clock's
# step)
ratio_ok() {
	t1=$2 t8=$3
	[ "$t1" -lt 10 ] && t1=10
	[ "$t8" -le $((MAX * t1)) ]
}

# grows FORMAT N [OPTIONS]: import N and K*N units; the smaller of two
# runs of N (a busy machine only adds time)
grows() {
	f=$1 n=$(($2 * MUL / DIV))
	shift 2
	python3 "$GEN" "$f" "$n" "$T/small"
	python3 "$GEN" "$f" $((K * n)) "$T/big"
	rm -f "$T/l.db"*
	a=$(cpu_ms "$BIN" --db "$T/l.db" import --format "$f" "$@" "$T/small")
	rc=$(cat "$T/rc")
	rm -f "$T/l.db"*
	b=$(cpu_ms "$BIN" --db "$T/l.db" import --format "$f" "$@" "$T/small")
	[ "$b" -lt "$a" ] && a=$b
	rm -f "$T/l.db"*
	c=$(cpu_ms "$BIN" --db "$T/l.db" import --format "$f" "$@" "$T/big")
	rc8=$(cat "$T/rc")
	# the machine is shared: a failed ratio is measured once more, each
	# run kept at its smaller time
	if ! ratio_ok "$f" "$a" "$c"; then
		rm -f "$T/l.db"*
		b=$(cpu_ms "$BIN" --db "$T/l.db" import --format "$f" "$@" "$T/small")
		[ "$b" -lt "$a" ] && a=$b
		rm -f "$T/l.db"*
		b=$(cpu_ms "$BIN" --db "$T/l.db" import --format "$f" "$@" "$T/big")
		[ "$b" -lt "$c" ] && c=$b
	fi
	if [ "$rc" = 0 ] && [ "$rc8" = 0 ] && ratio_ok "$f" "$a" "$c"; then
		ok "$f: $n units in $a ms of CPU, $((K * n)) in $c ms (at most ${MAX}x)"
	else
		notok "$f: $n units in $a ms (exit $rc), $((K * n)) in $c ms (exit $rc8, at most ${MAX}x): $(head -c 200 "$T/err")"
	fi
}

# N: the small run takes ~0.1 s of CPU here, ten steps of the clock (at
# ~0.01-0.03 s one step decided the ratio on a busy machine)
grows bonnie 1600
grows sysbench 48000
grows sqlbench 320000 --test ATIS
grows fio 1600
grows pts 12000
grows supersmack 12000
grows table 48000
grows wide 4000 $WIDE
grows html 3200 $WIDE

# the control: a quadratic loop, N and KN, measured the same way, with
# N sized by time (lib.sh)
quadratic $K
if ratio_ok quad "$QA" "$QB"; then
	notok "control: a quadratic loop passed the measure (N = $QN: $QA ms, $QB ms)"
else
	ok "control: a quadratic loop fails the measure (N = $QN: $QA ms, $QB ms for ${K}N)"
fi

# gen.py's FILE left out: a usage error, and no file written (N would
# otherwise become the name of a file written where the caller stands)
mkdir "$T/cwd"
(cd "$T/cwd" && python3 "$GEN" bonnie 5120000 2>/dev/null)
rc=$?
check "gen.py without its FILE: exit 2 (got $rc), nothing written" \
	test "$rc" = 2 -a -z "$(ls -A "$T/cwd")"

# --- pathological inputs ---------------------------------------------------

# bounded DESC FILE ARGS...: import FILE with ARGS in under 5 s of CPU,
# exit 0, or 1 with a message
bounded() {
	desc=$1 file=$2
	shift 2
	rm -f "$T/p.db"*
	ms=$(cpu_ms "$BIN" --db "$T/p.db" import "$@" "$file")
	rc=$(cat "$T/rc")
	if [ "$ms" -lt $((5000 * SLOW)) ] &&
	   { [ "$rc" = 0 ] || { [ "$rc" = 1 ] && [ -s "$T/err" ]; }; }; then
		ok "$desc: $ms ms of CPU, exit $rc $(head -c 120 "$T/err")"
	else
		notok "$desc: $ms ms of CPU, exit $rc: $(head -c 300 "$T/err")"
	fi
}

python3 "$GEN" fields "$T/fields.csv"
python3 "$GEN" quotes "$T/quotes.csv"
python3 "$GEN" deep-xml "$T/deep.xml"
python3 "$GEN" deep-html "$T/deep.html"
python3 "$GEN" line "$T/line.txt"
for f in "" table wide; do
	o=""
	[ "$f" = wide ] && o=$WIDE
	# shellcheck disable=SC2086
	bounded "a million empty fields in one row${f:+ as $f}" "$T/fields.csv" ${f:+--format $f} $o
	# shellcheck disable=SC2086
	bounded "a million quotes${f:+ as $f}" "$T/quotes.csv" ${f:+--format $f} $o
done
bounded "XML nested 100,000 deep" "$T/deep.xml"
bounded "XML nested 100,000 deep as pts" "$T/deep.xml" --format pts
# shellcheck disable=SC2086
bounded "HTML nested 100,000 deep as html" "$T/deep.html" --format html $WIDE
bounded "HTML nested 100,000 deep" "$T/deep.html"
for f in "" bonnie sysbench sqlbench supersmack table; do
	o=""
	[ "$f" = sqlbench ] && o="--test ATIS"
	# shellcheck disable=SC2086
	bounded "a line of 1 MiB${f:+ as $f}" "$T/line.txt" ${f:+--format $f} $o
done
# and one byte more is refused, naming the limit
{ printf x; cat "$T/line.txt"; } > "$T/over.txt"
"$BIN" --db "$T/p.db" import "$T/over.txt" >/dev/null 2>"$T/err"
check "a line of 1 MiB + 1 byte is refused ($(cat "$T/err"))" grep -q 'line' "$T/err"
