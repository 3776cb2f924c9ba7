# dbench-crosscheck.awk: the figures of a dbench output read a second way,
# independent of collector/formats/dbench.c: "test<TAB>metric<TAB>value" for each
# row of the operation table and for the Throughput line, in file order.
# Numbers are printed as written (the store gives back the shortest text
# that reads as the same double, which for these decimals is the same
# text once trailing zeros are dropped).
function num(s) { if (s ~ /\./) { sub(/0+$/, "", s); sub(/\.$/, "", s) } return s }
/^ Operation +Count +AvgLat +MaxLat/ { table = 1; next }
table && /^ -+$/ { next }
table && NF == 4 { print $1 "\tcount\t" num($2); print $1 "\tlatency_avg\t" num($3)
	print $1 "\tlatency_max\t" num($4); next }
table && NF == 0 { table = 0 }
/^Throughput [0-9.]+ MB\/sec/ {
	print "total\tthroughput\t" num($2)
	for (i = 3; i <= NF; i++) if ($i ~ /^max_latency=/) {
		v = $i; sub(/^max_latency=/, "", v); print "total\tmax_latency\t" num(v) }
}
