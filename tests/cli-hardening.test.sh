# cli-hardening.test.sh: what the commands promise at their edges: output
# that cannot be written is an error, --db names a file and nothing else,
# --order's names are checked, SOURCE_DATE_EPOCH is checked, and running
# out of file descriptors is said in errno's words.
. "$(dirname "$0")/lib.sh"
need sqlite3

BONNIE=$TOP/sample-data/bonnie-tmpfs.txt
bs import "$BONNIE" > /dev/null 2>&1

# --- output that cannot be written --------------------------------
if [ -w /dev/full ]; then
	for cmd in "list runs" "list tests" "list sources" "list comparisons" \
		"summary" "summary --format tsv" "export" "export --format json" \
		"list --help"; do
		bs $cmd > /dev/full 2> "$T/err"
		rc=$?
		check "$cmd > /dev/full: exit 1 (got $rc)" [ $rc -eq 1 ]
		check "... saying so with errno's words ($(head -1 "$T/err"))" \
			grep -qx "benchsite: cannot write the output: No space left on device" "$T/err"
		check "... one line" [ "$(wc -l < "$T/err")" -eq 1 ]
	done
	"$BIN" --version > /dev/full 2> "$T/err"
	check "--version > /dev/full: exit 1" [ $? -eq 1 ]
	bs list runs > /dev/null 2> "$T/err"
	check "control: list runs > /dev/null exits 0, nothing said" \
		holds '[ $? -eq 0 ] && [ ! -s "$T/err" ]'
else
	skip "output to /dev/full" "no writable /dev/full"
fi

# --- arguments echoed in messages --------------------------------
# Every message that repeats a command-line argument quotes it one way
# (quote_arg, core/quote.c): a control, an escape sequence, a C1 control
# or a byte that is not UTF-8 is shown as \xHH or \u{HHHH}, never sent to
# the terminal as it is, and a 20,000-byte argument is cut.  Each message
# is asked for with a hostile argument A; its stderr holds no control
# character (tab and line feed aside), no C1 control, no line longer than
# 1,000 bytes, and shows the ESC as \x1B (or names it: U+001B).
HOSTILE=$(printf 'x\033]0;owned\007\033[2J\302\233y')
LONG=$(head -c 20000 /dev/zero | tr '\0' a)/
C1=$(printf '\302\233')
echoed() {
	what=$1
	shift
	words=$*
	for A in "$HOSTILE" "$LONG"; do
		eval "set -- $words"
		"$BIN" --db "$T/db" "$@" > /dev/null 2> "$T/err"
		rc=$?
		# (or, where the text rule refuses it first, the character)
		case $A in x*) kind=hostile; shown='x\\x1B]0;owned\|holds U+001B' ;;
			*) kind=long; shown='aaaa\.\.\.' ;; esac
		check "$what, $kind argument: exit 1 or 2 (got $rc), the argument shown quoted ($(grep -v '^ \|^usage\|^$' "$T/err" | head -1 | cut -c 1-120))" \
			holds '[ $rc -eq 1 -o $rc -eq 2 ] && grep -q "$shown" "$T/err"'
		check "... no raw control character, C1 control or overlong line" \
			holds '! tr -d "\n\t" < "$T/err" | grep -q "[[:cntrl:]]" &&
			       ! grep -q "$C1" "$T/err" &&
			       [ "$(awk "length > 1000" "$T/err" | wc -l)" -eq 0 ]'
	done
}
echoed "a command that is none" '"$A"'
echoed "a global option that is none" '"--$A"'
echoed "import --format" 'import --format "$A" "$BONNIE"'
echoed "an import option that is none" 'import "--$A" "$BONNIE"'
echoed "list --where" 'list runs --where "$A"'
echoed "compare --by" 'compare c --by "$A"'
echoed "compare --split" 'compare c --split "$A"'
echoed "compare --x" 'compare c --x "$A"'
echoed "compare --order" 'compare c --order "a,,$A"'
echoed "run numbers" 'exclude "$A" --why w'
echoed "run numbers in a list" 'exclude "1,$A" --why w'
echoed "summary NAME" 'summary "$A"'
echoed "--set KEY" 'import --set "$A=1" "$BONNIE"'
echoed "--set without =" 'import --set "$A" "$BONNIE"'
echoed "tag --where" 'tag --where "$A" --set k=v'
echoed "run --param" 'run --param "$A" -- true'
echoed "run's command that is none" 'run -- "$A/"'

