# rundir.test.sh: `benchsite run --dir DIR` runs the command in DIR (the
# filesystem it describes), and a failed repeat's message shows the last
# lines the command printed.
. "$TOP/tests/lib.sh"
S=$TOP/sample-data

mkdir -p "$T/work" "$T/elsewhere"
cp "$S/bonnie-tmpfs.txt" "$T/work/out.txt"
cd "$T/elsewhere" || exit 1

bs run --dir "$T/work" -- cat out.txt > /dev/null 2> "$T/err"
check "run --dir: the command runs in DIR (cat of a file there imports, exit 0)" test $? = 0
check "and its run is stored" test "$(bs list runs --format tsv | tail -n +2 | wc -l)" = 1
bs run -- cat out.txt > /dev/null 2> "$T/err"
check "negative control: without --dir it runs here, where the file is not (exit 1)" test $? = 1
check "benchsite itself stays here: the kept output is in this folder" \
	test -n "$(ls "$T/elsewhere"/benchsite-run.*.out 2>/dev/null)"

bs run --dir "$T/work" -- sh -c 'pwd; i=1; while [ $i -le 8 ]; do echo "line $i"; i=$((i+1)); done; printf "FATAL: bad\033[2J\n" >&2; exit 1' > /dev/null 2> "$T/err"
check "a failed repeat: exit 1" test $? = 1
check "its message says the status" grep -q "'sh' exited with status 1" "$T/err"
check "then the last lines the command printed (the last 5)" test \
	"$(sed -n '/the last lines it printed:/,$p' "$T/err" | tail -n +2 | tr -s ' ' | tr '\n' '|')" = \
	" line 5| line 6| line 7| line 8| FATAL: bad$(printf '\357\277\275')[2J|"
check "negative control: not the earlier ones" sh -c '! grep -q "line 3" "$1"' _ "$T/err"
check "a control byte in the last lines is shown as U+FFFD, never sent again to the terminal" \
	sh -c 'sed -n "/the last lines it printed:/,\$p" "$1" | grep -q "$(printf "\033")"; test $? = 1' _ "$T/err"
bs run --dir "$T/work" -- sh -c 'exit 2' > /dev/null 2> "$T/err"
check "a command that printed nothing: no last lines" \
	sh -c '! grep -q "last lines" "$1"' _ "$T/err"
bs run --dir "$T/nonexistent" -- true > /dev/null 2>&1
check "--dir that does not exist: exit 1" test $? = 1

# the same bytes printed by two runs (a deterministic benchmark) are two
# runs: each keeps its own facts, on another filesystem or the same one
fresh
D2=$(mktemp -d /dev/shm/benchsite-rundir.XXXXXX 2>/dev/null) || D2=
if [ -n "$D2" ] && [ "$(stat -f -c %T "$D2")" != "$(stat -f -c %T "$T/work")" ]; then
	cp "$T/work/out.txt" "$D2/out.txt"
	bs run --dir "$T/work" -- cat out.txt > /dev/null 2>&1
	bs run --dir "$D2" -- cat out.txt > /dev/null 2> "$T/err"
	check "the same output on another filesystem is a run of its own ($(sed 's/^benchsite: //' "$T/err"))" \
		test "$(bs list runs --format tsv | tail -n +2 | wc -l)" = 2
	check "... with its own filesystem ($(bs export --attrs --format csv | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fs") c = i; next } { print $c }' | sort -u | tr '\n' ' '))" \
		test "$(bs export --attrs --format csv | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fs") c = i; next } { print $c }' | sort -u | wc -l)" = 2
	bs run --dir "$D2" --repeat 2 -- cat out.txt > /dev/null 2>&1
	check "... and twice again in the same folder (--repeat 2: the same facts when both start in one second): two more runs" \
		test "$(bs list runs --format tsv | tail -n +2 | wc -l)" = 4
	check "the output imported as a file is still known: 'already imported'" \
		sh -c '"$1" --db "$2" import "$3" | grep -q "already imported"' _ "$BIN" "$T/db" "$D2/out.txt"
	bs reparse > "$T/rp" 2>&1
	check "reparse reads each run's output again as it was ($(tail -1 "$T/rp"))" \
		grep -qx "4 sources, 0 changed" "$T/rp"
	check "... and keeps the four runs" test "$(bs list runs --format tsv | tail -n +2 | wc -l)" = 4
	rm -rf "$D2"
else
	[ -n "$D2" ] && rmdir "$D2"
	skip "the same output on two filesystems" "/dev/shm is absent or the same filesystem as $T"
fi
