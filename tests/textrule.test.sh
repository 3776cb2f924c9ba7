# textrule.test.sh: one text rule for every importer:
# names, labels and attributes holding a noncharacter, a C0/C1 control, a
# lone surrogate, NUL or a bidirectional control are refused, exit 1,
# FILE:LINE named, the store unchanged; fio's JSON escapes \u0000 and lone
# surrogates likewise.  A store that holds such text anyway (written with
# the sqlite3 shell) still renders, to well-formed pages and charts, with
# a warning naming the run; list, summary and error messages never write a
# raw control character.
. "$(dirname "$0")/lib.sh"
need sqlite3

# the inputs are written with \xHH, which dash's printf lacks
xprintf() { env printf "$@"; }
ESC=$(printf '\033')
FFFE=$(printf '\357\277\276')
RLO=$(printf '\342\200\256')

bs import "$TOP/sample-data/bonnie-tmpfs.txt" >/dev/null
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"

# --- 1. noncharacters --------------------------------------------------------
# a label holding U+FFFE
xprintf 'label,test,metric,value,better\nL\xef\xbf\xbeX,t,m,1,higher\nok,t,m,2,higher\n' > "$T/u.csv"
bad u.csv 2 "label 'L.*X' holds U+FFFE, a noncharacter"
xprintf 'label,test,metric,value,better\nL\xef\xbf\xbfX,t,m,1,higher\n' > "$T/uffff.csv"
bad uffff.csv 2 "U+FFFF, a noncharacter"
xprintf 'label,test,metric,value,better\nL,t\xef\xb7\x90,m,1,higher\n' > "$T/ufdd0.csv"
bad ufdd0.csv 2 "test name .* U+FDD0, a noncharacter"

# a bonnie++ CSV with its name field (3rd) holding TEXT
bonnie_csv() {
	sed -n 2p "$TOP/sample-data/bonnie-x3-ext4-disk.csv" |
		awk -F, -v OFS=, -v n="$1" '{ $3 = n; print }'
}
bonnie_csv "ext4${FFFE}x" > "$T/bonnie-fffe.csv"
bad bonnie-fffe.csv 1 "U+FFFE"

# fio JSON whose jobname is TEXT (as it stands in the JSON)
fio_json() {
	printf '{\n"fio version" : "fio-3.33",\n"jobs" : [\n{\n"jobname" : "%s",\n' "$1"
	printf '"groupid" : 0, "error" : 0,\n"job options" : { "rw" : "randread" },\n'
	printf '"read" : { "io_bytes" : 4096, "bw" : 4, "iops" : 1, "total_ios" : 1, '
	printf '"clat_ns" : { "mean" : 900 }, "lat_ns" : { "mean" : 950 } },\n'
	printf '"write" : { "io_bytes" : 0, "bw" : 0, "iops" : 0, "total_ios" : 0 }\n}\n]\n}\n'
}
fio_json 'a\ufffeb' > "$T/fio-fffe.json"
bad fio-fffe.json 4 "test name 'a.*b' holds U+FFFE"

# --- 2. control characters ---------------------------------------------------
printf 'label,test,metric,value,better\nL\033]0;owned\007,t,m,1,higher\n' > "$T/esc.csv"
bad esc.csv 2 "label .* holds U+001B, a control character"
printf 'label\ttest\tmetric\tvalue\tbetter\nok\tt\033[2J\tm\t1\thigher\n' > "$T/esc.tsv"
bad esc.tsv 2 "test name .* holds U+001B"
printf 'label,test,metric,value,better\nL\302\233x,t,m,1,higher\n' > "$T/c1.csv"
bad c1.csv 2 "U+009B, a control character"
printf 'label,test,metric,value,better\n"two\nlines",t,m,1,higher\n' > "$T/lf.csv"
bad lf.csv 2 "U+000A, a control character"
bonnie_csv "ext4${ESC}[2J" > "$T/bonnie-esc.csv"
bad bonnie-esc.csv 1 "U+001B"
# sysbench names its run after the file: a file name with ESC
cp "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" "$T/sys${ESC}[2Jbench.txt"
bs import "$T/sys${ESC}[2Jbench.txt" >/dev/null 2>"$T/err"
check "sysbench: a label (from the file name) with ESC is refused (exit $?)" \
	grep -q ':3: label .* holds U+001B, a control character' "$T/err"
