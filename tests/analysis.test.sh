# analysis.test.sh: the statements on the table whose answer is known (the
# 2008 sql-bench filesystem page, sample-data/sqlbench-filesystems-2008.csv),
# checked through `summary --format tsv`; comparisons defined with compare;
# and benchsite's statistics held against Debian's ministat.
. "$TOP/tests/lib.sh"

bs import "$TOP/sample-data/sqlbench-filesystems-2008.csv" > /dev/null
bs summary --format tsv > "$T/s.tsv"
check "summary TSV header" test "$(head -1 "$T/s.tsv")" = \
	"$(printf 'comparison\ttest\tmetric\tkind\tsubject\tratio\treference\tvalue\treference_value\tunit\tratio_low\tratio_high\tsplit\tsupport\tx')"

rows() { awk -F'\t' -v k="$1" -v t="$2" '$4 == k && $2 == t { print $5 }' "$T/s.tsv" | tr '\n' ' '; }
check "comparison outliers are exactly jfs_defaults and xfs_defaults ($(rows outlier ''))" \
	test "$(rows outlier '')" = "jfs_defaults xfs_defaults "

# ratio TEST GROUP: the slower ratio of GROUP to the mean of the other ten
ratio() { awk -F'\t' -v t="$1" -v g="$2" '$4 == "slower" && $2 == t && $5 == g && $7 == "others" { print $6 }' "$T/s.tsv"; }
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(a != "" && d < 0.01 && d > -0.01) }'; }
for want in ATIS:2.14:1.58 big-tables:3.25:2.48 insert:2.92:2.21 select:1.31:1.20 \
	    wisconsin:3.40:2.49 create:4.46:2.67 alter-table:1.78:1.44; do
	t=${want%%:*} rest=${want#*:} j=${rest%%:*} x=${rest#*:}
	check "$t: jfs_defaults $(ratio "$t" jfs_defaults) slower than the others (want $j)" near "$(ratio "$t" jfs_defaults)" "$j"
	check "$t: xfs_defaults $(ratio "$t" xfs_defaults) slower than the others (want $x)" near "$(ratio "$t" xfs_defaults)" "$x"
done
check "connect: no slower statement" test -z "$(rows slower connect)"
check "connect: no faster statement" test -z "$(rows faster connect)"
check "ATIS: best is ext2_defaults and reiserfs_defaults together" \
	test "$(rows best ATIS)" = "ext2_defaults reiserfs_defaults "
for t in big-tables create insert select wisconsin; do
	check "$t: best is reiserfs_defaults" test "$(rows best "$t")" = "reiserfs_defaults "
done
check "every ratio is at least 1" \
	awk -F'\t' 'NR > 1 && $6 != "" && $6 < 1 { bad = 1 } END { exit bad }' "$T/s.tsv"
bs summary sql-bench > "$T/s.txt"
check "the ATIS sentence reads as the seed page's author would have written it" \
	grep -qF "ATIS (airline database) queries: total time (ATIS total_time): jfs_defaults is 2.1x slower than the other 10 (268 s vs 125 s mean); xfs_defaults is 1.6x slower than the other 10 (198 s vs 125 s mean); best: ext2_defaults and reiserfs_defaults (124 s); the others are within 1.7% of each other." "$T/s.txt"
check "create: xfs is 2.7x slower (the seed page said 2.1x)" \
	grep -q "(create total_time): .*xfs_defaults is 2.7x slower" "$T/s.txt"

# compare: along one dimension with another held fixed
cat > "$T/grid.csv" <<'CSV'
run,label,suite,test,metric,value,unit,better,status,fs,mysql
1,r1,sysbench,oltp,transactions_per_sec,715.56,1/s,higher,ok,ext4,5.0
2,r2,sysbench,oltp,transactions_per_sec,634.55,1/s,higher,ok,xfs,5.0
3,r3,sysbench,oltp,transactions_per_sec,500,1/s,higher,ok,ext4,4.1
4,r4,sysbench,oltp,transactions_per_sec,900,1/s,higher,ok,xfs,4.1
CSV
bs import "$T/grid.csv" > /dev/null
bs compare fs50 --suite sysbench --by fs --where mysql=5.0 --title "filesystems, on MySQL 5.0"
check "compare defines a comparison (exit 0)" test $? = 0
check "ext4 is 1.13x faster than xfs on 5.0" \
	sh -c '"$BIN" --db "$1" summary fs50 | grep -q "ext4 is 1.13x faster than xfs (716/s vs 635/s, n=1 each)"' _ "$T/db"
check "the comparison leaves out the runs of the other MySQL version" \
	test "$(bs summary --format tsv fs50 | awk -F'\t' '$4 == "faster" { print $5, $7, $8, $9 }')" = "ext4 xfs 715.56 634.55"
check "a suite no comparison covers keeps its default comparison" \
	sh -c '"$BIN" --db "$1" summary --format tsv | grep -q "^sql-bench	"' _ "$T/db"
check "a covered suite loses its default comparison" \
	sh -c '! "$BIN" --db "$1" summary --format tsv | grep -q "^sysbench	"' _ "$T/db"
check "compare without --suite in a store of several suites: exit 1" \
	sh -c '"$BIN" --db "$1" compare x 2>/dev/null; test $? = 1' _ "$T/db"
check "compare --delete removes it" sh -c '"$BIN" --db "$1" compare --delete fs50 &&
	"$BIN" --db "$1" summary --format tsv | grep -q "^sysbench	"' _ "$T/db"
check "compare --delete of an unknown one: exit 1" \
	sh -c '"$BIN" --db "$1" compare --delete nope 2>/dev/null; test $? = 1' _ "$T/db"
check "summary of an unknown comparison: exit 1" \
	sh -c '"$BIN" --db "$1" summary nope 2>/dev/null; test $? = 1' _ "$T/db"

# statistics against ministat: 24 generated pairs of samples (fixed seeds)
if command -v ministat > /dev/null; then
	agree=0 total=0
	for seed in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24; do
		# normal samples (Box-Muller); every third pair differs by a lot,
		# the others come from one distribution
		awk -v seed="$seed" 'BEGIN { srand(seed); n = 5 + seed % 11;
			shift = seed % 3 == 0 ? 40 : 0;
			for (i = 0; i < n; i++) {
				u = rand(); v = rand(); if (u < 1e-9) u = 1e-9;
				z = sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
				printf "%.4f\n", 100 + 10 * z > "'"$T"'/a";
				u = rand(); v = rand(); if (u < 1e-9) u = 1e-9;
				z = sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
				printf "%.4f\n", 100 + shift + 10 * z > "'"$T"'/b";
			} }'
		ours=$("$UNIT" stats "$T/a" "$T/b")
		theirs=$(ministat -c 95 "$T/a" "$T/b" | awk '
			$1 == "x" && NF == 7 { xn = $2; xa = $6; xs = $7 }
			$1 == "+" && NF == 7 { yn = $2; ya = $6; ys = $7 }
			/No difference proven/ { v = "no-difference" }
			/^Difference at/ { v = "difference" }
			END { print xn, xa, xs, yn, ya, ys, v }')
		total=$((total + 1))
		if awk -v o="$ours" -v t="$theirs" 'BEGIN { split(o, a, " "); split(t, b, " ");
			ok = a[1] == b[1] && a[4] == b[4] && a[7] == b[7];
			for (i = 2; i <= 6; i++) if (i != 4) { d = a[i] - b[i]; if (d < 0) d = -d;
				if (d > 1e-4 * (b[i] < 0 ? -b[i] : b[i]) + 1e-6) ok = 0 }
			exit !ok }'; then
			agree=$((agree + 1))
		else
			echo "# seed $seed: ours '$ours' ministat '$theirs'"
		fi
	done
	check "n, mean, stddev and the 95% verdict agree with ministat on $agree of $total data sets" test "$agree" = "$total"
