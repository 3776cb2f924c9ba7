#!/bin/sh
# run.sh BIN UNIT: runs every test and ends with "N passed, N failed".
#
# The unit binary and each tests/*.test.sh script print TAP lines
# ("ok - ...", "not ok - ...", "ok - ... # SKIP why"); this script shows
# them, counts them, and fails when any failed or when a script died
# without saying why (a crash must never pass as "no failures").
set -u
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TOP=$(cd "$(dirname "$0")/.." && pwd)
UNIT=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
export BIN TOP UNIT
# sanitizer builds: fail on the first report; third-party cache "leaks"
# are listed (with why) in tests/lsan.supp
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$TOP/tests/lsan.supp:print_suppressions=0}
passed=0 failed=0 skipped=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

count() {
	# $1: name of what ran, $2: its exit status; the TAP lines are in $out
	p=$(grep -c '^ok ' "$out" | tr -d ' ')
	s=$(grep -c '^ok .*# SKIP' "$out" | tr -d ' ')
	f=$(grep -c '^not ok ' "$out" | tr -d ' ')
	p=$((p - s))
	if [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $1 exited with status $2"
		f=1
	fi
	passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
}

echo "# unit tests"
"$UNIT" >"$out" 2>&1
rc=$?
cat "$out"
count unit $rc

for t in "$TOP"/tests/*.test.sh; do
	echo "# $(basename "$t")"
	sh "$t" >"$out" 2>&1
	rc=$?
	cat "$out"
	count "$(basename "$t")" $rc
done

if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
