# pts.test.sh: Phoronix Test Suite result XML (collector/formats/pts.c).  Every
# corpus file and every fixture of tests/fixtures/pts imported into an empty
# store and exported with attributes must equal its dump in tests/golden/;
# the corpus figures are also read a second way, by awk over the XML lines,
# and must agree.  Then malformed and hostile inputs (billion laughs, an
# external entity naming /etc/passwd): exit status 1, a message naming the
# file and line, the store unchanged, nothing of /etc/passwd stored.
. "$TOP/tests/lib.sh"
need sqlite3

# crosscheck FILE: label, value, unit, better and status of every Entry of
# every kept Result, read line by line with awk (PTS writes one element a
# line), against the export
crosscheck() {
	f=$1 name=$(basename "$1")
	awk '
	function val(s) { sub(/^[^>]*>/, "", s); sub(/<.*$/, "", s); return s }
	/<Result>/ { inres = 1; id = ""; prop = ""; fmt = ""; n = 0; next }
	inres && /<Entry>/ { inent = 1; next }
	inres && inent && /<Identifier>/ { sys[n] = val($0); next }
	inres && inent && /<Value>/ { v[n] = val($0); next }
	inres && /<\/Entry>/ { inent = 0; n++; next }
	inres && !inent && /<Identifier>/ { id = val($0); next }
	inres && /<Scale>/ { scale = val($0); next }
	inres && /<Proportion>/ { prop = val($0); next }
	inres && /<DisplayFormat>/ { fmt = val($0); next }
	/<\/Result>/ {
		inres = 0
		if (id == "" || (prop != "HIB" && prop != "LIB") ||
		    (fmt != "BAR_GRAPH" && fmt != ""))
			next
		for (i = 0; i < n; i++)
			print sys[i] "\t" (v[i] == "" ? "" : sprintf("%.10g", v[i] + 0)) "\t" scale "\t" \
			      (prop == "HIB" ? "higher" : "lower") "\t" \
			      (v[i] == "" ? "failed" : "ok")
	}' "$f" | sort > "$T/want"
	bs export | tail -n +2 | awk -F'\t' -v OFS='\t' \
		'{ print $2, ($6 == "" ? "" : sprintf("%.10g", $6)), $7, $8, $9 }' |
		sort > "$T/got5"
	agrees "$T/got5" "$name: figures agree with an awk reading" \
		"$name: figures differ from an awk reading"
}

