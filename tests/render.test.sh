# render.test.sh: `benchsite render` with hostile data and hostile --out
# values.  Labels (and suite, test, metric and unit names) that look like
# markup, URLs or paths must come out as inert text in a flat, relative
# site that never writes outside --out; an existing folder benchsite did not
# make is never touched; a failed render leaves the old site as it was; the
# output is reproducible; every chart is the PNG its <img> tag says; and,
# when chromium is installed, a real browser shows the labels as text.
. "$TOP/tests/lib.sh"
need sqlite3

# run alone (not through run.sh), a sanitizer build needs run.sh's settings:
# fontconfig's process-long cache is listed in tests/lsan.supp
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$TOP/tests/lsan.supp:print_suppressions=0}

# --- helpers ---------------------------------------------------------------

# listing DIR: every path under DIR with its type and, for files, cksum;
# what "untouched" compares.
listing() {
	(cd "$1" && find . -print | LC_ALL=C sort | while IFS= read -r p; do
		if [ -L "$p" ]; then echo "L $p -> $(readlink "$p")"
		elif [ -d "$p" ]; then echo "D $p"
		else echo "F $p $(cksum < "$p")"
		fi
	done)
}

# outside: every path under $T except the site $1, the store files and the
# test's own scratch folder $S.
S=$T/scratch
mkdir -p "$S"
outside() {
	find "$T" \( -path "$1" -o -path "$S" \) -prune -o -print | LC_ALL=C sort |
		grep -v -e "^$T/db\$" -e "^$T/db-wal\$" -e "^$T/db-shm\$" \
			-e "^$T/db-journal\$"
}

# bad_markup FILE...: prints what a page must not hold, from its raw bytes:
# a <script>, <b>, <i> or <u> element, or a javascript: URL in an attribute
# that a browser follows or runs (href, src, action, on*); as plain text in
# alt or title it is inert.
bad_markup() {
	grep -n -i -E '<(script|b|i|u)([[:space:]/>]|$)|<[^>]*(href|src|action|on[a-z]+)="[[:space:]]*javascript:' "$@"
}

# bad_urls FILE...: prints every href or src value that is not a plain
# relative name in the same folder (no ':', '/', '..', not empty).  Tags are
# cut out first: libxml escapes '>' in text and '"' in attribute values, so
# what is found is a real attribute.
bad_urls() {
	for f in "$@"; do
		grep -o '<[^>]*>' "$f" |
			grep -o -E '[[:space:]](href|src)="[^"]*"' |
			sed 's/^[[:space:]]*//' |
			grep -E '="[^"]*(:|/|\.\.)[^"]*"$|=""$' |
			sed "s|^|$(basename "$f"): |"
	done
}

# urls FILE...: every href and src value (to show the check is not vacuous)
urls() {
	cat "$@" | grep -o '<[^>]*>' |
		grep -o -E '[[:space:]](href|src)="[^"]*"' | sed 's/.*="//; s/"$//'
}

