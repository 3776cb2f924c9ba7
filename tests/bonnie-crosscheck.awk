# bonnie-crosscheck.awk: a second, independent reading of bonnie++ CSV
# lines (1.96/1.97: 48 fields, 1.98+: 50, 1.0x: 27), written straight from
# FORMATS.md, that prints the rows benchsite's export should hold:
# label suite test metric value unit better status, tab-separated, in the
# order bonnie++ lists its tests.  golden.test.sh compares the two.
BEGIN {
	FS = ","; OFS = "\t"; OFMT = "%.10g"
	split("putc put_block rewrite getc get_block seeks seq_create seq_stat seq_del ran_create ran_stat ran_del", T, " ")
}
function val(v, test, metric, unit, better) {
	if (v == "") return
	if (v ~ /^\++$/) { print label, "bonnie++", test, metric, "", unit, better, "too-fast"; return }
	print label, "bonnie++", test, metric, v + 0, unit, better, "ok"
}
function lat(v, test,   n) {
	if (v == "") return
	n = v; sub(/[a-z]+$/, "", n)
	if (v ~ /us$/) n = n * 1; else if (v ~ /ms$/) n = n * 1000; else n = n * 1000000
	print label, "bonnie++", test, "latency", sprintf("%d", n), "us", "lower", "ok"
}
function row(rate0, cpu0, lat0, frate0, fcpu0, flat0,   i, unit) {
	for (i = 0; i < 12; i++) {
		unit = i < 5 ? "KiB/s" : "1/s"
		if (i < 6) {
			val($(rate0 + 2 * i), T[i + 1], "rate", unit, "higher")
			val($(cpu0 + 2 * i), T[i + 1], "cpu", "%", "lower")
			if (lat0) lat($(lat0 + i), T[i + 1])
		} else {
			val($(frate0 + 2 * (i - 6)), T[i + 1], "rate", unit, "higher")
			val($(fcpu0 + 2 * (i - 6)), T[i + 1], "cpu", "%", "lower")
			if (flat0) lat($(flat0 + i - 6), T[i + 1])
		}
	}
}
{ sub(/\r$/, "") }
$1 ~ /^1\.9[0-7]/ && NF == 48 { label = $3; row(8, 9, 37, 25, 26, 43); next }
$1 == "1.98" && NF == 50 { label = $3; row(10, 11, 39, 27, 28, 45); next }
NF == 27 && $2 ~ /^[0-9]+[MG]/ { label = $1; row(3, 4, 0, 16, 17, 0); next }
