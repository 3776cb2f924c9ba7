#!/bin/sh
# bench/run.sh BIN HELPERS: the table of `make bench` (see bench/README.md).
#
# Every row is a ratio of two costs measured here, now, on this machine,
# each the minimum of $BENCH_REPEAT runs (default 3): the machine may be
# shared, and the minimum is the run least disturbed.  Costs are CPU time
# (user + system, from the process's rusage) except where the row is about
# wall time (--jobs).  Workloads come from bench/gen.py with a fixed seed, in
# $BENCH_DIR (default: a new folder in /tmp, removed at the end).  A tool
# that is missing and cannot be installed skips its row, saying why.
set -u
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
H=$(cd "$2" && pwd)
TOP=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${BENCH_REPEAT:-3}
GEN="python3 $TOP/bench/gen.py"
# nojournal DIR: DIR is on ext4 without a journal.  There, once many files
# have been deleted, every file created skips each inode deleted in the
# last minutes after reading its inode table block (fs/ext4/ialloc.c,
# recently_deleted, done only without a journal): about 1 ms of kernel time
# a file, 3 of a 1,000-chart render's 7 CPU seconds, all of it under the
# block group's lock, so --jobs 2 gained nothing.  That is the file system,
# not the renderer; on a journaled ext4 the same renders spend 0.3 s in
# the kernel.
nojournal() {
	_dev=$(df --output=source "$1" 2>/dev/null | tail -n 1)
	[ "$(df --output=fstype "$1" 2>/dev/null | tail -n 1)" = ext4 ] &&
		[ "$(cat "/sys/fs/ext4/${_dev##*/}/journal_task" 2>/dev/null)" = "<none>" ]
}
if [ -n "${BENCH_DIR:-}" ]; then
	W=$BENCH_DIR
	mkdir -p "$W"
else
	base=${TMPDIR:-/tmp}
	if nojournal "$base" && [ -d /dev/shm ] && [ -w /dev/shm ]; then
		echo "bench: $base is ext4 without a journal (see nojournal in" \
		     "bench/run.sh): measuring in /dev/shm"
		base=/dev/shm
	fi
	W=$(mktemp -d "$base/benchsite-bench.XXXXXX")
	trap 'rm -rf "$W"' EXIT
fi
RT="$H/runtime"
PY=/usr/bin/python3	# Debian's, where python3-matplotlib goes

# Install what the rows compare against, when we may.
need=""
command -v sqlite3 >/dev/null 2>&1 || need="$need sqlite3"
command -v bon_csv2html >/dev/null 2>&1 || need="$need bonnie++"
command -v gnuplot >/dev/null 2>&1 || need="$need gnuplot-nox"
$PY -c 'import matplotlib' 2>/dev/null || need="$need python3-matplotlib"
if [ -n "$need" ] && [ "$(id -u)" = 0 ]; then
	echo "installing:$need"
	apt-get install -y -qq --no-install-recommends $need >/dev/null 2>&1 ||
		echo "bench: could not install$need"
fi

# m NAME CMD...: runs CMD $REPEAT times after $PRE (if set, eval'd);
# sets NAME_cpu and NAME_wall (minimum, seconds) and NAME_rss (maximum,
# KiB); returns 1 when a run failed (its stderr is in $W/NAME.err).
m() {
	_n=$1
	shift
	[ -n "${ACC:-}" ] || : >"$W/$_n.t"	# rounds: keep the earlier runs
	_i=0
	while [ "$_i" -lt "$REPEAT" ]; do
		if [ -n "${PRE:-}" ]; then
			eval "$PRE"
		fi
		if ! "$RT" -o /dev/null "$@" 2>"$W/$_n.err" </dev/null; then
			return 1
		fi
		tail -n 1 "$W/$_n.err" >>"$W/$_n.t"
		_i=$((_i + 1))
	done
	eval "$(awk -v n="$_n" 'NR == 1 || $1 < c { c = $1 }
		NR == 1 || $2 < w { w = $2 } $3 > r { r = $3 }
		END { printf "%s_cpu=%s %s_wall=%s %s_rss=%s\n", n, c, n, w, n, r }' \
		"$W/$_n.t")"
}

# rounds N CODE: runs CODE (m calls, eval'd) N times over, each m once a
# round, its figure the minimum over all rounds: the costs that one row
# compares are measured in turn, so a slow minute of a shared machine
# (this VM's CPU time for the same render moves by 30%) falls on both
# sides of the ratio, not on one.
rounds() {
	_rn=$1
	_rs=$REPEAT
	REPEAT=1
	ACC=
	_rk=0
	while [ "$_rk" -lt "$_rn" ]; do
		eval "$2"
		ACC=1
		_rk=$((_rk + 1))
	done
	ACC=
	REPEAT=$_rs
}

# row WHAT AGAINST MEASURED TARGET VERDICT: one line of the table.
row() {
	printf '| %s | %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4" "$5"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# holds X OP Y: "holds" or "MISSES"
holds() { awk -v a="$1" -v b="$3" -v op="$2" 'BEGIN {
	ok = op == "<=" ? a <= b : op == ">=" ? a >= b : a < b
	print ok ? "holds" : "MISSES" }'; }

echo "benchsite bench: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo |
	sed 's/.*: //'), $(awk '/MemTotal/ { printf "%d MiB", $2 / 1024 }' \
	/proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "each figure: the minimum of $REPEAT runs; CPU time unless it says wall;" \
     "files in $W ($(df --output=fstype "$W" 2>/dev/null | tail -n 1))"
echo
row what against measured target verdict
row --- --- --- --- ---

# ---- import of long CSV vs sqlite3 .import -------------------------------
for n in ${BENCH_LONG:-10000 100000 1000000}; do
	$GEN long "$n" "$W/long$n.csv"
	if ! command -v sqlite3 >/dev/null 2>&1; then
		row "import $n long-CSV rows" "sqlite3 .import" "skipped: no sqlite3 shell" "<= 2x" -
		continue
	fi
	PRE='rm -f "$W"/l.db*'
	m ours "$BIN" --db "$W/l.db" import "$W/long$n.csv" || {
		row "import $n long-CSV rows" "sqlite3 .import" "failed: $(head -c 200 "$W/ours.err")" "<= 2x" MISSES
		continue
	}
	PRE='rm -f "$W"/q.db*'
	m sq sqlite3 "$W/q.db" ".import --csv $W/long$n.csv t"
	PRE=
	r=$(ratio "$ours_cpu" "$sq_cpu")
	row "import $n long-CSV rows" "sqlite3 .import" \
	    "${r}x (${ours_cpu} s vs ${sq_cpu} s)" "<= 2x" "$(holds "$r" "<=" 2)"
done

# ---- bonnie++ CSV vs bon_csv2html ---------------------------------------
$GEN bonnie 2000 "$W/bonnie.csv"
if command -v bon_csv2html >/dev/null 2>&1; then
	# a tenth of a second each, where this VM's noise is widest: in
	# turn, at least 7 rounds
	n=$REPEAT
	[ "$n" -lt 7 ] && n=7
	rounds "$n" '
	PRE="rm -f \"\$W\"/b.db*"
	m ours "$BIN" --db "$W/b.db" import "$W/bonnie.csv"
	PRE=
	m bon "$RT" -i "$W/bonnie.csv" -o /dev/null bon_csv2html'
	r=$(ratio "$ours_cpu" "$bon_cpu")
	# instructions (callgrind) move by less than 1% from run to run:
	# the figure to read when the CPU times sit near the target
	ins=
	if command -v valgrind >/dev/null 2>&1; then
		rm -f "$W"/b.db*
		a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		    "$BIN" --db "$W/b.db" import "$W/bonnie.csv" 2>&1 >/dev/null |
		    awk '/refs:/ { gsub(",", "", $NF); print $NF }')
		b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		    bon_csv2html <"$W/bonnie.csv" 2>&1 >/dev/null |
		    awk '/refs:/ { gsub(",", "", $NF); print $NF }')
		[ -n "$a" ] && [ -n "$b" ] &&
		    ins="; instructions $(ratio "$a" "$b")x ($((a / 1000000)) M vs $((b / 1000000)) M, callgrind)"
	fi
	row "import 2,000-line bonnie++ CSV" "bon_csv2html" \
	    "${r}x (${ours_cpu} s vs ${bon_cpu} s)$ins" "<= 2x" "$(holds "$r" "<=" 2)"
else
	row "import 2,000-line bonnie++ CSV" "bon_csv2html" "skipped: bonnie++ not installed" "<= 2x" -
fi

# ---- one chart PNG -------------------------------------------------------
N=${BENCH_CHARTS:-500}
mkdir -p "$W/charts"
$GEN charts "$N" "$W/charts"
"$H/chartbench" "$N" "$REPEAT" "$W/charts" >"$W/cb.out" || exit 1
read floor mem cairo full obytes cbytes pal <"$W/cb.out"
"$H/chartbench" "$N" "$REPEAT" "$W/charts" err >"$W/cbe.out" || exit 1
read efloor emem ecairo efull eobytes ecbytes epal <"$W/cbe.out"
"$H/chartbench" "$N" "$REPEAT" "$W/charts" split >"$W/cbs.out" || exit 1
read sfloor smem scairo sfull sobytes scbytes spal <"$W/cbs.out"
if command -v gnuplot >/dev/null 2>&1; then
	m gp gnuplot "$W/charts/charts.gp"
	gp=$(awk -v c="$gp_cpu" -v n="$N" 'BEGIN { printf "%.3f", c * 1000 / n }')
	r=$(ratio "$gp" "$full")
	row "one 12-bar 960 px chart PNG, per chart over $N" "gnuplot pngcairo, one process" \
	    "${r}x faster (${full} ms vs ${gp} ms)" ">= 8x" "$(holds "$r" ">=" 8)"
else
	row "one 12-bar 960 px chart PNG" "gnuplot" "skipped: gnuplot not installed" ">= 8x" -
fi
if $PY -c 'import matplotlib' 2>/dev/null; then
	REPEAT_SAVE=$REPEAT
	REPEAT=1	# about half a minute a run
	m mp $PY "$W/charts/charts.py"
	REPEAT=$REPEAT_SAVE
	mp=$(awk -v c="$mp_cpu" -v n="$N" 'BEGIN { printf "%.3f", c * 1000 / n }')
	r=$(ratio "$mp" "$full")
	row "the same charts" "matplotlib Agg, one process" \
	    "${r}x faster (${full} ms vs ${mp} ms)" ">= 40x" "$(holds "$r" ">=" 40)"
else
	row "the same charts" "matplotlib" "skipped: python3-matplotlib not installed" ">= 40x" -
fi
r=$(ratio "$full" "$floor")
row "chart cost: layout + draw + encode + write" "cairo drawing only (the floor)" \
    "${r}x (${full} ms vs ${floor} ms)" "<= 10x" "$(holds "$r" "<=" 10)"
r=$(ratio "$mem" "$floor")
row "chart cost: draw + encode in memory" "the floor" \
    "${r}x (${mem} ms vs ${floor} ms)" "<= 10x" "$(holds "$r" "<=" 10)"
r=$(ratio "$obytes" "$cbytes")
row "chart size, $pal% written with a palette" "cairo's PNG writer (${cairo} ms a chart)" \
    "${r}x (${obytes} vs ${cbytes} bytes)" "<= 1x" "$(holds "$r" "<=" 1)"
r=$(ratio "$emem" "$efloor")
row "with error bars and a dot per run (3 a bar): draw + encode, $epal% palette" "the floor" \
    "${r}x (${emem} ms vs ${efloor} ms; ${eobytes} vs cairo ${ecbytes} bytes)" "<= 10x" "$(holds "$r" "<=" 10)"
r=$(ratio "$sfull" "$full")
row "two factors: 4 clusters of 3, legend, error bars, dots: layout + draw + encode + write" \
    "the plain chart" "${r}x (${sfull} ms vs ${full} ms; $spal% palette)" "<= 1.2x" "$(holds "$r" "<=" 1.2)"

# ---- full render, 100 / 1,000 / 10,000 charts ----------------------------
# SUITES x TESTS charts of 12 bars each
first=""
for st in ${BENCH_STORES:-10x10 10x100 100x100}; do
	s=${st%x*}
	t=${st#*x}
	c=$((s * t))
	$GEN store "$s" "$t" 12 "$W/store$c.csv"
	rm -f "$W/r$c.db"*
	"$BIN" --db "$W/r$c.db" import "$W/store$c.csv" >/dev/null || exit 1
	PRE='rm -rf "$W/site$c"'
	[ "$c" -ge 10000 ] && REPEAT_SAVE=$REPEAT && REPEAT=1
	m rend "$BIN" --db "$W/r$c.db" render --jobs 1 --out "$W/site$c"
	[ "$c" -ge 10000 ] && REPEAT=$REPEAT_SAVE
	PRE=
	drawn=$(ls "$W/site$c" | grep -c -- '-thumb\.png$' || true)
	per=$(awk -v a="$rend_cpu" -v n="$drawn" 'BEGIN { printf "%.2f", a * 1000 / n }')
	eval "per$c=$per tests$c=$t"
	if [ -z "$first" ]; then
		first=$per
		row "full render, $drawn charts (PNG, SVG, thumbnail, pages)" "itself" \
		    "${per} ms a chart (${rend_cpu} s)" "flat within 25%" -
	else
		r=$(ratio "$per" "$first")
		row "full render, $drawn charts" "the smallest store, per chart" \
		    "${r}x (${per} ms a chart, ${rend_cpu} s)" "<= 1.25x" "$(holds "$r" "<=" 1.25)"
	fi
done

# ---- full render vs gnuplot ---------------------------------------------
# What a user would otherwise script: gnuplot drawing each test's chart,
# the same bars and 95% error bars from the same means (gen.py writes both),
# only the PNGs, in one process; against the whole render (PNG, SVG, narrow
# SVG, thumbnail, every page) on one thread, by CPU time so that --jobs
# hides nothing.  Three runs a bar, so benchsite also draws a dot per run.
n=${BENCH_RENDER_TESTS:-240}
mkdir -p "$W/gp$n"
$GEN store 1 "$n" 12 "$W/render$n.csv" --per 3 --gnuplot "$W/gp$n"
rm -f "$W/g$n.db"*
"$BIN" --db "$W/g$n.db" import "$W/render$n.csv" >/dev/null || exit 1
if command -v gnuplot >/dev/null 2>&1; then
	rounds "$REPEAT" '
		PRE='"'"'rm -rf "$W/siteg"'"'"'
		m gren "$BIN" --db "$W/g$n.db" render --jobs 1 --out "$W/siteg"
		PRE=
		m gpl gnuplot "$W/gp$n/store.gp"'
	PRE=
	drawn=$(ls "$W/siteg" | grep -c -- '-thumb\.png$' || true)
	r=$(ratio "$gren_cpu" "$gpl_cpu")
	row "full render of $n tests, $drawn charts of 12 bars, 3 runs a bar (every variant and page)" \
	    "gnuplot pngcairo: the same charts' PNGs alone (bars, error bars), one process" \
	    "${r}x (${gren_cpu} s vs ${gpl_cpu} s)" "<= 0.25x" "$(holds "$r" "<=" 0.25)"
else
	row "full render of $n tests" "gnuplot" "skipped: gnuplot not installed" "<= 0.25x" -
fi
rm -rf "$W/siteg" "$W/gp$n" "$W"/g$n.db* "$W/render$n.csv"

# ---- a sweep's line charts against bar charts of the same groups ---------
# One suite of 4 labels at threads 1, 2, 4, 8 and 16, three runs a point
# (gen.py sweep), imported twice: one store compares it --x threads (per
# test a line chart, light and dark, on the comparison page and the test
# page, and the bar chart's files the index and the pages link), the other
# --by label,threads (per test a bar chart of the same 20 groups, every
# variant).  A defined comparison replaces the suite's default, so each
# store renders that comparison alone; the whole render of each, in rounds.
n=${BENCH_SWEEP_TESTS:-50}
$GEN sweep "$n" "$W/sweep.csv"
for v in swl swb; do
	rm -f "$W/$v.db"*
	"$BIN" --db "$W/$v.db" import "$W/sweep.csv" >/dev/null || exit 1
done
"$BIN" --db "$W/swl.db" compare lines --suite sweep --by label --x threads 2>/dev/null &&
"$BIN" --db "$W/swb.db" compare bars --suite sweep --by label,threads 2>/dev/null || exit 1
rounds "$REPEAT" '
	PRE='"'"'rm -rf "$W/sitesw"'"'"'
	m swl "$BIN" --db "$W/swl.db" render --jobs 1 --out "$W/sitesw"
	m swb "$BIN" --db "$W/swb.db" render --jobs 1 --out "$W/sitesw"'
PRE=
r=$(ratio "$swl_cpu" "$swb_cpu")
row "sweep of $n tests, 4 labels at threads 1-16, 3 runs a point: line charts (every variant and page)" \
    "the same runs as bar charts of the same 20 groups (--by label,threads)" \
    "${r}x (${swl_cpu} s vs ${swb_cpu} s)" "<= 1.5x" "$(holds "$r" "<=" 1.5)"
rm -rf "$W/sitesw" "$W"/swl.db* "$W"/swb.db* "$W/sweep.csv"

# ---- test pages with samples against bar-chart test pages ----------------
# 10 runs (5 labels) with a result for each of $n tests and 3,600 samples
# behind each (an hour of sysbench --report-interval=1), imported as
# export --samples writes them; against the same results without their
# samples, whose test pages have the bar chart alone.  Same comparisons,
# same pages; the difference is the "Over time" section of each test page.
n=${BENCH_SAMPLE_TESTS:-10}
$GEN samples 10 "$n" 3600 "$W/tss.csv"
$GEN samples 10 "$n" 3600 "$W/tsb.csv" --plain
for v in tss tsb; do
	rm -f "$W/$v.db"*
	"$BIN" --db "$W/$v.db" import "$W/$v.csv" >/dev/null || exit 1
done
rounds "$REPEAT" '
	PRE='"'"'rm -rf "$W/sitets"'"'"'
	m tss "$BIN" --db "$W/tss.db" render --jobs 1 --out "$W/sitets"
	m tsb "$BIN" --db "$W/tsb.db" render --jobs 1 --out "$W/sitets"'
PRE=
r=$(ratio "$tss_cpu" "$tsb_cpu")
row "$n test pages of 10 runs x 3,600 samples (Over time charts, every variant and page)" \
    "the same runs' results without samples (bar-chart test pages)" \
    "${r}x (${tss_cpu} s vs ${tsb_cpu} s)" "<= 3x" "$(holds "$r" "<=" 3)"
rm -rf "$W/sitets" "$W"/tss.* "$W"/tsb.*

# ---- a store of 10 million samples: the render's peak memory -------------
# 10 runs with 3,600 samples behind each result, as many tests as make
# BENCH_SAMPLES (default 10,000,000) samples; one render, its peak RSS.
total=${BENCH_SAMPLES:-10000000}
n=$(((total + 35999) / 36000))
$GEN samples 10 "$n" 3600 "$W/big.csv"
rm -f "$W"/big.db*
"$BIN" --db "$W/big.db" import "$W/big.csv" >/dev/null || exit 1
rm -f "$W/big.csv"
REPEAT_SAVE=$REPEAT
REPEAT=1
PRE='rm -rf "$W/sitebig"'
if m big "$BIN" --db "$W/big.db" render --jobs 1 --out "$W/sitebig"; then
	rss=$((big_rss / 1024))
	row "render of a store of $((n * 36000)) samples (10 runs x $n tests x 3,600)" "itself" \
	    "peak RSS $rss MiB (${big_cpu} s)" "RSS < 256 MiB" "$(holds "$rss" "<" 256)"
else
	row "render of a store of $((n * 36000)) samples" "itself" \
	    "failed: $(grep -v '^[0-9.]* [0-9.]* [0-9]*$' "$W/big.err" | head -n 1 | cut -c1-120)" \
	    "RSS < 256 MiB" MISSES
fi
PRE=
REPEAT=$REPEAT_SAVE
rm -rf "$W/sitebig" "$W"/big.db*

# ---- against another build of benchsite (BENCH_BASE) ---------------------
# The full render's cost per chart, every variant included (PNG, SVG, the
# narrow SVG, the thumbnail, the pages), beside the same render by the
# build BENCH_BASE names (e.g. one of an earlier commit), in rounds so
# that a slow minute falls on both.  Two stores of 1,000 charts: that of
# the full render rows (a run a bar), and one that draws everything a
# chart can have: 4 runs a bar (a dot each, an error bar), half its suites
# compared by two factors (--split: clusters of 2 bars of 2 runs, a
# legend), the other half by label.  Both builds import the same store
# and define the same comparisons.
#
# Beside each ratio, the same with BENCH_BASE's heap kept ($KEEP): by
# default glibc's malloc hands a chart's image (1.6 MB and up) back to the
# kernel and faults it in again for the next chart (~400 page faults a
# chart) whenever the free space at the heap's top crosses its thresholds,
# which turns on what else happens to be allocated, so a build whose render
# does not keep its heap itself, as this one's does (keep_heap in
# cli/render.c), pays it on one store and not on another for no reason in
# its drawing.  Kept, the ratio is the builds' own work; the verdict is on
# the default, what a user pays.
KEEP=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456
if [ -n "${BENCH_BASE:-}" ] && [ -x "$BENCH_BASE" ]; then
	c=${BENCH_JOBS_STORE:-1000}
	[ -f "$W/store$c.csv" ] || $GEN store 10 $((c / 10)) 12 "$W/store$c.csv"
	$GEN store 10 $((c / 10)) 12 "$W/storeb.csv" --per 4 --split 2
	for v in plain dots; do
		for b in n b; do
			[ "$b" = n ] && bin=$BIN || bin=$BENCH_BASE
			rm -f "$W/rb$b.db"*
			if [ "$v" = plain ]; then
				"$bin" --db "$W/rb$b.db" import "$W/store$c.csv" >/dev/null || exit 1
				continue
			fi
			"$bin" --db "$W/rb$b.db" import "$W/storeb.csv" >/dev/null || exit 1
			for s in 0 2 4 6 8; do
				"$bin" --db "$W/rb$b.db" compare "clusters$s" --suite "suite$s" \
				    --by label --split split 2>"$W/compare.err" || {
					cat "$W/compare.err"
					exit 1
				}
			done
		done
		rounds "$REPEAT" '
			PRE='"'"'rm -rf "$W/siten"'"'"'
			m vnew "$BIN" --db "$W/rbn.db" render --jobs 1 --out "$W/siten"
			PRE='"'"'rm -rf "$W/siteb"'"'"'
			m vbase "$BENCH_BASE" --db "$W/rbb.db" render --jobs 1 --out "$W/siteb"
			m kbase env GLIBC_TUNABLES=$KEEP "$BENCH_BASE" --db "$W/rbb.db" render --jobs 1 --out "$W/siteb"'
		PRE=
		nb=$(ls "$W/siten" | grep -c -- '-thumb\.png$' || true)
		bb=$(ls "$W/siteb" | grep -c -- '-thumb\.png$' || true)
		pn=$(awk -v a="$vnew_cpu" -v n="$nb" 'BEGIN { printf "%.2f", a * 1000 / n }')
		pb=$(awk -v a="$vbase_cpu" -v n="$bb" 'BEGIN { printf "%.2f", a * 1000 / n }')
		kb=$(awk -v a="$kbase_cpu" -v n="$bb" 'BEGIN { printf "%.2f", a * 1000 / n }')
		r=$(ratio "$pn" "$pb")
		if [ "$v" = plain ]; then
			what="full render, $nb charts, a run a bar, per chart, every variant"
		else
			what="full render, $nb charts, 4 runs a bar (dots, error bars), half in clusters, per chart, every variant"
		fi
		row "$what" "BENCH_BASE ($bb charts)" \
		    "${r}x (${pn} ms vs ${pb} ms a chart); base's heap kept: $(ratio "$pn" "$kb")x (${kb} ms)" \
		    "<= 1.2x" "$(holds "$r" "<=" 1.2)"
	done
	rm -rf "$W/siten" "$W/siteb" "$W"/rb?.db* "$W/storeb.csv"
fi

# ---- --jobs 2 vs --jobs 1 (wall) ----------------------------------------
c=${BENCH_JOBS_STORE:-1000}
PRE='rm -rf "$W/sitej"'
rounds "$REPEAT" '
	m j1 "$BIN" --db "$W/r$c.db" render --jobs 1 --out "$W/sitej"
	m j2 "$BIN" --db "$W/r$c.db" render --jobs 2 --out "$W/sitej"'
PRE=
r=$(ratio "$j1_wall" "$j2_wall")
row "render --jobs 2, $c charts, wall time" "--jobs 1" \
    "${r}x faster (${j2_wall} s vs ${j1_wall} s)" ">= 1.7x on 2 CPUs" "$(holds "$r" ">=" 1.7)"

# ---- incremental render --------------------------------------------------
# At two sizes: the new run joins one suite of ten (1,000 charts) and one
# of a hundred (10,000) with a result for each test of its suite, so its
# 100 charts are a tenth, then a hundredth, of the site, and what the
# render pays besides them shows as it grows.
for c in ${BENCH_INC_STORES:-1000 10000}; do
	if [ ! -f "$W/r$c.db" ]; then
		row "render after one new run, $c charts" "full render" \
		    "skipped: BENCH_STORES made no store of $c charts" "<= 10%" -
		continue
	fi
	eval "t=\$tests$c"	# the new run has a result for each test of suite 0
	$GEN newrun 0 "$t" "$W/newrun.csv"
	# The floor under the render after the new run: what changed,
	# rendered from nothing in a store that holds only it (suite 0 and
	# the new run), with no site to read, link or replace.  An incremental
	# render cannot cost much less (it links, not builds, the 12 old runs'
	# pages this one builds) unless it draws a chart for less than a full
	# render does.
	awk -F, 'NR == 1 || $3 == "suite0"' "$W/store$c.csv" >"$W/alone.csv"
	rm -f "$W"/alone.db*
	"$BIN" --db "$W/alone.db" import "$W/alone.csv" >/dev/null &&
	"$BIN" --db "$W/alone.db" import "$W/newrun.csv" >/dev/null || exit 1
	# rounds of: the store rendered whole and the new run imported
	# (untimed), then the render after it, the render with nothing
	# changed, the full render and the floor.  Each round first renders
	# the whole store: 2 rounds at 10,000 charts; at 1,000 at least 5,
	# as the ratio sits near its target.
	n=$REPEAT
	if [ "$c" -ge 10000 ]; then
		n=2
	elif [ "$n" -lt 5 ]; then
		n=5
	fi
	fresh='rm -rf "$W/sitei"; cp "$W/r$c.db" "$W/i.db"; rm -f "$W/i.db-wal" "$W/i.db-shm";
	     "$BIN" --db "$W/i.db" render --quiet --out "$W/sitei" >/dev/null;
	     "$BIN" --db "$W/i.db" import "$W/newrun.csv" >/dev/null'
	rounds "$n" '
	PRE=$fresh
	m inc "$BIN" --db "$W/i.db" render --jobs 1 --out "$W/sitei"
	PRE=
	m same "$BIN" --db "$W/i.db" render --jobs 1 --out "$W/sitei"
	PRE="rm -rf \"\$W/sitei\""
	m fullr "$BIN" --db "$W/i.db" render --jobs 1 --out "$W/sitei"
	PRE="rm -rf \"\$W/sitea\""
	m alone "$BIN" --db "$W/alone.db" render --jobs 1 --out "$W/sitea"
	PRE='
	r=$(awk -v a="$inc_cpu" -v b="$fullr_cpu" 'BEGIN { printf "%.1f", 100 * a / b }')
	row "render after one new run ($t of $c charts change)" "full render" \
	    "${r}% (${inc_cpu} s vs ${fullr_cpu} s)" "<= 10%" "$(holds "$r" "<=" 10)"
	r=$(awk -v a="$alone_cpu" -v b="$fullr_cpu" 'BEGIN { printf "%.1f", 100 * a / b }')
	f=$(ratio "$inc_cpu" "$alone_cpu")
	row "the $t changed charts and their pages alone, from nothing (a store of suite 0 and the new run)" \
	    "full render of $c charts" \
	    "${r}% (${alone_cpu} s vs ${fullr_cpu} s); the render after the new run is ${f}x this" \
	    "- (the floor of the row above)" -
	r=$(awk -v a="$same_cpu" -v b="$fullr_cpu" 'BEGIN { printf "%.1f", 100 * a / b }')
	row "render with nothing changed, $c charts" "full render" \
	    "${r}% (${same_cpu} s vs ${fullr_cpu} s)" "<= 2%" "$(holds "$r" "<=" 2)"
	rm -rf "$W/sitei" "$W/sitea" "$W"/i.db* "$W"/alone.*
done

# ---- sysbench log with per-second lines ----------------------------------
REPEAT_SAVE=$REPEAT
REPEAT=1
prev=""
for mb in ${BENCH_SYSBENCH_MB:-128 256 512 1024}; do
	$GEN sysbench "$mb" "$W/sb.txt"
	PRE='rm -f "$W"/sb.db*'
	if m sb "$BIN" --db "$W/sb.db" import "$W/sb.txt"; then
		rss=$((sb_rss / 1024))
		per=$(awk -v a="$sb_cpu" -v b="$mb" 'BEGIN { printf "%.2f", 1000 * a / b }')
		lin=-
		[ -n "$prev" ] && lin=$(holds "$(ratio "$per" "$prev")" "<=" 1.25)
		[ -z "$prev" ] && prev=$per
		row "import $mb MiB sysbench log, per-second lines" "itself" \
		    "peak RSS $rss MiB, ${per} ms/MiB (${sb_cpu} s)" "RSS < 64 MiB, linear" \
		    "$(holds "$rss" "<" 64) / $lin"
	else
		row "import $mb MiB sysbench log, per-second lines" "itself" \
		    "failed: $(grep -v '^[0-9.]* [0-9.]* [0-9]*$' "$W/sb.err" | head -n 1 | cut -c1-120)" \
		    "RSS < 64 MiB, linear" MISSES
	fi
	rm -f "$W/sb.txt" "$W"/sb.db*
done
REPEAT=$REPEAT_SAVE

# ---- summary and render of many groups or many tests ----------------------
# A comparison of N labels of one test, and one of a label's N tests: the
# cost at 4N against the cost at N, where the work is linear in the
# figures (4x; a step that pairs every group or test with every other:
# 16x).  N: $BENCH_SCALE (default 5000 for summary, a tenth for render).
sc=${BENCH_SCALE:-5000}
scale_csv() {	# SHAPE N FILE
	awk -v n="$2" -v shape="$1" 'BEGIN {
		print "run,label,suite,test,metric,value,unit,better,status"
		for (i = 0; i < n; i++)
			if (shape == "labels")
				printf "r%d,l%d,s,t,time,%d.5,s,lower,ok\n", i, i, i % 97 + 1
			else
				printf "r0,a,s,t%d,time,%d.5,s,lower,ok\n", i, i % 97 + 1
	}' > "$3"
}
for shape in labels tests; do
	for what in summary render; do
		n=$sc
		[ "$what" = render ] && n=$((sc / 10))
		for k in 1 4; do
			rm -f "$W"/sc$k.db*
			scale_csv "$shape" $((k * n)) "$W/sc.csv"
			"$BIN" --db "$W/sc$k.db" import "$W/sc.csv" >/dev/null 2>&1
		done
		if [ "$what" = render ]; then
			PRE='rm -rf "$W/scsite"'
			m sca "$BIN" --db "$W/sc1.db" render --out "$W/scsite" &&
				m scb "$BIN" --db "$W/sc4.db" render --out "$W/scsite"
		else
			PRE=
			m sca "$BIN" --db "$W/sc1.db" summary &&
				m scb "$BIN" --db "$W/sc4.db" summary
		fi
		if [ $? -ne 0 ]; then
			row "$what of $((4 * n)) $shape" "$n $shape" "failed: $(head -c 200 "$W/scb.err")" "<= 6x" MISSES
			continue
		fi
		PRE=
		r=$(ratio "$scb_cpu" "$sca_cpu")
		of="labels of one test"
		[ "$shape" = tests ] && of="tests of one label"
		row "$what of $((4 * n)) $of" "$n $of" \
		    "${r}x (${scb_cpu} s vs ${sca_cpu} s; peak RSS $((scb_rss / 1024)) MiB)" \
		    "<= 6x" "$(holds "$r" "<=" 6)"
		rm -rf "$W"/sc*.db* "$W/scsite" "$W/sc.csv"
	done
done
