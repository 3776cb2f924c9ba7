# property.test.sh: what benchsite says follows the arithmetic,
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
	skip "the invariants on generated stores" "python3-scipy is not installed"
	exit 0
fi

N=${PROPERTY_STORES:-2000}
[ "${SOAK:-0}" = 1 ] && N=${PROPERTY_STORES:-20000}
SEED=${PROPERTY_SEED:-27}
# summary's time grows faster than its number of comparisons, so the stores
# go into stores of BATCH suites each, every one imported once
BATCH=250
PAGES=40
# besides them: sysbench stores whose limits fixed some figures (each a
# comparison of suite sysbench, --where store=...), and stores compared by
# two factors (--by fs --split mode), of which SPLITPAGES are rendered
NSYS=$((N / 8))
NSPLIT=$((N / 40))
SPLITPAGES=15

"$py" "$TOP/tests/property/gen.py" "$SEED" "$N" "$T/data.tsv" \
	"$T/sys.tsv" "$NSYS" "$T/split.tsv" "$NSPLIT" || {
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

# the sysbench stores: one comparison each
if ! "$BIN" --db "$T/s.db" import "$T/sys.tsv" > /dev/null; then
	notok "the generated sysbench stores import"; exit 1
fi
for st in $(awk -F'\t' 'NR > 1 { print $12 }' "$T/sys.tsv" | uniq); do
	"$BIN" --db "$T/s.db" compare "$st" --suite sysbench \
		--where "store=$st" 2> /dev/null || {
		notok "compare $st --where store=$st"; exit 1; }
done
# the two-factor stores
if ! "$BIN" --db "$T/x.db" import "$T/split.tsv" > /dev/null; then
	notok "the generated two-factor stores import"; exit 1
fi
for st in $(awk -F'\t' 'NR > 1 { print $3 }' "$T/split.tsv" | uniq); do
	"$BIN" --db "$T/x.db" compare "$st" --suite "$st" --by fs \
		--split mode 2> /dev/null || {
		notok "compare $st --by fs --split mode"; exit 1; }
done
for db in s x; do
	if ! "$BIN" --db "$T/$db.db" summary --format tsv | sed 1d >> "$T/summary.tsv" ||
	   ! "$BIN" --db "$T/$db.db" summary >> "$T/summary.txt"; then
		notok "the $db stores are summarised"; exit 1
	fi
done
# the pages of the first two-factor stores
first=$(awk -F'\t' 'NR > 1 { print $3 }' "$T/split.tsv" | uniq | head -n "$SPLITPAGES")
awk -F'\t' -v hi="$(echo "$first" | tail -n 1)" 'NR == 1 || $3 <= hi' \
	"$T/split.tsv" > "$T/xpages.tsv"
"$BIN" --db "$T/xp.db" import "$T/xpages.tsv" > /dev/null || {
	notok "the first $SPLITPAGES two-factor stores import"; exit 1; }
for st in $first; do
	"$BIN" --db "$T/xp.db" compare "$st" --suite "$st" --by fs \
		--split mode 2> /dev/null
done
if ! "$BIN" --db "$T/xp.db" render --out "$T/xsite" --quiet; then
	notok "the first $SPLITPAGES two-factor stores render"; exit 1
fi

# the pages of the first stores
awk -F'\t' -v hi=$PAGES 'NR == 1 || substr($3, 2) + 0 < hi' "$T/data.tsv" > "$T/pages.tsv"
if ! "$BIN" --db "$T/p.db" import "$T/pages.tsv" > /dev/null ||
   ! "$BIN" --db "$T/p.db" render --out "$T/site" --quiet; then
	notok "the first $PAGES generated stores render"
	exit 1
fi

echo "# seed $SEED, $N stores"
"$py" "$TOP/tests/property/check.py" --controls --site "$T/site" \
	--site "$T/xsite" "$T/data.tsv,$T/sys.tsv,$T/split.tsv" \
	"$T/summary.tsv" "$T/summary.txt"

# invariant 7: stores whose groups also differ in host, tool_version or a
# benchmark option (or some lack one), and the pages of the first few
NCONF=$((N / 20))
"$py" "$TOP/tests/property/confound.py" gen "$SEED" "$NCONF" "$T/conf.tsv"
awk -F'\t' 'NR == 1 || substr($3, 2) + 0 < 10' "$T/conf.tsv" > "$T/confp.tsv"
if ! "$BIN" --db "$T/c.db" import "$T/conf.tsv" > /dev/null ||
   ! "$BIN" --db "$T/c.db" summary > "$T/conf.txt" ||
   ! "$BIN" --db "$T/cp.db" import "$T/confp.tsv" > /dev/null ||
   ! "$BIN" --db "$T/cp.db" render --out "$T/csite" --quiet; then
	notok "the generated stores of invariant 7 import, summarise and render"
	exit 1
fi
"$py" "$TOP/tests/property/confound.py" check "$T/conf.tsv" "$T/conf.txt" "$T/csite"
"$py" "$TOP/tests/property/confound.py" check "$T/conf.tsv" "$T/conf.txt" "$T/csite" --control
