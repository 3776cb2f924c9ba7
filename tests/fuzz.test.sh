# fuzz.test.sh: replays every stored fuzz input (tests/fuzz/corpus/TARGET,
# the findings in tests/fuzz/regress/TARGET) and the repository's own
# fixtures through every fuzz target, without libFuzzer (fuzz-replay is
# built by make check in the same build, so SANITIZE=1 replays under ASan
# and UBSan).  A crash or a broken sink contract aborts the replay.
. "$(dirname "$0")/lib.sh"
REPLAY=$(dirname "$UNIT")/fuzz-replay

if [ ! -x "$REPLAY" ]; then
	notok "fuzz-replay built beside the unit tests"
	exit 0
fi
"$REPLAY" all "$TOP/tests/fuzz/corpus/%t" "$TOP/tests/fuzz/regress/%t" \
	"$TOP/sample-data" "$TOP/tests/fixtures" "$TOP/tests/tables" >"$T/replay" 2>"$T/err"
rc=$?
cat "$T/replay"
if [ $rc -ne 0 ]; then
	notok "fuzz replay exited $rc"
	sed 's/^/# /' "$T/err" | head -40
fi
# the contract check can fail: a deliberate breach aborts the replay
"$REPLAY" canary >/dev/null 2>&1
check "control: a broken sink contract aborts the replay" [ $? -ne 0 ]
# not vacuous: every target ran, and over something; the targets are the
# registry's formats (as import --help lists them) and four others
"$REPLAY" list > "$T/targets"
"$BIN" import --help |
	sed -n '/^formats:/,$ s/^  \([a-z][a-z0-9-]*\) .*/\1/p' > "$T/formats"
want=$(($(wc -l < "$T/formats") + 4))
n=$(grep -c '^ok - fuzz replay .*: [1-9][0-9]* inputs' "$T/replay")
check "fuzz replay: all $want targets ran over inputs ($n)" [ "$n" -eq "$want" ]
missing=$(grep -vxF -f "$T/targets" "$T/formats" | paste -sd ' ' -)
check "every format of the registry is a fuzz target${missing:+ (not: $missing)}" \
	test -z "$missing"

# the long tier also replays what the fuzzers grew (make fuzz)
if [ "${SOAK:-0}" = 1 ] && [ -d "$TOP/build-fuzz/corpus" ]; then
	"$REPLAY" all "$TOP/build-fuzz/corpus/%t" >"$T/grown" 2>"$T/err"
	check "fuzz replay of the grown corpora ($(tr '\n' ' ' < "$T/grown" | head -c 300))" [ $? -eq 0 ]
fi
if [ -d "$CORPUS" ]; then
	"$REPLAY" all "$CORPUS" >"$T/shared" 2>"$T/err"
	check "fuzz replay over ../shared/corpus" [ $? -eq 0 ]
else
	skip "fuzz replay over ../shared/corpus" "no ../shared/corpus"
fi
