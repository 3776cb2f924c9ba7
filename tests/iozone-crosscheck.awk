# iozone-crosscheck.awk: the figures of an iozone output read a second
# way, independent of collector/formats/iozone.c, as "file_size_kb<TAB>OP-RECk<TAB>
# rate": the auto-mode table's rows (columns from the command line's -i
# options, else all 13), or, when there is no table, the -R blocks.
BEGIN {
	split("write rewrite read reread random-read random-write backward-read record-rewrite stride-read fwrite frewrite fread freread", op, " ")
	split("Writer|Re-writer|Reader|Re-Reader|Random read|Random write|Backward read|Record rewrite|Stride read|Fwrite|Re-Fwrite|Fread|Re-Fread", rn, "|")
	for (i = 1; i <= 13; i++) { col[i] = i; rep["\"" rn[i] " report\""] = i }
	first[0] = 1; first[1] = 3; first[2] = 5; first[3] = 7; first[4] = 8; first[5] = 9; first[6] = 10; first[7] = 12
	cnt[0] = 2; cnt[1] = 2; cnt[2] = 2; cnt[3] = 1; cnt[4] = 1; cnt[5] = 1; cnt[6] = 2; cnt[7] = 2
}
{ sub(/\r$/, "") }
/Command line used:/ {
	any = 0; for (t = 0; t < 8; t++) used[t] = 0
	for (i = 1; i < NF; i++) if ($i == "-i") { used[$(i + 1)] = 1; any = 1 }
	if (any) { used[0] = 1; n = 0; for (t = 0; t < 8; t++) if (used[t]) for (j = 0; j < cnt[t]; j++) col[++n] = first[t] + j }
	next
}
($1 == "kB" || $1 == "KB") && $2 == "reclen" { table = 1; seen = 1; next }
table && NF >= 3 && $1 ~ /^[0-9]+$/ { for (i = 3; i <= NF; i++) print $1 "\t" op[col[i - 2]] "-" $2 "k\t" $i; next }
table { table = 0 }
{ line = $0; sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line) }
line in rep { block = seen ? 0 : rep[line]; nrec = 0; next }
block && NF == 0 { block = 0; next }
block && /^[ \t]/ { for (i = 1; i <= NF; i++) { v = $i; gsub(/"/, "", v); rec[i] = v }; nrec = NF; next }
block { fs = $1; gsub(/"/, "", fs); for (i = 2; i <= NF; i++) print fs "\t" op[block] "-" rec[i - 1] "k\t" $i }
