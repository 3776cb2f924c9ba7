# fiotext-crosscheck.awk: the figures of fio's normal output read a second
# way, independent of collector/formats/fiotext.c, as "test<TAB>metric<TAB>value"
# in report order: per direction iops (the issued count over the runtime
# to the runtime's significant digits or the printed IOPS's if more,
# else the printed IOPS with its k/M), bw in KiB/s, lat_mean and clat_p99
# in us.  A report repeated by --status-interval (same job, same pid, one
# invocation) counts once, where it was last printed.
function unit_us(u) { return u == "nsec" ? 0.001 : u == "msec" ? 1000 : u == "sec" ? 1000000 : 1 }
function bwk(s,   v, u) {
	v = s; sub(/[A-Za-z\/]+.*$/, "", v); u = s; sub(/^[0-9.]+/, "", u)
	if (u ~ /^KiB|^KB/) return v; if (u ~ /^MiB|^MB/) return v * 1024
	if (u ~ /^GiB|^GB/) return v * 1048576; if (u ~ /^kB/) return v * 1000 / 1024
	if (u ~ /^B/) return v / 1024; return "?"
}
# significant digits of a printed number ("0.50" 2, "7750" 4, "11.9k" 3)
function sig(s,   t) { t = s; sub(/[kM]$/, "", t); sub(/\./, "", t); sub(/^0+/, "", t); return length(t) ? length(t) : 1 }
function sfx(s,   v) { v = s + 0; if (s ~ /k$/) v *= 1000; if (s ~ /M$/) v *= 1000000; return v }
function flush(   d, k) {
	if (!key) return
	k = key; order[k] = ++n; txt[k] = ""
	for (d = 0; d < 3; d++) if (has[d]) {
		io = iops[d]
		# the count over the runtime, to the runtime's digits or the
		# printed IOPS's, whichever are more
		if (iss[d] != "" && rt[d] > 0) io = sprintf("%." (rs[d] > is[d] ? rs[d] : is[d]) "g", iss[d] * 1000 / rt[d]) + 0
		txt[k] = txt[k] name "\t" dn[d] "_iops\t" io "\n" name "\t" dn[d] "_bw\t" bw[d] "\n"
		if (lat[d] != "") txt[k] = txt[k] name "\t" dn[d] "_lat_mean\t" lat[d] "\n"
		if (p99[d] != "") txt[k] = txt[k] name "\t" dn[d] "_clat_p99\t" p99[d] "\n"
	}
	key = ""
}
BEGIN { dn[0] = "read"; dn[1] = "write"; dn[2] = "mixed"; CONVFMT = OFMT = "%.17g" }
{ sub(/\r$/, "") }
/^fio-[0-9][^ ]*$/ { flush(); inv++; next }
/^[^ \t].*: \(groupid=[0-9]+, jobs=[0-9]+\): err=/ {
	flush(); name = $0; sub(/: \(groupid=.*/, "", name)
	pid = $0; sub(/.*: pid=/, "", pid); sub(/:.*/, "", pid)
	key = inv SUBSEP name SUBSEP pid; cur = -1; pct = 0
	for (d = 0; d < 3; d++) { has[d] = 0; iops[d] = bw[d] = lat[d] = p99[d] = iss[d] = rt[d] = "" }
	next
}
!key { next }
/^[^ \t]/ || /^[ \t]*$/ { flush(); next }
pct && /^ *\|/ { if (match($0, /99\.00th=\[ *[0-9.]+/)) { v = substr($0, RSTART, RLENGTH); sub(/.*\[ */, "", v); p99[cur] = v * pu }; next }
{ pct = 0 }
/^ +(read|write|mixed) *: / && /IOPS=|iops=/ {
	d = $1; sub(/:$/, "", d); cur = d == "read" ? 0 : d == "write" ? 1 : 2; has[cur] = 1
	if (match($0, /IOPS=[0-9.]+[kM]?/)) { v = substr($0, RSTART + 5, RLENGTH - 5); iops[cur] = sfx(v); is[cur] = sig(v) }
	if (match($0, /iops=[0-9.]+/)) { iops[cur] = substr($0, RSTART + 5, RLENGTH - 5); is[cur] = sig(iops[cur]) }
	if (match($0, /BW=[0-9.]+[A-Za-z]+\/s/)) bw[cur] = bwk(substr($0, RSTART + 3, RLENGTH - 3))
	if (match($0, /bw=[0-9.]+[A-Za-z]+\/s/)) bw[cur] = bwk(substr($0, RSTART + 3, RLENGTH - 3))
	if (match($0, /runt= *[0-9]+msec/)) { v = substr($0, RSTART + 5, RLENGTH - 9); rt[cur] = v + 0; rs[cur] = sig(rt[cur] "") }
	if (match($0, /\/[0-9]+msec\)/)) { rt[cur] = substr($0, RSTART + 1, RLENGTH - 6) + 0; rs[cur] = sig(rt[cur] "") }
	next
}
/^ +lat \((nsec|usec|msec|sec)\): min=/ {
	u = $2; gsub(/[():]/, "", u); v = $0; sub(/.*avg= */, "", v); sub(/,.*/, "", v)
	lat[cur] = v * unit_us(u); next
}
/^ +clat percentiles \(/ { u = $3; gsub(/[():]/, "", u); pu = unit_us(u); pct = 1; next }
/^ +issued/ {
	v = $0; sub(/.*total=/, "", v); sub(/[ ,]short.*/, "", v); gsub(/[rwdt]=/, "", v)
	m = split(v, a, /[,\/]/); iss[0] = a[1] + 0; iss[1] = a[2] + 0; iss[2] = a[1] + a[2] + (m > 2 ? a[3] : 0)
	next
}
END { flush(); for (k in order) o[order[k]] = k
	for (i = 1; i <= n; i++) if (o[i] != "") { k = o[i]; last = 1
		for (j = i + 1; j <= n; j++) if (o[j] == k) last = 0
		if (last) printf "%s", txt[k] } }