# png_size FILE: "WIDTH HEIGHT" from the IHDR, or nothing when FILE does not
# start with the PNG signature and an IHDR chunk.
png_size() {
	sig=$(od -An -tx1 -N16 "$1" 2>/dev/null | tr -d ' \n')
	[ "$sig" = 89504e470d0a1a0a0000000d49484452 ] || return 1
	od -An -tu1 -j16 -N8 "$1" | tr -s ' \n' '  ' | awk '{
		printf "%d %d\n", (($1 * 256 + $2) * 256 + $3) * 256 + $4,
				  (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}

have_xmllint=no
command -v xmllint >/dev/null 2>&1 && have_xmllint=yes

# xtext FILE XPATH: the string value of XPATH in FILE parsed as HTML
xtext() { xmllint --html --xpath "string($2)" "$1" 2>/dev/null; }

# row_labels FILE: the text of each row head of the results table, a line each
row_labels() {
	n=$(xtext "$1" 'count(//tbody/tr)')
	i=1
	while [ "$i" -le "${n:-0}" ]; do
		printf '%s\n' "$(xtext "$1" "//tbody/tr[$i]/th")"
		i=$((i + 1))
	done
}

# html_errors FILE: what the HTML parser and the XML parser object to.
# libxml2 before 2.14 does not know the HTML5 elements (header, main,
# figure, ...) and says "Tag X invalid" for them: only that is forgiven.
html_errors() {
	xmllint --html --noout "$1" 2>&1 |
		grep -E 'error|warning' | grep -v -E 'Tag [a-z]+ invalid'
	# the pages are serialised as XHTML: they must also be well-formed XML
	xmllint --noout "$1" 2>&1 | grep -E 'error|warning'
}

# --- 1. hostile labels -----------------------------------------------------

L300=$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "%c", 97 + i % 26 }')
LABELS="<script>alert(1)</script>
\"quoted' & <b>bold</b>
../../../tmp/escape
javascript:alert(1)
日本語 ü
$L300"
# the results table lists them in natural order (no digits in them: byte
# order)
LABELS_ORDER=$(printf '%s\n' "$LABELS" | LC_ALL=C sort)
{
	echo 'run,label,suite,test,metric,value,unit,better,status'
	echo '1,<script>alert(1)</script>,hostile,write,speed,10,MB/s,higher,ok'
	echo '2,"""quoted'"'"' & <b>bold</b>",hostile,write,speed,20,MB/s,higher,ok'
	echo '3,../../../tmp/escape,hostile,write,speed,30,MB/s,higher,ok'
	echo '4,javascript:alert(1),hostile,write,speed,40,MB/s,higher,ok'
	echo '5,日本語 ü,hostile,write,speed,50,MB/s,higher,ok'
	echo "6,$L300,hostile,write,speed,60,MB/s,higher,ok"
	# the names that go into file names, hrefs and srcs are hostile too
	echo '7,<script>alert(2)</script>,../../evil/<i>s</i>,javascript:t(),a/../b,5,"u""/<u>",lower,ok'
	echo '8,../../../tmp/escape,../../evil/<i>s</i>,javascript:t(),a/../b,7,"u""/<u>",lower,ok'
} > "$T/hostile.csv"

if bs import "$T/hostile.csv" >/dev/null 2>"$T/err" &&
   [ "$(bs export | tail -n +2 | wc -l)" -eq 8 ]; then
	ok "hostile long CSV table imports (8 results)"
else
	notok "hostile long CSV table imports ($(cat "$T/err"))"
fi

# Render from deep inside $T, so that a label taken as a relative path
# (../../../tmp/escape) would land inside $T, where the listing sees it.
mkdir -p "$T/out" "$T/w/x/y/z"
outside "$T/out/site" > "$S/before"
tmp_escape_before=no
[ -e /tmp/escape ] && tmp_escape_before=yes
(cd "$T/w/x/y/z" && bs render --out "$T/out/site") >"$S/msg" 2>&1
rc=$?
outside "$T/out/site" > "$S/after"
if [ "$rc" -eq 0 ]; then
	ok "render of hostile labels succeeds"
else
	notok "render of hostile labels succeeds ($(cat "$S/msg"))"
