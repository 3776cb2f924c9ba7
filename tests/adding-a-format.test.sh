# adding-a-format.test.sh: docs/adding-a-format.md's walk-through works as
# written.  In a copy of the tree (and of the build's objects, so that only
# what the steps change is compiled), the page's blocks are applied as
# their heading lines say ("new PATH": the block is the file; "insert
# PATH": after the first line that starts with the block's first line, the
# block's other lines), then the copy is built and the sample imported:
# the run must be in the store, and the format in import --help, in the
# fuzz targets, in the format tables the README check reads and among the
# samples detection is tested on.  The page
# and this test cannot drift: the code is the page's.
. "$TOP/tests/lib.sh"
DOC=$TOP/docs/adding-a-format.md
BUILD_DIR=$(dirname "$UNIT")
rel=${BUILD_DIR#"$TOP"/}
case $rel in
build) mk=""; bin=benchsite ;;
build-san) mk="SANITIZE=1"; bin=build-san/benchsite ;;
build-san/clang) mk="CC=clang SANITIZE=1"; bin=build-san/clang/benchsite ;;
*) skip "the walk-through of docs/adding-a-format.md" "a build in $rel"
   exit 0 ;;
esac

# the copy: the sources, what the build and the README and detection
# checks read, and the build's objects with their times, so that make
# compiles only the changes
C=$T/tree
mkdir -p "$C/tests/fuzz"
(cd "$TOP" && cp -Rp core schema collector analysis renderer cli templates \
	main.c Makefile README.md docs sample-data "$C/") &&
	cp -p "$TOP"/tests/lib.sh "$TOP"/tests/readme.test.sh \
		"$TOP"/tests/guess.test.sh "$C/tests/" &&
	cp -Rp "$TOP"/tests/fixtures "$TOP"/tests/tables "$C/tests/" &&
	cp -p "$TOP"/tests/fuzz/*.[ch] "$C/tests/fuzz/" &&
	mkdir -p "$C/$rel" && cp -Rp "$BUILD_DIR/." "$C/$rel/" &&
	{ [ ! -f "$TOP/$bin" ] || cp -p "$TOP/$bin" "$C/$bin"; }
check "the tree and its build copied" test -f "$C/collector/registry.c"

# the page's blocks: $T/blk/N holds block N, $T/blocks "N MODE PATH"
mkdir -p "$T/blk"
awk -v dir="$T/blk" '
	!in_b && /^```[a-z]+ (new|insert) / {
		n++; in_b = 1; f = dir "/" n
		printf "" > f
		print n, $2, $3 > (dir "/../blocks")
		next
	}
	in_b && /^```$/ { in_b = 0; close(f); next }
	in_b { print > f }' "$DOC"
nb=$(wc -l < "$T/blocks" | tr -d ' ')
check "the page has its steps' blocks ($nb)" test "$nb" -ge 6

applied=0
while read -r n mode path; do
	case $mode in
	new)
		mkdir -p "$(dirname "$C/$path")"
		cp "$T/blk/$n" "$C/$path" && applied=$((applied + 1)) ;;
	insert)
		head -n 1 "$T/blk/$n" > "$T/pre"
		tail -n +2 "$T/blk/$n" > "$T/add"
		if awk -v pre="$T/pre" -v add="$T/add" '
			BEGIN { getline p < pre }
			{ print }
			!done && index($0, p) == 1 {
				while ((getline l < add) > 0) print l
				done = 1
			}
			END { exit !done }' "$C/$path" > "$T/out"; then
			cat "$T/out" > "$C/$path"
			applied=$((applied + 1))
		else
			notok "step $n: no line of $path starts with '$(cat "$T/pre")'"
		fi ;;
	esac
done < "$T/blocks"
check "every block applied ($applied of $nb)" test "$applied" -eq "$nb"

SAMPLE=$(awk '$2 == "new" && $3 ~ /^tests\/fixtures\// { print $3; exit }' "$T/blocks")
check "the page gives a sample ($SAMPLE)" test -f "$C/$SAMPLE"

# control: before the steps, benchsite does not read the sample
"$BIN" --db "$T/before.db" import "$C/$SAMPLE" >/dev/null 2>"$T/err"
check "control: without the steps the sample is not read ($(head -c 100 "$T/err"))" \
	grep -q 'cannot tell' "$T/err"

# shellcheck disable=SC2086
if (cd "$C" && make -j2 $mk "$bin" "$rel/fuzz-replay") >"$T/make" 2>&1; then
	ok "the copy builds ($(grep -c -- ' -c ' "$T/make") files compiled)"
else
	notok "the copy builds: $(grep -m 3 'error' "$T/make")"
	exit 0
fi
NEW=$C/$bin

"$NEW" import --help | sed -n '/^formats:/,$ s/^  \([a-z][a-z0-9-]*\) .*/\1/p' > "$T/formats"
check "import --help lists ioping" grep -qx ioping "$T/formats"
"$C/$rel/fuzz-replay" list > "$T/targets"
check "ioping is a fuzz target" grep -qx ioping "$T/targets"
"$C/$rel/fuzz-replay" ioping "$C/$SAMPLE" > "$T/replay" 2>&1
check "its fuzz target runs over the sample ($(cat "$T/replay"))" \
	grep -q '^ok - fuzz replay ioping: 1 inputs' "$T/replay"

"$NEW" --db "$T/db" import "$C/$SAMPLE" > "$T/out" 2>&1
check "the sample is detected as ioping and imported ($(cat "$T/out"))" \
	grep -q '(ioping)$' "$T/out"
"$NEW" --db "$T/db" export > "$T/export" 2>&1
check "the run is in the store: ioping, /tmp, latency_avg 21.3 us" \
	grep -q "ioping.*/tmp.*latency_avg.*21\.3.*us.*lower" "$T/export"

BIN=$NEW TOP=$C sh "$C/tests/readme.test.sh" > "$T/readme" 2>&1
silent "README.md's and docs/formats.md's tables have the new format" \
	grep -m 1 '^not ok' "$T/readme"

BIN=$NEW TOP=$C sh "$C/tests/guess.test.sh" > "$T/guess" 2>&1
silent "detection is tested on its sample" \
	grep -m 1 '^not ok' "$T/guess"
check "the sample is among them" grep -q 'ioping-1.2-tmp.out: detected as ioping' "$T/guess"
