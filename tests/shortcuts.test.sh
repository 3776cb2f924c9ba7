# shortcuts.test.sh: the render shortcuts bench/ measures must never
# serve a stale site.  A render with nothing changed touches nothing; any
# change to the store (a new run, an exclusion, a comparison), a file
# deleted from the published site or another --gzip redoes the work; a
# chart that two pages show is drawn once; every PNG is indexed when the
# chart keeps to 256 colours.
. "$TOP/tests/lib.sh"
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$TOP/tests/lsan.supp:print_suppressions=0}

listing() {
	(cd "$1" && find . -type f -print | LC_ALL=C sort | while IFS= read -r p; do
		echo "$p $(cksum < "$p") $(ls -i "$p" | cut -d' ' -f1)"
	done)
}

{
	echo "run,label,suite,test,metric,value,unit,better"
	for r in 1 2 3; do
		for t in a b c; do
			echo "r$r,fs$r,io,$t,rate,$((r * 100 + ${#t})),MB/s,higher"
		done
	done
} >"$T/a.csv"
printf 'run,label,suite,test,metric,value,unit,better\nr9,fs9,io,a,rate,900,MB/s,higher\n' >"$T/b.csv"

bs_quiet import "$T/a.csv"
check "first render" bs_quiet render --out "$T/site"
listing "$T/site" >"$T/l1"
check "a render with nothing changed succeeds" bs_quiet render --out "$T/site"
listing "$T/site" >"$T/l2"
check "a render with nothing changed touches no file (same bytes, same inodes)" \
	cmp -s "$T/l1" "$T/l2"
check "the marker records the store and the file count" \
	grep -q '^store [0-9a-f]\{64\}$' "$T/site/.benchsite-site"
n=$(grep -c '^chart ' "$T/site/.benchsite-site")
u=$(grep '^chart ' "$T/site/.benchsite-site" | cut -d' ' -f2 | sort -u | wc -l)
check "each chart is listed (and drawn) once though two pages show it" \
	[ "$n" -eq "$u" -a "$n" -gt 0 ]

f=$(cd "$T/site" && ls | grep -- '-thumb\.png$' | head -n 1)
rm -f "$T/site/$f" "$T/site/style.css"
check "render after files were deleted from the site" bs_quiet render --out "$T/site"
check "the deleted chart and stylesheet are back" \
	test -s "$T/site/$f" -a -s "$T/site/style.css"

bs_quiet import "$T/b.csv"
check "render after a new run" bs_quiet render --out "$T/site"
check "the new run is on the site" grep -rqs fs9 "$T/site"

bs_quiet exclude 1 --why "bad disk"
check "render after an exclusion" bs_quiet render --out "$T/site"
check "the exclusion is on the site" grep -rqs "bad disk" "$T/site"

listing "$T/site" >"$T/l3"
check "render --gzip after a plain render" bs_quiet render --gzip --out "$T/site"
check "--gzip writes the .gz files" sh -c "ls '$T/site' | grep -q '\\.gz\$'"

bad=0
for p in "$T"/site/*.png; do
	# byte 25 of a PNG is the colour type: 3 = indexed
	t=$(od -An -tu1 -j25 -N1 "$p" | tr -d ' ')
	[ "$t" = 3 ] || bad=$((bad + 1))
done
check "every chart PNG is indexed (colour type 3)" [ "$bad" -eq 0 ]
