# tables.test.sh: Super Smack reports, wide CSV tables and HTML pages.
#  - golden dumps of the fixtures in tests/tables/ (GOLDEN_UPDATE=1 rewrites
#    them: review the diff);
#  - the 2008 sql-bench filesystem table as a wide CSV imports to the
#    same rows as sample-data/sqlbench-filesystems-2008.csv (long form);
#  - bon_csv2html pages give the same rows as the CSV they were made from:
#    the 1.0x Perl tool's pages are fixtures (made by running it, see
#    tests/tables/README); 2.00a pages are made here by the installed tool
#    and must be refused; a 1.97 page (no 1.97 tool here: a 2.00a page
#    relabelled, so only its layout is real) gives the CSV's figures except
#    the three block rates that page shows in MiB/s;
#  - malformed inputs: exit 1, the file and line named, the store unchanged.
. "$TOP/tests/lib.sh"
need sqlite3
F=$TOP/tests/tables
WIDE="--suite sql-bench --metric total_time --unit s --better lower"

# the fixtures against tests/golden/tables-NAME.tsv (the page's table is wide)
for n in supersmack-manual.txt supersmack-two-clients.txt latin1-page.html \
	bon_csv2html-1.03-perl-10x.html bon_csv2html-1.03-perl-198.html; do
	case $n in
	latin1-page.html) golden "$F/$n" "$n" "tables-$n.tsv" $WIDE ;;
	*) golden "$F/$n" "$n" "tables-$n.tsv" ;;
	esac
done

# the figures of the manual's example, independently of the dump
fresh
bs import "$F/supersmack-manual.txt" >/dev/null
[ "$(bs export | tail -n +2 | cut -f 2-9)" = "$(printf 'supersmack-manual\tsuper-smack\tselect_index\tqueries_per_sec\t4360.61\t1/s\thigher\tok')" ] &&
	ok "supersmack: the manual's select_index at 4360.61 queries/s" ||
	notok "supersmack: the manual's select_index at 4360.61 queries/s"
bs export --attrs | grep -q '	smacker1	10$' && ok "supersmack: client and clients attributes" ||
	notok "supersmack: client and clients attributes"
bs export | grep -q 'max_time\|min_time\|connect' && notok "supersmack: max_time/min_time not stored" ||
	ok "supersmack: max_time/min_time not stored"

# Latin-1 labels arrive as UTF-8
fresh
bs import $WIDE "$F/latin1-page.html" >/dev/null
bs export | grep -q "^1	ext3 d$(printf '\303\251')faut	" && ok "html: Latin-1 label converted to UTF-8" ||
	notok "html: Latin-1 label converted to UTF-8"

