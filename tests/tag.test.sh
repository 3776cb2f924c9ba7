# tag.test.sh: `benchsite tag` changes labels and attributes after import,
# as the user's: printed before and after, kept by reparse, copied by
# merge, carried by export and import; import of a file already imported
# with --set or --label says to use tag.
. "$TOP/tests/lib.sh"
need sqlite3
S=$TOP/sample-data
export SOURCE_DATE_EPOCH=1700000000

db() { f=$1; shift; "$BIN" --db "$T/$f" "$@"; }
q() { sqlite3 "$T/db" "$1" | tr '\n' ' '; }

# three bonnie++ runs in one file (runs 1-3), one of tmpfs (run 4)
bs import "$S/bonnie-x3-ext4-disk.csv" "$S/bonnie-tmpfs.txt" > /dev/null

# ---- tag by number -------------------------------------------------------------
out=$(bs tag 1 2 --set fs=ext3 --label vm)
check "tag RUN... exits 0 and prints each run before and after" test "$out" = \
"run 1 before: bonnie++, ext4-disk
run 2 before: bonnie++, ext4-disk
run 1 after:  bonnie++, vm, fs=ext3
run 2 after:  bonnie++, vm, fs=ext3
tagged 2 runs"
check "the label and the attribute are stored, as the user's" test \
	"$(q "select label, label_origin from run where id in (1, 2); select value, origin from run_attr where key = 'fs'")" = \
	"vm|user vm|user ext3|user ext3|user "
check "negative control: the run not named is as it was" test \
	"$(q "select label, label_origin is null from run where id = 3; select count(*) from run_attr where run_id = 3 and key = 'fs'")" = "ext4-disk|1 0 "

# ---- one file, a different fs per run ----------------------------------------
bs tag 2 --set fs=jfs > /dev/null
check "runs of one file get different values" test \
	"$(q "select value from run_attr where key = 'fs' order by run_id")" = "ext3 jfs "
check "list runs shows them" sh -c \
	'"$1" --db "$2" list runs | grep -q "^    2  bonnie++   vm  *36  fs=jfs"' _ "$BIN" "$T/db"

# ---- tag by selection ------------------------------------------------------------
out=$(bs tag --where fs=ext3,jfs --set mount=noatime)
check "tag --where chooses the runs (2)" test "$(echo "$out" | tail -1)" = "tagged 2 runs"
check "before and after show the attributes it touches" \
	test "$(echo "$out" | sed -n 3p)" = "run 1 after:  bonnie++, vm, mount=noatime"
bs tag --where label=vm --unset mount > /dev/null
check "--unset removes an attribute" test "$(q "select count(*) from run_attr where key = 'mount'")" = "0 "

# ---- refusals, nothing changed -------------------------------------------------
sqlite3 "$T/db" .dump > "$T/before.sql"
check "tag of a run that does not exist: exit 1" test "$(st bs tag 1 99 --set fs=x)" = 1
check "tag --where of no run: exit 1" test "$(st bs tag --where fs=btrfs --set fs=x)" = 1
bs tag --where fs=btrfs --set fs=x 2> "$T/err"
check "saying no run meets the conditions" grep -q "no run meets the conditions" "$T/err"
check "and nothing changed" sh -c 'sqlite3 "$1" .dump | cmp -s - "$2"' _ "$T/db" "$T/before.sql"
check "tag with nothing to change: exit 2" test "$(st bs tag 1)" = 2
check "tag with no run: exit 2" test "$(st bs tag --set fs=x)" = 2
check "tag with numbers and a selection: exit 2" test "$(st bs tag 1 --where fs=x --set a=b)" = 2
check "tag --set label=x: exit 2 (a label is --label)" test "$(st bs tag 1 --set label=x)" = 2
check "tag --set of no attribute name: exit 2" test "$(st bs tag 1 --set 'a b=x')" = 2

# ---- reparse keeps them -------------------------------------------------------
bs export --attrs > "$T/tagged.tsv"
bs reparse > /dev/null
check "reparse keeps the tagged labels and attributes (export unchanged)" \
	sh -c '"$1" --db "$2" export --attrs | cmp -s - "$3"' _ "$BIN" "$T/db" "$T/tagged.tsv"
cp "$T/db" "$T/neg.db"
sqlite3 "$T/neg.db" "update run set label_origin = null; update run_attr set origin = 'parser' where key = 'fs'"
db neg.db reparse > /dev/null
check "negative control: a label and an attribute not marked as the user's go back to the parser's" test \
	"$(sqlite3 "$T/neg.db" "select label from run where id = 1; select count(*) from run_attr where key = 'fs'" | tr '\n' ' ')" = "ext4-disk 0 "

# ---- merge copies them ---------------------------------------------------------
db m.db merge "$T/db" > /dev/null
check "merge copies labels and attributes with their origin" test \
	"$(sqlite3 "$T/m.db" "select label, label_origin from run where id = 1; select origin from run_attr where run_id = 1 and key = 'fs'" | tr '\n' ' ')" = "vm|user user "
db m.db reparse > /dev/null
check "and the merged store's reparse keeps them" \
	sh -c '"$1" --db "$2" export --attrs | cmp -s - "$3"' _ "$BIN" "$T/m.db" "$T/tagged.tsv"

# ---- export and import carry them ------------------------------------------------
db x.db import "$T/tagged.tsv" > /dev/null
check "export --attrs then import gives the tagged labels and attributes" test \
	"$(db x.db list runs --format tsv | tail -n +2 | cut -f3,8 | head -2 | tr '\n' ' ')" = \
	"vm	fs=ext3 vm	fs=jfs "

# ---- import of a file already imported ----------------------------------------
bs import --set fs=xfs "$S/bonnie-tmpfs.txt" > "$T/out" 2> "$T/err"
check "import --set of a file already imported says to use tag" \
	grep -q "already imported, so --label and --set were not applied: change its runs with 'benchsite tag" "$T/err"
bs import "$S/bonnie-tmpfs.txt" > "$T/out" 2> "$T/err"
check "negative control: without --set it says nothing more" test ! -s "$T/err"
