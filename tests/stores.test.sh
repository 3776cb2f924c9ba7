# stores.test.sh: the store is never made, lost or overwritten by surprise:
# two importers on a new store both wait rather than fail; `run --save`
# creates its file exclusively; `make demo` uses a store of its own;
# commands that only read refuse a store that is not there and create
# nothing.
. "$(dirname "$0")/lib.sh"
need sqlite3

# --- a new store and several importers at once ---------------------
for f in bonnie-tmpfs.txt bonnie-xfs-loop.txt bonnie-ext4-disk.txt; do
	cp "$TOP/sample-data/$f" "$T/$f"
done
cp "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" "$T/sysbench.txt"
# rounds N [WRAP...]: N rounds of four importers starting at once on a
# new store; prints the failed rounds' messages
rounds() {
	n=$1
	shift
	i=0
	while [ $i -lt "$n" ]; do
		rm -f "$T/new.db" "$T/new.db-wal" "$T/new.db-shm"
		k=0
		for f in bonnie-tmpfs.txt bonnie-xfs-loop.txt bonnie-ext4-disk.txt \
			sysbench.txt; do
			k=$((k + 1))
			"$@" "$BIN" --db "$T/new.db" import "$T/$f" >/dev/null \
				2>"$T/race.$k" &
		done
		wait
		cat "$T"/race.* | grep . | head -2
		if [ "$(sqlite3 "$T/new.db" 'select count(*) from run')" != 4 ]; then
			echo "round $i: not 4 runs"
		fi
		i=$((i + 1))
	done
}
rounds 20 env > "$T/fails"
check "20 rounds of 4 importers on a new store: none fails ($(head -2 "$T/fails"))" \
	[ ! -s "$T/fails" ]
# strace delays every lock call by 3 ms, which widens the windows where
# SQLite refuses a new store's locks at once unless both importers wait
# for them ("database is locked")
if command -v strace >/dev/null && strace -o /dev/null true 2>/dev/null; then
	# LeakSanitizer cannot run under ptrace: no leak check there
	rounds 10 env ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
		strace -f -o /dev/null -e trace=fcntl \
		-e inject=fcntl:delay_exit=3000 > "$T/fails"
	check "10 rounds with every lock call slowed: none fails ($(head -2 "$T/fails"))" \
		[ ! -s "$T/fails" ]
else
	skip "rounds with lock calls slowed" "no usable strace"
fi

# --- a wrong --db creates nothing --------------------------------
mkdir -p "$T/empty"
for cmd in "list" "export" "summary" "render --out $T/empty/site"; do
	(cd "$T/empty" && "$BIN" --db typo.db $cmd >"$T/out" 2>"$T/err")
	rc=$?
	check "$cmd of a --db that is not there: exit 1 (got $rc)" [ $rc -eq 1 ]
	check "... saying there is no store there ($(cat "$T/err"))" \
		grep -q '^benchsite: typo.db: no store here' "$T/err"
	check "... printing nothing on standard output" [ ! -s "$T/out" ]
	check "... and creating nothing ($(ls -A "$T/empty" | tr '\n' ' '))" \
		[ -z "$(ls -A "$T/empty")" ]
done
(cd "$T/empty" && "$BIN" list >/dev/null 2>"$T/err")
check "list without --db in a folder without results.db says so" \
	grep -q '^benchsite: results.db: no store here' "$T/err"
check "... and leaves no results.db" [ ! -e "$T/empty/results.db" ]
# a store that is there still opens for reading, empty or not
"$BIN" --db "$T/made.db" init >/dev/null 2>&1
check "export of a store made by init works (and is empty)" \
	sh -c "'$BIN' --db '$T/made.db' export --format json | grep -qx '\\[\\]'"