check "... the message shows the name without the raw ESC" \
	sh -c "! grep -q '$ESC' '$T/err'"
check "... the store unchanged" cmp -s "$T/before.db" "$T/db"
fio_json 'a\u001b[2Jb' > "$T/fio-esc.json"
bad fio-esc.json 4 "U+001B"

# --- 3. fio JSON strings -----------------------------------------------------
fio_json 'a\u0000b' > "$T/fio-nul.json"
bad fio-nul.json 5 'holds \\u0000 (NUL)'
fio_json 'a\ud800b' > "$T/fio-surrogate.json"
bad fio-surrogate.json 5 'holds \\ud800, the first half of a surrogate pair'
fio_json 'a\udc00b' > "$T/fio-low.json"
bad fio-low.json 5 'holds \\udc00, the second half'
fio_json 'a\ud83d\ude00b' > "$T/fio-pair.json"
check "a whole surrogate pair (an emoji) in fio JSON imports" \
	bs_quiet import "$T/fio-pair.json"
check "... as the character it stands for" \
	sh -c "'$BIN' --db '$T/db' export | grep -q 'a$(printf '\360\237\230\200')b'"
dump "$T/db" > "$T/before.sql"
cp "$T/db" "$T/before.db"

# --- 4. bidirectional controls -----------------------------------------------
printf 'label,test,metric,value,better\nabc%sgnp.exe,t,m,1,higher\n' "$RLO" > "$T/rlo.csv"
bad rlo.csv 2 "U+202E, a bidirectional control"
printf 'label,test,metric,value,better\nab\342\201\246c,t,m,1,higher\n' > "$T/lri.csv"
bad lri.csv 2 "U+2066, a bidirectional control"
printf 'label,test,metric,value,better\nab\342\200\217c,t,m,1,higher\n' > "$T/rlm.csv"
bad rlm.csv 2 "U+200F, a bidirectional control"
fio_json 'a\u202eb' > "$T/fio-rlo.json"
bad fio-rlo.json 4 "U+202E"

# --- 5. invisible characters ----------------------------------------------
# 'ext4', 'ext4' + U+200B and 'ext4' + U+FEFF would be groups that print the
# same: invisible characters are refused, each with its line (text not in
# NFC is composed rather than refused: tests/nfc.test.sh)
ZWSP=$(printf '\342\200\213')
BOM=$(printf '\357\273\277')
printf 'label,test,metric,value,better\next4,t,m,1,higher\next4%s,t,m,2,higher\n' "$ZWSP" > "$T/zwsp.csv"
bad zwsp.csv 3 "label 'ext4.*' holds U+200B, an invisible format character"
printf 'label,test,metric,value,better\next4%s,t,m,1,higher\n' "$BOM" > "$T/feff.csv"
bad feff.csv 2 "U+FEFF, an invisible format character"
printf 'label,test,metric,value,better\nL,t\342\200\215x,m,1,higher\n' > "$T/zwj.csv"
bad zwj.csv 2 "test name .* U+200D, an invisible format character"
bs import --set "host=a${ZWSP}b" "$TOP/sample-data/bonnie-tmpfs.txt" \
	>/dev/null 2>"$T/err"
check "--set with U+200B is refused (exit 2, got $?: $(cat "$T/err"))" \
	grep -q 'holds U+200B, an invisible format character' "$T/err"
check "... and stored nothing" cmp -s "$T/before.db" "$T/db"
# control: precomposed text, a mark with nothing to compose with, Hangul
# and an emoji import
printf 'label,test,metric,value,better\ncaf\303\251,t,m,1,higher\nx\314\201\314\201,t,m,1,higher\n\355\225\234,t,m,1,higher\n\360\237\230\200,t,m,1,higher\n' > "$T/nfc.csv"
cp "$T/before.db" "$T/nfc.db"
"$BIN" --db "$T/nfc.db" import "$T/nfc.csv" >/dev/null 2>"$T/err"
check "control: NFC text (é composed, x + two acutes, Hangul, an emoji) imports ($(cat "$T/err"))" \
	[ "$(sqlite3 "$T/nfc.db" "select count(*) from run where label in ('café', 'x$(printf '\314\201\314\201')', '$(printf '\355\225\234')', '$(printf '\360\237\230\200')')")" = 4 ]