corpus pts-xml "PTS corpus files" golden_files crosscheck ""
golden_files "" fixture-pts- "$TOP"/tests/fixtures/pts/*

FIX=$TOP/tests/fixtures/pts/two-systems-repeats.xml
fresh
bs import "$FIX" >/dev/null
[ "$(bs export --attrs | awk -F'\t' '$5 == "value" && $4 ~ /^Flexible/ && $2 == "ext4 & noatime" { print $1 ":" $6 }' | tr '\n' ' ')" = "1:51234.5 2:50001 " ] &&
	ok "a second Entry of one system is a second run of that system" ||
	notok "a second Entry of one system is a second run of that system"
[ "$(bs export | grep -c 'Install\|Line graph\|Abstract')" = 0 ] &&
	ok "install time/size, line graphs and ABSTRACT results are passed over" ||
	notok "install time/size, line graphs and ABSTRACT results are passed over"
[ "$(bs export --attrs | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "graphics") g = i } $2 == "ext4 & noatime" && g { print $g; exit }')" = "AMD Radeon RX 580, 8GB" ] &&
	ok "a component with a comma of its own stays whole" ||
	notok "a component with a comma of its own stays whole"
if [ -d "$CORPUS/pts-xml" ]; then
	fresh
	bs import "$CORPUS/pts-xml/manueljbrito_old_GVNO2_resultname_composite.xml" >/dev/null 2>&1
	[ "$(bs export | grep -c 'OpenSSL (Algorithm: RSA4096, \(sign\|verify\)/s)')" = 2 ] &&
		ok "two results of one name and different scales are told apart by scale" ||
		notok "two results of one name and different scales are told apart by scale"
fi

# malformed and hostile input -----------------------------------------------
fresh
bs import "$FIX" >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"


# line N of the fixture replaced by TEXT
at() { awk -v n="$1" -v t="$2" 'NR == n { print t; next } { print }' "$FIX"; }
HEAD='<?xml version="1.0"?>'

at 32 '      <Entry><Identifier>xfs</Identifier><Value>49,000</Value></Entry>' > "$T/value.xml"
bad value.xml 32 "<Value> of 'Flexible IO Tester (Type: Random Read - Block Size: 4KB)': expected a number, found '49,000'"
at 32 '      <Entry><Identifier>btrfs</Identifier><Value>49000</Value></Entry>' > "$T/system.xml"
bad system.xml 32 "<Entry> for system 'btrfs', which has no <System>"
at 32 '      <Entry><Identifier>xfs</Identifier><Value>49000</Value></Entr>' > "$T/tag.xml"
bad tag.xml 32 "XML: "
head -n 40 "$FIX" > "$T/truncated.xml"
bad truncated.xml 41 "XML: "
at 32 '      <Entry><Identifier>xfs</Identifier><Value>&big;</Value></Entry>' > "$T/entity.xml"
bad entity.xml 32 "XML: Entity 'big' not defined"
at 26 '    <Title></Title>' > "$T/title.xml"
bad title.xml 24 "<Result> without a <Title>"
at 32 '      <Entry><Identifier>xfs</Identifier><Value>nan</Value></Entry>' > "$T/nan.xml"
bad nan.xml 32 "expected a number, found 'nan'"
printf '%s\n<PhoronixTestSuite>\n  <Generated><Title>x</Title></Generated>\n</PhoronixTestSuite>\n' "$HEAD" > "$T/nosystem.xml"
bad nosystem.xml 2 "no <System>"
printf '%s\n<PhoronixTestSuite>\n  <Suite><Title>old</Title></Suite>\n  <System><Hardware>x</Hardware></System>\n  <Benchmark><Name>x</Name></Benchmark>\n</PhoronixTestSuite>\n' "$HEAD" > "$T/old.xml"
bad old.xml 5 "PTS 1.x/2.x result file"
printf '%s\n<!-- <PhoronixTestSuite> -->\n<Other/>\n' "$HEAD" > "$T/root.xml"
bad root.xml 3 "root element is not <PhoronixTestSuite>"

# billion laughs: never expanded (the DOCTYPE is refused before its
# declarations are read); time-boxed so an expansion would show as a failure
{
	echo "$HEAD"
	echo '<!DOCTYPE PhoronixTestSuite ['
	echo '  <!ENTITY l0 "ha">'
	i=1
	while [ $i -le 30 ]; do
		p=$((i - 1))
		echo "  <!ENTITY l$i \"&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;\">"
		i=$((i + 1))
	done
	echo ']>'
	echo '<PhoronixTestSuite><System><Identifier>&l30;</Identifier></System>'
	echo '<Result><Identifier>x</Identifier><Title>&l30;</Title><Proportion>HIB</Proportion>'
	echo '<Data><Entry><Identifier>&l30;</Identifier><Value>1</Value></Entry></Data></Result></PhoronixTestSuite>'
} > "$T/laughs.xml"
bad laughs.xml 2 "<!DOCTYPE> in a PTS result file"
# external entities naming a local file, in the internal and external subset
{
	echo "$HEAD"
	echo '<!DOCTYPE PhoronixTestSuite [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>'
	echo '<PhoronixTestSuite><System><Identifier>&xxe;</Identifier><Hardware>Processor: &xxe;</Hardware></System>'
	echo '<Result><Identifier>x</Identifier><Title>t</Title><Proportion>HIB</Proportion>'
	echo '<Data><Entry><Identifier>&xxe;</Identifier><Value>1</Value></Entry></Data></Result></PhoronixTestSuite>'
} > "$T/xxe.xml"
bad xxe.xml 2 "<!DOCTYPE> in a PTS result file"
{
	echo "$HEAD"
	echo '<!DOCTYPE PhoronixTestSuite SYSTEM "file:///etc/passwd">'
	echo '<PhoronixTestSuite><System><Identifier>a</Identifier></System></PhoronixTestSuite>'
} > "$T/xxe-dtd.xml"
bad xxe-dtd.xml 2 "<!DOCTYPE> in a PTS result file"
# even given as another format, or forced, nothing of /etc/passwd gets in
for f in laughs xxe xxe-dtd; do bs import --format pts "$T/$f.xml" >/dev/null 2>&1; done
root=$(head -n 1 /etc/passwd | cut -d: -f1-3)
if ! sqlite3 "$T/db" .dump | grep -q "$root" &&
   ! bs export --attrs | grep -q "$root"; then
	ok "no line of /etc/passwd in the store"
else
	notok "no line of /etc/passwd in the store"
fi