# --- run --save never follows a link nor overwrites ---------------
BONNIE=$TOP/sample-data/bonnie-tmpfs.txt
echo precious > "$T/victim"
ln -s "$T/victim" "$T/saved.out"
bs run --save "$T/saved.out" -- sh -c "touch '$T/ran'; cat '$BONNIE'" \
	>/dev/null 2>"$T/err"
rc=$?
check "--save naming a symlink: exit 1 (got $rc)" [ $rc -eq 1 ]
check "... saying the name exists ($(cat "$T/err"))" \
	grep -q "saved.out: exists; --save never overwrites" "$T/err"
check "... the link's target untouched" [ "$(cat "$T/victim")" = precious ]
check "... refused before running anything" [ ! -e "$T/ran" ]
rm -f "$T/saved.out"
echo old > "$T/saved.out"
bs run --save "$T/saved.out" -- sh -c "touch '$T/ran'; cat '$BONNIE'" \
	>/dev/null 2>"$T/err"
rc=$?
check "--save naming an existing file: exit 1, the file as it was" \
	holds '[ $rc -eq 1 ] && [ "$(cat "$T/saved.out")" = old ] && [ ! -e "$T/ran" ]'
rm -f "$T/saved.out"
ln -s "$T/victim" "$T/rep-2.out"
bs run --repeat 3 --save "$T/rep.out" -- sh -c "touch '$T/ran'; cat '$BONNIE'" \
	>/dev/null 2>"$T/err"
check "--repeat 3 --save: a link at the second name refuses the run, nothing made" \
	holds '[ ! -e "$T/ran" ] && [ ! -e "$T/rep-1.out" ] && [ ! -e "$T/rep-3.out" ] &&
	[ "$(cat "$T/victim")" = precious ]'
rm -f "$T/rep-2.out"
bs run --repeat 2 --save "$T/rep.out" -- cat "$BONNIE" >/dev/null 2>"$T/err"
check "--repeat 2 --save into new names still saves both" \
	holds 'cmp -s "$T/rep-1.out" "$BONNIE" && cmp -s "$T/rep-2.out" "$BONNIE"'
(cd "$T" && "$BIN" --db "$T/db" run --repeat 3 --save stop.out -- false \
	>/dev/null 2>&1)
check "a run that stops at its first repeat leaves no --save file: neither the failed repeat's (it imported nothing) nor the others'" \
	holds '[ ! -e "$T/stop-1.out" ] && [ ! -e "$T/stop-2.out" ] && [ ! -e "$T/stop-3.out" ]'
rm -f "$T"/benchsite-run.*

# --- make demo never deletes a store or a site it did not make ----------
# The demo's own commands (those of `make -n demo` that check, make or
# remove files or run benchsite), run in a folder holding someone's
# results.db, site and a folder named demo.
if command -v make >/dev/null; then
	make -s -n -C "$TOP" demo 2>/dev/null |
		sed -e ':a' -e '/\\$/N; s/\\\n//; ta' |
		grep -E '^(if|rm|mkdir|touch|\./benchsite) ' > "$T/demo.sh"
	check "make -n demo shows the demo's commands ($(wc -l < "$T/demo.sh"))" \
		[ "$(grep -c '^\./benchsite' "$T/demo.sh")" -ge 3 ]
	mkdir -p "$T/src"
	ln -s "$TOP/sample-data" "$T/src/sample-data"
	ln -s "$BIN" "$T/src/benchsite"
	"$BIN" --db "$T/src/results.db" import "$TOP/sample-data/bonnie-tmpfs.txt" \
		>/dev/null
	dump "$T/src/results.db" > "$T/mine.sql"
	# someone's site in ./site, and someone's folder named demo
	"$BIN" --db "$T/src/results.db" render --out "$T/src/site" >/dev/null 2>&1
	(cd "$T/src/site" && find . -type f | sort | xargs sha256sum) > "$T/site.sum"
	mkdir "$T/src/demo" && echo mine > "$T/src/demo/notes.txt"
	(cd "$T/src" && sh -e "$T/demo.sh" >/dev/null 2>"$T/err")
	check "a demo/ folder the demo did not make: the commands stop (exit $?), it is left as it was" \
		sh -c '[ "$(ls -A "$1")" = notes.txt ] && grep -q "is not the demo" "$2"' _ "$T/src/demo" "$T/err"
	rm -r "$T/src/demo"
	(cd "$T/src" && sh -e "$T/demo.sh" >/dev/null 2>"$T/err")
	check "the demo's commands run ($(head -c 200 "$T/err"))" [ $? -eq 0 ]
	dump "$T/src/results.db" > "$T/after.sql" 2>/dev/null
	check "... leave ./results.db as it was" cmp -s "$T/mine.sql" "$T/after.sql"
	check "... leave ./site as it was" \
		sh -c 'cd "$1" && find . -type f | sort | xargs sha256sum | cmp -s - "$2"' _ "$T/src/site" "$T/site.sum"
	check "... and make the demo in a store and a site of its own, in demo/" \
		sh -c "[ \"\$(sqlite3 '$T/src/demo/demo.db' 'select count(*) > 10 from run')\" = 1 ] && [ -f '$T/src/demo/site/index.html' ]"
	(cd "$T/src" && sh -e "$T/demo.sh" >/dev/null 2>"$T/err")
	check "... and run again over their own demo/ (exit $?)" [ -f "$T/src/demo/site/index.html" ]
