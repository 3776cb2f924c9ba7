# runparam.test.sh: `benchsite run` for real methods: --param sweeps
# (every combination, {K} in the words, K as an attribute), --warmup (run,
# never stored), --prepare and --cleanup (in --dir, before and after each
# combination, in order; a failing prepare; the cleanup after a failure and
# after Ctrl-C), Ctrl-C in the middle of a sweep, and --save on failure and
# on Ctrl-C.  The benchmark is a stand-in: a shell script printing what
# sysbench 1.0 prints for cpu, built from its arguments (--threads=N gives
# "Number of threads: N"; a counter makes each output differ), and
# writing what it was asked and where to a log.
. "$TOP/tests/lib.sh"
need sqlite3

runs() { q "select count(*) from run"; }

# The stand-in.  A file $T/fail-MODE-ARG makes MODE (prepare, cleanup,
# run) fail for that argument (threads for run); $T/slow-N makes a run of
# N threads say so in $T/started and wait 30 s, $T/slow-cleanup-N the
# same for a cleanup (in $T/started-cleanup).
cat > "$T/fake.sh" <<EOF
mode=\$1; shift
case \$mode in
prepare|cleanup)
	echo "\$mode \$* in \$(pwd)" >> "$T/log"
	if [ -e "$T/slow-\$mode-\$1" ]; then touch "$T/started-\$mode"; sleep 30; fi
	if [ -e "$T/fail-\$mode-\$1" ]; then
		echo "\$mode: working"; echo "FATAL: cannot \$mode (\$1)"; exit 3
	fi
	echo "\$mode done"; exit 0 ;;