# a store that holds them anyway (the sqlite3 shell): shown composed, the
# invisible character as U+FFFD
cp "$T/before.db" "$T/nfd.db"
printf 'label,test,metric,value,better\nLX,t,m,1,higher\nok,t,m,2,higher\n' > "$T/w.csv"
"$BIN" --db "$T/nfd.db" import "$T/w.csv" >/dev/null 2>&1
sqlite3 "$T/nfd.db" "update run set label = 'cafe' || char(769) where label = 'LX';
	update run set label = 'ok' || char(8203) where label = 'ok'"
"$BIN" --db "$T/nfd.db" list >"$T/out" 2>&1
check "list shows a decomposed label composed and U+200B as U+FFFD" \
	sh -c "grep -q 'caf$(printf '\303\251') ' '$T/out' && grep -q 'ok$(printf '\357\277\275')' '$T/out' &&
	       ! grep -q -e '$ZWSP' -e 'e$(printf '\314\201')' '$T/out'"
"$BIN" --db "$T/nfd.db" render --out "$T/nfdsite" >/dev/null 2>"$T/err"
check "render warns about both runs ($(grep -c warning "$T/err") warnings)" \
	sh -c "grep -q \"warning: run [0-9]* ('caf$(printf '\303\251')'\" '$T/err' &&
	       grep -q \"warning: run [0-9]* ('ok$(printf '\357\277\275')'\" '$T/err'"
check "... and no page holds U+200B or the decomposed é" \
	sh -c "! grep -rlq --include '*.html' --include '*.svg' -e '$ZWSP' -e 'cafe$(printf '\314\201')' '$T/nfdsite'"

# options given on the command line follow the same rule (usage: exit 2)
bs import --label "x${ESC}[2J" "$TOP/sample-data/bonnie-tmpfs.txt" \
	>/dev/null 2>"$T/err"
rc=$?
check "--label with ESC is refused (exit 2, got $rc)" [ $rc -eq 2 ]
check "... saying what it holds, without the raw ESC" \
	sh -c "grep -q 'holds U+001B, a control character' '$T/err' && ! grep -q '$ESC' '$T/err'"
bs import --set "k=a${RLO}b" "$TOP/sample-data/bonnie-tmpfs.txt" \
	>/dev/null 2>"$T/err"
check "--set with U+202E is refused (exit 2)" [ $? -eq 2 ]
check "... and stored nothing" cmp -s "$T/before.db" "$T/db"

# what is allowed stays allowed: tab where the format carries it, accents
printf 'label,test,metric,value,better\n"caf\303\251\tx",t \342\200\224 1,m,1,higher\n' \
	> "$T/fine.csv"
check "accents, a dash and a tab in a quoted CSV label import" \
	bs_quiet import "$T/fine.csv"

# --- a store that holds such text anyway ------------------------------------
cp "$T/db" "$T/legacy.db"
printf 'label,test,metric,value,better\nLX,t,m,1,higher\nok,t,m,2,higher\n' > "$T/v.csv"
"$BIN" --db "$T/legacy.db" import "$T/v.csv" >/dev/null
sqlite3 "$T/legacy.db" "
	update run set label = 'L' || char(65534) || 'X' || char(27) || '[2J'
		where label = 'LX';
	update result set test = 't' || char(27) || ']0;title' || char(7)
		where run_id = (select id from run where label = 'ok');
	update run_attr set value = 'v' || char(8238) || 'x'
		where run_id = (select min(run_id) from run_attr);"
"$BIN" --db "$T/legacy.db" render --out "$T/site" >"$T/out" 2>"$T/err"
rc=$?
check "a store holding U+FFFE, ESC and U+202E still renders (exit $rc: $(head -1 "$T/err" | cut -c 1-200))" \
	holds '[ $rc -eq 0 ] && [ -f "$T/site/index.html" ]'