else
	skip "make demo's store" "no make"
fi

# --- another program's SQLite database is never taken over ----------------
# (a browser's history, say: tables of its own, user_version 0)
sqlite3 "$T/foreign.db" "create table moz_places (id integer primary key, url text);
	insert into moz_places (url) values ('https://example.org/');"
cp "$T/foreign.db" "$T/foreign.orig"
for cmd in "init" "import $TOP/sample-data/bonnie-tmpfs.txt" "compare x --by label" \
	"list runs" "export" "render --out $T/fsite"; do
	# shellcheck disable=SC2086
	"$BIN" --db "$T/foreign.db" $cmd >/dev/null 2>"$T/err"
	rc=$?
	check "$cmd on another program's database: exit 1, 'not a benchsite store', the file as it was, no -wal" \
		sh -c '[ "$1" = 1 ] && grep -q "not a benchsite store" "$2" && cmp -s "$3" "$4" &&
			[ ! -e "$3-wal" ] && [ ! -e "$3-shm" ] && [ ! -e "$5" ]' _ "$rc" "$T/err" \
		"$T/foreign.db" "$T/foreign.orig" "$T/fsite"
done
check "... still in its own journal mode" \
	test "$(sqlite3 "$T/foreign.db" 'pragma journal_mode')" = delete
# control: an empty file (touch results.db) is free to become a store
: > "$T/empty.db"
"$BIN" --db "$T/empty.db" import "$TOP/sample-data/bonnie-tmpfs.txt" >/dev/null 2>&1
check "control: an empty file becomes a store (exit $?)" \
	test "$(sqlite3 "$T/empty.db" 'select count(*) > 0 from run')" = 1

# --- a mistyped --db is not made by a command that only changes a store ----
"$BIN" --db "$T/real.db" import "$TOP/sample-data/bonnie-tmpfs.txt" >/dev/null 2>&1
for cmd in "reparse --dry-run" "reparse" "compare x --by label" "compare --delete x" \
	"tag 1 --label k" "exclude 1 --why x" "include 1" "delete 1 --yes"; do
	# shellcheck disable=SC2086
	"$BIN" --db "$T/typo.db" $cmd >/dev/null 2>"$T/err"
	rc=$?
	check "$cmd on a --db that is not there: exit 1, 'no store here', no file made" \
		sh -c '[ "$1" = 1 ] && grep -q "no store here" "$2" && ! ls "$3"* >/dev/null 2>&1' _ \
		"$rc" "$T/err" "$T/typo.db"