else
	skip "statistics agree with ministat" "ministat is not installed"
fi

# a Super Smack comparison whose answer is known: 516.1 vs 49.8 queries/s is "10.4x"
printf 'label,suite,test,metric,value,unit,better\nFreeBSD,super-smack,select_index,queries_per_sec,516.1,1/s,higher\nDebian,super-smack,select_index,queries_per_sec,49.8,1/s,higher\n' > "$T/smack.csv"
rm -f "$T/db"*
bs import "$T/smack.csv" > /dev/null
check "FreeBSD is 10.4x faster than Debian" \
	sh -c '"$BIN" --db "$1" summary | grep -q "FreeBSD is 10.4x faster than Debian (516/s vs 49.8/s, n=1 each)"' _ "$T/db"
# repeats: a difference inside the noise is no difference
printf 'run,label,test,metric,value,unit,better\n1,a,t,m,10.0,s,lower\n2,a,t,m,10.6,s,lower\n3,a,t,m,9.7,s,lower\n4,b,t,m,10.2,s,lower\n5,b,t,m,9.5,s,lower\n6,b,t,m,10.4,s,lower\n' > "$T/noise.csv"
rm -f "$T/db"*
bs import "$T/noise.csv" > /dev/null
check "repeats inside the noise: no significant difference, with n" \
	sh -c '"$BIN" --db "$1" summary | grep -q "No significant difference between b (10.0 s mean, n=3) and a (10.1 s mean, n=3) at 95% confidence; a was 1.01x slower in these runs; 95% interval 0.91x-1.12x."' _ "$T/db"
check "and no faster or slower row for them" \
	sh -c '! "$BIN" --db "$1" summary --format tsv | grep -q "	faster	\|	slower	"' _ "$T/db"
