# readonly.test.sh: a store is read wherever its file is readable, and
# merge never writes beside OTHER; a store whose
# schema version no benchsite writes says so.
. "$(dirname "$0")/lib.sh"
need sqlite3 python3

BONNIE=$TOP/sample-data/bonnie-tmpfs.txt

# reads DESC DB [RUNAS...]: list, export, summary and render of DB (as
# RUNAS, when given) work, and nothing appears beside DB
reads() {
	what=$1 db=$2
	shift 2
	before=$(ls -A "$(dirname "$db")")
	for cmd in list export summary; do
		"$@" "$BIN" --db "$db" $cmd >"$T/out" 2>"$T/err"
		check "$what: $cmd works (exit $?: $(head -1 "$T/err"))" \
			holds '[ -s "$T/out" ] && [ ! -s "$T/err" ]'
	done
	rm -rf "$T/pub/site"
	"$@" "$BIN" --db "$db" render --out "$T/pub/site" >/dev/null 2>"$T/err"
	check "$what: render works ($(head -1 "$T/err"))" \
		[ -f "$T/pub/site/index.html" ]
	after=$(ls -A "$(dirname "$db")")
	check "$what: nothing made beside the store ($after)" \
		[ "$before" = "$after" ]
}
mkdir -p "$T/pub"
chmod 777 "$T/pub"
chmod 755 "$T"

# --- a folder the user cannot write ----------------------------------------
mkdir -p "$T/theirs"
"$BIN" --db "$T/theirs/s.db" import "$BONNIE" >/dev/null
chmod 644 "$T/theirs/s.db"
chmod 755 "$T/theirs"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null &&
	id nobody >/dev/null 2>&1; then
	AS="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups"
	reads "a store in a folder nobody may not write (as nobody)" \
		"$T/theirs/s.db" $AS
elif [ "$(id -u)" != 0 ]; then
	chmod 555 "$T/theirs"
	reads "a store in a folder we may not write" "$T/theirs/s.db"
	chmod 755 "$T/theirs"
else
	skip "a store in a folder the user cannot write" "no setpriv or nobody"
fi

# --- a read-only mount -----------------------------------------------------
mkdir -p "$T/mnt"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=4m tmpfs "$T/mnt" 2>/dev/null; then
	trap 'umount "$T/mnt" 2>/dev/null; rm -rf "$T"' EXIT
	"$BIN" --db "$T/mnt/s.db" import "$BONNIE" >/dev/null
	# a store of the version before, whose samples are a row each: read
	# through a copy in memory brought to this version, the file as it was
	sqlite3 "$T/mnt/v7.db" < "$TOP/tests/fixtures/store-v7.sql"
	cp "$T/mnt/v7.db" "$T/v7-rw.db"
	sum7=$(cksum < "$T/mnt/v7.db")
	mount -o remount,ro "$T/mnt"
	reads "a store on a read-only mount" "$T/mnt/s.db"
	reads "a version-7 store on a read-only mount" "$T/mnt/v7.db"
	"$BIN" --db "$T/mnt/v7.db" export --samples >"$T/v7-ro.tsv" 2>"$T/err"
	"$BIN" --db "$T/v7-rw.db" export --samples >"$T/v7-rw.tsv" 2>>"$T/err"
	check "... its samples as a writable copy migrated gives them ($(wc -l < "$T/v7-ro.tsv") lines)" \
		holds '[ "$(wc -l < "$T/v7-ro.tsv")" -gt 1 ] && cmp -s "$T/v7-ro.tsv" "$T/v7-rw.tsv" && [ ! -s "$T/err" ]'
	check "... and its file is as it was (schema 7)" \
		holds '[ "$(cksum < "$T/mnt/v7.db")" = "$sum7" ] && [ "$(sqlite3 "$T/mnt/v7.db" "pragma user_version")" = 7 ]'
	"$BIN" --db "$T/mnt/v7.db" tag --label x 1 >/dev/null 2>"$T/err"
	check "... and a command that writes it says it cannot ($(head -1 "$T/err"))" \
		grep -q "read-only" "$T/err"
	"$BIN" --db "$T/mine.db" merge "$T/mnt/s.db" >"$T/out" 2>"$T/err"
	check "merge of a store on a read-only mount works ($(head -1 "$T/err"))" \
		[ "$(sqlite3 "$T/mine.db" 'select count(*) from run')" = 1 ]
	"$BIN" --db "$T/mnt/s.db" import "$TOP/sample-data/bonnie-xfs-loop.txt" \
		>/dev/null 2>"$T/err"
	check "an import into it fails, saying why ($(head -1 "$T/err"))" \
		grep -q "read-only\|readonly" "$T/err"
	umount "$T/mnt"
else
	skip "a store on a read-only mount" "cannot mount (not root, or no privilege)"
fi