# --- the 2008 sql-bench table, wide, against the long-form sample ---
# design_table SEP: the table as CSV (SEP ",", quoting labels with commas)
# or TSV (SEP tab)
design_table() {
	awk -F'|' -v sep="$1" '/^\| config \|/ { on = 1 }
		on && /^\|/ {
			if ($2 ~ /^---/) next
			line = ""
			for (i = 2; i < NF; i++) {
				v = $i; gsub(/^ +| +$/, "", v)
				if (sep == "," && v ~ /,/) v = "\"" v "\""
				line = line (i > 2 ? sep : "") v
			}
			print line
		}
		on && !/^\|/ { exit }' "$TOP/../shared/DESIGN.md"
}
if [ -f "$TOP/../shared/DESIGN.md" ]; then
	design_table , > "$T/sqlbench-wide.csv"
	[ "$(wc -l < "$T/sqlbench-wide.csv")" -eq 13 ] && ok "DESIGN.md table read: 12 rows and a heading" ||
		notok "DESIGN.md table read: 12 rows and a heading"
	fresh
	bs import --format wide $WIDE "$T/sqlbench-wide.csv" >/dev/null 2>"$T/err" || cat "$T/err"
	bs export > "$T/wide.tsv"
	fresh
	bs import "$TOP/sample-data/sqlbench-filesystems-2008.csv" >/dev/null
	bs export > "$T/long.tsv"
	if [ "$(wc -l < "$T/long.tsv")" -eq 97 ] && cmp -s "$T/wide.tsv" "$T/long.tsv"; then
		ok "wide DESIGN.md table = long sqlbench-filesystems-2008.csv (96 rows)"
	else
		notok "wide DESIGN.md table = long sqlbench-filesystems-2008.csv"
		diff "$T/long.tsv" "$T/wide.tsv" | head -5
	fi
	# the same table as TSV and as an HTML page gives the same rows again
	design_table "$(printf '\t')" > "$T/sqlbench-wide.tsv"
	fresh
	bs import --format wide $WIDE "$T/sqlbench-wide.tsv" >/dev/null
	bs export > "$T/wide2.tsv"
	cmp -s "$T/wide2.tsv" "$T/long.tsv" && ok "wide TSV = long CSV" || notok "wide TSV = long CSV"
	{
		echo '<html><body><table>'
		awk -F'\t' '{
			printf "<tr>"; for (i = 1; i <= NF; i++) printf "<td>%s</td>", $i; print "</tr>" }' "$T/sqlbench-wide.tsv"
		echo '</table></body></html>'
	} > "$T/sqlbench.html"
	fresh
	bs import $WIDE "$T/sqlbench.html" >/dev/null
	bs export > "$T/html.tsv"
	cmp -s "$T/html.tsv" "$T/long.tsv" && ok "the same table in HTML = long CSV" ||
		notok "the same table in HTML = long CSV"
else
	skip "wide DESIGN.md table" "../shared is absent"
fi

# --- bon_csv2html pages = their CSV ---
# the CSV lines the Perl fixtures were made from (tests/tables/README)
printf '%s\n' "host7,8096M,38449,67,36403,9,19240,5,47427,74,47958,7,330.6,0,256,216,99,+++++,+++,66339,55,222,99,+++++,+++,304,35" \
	"box,2G:4k,1,2,3,4,5,6,7,8,9,10,11,12,16:100000:1000/64,13,14,15,16,17,18,19,20,21,22,23,24" > "$T/v10x.csv"
grep -h '^1\.98' "$TOP"/sample-data/bonnie-*.txt "$TOP"/sample-data/bonnie-x3-ext4-disk.csv > "$T/v198.csv"
# same_as_csv PAGE CSV WHAT [IMPORT OPTIONS FOR CSV]
same_as_csv() {
	page=$1 csv=$2 what=$3
	shift 3
	fresh; bs import "$page" >/dev/null 2>"$T/err" || cat "$T/err"
	bs export --attrs > "$T/p.tsv"
	fresh; bs import "$@" "$csv" >/dev/null
	bs export --attrs > "$T/c.tsv"
	if [ "$(wc -l < "$T/c.tsv")" -gt 1 ] && cmp -s "$T/p.tsv" "$T/c.tsv"; then
		ok "$what: page = CSV ($(($(wc -l < "$T/c.tsv") - 1)) rows with attributes)"
	else
		notok "$what: page = CSV"
		diff "$T/c.tsv" "$T/p.tsv" | head -5
	fi
}
# the 1.0x lines hold no version: they take the one the page's title
# names ("Bonnie++ V1.02b", as the 1.03 script writes it)
same_as_csv "$F/bon_csv2html-1.03-perl-10x.html" "$T/v10x.csv" "bon_csv2html 1.03 (Perl), 1.0x lines" --set tool_version=1.02b
same_as_csv "$F/bon_csv2html-1.03-perl-198.html" "$T/v198.csv" "bon_csv2html 1.03 (Perl), 1.98 lines"
# the same tables pasted into a forum post ([HTML]...[/HTML]) and into a
# Markdown blog post: detected by their headings, read as the page is
{ printf 'Here are my bonnie++ results, made with bon_csv2html:\n\n[HTML]\n'
  sed -n '/<TABLE/,/<\/TABLE>/p' "$F/bon_csv2html-1.03-perl-10x.html"
  printf '[/HTML]\n\nAny ideas why putc is slow?\n'; } > "$T/forum-post.txt"
