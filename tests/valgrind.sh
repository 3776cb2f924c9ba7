#!/bin/sh
# valgrind.sh BIN UNIT TEST...: runs the named shell tests with benchsite
# under valgrind (make valgrind).  Every benchsite run writes its own log;
# the result is one TAP line per test script and one for the logs: no
# error and no definitely lost byte in any run.  Slow (each run ~20x), so
# it is its own target, not part of make check.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
REAL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
UNIT=$2
shift 2
if ! command -v valgrind >/dev/null 2>&1; then
	echo "ok - valgrind # SKIP valgrind missing"
	exit 0
fi
VG=$(mktemp -d "${TMPDIR:-/tmp}/benchsite-vg.XXXXXX")
trap 'rm -rf "$VG"' EXIT
mkdir -p "$VG/bin" "$VG/log"
cat > "$VG/bin/benchsite" <<EOS
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full \\
	--show-leak-kinds=definite --errors-for-leak-kinds=definite \\
	--suppressions=$TOP/tests/valgrind.supp \\
	--log-file=$VG/log/%p.log "$REAL" "\$@"
EOS
chmod +x "$VG/bin/benchsite"
failed=0
for t in "$@"; do
	echo "# $t under valgrind"
	BIN=$VG/bin/benchsite TOP=$TOP UNIT=$UNIT sh "$TOP/tests/$t" > "$VG/out" 2>&1
	n=$(grep -c '^not ok' "$VG/out")
	if [ "$n" -eq 0 ]; then
		echo "ok - $t passes under valgrind"
	else
		echo "not ok - $t under valgrind: $n failed"
		grep '^not ok' "$VG/out" | head -5
		failed=$((failed + 1))
	fi
done
runs=$(ls "$VG/log" | wc -l)
bad=$(find "$VG/log" -type f -size +0 | wc -l)
if [ "$bad" -eq 0 ] && [ "$runs" -gt 0 ]; then
	echo "ok - $runs benchsite runs: no valgrind error, no definitely lost byte"
else
	echo "not ok - $bad of $runs benchsite runs have a valgrind report:"
	find "$VG/log" -type f -size +0 | head -3 | xargs cat
	failed=$((failed + 1))
fi
[ "$failed" -eq 0 ]
