# sysbench.test.sh: the sysbench parser against every file of
# ../shared/corpus/sysbench-0.4, -0.5, -1.0 and tests/fixtures/sysbench/.
# For each file, in an empty store:
#   - the export (with attributes) equals tests/golden/sysbench/NAME.tsv;
#   - a digest of the interim samples (per test and metric: count, first
#     and last t, sum) equals NAME.samples.tsv;
#   - what import printed on stderr (warnings, or the error of a file that
#     is refused) equals NAME.err, the file's path written as FILE;
#   - the figures every version prints under a label equal an independent
#     reading by sysbench-crosscheck.awk.
# Then malformed input: exit 1, a message naming file and line, and the
# store byte for byte unchanged (the pattern of malformed.test.sh).
# GOLDEN_UPDATE=1 rewrites the golden files (review the diff).
. "$TOP/tests/lib.sh"
need sqlite3 python3

G=$TOP/tests/golden/sysbench
db() { rm -f "$T/db" "$T/db-wal" "$T/db-shm"; }

one() {
	f=$1 name=$(basename "$1"); shift
	db
	bs import "$@" "$f" >/dev/null 2>"$T/err0"
	rc=$?
	sed "s|$f|FILE|g" "$T/err0" > "$T/err"
	bs export --attrs > "$T/got" 2>/dev/null || : > "$T/got"
	sqlite3 -separator '	' "$(flat "$T/db" 2>/dev/null)" "select test, metric, count(*), min(t),
		max(t), round(sum(value), 6) from sample group by test, metric
		order by test, metric" > "$T/samples" 2>/dev/null || : > "$T/samples"
	if [ "${GOLDEN_UPDATE:-}" = 1 ]; then
		cp "$T/got" "$G/$name.tsv"
		cp "$T/samples" "$G/$name.samples.tsv"
		cp "$T/err" "$G/$name.err"
	fi
	for k in tsv samples.tsv err; do
		case $k in tsv) got=$T/got;; samples.tsv) got=$T/samples;; err) got=$T/err;; esac
		if cmp -s "$got" "$G/$name.$k"; then
			ok "$name: $k equals tests/golden/sysbench/$name.$k"
		else
			notok "$name: $k differs from tests/golden/sysbench/$name.$k"
			diff "$G/$name.$k" "$got" | head -5
		fi
	done
	[ $rc -ne 0 ] && return
	# figures with float noise (120636.18000000001) have more digits
	# than %.10g keeps; no printed or derived figure has
	bs export | tail -n +2 | awk -F '\t' -v f="$name" '$6 != "" &&
		$6 != sprintf("%.10g", $6) { print f ": " $4 " " $5 " " $6 }' >> "$T/noise"
	awk -f "$TOP/tests/sysbench-crosscheck.awk" "$f" | sort > "$T/want"
	bs export | tail -n +2 | awk -F '\t' '$5 ~ /^(total_time|total_events|latency_(min|avg|max)|transactions_per_sec|queries_per_sec)$/ {
		printf "%d %s %.10g\n", $1, $5, $6 }
		$5 == "transactions_per_sec" { printf "%d test %s\n", $1, $4 }' | sort > "$T/got6"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got6"; then
		ok "$name: $(wc -l < "$T/want") figures as an independent reading finds them"
	else
		notok "$name: figures differ from an independent reading"
		diff "$T/want" "$T/got6" | head -5
	fi
}

: > "$T/noise"
found=0
for d in sysbench-0.4 sysbench-0.5 sysbench-1.0; do
	if [ -d "$CORPUS/$d" ]; then
		for f in "$CORPUS/$d"/*; do
			case $f in */PROVENANCE.md) continue;; esac
			one "$f"; found=1
		done
	fi
