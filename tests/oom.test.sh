# oom.test.sh: allocation failure at each allocation of an import in turn.
# failmalloc.so (tests/failmalloc.c, preloaded) makes the Nth
# allocation after main starts return NULL, SQLite's, libxml2's and zlib's
# included; for every N up to the number the import makes, benchsite must
# exit 0 with the store as an uninterrupted import leaves it, or exit 1
# saying "out of memory" with the store as it was before (integrity_check
# ok, the same .dump; into an empty store, the empty schema may remain);
# never crash, never print a sanitizer report.
#
# The short tier fails every 7th allocation of importing four small files
# into a store that already holds one, starting at the 1st, 2nd, 3rd and
# 4th: the first ~450 allocations (opening the store, reading the file) are
# the same for every file, so together they fail 4 in 7 of those and a
# seventh of the rest (every 29th in the sanitizer build, where a run costs
# ~4x more).  SOAK=1 fails every allocation of those and six more formats, in
# every build, and the first import into an empty store.
. "$(dirname "$0")/lib.sh"
need sqlite3
export SOURCE_DATE_EPOCH=1700000000
failmalloc 7 29

# state DB: integrity_check and the full dump, hashed: what "as it was"
# compares
state() {
	sqlite3 "$1" 'pragma integrity_check' .dump 2>&1 | sha256sum
}

# inject_cmd DESC FIRST STEP BASE EMPTY CMD...: `benchsite --db COPY
# CMD...` on a copy of the store BASE, with its Nth allocation failing, N
# from FIRST (1 to STEP) in steps of STEP.  EMPTY is the state a failed run
# may also leave (an empty store's schema; else the state of BASE).
inject_cmd() {
	desc=$1 first=$2 step=$3 base=$4 empty=$5
	shift 5
	before=$(state "$base")
	rm -f "$T/ref.db"*
	cp "$base" "$T/ref.db"
	FAILMALLOC_COUNT="$T/count" LD_PRELOAD="$SHIM" \
		"$BIN" --db "$T/ref.db" "$@" >/dev/null 2>"$T/err"
	after=$(state "$T/ref.db")
	n=$(cat "$T/count" 2>/dev/null || echo 0)
	if [ "$n" -lt 50 ] || [ "$before" = "$after" ]; then
		notok "$desc: the shim counted $n allocations and the command changed the store ($(cat "$T/err"))"
		return
	fi
	bad=0 fails=0 oks=0
	rm -f "$T/w.db"*
	cp "$base" "$T/w.db"
	i=$(( (first - 1) % step + 1 ))
	from=$i
	while [ $i -le "$n" ]; do
		FAILMALLOC_AT=$i LD_PRELOAD="$SHIM" timeout 120 \
			"$BIN" --db "$T/w.db" "$@" >/dev/null 2>"$T/err"
		rc=$?
		why=""
		if [ $rc = 124 ]; then
			why="still running after 120 s (a loop that never ends?)"
		elif grep -q -E 'Sanitizer|runtime error|LeakSanitizer' "$T/err"; then
			why="sanitizer report"
		elif [ $rc = 1 ]; then
			fails=$((fails + 1))
			grep -q -i -E 'out of memory|cannot allocate memory' "$T/err" ||
				why="exit 1 without saying out of memory"
			# the same bytes and no WAL: unchanged without asking
			# sqlite3 (most runs); otherwise compare the dumps
			if [ -z "$why" ] && { [ -f "$T/w.db-wal" ] ||
			   ! cmp -s "$T/w.db" "$base"; } &&
			   [ "$(state "$T/w.db")" != "$before" ] &&
			   [ "$(state "$T/w.db")" != "$empty" ]; then
				why="store changed"
			fi
		elif [ $rc = 0 ]; then
			oks=$((oks + 1))
			[ "$(state "$T/w.db")" = "$after" ] ||
				why="exit 0 but the store differs from an uninterrupted run"
			rm -f "$T/w.db"*
			cp "$base" "$T/w.db"
		else
			why="exit $rc"
		fi
		# a store left at EMPTY is put back for the next run
		if [ "$empty" != "$before" ] && [ $rc = 1 ]; then
			rm -f "$T/w.db"*
			cp "$base" "$T/w.db"
		fi
		if [ -n "$why" ]; then
			bad=$((bad + 1))
			[ $bad -le 5 ] && echo "# $desc: allocation $i: $why: $(head -c 300 "$T/err")"
			rm -f "$T/w.db"*
			cp "$base" "$T/w.db"
		fi
		i=$((i + step))
	done
	check "$desc: $n allocations, every $step from number $from failed in turn: $fails clean exit 1 saying out of memory, $oks recovered, $bad wrong" \
		[ $bad = 0 ]
}

