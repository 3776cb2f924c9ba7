# cli.test.sh: the command line's conventions: --help everywhere, exit
# status 0 / 1 / 2, the store created by whichever command comes first.
. "$TOP/tests/lib.sh"

status() { "$@" > /dev/null 2>&1; echo $?; }

check "--version prints the version" sh -c '"$BIN" --version | grep -q "^benchsite [0-9]"'
check "--help lists every command" sh -c '"$BIN" --help > "$1" &&
	grep -q "^  import " "$1" && grep -q "^  export " "$1" &&
	grep -q "^  render " "$1" && grep -q "^  list " "$1" && grep -q "^  init " "$1"' _ "$T/help"
for c in init import list export render; do
	check "$c --help: usage on stdout, exit 0" \
		sh -c '"$BIN" --db "$1/h.db" "$2" --help | grep -q "^usage: benchsite .*$2"' _ "$T" "$c"
	check "$c --no-such-option: exit 2" test "$(status bs "$c" --no-such-option)" = 2
done
check "no command: exit 2" test "$(status "$BIN")" = 2
check "an unknown command: exit 2" test "$(status bs frobnicate)" = 2
check "an unknown global option: exit 2" test "$(status "$BIN" --frob list)" = 2
check "import with no file: exit 2" test "$(status bs import)" = 2
check "import --format of no such format: exit 2" \
	test "$(status bs import --format nope "$TOP/sample-data/bonnie-tmpfs.txt")" = 2
check "export --format xml: exit 2" test "$(status bs export --format xml)" = 2
check "import of a missing file: exit 1" test "$(status bs import "$T/missing.csv")" = 1
bs import "$T/missing.csv" 2> "$T/err"
check "a missing file is named in the message" \
	grep -q "^benchsite: $T/missing.csv: cannot open: no such file" "$T/err"

rm -f "$T/db"*
check "init creates the store" sh -c '"$BIN" --db "$1" init && test -s "$1"' _ "$T/db"
rm -f "$T/db"*
# list refuses a missing store and makes none
check "list of a missing store fails and creates none" \
	sh -c '! "$BIN" --db "$1" list > /dev/null 2>&1 && test ! -e "$1"' _ "$T/db"
rm -f "$T/db"*
check "BENCHSITE_DB names the store" \
	sh -c 'BENCHSITE_DB="$1" "$BIN" init && test -s "$1"' _ "$T/env.db"
printf 'not a database, just text that is long enough to look like a file header' > "$T/text.db"
check "a file that is not a store: exit 1" test "$(status "$BIN" --db "$T/text.db" list)" = 1
check "and it is left as it was" test "$(cat "$T/text.db")" = \
	"not a database, just text that is long enough to look like a file header"

bs import "$TOP/sample-data/bonnie-x3-ext4-disk.csv" > /dev/null
check "list runs shows each run" test "$(bs list runs | grep -c 'ext4-disk')" = 3
check "list --format tsv has a header and a row per run" \
	test "$(bs list --format tsv | wc -l)" = 4
check "export --suite filters" test "$(bs export --suite nope | wc -l)" = 1

# option text becomes names in the store and on the site: import and run
# hold it to the inputs' rule (valid UTF-8), through one shared check
bad=$(printf 'a\377b')
for cmd in import run; do
	for opt in --label --set; do
		val=$bad
		[ "$opt" = --set ] && val="k=$bad"
		if [ $cmd = run ]; then
			bs run $opt "$val" -- echo hi > /dev/null 2> "$T/err"
		else
			bs import $opt "$val" "$TOP/sample-data/bonnie-tmpfs.txt" > /dev/null 2> "$T/err"
		fi
		rc=$?
		check "$cmd $opt with invalid UTF-8: exit 2 and says so" \
			sh -c 'test "$1" = 2 && grep -q "is not valid UTF-8" "$2"' _ "$rc" "$T/err"
	done
done

# a folder named with a trailing slash: its files are "dir/x", not "dir//x"
mkdir -p "$T/slash"
cp "$TOP/sample-data/bonnie-tmpfs.txt" "$T/slash/"
"$BIN" --db "$T/slash.db" import "$T/slash/" > "$T/out" 2>&1
check "import DIR/ names its files DIR/x ($(head -1 "$T/out"))" \
	grep -q "^$T/slash/bonnie-tmpfs.txt: 1 run" "$T/out"

# default labels: only a real extension is cut from the file name, never
# what follows a dot inside a version ("...-0.5.res-1.2_final" is no file
# of type "2_final"); a real output under such names
if [ -f "$CORPUS/sysbench-0.4/fellchase_cpu-x5-concatenated.log" ]; then
	for name in sysbench-0.5.res-1.2_final:sysbench-0.5.res-1.2_final \
	    mariadb_5.3.3_static-cmp-mysql,pg:mariadb_5.3.3_static-cmp-mysql,pg \
	    cpu.log.gz:cpu run.v2:run; do
		file=${name%%:*} want=${name#*:}
		case $file in
		*.gz) gzip -c "$CORPUS/sysbench-0.4/fellchase_cpu-x5-concatenated.log" > "$T/$file";;
		*) cp "$CORPUS/sysbench-0.4/fellchase_cpu-x5-concatenated.log" "$T/$file";;
		esac
		fresh
		bs import "$T/$file" >/dev/null 2>&1
		check "default label of '$file' is '$want'" \
			test "$(bs export | sed -n 2p | cut -f2)" = "$want"
	done
else
	skip "default labels" "../shared/corpus is absent"
fi