check "... warning that names the runs" \
	sh -c "grep -q \"warning: run [0-9]* ('L.*X.*\[2J', from .*v.csv:2)\" '$T/err' &&
	       grep -q \"warning: run [0-9]* ('ok', from .*v.csv:3)\" '$T/err' &&
	       grep -q \"warning: run [0-9]* ('tmpfs'\" '$T/err'"
check "... the warning carries no raw control character" \
	sh -c "! grep -q '$ESC' '$T/err'"
if have xmllint; then
	broken=""
	for f in $(find "$T/site" -name '*.svg' -o -name '*.html'); do
		xmllint --noout "$f" 2>/dev/null || broken="$broken $(basename "$f")"
	done
	check "... every page and SVG chart is well-formed XML (${broken:-all})" \
		[ -z "$broken" ]
else
	skip "... every page and SVG chart is well-formed XML" "xmllint missing"
fi
check "... and none holds a raw ESC, U+FFFE or U+202E" \
	sh -c "! grep -rlq --include '*.html' --include '*.svg' --include '*.csv' \
		--include '*.json' -e '$ESC' -e '$FFFE' -e '$RLO' '$T/site'"
for cmd in "list" "list --tsv" "list --tests" "summary" "summary --tsv"; do
	"$BIN" --db "$T/legacy.db" $cmd >"$T/out" 2>&1
	check "$cmd writes no raw control character (exit $?)" \
		sh -c "! grep -q -e '$ESC' -e '$FFFE' '$T/out' &&
		       ! tr -d '\n\t' < '$T/out' | grep -q '[[:cntrl:]]'"
done
# an error message quoting the input shows no raw control either
printf 'label,test,metric,value,better\nok,t,m,1\033[2J,higher\n' > "$T/num.csv"
bs import "$T/num.csv" >/dev/null 2>"$T/err"
check "an error quoting the input writes no raw ESC ($(cat "$T/err"))" \
	sh -c "! grep -q '$ESC' '$T/err'"

# comparison names, titles and exclusion reasons follow the same rule: they
# go on the site, in its manifest and on terminals
printf 'label,test,metric,value,better\na,t,m,1,higher\nb,t,m,2,higher\n' > "$T/ok.csv"
bs import "$T/ok.csv" >/dev/null 2>&1
ncmp() { sqlite3 "$T/db" "select count(*) from comparison"; }
nexc() { sqlite3 "$T/db" "select count(*) from run where excluded is not null"; }
before=$(ncmp)
bs compare "$(printf 'x\033[2J')" --suite table --by label >/dev/null 2>"$T/err"
check "a comparison name with an ESC: exit 2, nothing stored, the message names the character" \
	sh -c '[ "$1" = 2 ] && [ "$2" = "$3" ] && grep -q "U+001B" "$4"' _ "$?" "$(ncmp)" "$before" "$T/err"
bs compare titled --suite table --by label --title "$(printf 'two\nlines')" >/dev/null 2>"$T/err"
check "a --title with a newline: exit 2, nothing stored" \
	sh -c '[ "$1" = 2 ] && [ "$2" = "$3" ] && grep -q "U+000A" "$4"' _ "$?" "$(ncmp)" "$before" "$T/err"
bs compare titled --suite table --by label --title "$(printf 'T\357\277\276')" >/dev/null 2>"$T/err"
check "a --title with U+FFFE: exit 2, nothing stored" \
	sh -c '[ "$1" = 2 ] && [ "$2" = "$3" ]' _ "$?" "$(ncmp)" "$before"
bs exclude 1 --why "$(printf 'a\033]0;owned\007')" >/dev/null 2>"$T/err"
check "an exclusion reason with an ESC: exit 2, the run not excluded" \
	sh -c '[ "$1" = 2 ] && [ "$2" = 0 ]' _ "$?" "$(nexc)"
# control: the same with plain text is stored
bs compare titled --suite table --by label --title "ext4 vs xfs — by hand" >/dev/null 2>"$T/err" &&
	bs exclude 1 --why "a disk was failing" >/dev/null 2>>"$T/err"
check "control: a plain title and reason are stored ($(head -c 200 "$T/err"))" \
	sh -c '[ "$1" = "$(($2 + 1))" ] && [ "$3" = 1 ]' _ "$(ncmp)" "$before" "$(nexc)"