esac
threads=1
for a; do case \$a in --threads=*) threads=\${a#--threads=} ;; esac; done
n=\$(( \$(cat "$T/count" 2>/dev/null || echo 0) + 1 ))
echo \$n > "$T/count"
echo "\$mode \$* in \$(pwd)" >> "$T/log"
if [ -e "$T/slow-\$threads" ]; then touch "$T/started"; sleep 30; fi
if [ -e "$T/fail-run-\$threads" ]; then echo "FATAL: run failed"; exit 2; fi
cat <<OUT
sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

Running the test with following options:
Number of threads: \$threads
Initializing random number generator from current time


Prime numbers limit: 5000

Initializing worker threads...

Threads started!

CPU speed:
    events per second:  \$((threads * 1000 + n)).50

General statistics:
    total time:                          3.0002s
    total number of events:              \$((threads * 3000 + n))

Latency (ms):
         min:                                    0.11
         avg:                                    0.20
         max:                                   12.15
         95th percentile:                        0.16
         sum:                                 5978.84

Threads fairness:
    events (avg/stddev):           14923.0000/254.00
    execution time (avg/stddev):   2.9894/0.00

OUT
EOF
F="sh $T/fake.sh"
mkdir -p "$T/work" "$T/here"
cd "$T/here" || exit 1

# reset: an empty store, log and counter, no failure planted
reset() {
	fresh
	rm -f "$T/log" "$T/count" "$T"/fail-* "$T"/slow-* "$T"/started* \
		"$T"/here/*
}

# ---- a sweep of two settings, with warm-ups, prepare and cleanup ----
reset
bs run --label sweep --dir "$T/work" --param threads=1,2 --param size=a,b \
	--repeat 2 --warmup 1 --prepare "$F prepare {threads} {size}" \
	--cleanup "$F cleanup {threads}" -- $F cpu --threads={threads} \
	--size={size} run >"$T/out" 2>"$T/err"
rc=$?
check "sweep: exit 0" [ "$rc" = 0 ]
check "sweep: 2 x 2 combinations x 2 repeats = 8 runs" [ "$(runs)" = 8 ]
check "sweep: each combination twice, as attributes threads and size" [ \
	"$(q "select t.value || s.value || ':' || count(*) from run_attr t
	      join run_attr s on s.run_id = t.run_id and s.key = 'size'
	      where t.key = 'threads' group by t.value, s.value order by 1" | tr '\n' ' ')" = \
	"1a:2 1b:2 2a:2 2b:2 " ]
check "sweep: the first --param outermost (runs 1-4 threads=1, 5-8 threads=2)" [ \
	"$(q "select group_concat(value, '') from (select value from run_attr
	      where key = 'threads' order by run_id)")" = 11112222 ]
check "command is recorded as written, {K} and all, the same for every run (the setting is its own attribute)" [ \
	"$(q "select count(*) || ' ' || count(distinct value) || ' ' || max(value) from run_attr
	      where key = 'command'")" = "8 1 sh $T/fake.sh cpu --threads={threads} --size={size} run" ]
check "{K} substituted in what ran: each combination's arguments in the log" [ \
	"$(grep -c "^cpu --threads=2 --size=b run in " "$T/log")" = 3 ]
check "{K} reached the program: the figures it printed for --threads=2" [ \
	"$(q "select count(*) from result r join run_attr t on t.run_id = r.run_id
	      and t.key = 'threads' where r.metric = 'events_per_sec' and
	      r.value >= t.value * 1000 and r.value < t.value * 1000 + 100")" = 8 ]
check "warm-ups ran (4 x 1 warm-up + 8 repeats = 12 calls) but are not stored (8 sources)" \
	sh -c "[ \$(grep -c '^cpu ' '$T/log') = 12 ] && \
	       [ \$(sqlite3 '$T/db' 'select count(*) from source') = 8 ]"
check "warm-ups: a line each says so" \
	[ "$(grep -c '^benchsite: warm-up 1/1, threads=[12], size=[ab]: done in .*; not imported$' "$T/err")" = 4 ]
check "warm-ups: the first stored run of a combination is the one after the warm-up" [ \
	"$(q "select group_concat(cast(value as int) % 1000, ' ') from (select value
	      from result where metric = 'events_per_sec' order by run_id)")" = \
	"2 3 5 6 8 9 11 12" ]
printf '%s\n' "prepare 1 a" "cpu --threads=1 --size=a run" "cpu --threads=1 --size=a run" \
	"cpu --threads=1 --size=a run" "cleanup 1" \
	"prepare 1 b" "cpu --threads=1 --size=b run" "cpu --threads=1 --size=b run" \
	"cpu --threads=1 --size=b run" "cleanup 1" \
	"prepare 2 a" "cpu --threads=2 --size=a run" "cpu --threads=2 --size=a run" \
	"cpu --threads=2 --size=a run" "cleanup 2" \
	"prepare 2 b" "cpu --threads=2 --size=b run" "cpu --threads=2 --size=b run" \
	"cpu --threads=2 --size=b run" "cleanup 2" | sed "s|\$| in $T/work|" > "$T/want"
check "prepare, warm-up, repeats, cleanup: in this order for each combination, all in --dir" \
	cmp -s "$T/want" "$T/log"
check "what prepare and cleanup print goes to stderr, not stdout (the command's)" \
	sh -c "grep -q '^prepare done' '$T/err' && ! grep -q '^prepare done' '$T/out' &&
	       [ \$(grep -c '^CPU speed:' '$T/out') = 8 ]"
check "the runs record warmup, prepare and cleanup as written" [ \
	"$(q "select group_concat(key || '=' || value, '|') from run_attr where run_id = 8
	      and key in ('warmup', 'prepare', 'cleanup') order by key")" = \
	"cleanup=sh $T/fake.sh cleanup {threads}|prepare=sh $T/fake.sh prepare {threads} {size}|warmup=1" ]
check "the summary lines name run i of all and the combination" \
	grep -q '^benchsite: run 7/8, threads=2, size=b: 1 run, 7 results (sysbench)$' "$T/err"

# the progress line on a terminal
if command -v script >/dev/null; then
	reset
	script -qec "'$BIN' --db '$T/db' run --param threads=1,2 --repeat 2 \
		-- $F cpu --threads={threads} run" /dev/null >"$T/tty" 2>&1
	check "progress line on a terminal: [repeat 2 of 2, threads=2 (4 of 4)] and the command" \
		grep -q "^\[repeat 2 of 2, threads=2 (4 of 4)\] sh $T/fake.sh cpu --threads=2 run" "$T/tty"
	check "progress line: [repeat 1 of 2, threads=2 (3 of 4)] before it" \
		grep -q '^\[repeat 1 of 2, threads=2 (3 of 4)\] ' "$T/tty"
else
	skip "progress line on a terminal" "script(1) is not installed"
fi

# ---- --prepare's words: quotes and backslashes, never a shell ----
reset
bs run --param threads=3 --prepare "$F prepare {threads} 'a b' \"c\\\"d\" e\\ f \$HOME;x" \
	-- $F cpu --threads={threads} run >/dev/null 2>"$T/err"
check "quoted words: one argument each, nothing expanded" \
	[ "$(head -1 "$T/log")" = "prepare 3 a b c\"d e f \$HOME;x in $T/here" ]
check "quoted words: the prepare attribute is the words joined" [ \
	"$(q "select value from run_attr where key = 'prepare'")" = \
	"sh $T/fake.sh prepare {threads} a b c\"d e f \$HOME;x" ]

# ---- a failing prepare ----
reset
touch "$T/fail-prepare-2"
dump "$T/db" >/dev/null 2>&1
bs run --dir "$T/work" --param threads=1,2,4 --prepare "$F prepare {threads}" \
	--cleanup "$F cleanup {threads}" -- $F cpu --threads={threads} run \
	>/dev/null 2>"$T/err"
rc=$?
check "failing prepare: exit 1" [ "$rc" = 1 ]
check "failing prepare: says which, its status and that its combination made no run" \
	grep -q "^benchsite: prepare, threads=2: 'sh' exited with status 3; no run of threads=2 made; its output is in benchsite-run\.[0-9]*\.[0-9]*\.out$" "$T/err"
check "failing prepare: then its last lines" \
	sh -c "sed -n '/the last lines it printed:/,\$p' '$T/err' | grep -q 'FATAL: cannot prepare (2)'"
kept=$(sed -n 's/^benchsite: prepare.*its output is in //p' "$T/err")
check "failing prepare: its output kept in $kept" \
	[ "$(cat "$kept" 2>/dev/null)" = "$(printf 'prepare: working\nFATAL: cannot prepare (2)')" ]
check "failing prepare: the runs of threads=1 kept, none of threads=2 or 4" [ \
	"$(q "select group_concat(value) from run_attr where key = 'threads'")" = 1 ]
check "failing prepare: its cleanup ran all the same; threads=4 never started" [ \
	"$(sed "s| in $T/work||" "$T/log" | tr '\n' '|')" = \
	"prepare 1|cpu --threads=1 run|cleanup 1|prepare 2|cleanup 2|" ]
check "failing prepare: says how many runs were imported" \
	grep -q '^benchsite: stopped: 1 of 3 runs imported$' "$T/err"

# a failing cleanup stops the sweep too, the runs made are kept
reset
touch "$T/fail-cleanup-1"
bs run --param threads=1,2 --cleanup "$F cleanup {threads}" \
	-- $F cpu --threads={threads} run >/dev/null 2>"$T/err"
check "failing cleanup: exit 1, its runs kept, the next combination not run" \
	sh -c "[ $? = 1 ] && [ $(runs) = 1 ] && ! grep -q 'threads=2' '$T/log'"
check "failing cleanup: says which and its status" \
	grep -q "^benchsite: cleanup, threads=1: 'sh' exited with status 3; " "$T/err"

# a failing repeat: the cleanup of its combination runs
reset
touch "$T/fail-run-2"
bs run --param threads=1,2,4 --cleanup "$F cleanup {threads}" \
	-- $F cpu --threads={threads} run >/dev/null 2>"$T/err"
check "failing repeat: exit 1, says it, cleanup of threads=2 ran, threads=4 not" \
	sh -c "[ $? = 1 ] && grep -q \"^benchsite: run 2/3, threads=2: 'sh' exited with status 2; nothing imported\" '$T/err' &&
	       [ \"\$(sed 's| in .*||' '$T/log' | tr '\n' '|')\" = 'cpu --threads=1 run|cleanup 1|cpu --threads=2 run|cleanup 2|' ]"

# ---- Ctrl-C in the middle of a sweep, with --save ----
reset
touch "$T/slow-2"
interrupt INT "$T/started" "$BIN" --db "$T/db" run --param threads=1,2,4 \
	--repeat 2 --save "$T/here/s.txt" --cleanup "$F cleanup {threads}" \
	-- $F cpu --threads={threads} run
check "Ctrl-C in a sweep: exit 1" [ "$rc" = 1 ]
check "Ctrl-C in a sweep: stopped at once (${took}s, not 30)" [ "$took" -lt 15 ]
check "Ctrl-C in a sweep: the two runs of threads=1 kept, nothing of threads=2" [ \
	"$(q "select group_concat(value) from run_attr where key = 'threads'")" = "1,1" ]
check "Ctrl-C in a sweep: nothing half-written (every stored run has its 7 results, the store is whole)" \
	sh -c "[ \"\$(sqlite3 '$T/db' 'select count(*) from result')\" = 14 ] &&
	       [ \"\$(sqlite3 '$T/db' 'pragma integrity_check')\" = ok ]"
check "Ctrl-C in a sweep: says it was interrupted, and runs the cleanup of threads=2" \
	sh -c "grep -q '^benchsite: interrupted: run 3/6, threads=2 stopped; nothing imported' '$T/err' &&
	       grep -q '^benchsite: interrupted: running the cleanup of threads=2 all the same' '$T/err' &&
	       [ \"\$(sed 's| in .*||' '$T/log' | tr '\n' '|')\" = 'cpu --threads=1 run|cpu --threads=1 run|cleanup 1|cpu --threads=2 run|cleanup 2|' ]"
check "Ctrl-C in a sweep: --save kept the files of the imported runs, as stored" \
	sh -c "cd '$T/here' && [ -s s-1.txt ] && [ -s s-2.txt ] &&
	       '$BIN' --db '$T/db' import s-1.txt s-2.txt | grep -c ': already imported\$' | grep -qx 2"
check "Ctrl-C in a sweep: no --save file for the interrupted run or those never run" \
	[ "$(ls "$T/here" | grep '^s-' | tr '\n' ' ')" = "s-1.txt s-2.txt " ]

# Ctrl-C again stops the cleanup that the first one left to run
reset
touch "$T/slow-1" "$T/slow-cleanup-1"
start=$(date +%s)
"$BIN" --db "$T/db" run --param threads=1,2 --cleanup "$F cleanup {threads}" \
	-- $F cpu --threads={threads} run >/dev/null 2>"$T/err" &
pid=$!
i=0
while [ ! -e "$T/started" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
kill -INT $pid
i=0
while [ ! -e "$T/started-cleanup" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
kill -INT $pid
wait $pid
rc=$?
took=$(( $(date +%s) - start ))
check "a second Ctrl-C stops the cleanup: exit 1 at once (${took}s, not 60)" \
	sh -c "[ $rc = 1 ] && [ $took -lt 20 ]"
check "a second Ctrl-C: says the cleanup was stopped, nothing stored, threads=2 never run" \
	sh -c "grep -q '^benchsite: interrupted: cleanup, threads=1 stopped' '$T/err' &&
	       [ \$(sqlite3 '$T/db' 'select count(*) from run') = 0 ] &&
	       ! grep -q 'threads=2' '$T/log'"

# ---- --save: failure and Ctrl-C leave the same, and the next attempt works ----
reset
touch "$T/fail-run-1"
bs run --save "$T/here/f.txt" -- $F cpu --threads=1 run >/dev/null 2>"$T/err"
check "--save, failing run: exit 1, no f.txt left" sh -c "[ $? = 1 ] && [ ! -e '$T/here/f.txt' ]"
rm -f "$T/fail-run-1"
bs run --save "$T/here/f.txt" -- $F cpu --threads=1 run >/dev/null 2>"$T/err"
check "--save, the next attempt to the same name: exit 0, f.txt written" \
	sh -c "[ $? = 0 ] && grep -q '^CPU speed:' '$T/here/f.txt'"
bs run --save "$T/here/f.txt" -- $F cpu --threads=1 run >/dev/null 2>"$T/err"
check "negative control: an imported run's --save file is never overwritten (exit 1)" \
	sh -c "[ $? = 1 ] && grep -q 'f.txt: exists' '$T/err'"

touch "$T/slow-1"
interrupt INT "$T/started" \
	"$BIN" --db "$T/db" run --save "$T/here/c.txt" -- $F cpu --threads=1 run
check "--save, Ctrl-C: exit 1, no c.txt left, as after a failure" \
	sh -c "[ $rc = 1 ] && [ ! -e '$T/here/c.txt' ]"
rm -f "$T/slow-1"
bs run --save "$T/here/c.txt" -- $F cpu --threads=1 run >/dev/null 2>"$T/err"
check "--save, the attempt after Ctrl-C: exit 0, c.txt written" \
	sh -c "[ $? = 0 ] && [ -s '$T/here/c.txt' ]"

# ---- usage ----
reset
for bad in "--param threads" "--param =1" "--param threads=" "--param threads=1,,2" \
	"--param threads=1,1" "--param threads=1 --param threads=2" "--warmup -1" \
	"--warmup x" "--param nothere=1" "--set threads=1 --param threads=1,2"; do
	# shellcheck disable=SC2086
	bs run $bad -- $F cpu --threads={threads} run >/dev/null 2>"$T/err"
	rc=$?
	check "usage: $bad: exit 2 with a message" \
		sh -c "[ $rc = 2 ] && grep -q '^benchsite: ' '$T/err'"
done
for bad in "" "  " "'abc" "abc\\"; do
	bs run --prepare "$bad" -- $F cpu run >/dev/null 2>"$T/err"
	rc=$?
	check "usage: --prepare '$bad': exit 2 with a message" \
		sh -c "[ $rc = 2 ] && grep -q '^benchsite: --prepare: ' '$T/err'"
done
check "usage: nothing ran, nothing stored" sh -c "[ ! -e '$T/log' ] && [ ! -e '$T/db' ]"
bs run --param threads=1,2 --repeat 501 -- $F cpu --threads={threads} run >/dev/null 2>&1
check "usage: more than 1000 runs in all: exit 2" [ $? = 2 ]
bs run --param 'v=a\,b,c' -- $F cpu --v={v} run >/dev/null 2>&1
check "\\, is a comma in a value: two runs, v='a,b' and v=c" [ \
	"$(q "select group_concat(value, '|') from run_attr where key = 'v'")" = "a,b|c" ]

# ---- a sweep's runs are a sweep to the default comparison ----
reset
bs run --label s --param threads=1,2,4,8 -- $F cpu --threads={threads} run >/dev/null 2>&1
bs summary > "$T/sum" 2>&1
check "the default comparison of a --param sweep is a sweep over it (a peak at threads=8)" \
	grep -q '^    s peaks at threads=8 ' "$T/sum"
for r in 1 2 3 4; do
	bs tag $r --set "command=sh fake.sh cpu --threads=$r run" >/dev/null 2>&1
done
bs summary > "$T/sum" 2>&1
check "control: were command to differ with the setting (one per value), the runs would be grouped by it" \
	sh -c "! grep -q 'peaks at threads=' '$T/sum' && grep -q 'Grouped by command' '$T/sum'"
