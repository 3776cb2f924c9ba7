# hardening.test.sh: hostile gzip input, and a store that survives kill -9,
# concurrent importers and a full disk.
#
# SOAK=1 (make soak) runs the long tier: more kill points and the full
# import of a legitimate 50 MB .gz.  The negative control of the
# concurrency test uses benchsite-deferred, a test-only build with a
# deferred BEGIN (schema/store.c, BENCHSITE_TEST_DEFERRED_BEGIN).
. "$(dirname "$0")/lib.sh"
need sqlite3
SOAK=${SOAK:-0}
DEFERRED=$(dirname "$UNIT")/benchsite-deferred
case $BIN in */build-san/*) SLOW=5 ;; *) SLOW=1 ;; esac

# now_ms: milliseconds since the epoch
now_ms() { date +%s%3N; }

# rows DB: source, run and result counts, one line
rows() {
	sqlite3 "$1" 'select (select count(*) from source), (select count(*)
		from run), (select count(*) from result)'
}
integrity() { [ "$(sqlite3 "$1" 'pragma integrity_check')" = ok ]; }

# --- 1. gzip bombs -------------------------------------------------------

# gzbomb FILE MiB: MiB of zeros, gzipped, made without inflating them: a
# deflate stream after a full flush compresses the next 1 MiB of zeros to
# the same bytes, so one block is repeated.  The trailer is not that of
# the whole (the caps refuse the file long before it).
gzbomb() {
	python3 - "$1" "$2" <<'PY'
import sys, zlib
out, mib = sys.argv[1], int(sys.argv[2])
z = bytes(1 << 20)
c = zlib.compressobj(9, zlib.DEFLATED, 31)
first = c.compress(z) + c.flush(zlib.Z_FULL_FLUSH)
block = c.compress(z) + c.flush(zlib.Z_FULL_FLUSH)
again = c.compress(z) + c.flush(zlib.Z_FULL_FLUSH)
assert block == again
with open(out, "wb") as f:
    f.write(first)
    for _ in range(mib - 2):
        f.write(block)
    f.write(c.compress(z) + c.flush())
PY
}

# refused DESC MSG FILE: import FILE fails (exit 1) saying MSG, within
# $SLOW s of CPU time (the machine may be shared: wall time says little)
# and 400 MiB of memory (when GNU time is there to measure)
refused() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%U %S %M' -o "$T/mem" "$BIN" --db "$T/gz.db" \
			import "$3" >/dev/null 2>"$T/err"
		rc=$?
	else
		"$BIN" --db "$T/gz.db" import "$3" >/dev/null 2>"$T/err"
		rc=$?
		echo "0 0 0" > "$T/mem"
	fi
	set -- "$1" "$2" "$3" $(tail -1 "$T/mem")
	cpu=$(echo "$4 $5" | awk '{ printf "%d", ($1 + $2) * 1000 }')
	kb=$6
	# ASan's shadow memory counts in the resident size
	[ "$SLOW" = 1 ] || kb=0
	if [ $rc = 1 ] && grep -q "$2" "$T/err" && [ "$cpu" -lt $((SLOW * 1000)) ] &&
	   [ "$kb" -lt $((400 * 1024)) ]; then
		ok "$1: refused in $cpu ms of CPU, $kb KiB ($(cat "$T/err"))"
	else
		notok "$1: rc $rc, $cpu ms of CPU, $kb KiB: $(cat "$T/err")"
	fi
}

if command -v python3 >/dev/null; then
	gzbomb "$T/bomb.gz" 10240
	sz=$(wc -c < "$T/bomb.gz")
	check "the bomb is 10 GiB of zeros in about 10 MiB ($sz bytes)" \
		[ "$sz" -lt $((11 << 20)) ]
	refused "10 GiB of zeros in 10 MiB" "gzip bomb" "$T/bomb.gz"
	gzbomb "$T/small.gz" 100
	gzip -c < "$T/small.gz" > "$T/double.gz"
	refused "gzip inside gzip" "gzip inside gzip" "$T/double.gz"
	python3 - "$T/members.gz" <<'PY'
import sys, gzip
with open(sys.argv[1], "wb") as f:
    for i in range(1000):
        f.write(gzip.compress(b"x\n"))
PY
	refused "1000 concatenated members" "members" "$T/members.gz"
	# the control: members under the cap are all read
	python3 - "$T/few.gz" "$TOP/sample-data/bonnie-tmpfs.txt" <<'PY'
import sys, gzip
data = open(sys.argv[2], "rb").read()
with open(sys.argv[1], "wb") as f:
    for i in range(0, len(data), 64):
        f.write(gzip.compress(data[i:i + 64]))
PY
	check "control: a bonnie file gzipped in $(($(wc -c < "$TOP/sample-data/bonnie-tmpfs.txt") / 64 + 1)) members imports" \
		"$BIN" --db "$T/gz2.db" import "$T/few.gz"
	check "the refused files left the store empty" \
		[ "$(rows "$T/gz.db" 2>/dev/null || echo 0\|0\|0)" = "0|0|0" ]
	# a legitimate 50 MB file: inflated whole; a bad byte on its last
	# line shows it was read to the end without running the parser
	python3 - "$T/big.csv" <<'PY'
import sys, random
random.seed(8)
with open(sys.argv[1], "w") as f:
    f.write("run,label,suite,test,metric,value,unit,better,status\n")
    size, i = 0, 0
    while size < 50_000_000:
        l = "%d,host-%d,big,test%d,latency,%.3f,ms,lower,ok\n" % (
            i // 20, i // 20, i % 20, random.random() * 100)
        f.write(l)
        size += len(l)
        i += 1
PY
	lines=$(wc -l < "$T/big.csv")
	{ cat "$T/big.csv"; printf '1,\377,big,x,y,1,ms,lower,ok\n'; } |
		gzip -1 > "$T/bad.csv.gz"
	"$BIN" --db "$T/gz3.db" import "$T/bad.csv.gz" >/dev/null 2>"$T/err"
	check "a 50 MB .gz is inflated to its last line ($(($(wc -c < "$T/bad.csv.gz") >> 20)) MiB gz; $(cat "$T/err"))" \
		grep -q ":$((lines + 1)):.*UTF-8" "$T/err"
	if [ "$SOAK" = 1 ]; then
		gzip -1 < "$T/big.csv" > "$T/big.csv.gz"
		check "a legitimate 50 MB .gz imports" \
			"$BIN" --db "$T/gz4.db" import "$T/big.csv.gz"
	else
		skip "a legitimate 50 MB .gz imports" "long tier (make soak)"
	fi
	rm -f "$T"/*.gz "$T/big.csv"
else
	skip "gzip bombs" "no python3"
fi

# --- 2. kill -9 during import ---------------------------------------------

# Four files of 4000 results each, imported as one folder (a transaction
# per file): after a kill each must be wholly stored or not at all.
mkdir -p "$T/in"
for f in 1 2 3 4; do
	awk -v f="$f" 'BEGIN {
		print "run,label,suite,test,metric,value,unit,better,status"
		for (i = 0; i < 4000; i++)
			printf "%d,f%d-host%d,kill,test%d,latency,%d.%d,ms,lower,ok\n",
				int(i / 10), f, int(i / 10), i % 10, i, f
	}' > "$T/in/f$f.csv"
done
"$BIN" --db "$T/ref.db" import "$T/in" >/dev/null 2>&1
"$BIN" --db "$T/ref.db" export --attrs > "$T/ref.tsv"
check "reference import: 4 files, 1600 runs, 16000 results" \
	[ "$(rows "$T/ref.db")" = "4|1600|16000" ]
t0=$(now_ms)
"$BIN" --db "$T/time.db" import "$T/in" >/dev/null 2>&1
span=$(( $(now_ms) - t0 ))
[ "$span" -lt 50 ] && span=50

# partial DB: 1 when every source holds all 4000 of its results.  A kill
# before the first transaction (the schema's) leaves a store with no
# tables at user_version 0: empty, and benchsite creates the schema when it
# next opens it; any other store without a source table is broken.
whole_files() {
	if [ "$(sqlite3 "$1" "select count(*) from sqlite_master where name = 'source'")" = 0 ]; then
		[ "$(sqlite3 "$1" 'pragma user_version')" = 0 ] &&
			[ "$(sqlite3 "$1" 'select count(*) from sqlite_master')" = 0 ]
		return
	fi
	sqlite3 "$1" "select count(*) from (select s.id, count(r.id) n
		from source s left join run u on u.source_id = s.id
		left join result r on r.run_id = u.id
		where s.name like '%.csv' group by s.id)
		where n <> 4000" | grep -qx 0
}

# survived WHERE: after a kill at WHERE, the store $T/k.db (when the kill
# left one) passes the integrity and whole-file checks and importing $T/in
# again gives the uninterrupted import's export; else bad counts one more,
# and says why
survived() {
	if [ -f "$T/k.db" ] &&
	   { ! integrity "$T/k.db" || ! whole_files "$T/k.db"; }; then
		bad=$((bad + 1))
		echo "# kill $1: integrity or whole-file check failed"
	fi
	if ! "$BIN" --db "$T/k.db" import "$T/in" >/dev/null 2>"$T/err" ||
	   ! "$BIN" --db "$T/k.db" export --attrs | cmp -s - "$T/ref.tsv"; then
		bad=$((bad + 1))
		echo "# kill $1: re-import differs: $(cat "$T/err")"
	fi
}

iters=20
[ "$SOAK" = 1 ] && iters=100
bad=0 late=0 partial=0
i=0
while [ $i -lt $iters ]; do
	rm -f "$T/k.db" "$T/k.db-wal" "$T/k.db-shm"
	# half the kills anywhere, half in the last tenth of the import (where
	# the last files commit)
	if [ $((i % 2)) = 0 ]; then
		at=$(awk -v s="$span" -v r="$i" 'BEGIN { srand(r); printf "%.3f", rand() * s / 1000 }')
	else
		at=$(awk -v s="$span" -v r="$i" 'BEGIN { srand(r); printf "%.3f", (0.9 + rand() * 0.12) * s / 1000 }')
		late=$((late + 1))
	fi
	"$BIN" --db "$T/k.db" import "$T/in" >/dev/null 2>&1 &
	pid=$!
	sleep "$at"
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	if [ -f "$T/k.db" ]; then
		n=$(sqlite3 "$T/k.db" 'select count(*) from source' 2>/dev/null)
		[ "${n:-0}" -gt 0 ] && [ "$n" -lt 4 ] && partial=$((partial + 1))
	fi
	survived "at ${at}s"
	i=$((i + 1))
done
check "kill -9 at $iters points ($late near the end, $partial with some files stored): integrity ok, files whole, re-import = uninterrupted" \
	[ $bad = 0 ]
check "the kills landed mid-import (some stores held 1 to 3 files)" \
	[ $partial -gt 0 ]

# kill -9 inside COMMIT: strace holds the import at its Kth fsync or
# fdatasync (delay_enter), /proc shows it stopped in that system call on
# the WAL (SQLite syncs the WAL as a transaction commits, with its commit
# frame written), and it is killed there.  K runs over the syncs of the
# import, so each file's commit is hit.
if command -v strace >/dev/null && command -v pgrep >/dev/null &&
   [ "$(uname -m)" = x86_64 ] && strace -f -o /dev/null true 2>/dev/null; then
	# dead PID: waits (up to 60 s) until PID is a zombie or gone
	dead() {
		n=0
		while [ $n -lt 1200 ] && [ -e /proc/$1 ] &&
		      [ "$(awk '{ print $3 }' /proc/$1/stat 2>/dev/null)" != Z ]; do
			sleep 0.05
			n=$((n + 1))
		done
	}
	incommit=0 bad=0 k=1 kmax=14
	[ "$SOAK" = 1 ] && kmax=30
	stored=""
	while [ $k -le $kmax ]; do
		rm -f "$T/k.db" "$T/k.db-wal" "$T/k.db-shm" "$T/k.db-journal"
		strace -f -o /dev/null -e trace=fsync,fdatasync \
			-e inject=fsync,fdatasync:delay_enter=5000000:when=$k \
			"$BIN" --db "$T/k.db" import "$T/in" >/dev/null 2>&1 &
		sp=$!
		pid="" hit=""
		n=0
		while [ $n -lt 100 ] && kill -0 $sp 2>/dev/null; do
			[ -n "$pid" ] || pid=$(pgrep -P $sp)
			# stopped ("t") in fsync (74) or fdatasync (75)
			if [ -n "$pid" ] &&
			   [ "$(awk '{ print $3 }' /proc/$pid/stat 2>/dev/null)" = t ]; then
				set -- $(cat /proc/$pid/syscall 2>/dev/null) x x
				if [ "$1" = 74 ] || [ "$1" = 75 ]; then
					hit=$(readlink /proc/$pid/fd/$(($2)) 2>/dev/null)
					break
				fi
			fi
			sleep 0.05
			n=$((n + 1))
		done
		case $hit in
		*-wal)
			kill -9 "$pid"
			incommit=$((incommit + 1))
			# SIGKILL ends a tracee in ptrace-stop, but strace
			# sleeps out its delay: end it too once the import is
			# dead (a zombie has closed its files and dropped its
			# locks; an ASan process takes seconds to unmap)
			dead "$pid"
			kill -9 $sp 2>/dev/null
			wait $sp 2>/dev/null
			dead "$pid"
			stored="$stored $(sqlite3 "$T/k.db" 'select count(*) from source' 2>/dev/null || echo 0)"
			survived "in sync $k of the WAL" ;;
		*)
			# another file's sync, or the import ended first
			[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
			kill -9 $sp 2>/dev/null
			wait $sp 2>/dev/null
			[ -n "$pid" ] && dead "$pid" ;;
		esac
		k=$((k + 1))
	done
	check "kill -9 inside COMMIT (stopped in the WAL's sync): $incommit of $kmax syncs, files stored after each:$stored; integrity ok, files whole, re-import = uninterrupted" \
		[ $bad = 0 ]
	# the kills landed in the commits of different files: the stores
	# held different numbers of files (the commit frame is written
	# before the sync, so the file being committed is there)
	check "the kills inside COMMIT hit the commits of at least 3 different files" \
		[ "$(echo $stored | tr ' ' '\n' | sort -u | wc -l)" -ge 3 ]
else
	skip "kill -9 inside COMMIT" "strace or pgrep missing, not x86_64 or ptrace not permitted"
fi

# --- 3. concurrent importers ----------------------------------------------

# 400 small files, all different
mkdir -p "$T/many"
awk -v d="$T/many" 'BEGIN {
	for (f = 0; f < 400; f++) {
		p = sprintf("%s/m%03d.csv", d, f)
		print "run,label,suite,test,metric,value,unit,better,status" > p
		for (i = 0; i < 5; i++)
			printf "1,m%d,conc,t%d,latency,%d.5,ms,lower,ok\n", f, i, f + i > p
		close(p)
	}
}'

# importers PROG DB N FIRST...: N processes, process p importing the 50
# files from FIRST[p]; echoes how many failed
importers() {
	prog=$1 db=$2 n=$3
	shift 3
	fails=0 pids=""
	p=0
	for first in "$@"; do
		files=$(k=0; while [ $k -lt 50 ]; do
			printf '%s/many/m%03d.csv ' "$T" $((first + k)); k=$((k + 1)); done)
		# shellcheck disable=SC2086
		"$prog" --db "$db" import $files >/dev/null 2>"$T/imp$p.err" &
		pids="$pids $!"
		p=$((p + 1))
	done
	for pid in $pids; do
		wait "$pid" || fails=$((fails + 1))
	done
	echo $fails
}

rm -f "$T/c.db"*
"$BIN" --db "$T/c.db" list runs >/dev/null 2>&1	# create it
fails=$(importers "$BIN" "$T/c.db" 8 0 50 100 150 200 250 300 350)
check "8 importers x 50 files: none failed ($fails; $(cat "$T"/imp*.err | head -2))" [ "$fails" = 0 ]
check "8 importers x 50 files: 400 sources, 400 runs, 2000 results" \
	[ "$(rows "$T/c.db")" = "400|400|2000" ]
check "no result doubled (distinct run, test: 2000)" \
	[ "$(sqlite3 "$T/c.db" 'select count(*) from (select distinct run_id, test from result)')" = 2000 ]
rm -f "$T/d.db"*
"$BIN" --db "$T/d.db" list runs >/dev/null 2>&1
fails=$(importers "$BIN" "$T/d.db" 2 0 0)
check "2 importers of the same 50 files: both exit 0 ($fails failed)" [ "$fails" = 0 ]
check "2 importers of the same 50 files: each stored once" \
	[ "$(rows "$T/d.db")" = "50|50|250" ]

# negative control: with a deferred BEGIN the same test fails
if [ -x "$DEFERRED" ]; then
	rm -f "$T/n.db"*
	"$DEFERRED" --db "$T/n.db" list runs >/dev/null 2>&1
	fails=$(importers "$DEFERRED" "$T/n.db" 8 0 50 100 150 200 250 300 350)
	check "control: with a deferred BEGIN, importers fail ($fails of 8; $(cat "$T"/imp*.err | grep -m1 . ))" \
		[ "$fails" -gt 0 ]
else
	notok "control: benchsite-deferred built beside the unit tests"
fi

# --- 4. a disk that fills up -----------------------------------------------

rm -f "$T/f.db"*
"$BIN" --db "$T/f.db" import "$TOP/sample-data/bonnie-tmpfs.txt" >/dev/null 2>&1
dump "$T/f.db" > "$T/f.before"
# SIGXFSZ ignored (inherited through exec), so the write fails with EFBIG
# as on a full disk; 128 blocks of 512 bytes is far less than the file's
# 4000 results need
( trap '' XFSZ; ulimit -f 128; exec "$BIN" --db "$T/f.db" import "$T/in/f1.csv" ) \
	>/dev/null 2>"$T/err"
rc=$?
check "disk full: import exits 1 ($rc: $(head -1 "$T/err"))" [ $rc = 1 ]
check "disk full: the store passes integrity_check" integrity "$T/f.db"
dump "$T/f.db" > "$T/f.after"
check "disk full: the store is as before" cmp -s "$T/f.before" "$T/f.after"
check "disk full: the same import works after" \
	"$BIN" --db "$T/f.db" import "$T/in"
check "disk full: ... and stored the 4 files whole" whole_files "$T/f.db"

# --- 5. hostile XML: nothing fetched, nothing opened ------------------------

# The entity files are the fuzz seeds (tests/fuzz/corpus/xml); pts.test.sh
# checks the messages, this checks the system calls.
if command -v strace >/dev/null && strace -f -o /dev/null true 2>/dev/null; then
	for f in xxe-file xxe-url laughs; do
		for fmt in pts html; do
			strace -f -e trace=%file,%network -o "$T/trace" \
				"$BIN" --db "$T/x.db" import --format $fmt --better higher \
				"$TOP/tests/fuzz/corpus/xml/$f.xml" >/dev/null 2>&1
			rc=$?
			n=$(grep -c -E 'passwd|socket\(|connect\(|127\.0\.0\.1' "$T/trace")
			check "$f.xml as $fmt: refused (exit $rc), no file opened, no socket ($n)" \
				[ $rc = 1 ] && [ "$n" = 0 ]
		done
	done
	# the control: the trace does see a file benchsite opens
	check "control: strace sees the input opened" \
		grep -q 'laughs.xml' "$T/trace"
else
	skip "hostile XML under strace" "strace missing or not permitted"
fi
