# hostile.test.sh: a hostile store renders to a safe site; names cannot
# steer files out of --out; a killed render never publishes half a site;
# the bytes do not depend on the locale or the time zone.
# tests/render.test.sh covers the first hostile labels and the href/src
# rules; this adds hostile payloads, path names, kills and locales.
# SOAK=1 (make soak) kills at more points.
. "$(dirname "$0")/lib.sh"
SOAK=${SOAK:-0}
export SOURCE_DATE_EPOCH=1700000000

# --- 1. payloads -----------------------------------------------------------

K64=$(awk 'BEGIN { for (i = 0; i < 65536; i++) printf "%c", 97 + i % 26 }')
LS=$(printf '\342\200\250')	# U+2028
# a right-to-left override (U+202E) is refused at import
# (tests/textrule.test.sh): the line separator stays
{
	echo 'run,label,suite,test,metric,value,unit,better,status'
	echo '1,<script>alert(1)</script>,hostile,t1,speed,10,MB/s,higher,ok'
	echo '2,"""><img src=x onerror=alert(2)>",hostile,"<svg onload=alert(3)>",speed,20,MB/s,higher,ok'
	echo '3,javascript:alert(4),hostile,t1,speed,30,MB/s,higher,ok'
	echo "4,--><script>alert(5)</script><!--,hostile,t1,speed,40,MB/s,higher,ok"
	echo "5,a${LS}bgnp.exe,hostile,t1,speed,50,MB/s,higher,ok"
	echo "6,$K64,hostile,$K64,speed,60,MB/s,higher,ok"
	echo '7,"<a href=""javascript:alert(6)"">x</a>",hostile,t1,speed,70,MB/s,higher,ok'
} > "$T/payload.csv"
bs import --set 'url=javascript:alert(7)' --set 'note="><img src=x onerror=alert(8)>' \
	"$T/payload.csv" >/dev/null 2>"$T/err"
check "the payload table imports ($(head -c 200 "$T/err"))" \
	[ "$(bs export | tail -n +2 | wc -l)" -eq 7 ]
printf 'bad\377label' > "$T/badlabel"
bs import --label "$(cat "$T/badlabel")" "$TOP/sample-data/bonnie-tmpfs.txt" \
	>/dev/null 2>"$T/err"
check "--label with invalid UTF-8 is refused (exit 2: $(cat "$T/err"))" \
	[ $? -eq 2 ]
bs import --set "k=$(cat "$T/badlabel")" "$TOP/sample-data/bonnie-tmpfs.txt" \
	>/dev/null 2>"$T/err"
check "--set with invalid UTF-8 is refused (exit 2: $(cat "$T/err"))" \
	[ $? -eq 2 ]
check "... and stored nothing" [ "$(bs export | tail -n +2 | wc -l)" -eq 7 ]

mkdir -p "$T/out"
bs render --out "$T/out/site" >/dev/null 2>"$T/err"
check "render of the payload store succeeds ($(head -c 200 "$T/err"))" \
	[ -f "$T/out/site/index.html" ]