done
# control: on the store that is there, the same commands work
"$BIN" --db "$T/real.db" compare x --by label >/dev/null 2>&1
check "control: compare on the real store works (exit $?)" \
	test "$(sqlite3 "$T/real.db" "select count(*) from comparison where name = 'x'")" = 1

# --- comparisons that compare would refuse ---------------------------
# Another store's comparison with an empty grouping key, or a split of 300
# keys, cannot be turned into a query: merge leaves it out and says so,
# copying the rest; render and summary of a store holding one anyway (an
# older benchsite's merge, the sqlite3 shell) name it, publish or print
# the others, and exit 1.
KEYS300=$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "%sk%d", i ? "," : "", i }')
"$BIN" --db "$T/other.db" import "$TOP/sample-data/bonnie-tmpfs.txt" \
	"$TOP/sample-data/bonnie-xfs-loop.txt" > /dev/null 2>&1
"$BIN" --db "$T/other.db" compare good --suite bonnie++ > /dev/null 2>&1
plant() {
	sqlite3 "$1" "insert into comparison (name, suite, by_key) values
		('empty-key', 'bonnie++', '');
	insert into comparison (name, suite, by_key, split_by) values
		('wide-split', 'bonnie++', 'label', '$KEYS300')"
}
plant "$T/other.db"
"$BIN" --db "$T/mine.db" import "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" \
	> /dev/null 2>&1
"$BIN" --db "$T/mine.db" merge "$T/other.db" > "$T/out" 2> "$T/err"
rc=$?
check "merge of a store holding them: exit 0, the rest merged ($(cat "$T/out"))" \
	holds '[ $rc -eq 0 ] && grep -q "2 sources added" "$T/out"'
check "... saying what it left out and why ($(cut -c 1-160 "$T/err"))" \
	grep -q "2 comparisons not copied, as compare would refuse them (the first): 'empty-key': --by wants attribute names" "$T/err"
check "... copying the good one only" \
	holds '[ "$(sqlite3 "$T/mine.db" "select group_concat(name) from comparison")" = good ]'
"$BIN" --db "$T/mine.db" compare bad --suite bonnie++ --by '' > /dev/null 2>&1
rc1=$?
"$BIN" --db "$T/mine.db" compare bad --suite bonnie++ --split "$KEYS300" > /dev/null 2>&1
rc2=$?
check "control: compare refuses both definitions (exit $rc1 and $rc2)" \
	holds '[ $rc1 -eq 2 ] && [ $rc2 -eq 2 ]'
plant "$T/mine.db"
"$BIN" --db "$T/mine.db" render --out "$T/cmpsite" > /dev/null 2> "$T/err"
rc=$?
check "render of a store holding them: exit 1 (got $rc)" [ $rc -eq 1 ]
check "... naming each ($(head -1 "$T/err" | cut -c 1-160))" \
	holds 'grep -q "comparison .empty-key. cannot be built" "$T/err" &&
	       grep -q "comparison .wide-split. cannot be built" "$T/err" &&
	       ! grep -q "syntax error" "$T/err"'
check "... and publishing the others (good and the sysbench suite)" \
	holds 'ls "$T/cmpsite" | grep -q "^comparison-good-.*\.html$" &&
	       ls "$T/cmpsite" | grep -q "^comparison-sysbench-.*\.html$" &&
	       ! ls "$T/cmpsite" | grep -q "empty-key\|wide-split"'
"$BIN" --db "$T/mine.db" summary > "$T/out" 2> "$T/err"
rc=$?
check "summary of a store holding them: exit 1 (got $rc), naming them" \
	holds '[ $rc -eq 1 ] && grep -q "comparison .empty-key. cannot be built" "$T/err" &&
	       grep -q "comparison .wide-split. cannot be built" "$T/err"'
check "... and printing the others" \
	holds 'grep -q "^good" "$T/out" && grep -q "^sysbench" "$T/out"'