done
[ $found = 1 ] || skip "sysbench corpus files" "../shared/corpus is absent"
for f in "$TOP"/tests/fixtures/sysbench/*.txt; do one "$f"; done

check "no sysbench figure, printed or derived, carries float noise ($(wc -l < "$T/noise") found)" \
	test ! -s "$T/noise"

# ---- derived figures, OLTP workloads ----------------------------------
O4=$CORPUS/sysbench-0.5/hgxl64_series06_res12_oltp-ro-64thr.res
PS=$CORPUS/sysbench-1.0/plantegg_oltp_point_select_1threads.log
RW=$CORPUS/sysbench-1.0/plantegg_oltp_read_write_16threads.log
if [ -f "$O4" ] && [ -f "$PS" ] && [ -f "$RW" ]; then
	# 0.5 queries/s = read/write requests + other operations per second
	# (105556.66 + 15079.52): the sum to the rates' 2 decimals
	db
	bs import "$O4" >/dev/null
	qps=$(bs export | awk -F '\t' '$5 == "queries_per_sec" { print $6 }')
	check "0.5 queries/s derived without float noise: 120636.18 (was 120636.18000000001)" \
		test "$qps" = 120636.18
	# a point-select and a read/write output that do not name their
	# script: two tests, named by their query mix, never one 'oltp'
	db
	bs import "$PS" "$RW" "$TOP/sample-data/raw/tmpfs-oltp_read_write.out" >/dev/null
	check "1.0 outputs that name no script are told apart by their mix (1/0/0, 14/4/2)" \
		test "$(bs export | tail -n +2 | cut -f4 | sort -u | tr '\n' ' ')" = "oltp_point_select oltp_read_write "
	check "and no run is left as test 'oltp' (the old shared name)" \
		sh -c '! "$1" --db "$2" export | cut -f4 | grep -qx oltp' _ "$BIN" "$T/db"
	# an old store (what the parser wrote before: every one 'oltp', and
	# the noisy sum) is mended by reparse
	db
	bs import "$PS" "$RW" "$O4" >/dev/null
	bs export > "$T/new.tsv"
	sqlite3 "$T/db" "update result set test = 'oltp'; update sample set test = 'oltp';
		update result set value = 120636.18000000001 where metric = 'queries_per_sec' and value = 120636.18"
	check "the old store has test 'oltp' only" test "$(bs export | tail -n +2 | cut -f4 | sort -u)" = oltp
	out=$(bs reparse | tail -1)
	check "reparse of the old store gives the new names and the exact sum ($out)" sh -c \
		'test "$1" = "3 sources, 3 changed" && "$2" --db "$3" export | cmp -s - "$4"' _ "$out" "$BIN" "$T/db" "$T/new.tsv"
	check "and the samples' tests too" test \
		"$(sqlite3 "$T/db" "select group_concat(distinct test) from (select test from sample order by test)")" = "oltp_point_select,oltp_read_only,oltp_read_write"
	# a script named by --test or a command line wins over the mix;
	# 'oltp' (0.4's --test=oltp, 0.5's oltp.lua) names no workload
	db
	bs import --test select_random_points "$PS" >/dev/null
	check "--test names the script even where the mix would say another" \
		test "$(bs export | tail -n +2 | cut -f4 | sort -u)" = select_random_points
	db
	bs import --test oltp "$PS" >/dev/null
	check "--test oltp leaves the name to the mix" \
		test "$(bs export | tail -n +2 | cut -f4 | sort -u)" = oltp_point_select
	{ echo '$ sysbench /usr/share/sysbench/select_random_ranges.lua --threads=1 run'; cat "$PS"; } > "$T/cmd.txt"
	db
	bs import "$T/cmd.txt" >/dev/null
	check "a command line before the banner names the script" \
		test "$(bs export | tail -n +2 | cut -f4 | sort -u)" = select_random_ranges
	{ echo '# sysbench --test=oltp --oltp-read-only=on --num-threads=64 run'; cat "$O4"; } > "$T/cmd.txt"
	db
	bs import "$T/cmd.txt" >/dev/null
	check "a command line with --test=oltp leaves it to the mix (14/0/2: oltp_read_only)" \
		test "$(bs export | tail -n +2 | cut -f4 | sort -u)" = oltp_read_only
else
	skip "derived-figure checks on the corpus" "../shared/corpus is absent"
fi
# mixes no default script has: named by the mix itself, never 'oltp'
# MIX READ WRITE OTHER TX: v10-wrapped-oltp.txt with those counts
mix() {
	sed -e "24s/2940/$1/" -e "25s/840/$2/" -e "26s/420/$3/" \
	    -e "28s/210 /$4 /" "$TOP/tests/fixtures/sysbench/v10-wrapped-oltp.txt" |
		sed '2d' > "$T/mix.txt"
	db
	bs import "$T/mix.txt" >/dev/null 2>&1
	bs export | tail -n +2 | cut -f4 | sort -u
}
check "one write a transaction (insert, update or delete: cannot be told apart): 'oltp r/w/o 0/1/0'" \
	test "$(mix 0 210 0 210)" = "oltp r/w/o 0/1/0"
check "read/write with --skip_trx: 'oltp r/w/o 14/4/0'" \
	test "$(mix 2940 840 0 210)" = "oltp r/w/o 14/4/0"
check "a mix of no whole numbers: one decimal ('oltp r/w/o 9.5/0/2')" \
	test "$(mix 2000 0 420 210)" = "oltp r/w/o 9.5/0/2"
check "a few retried queries do not change the mix (2950/840/420 over 210: oltp_read_write)" \
	test "$(mix 2950 840 420 210)" = oltp_read_write
check "write-only (0/4/2): oltp_write_only" test "$(mix 0 840 420 210)" = oltp_write_only

# --test names an OLTP script the output does not name; it does not rename
# tests the output names (cpu here)
db
cat "$TOP/tests/fixtures/sysbench/v10-fatal-partial.txt" \
    "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" > "$T/mixed.txt"
bs import --test oltp_point_select "$T/mixed.txt" >/dev/null 2>&1
check "--test names the OLTP run" test "$(bs export | cut -f4 | sort -u | tr '\n' ' ')" = "cpu oltp_point_select test "
# a warning does not make the import fail, and says where
db
bs import "$T/mixed.txt" >/dev/null 2>"$T/err"
check "a file with a failed run and good ones imports (exit 0)" test $? -eq 0
check "the failed run is a warning naming its FATAL line" \
	grep -q "^benchsite: $T/mixed.txt:48: warning: sysbench 1.0.20 output stopped before any statistics: FATAL: unable to connect" "$T/err"

# a run whose banner lost its first letter ("ysbench 1.0.20"): its
# statistics are a run of their own, split at its "Running the test" line,
# with a warning naming that line; without that line either, the second
# statistics block is a warning naming its heading, never silently dropped
LB=$TOP/tests/fixtures/sysbench/v10-lost-banner.txt
db
bs import "$LB" >/dev/null 2>"$T/err"
check "a run without its banner is a run of its own (cpu, memory)" \
	test "$(bs export | tail -n +2 | cut -f1,4 | sort -u | tr '\n' ' ')" = "1	cpu 2	memory "
check "the split is a warning naming the run's first line" \
	grep -q "^benchsite: $LB:34: warning: a second sysbench run starts here without its banner" "$T/err"
sed '34d' "$LB" > "$T/lost-twice.txt"
db
bs import "$T/lost-twice.txt" >/dev/null 2>"$T/err"
check "a second statistics block nothing splits at is a warning naming it" \
	grep -q "^benchsite: $T/lost-twice.txt:48: warning: a second statistics block in the sysbench 1.0.20 run starting at line 1" "$T/err"

# sysbench 1.1 fileio with its Throughput (IOPS) and Latency blocks but no
# general statistics (as an output quoted on LKML): stored, not refused
sed '29,33d' "$TOP/tests/fixtures/sysbench/v11-fileio-throughput.txt" > "$T/v11-nogeneral.txt"
db
bs import "$T/v11-nogeneral.txt" >/dev/null 2>"$T/err"
check "1.1 fileio without general statistics imports ($(head -c 200 "$T/err"))" \
	test "$(bs export | awk -F'\t' '$5 == "reads_per_sec" || $5 == "fsyncs_per_sec" || $5 == "latency_avg" { printf "%s=%s ", $5, $6 }')" = "reads_per_sec=9616 fsyncs_per_sec=0 latency_avg=0.1 "

# detection: the banner anywhere in a line, never a command line alone
printf 'x\n$ sysbench --test=cpu run\n' > "$T/cmdonly.txt"
db
bs import "$T/cmdonly.txt" >/dev/null 2>"$T/err"
check "a command line alone is not a sysbench file" grep -q "cannot tell which tool" "$T/err"

# ---- malformed input ----
db
bs import "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"


# FX LINE FROM TO: fixture FX with line LINE's FROM replaced by TO
edit() { sed "$2s/$3/$4/" "$TOP/tests/fixtures/sysbench/$1"; }

edit v10-wrapped-oltp.txt 34 '2.0001s' '2.0001' > "$T/time-unit.txt"
bad time-unit.txt 34 "'total time': expected a number with its unit"
edit v10-wrapped-oltp.txt 35 '210' '2x10' > "$T/events.txt"
bad events.txt 35 "'total number of events': expected a number"
edit v10-wrapped-oltp.txt 28 '(105.00 per sec.)' '105.00 per sec.' > "$T/tps.txt"
bad tps.txt 28 "'transactions': expected 'N (X per sec.)'"
edit v10-wrapped-oltp.txt 15 'tps: 100.00' 'tps: abc' > "$T/interim-num.txt"
bad interim-num.txt 15 "interim report: 'tps:' expects a number"
edit v10-wrapped-oltp.txt 16 'err\/s' 'oops' > "$T/interim-field.txt"
bad interim-field.txt 16 "interim report: unexpected 'oops:'"
edit v10-wrapped-oltp.txt 15 '\[ 1s \]' '[ 1x ]' > "$T/interim-time.txt"
bad interim-time.txt 15 "interim report: expected '\[ Ns \]'"
edit v10-wrapped-oltp.txt 38 '20.00' '-20.00' > "$T/negative.txt"
bad negative.txt 38 "'min': expected a number"
edit v04-memory-threads-mutex.txt 28 '12.34ms' '12.34' > "$T/latency-unit.txt"
bad latency-unit.txt 28 "'max': expected a number with its unit"
edit v04-memory-threads-mutex.txt 16 '10485760 ( 2000.50 ops\/sec)' '10485760 (2000.50 ops)' > "$T/memops.txt"
bad memops.txt 16 "'Operations performed': expected"
edit v05-fileio-memory.txt 22 '0 reads, 262144 writes' '0 reads, lots writes' > "$T/fileio-ops.txt"
bad fileio-ops.txt 22 "'Operations performed': expected 'N Read, N Write"
edit v05-fileio-memory.txt 23 'Written 4Gb' 'Written 4Qb' > "$T/fileio-size.txt"
bad fileio-size.txt 23 "'Read/Written': expected"
sed '34{p;}' "$TOP/tests/fixtures/sysbench/v10-wrapped-oltp.txt" > "$T/twice.txt"
bad twice.txt 35 "'total time' given twice in one run (first at line 34)"
sed '31{p;}' "$TOP/tests/fixtures/sysbench/v11-fileio-throughput.txt" > "$T/twice11.txt"
bad twice11.txt 32 "'time elapsed' given twice in one run (first at line 31)"
edit v04-memory-threads-mutex.txt 4 'Number of threads: 4' 'Number of threads: four' > "$T/threads.txt"
bad threads.txt 4 "'Number of threads': expected a count"
# only failed runs: refused, naming the FATAL line
sed -n '39,$p' "$TOP/tests/fixtures/sysbench/v10-fatal-partial.txt" > "$T/onlyfatal.txt"
bad onlyfatal.txt 10 "stopped before any statistics: FATAL: unable to connect"
head -20 "$TOP/tests/fixtures/sysbench/v10-wrapped-oltp.txt" > "$T/truncated.txt"
bad truncated.txt 3 "run starting here has no statistics"
# statistics heading with nothing under it
printf 'sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\nGeneral statistics:\n' > "$T/empty-stats.txt"
bad empty-stats.txt 1 "statistics of the sysbench run starting here hold no figure"
