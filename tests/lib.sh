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
