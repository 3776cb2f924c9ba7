# streams.test.sh: what comes as a stream is looked at before it is kept,
# and `run` keeps a command's output and its processes in bounds:
# /dev/zero and `yes` are refused from their first block; run spools its
# capture (memory flat) and stops a command at the cap; a repeat lasts
# until its output closes and what its group leaves running is named and
# stopped; a second Ctrl-C kills a command that ignores the first.
. "$(dirname "$0")/lib.sh"
need sqlite3

mkdir -p "$T/tmp"
# refused_fast WHAT LINE PATTERN: LINE (a shell line) exits 1 by itself
# saying PATTERN, with every file it writes capped under 1 MiB (ulimit -f
# 1024: blocks of 512 or 1024 bytes); the spool is an unlinked file, which
# du would not see, and a build without the check dies of SIGXFSZ there
# (exit 153) instead of filling the disk, or reads on until timeout stops
# it (exit 124).  Its time is shown, never compared with a limit: a
# loaded machine under the sanitizers may take seconds.
refused_fast() {
	what=$1 line=$2 pattern=$3
	rm -rf "$T/tmp"/* "$T/db" "$T/db-wal" "$T/db-shm"
	start=$(date +%s%N)
	(ulimit -f 1024; TMPDIR=$T/tmp timeout 60 sh -c "$line") \
		>/dev/null 2>"$T/err"
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	check "$what: exit 1 (got $rc, in ${ms} ms), writing under 1 MiB" \
		holds '[ $rc -eq 1 ]'
	check "$what: says why ($(head -c 160 "$T/err"))" grep -q "$pattern" "$T/err"
	check "$what: nothing left in \$TMPDIR" [ -z "$(ls -A "$T/tmp")" ]
}
refused_fast "import - < /dev/zero" \
	"'$BIN' --db '$T/db' import - < /dev/zero" "cannot tell which tool"
refused_fast "import /dev/zero" \
	"'$BIN' --db '$T/db' import /dev/zero" "cannot tell which tool"
refused_fast "yes | import -" \
	"yes | '$BIN' --db '$T/db' import -" "cannot tell which tool"
refused_fast "import --format table - < /dev/zero" \
	"'$BIN' --db '$T/db' import --format table - < /dev/zero" "NUL byte"
check "no store content from any of them" \
	sh -c "[ ! -e '$T/db' ] || [ \"\$(sqlite3 '$T/db' 'select count(*) from source')\" = 0 ]"
# what is fine still comes in through a pipe, longer than the first block
awk 'NR == 1 { print; next } { print }' "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" |
	"$BIN" --db "$T/db" import - >/dev/null 2>"$T/err"
check "a sysbench log through a pipe still imports ($(cat "$T/err"))" [ $? -eq 0 ]
{
	echo 'label,test,metric,value,better'
	i=0
	while [ $i -lt 40000 ]; do
		echo "run$i,test-with-a-longish-name-$i,throughput,$i,higher"
		i=$((i + 1))
	done
} > "$T/big.csv"
check "a 2 MB table through a pipe still imports (past the first block)" \
	sh -c "cat '$T/big.csv' | '$BIN' --db '$T/db' import - >/dev/null"
BONNIE_SAMPLE=$TOP/sample-data/bonnie-tmpfs.txt

# An endless stream that looks like a table (`tail -f log | import -`)
# stops at the stream cap, 256 MiB, instead of spooling up to the 16 GiB a
# file may hold: each file written is capped at 600,000 blocks (300 MiB or
# more, far under 16 GiB), so a build without the cap dies of SIGXFSZ
# (exit 153), or timeout stops it (124).  The store is left as it was.
fresh
bs_quiet import "$BONNIE_SAMPLE"
before=$(dump "$T/db" | sha256sum)
head -c 1048576 "$T/big.csv" | sed '1d;$d' > "$T/block"
rm -rf "$T/tmp"/*
(ulimit -f 600000
 { echo 'label,test,metric,value,better'; while cat "$T/block"; do :; done; } |
	TMPDIR=$T/tmp timeout 300 "$BIN" --db "$T/db" import --format table - \
	>/dev/null 2>"$T/err")
rc=$?
check "an endless table on stdin: exit 1 (got $rc)" [ $rc -eq 1 ]
check "it names the cap ($(head -c 200 "$T/err"))" \
	grep -q '<stdin>: more than 256 MiB from a stream' "$T/err"
check "the store is unchanged after the endless stream" \
	holds '[ "$(dump "$T/db" | sha256sum)" = "$before" ]'
check "nothing left in \$TMPDIR after the endless stream" [ -z "$(ls -A "$T/tmp")" ]

# --- run spools its output and stops a command at the cap ---------
BONNIE=$TOP/sample-data/bonnie-tmpfs.txt
mkdir -p "$T/k"
if [ -x /usr/bin/time ]; then
	(cd "$T/k" && /usr/bin/time -f '%M' -o "$T/rss" timeout 60 "$BIN" \
		--db "$T/run.db" run -- sh -c 'yes | head -c 200000000' \
		>/dev/null 2>"$T/err")
	rss=$(tail -1 "$T/rss")
	# the sanitizer build's shadow memory and free quarantine add tens
	# of MiB: 128 MiB there, still far under the 200 MB a
	# run holding its output in memory needs
	case $BIN in */build-san/*) cap=131072 ;; *) cap=65536 ;; esac
	check "run of a command printing 200 MB: peak RSS ${rss} KiB (under $((cap / 1024)) MiB)" \
		[ "$rss" -lt "$cap" ]
	rm -f "$T/k"/benchsite-run.*
else
	skip "run's peak RSS" "no /usr/bin/time"
fi
start=$(date +%s)
(cd "$T/k" && timeout 60 "$BIN" --db "$T/run.db" run -- yes >/dev/null 2>"$T/err")
rc=$?
took=$(($(date +%s) - start))
check "run -- yes: stops by itself at the cap (exit $rc, ${took}s)" \
	holds '[ $rc -eq 1 ] && [ $took -lt 30 ]'
check "... says it stopped the command ($(cat "$T/err"))" \
	grep -q "'yes' printed more than 268435456 bytes: stopped with SIGTERM" "$T/err"
kept=$(ls "$T/k"/benchsite-run.* 2>/dev/null | head -1)
check "... and so does the kept file's end" \
	sh -c "[ -n '$kept' ] && tail -c 200 '$kept' | grep -q 'benchsite: cut here: .yes. printed more than'"
rm -f "$T/k"/benchsite-run.*
# a command that ignores SIGTERM gets SIGKILL
printf "trap '' TERM\nyes\n" > "$T/noterm.sh"
(cd "$T/k" && timeout 60 "$BIN" --db "$T/run.db" run -- sh "$T/noterm.sh" \
	>/dev/null 2>"$T/err")
check "a command ignoring SIGTERM at the cap is killed, and it says so" \
	grep -q "stopped with SIGTERM, then SIGKILL" "$T/err"
rm -f "$T/k"/benchsite-run.*

# --- a repeat ends when its output closes ---------------------------
printf "cat '%s'\n(sleep 2; echo late) &\nexit 0\n" "$BONNIE" > "$T/late.sh"
"$BIN" --db "$T/run.db" run --save "$T/late.out" -- sh "$T/late.sh" \
	>/dev/null 2>"$T/err"
check "output printed after the command exited, by what it left running, is captured" \
	sh -c "tail -1 '$T/late.out' | grep -qx late"
printf "sed 's/tmpfs,1,[0-9]*,/tmpfs,1,%s,/' '%s'\nsleep 30 >/dev/null 2>&1 &\necho \$! >> '%s'\nexit 0\n" \
	'$$' "$BONNIE" "$T/daemon.pids" > "$T/daemon.sh"
start=$(date +%s)
"$BIN" --db "$T/run.db" run --repeat 2 -- sh "$T/daemon.sh" >/dev/null 2>"$T/err"
rc=$?
took=$(($(date +%s) - start))
check "what is left of a repeat's group once its output closed is named ($(grep still "$T/err" | head -1))" \
	[ "$(grep -c "still running when 'sh' had exited and its output closed, so stopped: sleep (pid [0-9]*)" "$T/err")" -eq 2 ]
# alive: not gone and not a zombie (a container's first process may never
# reap what it inherits)
alive=""
for p in $(cat "$T/daemon.pids"); do
	state=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f1)
	[ -n "$state" ] && [ "$state" != Z ] && alive="$alive $p"
done
n=$(wc -l < "$T/daemon.pids")
check "... and stopped: none of its $n sleeps left${alive:+ (alive:$alive)}, no repeat waited 30 s (exit $rc, ${took}s)" \
	holds '[ $rc -eq 0 ] && [ $took -lt 20 ] && [ -z "$alive" ] && [ $n -eq 2 ]'

# --- a second Ctrl-C escalates ----------------------------------
printf "trap '' INT\ncat '%s'\nsleep 30\n" "$BONNIE" > "$T/noint.sh"
start=$(date +%s)
"$BIN" --db "$T/run.db" run -- sh "$T/noint.sh" >/dev/null 2>"$T/err" &
pid=$!
sleep 1
kill -INT $pid
sleep 1
kill -INT $pid
wait $pid
rc=$?
took=$(($(date +%s) - start))
check "a command ignoring SIGINT: the second interrupt kills it (exit $rc, ${took}s)" \
	holds '[ $rc -eq 1 ] && [ $took -lt 15 ]'
check "... and says so ($(cat "$T/err"))" grep -q "killed: a second interrupt" "$T/err"
rm -f benchsite-run.* "$T"/benchsite-run.*
