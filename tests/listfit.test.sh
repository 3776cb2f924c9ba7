# listfit.test.sh: `list runs` fits the terminal: each line within
# $COLUMNS (else the terminal's width), long values and columns cut with
# an ellipsis, the short values first; nothing cut off a terminal without
# $COLUMNS, nor in TSV; --attrs=K1,K2 chooses the attributes.  `list
# comparisons` lists the defaults too, marked, and every option a
# comparison was defined with.  On sample-data: runs.tsv's runs carry
# whole command lines and mount options (lines of 500 characters before).
. "$TOP/tests/lib.sh"
S=$TOP/sample-data
export SOURCE_DATE_EPOCH=1700000000
unset COLUMNS

# widest FILE: its longest line in characters (… is one)
widest() { sed 's/…/./g' "$1" | awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }'; }

bs import "$S/runs.tsv" "$S/supersmack-os-write-cache.tsv" \
	"$S/mysql-versions-filesystems.tsv" > /dev/null 2>&1

# ---- off a terminal, no $COLUMNS: nothing cut ----------------------------------
bs list runs > "$T/whole"
check "negative control: off a terminal without COLUMNS the lines are whole (longest $(widest "$T/whole") > 200)" \
	test "$(widest "$T/whole")" -gt 200
check "and hold every value whole (a sysbench command line)" \
	grep -q "command=sysbench --threads=2 cpu --cpu-max-prime=5000 --time=3 run" "$T/whole"
check "and no ellipsis" test "$(grep -c '…' "$T/whole")" = 0

# ---- COLUMNS ---------------------------------------------------------------------
for w in 80 120 60; do
	COLUMNS=$w bs list runs > "$T/w$w"
	check "COLUMNS=$w: every line fits ($(widest "$T/w$w"))" test "$(widest "$T/w$w")" -le $w
	check "COLUMNS=$w: every run is listed" test "$(wc -l < "$T/w$w")" = "$(wc -l < "$T/whole")"
done
check "long values are cut with an ellipsis" grep -q "…" "$T/w120"
check "the short values first: the sysbench cpu run on tmpfs shows fs=tmpfs at 80" \
	grep -q "^ *[0-9]*  sysbench .*fs=tmpfs" "$T/w80"
check "the source is cut at its start, keeping its file name" grep -q "…[a-z/-]*runs.tsv" "$T/w80"
check "the columns line up (the results column ends at one place)" \
	test "$(grep -v '^  run' "$T/w120" | awk '{ print index($0, "  ") }' | sort -u | wc -l)" -le 2
COLUMNS=0 bs list runs > "$T/w0"
check "COLUMNS=0: no limit" cmp -s "$T/w0" "$T/whole"
COLUMNS=40 bs list runs --format tsv > "$T/tsv40"
bs list runs --format tsv > "$T/tsv"
check "TSV is never cut, whatever COLUMNS says" cmp -s "$T/tsv40" "$T/tsv"

# ---- a terminal of 70 columns (script(1) gives the command one) ------------------
if command -v script > /dev/null && command -v stty > /dev/null; then
	script -qec "stty cols 70 rows 50; '$BIN' --db '$T/db' list runs" /dev/null |
		tr -d '\r' > "$T/tty"
	check "on a terminal, its width (70: longest $(widest "$T/tty"))" \
		test "$(widest "$T/tty")" -le 70 -a "$(wc -l < "$T/tty")" -ge 20
else
	skip "on a terminal, its width" "script(1) not installed"
fi

# ---- --attrs ---------------------------------------------------------------------
bs list runs --attrs > "$T/all"
check "--attrs: every attribute (started_at, which tells nothing apart by nature)" \
	grep -q "started_at=" "$T/all"
check "negative control: not by default" test "$(grep -c 'started_at=' "$T/whole")" = 0
bs list runs --suite sysbench --attrs=mount,fs --format tsv | tail -n +2 | cut -f8 | sort -u > "$T/two"
check "--attrs=mount,fs: those two, in that order" \
	test "$(grep -c '^mount=[^ ]* fs=[a-z0-9]*$' "$T/two")" = "$(wc -l < "$T/two")" -a -s "$T/two"
check "--attrs=K,K: the same as text" sh -c \
	'"$1" --db "$2" list runs --suite sysbench --attrs=fs | grep -q "^ *[0-9]*  sysbench .* fs=xfs "' _ "$BIN" "$T/db"
check "--attrs='a b': exit 2" test "$(st bs list runs --attrs='a b')" = 2

# ---- list comparisons --------------------------------------------------------------
bs compare smack --suite super-smack --by os --split write_cache --where 'os~=BSD,Debian' \
	--metrics queries_per_sec --tests update-balance --order value --title "Super Smack, it's on" 2> /dev/null
bs list comparisons > "$T/cmp"
check "a defined comparison shows every option it was defined with" \
	grep -qF "smack                defined  --suite super-smack --by os --split write_cache --where 'os~=BSD,Debian' --metrics queries_per_sec --tests update-balance --order value --title 'Super Smack, it'\''s on'" "$T/cmp"
check "the suites without one have their default comparison, marked" \
	test "$(grep -c ' default  --suite ' "$T/cmp")" = 4
check "a default says the grouping the render chooses" \
	grep -q "^sysbench  *default  --suite sysbench --by label$" "$T/cmp"
check "negative control: the suite that has a comparison has no default" \
	test "$(grep -c 'default  --suite super-smack' "$T/cmp")" = 0
bs list comparisons --format tsv > "$T/cmp.tsv"
check "TSV: a column per option" test "$(head -1 "$T/cmp.tsv")" = \
	"$(printf 'name\tsuite\tby\tfilter\ttitle\tkind\tsplit\tx\tmetrics\ttests\torder')"
check "TSV: the comparison's row" test "$(grep '^smack' "$T/cmp.tsv")" = \
	"$(printf "smack\tsuper-smack\tos\tos~=BSD,Debian\tSuper Smack, it's on\tdefined\twrite_cache\t\tqueries_per_sec\tupdate-balance\tvalue")"
check "list comparisons --suite: that suite's only" \
	test "$(bs list comparisons --suite sysbench --format tsv | tail -n +2 | cut -f1,6 | tr '\t' ' ')" = "sysbench default"
COLUMNS=50 bs list comparisons > "$T/cmp50"
check "list comparisons fits COLUMNS too" test "$(widest "$T/cmp50")" -le 50
