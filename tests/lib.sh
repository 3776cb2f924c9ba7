# lib.sh: what the shell tests share.  Sourced; BIN and TOP come from
# run.sh.  Each check prints one TAP line.
set -u
: "${BIN:?run through tests/run.sh}"
: "${TOP:?run through tests/run.sh}"
T=$(mktemp -d "${TMPDIR:-/tmp}/benchsite-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
CORPUS=$TOP/../shared/corpus

ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; }
skip() { echo "ok - $1 # SKIP $2"; }

# have TOOL: TOOL is on PATH
have() { command -v "$1" >/dev/null 2>&1; }

# need TOOL...: the whole script is one SKIP line when a tool it cannot do
# without is missing: make check runs for any user, and one who cannot
# install the test packages (make deps, as root) gets the other tests
need() {
	for _need in "$@"; do
		have "$_need" && continue
		skip "$(basename "$0" .test.sh)" "$_need missing"
		exit 0
	done
}

# check DESC CMD...: ok when CMD succeeds
check() {
	desc=$1; shift
	if "$@"; then ok "$desc"; else notok "$desc"; fi
}

# silent DESC CMD...: ok when CMD prints nothing (its status aside), else
# not ok with what it printed, in parentheses after DESC; $why keeps it
silent() {
	_sdesc=$1; shift
	why=$("$@")
	check "$_sdesc${why:+ ($why)}" test -z "$why"
}

# bs ARGS: benchsite on the test store
bs() { "$BIN" --db "$T/db" "$@"; }

# dump DB: the store's contents as SQL text (what "unchanged" compares)
dump() { sqlite3 "$1" .dump; }

# flat DB: DB's samples a row each, as DB stores them (series by series,
# each in its order), in the SQLite file DB.flat's table sample (run_id,
# test, metric, t, value), for SQL to read: a store packs a run's samples of
# a test and metric into one blob (schema/schema.sql).  Prints DB.flat.
flat() {
	rm -f "$1.flat"
	python3 - "$1" "$1.flat" <<'EOF'
import sqlite3, struct, sys
src = sqlite3.connect(sys.argv[1])
dst = sqlite3.connect(sys.argv[2])
dst.execute("CREATE TABLE sample (run_id INTEGER, test TEXT, metric TEXT,"
            " t REAL, value REAL)")
for run, test, metric, data in src.execute(
        "SELECT run_id, test, metric, data FROM sample ORDER BY rowid"):
    dst.executemany("INSERT INTO sample VALUES (?, ?, ?, ?, ?)",
                    [(run, test, metric, t, v)
                     for t, v in struct.iter_unpack("<dd", data)])
dst.commit()
dst.close()
src.close()
EOF
	echo "$1.flat"
}

# fresh: an empty store (nothing at $T/db)
fresh() { rm -f "$T/db" "$T/db-wal" "$T/db-shm"; }

# bs_quiet ARGS: bs with its standard output dropped (for check)
bs_quiet() { bs "$@" >/dev/null; }

# fresh_import_says DESC PATTERN ARGS...: import ARGS into an empty store;
# its standard error (kept in $T/err) matches PATTERN (grep)
fresh_import_says() {
	_fdesc=$1 _fpat=$2
	shift 2
	fresh
	bs import "$@" >/dev/null 2>"$T/err"
	check "$_fdesc" grep -q "$_fpat" "$T/err"
}

# holds EXPR: EXPR (shell text, evaluated now) succeeds; for check with
# several conditions (check runs one command)
holds() { eval "$1"; }

# st CMD...: the exit status of CMD, its output dropped
st() { "$@" > /dev/null 2>&1; echo $?; }

# q SQL: the test store's answer to SQL
q() { sqlite3 "$T/db" "$1"; }