# --- SOURCE_DATE_EPOCH --------------------------------------------
dump "$T/db" > "$T/before.sql"
for v in 99999999999999 253402300800 -1 abc 1.5 " 12" 12x +12 \
	18446744073709551617; do
	SOURCE_DATE_EPOCH=$v bs import "$TOP/sample-data/bonnie-xfs-loop.txt" \
		> /dev/null 2> "$T/err"
	rc=$?
	check "SOURCE_DATE_EPOCH='$v': import refused, exit 1 (got $rc)" [ $rc -eq 1 ]
	check "... the message names the variable ($(head -1 "$T/err"))" \
		grep -q "^benchsite: SOURCE_DATE_EPOCH '$v' " "$T/err"
done
dump "$T/db" > "$T/after.sql"
check "... and the store is as it was" cmp -s "$T/before.sql" "$T/after.sql"
SOURCE_DATE_EPOCH=253402300799 bs import "$TOP/sample-data/bonnie-xfs-loop.txt" \
	> /dev/null 2> "$T/err"
check "SOURCE_DATE_EPOCH=253402300799 (the end of 9999) imports" [ $? -eq 0 ]
check "... dated 9999-12-31T23:59:59Z" test "$(sqlite3 "$T/db" \
	"select imported_at from source where name like '%xfs-loop%'")" = 9999-12-31T23:59:59Z
SOURCE_DATE_EPOCH=0 bs import "$TOP/sample-data/bonnie-ext4-disk.txt" > /dev/null 2>&1
check "SOURCE_DATE_EPOCH=0 is 1970-01-01T00:00:00Z" test "$(sqlite3 "$T/db" \
	"select imported_at from source where name like '%ext4-disk%'")" = 1970-01-01T00:00:00Z

# --- --db names a file ---------------------------------------------
mkdir "$T/w"
(cd "$T/w" && "$BIN" --db :memory: import "$BONNIE" > /dev/null 2> "$T/err")
check "--db :memory: imports into a file of that name ($(cat "$T/err"))" \
	test "$(sqlite3 "$T/w/:memory:" 'select count(*) from run' 2>&1)" = 1
check "... which list reads back" \
	test "$(cd "$T/w" && "$BIN" --db :memory: list runs --format tsv | wc -l)" = 2
(cd "$T/w" && "$BIN" --db 'file:u.db?mode=memory' import "$BONNIE" > /dev/null 2>&1)
check "--db file:u.db?mode=memory is a file of that name, not a URI" \
	holds '[ -f "$T/w/file:u.db?mode=memory" ] && [ ! -e "$T/w/u.db" ]'
(cd "$T/w" && "$BIN" --db 'file:v.db' import "$BONNIE" > /dev/null 2>&1)
check "--db file:v.db is a file of that name" \
	holds '[ -f "$T/w/file:v.db" ] && [ ! -e "$T/w/v.db" ]'
check "... which list reads back as the same store" \
	test "$(cd "$T/w" && "$BIN" --db file:v.db list runs --format tsv | wc -l)" = 2
(cd "$T/w" && "$BIN" --db '' import "$BONNIE" > /dev/null 2> "$T/err")
rc=$?
check "--db '' is refused (exit 2, got $rc: $(cat "$T/err"))" [ $rc -eq 2 ]
check "... and makes nothing" test "$(ls -A "$T/w" | wc -l)" = 3

