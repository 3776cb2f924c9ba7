# pgbench-crosscheck.awk: the figures of a pgbench output read a second
# way, independent of collector/formats/pgbench.c, as "run<TAB>metric<TAB>value":
# each "transaction type:" line starts the next run; the summary's
# figures and the -r statement latencies (metric = the statement) follow.
# Single-script outputs only (no "SQL script N:" blocks).
function num(s) { if (s ~ /\./) { sub(/0+$/, "", s); sub(/\.$/, "", s) } return s }
function out(m, v) { print run "\t" m "\t" num(v) }
{ sub(/\r$/, "") }
/^transaction type:/ { run++; stmts = 0; next }
!run { next }
stmts && /^[ \t]+[0-9.]+[ \t]/ {
	line = $0; sub(/^[ \t]+/, "", line)
	v = line; sub(/[ \t].*/, "", v); sub(/^[0-9.]+[ \t]+/, "", line)
	if (stmts == 2) sub(/^[0-9]+[ \t]+/, "", line)
	sub(/[ \t]+$/, "", line)
	out(line, v); next
}
{ stmts = 0 }
/^statement latencies in milliseconds and failures:/ { stmts = 2; next }
/^statement latencies in milliseconds:/ { stmts = 1; next }
/^number of transactions actually processed: / { v = $6; sub(/\/.*/, "", v); out("transactions", v) }
/^number of failed transactions: / { out("failed_transactions", $5) }
/^latency average[:=]? / { v = $0; sub(/^latency average *[:=] */, "", v); sub(/ ms$/, "", v); out("latency_avg", v) }
/^latency stddev[:=]? / { v = $0; sub(/^latency stddev *[:=] */, "", v); sub(/ ms$/, "", v); out("latency_stddev", v) }
/^initial connection time = / { out("initial_connection_time", $5) }
/^tps = .*including connections/ { out("tps_including_connections", $3); next }
/^tps = / { out("tps", $3) }
