# sysbench-crosscheck.awk: a second, independent reading of sysbench
# output for the golden tests.  It knows nothing of benchsite's parser: per
# completed run (one "General statistics:" / "Test execution summary:" /
# 1.1's "events/s (eps):") it prints "RUN METRIC VALUE" for the figures
# every version prints under a label, values as %.10g, sorted by the caller;
# for an OLTP run also its queries per second (1.0 prints it; 0.4/0.5 print
# read/write requests and other operations per second, each to 2 decimals,
# so their sum has 2 decimals) and "RUN test NAME", the test its query mix
# per transaction names (the README's table; a figure is whole when within
# 2%, at least 0.05, of a whole number, else given to one decimal).
function val(s) { sub(/^[^:]*:[ \t]*/, "", s); sub(/(ms|s)?[ \t\r]*$/, "", s); return s + 0 }
function rate(s) { sub(/.*\(/, "", s); return s + 0 }
function out(m, v) { printf "%d %s %.10g\n", run, m, v }
function per_tx(c,   x, k, tol) {
	x = c / tx; k = int(x + 0.5); tol = 0.02 * k
	if (tol < 0.05) tol = 0.05
	d = x - k; if (d < 0) d = -d
	return d <= tol ? k "" : sprintf("%.1f", x)
}
function mix_name(   m) {
	m = per_tx(qr) "/" per_tx(qw) "/" per_tx(qo)
	if (m == "1/0/0") return "oltp_point_select"
	if (m == "14/0/2") return "oltp_read_only"
	if (m == "14/4/2") return "oltp_read_write"
	if (m == "0/4/2") return "oltp_write_only"
	return "oltp r/w/o " m
}
{ sub(/\r$/, "") }
/^[ \t]*(General statistics|Test execution summary):/ { run++; lat = 0 }
/^[ \t]*(per-request statistics|response time|Latency \(ms\)):[ \t]*$/ { lat = 1 }
/^[ \t]*events\/s \(eps\):/ { run++; lat = 0 }
/^[ \t]*(total time|time elapsed):/ { out("total_time", val($0)) }
/^[ \t]*total number of events:/ { out("total_events", val($0)) }
lat && /^[ \t]*min:/ { out("latency_min", val($0)) }
lat && /^[ \t]*avg:/ { out("latency_avg", val($0)) }
lat && /^[ \t]*max:/ { out("latency_max", val($0)) }
/^[ \t]*Threads fairness:/ { lat = 0 }
inq && !/^[ \t]*(read|write|other|total):/ { inq = 0 }
/^[ \t]*queries performed:/ { inq = 1; qr = qw = qo = -1 }
inq && /^[ \t]*read:/ { qr = val($0) }
inq && /^[ \t]*write:/ { qw = val($0) }
inq && /^[ \t]*other:/ { qo = val($0) }
/^[ \t]*transactions:/ { t = $0; sub(/.*\(/, "", t); pending_tps = t + 0; have_tps = 1
	t = $0; sub(/^[^:]*:[ \t]*/, "", t); sub(/[ \t]*\(.*/, "", t); tx = t + 0 }
/^[ \t]*queries:/ { qps = rate($0); have_qps = 1 }
/^[ \t]*read\/write requests:/ { rwps = rate($0); have_rw = 1 }
/^[ \t]*other operations:/ { ops = rate($0) }
/^[ \t]*(General statistics|Test execution summary):/ && have_tps {
	out("transactions_per_sec", pending_tps); have_tps = 0
	if (have_rw) { qps = sprintf("%.2f", rwps + ops) + 0; have_qps = 1 }
	if (have_qps) out("queries_per_sec", qps)
	if (tx > 0 && qr >= 0 && qw >= 0 && qo >= 0)
		printf "%d test %s\n", run, mix_name()
	have_qps = have_rw = 0; qr = qw = qo = -1; tx = 0
}