# refused PATH FILE LINE PATTERN [IMPORT OPTIONS...]: importing PATH exits
# 1 with "benchsite: FILE:LINE[:COL]: ...PATTERN" on stderr (FILE alone when
# LINE is empty), and the store $T/db is still $T/before.sql and
# $T/before.db, byte for byte.  Two TAP lines, named by PATH's base name.
refused() {
	path=$1 file=$2 line=$3 pattern=$4
	shift 4
	name=$(basename "$path")
	bs import "$@" "$path" >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc -ne 1 ]; then
		notok "$name: exit status 1 (got $rc)"
		return
	fi
	where="$file:$line\(:[0-9]*\)\?"
	[ -z "$line" ] && where="$file"
	if grep -q "^benchsite: $where: .*$pattern" "$T/err"; then
		ok "$name: refused at line $line ($(sed "s|^benchsite: $T/||" "$T/err" | head -1))"
	else
		notok "$name: message names line $line and says '$pattern' (got: $(cat "$T/err"))"
	fi
	dump "$T/db" > "$T/after.sql"
	if cmp -s "$T/before.sql" "$T/after.sql" && cmp -s "$T/before.db" "$T/db"; then
		ok "$name: store unchanged"
	else
		notok "$name: store unchanged"
	fi
}

# bad NAME LINE PATTERN [IMPORT OPTIONS...]: refused for $T/NAME
bad() {
	_bad=$1
	shift
	refused "$T/$_bad" "$T/$_bad" "$@"
}

# golden [-f FORMAT] PATH NAME GOLDEN [IMPORT OPTIONS...]: import PATH (a
# file or a folder) alone into an empty store $T/db and compare its export
# with attributes to tests/golden/GOLDEN; GOLDEN_UPDATE=1 rewrites that file
# (review the diff).  NAME names the TAP lines.  With -f, the import must
# say it read PATH as FORMAT.  An import that fails, or that skips a file
# of a folder as no known format, is a failure.  Returns 1 when PATH did
# not import (or not as FORMAT), so that callers can stop there; the store
# then holds what PATH gave, for further checks.
golden() {
	_gfmt=
	if [ "$1" = -f ]; then
		_gfmt=$2
		shift 2
	fi
	_gpath=$1 _gname=$2 _gfile=$3
	shift 3
	fresh
	if ! bs import "$@" "$_gpath" >"$T/out" 2>"$T/err"; then
		notok "$_gname imports ($(cat "$T/err"))"
		return 1
	fi
	if [ -n "$_gfmt" ] && ! grep -q "($_gfmt)" "$T/out"; then
		notok "$_gname is detected as $_gfmt ($(cat "$T/out"))"
		return 1
	fi
	if grep -q 'skipped' "$T/err"; then
		notok "$_gname: no file skipped ($(cat "$T/err"))"
	fi
	bs export --attrs > "$T/got"
	if [ "${GOLDEN_UPDATE:-}" = 1 ]; then
		cp "$T/got" "$TOP/tests/golden/$_gfile"
	fi
	if cmp -s "$T/got" "$TOP/tests/golden/$_gfile"; then
		ok "$_gname: export equals tests/golden/$_gfile"
	else
		notok "$_gname: export differs from tests/golden/$_gfile"
		diff "$TOP/tests/golden/$_gfile" "$T/got" | head -5
	fi
	return 0
}

# agrees GOT OK NOTOK: GOT holds the lines of $T/want (which is not
# empty), as read a second, independent way: "ok - OK (N results)", else
# "not ok - NOTOK" and the first lines that differ
agrees() {
	if [ -s "$T/want" ] && cmp -s "$T/want" "$1"; then
		ok "$2 ($(wc -l < "$T/want") results)"
	else
		notok "$3"
		diff "$T/want" "$1" | head -5
	fi
}