# --- compare --order -----------------------------------------------
{
	printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\tfs\n'
	printf '1\ta\tcomma\tt\tm\t1\ts\tlower\tok\tw\n'
	printf '2\tb\tcomma\tt\tm\t2\ts\tlower\tok\tx,y\n'
	printf '3\tc\tcomma\tt\tm\t3\ts\tlower\tok\tz\\\n'
} > "$T/comma.tsv"
bs import "$T/comma.tsv" > /dev/null
# groups NAME: the comparison's groups in its order (the geomean rows)
groups() { bs summary "$1" --format tsv | awk -F'\t' '$4 == "geomean" { printf "%s|", $5 }'; }
bs compare o --suite comma --by fs > /dev/null 2>&1
check "control: natural order w, x,y, z\\ ($(groups o))" test "$(groups o)" = 'w|x,y|z\|'
bs compare o --suite comma --by fs --order 'x\,y' > /dev/null 2> "$T/err"
check "--order 'x\\,y' is the one group x,y, put first ($(groups o) $(cat "$T/err"))" \
	test "$(groups o)" = 'x,y|w|z\|'
bs compare o --suite comma --by fs --order 'z\\,x\,y' > /dev/null 2> "$T/err"
check "--order 'z\\\\,x\\,y': z\\ then x,y ($(groups o) $(cat "$T/err"))" \
	test "$(groups o)" = 'z\|x,y|w|'
bs compare o2 --suite comma --by fs --order 'w,nope' > /dev/null 2> "$T/err"
rc=$?
check "--order naming no group: exit 1 (got $rc)" [ $rc -eq 1 ]
check "... naming it and the groups ($(cat "$T/err"))" \
	grep -q "^benchsite: --order: comparison 'o2' has no group 'nope' (its groups: w, x,y, z\\\\)" "$T/err"
check "... nothing stored" \
	test "$(sqlite3 "$T/db" "select count(*) from comparison where name = 'o2'")" = 0
for v in 'w,' ',w' 'w,,z\\'; do
	bs compare o3 --suite comma --by fs --order "$v" > /dev/null 2> "$T/err"
	rc=$?
	check "--order '$v' (an empty name): exit 2 (got $rc: $(head -1 "$T/err"))" [ $rc -eq 2 ]
done
bs compare o4 --suite comma --by fs --order value > /dev/null 2> "$T/err"
check "control: --order value still works ($(groups o4))" test "$(groups o4)" = 'w|x,y|z\|'

# --- too many open files ---------------------------------------------
# At each small limit a command either works or fails saying why in
# errno's words: never "out of memory", another errno, or no cause.
cp "$T/db" "$T/other.db"
rm -rf "$T/site"
bs render --out "$T/site" > /dev/null 2>&1
failed=0 bad=
for n in 4 5 6 7 8 9 10 11 12; do
	for cmd in "list runs" "import $TOP/sample-data/bonnie-x3-ext4-disk.csv" \
		"import $TOP/tests/fixtures/sqlbench" \
		"merge $T/other.db" "render --out $T/site" \
		"render --gzip --jobs 2 --out $T/site2"; do
		cp "$T/other.db" "$T/fd.db"
		rm -f "$T/fd.db-wal" "$T/fd.db-shm"
		# the limit is set in a shell that then becomes benchsite:
		# the test's own shell keeps descriptors above it
		sh -c 'ulimit -n "$1" && shift && exec "$@"' _ $n \
			"$BIN" --db "$T/fd.db" $cmd > /dev/null 2> "$T/err"
		rc=$?
		[ $rc -eq 0 ] && continue
		failed=$((failed + 1))
		if grep -v "Too many open files" "$T/err" | grep -q . ||
		   [ ! -s "$T/err" ]; then
			bad="$bad [ulimit -n $n; $cmd: $(grep -v 'Too many open files' "$T/err" | head -1 | sed "s|$T/||g")]"
		fi
	done
done
check "control: small limits make some commands fail ($failed)" [ $failed -gt 0 ]
check "every failure says 'Too many open files', nothing else:${bad:- none}" \
	[ -z "$bad" ]
