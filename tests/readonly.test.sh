# readonly.test.sh: a store is read wherever its file is readable, and
# merge never writes beside OTHER; a store whose
# schema version no benchsite writes says so.
. "$(dirname "$0")/lib.sh"

# holds EXPR: EXPR (shell text, evaluated now) succeeds
holds() { eval "$1"; }

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
	mount -o remount,ro "$T/mnt"
	reads "a store on a read-only mount" "$T/mnt/s.db"
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
