# malformed.test.sh: bad input is refused with exit status 1 and a message
# "benchsite: FILE:LINE[:COL]: ..." naming the right line, and the store is
# byte for byte what it was (its SQL dump and its file both compared).
. "$TOP/tests/lib.sh"
need sqlite3

GOOD="1.97,1.97,box,1,1517949171,16G,,750,99,55019,4,40337,4,1663,99,71187,3,10883,85,16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,12470us,136ms,506ms,6146us,139ms,3573us,468us,290us,1205us,686us,17us,1061us"
# a store that already holds something, so "unchanged" is not vacuous
printf '%s\n' "$GOOD" | bs import --label base - >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"


# the good line with field N (1-based) replaced by V
field() { printf '%s\n' "$GOOD" | awk -F, -v OFS=, -v n="$1" -v v="$2" '{ $n = v; print }'; }

{ echo "# header"; printf '%s\n' "$GOOD"; printf '%s\n' "$GOOD" | cut -d, -f1-20; } > "$T/truncated.csv"
bad truncated.csv 3 "expected 48 fields, found 20"
{ printf '%s\n' "$GOOD"; printf '%s,extra\n' "$GOOD"; } > "$T/fields.csv"
bad fields.csv 2 "expected 48 fields, found 49"
echo "host7,8096M,38449,67,36403,9,19240,5,47427,74,47958,7,330.6,0,256,216,99,+++++,+++,66339,55,222,99,+++++,+++,304" > "$T/fields10x.csv"
bad fields10x.csv 1 "expected 27 fields, found 26"
field 10 abc > "$T/nonnumeric.csv"
bad nonnumeric.csv 1 "field 10 (put_block): expected a number"
field 12 nan > "$T/nan.csv"
bad nan.csv 1 "field 12 (rewrite): expected a number"
field 8 1e309 > "$T/huge.csv"
bad huge.csv 1 "field 8 (putc): expected a number"
field 10 -55019 > "$T/negative.csv"
bad negative.csv 1 "field 10 (put_block): negative value"
field 38 136xs > "$T/latency.csv"
bad latency.csv 1 "field 38 (put_block_latency): expected a latency"
# CRLF line ends are read (a file saved on Windows is the same data), so
# the fault must be found on the right line all the same
{ printf '# notes\r\n'; printf '%s\r\n' "$GOOD"; printf '%s\r\n' "$GOOD" | cut -d, -f1-30; } > "$T/crlf.csv"
bad crlf.csv 3 "expected 48 fields, found 30"
printf '%s\n' "$GOOD" | sed 's/,box,/,b\rx,/' > "$T/cr.csv"
bad cr.csv 1 "carriage return"
# a BOM at the start is read; one inside a figure is not a number
printf '\357\273\277%s\n' "$(field 10 abc)" > "$T/bom-start.csv"
bad bom-start.csv 1 "field 10 (put_block)"
field 10 "$(printf '\357\273\277')55019" > "$T/bom.csv"
bad bom.csv 1 "field 10 (put_block): expected a number"
{ printf '%s\n' "$GOOD"; printf '%s\n' "$GOOD" | tr 'x' '\000'; } > "$T/nul.csv"
bad nul.csv 2 "NUL byte"
{ printf '%s\n' "$GOOD"; printf '%s\n' "$GOOD" | sed "s/,box,/,b$(printf '\377')x,/"; } > "$T/utf8.csv"
bad utf8.csv 2 "invalid UTF-8"
{ printf '%s\n' "$GOOD"; head -c 2097152 /dev/zero | tr '\000' 'a'; echo; } > "$T/longline.csv"
bad longline.csv 2 "line longer than"
: > "$T/empty.csv"
bad empty.csv 1 "empty file"
printf 'just some words\nnothing here\n' > "$T/prose.txt"
bad prose.txt "" "cannot tell which tool"
printf 'Version  1.97       ------Sequential Output------\n' > "$T/tableonly.txt"
bad tableonly.txt "" "no CSV line"
printf 'run,label,suite,test,metric,value,unit,better,status\n1,a,s,t,m,12,s,lower,ok\n1,a,s,t,m2,x1,s,lower,ok\n' > "$T/table-value.csv"
bad table-value.csv 3 "not a finite number"
printf 'run,label,suite,test,metric,value,unit,better,status\n1,a,s,t,m,12,s,lower,ok\n1,a,s,t,m,13,s,lower,ok\n' > "$T/table-dup.csv"
bad table-dup.csv 3 "given twice"
printf 'run,label,suite,test,metric,value,unit,better,status\n1,a,s,t,m,12,s,sideways,ok\n' > "$T/table-better.csv"
bad table-better.csv 2 "better must be"
# the long table (export's format): ten more ways to be wrong
H='run,label,suite,test,metric,value,unit,better,status'
printf 'run,label,suite,test,metric,value,unit\n1,a,s,t,m,1,s\n' > "$T/table-nobetter.csv"
bad table-nobetter.csv 1 "no 'better' column"
printf 'run,label,test,metric,value,better,test\n1,a,t,m,1,lower,t\n' > "$T/table-twice.csv"
bad table-twice.csv 1 "column 'test' given twice"
printf 'run,label,test,metric,value,better,file system\n1,a,t,m,1,lower,x\n' > "$T/table-attr.csv"
bad table-attr.csv 1 "not a valid attribute name"
printf '%s\n1,a,s,,m,1,s,lower,ok\n' "$H" > "$T/table-notest.csv"
bad table-notest.csv 2 "empty test or metric"
printf '%s\n1,a,s,t,m,1,s,lower,great\n' "$H" > "$T/table-status.csv"
bad table-status.csv 2 "unknown status 'great'"
printf '%s\n1,a,s,t,m,,s,lower,ok\n' "$H" > "$T/table-empty.csv"
bad table-empty.csv 2 "empty value with status 'ok'"
printf '%s\n1,"a"b,s,t,m,1,s,lower,ok\n' "$H" > "$T/table-quote.csv"
bad table-quote.csv 2 "text after a closing quote"
printf '%s\n' "$H" > "$T/table-norows.csv"
bad table-norows.csv 2 "no rows after the header"
printf '%s\n1,a,s,t,m,1,s,lower,ok,extra\n' "$H" > "$T/table-long.csv"
bad table-long.csv 2 "expected 9 fields, found 10"
printf '%s\n1,a,s,t,m,1,s,lower,ok\n1,a,s2,t2,m,1,s,lower,ok\n' "$H" > "$T/table-suite.csv"
bad table-suite.csv 3 "suite 's2' differs"
printf '%s\n1,a,s,t,m,1e309,s,lower,ok\n' "$H" > "$T/table-huge.csv"
bad table-huge.csv 2 "not a finite number"
printf '%s\n1,a,s,t,m,nan,s,lower,ok\n' "$H" > "$T/table-nan.csv"
bad table-nan.csv 2 "not a finite number"
gzip -c "$T/nonnumeric.csv" > "$T/gz.csv.gz"
bad gz.csv.gz 1 "field 10 (put_block)"
head -c 100 "$T/gz.csv.gz" > "$T/cut.csv.gz"
bad cut.csv.gz "" "gzip"

# the good line does import, so the refusals above are about the faults
printf '%s\r\n' "$GOOD" > "$T/good-crlf.csv"
printf '\357\273\277%s\n' "$GOOD" > "$T/good-bom.csv"
check "a CRLF file imports" bs_quiet import "$T/good-crlf.csv"
check "a file with a BOM imports" bs_quiet import "$T/good-bom.csv"
[ "$(bs export | grep -c 'box	bonnie++	put_block	rate	55019	')" = 2 ] &&
	ok "CRLF and BOM files give the same figures" ||
	notok "CRLF and BOM files give the same figures"
