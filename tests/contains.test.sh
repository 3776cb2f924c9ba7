# contains.test.sh: --where K~=V (K's value holds the text V; K~=V1,V2:
# one of them) and K!~=V (no K, or a K holding none), in list, tag,
# export, delete and compare alike; text taken as it is (no wildcards),
# the label a key like any other, stored by compare and read back; and a
# list of values with a comma that matches nothing hints at \,.
. "$TOP/tests/lib.sh"
S=$TOP/sample-data
export SOURCE_DATE_EPOCH=1700000000

# runs KEY=COND...: the ids list runs --where gives, on one line
runs() {
	for c in "$@"; do set -- "$@" --where "$c"; shift; done
	bs list runs --format tsv "$@" | tail -n +2 | cut -f1 | tr '\n' ' '
}

# runs 1-4: Super Smack (os FreeBSD 6.1 / Debian 3.1, write_cache)
bs import "$S/supersmack-os-write-cache.tsv" > /dev/null
bs tag 1 --set 'mount=rw,noatime,data=ordered' > /dev/null
bs tag 2 --set 'mount=rw,relatime' > /dev/null
bs tag 3 --set 'mount=rw,relatime,x%y' > /dev/null

check "mount~=noatime: the run whose mount holds it" test "$(runs 'mount~=noatime')" = "1 "
check "os~=BSD: the FreeBSD runs" test "$(runs 'os~=BSD')" = "1 3 "
check "mount~=noatime,x%: any of the texts" test "$(runs 'mount~=noatime,x%')" = "1 3 "
check "mount!~=relatime: a run without it, and the run with no mount" test "$(runs 'mount!~=relatime')" = "1 4 "
check "mount!~=noatime,x%: none of them" test "$(runs 'mount!~=noatime,x%')" = "2 4 "
check "label~=cache-off with !~=free: the label is a key" \
	test "$(runs 'label~=cache-off' 'label!~=free')" = "4 "
check "case counts, as for = (os~=bsd matches nothing)" test "$(runs 'os~=bsd')" = ""
check "negative control: % is text, not a wildcard (mount~=rw%ordered matches nothing)" \
	test "$(runs 'mount~=rw%ordered')" = ""
check "negative control: = still wants the whole value (os=BSD matches nothing)" \
	test "$(runs 'os=BSD')" = ""
check "a comma inside the text is \\, (mount~=rw\\,noatime)" test "$(runs 'mount~=rw\,noatime')" = "1 "

# ---- every command that selects ------------------------------------------------
check "export --where os~=Debian exports runs 2 and 4" \
	test "$(bs export --where 'os~=Debian' | tail -n +2 | cut -f1 | tr '\n' ' ')" = "2 4 "
check "tag --where write_cache!~=dis tags runs 1 and 2" \
	test "$(bs tag --where 'write_cache!~=dis' --set t=1 | tail -1)" = "tagged 2 runs"
bs compare fb --suite super-smack --by write_cache --where 'os~=FreeBSD' 2> /dev/null
check "compare --where os~=FreeBSD is stored" test $? = 0
check "and read back as written" sh -c '"$1" --db "$2" list comparisons --format tsv | grep -q "os~=FreeBSD"' _ "$BIN" "$T/db"
check "its page says what it means" sh -c \
	'"$1" --db "$2" render --out "$3/site" --quiet && grep -q "among the runs with os containing FreeBSD" "$3"/site/comparison-fb-*.html' _ "$BIN" "$T/db" "$T"

# ---- refusals ---------------------------------------------------------------------
check "os~= (no text): exit 2" test "$(st bs list runs --where 'os~=')" = 2
check "~=x (no key): exit 2" test "$(st bs list runs --where '~=x')" = 2
bs list runs --where 'o s~=x' 2> "$T/err" > /dev/null
check "a bad key's message lists the operators, K~=V among them" grep -q "K~=V, K!~=V" "$T/err"

# ---- the comma hint ----------------------------------------------------------------
bs list runs --where 'mount=rw,relatime' > /dev/null 2> "$T/err"
check "mount=rw,relatime matches nothing and hints at \\," \
	grep -qF "'mount=rw,relatime' is 2 values; a comma inside a value is written \\, (mount=rw\\,relatime)" "$T/err"
out=$(bs list runs --format tsv --where 'mount=rw\,relatime' 2> "$T/err2" | tail -n +2 | cut -f1)
check "negative control: mount=rw\\,relatime matches run 2, no hint" test "$out" = 2 -a ! -s "$T/err2"
bs list runs --where 'os=FreeBSD 6.1,Debian 3.1' > /dev/null 2> "$T/err"
check "negative control: a list that matches runs gives no hint" test ! -s "$T/err"
check "tag --where with such a list: exit 1 and the hint" \
	sh -c '"$1" --db "$2" tag --where "mount=rw,relatime" --set a=1 2>&1 >/dev/null | grep -q "hint: .mount=rw,relatime. is 2 values"' _ "$BIN" "$T/db"
check "delete --where: the same" \
	sh -c '"$1" --db "$2" delete --yes --where "mount=rw,relatime" 2>&1 >/dev/null | grep -q "hint: .mount=rw,relatime. is 2 values"' _ "$BIN" "$T/db"
check "export --where: the same" \
	sh -c '"$1" --db "$2" export --where "mount=rw,relatime" 2>&1 >/dev/null | grep -q "hint: .mount=rw,relatime. is 2 values"' _ "$BIN" "$T/db"
check "compare: the refusal says it" \
	sh -c '"$1" --db "$2" compare z --suite super-smack --where "mount=rw,relatime" 2>&1 | grep -q "is 2 values; a comma inside a value is written"' _ "$BIN" "$T/db"
