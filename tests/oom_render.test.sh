# oom_render.test.sh: allocation failure at each allocation of a render in
# turn (tests/oom.test.sh does import, merge and reparse).
# failmalloc.so (tests/failmalloc.c, preloaded) makes the Nth allocation
# after main starts return NULL, SQLite's, libxml2's and zlib's included
# (the text and drawing libraries are spared, see below).  For each N,
# `benchsite render` must exit 0 with the site an uninterrupted render
# makes, byte for byte, or exit 1 saying "out of memory" (or strerror's
# "Cannot allocate memory"; that line alone) with the published site
# (--out) exactly the build before (a hash of every name and every file's
# bytes); never crash, hang or print a sanitizer report or anything else
# (but the warning of a render that swapped its site in and could not
# remove the old one); the store unchanged; no staging folder or temporary
# file left after the next render that succeeds.
#
# The renders (with --gzip: each text file has its .gz twin): A is
# published (one bonnie++ run), then a sysbench run with samples (its
# source stored in two chunks), an exclusion and a user attribute come in,
# and the render of that store (B) builds the new comparison, test and run
# pages and draws their charts while linking A's unchanged units: about
# 11,000 allocations.  The short tier fails every 89th of that render
# (every 353rd under ASan, where a render costs ~4x more) starting at the
# 1st, and every 89th of the render that finds nothing changed (site B
# over B: it reads the store and the marker and stops) starting at the
# 45th, so the start they share (the store opened, the program's key, the
# layout probe) is failed at two offsets.  SOAK=1 fails every allocation
# of both, and of a small store's render into a new folder (without
# --gzip; every chart drawn, the site published by a rename), and every
# 7th of the first render on two drawing threads (`--jobs 2`: which
# allocation is the Nth varies from run to run, so that pass checks what
# it meets).
#
# The text and drawing libraries are spared (FAILMALLOC_SPARE: their own
# allocations are served and not counted): each fails in a way benchsite
# cannot mend or even see.  fontconfig 2.14.1 dereferences NULL in its
# configuration parser's XML handlers and in FcConfigSubstituteWithPat, and
# when expat's allocation fails it skips configuration silently (charts in
# another font).  cairo 1.16 crashes when its own allocation fails in
# cairo_stroke, and when pixman's fails while it draws text (it hands the
# NULL image on to pixman_image_set_component_alpha).  pixman 0.42's
# pixman_composite_glyphs returns nothing and drops the glyphs when its
# allocation fails: a chart without its text, and cairo cannot know.
# FreeType 2.12's auto-hinter loads a glyph unhinted when its allocation
# fails, and cairo caches that glyph: charts drawn with other pixels.  So
# what is failed here is benchsite's own code and what it calls for pages,
# the store and compression: libxml2, SQLite, zlib and the C library.
. "$(dirname "$0")/lib.sh"
need sqlite3
export SOURCE_DATE_EPOCH=1700000000
export FAILMALLOC_SPARE=libfontconfig:libexpat:libfreetype:libcairo:libpixman
failmalloc 89 353

G=$TOP/sample-data
# every temporary file of a render goes here, and must not stay
mkdir "$T/tmp"
export TMPDIR=$T/tmp

# sum DIR: every name under DIR and every file's bytes, hashed
sum() {
	(cd "$1" && find . -print | LC_ALL=C sort &&
		find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum) |
		sha256sum
}

# state DB: integrity_check and the full dump, hashed
state() {
	sqlite3 "$1" 'pragma integrity_check' .dump 2>&1 | sha256sum
}

# leftovers: what a render left beside the site or in TMPDIR (the sites
# live alone in $T/pub)
leftovers() {
	ls -A "$T/pub" | grep -v -x -e w -e old -e ref
	ls -A "$T/tmp"
}

# The stores and sites.
"$BIN" --db "$T/db" import "$G/bonnie-tmpfs.txt" >/dev/null
mkdir "$T/pub"
"$BIN" --db "$T/db" render --jobs 1 --gzip --out "$T/pub/old" >/dev/null
"$BIN" --db "$T/db" import --set host=alpha \
	"$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" >/dev/null
"$BIN" --db "$T/db" exclude 1 --why "cron ran" >/dev/null
# the sysbench source's zlib stream in two source_chunk rows, as a source
# past 1 MiB compressed is stored: its raw file is streamed from them
sqlite3 "$T/db" "insert into source_chunk (source_id, seq, data)
		select id, 1, substr(content, 1, 300) from source where id = 2;
	insert into source_chunk (source_id, seq, data)
		select id, 2, substr(content, 301) from source where id = 2;
	update source set content = x'' where id = 2"