# --- a -wal without its -shm where none can be made ----------------------------
# (a store copied while a writer had it open): SQLite cannot read the
# changes in the -wal; each command says so and what to do
mkdir -p "$T/mnt2" "$T/walcopy"
"$BIN" --db "$T/w.db" import "$BONNIE" >/dev/null
python3 - "$T/w.db" "$T/walcopy" <<'PY'
import os, shutil, sqlite3, sys
db, dest = sys.argv[1], sys.argv[2]
c = sqlite3.connect(db)
c.execute("pragma wal_autocheckpoint = 0")
c.execute("update run set label = 'changed' where id = 1")
c.commit()
shutil.copy(db, dest)
shutil.copy(db + "-wal", dest)
os._exit(0)
PY
check "the copy holds a -wal and no -shm" \
	test -s "$T/walcopy/w.db-wal" -a ! -e "$T/walcopy/w.db-shm"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=4m tmpfs "$T/mnt2" 2>/dev/null; then
	trap 'umount "$T/mnt" "$T/mnt2" 2>/dev/null; rm -rf "$T"' EXIT
	cp "$T/walcopy/w.db" "$T/walcopy/w.db-wal" "$T/mnt2/"
	mount -o remount,ro "$T/mnt2"
	"$BIN" --db "$T/mnt2/w.db" list runs >/dev/null 2>"$T/err"
	check "list of it on a read-only mount: exit 1, the -wal and the missing -shm named, and what to do ($(head -c 120 "$T/err"))" \
		sh -c '[ "$1" = 1 ] && grep -q "\-wal holds changes" "$2" && grep -q "copy it with its -wal" "$2"' _ "$?" "$T/err"
	"$BIN" --db "$T/mine3.db" merge "$T/mnt2/w.db" >/dev/null 2>"$T/err"
	check "merge of it says the same, not 'not a benchsite store' ($(head -c 80 "$T/err"))" \
		sh -c '[ "$1" = 1 ] && grep -q "\-wal holds changes" "$2" && ! grep -q "not a benchsite store" "$2"' _ "$?" "$T/err"
	umount "$T/mnt2"
else
	skip "a -wal without its -shm on a read-only mount" "cannot mount (not root, or no privilege)"
fi
# control: where the -shm can be made, the same copy is read, changes and all
"$BIN" --db "$T/walcopy/w.db" list runs >"$T/out" 2>"$T/err"
check "control: in a folder that can be written the copy is read, the -wal's change with it" \
	grep -q changed "$T/out"

# --- a full disk ----------------------------------------------------------------
# reading works there as on a read-only mount, leaving nothing beside the
# store; an import says the disk is full, in the user's words
mkdir -p "$T/mnt3"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=400k tmpfs "$T/mnt3" 2>/dev/null; then
	trap 'umount "$T/mnt" "$T/mnt2" "$T/mnt3" 2>/dev/null; rm -rf "$T"' EXIT
	"$BIN" --db "$T/mnt3/s.db" import "$BONNIE" >/dev/null
	dd if=/dev/zero of="$T/mnt3/fill" bs=4k 2>/dev/null
	check "the disk is full" test "$(df -P "$T/mnt3" | awk 'NR == 2 { print $4 }')" = 0
	for cmd in list export summary; do
		"$BIN" --db "$T/mnt3/s.db" $cmd >"$T/out" 2>"$T/err"
		check "a store on a full disk: $cmd works (exit $?: $(head -1 "$T/err"))" \
			holds '[ -s "$T/out" ] && [ ! -s "$T/err" ]'
	done
	rm -rf "$T/pub/site"
	"$BIN" --db "$T/mnt3/s.db" render --out "$T/pub/site" >/dev/null 2>"$T/err"
	check "a store on a full disk: render works ($(head -1 "$T/err"))" [ -f "$T/pub/site/index.html" ]
	check "... and nothing is left beside it ($(ls -A "$T/mnt3" | tr '\n' ' '))" \
		test "$(ls -A "$T/mnt3" | tr '\n' ' ')" = "fill s.db "
	"$BIN" --db "$T/mnt3/s.db" import "$TOP/sample-data/bonnie-xfs-loop.txt" >/dev/null 2>"$T/err"
	check "an import there: exit 1, 'no space left on device', nothing beside the store ($(head -1 "$T/err"))" \
		sh -c '[ "$1" = 1 ] && grep -q "no space left on device" "$2" && [ "$(ls -A "$3" | tr "\n" " ")" = "fill s.db " ]' _ "$?" "$T/err" "$T/mnt3"
	umount "$T/mnt3"
else
	skip "a store on a full disk" "cannot mount (not root, or no privilege)"
fi

# --- merge writes nothing beside OTHER ---------------------------------------
mkdir -p "$T/other"
"$BIN" --db "$T/other/o.db" import "$TOP/sample-data/bonnie-ext4-disk.txt" >/dev/null
"$BIN" --db "$T/mine2.db" merge "$T/other/o.db" >/dev/null 2>"$T/err"
check "merge works ($(head -1 "$T/err"))" \
	[ "$(sqlite3 "$T/mine2.db" 'select count(*) from run')" = 1 ]
check "... and made no file beside OTHER ($(ls -A "$T/other" | tr '\n' ' '))" \
	[ "$(ls -A "$T/other")" = o.db ]

# --- a schema version no benchsite writes ---------------------------
"$BIN" --db "$T/neg.db" import "$BONNIE" >/dev/null
sqlite3 "$T/neg.db" 'PRAGMA user_version = -1'
dump "$T/neg.db" > "$T/neg.sql"
"$BIN" --db "$T/neg.db" list >/dev/null 2>"$T/err"
rc=$?
check "user_version -1: exit 1 (got $rc)" [ $rc -eq 1 ]
check "... saying no benchsite writes that version ($(cat "$T/err"))" \
	grep -q "schema version -1, which no benchsite writes" "$T/err"
check "... the store unchanged" sh -c "sqlite3 '$T/neg.db' .dump | cmp -s - '$T/neg.sql'"
