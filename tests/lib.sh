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