cp "$T/db" "$T/db.orig"
A=$(sum "$T/pub/old")
cp -a "$T/pub/old" "$T/pub/ref"
"$BIN" --db "$T/db" render --jobs 1 --gzip --out "$T/pub/ref" >/dev/null
B=$(sum "$T/pub/ref")
rm -rf "$T/new"
"$BIN" --db "$T/db" render --jobs 1 --gzip --out "$T/new" >/dev/null
check "control: the two builds differ, and B over A is B rendered afresh" \
	[ "$A" != "$B" ] && [ "$(sum "$T/new")" = "$B" ]

# inject DESC FIRST STEP FROM [OPTIONS]: `benchsite --db $DB render
# --out W`, W starting as a copy of site FROM ("" for none), with its Nth
# allocation failing, N from FIRST (1 to STEP) in steps of STEP.  Exit 0:
# the site is $WANT (the sum of an uninterrupted render); exit 1: it is FROM
# (absent when FROM is ""), and the next render that succeeds leaves
# nothing behind.  The store $DB must stay $ORIG.
inject() {
	desc=$1 first=$2 step=$3 from=$4
	shift 4
	rm -rf "$T/pub/w" "$T/pub/.w.benchsite-new"
	[ -n "$from" ] && cp -a "$from" "$T/pub/w"
	FAILMALLOC_COUNT="$T/count" LD_PRELOAD="$SHIM" "$BIN" --db "$DB" \
		render --quiet --out "$T/pub/w" "$@" >/dev/null 2>"$T/err"
	rc=$?
	n=$(cat "$T/count" 2>/dev/null || echo 0)
	if [ $rc != 0 ] || [ "$(sum "$T/pub/w")" != "$WANT" ] || [ "$n" -lt 1000 ]; then
		notok "$desc: uninterrupted, exit $rc, the site expected, $n allocations counted ($(head -c 300 "$T/err"))"
		return
	fi
	store=$(state "$ORIG")
	was=none
	[ -n "$from" ] && was=$(sum "$from")
	bad=0 fails=0 oks=0 left=0
	i=$(( (first - 1) % step + 1 ))
	from_n=$i
	restore=1
	while [ $i -le "$n" ]; do
		if [ $restore = 1 ]; then
			rm -rf "$T/pub/w" "$T/pub/.w.benchsite-new"
			[ -n "$from" ] && cp -a "$from" "$T/pub/w"
			restore=0
		fi
		FAILMALLOC_AT=$i LD_PRELOAD="$SHIM" timeout 60 "$BIN" \
			--db "$DB" render --quiet --out "$T/pub/w" "$@" >/dev/null 2>"$T/err"
		rc=$?
		why=""
		if [ -e "$T/pub/w" ]; then got=$(sum "$T/pub/w"); else got=none; fi
		if grep -q -E 'Sanitizer|runtime error|LeakSanitizer' "$T/err"; then
			why="sanitizer report"
		elif [ $rc = 1 ]; then
			fails=$((fails + 1))
			if ! grep -q -i -x -E 'benchsite: .*(out of memory|cannot allocate memory)' "$T/err" ||
			   [ "$(wc -l < "$T/err")" != 1 ]; then
				why="exit 1 without saying out of memory (alone)"
			elif [ "$got" != "$was" ]; then
				why="exit 1 but the published site changed"
			fi
		elif [ $rc = 0 ]; then
			oks=$((oks + 1))
			# a warning only when the old site could not be
			# removed after the new one was swapped in
			if [ "$got" != "$WANT" ]; then
				why="exit 0 but the site differs from an uninterrupted render"
			elif [ -s "$T/err" ] && { [ "$(wc -l < "$T/err")" != 1 ] ||
			     ! grep -q -i -E '^benchsite: [^ ]*\.w\.benchsite-new[^ ]*: warning: .*(out of memory|cannot allocate memory)' "$T/err"; }; then
				why="exit 0 but said something"
			fi
			restore=1
		else
			why="exit $rc"
		fi
		if [ -z "$why" ] && ! cmp -s "$DB" "$ORIG" &&
		   [ "$(state "$DB")" != "$store" ]; then
			why="the store changed"
		fi
		# what a render left (a failed one, or one that could not
		# remove the old site) must go with the next one that succeeds
		if [ -z "$why" ] && [ -n "$(leftovers)" ]; then
			left=$((left + 1))
			"$BIN" --db "$DB" render --quiet --out "$T/pub/w" "$@" >/dev/null 2>&1
			[ -z "$(leftovers)" ] && [ "$(sum "$T/pub/w")" = "$WANT" ] ||
				why="left $(leftovers | head -3 | tr '\n' ' ')and the next render did not take it away"
			restore=1
		fi
		if [ -n "$why" ]; then
			bad=$((bad + 1))
			[ $bad -le 5 ] && echo "# $desc: allocation $i: $why: $(head -c 300 "$T/err" | tr '\n' '|')"
			rm -rf "$T/tmp"/* "$T/pub/.w.benchsite-new"
			cp "$ORIG" "$DB"
			rm -f "$DB-wal" "$DB-shm"
			restore=1
		fi
		i=$((i + step))
	done
	check "$desc: $n allocations, every $step from number $from_n failed in turn: $fails clean exit 1 saying out of memory, $oks the same site ($left of all leaving files the next render took away), $bad wrong" \
		[ $bad = 0 ]
}

DB=$T/db ORIG=$T/db.orig WANT=$B
inject "render of a new run over the site before" 1 "$STEP" "$T/pub/old" \
	--jobs 1 --gzip
inject "render that finds nothing changed" 45 "$STEP" "$T/pub/ref" \
	--jobs 1 --gzip
# The store's fingerprint allocates each run's suite name: failing that
# is out of memory (exit 1, the site as it was), never taken for a store
# it cannot key, which render would answer with exit 0 and a marker that
# reuses nothing next time.  Render tells the two by the fingerprint's
# return value, not its message (tests/incremental.test.sh has the store
# it cannot key).  In a store of 1,000 runs those allocations are about
# 1,000 of the 2,598 of a render that finds nothing changed, so every 89th
# (every 353rd, the ASan step) meets some of them.
awk 'BEGIN { print "run,label,suite,test,metric,value,unit,better,status"
	for (i = 1; i <= 1000; i++)
		printf "%d,host%d,s%d,t,rate,%d,MB/s,higher,ok\n", i, i, i % 50, 100 + i }' \
	> "$T/many.csv"
"$BIN" --db "$T/many.db" import "$T/many.csv" >/dev/null
cp "$T/many.db" "$T/many.orig"
"$BIN" --db "$T/many.db" render --jobs 1 --out "$T/many" >/dev/null
DB=$T/many.db ORIG=$T/many.orig WANT=$(sum "$T/many")
inject "render that finds nothing changed in a store of 1,000 runs" 1 \
	"$STEP" "$T/many" --jobs 1
DB=$T/db ORIG=$T/db.orig WANT=$B
if [ "$SOAK" = 1 ]; then
	# into a new folder: a store of two runs and one test (every chart
	# drawn, the site published by a rename, not an exchange)
	printf '%s\n' 'run,label,suite,test,metric,value,unit,better,status' \
		'1,ext4,disk,seq-read,rate,512.5,MB/s,higher,ok' \
		'2,xfs,disk,seq-read,rate,498,MB/s,higher,ok' > "$T/small.csv"
	"$BIN" --db "$T/small.db" import "$T/small.csv" >/dev/null
	cp "$T/small.db" "$T/small.orig"
	"$BIN" --db "$T/small.db" render --jobs 1 --out "$T/small" >/dev/null
	DB=$T/small.db ORIG=$T/small.orig WANT=$(sum "$T/small")
	inject "render of a small store into a new folder" 1 1 "" --jobs 1
	# on two drawing threads the Nth allocation is not the same one from
	# run to run: every 7th is enough to meet each kind
	DB=$T/db ORIG=$T/db.orig WANT=$B
	inject "render over the site before on two drawing threads" 1 7 \
		"$T/pub/old" --jobs 2 --gzip
else
	skip "a render into a new folder and on two threads under allocation failure" "long tier (make soak)"
fi

# the controls: the checks see a changed site, a leftover and a changed
# store; the shim reaches render
cp -a "$T/pub/ref" "$T/ctl"
printf x >> "$T/ctl/index.html"
check "control: one byte more in one page changes the site's hash" \
	[ "$(sum "$T/ctl")" != "$B" ]
mkdir "$T/pub/.w.benchsite-new"
check "control: a staging folder left beside the site is seen" \
	[ "$(leftovers)" = .w.benchsite-new ]
rmdir "$T/pub/.w.benchsite-new"
cp "$T/db.orig" "$T/ctl.db"
sqlite3 "$T/ctl.db" "update run set label = 'x' where id = 1"
check "control: a changed label changes the store's state" \
	[ "$(state "$T/ctl.db")" != "$(state "$T/db.orig")" ]
rm -rf "$T/pub/w"
cp -a "$T/pub/old" "$T/pub/w"
FAILMALLOC_AT=20 LD_PRELOAD="$SHIM" "$BIN" --db "$T/db" render --jobs 1 \
	--gzip --out "$T/pub/w" >/dev/null 2>"$T/err"
rc=$?
check "control: the 20th allocation failed fails the render, the site untouched ($(cat "$T/err"))" \
	[ $rc = 1 ] && [ "$(grep -c -x 'benchsite: .*out of memory' "$T/err")" = 1 ] &&
	[ "$(wc -l < "$T/err")" = 1 ] && [ "$(sum "$T/pub/w")" = "$A" ]