same_as_csv "$T/forum-post.txt" "$T/v10x.csv" "bon_csv2html table in a forum post"
{ printf '# Disks compared\n\nbonnie++ 1.98 on three file systems:\n\n'
  sed -n '/<TABLE/,/<\/TABLE>/p' "$F/bon_csv2html-1.03-perl-198.html"
  printf '\nThe XFS loop device is *slow*.\n'; } > "$T/blog-post.md"
same_as_csv "$T/blog-post.md" "$T/v198.csv" "bon_csv2html table in a Markdown post"

if command -v bon_csv2html >/dev/null; then
	bon_csv2html < "$T/v198.csv" > "$T/cpp-200.html" 2>/dev/null
	fresh; printf '%s\n' "$(head -1 "$T/v198.csv")" | bs import --label base - >/dev/null
	dump "$T/db" > "$T/b.sql"
	bs import "$T/cpp-200.html" >/dev/null 2>"$T/err"; rc=$?
	[ $rc -eq 1 ] && grep -q "cpp-200.html:2: a bon_csv2html 2.00 page: .*MiB/s" "$T/err" &&
		ok "bon_csv2html 2.00a page refused: $(sed "s|.*cpp-200.html:2: ||" "$T/err" | cut -c1-60)..." ||
		notok "bon_csv2html 2.00a page refused (rc $rc: $(cat "$T/err"))"
	dump "$T/db" | cmp -s - "$T/b.sql" && ok "2.00a page: store unchanged" || notok "2.00a page: store unchanged"
	# the C++ layout, relabelled 1.97 (K/sec): every figure but the block
	# rates, which the 2.00a tool printed in MiB/s
	sed -e 's/Version 2.00a/Version 1.97/' -e 's|M/sec|K/sec|g' "$T/cpp-200.html" > "$T/cpp-197.html"
	awk -F, -v OFS=, '{ $1 = "1.97"; $2 = "1.97"; $5 = ""; $7 = "";
		for (i = 8; i < 50; i++) $i = $(i + 2); NF = 48; print }' "$T/v198.csv" > "$T/v197.csv"
	fresh; bs import "$T/cpp-197.html" >/dev/null 2>"$T/err" || cat "$T/err"
	bs export | grep -v '	\(put_block\|rewrite\|get_block\)	rate	' > "$T/p.tsv"
	fresh; bs import "$T/v197.csv" >/dev/null
	bs export | grep -v '	\(put_block\|rewrite\|get_block\)	rate	' > "$T/c.tsv"
	if [ "$(wc -l < "$T/c.tsv")" -eq 199 ] && cmp -s "$T/p.tsv" "$T/c.tsv"; then
		ok "bon_csv2html C++ layout (1.97 headings): page = CSV but the 18 MiB/s block rates (198 rows)"
	else
		notok "bon_csv2html C++ layout (1.97 headings): page = CSV"
		diff "$T/c.tsv" "$T/p.tsv" | head -5
	fi
else
	skip "bon_csv2html 2.00a pages" "bon_csv2html is not installed"
fi

# --- malformed input ---
GOOD="1.97,1.97,box,1,1517949171,16G,,750,99,55019,4,40337,4,1663,99,71187,3,10883,85,16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,12470us,136ms,506ms,6146us,139ms,3573us,468us,290us,1205us,686us,17us,1061us"
fresh
printf '%s\n' "$GOOD" | bs import --label base - >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"


