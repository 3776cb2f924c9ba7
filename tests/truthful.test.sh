# truthful.test.sh: no statement claims more than the figures carry
# (docs/analysis.md): too fast to measure, noise, like with like, coverage,
# figures that measure nothing, signs and magnitudes.  Real runs from
# sample-data/ and constructed stores; each check names the wording the
# rule forbids, so the old statements fail it.
. "$TOP/tests/lib.sh"

# tsv DB [NAME]: summary --format tsv of store DB
tsv() { "$BIN" --db "$1" summary --format tsv ${2:+"$2"}; }
# rows FILE KIND TEST METRIC: the subjects of those rows, space-separated
rows() {
	awk -F'\t' -v k="$2" -v t="$3" -v m="$4" \
		'$4 == k && $2 == t && $3 == m { printf "%s ", $5 }' "$1"
}

# --- too fast to measure: the runs make sample-data produced -------------
S=$T/runs.db
"$BIN" --db "$S" import "$TOP/sample-data/runs.tsv" > /dev/null
"$BIN" --db "$S" compare bonnie-by-fs --suite bonnie++ --by fs
tsv "$S" bonnie-by-fs > "$T/b.tsv"
check "put_block rate: no measured group is best while tmpfs was too fast (was 'best: ext4')" \
	test -z "$(rows "$T/b.tsv" best put_block rate)"
check "put_block rate: tmpfs is named too fast" \
	test "$(rows "$T/b.tsv" too-fast put_block rate)" = "tmpfs "
check "rewrite rate: no star for xfs, tmpfs and ext4 named too fast" \
	sh -c 'test -z "$1" && test "$2" = "ext4 tmpfs "' _ \
	"$(rows "$T/b.tsv" best rewrite rate)" "$(rows "$T/b.tsv" too-fast rewrite rate)"
check "no vs-best ratio against a measured best in a too-fast column" \
	test -z "$(rows "$T/b.tsv" vs-best rewrite rate)"
"$BIN" --db "$S" summary bonnie-by-fs > "$T/b.txt"
check "the sentence names the too-fast groups, then the measured one" \
	grep -q "(rewrite rate): Too fast for bonnie++ to measure: ext4 and tmpfs; of the measured, xfs 455 MiB/s" "$T/b.txt"
check "the ranking leaves out the charts some group could not be measured in" \
	grep -q 'uses the 15 of 19 charts in which every group has a measured figure' "$T/b.txt"
check "a chart no group was measured in says so, with no best" \
	sh -c 'grep -q "(seeks rate): Too fast for bonnie++ to measure: ext4, tmpfs and xfs\.$" "$1" &&
	       test -z "$2"' _ "$T/b.txt" "$(rows "$T/b.tsv" best seeks rate)"

# the index thumbnail shows what the headline says: "tmpfs stands out"
"$BIN" --db "$S" compare fio-by-fs --suite fio --by fs
"$BIN" --db "$S" render --out "$T/fsite" > /dev/null 2>&1
check "fio's index thumbnail is a chart with tmpfs in it (was the view without it)" \
	sh -c 'grep -q "stands out" "$1/index.html" &&
	       grep -o "chart-fio-by-fs-[^\"]*" "$1/index.html" | grep -q -- "-all-" &&
	       ! grep -o "chart-fio-by-fs-[^\"]*" "$1/index.html" | grep -q -- "-without-"' _ "$T/fsite"

