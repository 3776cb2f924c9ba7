# messages.test.sh: what a failure says names its cause in the user's
# words.
. "$(dirname "$0")/lib.sh"
need sqlite3

BONNIE=$TOP/sample-data/bonnie-tmpfs.txt

# a subnormal is a number: refused for being beyond what the statistics
# can carry (core/record.h), not as "not a number"
printf 'label,test,metric,value,better\ntiny,t,m,1e-320,lower\n' > "$T/tiny.csv"
bs import "$T/tiny.csv" >/dev/null 2>"$T/err"
check "1e-320 (a subnormal) is read as a number and refused as too small for the statistics ($(cat "$T/err"))" \
	grep -q "the figure 1e-320 is beyond what the statistics can carry" "$T/err"
printf 'label,test,metric,value,better\ntiny,t,m,1e-999,lower\n' > "$T/under.csv"
bs import "$T/under.csv" >/dev/null 2>"$T/err"
check "1e-999 (nothing left of it) is still refused" [ $? -eq 1 ]

# a 100,000-column file
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%sc%d", i ? "," : "", i;
	print ""; for (i = 0; i < 100000; i++) printf "%s%d", i ? "," : "", i;
	print "" }' > "$T/wide.csv"
bs import "$T/wide.csv" >/dev/null 2>"$T/err"
rc=$?
check "100,000 columns: exit 1 (got $rc)" [ $rc -eq 1 ]
check "... saying more than 1024 fields, at line 1 ($(cat "$T/err"))" \
	grep -q "wide.csv:1\\(:[0-9]*\\)\\?: more than 1024 fields (the most a table may have)" "$T/err"
check "... the same through a pipe" \
	sh -c "'$BIN' --db '$T/db' import - < '$T/wide.csv' 2>&1 | grep -q 'more than 1024 fields'"

# --out naming a symbolic link to a folder
mkdir -p "$T/real"
ln -s "$T/real" "$T/link"
bs render --out "$T/link" >/dev/null 2>"$T/err"
rc=$?
check "--out naming a link to a folder: exit 1 (got $rc)" [ $rc -eq 1 ]
check "... saying it is a symbolic link ($(cat "$T/err"))" \
	grep -q "link: is a symbolic link: render replaces --out whole and does not follow links; name the folder itself (the link's target)" "$T/err"
check "... and leaving the link and its folder as they were" \
	holds '[ -L "$T/link" ] && [ -z "$(ls -A "$T/real")" ]'

# import DIR with a symbolic link loop
mkdir -p "$T/tree/a/b"
cp "$BONNIE" "$T/tree/a/b/x.txt"
ln -s ../.. "$T/tree/a/b/up"
rm -f "$T/db2"*
"$BIN" --db "$T/db2" import "$T/tree" >"$T/out" 2>"$T/err"
rc=$?
n=$(grep -c 'a folder already walked' "$T/err")
check "import DIR with a link loop stops at the first repeat ($n warning, exit $rc)" \
	holds '[ $rc -eq 0 ] && [ $n -eq 1 ]'
check "... naming the link ($(head -1 "$T/err"))" \
	grep -q "tree/a/b/up: a folder already walked" "$T/err"
check "... and imports the file once" \
	[ "$(sqlite3 "$T/db2" 'select count(*) from source')" = 1 ]

# a .gz with trailing garbage
gzip -c "$BONNIE" > "$T/trail.txt.gz"
printf 'garbage after the stream' >> "$T/trail.txt.gz"
rm -f "$T/db3"*
"$BIN" --db "$T/db3" import "$T/trail.txt.gz" >/dev/null 2>"$T/err"
rc=$?
check ".gz with trailing garbage: exit 1 (got $rc)" [ $rc -eq 1 ]
check "... saying what follows the gzip data ($(cat "$T/err"))" \
	grep -q "24 bytes after the gzip data (at byte [0-9]*) that are not gzip" "$T/err"
head -c 500 "$BONNIE" | gzip -c > "$T/two.txt.gz"
tail -c +501 "$BONNIE" | gzip -c >> "$T/two.txt.gz"
check "... while two members still read as one file" \
	sh -c "'$BIN' --db '$T/db3' import '$T/two.txt.gz' >/dev/null"

# a full disk: one line naming the input, in the user's words, then stop
mkdir -p "$T/full"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=160k tmpfs "$T/full" 2>/dev/null; then
	trap 'umount "$T/full" 2>/dev/null; rm -rf "$T"' EXIT
	mkdir -p "$T/many"
	i=0
	while [ $i -lt 20 ]; do
		sed "s/^\(1[^,]*,[^,]*,[^,]*,1\),[0-9]*,/\1,$i,/" \
			"$TOP/sample-data/bonnie-x3-ext4-disk.csv" > "$T/many/f$i.csv"
		i=$((i + 1))
	done
	awk 'BEGIN { print "label,test,metric,value,better";
		for (i = 0; i < 100000; i++) print "l" i ",t,m," i ",higher" }' \
		> "$T/big.csv"
	"$BIN" --db "$T/full/s.db" init >/dev/null 2>&1
	"$BIN" --db "$T/full/s.db" import "$T/big.csv" "$T/many" >"$T/out" 2>"$T/err"
	rc=$?
	check "a full disk: exit 1 (got $rc)" [ $rc -eq 1 ]
	check "... one line naming the input: no space left on device ($(head -1 "$T/err"))" \
		grep -q "^benchsite: $T/big.csv: cannot store it in $T/full/s.db: .*no space left on device$" "$T/err"
	check "... and one saying it stopped, nothing more ($(wc -l < "$T/err") lines)" \
		holds '[ "$(wc -l < "$T/err")" -eq 2 ] && grep -q "disk is full: stopped" "$T/err"'
	check "... the store intact" \
		[ "$(sqlite3 "$T/full/s.db" 'pragma integrity_check')" = ok ]
	umount "$T/full"
else
	skip "a full disk" "cannot mount a small tmpfs (not root, or no privilege)"
fi
