# property.test.sh: what benchsite says follows the arithmetic (issue 27),
# on thousands of generated stores, against a second implementation of
# docs/analysis.md in tests/property/check.py (Welch through SciPy; Holm,
# Fieller, the best-set walk and the support column of its own).  One TAP
# line per invariant with its counts, then one negative control each: a
# broken rule planted in a copy of the real outputs, which the check must
# catch.  PROPERTY_STORES=N and PROPERTY_SEED=S choose the run; SOAK=1
# (make soak) makes it ten times larger.
. "$TOP/tests/lib.sh"

py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import scipy.stats' 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
	skip "issue 27's invariants on generated stores" "python3-scipy is not installed"
	exit 0
fi

N=${PROPERTY_STORES:-2000}
[ "${SOAK:-0}" = 1 ] && N=${PROPERTY_STORES:-20000}
SEED=${PROPERTY_SEED:-27}
# summary's time grows faster than its number of comparisons, so the stores
# go into stores of BATCH suites each, every one imported once
BATCH=250
PAGES=40

"$py" "$TOP/tests/property/gen.py" "$SEED" "$N" "$T/data.tsv" || {
	notok "gen.py $SEED $N"; exit 1; }
: > "$T/summary.tsv"
: > "$T/summary.txt"
b=0
while [ $((b * BATCH)) -lt "$N" ]; do
	awk -F'\t' -v lo=$((b * BATCH)) -v hi=$(((b + 1) * BATCH)) \
		'NR == 1 || (substr($3, 2) + 0 >= lo && substr($3, 2) + 0 < hi)' \
		"$T/data.tsv" > "$T/batch.tsv"
	rm -f "$T/b.db"
	if ! "$BIN" --db "$T/b.db" import "$T/batch.tsv" > /dev/null ||
	   ! "$BIN" --db "$T/b.db" summary --format tsv > "$T/b.tsv" ||
	   ! "$BIN" --db "$T/b.db" summary >> "$T/summary.txt"; then
		notok "batch $b of the generated stores imports and is summarised"
		exit 1
	fi
	if [ $b = 0 ]; then cat "$T/b.tsv"; else sed 1d "$T/b.tsv"; fi >> "$T/summary.tsv"
	b=$((b + 1))
done

# the pages of the first stores
awk -F'\t' -v hi=$PAGES 'NR == 1 || substr($3, 2) + 0 < hi' "$T/data.tsv" > "$T/pages.tsv"
if ! "$BIN" --db "$T/p.db" import "$T/pages.tsv" > /dev/null ||
   ! "$BIN" --db "$T/p.db" render --out "$T/site" --quiet; then
	notok "the first $PAGES generated stores render"
	exit 1
fi

echo "# seed $SEED, $N stores"
"$py" "$TOP/tests/property/check.py" --controls --site "$T/site" \
	"$T/data.tsv" "$T/summary.tsv" "$T/summary.txt"
