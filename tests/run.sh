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

# The scripts run side by side, JOBS at a time (default: one per
# processor), each in its own temporary folder, so that a slow machine
# takes the longest script's time rather than the sum.  The slowest
# start first.  Each script's lines are shown whole when it ends (with
# its time in seconds) and counted in a fixed order afterwards.
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}
work=$(mktemp -d)
trap 'rm -f "$out"; rm -rf "$work"' EXIT
slow="browser runlinks hostile oom oom_render charts property hardening site
incremental linear render bigsource report"
names=""
for s in $slow; do
	[ -f "$TOP/tests/$s.test.sh" ] && names="$names $s"
done
for t in "$TOP"/tests/*.test.sh; do
	n=$(basename "$t" .test.sh)
	case " $names " in *" $n "*) ;; *) names="$names $n" ;; esac
done
export work
# shellcheck disable=SC2016
printf '%s\n' $names | xargs -P "$JOBS" -I '{}' sh -c '
	start=$(date +%s)
	sh "$TOP/tests/$1.test.sh" >"$work/$1.out" 2>&1
	echo $? >"$work/$1.rc"
	secs=$(($(date +%s) - start))
	(
		flock 9
		echo "# $1.test.sh ($secs s)"
		cat "$work/$1.out"
	) 9>"$work/lock"
	exit 0' _ '{}'

for n in $names; do
	cp "$work/$n.out" "$out" 2>/dev/null || : >"$out"
	rc=$(cat "$work/$n.rc" 2>/dev/null || echo 127)
	count "$n.test.sh" "$rc"
done

if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