fi
SITE=$T/out/site
set -- "$SITE"/comparison-*.html
if [ -f "$SITE/index.html" ] && [ $# -eq 2 ] && [ -f "$SITE/run-8.html" ]; then
	ok "the site has index.html, one comparison page per suite and a page per run"
else
	notok "the site has index.html, one comparison page per suite and a page per run ($*)"
fi
PAGES=$(echo "$SITE"/*.html)
CMP=$(grep -l 'alert(1)' "$SITE"/comparison-*.html 2>/dev/null | head -1)
[ -n "$CMP" ] || CMP=$SITE/missing.html

# negative control: the markup check finds a live <script> and <b>
printf '<p>x</p>\n<script>alert(1)</script>\n<p><b>x</b></p>\n' > "$T/neg.html"
if [ "$(bad_markup "$T/neg.html" | wc -l)" -eq 2 ]; then
	ok "control: the markup check catches <script> and <b>"
else
	notok "control: the markup check catches <script> and <b>"
fi
found=$(bad_markup $PAGES)
if [ -z "$found" ] && [ -n "$PAGES" ]; then
	ok "no <script>, <b>, <i>, <u> element and no javascript: in any tag"
else
	notok "no <script>, <b>, <i>, <u> element and no javascript: in any tag"
	echo "$found" | head -5 | sed 's/^/# /'
fi
missing=""
for want in '&lt;script&gt;alert(1)&lt;/script&gt;' \
	    "\"quoted' &amp; &lt;b&gt;bold&lt;/b&gt;" \
	    '&lt;script&gt;alert(2)&lt;/script&gt;' \
	    '../../evil/&lt;i&gt;s&lt;/i&gt;' \
	    'u"/&lt;u&gt;' 'javascript:t()'; do
	grep -q -F -- "$want" $PAGES || missing="$missing [$want]"
done
if [ -z "$missing" ]; then
	ok "the hostile names are in the pages, escaped as text"
else
	notok "the hostile names are in the pages, escaped as text; missing:$missing"
fi

# negative control: the url check rejects what it must
printf '<a href="x.html">a</a><a href="../x">b</a><img src="javascript:1"/>\n<a href="">c</a><link href="/etc/passwd"/><a href="sub/x.html">d</a>\n' \
	> "$T/neg-url.html"
if [ "$(bad_urls "$T/neg-url.html" | wc -l)" -eq 5 ]; then
	ok "control: the href/src check catches :, /, .. and empty values"
else
	notok "control: the href/src check catches :, /, .. and empty values"
fi
found=$(bad_urls $PAGES)
n=$(urls $PAGES | wc -l)
if [ -z "$found" ] && [ "$n" -ge 8 ]; then
	ok "all $n href/src values are plain names in the site folder"
else
	notok "all href/src values are plain names in the site folder ($n found)"
	echo "$found" | head -5 | sed 's/^/# /'
fi
missing=""
for u in $(urls $PAGES | sort -u); do
	[ -f "$SITE/$u" ] || missing="$missing $u"
done
if [ -z "$missing" ]; then
	ok "every href/src names a file of the site"
else
	notok "every href/src names a file of the site; missing:$missing"
fi

# negative control: the listing sees a file written beside the site
: > "$T/out/stray"
outside "$T/out/site" > "$S/after-stray"
rm -f "$T/out/stray"
if ! cmp -s "$S/after" "$S/after-stray" &&
   grep -q -x "$T/out/stray" "$S/after-stray"; then
	ok "control: the listing sees a file written outside the site"
else
	notok "control: the listing sees a file written outside the site"
fi
if [ -s "$S/before" ] && cmp -s "$S/before" "$S/after"; then
	ok "render created nothing outside --out (not even a staging folder)"
else
	notok "render created nothing outside --out"
	diff "$S/before" "$S/after" | head -5 | sed 's/^/# /'
fi
if [ "$tmp_escape_before" = no ] && [ -e /tmp/escape ]; then
	notok "no /tmp/escape appeared"
else
	ok "no /tmp/escape appeared"
fi
found=$(find "$T" /tmp/escape "$T/w/tmp" \( -name '*script*' -o -name '*alert*' \
	-o -name '*escape*' -o -name '*quoted*' -o -name '*bold*' \
	-o -name '*日本語*' -o -name '*abcdefghijklmnopqrstuvwxyz*' \
	-o -name '*evil*' \) -print 2>/dev/null |
	grep -v -e '/comparison-evil-' -e '/chart-evil-' -e '/test-evil-' -e '/data-evil-')
# slugged names (comparison-evil-...) are ours and are plain; nothing else
if [ -z "$found" ] && [ -n "$(find "$SITE" -name 'comparison-evil-*')" ]; then
	ok "no file is named after raw label or suite text"
else
	notok "no file is named after raw label or suite text"
	echo "$found" | head -5 | sed 's/^/# /'
fi
found=$(find "$SITE" -mindepth 1 \( ! -type f -o -name '*[!A-Za-z0-9.-]*' \) -print)
if [ -z "$found" ]; then
	ok "the site is flat and its file names are [A-Za-z0-9.-] only"
else
	notok "the site is flat and its file names are [A-Za-z0-9.-] only"
	echo "$found" | head -5 | sed 's/^/# /'
fi

if [ "$have_xmllint" = yes ]; then
	# negative control: a page with a stray end tag is not well-formed
	printf '<!DOCTYPE html>\n<html><body><p>a</b></p><div></body></html>\n' \
		> "$T/neg-bad.html"
	if [ -n "$(html_errors "$T/neg-bad.html")" ]; then
		ok "control: the parser check rejects a malformed page"
	else
		notok "control: the parser check rejects a malformed page"
	fi
	errs=""
	for f in $PAGES; do
		e=$(html_errors "$f")
		[ -z "$e" ] || errs="$errs$(basename "$f"): $e
"
	done
	if [ -z "$errs" ]; then
		ok "every page parses cleanly as HTML and as XML (xmllint)"
	else
		notok "every page parses cleanly as HTML and as XML (xmllint)"
		printf '%s' "$errs" | head -5 | sed 's/^/# /'
	fi
	got=$(xtext "$CMP" '//th[contains(., "script")]')
	if [ "$got" = '<script>alert(1)</script>' ]; then
		ok "xmllint reads the <script> label back as text"
	else
		notok "xmllint reads the <script> label back as text (got '$got')"
	fi
	row_labels "$CMP" > "$T/rows"
	if printf '%s\n' "$LABELS_ORDER" | cmp -s - "$T/rows"; then
		ok "the results table heads are exactly the 6 labels, as text"
	else
		notok "the results table heads are exactly the 6 labels, as text"
		printf '%s\n' "$LABELS" | diff - "$T/rows" | head -6 | sed 's/^/# /'
	fi
	n=$(for f in $PAGES; do
		xmllint --html --xpath 'count(//script | //b | //i | //u | //iframe | //object | //embed)' "$f" 2>/dev/null
		echo; done | awk '{ s += $1 } END { print s + 0 }')
	if [ "$n" -eq 0 ]; then
		ok "parsed, the pages hold no script, b, i, u, iframe, object or embed"
	else
		notok "parsed, the pages hold $n script/b/i/u/iframe/object/embed elements"
	fi
	got=$(xtext "$SITE/index.html" '//ul[@class="comparisons"]//a[contains(., "evil")]')
	if [ "$got" = '../../evil/<i>s</i>, by label' ]; then
		ok "the index links the hostile suite with its name as text"
	else
		notok "the index links the hostile suite with its name as text (got '$got')"
	fi
else
	skip "pages parse cleanly (xmllint)" "xmllint not installed (libxml2-utils)"
	skip "labels read back as text (xmllint)" "xmllint not installed (libxml2-utils)"
fi

# --- 5. charts ---------------------------------------------------------------

nimg=0 bad=""
for f in $PAGES; do
	grep -o '<img [^>]*>' "$f" > "$T/imgs"
	while IFS= read -r tag; do
		nimg=$((nimg + 1))
		src=$(printf '%s' "$tag" | sed -n 's/.* src="\([^"]*\)".*/\1/p')
		w=$(printf '%s' "$tag" | sed -n 's/.* width="\([^"]*\)".*/\1/p')
		h=$(printf '%s' "$tag" | sed -n 's/.* height="\([^"]*\)".*/\1/p')
		size=$(png_size "$SITE/$src")
		if [ -z "$src" ] || [ -z "$w" ] || [ -z "$h" ]; then
			bad="$bad [$(basename "$f"): img without src, width or height]"
		elif [ ! -f "$SITE/$src" ]; then
			bad="$bad [$src: missing]"
		elif [ -z "$size" ]; then
			bad="$bad [$src: not a PNG]"
		elif [ "$size" != "$w $h" ]; then
			bad="$bad [$src: is $size, <img> says $w $h]"
		fi
	done < "$T/imgs"
done
if [ -z "$bad" ] && [ "$nimg" -ge 2 ]; then
	ok "each of the $nimg charts exists, is a PNG and has the size its <img> says"
else
	notok "charts exist, are PNGs and have their <img> size ($nimg img):$bad"
fi
# negative control: png_size refuses a non-PNG and reads a known size
printf 'not a png at all, not at all' > "$T/neg.png"
printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\000\003\300\000\000\000\366' > "$T/hdr.png"
if ! png_size "$T/neg.png" >/dev/null && [ "$(png_size "$T/hdr.png")" = "960 246" ]; then
	ok "control: the IHDR reader rejects a non-PNG and reads 960x246"
else
	notok "control: the IHDR reader rejects a non-PNG and reads 960x246"
fi
orphans=""
for p in "$SITE"/*.png; do
	[ -f "$p" ] || continue
	grep -q -F "src=\"$(basename "$p")\"" $PAGES || orphans="$orphans $(basename "$p")"
done
if [ -z "$orphans" ] && [ -n "$(find "$SITE" -name '*.png')" ]; then
	ok "every PNG of the site is shown by a page"
else
	notok "every PNG of the site is shown by a page; orphans:$orphans"
fi

# --- 4. reproducible -------------------------------------------------------

mkdir -p "$T/repro/other"
bs render --out "$T/repro/r1" >/dev/null 2>&1
sleep 1		# a timestamp in the output would show
(cd "$T/repro/other" && bs render --out r2 >/dev/null 2>&1)
if [ -f "$T/repro/r1/index.html" ] && [ -f "$T/repro/other/r2/index.html" ] &&
   same_tree "$T/repro/r1" "$T/repro/other/r2" > "$T/msg"; then
	ok "two renders of one store, at other times and paths, are byte-identical"
else
	notok "two renders of one store are byte-identical ($(head -3 "$T/msg"))"
fi
# negative control: same_tree sees one changed byte
same_tree_control "$T/repro/r1" "$T/repro/r3" style.css

# --- 2. --out safety -------------------------------------------------------

F=$T/foreign
mkdir -p "$F/sub"
echo "my notes" > "$F/notes.txt"
echo "nested" > "$F/sub/deep.txt"
echo "<html>mine</html>" > "$F/index.html"
listing "$F" > "$T/foreign.before"
bs render --out "$F" >"$T/out.txt" 2>"$T/err.txt"
rc=$?
if [ "$rc" -eq 1 ] && grep -q -F "$F" "$T/err.txt"; then
	ok "--out at a non-empty folder without the marker: exit 1, error names it"
else
	notok "--out at a foreign folder: exit 1 and error naming it (rc=$rc: $(cat "$T/err.txt"))"
fi
listing "$F" > "$T/foreign.after"
if cmp -s "$T/foreign.before" "$T/foreign.after" &&
   [ ! -e "$T/.foreign.benchsite-new" ]; then
	ok "the foreign folder is untouched and no staging folder is left"
else
	notok "the foreign folder is untouched and no staging folder is left"
	diff "$T/foreign.before" "$T/foreign.after" | head -5 | sed 's/^/# /'
fi
# with a trailing slash too
bs render --out "$F/" >/dev/null 2>&1
rc=$?
listing "$F" > "$T/foreign.after"
if [ "$rc" -eq 1 ] && cmp -s "$T/foreign.before" "$T/foreign.after"; then
	ok "--out FOREIGN/ (trailing slash) is refused too, folder untouched"
else
	notok "--out FOREIGN/ (trailing slash) is refused too (rc=$rc)"
fi

# /, . and .. from a folder full of files
P=$T/play
mkdir -p "$P/cwd/inner"
echo a > "$P/a.txt"
echo b > "$P/cwd/b.txt"
echo c > "$P/cwd/inner/c.txt"
# (the store is $T/db, outside $P: a render that got through would write
# into $P, and every path it could touch is in $P or /)
listing "$P" > "$S/p.before"
ls -A / > "$S/root.before"
for o in / . .. ./ ../ inner/.. //; do
	(cd "$P/cwd" && bs render --out "$o") >/dev/null 2>"$S/err.txt"
	rc=$?
	listing "$P" > "$S/p.after"
	ls -A / > "$S/root.after"
	if [ "$rc" -ne 0 ] && [ -s "$S/p.before" ] &&
	   cmp -s "$S/p.before" "$S/p.after" &&
	   cmp -s "$S/root.before" "$S/root.after"; then
		ok "--out '$o' exits non-zero ($rc) and changes nothing"
	else
		notok "--out '$o' exits non-zero and changes nothing (rc=$rc: $(cat "$S/err.txt"))"
		diff "$S/p.before" "$S/p.after" | head -5 | sed 's/^/# /'
	fi
done

# an existing empty folder may be used
mkdir "$T/empty"
if bs render --out "$T/empty" >/dev/null 2>&1 && [ -f "$T/empty/.benchsite-site" ]; then
	ok "an existing empty folder becomes the site"
else
	notok "an existing empty folder becomes the site"
fi

# rendering again replaces the site; a file the user put in it may go
S2=$T/again/site
mkdir -p "$T/again"
bs render --out "$S2" >/dev/null 2>&1
listing "$S2" > "$T/again.first"
echo "user file" > "$S2/user-added.txt"
if bs render --out "$S2" >/dev/null 2>"$T/err.txt" && listing "$S2" > "$T/again.second" &&
   cmp -s "$T/again.first" "$T/again.second" &&
   [ "$(ls -A "$T/again")" = site ]; then
	ok "a second render into the same folder succeeds and gives the same whole site"
else
	notok "a second render into the same folder succeeds and gives the same whole site ($(cat "$T/err.txt"))"
fi

# a folder the user made inside the site: render must either refuse with
# nothing changed, or succeed; never fail half way and block later renders
mkdir -p "$S2/userdir"
echo keep > "$S2/userdir/keep.txt"
listing "$S2" > "$T/sub.before"
bs render --out "$S2" >/dev/null 2>"$T/err.txt"
rc=$?
listing "$S2" > "$T/sub.after"
if [ "$rc" -eq 0 ] || cmp -s "$T/sub.before" "$T/sub.after"; then
	ok "a subfolder in the site: render succeeds or fails with the site unchanged"
else
	notok "a subfolder in the site: render failed (rc=$rc) yet changed the site ($(cat "$T/err.txt"))"
	diff "$T/sub.before" "$T/sub.after" | head -4 | sed 's/^/# /'
fi
if [ ! -e "$T/again/.site.benchsite-new" ]; then
	ok "a subfolder in the site: no staging folder is left behind"
else
	notok "a subfolder in the site: staging folder left behind: $(ls -A "$T/again/.site.benchsite-new" | tr '\n' ' ')"
fi
rm -rf "$S2/userdir"
if bs render --out "$S2" >/dev/null 2>"$T/err.txt" && [ -f "$S2/.benchsite-site" ]; then
	ok "a subfolder in the site: a later render works (nothing blocks it)"
else
	notok "a subfolder in the site: a later render works (nothing blocks it) ($(cat "$T/err.txt"))"
fi
rm -rf "$T/again/.site.benchsite-new"

# a symlink where the staging folder goes must not lead render elsewhere
V=$T/victim
mkdir -p "$V" "$T/sl"
echo precious > "$V/keep.txt"
echo more > "$V/more.html"
listing "$V" > "$T/victim.before"
ln -s "$V" "$T/sl/.site.benchsite-new"
bs render --out "$T/sl/site" >/dev/null 2>"$T/err.txt"
listing "$V" > "$T/victim.after"
if cmp -s "$T/victim.before" "$T/victim.after"; then
	ok "a symlink at the staging path: the folder it points to is untouched"
else
	notok "a symlink at the staging path: render deleted files in the folder it points to ($(cat "$T/err.txt"))"
	diff "$T/victim.before" "$T/victim.after" | head -4 | sed 's/^/# /'
fi

# --- 3. a failed render leaves the old site -----------------------------------

K=$T/keep
mkdir -p "$K"
bs render --out "$K/site" >/dev/null 2>&1
listing "$K/site" > "$T/keep.before"
printf 'this is not a SQLite database\n%s\n' "$(seq 1 200)" > "$T/notadb"
cksum < "$T/notadb" > "$T/notadb.sum"
"$BIN" --db "$T/notadb" render --out "$K/site" >/dev/null 2>"$T/err.txt"
rc=$?
listing "$K/site" > "$T/keep.after"
if [ "$rc" -ne 0 ] && [ -s "$T/err.txt" ]; then
	ok "render from a file that is not a store fails with a message (rc=$rc)"
else
	notok "render from a file that is not a store fails with a message (rc=$rc)"
fi
if [ -s "$T/keep.before" ] && grep -q index.html "$T/keep.before" &&
   cmp -s "$T/keep.before" "$T/keep.after"; then
	ok "after the failed render the old site is byte-identical"
else
	notok "after the failed render the old site is byte-identical"
	diff "$T/keep.before" "$T/keep.after" | head -4 | sed 's/^/# /'
fi
if [ "$(ls -A "$K")" = site ]; then
	ok "the failed render left no staging folder (.site.benchsite-new)"
else
	notok "the failed render left something beside the site: $(ls -A "$K" | tr '\n' ' ')"
fi
if cksum < "$T/notadb" | cmp -s - "$T/notadb.sum"; then
	ok "the file that is not a store was not written to"
else
	notok "the file that is not a store was not written to"
fi
# negative control: the listing comparison sees a changed site
bs render --out "$K/site" >/dev/null 2>&1
echo x > "$K/site/extra.txt"
listing "$K/site" > "$T/keep.changed"
if ! cmp -s "$T/keep.before" "$T/keep.changed"; then
	ok "control: the site comparison sees an added file"
else
	notok "control: the site comparison sees an added file"
fi

# --- 6. a real browser ---------------------------------------------------------

if [ ! -x /usr/bin/chromium ]; then
	# apt may be installing it right now: wait a few minutes for it
	waited=0
	while [ "$waited" -lt 240 ] && pgrep apt >/dev/null 2>&1; do
		sleep 5
		waited=$((waited + 5))
	done
fi
if [ -x /usr/bin/chromium ]; then
	mkdir -p "$T/home"
	chrome() {
		HOME=$T/home XDG_CONFIG_HOME=$T/home XDG_CACHE_HOME=$T/home \
		timeout 90 /usr/bin/chromium --headless --no-sandbox --disable-gpu \
			--user-data-dir="$T/home/profile" "$@" 2>/dev/null
	}
	printf '<!DOCTYPE html>\n<html><head><title>x</title></head><body></body></html>\n' \
		> "$T/blank.html"
	chrome --screenshot="$T/blank.png" --window-size=1200,900 \
		"file://$T/blank.html" >/dev/null
	blank=$(wc -c < "$T/blank.png" 2>/dev/null || echo 0)
	for page in "$SITE/index.html" "$CMP"; do
		name=$(basename "$page")
		rm -f "$T/shot.png"
		chrome --screenshot="$T/shot.png" --window-size=1200,900 \
			"file://$page" >/dev/null
		size=$(png_size "$T/shot.png")
		bytes=$(wc -c < "$T/shot.png" 2>/dev/null || echo 0)
		# a blank page of the same size is the floor
		if [ "$size" = "1200 900" ] && [ "$bytes" -gt $((blank * 2)) ]; then
			ok "chromium screenshot of $name is a 1200x900 PNG with content ($bytes bytes, blank page $blank)"
		else
			notok "chromium screenshot of $name ($size, $bytes bytes, blank page $blank)"
		fi
	done
	chrome --dump-dom "file://$CMP" > "$T/dom.html"
	if [ -s "$T/dom.html" ] && ! grep -q -i '<script' "$T/dom.html" &&
	   ! grep -q -i -E '<(b|i|u)>' "$T/dom.html"; then
		ok "chromium's DOM of the comparison page has no script, b, i or u element"
	else
		notok "chromium's DOM of the comparison page has no script, b, i or u element"
	fi
	if grep -q -F '&lt;script&gt;alert(1)&lt;/script&gt;' "$T/dom.html" &&
	   grep -q -F "\"quoted' &amp; &lt;b&gt;bold&lt;/b&gt;" "$T/dom.html" &&
	   grep -q -F '日本語 ü' "$T/dom.html" && grep -q -F "$L300" "$T/dom.html"; then
		ok "chromium's DOM holds the labels as text"
	else
		notok "chromium's DOM holds the labels as text"
	fi
	if [ "$have_xmllint" = yes ]; then
		row_labels "$T/dom.html" > "$T/dom-rows"
		if printf '%s\n' "$LABELS_ORDER" | cmp -s - "$T/dom-rows"; then
			ok "chromium's DOM, parsed again, gives the 6 labels as the row heads"
		else
			notok "chromium's DOM, parsed again, gives the 6 labels as the row heads"
		fi
	fi
else
	skip "chromium renders the site and shows labels as text" "chromium not installed"
fi