# inject DESC FIRST BASE FILE: BASE (a file imported first, or "" for an
# empty store), then FILE imported with its Nth allocation failing
inject() {
	desc=$1 first=$2 base=$3 f=$4
	rm -f "$T/base.db"*
	if [ -n "$base" ]; then
		"$BIN" --db "$T/base.db" import "$base" >/dev/null 2>&1
	else
		: > "$T/base.db"
	fi
	# into an empty store, the schema is its own first transaction: a
	# failure after it leaves an empty store of this version
	empty=$(state "$T/base.db")
	if [ -z "$base" ]; then
		rm -f "$T/empty.db"*
		"$BIN" --db "$T/empty.db" init
		empty=$(state "$T/empty.db")
	fi
	inject_cmd "$desc" "$first" "$STEP" "$T/base.db" "$empty" import "$f"
}

G=$TOP/sample-data
gzip -c < "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" > "$T/sysbench.txt.gz"
inject "bonnie++ text" 1 "$G/bonnie-ext4-disk.txt" "$G/bonnie-tmpfs.txt"
inject "pts XML (libxml2)" 2 "$G/bonnie-ext4-disk.txt" \
	"$TOP/tests/fixtures/pts/two-systems-repeats.xml"
inject "gzipped sysbench (zlib)" 3 "$G/bonnie-ext4-disk.txt" "$T/sysbench.txt.gz"
inject "fio JSON (SQLite's JSON functions)" 4 "$G/bonnie-ext4-disk.txt" \
	"$TOP/tests/fixtures/fio/client-stats.json"

# merge: OTHER holds a source this store has (skipped), a sysbench run with
# samples, a --label and a --set, a PTS file, an exclusion and a comparison;
# the sysbench source's zlib stream is cut into two source_chunk rows, as a
# source past 1 MiB compressed is stored (schema/source_blob.c)
rm -f "$T/m.db"* "$T/other.db"*
"$BIN" --db "$T/m.db" import "$G/bonnie-ext4-disk.txt" "$G/bonnie-tmpfs.txt" >/dev/null
"$BIN" --db "$T/other.db" import "$G/bonnie-tmpfs.txt" >/dev/null
"$BIN" --db "$T/other.db" import --label "interim cpu" --set host=alpha \
	"$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" >/dev/null
"$BIN" --db "$T/other.db" import "$TOP/tests/fixtures/pts/two-systems-repeats.xml" >/dev/null
"$BIN" --db "$T/other.db" exclude 3 --why "cron ran" >/dev/null
"$BIN" --db "$T/other.db" compare cpu --suite sysbench --title CPU >/dev/null
sqlite3 "$T/other.db" "insert into source_chunk (source_id, seq, data)
		select id, 1, substr(content, 1, 300) from source where id = 2;
	insert into source_chunk (source_id, seq, data)
		select id, 2, substr(content, 301) from source where id = 2;
	update source set content = x'' where id = 2"
other=$(sha256sum < "$T/other.db")
inject_cmd "merge" 5 "$STEP" "$T/m.db" "$(state "$T/m.db")" merge "$T/other.db"
check "merge: the uninterrupted merge copied the two chunks; the other store was never written" \
	[ "$(sqlite3 "$T/ref.db" 'select count(*) from source_chunk')" = 2 ] &&
	[ "$(sha256sum < "$T/other.db")" = "$other" ]