# corpus NAME WHAT CMD...: CMD FILE for each file of the shared corpus's
# folder NAME, or one SKIP line for WHAT when the corpus is absent
corpus() {
	_cdir=$CORPUS/$1 _cwhat=$2
	shift 2
	if [ -d "$_cdir" ]; then
		for _cf in "$_cdir"/*; do "$@" "$_cf"; done
	else
		skip "$_cwhat" "../shared/corpus is absent"
	fi
}

# same_tree A B: the same file names with the same bytes
same_tree() {
	(cd "$1" && find . -print | LC_ALL=C sort) > "$T/tree.a"
	(cd "$2" && find . -print | LC_ALL=C sort) > "$T/tree.b"
	cmp -s "$T/tree.a" "$T/tree.b" || { echo "file lists differ"; return 1; }
	rc=0
	while IFS= read -r p; do
		[ -f "$1/$p" ] || continue
		cmp -s "$1/$p" "$2/$p" || { echo "differs: $p"; rc=1; }
	done < "$T/tree.a"
	return $rc
}

# same_tree_control SITE COPY FILE: same_tree's negative control: COPY, a
# copy of SITE with one byte added to FILE, differs from it
same_tree_control() {
	cp -R "$1" "$2"
	printf ' ' >> "$2/$3"
	if ! same_tree "$1" "$2" > /dev/null; then
		ok "control: the comparison sees one changed byte"
	else
		notok "control: the comparison sees one changed byte"
	fi
}

# cost CMD...: "CPU_MS RSS_KB" of CMD from GNU time (its exit status in
# $T/rc, its standard error in $T/err)
cost() {
	/usr/bin/time -f '%U %S %M' -o "$T/time" "$@" >/dev/null 2>"$T/err"
	echo $? > "$T/rc"
	tail -1 "$T/time" | awk '{ printf "%d %d", ($1 + $2) * 1000, $3 }'
}

# quadratic K: the negative control of a measure of growth, a quadratic
# awk loop at N and K*N; sets QN (N), QA and QB (their CPU ms).  N is
# sized by time, as the parsers' inputs are (ten steps of the clock):
# doubled from 300 until N alone costs 100 ms, so that K*N, K^2 times
# that, fails the measure on a fast machine as on a slow one (a fixed N
# ran under the clock's 10 ms step on a fast machine and passed)
quadratic() {
	_quad='BEGIN { for (i = 0; i < n; i++) for (j = 0; j < n; j++) s += i * j; print s }'
	QN=300
	while QA=$(cost awk -v n=$QN "$_quad") && QA=${QA% *} &&
		[ "$QA" -lt 100 ] && [ $QN -lt 38400 ]; do
		QN=$((QN * 2))
	done
	QB=$(cost awk -v n=$((QN * $1)) "$_quad")
	QB=${QB% *}
}

# interrupt SIGNAL FILE CMD...: CMD in the background (its standard error
# in $T/err), sent SIGNAL once FILE exists (20 s at the most); sets rc (its
# exit status) and took (its seconds from the start)
interrupt() {
	_isig=$1 _ifile=$2
	shift 2
	_istart=$(date +%s)
	"$@" >/dev/null 2>"$T/err" &
	_ipid=$!
	_i=0
	while [ ! -e "$_ifile" ] && [ $_i -lt 200 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	kill -"$_isig" $_ipid
	wait $_ipid
	rc=$?
	took=$(( $(date +%s) - _istart ))
}

# golden_files CHECK PREFIX FILE...: golden for each FILE, its dump and
# its TAP lines named PREFIX and its base name, then CHECK FILE (a second
# reading) when it imported; CHECK "" for none
golden_files() {
	_gcheck=$1 _gpre=$2
	shift 2
	for _gf in "$@"; do
		_gn=$_gpre$(basename "$_gf")
		golden "$_gf" "$_gn" "$_gn.tsv" && [ -n "$_gcheck" ] &&
			"$_gcheck" "$_gf"
	done
	return 0
}

# failmalloc STEP SANSTEP: the settings of the allocation-failure tests:
# SHIM (tests/failmalloc.c, built beside the unit tests), SOAK, STEP (fail
# every STEP-th allocation: SANSTEP in a sanitizer build, where a run costs
# more; every one under SOAK=1); a "not ok" and the script's end when the
# shim is not built
failmalloc() {
	SOAK=${SOAK:-0}
	SHIM=$(dirname "$UNIT")/failmalloc.so
	STEP=$1
	case $BIN in */build-san/*)
		# the shim stands before ASan's shared runtime (gcc's libasan,
		# clang's libclang_rt.asan), which forwards to ASan's allocator
		export ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0"
		STEP=$2 ;;
	esac
	[ "$SOAK" = 1 ] && STEP=1
	if [ ! -f "$SHIM" ]; then
		notok "failmalloc.so built beside the unit tests ($SHIM)"
		exit 0
	fi
}