# Super Smack
R="Query Barrel Report for client smacker1"
C="connect: max=62ms  min=0ms avg= 66ms from 10 clients "
H="Query_type	num_queries	max_time	min_time	q_per_s"
smack() { printf '%s\n' "$@" > "$T/$name"; }
name=ss-qps.txt; smack "$R" "$C" "$H" "select_index	20000	0	0	43x0.61"; bad $name 4 "q_per_s: expected a number or n/a"
name=ss-fields.txt; smack "$R" "$C" "$H" "select_index	20000	0	0"; bad $name 4 "expected 5 fields"
name=ss-extra.txt; smack "$R" "$C" "$H" "select_index	20000	0	0	1.5	9"; bad $name 4 "expected 5 fields"
name=ss-count.txt; smack "$R" "$C" "$H" "a	1	0	0	1.5" "select_index	20000	-1	0	4360.61"; bad $name 5 "max_time: expected a whole number"
name=ss-min.txt; smack "$R" "$C" "$H" "select_index	20000	0	0.5	4360.61"; bad $name 4 "min_time: expected a whole number"
name=ss-neg.txt; smack "$R" "$C" "$H" "select_index	20000	0	0	-4360.61"; bad $name 4 "q_per_s"
name=ss-noheading.txt; smack "$R" "$C" "select_index	20000	0	0	4360.61"; bad $name 3 "expected the heading"
name=ss-norows.txt; smack "header" "$R" "$C" "$H" ""; bad $name 2 "has no query rows"
name=ss-eof.txt; smack "$R" "$C"; bad $name 1 "ends before its 'Query_type' heading"
name=ss-connect.txt; smack "$R" "connect: max=62ms  min=0ms avg= 66ms from ten clients " "$H" "s	1	0	0	1.0"; bad $name 2 "connect line"
name=ss-noclient.txt; smack "Query Barrel Report for client " "$C" "$H" "s	1	0	0	1.0"; bad $name 1 "names no client"
name=ss-dup.txt; smack "$R" "$C" "$H" "s	1	0	0	1.0" "s	1	0	0	2.0"; bad $name 5 "given twice"
name=ss-second.txt; smack "$R" "$C" "$H" "s	1	0	0	1.0" "" "$R" "$C" "$H" "s	1	0	0	x"; bad $name 9 "q_per_s"
name=ss-utf8.txt; smack "$R" "$C" "$H" "s	1	0	0	$(printf '\377')"; bad $name 4 "invalid UTF-8"

# wide CSV
wide() { printf '%s\n' "$@" > "$T/$name"; }
name=w-nobetter.csv; wide "config,a,b" "x,1,2"; bad $name "" "give --better lower or --better higher" --format wide
name=w-empty.csv; : > "$T/$name"; bad $name 1 "empty file" --format wide $WIDE
name=w-value.csv; wide "config,a,b" "x,1,2" "y,3,abc"; bad $name 3 "'abc' (row 'y', test 'b') is not a number" --format wide $WIDE
name=w-fields.csv; wide "config,a,b" "x,1,2" "y,3"; bad $name 3 "expected 3 fields like the heading row, found 2" --format wide $WIDE
name=w-more.csv; wide "config,a,b" "x,1,2,4"; bad $name 2 "expected 3 fields" --format wide $WIDE
name=w-dup.csv; wide "config,a,a" "x,1,2"; bad $name 1 "test 'a' is the heading of columns 2 and 3" --format wide $WIDE
name=w-nohead.csv; wide "config,a," "x,1,2"; bad $name 1 "column 3 has figures but no test name" --format wide $WIDE
name=w-nolabel.csv; wide "config,a,b" "x,1,2" ",3,4"; bad $name 3 "no label" --format wide $WIDE
name=w-norows.csv; wide "config,a,b"; bad $name 1 "no row with figures" --format wide $WIDE
name=w-onecol.csv; wide "config" "x"; bad $name 1 "at least two columns" --format wide $WIDE
name=w-quote.csv; wide "config,a,b" "x,1,2" '"y,3,4'; bad $name 3 "quoted field not closed" --format wide $WIDE
name=w-inf.csv; wide "config,a,b" "x,1,inf"; bad $name 2 "is not a number" --format wide $WIDE
name=w-huge.csv; wide "config,a,b" "x,1,1e999"; bad $name 2 "is not a number" --format wide $WIDE
name=w-nul.csv; printf 'config,a\nx,1\0\n' > "$T/$name"; bad $name 2 "NUL byte" --format wide $WIDE