check "test pages link their neighbours, and every such link resolves" \
	sh -c 'cd "$1" && n=0 &&
	       for f in $(grep -l "class=\"neighbours\"" test-*.html); do
		for l in $(grep -o "<p class=\"neighbours\">.*</p>" "$f" | grep -o "href=\"[^\"]*\"" | cut -d\" -f2); do
			[ -f "$l" ] || exit 1; n=$((n + 1))
		done
	       done; [ "$n" -gt 10 ]' _ "$T/fsite"

# --- figures that measure nothing ----------------------------------------
"$BIN" --db "$S" compare sysbench-by-fs --suite sysbench --by fs
tsv "$S" sysbench-by-fs > "$T/s.tsv"
check "total_time of a time-limited sysbench run is not ranked (was 'best: ext4 (10.01 s)')" \
	test -z "$(awk -F'\t' '$3 == "total_time" && $2 != "memory"' "$T/s.tsv")"
check "latency_min equal for every group: no star (was every group best)" \
	test -z "$(rows "$T/s.tsv" best cpu latency_min)"
check "control: memory's total time, ended by its total size before --time=3, is compared" \
	test -n "$(awk -F'\t' '$2 == "memory" && $3 == "total_time" && $4 == "best"' "$T/s.tsv")"
"$BIN" --db "$S" summary sysbench-by-fs > "$T/s.txt"
check "and the sentence says why" \
	grep -q "(cpu total_time): Not compared: the runs' own settings fixed this figure" "$T/s.txt"
# the data rule: no command line kept, every total time just past 10 s
cat > "$T/tt.csv" <<'CSV'
label,suite,test,metric,value,unit,better
ext4,sysbench,fileio,total_time,10.0012,s,lower
xfs,sysbench,fileio,total_time,10.0391,s,lower
ext4,sysbench,fileio,reads_per_sec,2890,1/s,higher
xfs,sysbench,fileio,reads_per_sec,1387,1/s,higher
CSV
"$BIN" --db "$T/tt.db" import "$T/tt.csv" > /dev/null
check "total times of 10.0012 s and 10.0391 s: a 10 s limit, not a ranking" \
	test -z "$(tsv "$T/tt.db" | awk -F'\t' '$3 == "total_time"')"
check "control: the reads/s of the same runs are compared" \
	sh -c 'tsv() { "$1" --db "$2" summary --format tsv; }
	       tsv "$1" "$2" | grep -q "	faster	ext4	"' _ "$BIN" "$T/tt.db"

# --- noise: two runs each, Welch + Holm, Fieller intervals ----------------
cat > "$T/noise.csv" <<'CSV'
label,suite,test,metric,value,unit,better,fs
r1,fileio,rndrw,reads_per_sec,2850.12,1/s,higher,ext4
r2,fileio,rndrw,reads_per_sec,2931,1/s,higher,ext4
r3,fileio,rndrw,reads_per_sec,1037,1/s,higher,xfs
r4,fileio,rndrw,reads_per_sec,1737,1/s,higher,xfs
r5,fileio,rndrw,reads_per_sec,760,1/s,higher,btrfs
r6,fileio,rndrw,reads_per_sec,771,1/s,higher,btrfs
CSV
"$BIN" --db "$T/n.db" import "$T/noise.csv" > /dev/null
"$BIN" --db "$T/n.db" compare three --by fs
tsv "$T/n.db" three > "$T/n3.tsv"
check "three groups: ext4 and xfs cannot be told apart, both best (was 'best: ext4')" \
	test "$(rows "$T/n3.tsv" best rndrw reads_per_sec)" = "ext4 xfs "
"$BIN" --db "$T/n.db" summary three > "$T/n3.txt"
check "the sentence says so" \
	grep -q "Best: ext4 and xfs, no significant difference (ext4 2891/s, n=2, xfs 1387/s, n=2)" "$T/n3.txt"
check "no ratio whose interval holds 1 is called faster or slower" \
	awk -F'\t' '($4 == "faster" || $4 == "slower") && $11 != "" && $11 <= 1 && $12 >= 1 { bad = 1 } END { exit bad }' "$T/n3.tsv"
check "every ratio between repeated groups carries its interval" \
	awk -F'\t' 'NR > 1 && ($4 == "faster" || $4 == "slower" || $4 == "vs-best") && ($11 == "" || $12 == "") { bad = 1 } END { exit bad }' "$T/n3.tsv"
check "vs-best of btrfs has an interval around its ratio" \
	awk -F'\t' '$4 == "vs-best" && $5 == "btrfs" && $11 + 0 <= $6 + 0 && $6 + 0 <= $12 + 0 { ok = 1 } END { exit !ok }' "$T/n3.tsv"
printf 'label,suite,test,metric,value,unit,better,fs\n' > "$T/two.csv"
grep -v btrfs "$T/noise.csv" | tail -n +2 >> "$T/two.csv"
"$BIN" --db "$T/n2.db" import "$T/two.csv" > /dev/null
"$BIN" --db "$T/n2.db" compare two --by fs
check "the same ext4 and xfs runs without btrfs: the same verdict" \
	sh -c '"$1" --db "$2" summary --format tsv | grep -q "	same	ext4	.*	xfs	"' _ "$BIN" "$T/n2.db"
"$BIN" --db "$T/n.db" render --out "$T/site" > /dev/null 2>&1
check "xfs's interval is not printed below zero (was '-3058 to 5833')" \
	sh -c '! grep -rq "\-3058" "$1" && grep -rq "too few runs for an interval" "$1"' _ "$T/site"
check "the test page's 'vs best' of btrfs carries its interval" \
	sh -c 'grep -q "<td class=\"num\">3.8x (3.1x-4.5x)" "$1"/test-three-*.html' _ "$T/site"
check "the CSV download leaves that interval empty" \
	sh -c 'grep -h ",xfs,2," "$1"/data-*.csv | grep -q ",,\$"' _ "$T/site"
check "single runs: the page says once that they carry no measure of noise" \
	sh -c '"$1" --db "$2" summary bonnie-by-fs | grep -c "single runs carry no measure of noise" | grep -qx 1' _ "$BIN" "$S"

# --- like with like --------------------------------------------------------
cat > "$T/like.csv" <<'CSV'
run,label,suite,test,metric,value,unit,better,fs,started_at
1,sysbench-fileio-rndrw,sysbench,fileio-rndrw,reads_per_sec,6000,1/s,higher,ext4,2026-01-01T00:00:01Z
2,sysbench-fileio-rndrw,sysbench,fileio-rndrw,reads_per_sec,6100,1/s,higher,ext4,2026-01-01T00:00:02Z
3,sysbench-fileio-rndrw,sysbench,fileio-rndrw,reads_per_sec,2000,1/s,higher,xfs,2026-01-01T00:00:03Z
4,sysbench-fileio-rndrw,sysbench,fileio-rndrw,reads_per_sec,2100,1/s,higher,xfs,2026-01-01T00:00:04Z
5,sysbench-fileio-rndrw,sysbench,fileio-rndrw,reads_per_sec,1000,1/s,higher,btrfs,2026-01-01T00:00:05Z
6,sysbench-fileio-rndrw,sysbench,fileio-rndrw,reads_per_sec,1100,1/s,higher,btrfs,2026-01-01T00:00:06Z
CSV
"$BIN" --db "$T/l.db" import "$T/like.csv" > /dev/null
tsv "$T/l.db" > "$T/l.tsv"
check "the default comparison groups by fs, not by the shared label (was one bar, n=6)" \
	test "$(awk -F'\t' 'NR > 1 && $4 != "mixed" { print $5 }' "$T/l.tsv" | sort -u | tr '\n' ' ')" = "btrfs ext4 xfs "
check "and says why" \
	sh -c '"$1" --db "$2" summary | grep -q "Grouped by fs, not by label"' _ "$BIN" "$T/l.db"
check "started_at differs per run by nature: no mixture" \
	test -z "$(awk -F'\t' '$4 == "mixed"' "$T/l.tsv")"
"$BIN" --db "$T/l.db" compare by-label --suite sysbench --by label
tsv "$T/l.db" by-label > "$T/ll.tsv"
check "grouped by label anyway: the group is flagged mixed with its fs values" \
	test "$(awk -F'\t' '$4 == "mixed" { print $5 "|" $7 "|" $8 }' "$T/ll.tsv")" = "sysbench-fileio-rndrw|fs|btrfs,ext4,xfs"
printf '7,nofs,sysbench,fileio-rndrw,reads_per_sec,5000,1/s,higher,,\n' >> "$T/like.csv"
"$BIN" --db "$T/l2.db" import "$T/like.csv" > /dev/null
"$BIN" --db "$T/l2.db" compare by-fs --suite sysbench --by fs
check "a comparison counts the runs it leaves out for lacking its attribute" \
	sh -c '"$1" --db "$2" summary by-fs | grep -q "1 run is left out: it has no fs attribute"' _ "$BIN" "$T/l2.db"

# real sql-bench RUN files of three servers, imported under one label
R=$CORPUS/sql-bench/hgxl64-output
if [ -d "$R" ]; then
	"$BIN" --db "$T/q.db" import --label x "$R"/RUN-mysql-* > /dev/null
	tsv "$T/q.db" > "$T/q.tsv"
	check "three sql-bench servers under one label are not averaged: grouped by server_version" \
		test "$(awk -F'\t' 'NR > 1 && $4 == "best" { print $5 }' "$T/q.tsv" | sort -u | grep -c MySQL)" -ge 2
	check "and no group holds three runs (was n=3)" \
		sh -c '! "$1" --db "$2" summary | grep -q "n=3"' _ "$BIN" "$T/q.db"
else
	skip "sql-bench servers under one label" "no ../shared/corpus"
fi

# benchsite run on two real filesystems (tmpfs and the disk the build is
# on): every run is labelled sysbench-fileio-rndrw
D1=$(mktemp -d /dev/shm/benchsite-fs.XXXXXX 2>/dev/null) || D1=
D2=$(mktemp -d "$TOP/build/benchsite-fs.XXXXXX" 2>/dev/null) || D2=
fs1=$( [ -n "$D1" ] && stat -f -c %T "$D1")
fs2=$( [ -n "$D2" ] && stat -f -c %T "$D2")
if command -v sysbench > /dev/null && [ -n "$D1" ] && [ -n "$D2" ] &&
   [ "$fs1" != "$fs2" ]; then
	for d in "$D1" "$D2"; do
		(cd "$d" && sysbench fileio --file-total-size=8M --file-num=2 prepare > /dev/null &&
		 "$BIN" --db "$T/run.db" run --repeat 2 --dir "$d" -- sysbench fileio \
			--file-total-size=8M --file-num=2 --file-test-mode=rndrw --time=1 run \
			> /dev/null 2>&1)
	done
	tsv "$T/run.db" > "$T/run.tsv"
	check "runs of one label on $fs1 and $fs2: the default comparison groups by fs (was one bar, n=4)" \
		sh -c 'test "$(awk -F"\t" "NR > 1 && \$4 != \"mixed\" { print \$5 }" "$1" | sort -u | wc -l)" -eq 2 &&
		       ! grep -q "sysbench-fileio-rndrw" "$1"' _ "$T/run.tsv"
	check "the runs' total time (--time=1) is not compared" \
		test -z "$(awk -F'\t' '$3 == "total_time"' "$T/run.tsv")"
else
	skip "benchsite run on two filesystems" "needs sysbench and two filesystem types"
fi
rm -rf "$D1" "$D2"

# --- an outlier of the comparison in the middle of one chart ----------------
{
	echo "label,test,metric,value,unit,better"
	for t in t1 t2; do
		printf 'a,%s,time,100,s,lower\nb,%s,time,10,s,lower\nc,%s,time,11,s,lower\nd,%s,time,12,s,lower\n' $t $t $t $t
	done
	printf 'a,t3,time,10,s,lower\nb,t3,time,30,s,lower\nc,t3,time,5,s,lower\nd,t3,time,6,s,lower\n'
} > "$T/mid.csv"
"$BIN" --db "$T/mid.db" import "$T/mid.csv" > /dev/null
"$BIN" --db "$T/mid.db" summary > "$T/mid.txt"
check "a is the comparison's outlier, slower in t1" grep -q "t1 time: a is 9.1x slower than the other 3" "$T/mid.txt"
check "in t3, between the others, a is not 'better than the other 3' while c is best (was '1.4x faster')" \
	sh -c '! grep "t3 time" "$1" | grep -q "a is"' _ "$T/mid.txt"

# hyperfine's repeats are runs numbered by a `repeat` attribute: one
# group of repeats, not a group per repeat
H=$CORPUS/hyperfine/zeroows_1brc_hyperfine.json
if [ -f "$H" ]; then
	"$BIN" --db "$T/hf.db" import "$H" > /dev/null
	check "hyperfine's repeats are not told apart by their number (was 'Grouped by repeat', n=1 each)" \
		sh -c '! "$1" --db "$2" summary | grep -q "Grouped by repeat"' _ "$BIN" "$T/hf.db"
else
	skip "hyperfine repeats" "no ../shared/corpus"
fi

# --- coverage --------------------------------------------------------------
{
	echo "label,suite,test,metric,value,unit,better"
	for t in a b c d; do
		echo "x,s,$t,time,10,s,lower"
		echo "y,s,$t,time,12,s,lower"
	done
	echo "z,s,a,time,5,s,lower"
} > "$T/cov.csv"
"$BIN" --db "$T/c.db" import "$T/cov.csv" > /dev/null
tsv "$T/c.db" > "$T/c.tsv"
check "a group that ran one test of four is not 'best overall' (no geomean at all)" \
	test -z "$(awk -F'\t' '$4 == "geomean"' "$T/c.tsv")"
check "the page says why there is no overall ranking" \
	sh -c '"$1" --db "$2" summary | grep -q "No overall ranking: the groups have measured figures in common in only 1 of the 4"' _ "$BIN" "$T/c.db"
check "the headline reads true: x is best in 3 of 4 charts" \
	sh -c '"$1" --db "$2" summary | grep -q "Overall: x: best in 3 of 4 charts"' _ "$BIN" "$T/c.db"

# --- signs and magnitudes --------------------------------------------------
printf 'label,test,metric,value,better\nneg,t,m,-5,higher\npos,t,m,3,higher\n' > "$T/sign.csv"
"$BIN" --db "$T/sg.db" import "$T/sign.csv" > /dev/null
check "-5 against 3: no ratio across a sign, said so (was 'no ratio of a zero figure')" \
	sh -c '"$1" --db "$2" summary | grep -q "no ratio between figures of opposite sign"' _ "$BIN" "$T/sg.db"
printf 'label,test,metric,value,better\nbig,t,m,5e35,higher\nsmall,t,m,1e35,higher\n' > "$T/big.csv"
"$BIN" --db "$T/bg.db" import "$T/big.csv" > /dev/null
check "figures near 1e35 are written in docs/units.md's exponent form (5e35; the chart ticks of 31 digits are tests/charts.test.sh's)" \
	sh -c '"$1" --db "$2" summary > "$3"; grep -q "5e35" "$3" && ! grep -q "[0-9]\{20\}" "$3"' _ "$BIN" "$T/bg.db" "$T/big.txt"

# --- a ratio's interval never reaches 0: two runs of 1 and 13 ms cannot be
# told from 0 (t = 12.7 at one degree of freedom), so how many times 20.5 ms
# is their mean has no interval a reader could use (was "-4.83x-7.6x" on a
# real pgbench sweep)
printf 'run,label,test,metric,value,unit,better\n1,a,t,lat,1,ms,lower\n2,a,t,lat,13,ms,lower\n3,b,t,lat,20,ms,lower\n4,b,t,lat,21,ms,lower\n' > "$T/wide.csv"
"$BIN" --db "$T/wide.db" import "$T/wide.csv" > /dev/null
check "a ratio whose interval would hold 0 is said to have none (sentence and TSV)" \
	sh -c '"$1" --db "$2" summary | grep -q "b was 2.9x slower in these runs; too few runs for an interval" &&
	       "$1" --db "$2" summary --format tsv | awk -F"\t" "\$4 == \"same\" { f = 1; if (\$11 != \"\" || \$12 != \"\") exit 1 } END { exit !f }"' \
	_ "$BIN" "$T/wide.db"
check "... and no ratio interval anywhere starts at 0 or below (the sample data, summary TSV)" \
	sh -c 'for f in "$3"/sample-data/*.tsv "$3"/sample-data/*.csv; do "$1" --db "$2" import "$f" > /dev/null 2>&1; done
	       "$1" --db "$2" summary --format tsv | awk -F"\t" "NR > 1 && \$11 != \"\" && \$11 + 0 <= 0 { bad = 1 } END { exit bad }"' \
	_ "$BIN" "$T/sd.db" "$TOP"

# --- the noise rules against an independent implementation (SciPy) --------
py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import scipy.stats' 2>/dev/null; then py=$p; break; fi
done
if [ -n "$py" ]; then
	mkdir -p "$T/xc"
	"$py" "$TOP/tests/stats_crosscheck.py" "$BIN" "$T/xc"
else
	skip "Welch, Holm and Fieller against SciPy" "python3-scipy is not installed"
fi