# reparse: a store as an older, worse parser left it (a figure wrong, one
# missing, one too many, an attribute gone, a label changed, a sample
# gone, a run too many), with what reparse must keep (--set, --label, an
# exclusion, an attribute a person set).  A reparse prepares a statement
# for each record it stages: ~10,000 allocations for these two files, so
# every RSTEP-th is failed
RSTEP=$((STEP * 3 - 2))
[ "$SOAK" = 1 ] && RSTEP=1
rm -f "$T/r.db"*
"$BIN" --db "$T/r.db" import --set fs=tmpfs --label "my tmpfs" "$G/bonnie-tmpfs.txt" >/dev/null
"$BIN" --db "$T/r.db" import "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" >/dev/null
"$BIN" --db "$T/r.db" exclude 2 --why cron >/dev/null
sqlite3 "$T/r.db" "insert into run_attr (run_id, key, value) values (1, 'cpu', 'Xeon');
	update result set value = value + 1 where run_id = 1 and test = 'putc' and metric = 'rate';
	delete from result where run_id = 1 and test = 'getc' and metric = 'cpu';
	insert into result (run_id, test, metric, value, unit, better, status) values (1, 'bogus', 'rate', 1, 'KiB/s', 'higher', 'ok');
	delete from run_attr where run_id = 2 and key = 'seed';
	update run set label = 'old name' where id = 2;
	delete from sample where rowid = (select max(rowid) from sample);
	insert into run (source_id, seq, line, suite, label) values (2, 99, 1, 'sysbench', 'ghost');
	insert into result (run_id, test, metric, value, unit, better, status) values (last_insert_rowid(), 'cpu', 'events_per_sec', 5, 'events/s', 'higher', 'ok')"
inject_cmd "reparse" 6 "$RSTEP" "$T/r.db" "$(state "$T/r.db")" reparse

# libxml2 2.9.14's HTML parser, after some of its allocations fail, sets
# itself to EOF where xmlNextChar stops advancing and spins in a loop
# waiting for a byte (some of the allocations 600-700 of this page's import
# in the plain build); core/xmlquiet.c ends such a parse with exit 1 and
# "out of memory" after 2 s of CPU, and none of them may hang.  The
# allocations 2056 and 2084 of this import are the text buffers of two
# cells (lines 20 and 21 of the page): failing them says out of memory,
# not "a cell of more than 4096 bytes".
rm -f "$T/h.db"*
"$BIN" --db "$T/h.db" import "$G/bonnie-ext4-disk.txt" >/dev/null 2>&1
hbefore=$(state "$T/h.db")
hung=0 hbad=0
for i in $(seq 600 700) 2056 2084; do
	rm -f "$T/hw.db"*
	cp "$T/h.db" "$T/hw.db"
	FAILMALLOC_AT=$i LD_PRELOAD="$SHIM" timeout 60 "$BIN" --db "$T/hw.db" \
		import "$TOP/tests/tables/bon_csv2html-1.03-perl-10x.html" >/dev/null 2>"$T/err"
	rc=$?
	if [ $rc = 124 ]; then
		hung=$((hung + 1))
	elif [ $rc != 0 ] && { [ $rc != 1 ] ||
	     ! grep -q 'out of memory' "$T/err" ||
	     [ "$(state "$T/hw.db")" != "$hbefore" ]; }; then
		hbad=$((hbad + 1))
		echo "# html allocation $i: exit $rc: $(head -c 200 "$T/err")"
	fi
done
check "an html page with allocations 600-700 failed: none hangs ($hung), each exits 0, or 1 saying out of memory with the store as it was ($hbad wrong)" \
	test "$hung" = 0 -a "$hbad" = 0

if [ "$SOAK" = 1 ]; then
	inject "bonnie++ into an empty store" 4 "" "$G/bonnie-tmpfs.txt"
	inject "html table" 6 "$G/bonnie-ext4-disk.txt" \
		"$TOP/tests/tables/bon_csv2html-1.03-perl-10x.html"
	inject "supersmack" 7 "$G/bonnie-ext4-disk.txt" \
		"$TOP/tests/tables/supersmack-two-clients.txt"
	inject "sqlbench" 8 "$G/bonnie-ext4-disk.txt" \
		"$TOP/tests/fixtures/sqlbench/compare-flags.txt"
	inject "csv" 9 "$G/bonnie-ext4-disk.txt" "$G/bonnie-x3-ext4-disk.csv"
else
	skip "more formats and an empty store under allocation failure" "long tier (make soak)"
fi

# the control: a shim that fails nothing leaves the import working, and
# one that fails early makes it fail: the shim reaches the program
FAILMALLOC_AT=999999999 LD_PRELOAD="$SHIM" "$BIN" --db "$T/c1.db" import \
	"$G/bonnie-tmpfs.txt" >/dev/null 2>&1
check "control: with no allocation failed the import works" \
	[ "$(sqlite3 "$T/c1.db" 'select count(*) from result')" = 36 ]
FAILMALLOC_AT=20 LD_PRELOAD="$SHIM" "$BIN" --db "$T/c2.db" import \
	"$G/bonnie-tmpfs.txt" >/dev/null 2>"$T/err"
check "control: the 20th allocation failed fails the import ($(cat "$T/err"))" \
	grep -q -i 'out of memory' "$T/err"