# HTML tables
page() { { echo '<html><body><table>'; printf '%s\n' "$@"; echo '</table></body></html>'; } > "$T/$name"; }
name=h-nobetter.html; page "<tr><td>c</td><td>a</td></tr>" "<tr><td>x</td><td>1</td></tr>"; bad $name "" "give --better lower or --better higher"
name=h-value.html; page "<tr><td>c</td><td>a</td></tr>" "<tr><td>x</td><td>1</td></tr>" "<tr><td>y</td>" "<td>12 s</td></tr>"; bad $name 5 "'12 s' (row 'y', test 'a') is not a number" $WIDE
name=h-dup.html; page "<tr><td>c</td><td>a</td><td>a</td></tr>" "<tr><td>x</td><td>1</td><td>2</td></tr>"; bad $name 2 "heading of columns 2 and 3" $WIDE
name=h-nohead.html; page "<tr><td>c</td><td>a</td><td></td></tr>" "<tr><td>x</td><td>1</td><td>2</td></tr>"; bad $name 2 "column 3 has figures but no test name" $WIDE
name=h-nolabel.html; page "<tr><td>c</td><td>a</td></tr>" "<tr><td>x</td><td>1</td></tr>" "<tr><td></td><td>2</td></tr>"; bad $name 4 "no label" $WIDE
name=h-rowspan.html; page "<tr><td>c</td><td>a</td></tr>" "<tr><td rowspan=2>x</td><td>1</td></tr>" "<tr><td>2</td></tr>"; bad $name 4 "no label" $WIDE
name=h-norows.html; page "<tr><td>c</td><td>a</td></tr>"; bad $name 2 "no row with figures" $WIDE
name=h-notable.html; printf '<html><body><p>no results</p></body></html>\n' > "$T/$name"; bad $name "" "no <table> in the page" $WIDE
name=h-tableN.html; page "<tr><td>c</td><td>a</td></tr>" "<tr><td>x</td><td>1</td></tr>"; bad $name "" "--table 3: the page has 1 table" $WIDE --table 3
name=h-table2.html; { echo '<html><body><table><tr><td>c</td><td>a</td></tr><tr><td>x</td><td>1</td></tr></table>'; echo '<table><tr><td>c</td><td>a</td></tr>'; echo '<tr><td>x</td><td>one</td></tr></table></body></html>'; } > "$T/$name"; bad $name 3 "'one'" $WIDE --table 2
name=h-latin1.html; page "<tr><td>c</td><td>a</td></tr>" "<tr><td>x</td><td>1$(printf '\351')</td></tr>"; bad $name 3 "'1$(printf '\303\251')' .* is not a number" $WIDE
name=h-bonnie-row.html; sed 's|<TD>38449</TD>||' "$F/bon_csv2html-1.03-perl-10x.html" > "$T/$name"; bad $name 21 "bonnie++ 1.0x CSV line: expected 27 fields, found 26"
name=h-bonnie-value.html; sed 's|<TD>36403</TD>|<TD>36x03</TD>|' "$F/bon_csv2html-1.03-perl-10x.html" > "$T/$name"; bad $name 21 "put_block: expected a number or +++++, found '36x03'"
name=h-bonnie-latency.html; sed 's|<TD>11559us</TD>|<TD>11559xs</TD>|' "$F/bon_csv2html-1.03-perl-198.html" > "$T/$name"; bad $name 22 "putc_latency: expected a latency"
if [ -f "$T/cpp-197.html" ]; then
	name=h-cpp-latency.html; awk 'NR == 4 { sub(/<td[^>]*>11359us<\/td>/, "") } { print }' "$T/cpp-197.html" > "$T/$name"; bad $name 4 "latency row: expected"
	name=h-cpp-cells.html; awk 'NR == 3 { sub(/<td[^>]*>982<\/td>/, "") } { print }' "$T/cpp-197.html" > "$T/$name"; bad $name 3 "expected 27 cells for the columns its headings name, found 26"
	name=h-cpp-version.html; sed 's/Version 1.97/Version 1.93c/' "$T/cpp-197.html" > "$T/$name"; bad $name 1 "only the 1.0x, 1.96 and 1.97 layouts"
fi
