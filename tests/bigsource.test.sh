#!/bin/sh
# bigsource.test.sh: a long input imports in bounded memory and its bytes
# survive every way out of the store.  A 40 MiB sysbench log with
# per-second lines (bench/gen.py, fixed seed) is mapped, not read
# (collector/source.c), and stored in pieces (schema/source_blob.c): the
# import's peak RSS stays under the file's size, and reparse, render,
# merge and delete all read or remove the pieces.  Standard input and gzip
# past 16 MiB go through a temporary file; both give the same bytes.
. "$(dirname "$0")/lib.sh"
need sqlite3 python3

# (under the sanitizers, whose memory is not benchsite's, only the pieces
# and the spool are checked: a smaller log does, in a third of the time)
case $BIN in */build-san/*) MB=20 ;; *) MB=40 ;; esac
python3 "$TOP/bench/gen.py" sysbench $MB "$T/sb.txt"
size=$(wc -c < "$T/sb.txt")
lines=$(grep -c '^\[ [0-9]*s \]' "$T/sb.txt")

# peak RSS of a command, in KiB, on its last line of output (its own output
# goes to $T/out, its exit status to $T/rc)
peak() {
	python3 - "$@" <<'EOF'
import resource, subprocess, sys
with open(sys.argv[1], "wb") as out:
    rc = subprocess.call(sys.argv[2:], stdout=out, stderr=subprocess.STDOUT)
open(sys.argv[1] + ".rc", "w").write("%d\n" % rc)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
EOF
}

rss=$(peak "$T/out" "$BIN" --db "$T/db" import "$T/sb.txt")
check "a $MB MiB sysbench log imports" test "$(cat "$T/out.rc")" = 0
case $BIN in
*/build-san/*)
	skip "peak RSS under 32 MiB" "sanitizer build: its shadow memory is not benchsite's" ;;
*)
	check "peak RSS ${rss} KiB: under 32 MiB for a $MB MiB file" \
		test "$rss" -lt 32768 ;;
esac
check "every interim line is a sample (2 metrics a line)" test \
	"$(sqlite3 "$T/db" 'select sum(length(data)) / 16 from sample')" = $((lines * 2))
check "its bytes are stored in pieces, none in source.content" test \
	"$(sqlite3 "$T/db" "select length(content) = 0 and (select count(*) from source_chunk) >= 3 from source")" = 1
check "its size is the file's" test \
	"$(sqlite3 "$T/db" 'select size from source')" = "$size"
sha=$(sha256sum < "$T/sb.txt" | cut -c1-64)
check "its SHA-256 is the file's" test \
	"$(sqlite3 "$T/db" 'select sha256 from source')" = "$sha"

# peak anonymous memory of a command (its heap: not the store it maps nor
# the libraries), in KiB, polled from /proc every half millisecond, then
# its peak RSS; its output goes to $T/out, its exit status to $T/out.rc
peak_own() {
	python3 - "$@" <<'EOF'
import resource, subprocess, sys, time
with open(sys.argv[1], "wb") as out:
    p = subprocess.Popen(sys.argv[2:], stdout=out, stderr=subprocess.STDOUT)
    anon = 0
    while p.poll() is None:
        try:
            with open("/proc/%d/status" % p.pid) as f:
                for line in f:
                    if line.startswith("RssAnon:"):
                        anon = max(anon, int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.0005)
open(sys.argv[1] + ".rc", "w").write("%d\n" % p.returncode)
print(anon, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
EOF
}

# its run page draws each series of interim figures from at most 4,096
# points, thinned as they stream from the store (renderer/chart/linechart.c): the
# render's own memory does not grow with the log (holding every point, 16
# bytes each, took its RSS from 19 to 32 MiB here).  Its RSS also holds
# the pages of the store it reads through a map (schema/store.c: 64 MiB
# at most), which are the system's file cache, not the render's.
set -- $(peak_own "$T/out" "$BIN" --db "$T/db" render --jobs 1 --out "$T/bigsite")
own=$1 rss=$2
check "the store with the $MB MiB log renders" test "$(cat "$T/out.rc")" = 0
check "its run page has a chart of each series over time, one SVG for light and dark pages" test \
	"$(ls "$T/bigsite" | grep -c '^samples-1-.*\.svg$')" = 2 -a \
	"$(ls "$T/bigsite" | grep -c '^samples-1-.*\.png$')" = 0
case $BIN in
*/build-san/*)
	skip "render's own memory under 16 MiB" "sanitizer build: its shadow memory is not benchsite's" ;;
*)
	check "render's own peak memory ${own} KiB: under 16 MiB" \
		test "$own" -gt 0 -a "$own" -lt 16384
	check "render's peak RSS ${rss} KiB: under 26 MiB and the 64 MiB map" \
		test "$rss" -lt $((26624 + 65536)) ;;
esac

# standard input through a pipe, and gzip, spool past 16 MiB: same bytes
check "the log through a pipe is the same bytes (already imported)" sh -c \
	"cat '$T/sb.txt' | '$BIN' --db '$T/db' import - | grep -q '^-: already imported'"
gzip -1 -c "$T/sb.txt" > "$T/sb.txt.gz"
check "the log gzip'd is the same bytes (already imported)" sh -c \
	"'$BIN' --db '$T/db' import '$T/sb.txt.gz' | grep -q 'already imported'"
check "a gzip'd log through a pipe too" sh -c \
	"cat '$T/sb.txt.gz' | '$BIN' --db '$T/db' import - | grep -q 'already imported'"
dump "$T/db" > "$T/before.sql"
check "no writable TMPDIR for a long pipe: exit 1, saying where" sh -c \
	"cat '$T/sb.txt' | TMPDIR='$T/none' '$BIN' --db '$T/db' import - 2> '$T/err'; \
	 test \$? = 1 && grep -q 'cannot create a temporary file in $T/none' '$T/err'"
dump "$T/db" > "$T/after.sql"
check "and the store is unchanged" cmp -s "$T/before.sql" "$T/after.sql"

# A mapped file cut short while it is read raises SIGBUS at the next access
# past its new end; that must be an error naming the file (exit 1), not a
# "Bus error", and the store must stay as it was.  The import maps and
# hashes the file, then waits for the store's write lock before it parses
# the mapping: another writer holds that lock (sqlite3, fed from a fifo)
# until the import is seen with the file mapped (its /proc maps) and the
# file is truncated, so the parse always meets the cut, on a fast machine
# as on a slow one.
cp "$T/sb.txt" "$T/cut.txt"
dump "$T/db" > "$T/before.sql"
mkfifo "$T/hold"
sqlite3 "$T/db" < "$T/hold" > /dev/null 2>&1 &
hold=$!
exec 9> "$T/hold"
echo "BEGIN IMMEDIATE; SELECT 1;" >&9
# held once another writer is refused at once (sqlite3 waits for nothing)
i=0
while [ $i -lt 1000 ] && sqlite3 "$T/db" "BEGIN IMMEDIATE; ROLLBACK;" > /dev/null 2>&1; do
	sleep 0.01
	i=$((i + 1))
done
"$BIN" --db "$T/db" import "$T/cut.txt" > /dev/null 2> "$T/err" &
pid=$!
i=0
while [ $i -lt 1000 ] && ! grep -q "$T/cut.txt" /proc/$pid/maps 2>/dev/null; do
	sleep 0.01
	i=$((i + 1))
done
truncate -s 65536 "$T/cut.txt"
echo "COMMIT;" >&9
exec 9>&-
wait $hold
wait $pid
rc=$?
check "a file truncated while imported: exit 1, naming it ($rc: $(head -c 160 "$T/err"))" sh -c \
	"test $rc = 1 && grep -q '$T/cut.txt: cannot be read any more: it was cut short' '$T/err'"
dump "$T/db" > "$T/after.sql"
check "and the store is unchanged" cmp -s "$T/before.sql" "$T/after.sql"


# The rest on a smaller source in pieces: 3 MiB of incompressible wrapper
# text (passed over by the parser) before a real sysbench run, so that
# reparse, render and merge stay quick.
fresh
python3 - "$T/wrapped.txt" "$TOP/sample-data/raw/ext4-disk-cpu.out" <<'EOF'
import base64, random, sys
r = random.Random(7)
with open(sys.argv[1], "w") as f:
    for i in range(40000):
        f.write(base64.b64encode(bytes(r.getrandbits(8) for _ in range(57))).decode() + "\n")
    f.write(open(sys.argv[2]).read())
EOF
bs import --format sysbench "$T/wrapped.txt" > /dev/null
check "a 3 MiB source is stored in pieces" test \
	"$(sqlite3 "$T/db" "select length(content) = 0 and (select count(*) from source_chunk) >= 2 from source")" = 1
sha=$(sha256sum < "$T/wrapped.txt" | cut -c1-64)

# the pieces come back: reparse reads them, render publishes them
out=$(bs reparse)
check "reparse reads the pieced source and finds nothing changed" \
	test "$(echo "$out" | tail -1)" = "1 source, 0 changed"
bs render --out "$T/site" > /dev/null
check "render publishes the raw output byte for byte" \
	cmp -s "$T/wrapped.txt" "$T/site/source-$(echo "$sha" | cut -c1-16).txt"
src="$T/site/source-$(echo "$sha" | cut -c1-16).txt"
bs render --gzip --out "$T/site" > /dev/null
check "render --gzip: the raw output's twin inflates to the same bytes" sh -c \
	"gzip -dc '$src.gz' | cmp -s - '$T/wrapped.txt'"
check "and it is the gzip that every other text file gets (level 9, no name)" sh -c \
	"gzip -9 -n -c '$T/wrapped.txt' | cmp -s - '$src.gz'"
ino=$(stat -c %i "$src")
rm "$src.gz"
bs render --gzip --out "$T/site" > /dev/null
check "a published raw output without its twin: both made again" sh -c \
	"test \"\$(stat -c %i '$src')\" != $ino && gzip -dc '$src.gz' | cmp -s - '$T/wrapped.txt'"
ino=$(stat -c %i "$src")
bs exclude 1 --why "a reason" > /dev/null
bs render --gzip --out "$T/site" > /dev/null
check "a run page built again links its unchanged raw output (same inode)" \
	test "$(stat -c %i "$src")" = "$ino"
bs include 1 > /dev/null

# merge copies the pieces and checks them; a damaged piece is refused
"$BIN" --db "$T/m.db" merge "$T/db" > /dev/null
check "merge copies every piece" test \
	"$(sqlite3 "$T/m.db" 'select count(*), sum(length(data)) from source_chunk')" = \
	"$(sqlite3 "$T/db" 'select count(*), sum(length(data)) from source_chunk')"
check "and the merged store exports the same figures" test \
	"$("$BIN" --db "$T/m.db" export | md5sum)" = "$(bs export | md5sum)"
cp "$T/db" "$T/bad.db"
sqlite3 "$T/bad.db" "update source_chunk set data = (select data from source_chunk where seq = 1) where seq = 2"
check "a source with a damaged piece is refused by merge" sh -c \
	"'$BIN' --db '$T/m2.db' merge '$T/bad.db' 2> '$T/err'; test \$? = 1 && \
	 grep -q 'is damaged' '$T/err'"
check "and render of that store says the source is damaged" sh -c \
	"'$BIN' --db '$T/bad.db' render --out '$T/badsite' 2> '$T/err'; test \$? = 1 && \
	 grep -q 'source 1 is damaged' '$T/err'"

# deleting the run deletes its source's pieces
bs delete --yes 1 > /dev/null
check "delete removes the pieces with the source" test \
	"$(sqlite3 "$T/db" 'select count(*) from source; select count(*) from source_chunk' | tr '\n' ' ')" = "0 0 "
