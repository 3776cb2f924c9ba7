# downloads.test.sh: the site's CSV downloads neutralise what a
# spreadsheet would run as a formula; `export` stays exact for round trips.
. "$(dirname "$0")/lib.sh"
need sqlite3 python3

{
	echo 'label,test,metric,value,better'
	echo '"=HYPERLINK(""http://evil.example/"",""click"")",t,m,1,higher'
	echo '+cmd|calc,t,m,2,higher'
	echo '-2+3,t,m,3,higher'
	echo '@SUM(A1:A2),t,m,4,higher'
	echo 'plain,t,m,5,higher'
} > "$T/formula.csv"
bs import "$T/formula.csv" >/dev/null 2>"$T/err"
check "labels starting with = + - @ import ($(cat "$T/err"))" \
	[ "$(sqlite3 "$T/db" 'select count(*) from run')" = 5 ]
bs render --out "$T/site" >/dev/null 2>"$T/err"
csv=$(ls "$T/site"/data-*.csv 2>/dev/null | head -1)
check "the site has a CSV download ($csv)" [ -n "$csv" ]
# the group column (6th) of each row, as a spreadsheet would read it:
# a field starting with = + - @ (after its quote) is a formula
python3 - "$csv" > "$T/groups" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
for r in rows[1:]:
    print(r[5])
PY
check "no group in the download starts as a formula ($(tr '\n' ' ' < "$T/groups"))" \
	sh -c "! grep -q '^[=+@-]' '$T/groups'"
check "... each is the label behind an apostrophe" \
	sh -c "grep -qx \"'=HYPERLINK(\\\"http://evil.example/\\\",\\\"click\\\")\" '$T/groups' &&
	       grep -qx \"'+cmd|calc\" '$T/groups' && grep -qx \"'-2+3\" '$T/groups' &&
	       grep -qx \"'@SUM(A1:A2)\" '$T/groups' && grep -qx plain '$T/groups'"
check "... and the figures are still numbers (mean of 'plain' is 5)" \
	sh -c "grep -q '^table,t,m,,higher,plain,1,5,' '$csv'"
bs export --format csv > "$T/export.csv"
check "export stays exact: the labels as they were" \
	sh -c "grep -q '\"=HYPERLINK(\"\"http://evil.example/\"\",\"\"click\"\")\"' '$T/export.csv' &&
	       grep -q ',+cmd|calc,' '$T/export.csv' && grep -q ',-2+3,' '$T/export.csv'"
rm -f "$T/db2"
"$BIN" --db "$T/db2" import "$T/export.csv" >/dev/null 2>&1
"$BIN" --db "$T/db2" export --format csv > "$T/export2.csv"
check "... and imports back to the same rows" cmp -s "$T/export.csv" "$T/export2.csv"
