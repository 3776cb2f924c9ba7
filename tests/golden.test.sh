# golden.test.sh: every bonnie++ file of ../shared/corpus/bonnie and of
# sample-data/ imported into an empty store and exported (with attributes)
# must equal its checked-in dump in tests/golden/; and, read a second way by
# bonnie-crosscheck.awk, the figures must be exactly those bonnie++ printed.
# GOLDEN_UPDATE=1 rewrites the dumps (review the diff before committing).
. "$TOP/tests/lib.sh"

one() {
	f=$1 name=$(basename "$1")
	rm -f "$T/db" "$T/db-wal" "$T/db-shm"
	if ! bs import "$f" >/dev/null 2>"$T/err"; then
		notok "$name imports ($(cat "$T/err"))"
		return
	fi
	bs export --attrs > "$T/got"
	if [ "${GOLDEN_UPDATE:-}" = 1 ]; then
		cp "$T/got" "$TOP/tests/golden/$name.tsv"
	fi
	if cmp -s "$T/got" "$TOP/tests/golden/$name.tsv"; then
		ok "$name: export equals tests/golden/$name.tsv"
	else
		notok "$name: export differs from tests/golden/$name.tsv"
		diff "$TOP/tests/golden/$name.tsv" "$T/got" | head -5
	fi
	awk -f "$TOP/tests/bonnie-crosscheck.awk" "$f" > "$T/want"
	bs export | tail -n +2 | cut -f 2-9 > "$T/got8"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got8"; then
		ok "$name: every figure as bonnie++ printed it ($(wc -l < "$T/want") results)"
	else
		notok "$name: figures differ from an independent reading"
		diff "$T/want" "$T/got8" | head -5
	fi
}

if [ -d "$CORPUS/bonnie" ]; then
	for f in "$CORPUS"/bonnie/*; do one "$f"; done
else
	skip "bonnie++ corpus files" "../shared/corpus is absent"
fi
for f in "$TOP"/sample-data/bonnie-*; do one "$f"; done
