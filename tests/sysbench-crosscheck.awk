# sysbench-crosscheck.awk: a second, independent reading of sysbench
# output for the golden tests.  It knows nothing of benchsite's parser: per
# completed run (one "General statistics:" / "Test execution summary:" /
# 1.1's "events/s (eps):") it prints "RUN METRIC VALUE" for the figures
# every version prints under a label, values as %.10g, sorted by the caller.
function val(s) { sub(/^[^:]*:[ \t]*/, "", s); sub(/(ms|s)?[ \t\r]*$/, "", s); return s + 0 }
function out(m, v) { printf "%d %s %.10g\n", run, m, v }
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
/^[ \t]*transactions:/ { t = $0; sub(/.*\(/, "", t); pending_tps = t + 0; have_tps = 1 }
/^[ \t]*(General statistics|Test execution summary):/ && have_tps { out("transactions_per_sec", pending_tps); have_tps = 0 }
