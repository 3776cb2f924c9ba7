# repair.test.sh: a published file changed outside benchsite (edited by
# hand, cut short) is written again by the next render, never carried on
# into the new site, whether the store changed or not; a file left alone
# is still reused (the same inode: hard-linked, not rewritten).
. "$TOP/tests/lib.sh"

G=$TOP/sample-data
bs import "$G/bonnie-tmpfs.txt" "$G/bonnie-xfs-loop.txt" "$G"/raw/*-cpu.out >/dev/null 2>&1
bs render --out "$T/site" >/dev/null 2>&1
cp -R "$T/site" "$T/ref"
# the whole site, as names and contents
sitesum() { (cd "$1" && find . -type f ! -name .benchsite-site | sort | xargs sha256sum); }
# same A B: the two sites hold the same names with the same bytes
same() { sitesum "$1" > "$T/a.sum"; sitesum "$2" > "$T/b.sum"; cmp -s "$T/a.sum" "$T/b.sum"; }

# damage NAME...: each file of the site changed as a person or a full disk
# would (a chart cut short, a page edited, a raw output and the style sheet
# overwritten)
chart=$(cd "$T/site" && ls chart-*.png | head -1)
svg=$(cd "$T/site" && ls chart-*.svg | head -1)
page=$(cd "$T/site" && ls run-*.html | head -1)
src=$(cd "$T/site" && ls source-*.txt | head -1)
kept=$(cd "$T/site" && ls chart-*.png | tail -1)
damage() {
	sleep 0.02	# a later mtime than the site's, on any clock
	head -c 100 "$T/site/$chart" > "$T/cut" && cat "$T/cut" > "$T/site/$chart"
	echo '<p>edited</p>' >> "$T/site/$page"
	echo edited > "$T/site/$src"
	echo 'body{}' > "$T/site/style.css"
	echo '<svg/>' > "$T/site/$svg"
}
damage
ino=$(ls -i "$T/site/$kept" | cut -d' ' -f1)
bs render --out "$T/site" >/dev/null 2>"$T/err"
check "a render with nothing new in the store repairs a cut chart, an edited page, raw output, SVG and style sheet (exit $?)" \
	same "$T/site" "$T/ref"
diff "$T/a.sum" "$T/b.sum" | head -5 | sed 's/^/# /'
check "... and a chart left alone is still reused, not rewritten (inode $ino)" \
	test "$(ls -i "$T/site/$kept" | cut -d' ' -f1)" = "$ino"

# the same after an import that changes the site (the render reuses what
# did not change)
damage
bs import "$G/bonnie-ext4-disk.txt" >/dev/null 2>&1
bs render --out "$T/site" >/dev/null 2>&1
bs render --out "$T/ref2" >/dev/null 2>&1
check "a render after an import repairs them too (the site equals one rendered anew)" \
	same "$T/site" "$T/ref2"

# control: the damage is seen by the check (a site with it differs)
damage
! same "$T/site" "$T/ref2"
check "control: the damaged site differs from the reference ($(diff "$T/a.sum" "$T/b.sum" | grep -c '^<') files)" \
	test "$(diff "$T/a.sum" "$T/b.sum" | grep -c '^<')" -eq 5
