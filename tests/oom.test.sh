# oom.test.sh: allocation failure at each allocation of an import in turn
# (issue 8).  failmalloc.so (tests/failmalloc.c, preloaded) makes the Nth
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
SOAK=${SOAK:-0}
SHIM=$(dirname "$UNIT")/failmalloc.so
export SOURCE_DATE_EPOCH=1700000000
STEP=7
case $BIN in */build-san/*)
	# the shim stands before libasan, which forwards to ASan's allocator
	export ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0"
	STEP=29 ;;
esac
[ "$SOAK" = 1 ] && STEP=1

if [ ! -f "$SHIM" ]; then
	notok "failmalloc.so built beside the unit tests ($SHIM)"
	exit 0
fi

# state DB: integrity_check and the full dump, hashed: what "as it was"
# compares
state() {
	sqlite3 "$1" 'pragma integrity_check' .dump 2>&1 | sha256sum
}

# inject DESC FIRST BASE FILE: BASE (a file imported first, or "" for an
# empty store), then FILE imported with its Nth allocation failing, N from
# FIRST (1 to STEP) in steps of STEP
inject() {
	desc=$1 first=$2 base=$3 f=$4
	rm -f "$T/base.db"*
	if [ -n "$base" ]; then
		"$BIN" --db "$T/base.db" import "$base" >/dev/null 2>&1
	else
		: > "$T/base.db"
	fi
	before=$(state "$T/base.db")
	# into an empty store, the schema is its own first transaction: a
	# failure after it leaves an empty store of this version
	empty=$before
	if [ -z "$base" ]; then
		"$BIN" --db "$T/empty.db" init
		empty=$(state "$T/empty.db")
	fi
	cp "$T/base.db" "$T/ref.db"
	FAILMALLOC_COUNT="$T/count" LD_PRELOAD="$SHIM" \
		"$BIN" --db "$T/ref.db" import "$f" >/dev/null 2>"$T/err"
	after=$(state "$T/ref.db")
	n=$(cat "$T/count" 2>/dev/null || echo 0)
	if [ "$n" -lt 50 ] || [ "$before" = "$after" ]; then
		notok "$desc: the shim counted $n allocations and the import changed the store ($(cat "$T/err"))"
		return
	fi
	bad=0 fails=0 oks=0
	cp "$T/base.db" "$T/w.db"
	i=$(( (first - 1) % STEP + 1 ))
	from=$i
	while [ $i -le "$n" ]; do
		FAILMALLOC_AT=$i LD_PRELOAD="$SHIM" \
			"$BIN" --db "$T/w.db" import "$f" >/dev/null 2>"$T/err"
		rc=$?
		why=""
		if grep -q -E 'Sanitizer|runtime error|LeakSanitizer' "$T/err"; then
			why="sanitizer report"
		elif [ $rc = 1 ]; then
			fails=$((fails + 1))
			grep -q -i -E 'out of memory|cannot allocate memory' "$T/err" ||
				why="exit 1 without saying out of memory"
			# the same bytes and no WAL: unchanged without asking
			# sqlite3 (most runs); otherwise compare the dumps
			if [ -z "$why" ] && { [ -f "$T/w.db-wal" ] ||
			   ! cmp -s "$T/w.db" "$T/base.db"; } &&
			   [ "$(state "$T/w.db")" != "$before" ] &&
			   [ "$(state "$T/w.db")" != "$empty" ]; then
				why="store changed"
			fi
		elif [ $rc = 0 ]; then
			oks=$((oks + 1))
			[ "$(state "$T/w.db")" = "$after" ] ||
				why="exit 0 but the store differs from an uninterrupted import"
			cp "$T/base.db" "$T/w.db"
		else
			why="exit $rc"
		fi
		# an empty store stays empty for the next run
		if [ -z "$base" ] && [ $rc = 1 ]; then
			cp "$T/base.db" "$T/w.db"
			rm -f "$T/w.db-wal" "$T/w.db-shm"
		fi
		if [ -n "$why" ]; then
			bad=$((bad + 1))
			[ $bad -le 5 ] && echo "# $desc: allocation $i: $why: $(head -c 300 "$T/err")"
			cp "$T/base.db" "$T/w.db"
			rm -f "$T/w.db-wal" "$T/w.db-shm"
		fi
		i=$((i + STEP))
	done
	check "$desc: $n allocations, every $STEP from number $from failed in turn: $fails clean exit 1 saying out of memory, $oks recovered, $bad wrong" \
		[ $bad = 0 ]
}

G=$TOP/sample-data
gzip -c < "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" > "$T/sysbench.txt.gz"
inject "bonnie++ text" 1 "$G/bonnie-ext4-disk.txt" "$G/bonnie-tmpfs.txt"
inject "pts XML (libxml2)" 2 "$G/bonnie-ext4-disk.txt" \
	"$TOP/tests/fixtures/pts/two-systems-repeats.xml"
inject "gzipped sysbench (zlib)" 3 "$G/bonnie-ext4-disk.txt" "$T/sysbench.txt.gz"
inject "fio JSON (SQLite's JSON functions)" 4 "$G/bonnie-ext4-disk.txt" \
	"$TOP/tests/fixtures/fio/client-stats.json"
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