# bad_markup FILE...: prints what breaks the promise in the pages: a
# <script> element, an on* attribute, an href/src that is neither relative
# nor http(s)
bad_markup() {
	for f in "$@"; do
		xmllint --xpath 'count(//*[local-name()="script"])' "$f" 2>/dev/null |
			grep -qx 0 || echo "$f: script"
		xmllint --xpath 'count(//@*[starts-with(translate(local-name(),
			"ON", "on"), "on")])' "$f" 2>/dev/null |
			grep -qx 0 || echo "$f: on* attribute"
		xmllint --xpath '//@href|//@src' "$f" 2>/dev/null |
			sed -n 's/^ *\(href\|src\)="\([^"]*\)"$/\2/p' |
			grep -E -i '^[[:space:]]*[a-z][a-z0-9+.-]*:' |
			grep -v -E -i '^https?:' | sed "s|^|$f: url |"
		# and, unparsed, no tag opening a script
		grep -q -i '<script' "$f" && echo "$f: <script text"
	done
}
if command -v xmllint >/dev/null; then
	# the control: a deliberately unescaped page fails every check
	printf '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>x</script><img src="x" onerror="y"/><a href="javascript:z">a</a></body></html>\n' > "$T/unsafe.html"
	n=$(bad_markup "$T/unsafe.html" | wc -l)
	check "control: the markup check catches an unescaped page ($n faults)" \
		[ "$n" -eq 4 ]
	bad_markup "$T/out/site"/*.html > "$T/bad"
	check "no page has <script>, an on* attribute or a non-http(s) URL ($(head -3 "$T/bad"))" \
		[ ! -s "$T/bad" ]
	n=$(cat "$T/out/site"/*.html | grep -c 'onerror=alert')
	check "the payloads are on the pages, as text ($n)" [ "$n" -gt 0 ]
else
	skip "hostile markup checks" "xmllint not installed (libxml2-utils)"
fi

# --- 2. path names ---------------------------------------------------------

L300=$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "x" }')
{
	echo 'run,label,suite,test,metric,value,unit,better,status'
	n=1
	for name in '../../x' '/abs' '..' '.' 'CON' 'con.txt' "$L300" \
		'%2e%2e%2f' '．．／etc' '..\\..\\x' 'a/../../b' '~root' '-rf'; do
		echo "$n,\"$name\",\"$name\",\"$name\",m,$n,s,lower,ok"
		n=$((n + 1))
	done
} > "$T/paths.csv"
rm -f "$T/db"*
bs import "$T/paths.csv" >/dev/null 2>"$T/err"
check "the path-name table imports ($(head -c 200 "$T/err"))" \
	[ "$(bs export | tail -n +2 | wc -l)" -eq 13 ]
mkdir -p "$T/pub" "$T/victim" "$T/w/a/b/c"
echo keep > "$T/victim/file"
ln -s "$T/victim" "$T/pub/link"
listing() { (cd "$T" && find . -path ./pub/site -prune -o -path ./before -prune \
	-o -path ./after -prune -o -path ./err -prune -o -print | sort); }
listing > "$T/before"
(cd "$T/w/a/b/c" && "$BIN" --db "$T/db" render --out "$T/pub/site") \
	>/dev/null 2>"$T/err"
rc=$?
listing > "$T/after"
check "render with traversal names ($rc: $(head -c 200 "$T/err"))" [ $rc = 0 ]
check "nothing created or removed outside --out" cmp -s "$T/before" "$T/after"
check "the symlink in the output's parent is untouched" \
	[ "$(readlink "$T/pub/link")" = "$T/victim" ]
# a symlink where the staging folder goes is not followed: the render
# refuses or replaces the link, and what it pointed at stays
ln -s "$T/victim" "$T/pub/.site.benchsite-new"
"$BIN" --db "$T/db" render --out "$T/pub/site" >/dev/null 2>"$T/err"
check "a symlink at the staging name: its target untouched ($(head -c 120 "$T/err"))" \
	[ "$(ls -A "$T/victim")" = file ] && [ "$(cat "$T/victim/file")" = keep ]
rm -f "$T/pub/.site.benchsite-new"
n=$(find "$T/pub/site" -mindepth 1 -type d | wc -l)
check "the site is flat (no folder inside)" [ "$n" -eq 0 ]
n=$(ls "$T/pub/site" | grep -c -v -E '^[A-Za-z0-9][A-Za-z0-9.-]*$')
check "every file name is [A-Za-z0-9.-], none starting with a dot ($n)" \
	[ "$n" -eq 0 ]
# each of the 13 runs has its page; no two names share one
n=$(ls "$T/pub/site" | grep -c '^run-')
check "13 runs, 13 run pages (no slug collision)" [ "$n" -eq 13 ]
# 10,000 random names: the slugs are distinct (unit slug mode)
"$UNIT" slugs 10000 > "$T/slugs" 2>&1
check "10,000 random names and the hostile ones give distinct safe slugs ($(tail -1 "$T/slugs"))" \
	awk '$1 == "slugs:" && $2 > 5000 && $2 == $4 && $6 == 0 { ok = 1 }
	     END { exit !ok }' "$T/slugs"

# --- 3. kill -9 during render ----------------------------------------------

rm -f "$T/db"*
bs import "$TOP/sample-data" >/dev/null 2>&1
bs render --out "$T/a" >/dev/null 2>&1
bs import "$TOP/tests/fixtures/sysbench" >/dev/null 2>&1
bs render --out "$T/b" >/dev/null 2>&1
sum() { (cd "$1" && find . -type f | sort | xargs md5sum) | md5sum; }
A=$(sum "$T/a") B=$(sum "$T/b")
check "control: the two builds differ" [ "$A" != "$B" ]
t0=$(date +%s%3N)
bs render --out "$T/time" >/dev/null 2>&1
span=$(( $(date +%s%3N) - t0 ))
iters=20
[ "$SOAK" = 1 ] && iters=100
bad=0 saw_a=0 saw_b=0
i=0
while [ $i -lt $iters ]; do
	rm -rf "$T/k" "$T/.k.benchsite-new"
	cp -a "$T/a" "$T/k"
	at=$(awk -v s="$span" -v r="$i" 'BEGIN { srand(r); printf "%.3f", rand() * s * 1.1 / 1000 }')
	# benchsite itself, not the bs function (a subshell: its kill would
	# leave the render running)
	"$BIN" --db "$T/db" render --out "$T/k" >/dev/null 2>&1 &
	pid=$!
	sleep "$at"
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	got=$(sum "$T/k")
	if [ "$got" = "$A" ]; then saw_a=$((saw_a + 1));
	elif [ "$got" = "$B" ]; then saw_b=$((saw_b + 1));
	else bad=$((bad + 1)); echo "# kill at ${at}s: the site is neither build"; fi
	bs render --out "$T/k" >/dev/null 2>&1
	if [ -e "$T/.k.benchsite-new" ] || [ "$(sum "$T/k")" != "$B" ]; then
		bad=$((bad + 1)); echo "# kill at ${at}s: the next render left staging or differs"
	fi
	i=$((i + 1))
done
check "kill -9 at $iters points during render: the site is always one whole build ($saw_a old, $saw_b new), the next render leaves no staging folder" \
	[ $bad = 0 ]
# no broken link in the whole build
missing=$(cd "$T/b" && for f in *.html; do
	xmllint --xpath '//@href|//@src' "$f" 2>/dev/null |
		sed -n 's/^ *\(href\|src\)="\([^"#]*\).*"$/\2/p'
done | grep -v -E '^https?:' | sort -u | while read -r u; do
	[ -z "$u" ] || [ -e "$u" ] || echo "$u"; done)
check "no broken link in the site ($missing)" [ -z "$missing" ]

# --- 4. locale and time zone -----------------------------------------------

rm -rf "$T/l1" "$T/l2" "$T/l3"
LC_ALL=C TZ=UTC bs render --out "$T/l1" >/dev/null 2>&1
if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
	LC_ALL=de_DE.UTF-8 TZ=UTC bs render --out "$T/l2" >/dev/null 2>&1
	check "the same bytes under LC_ALL=C and de_DE.UTF-8" diff -r "$T/l1" "$T/l2"
	LC_ALL=de_DE.UTF-8 bs export > "$T/de.tsv"
	LC_ALL=C bs export > "$T/c.tsv"
	check "the same export under LC_ALL=C and de_DE.UTF-8" cmp -s "$T/c.tsv" "$T/de.tsv"
else
	skip "the same bytes under LC_ALL=C and de_DE.UTF-8" "locale de_DE.UTF-8 not generated (locale-gen)"
fi
LC_ALL=C TZ=Pacific/Chatham bs render --out "$T/l3" >/dev/null 2>&1
check "the same bytes under TZ=UTC and Pacific/Chatham" diff -r "$T/l1" "$T/l3"
