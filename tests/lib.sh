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

# check DESC CMD...: ok when CMD succeeds
check() {
	desc=$1; shift
	if "$@"; then ok "$desc"; else notok "$desc"; fi
}

# bs ARGS: benchsite on the test store
bs() { "$BIN" --db "$T/db" "$@"; }

# dump DB: the store's contents as SQL text (what "unchanged" compares)
dump() { sqlite3 "$1" .dump; }

# fresh: an empty store (nothing at $T/db)
fresh() { rm -f "$T/db" "$T/db-wal" "$T/db-shm"; }

# bs_quiet ARGS: bs with its standard output dropped (for check)
bs_quiet() { bs "$@" >/dev/null; }

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
