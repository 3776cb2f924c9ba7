# golden.test.sh: every bonnie++ file of ../shared/corpus/bonnie and of
# sample-data/ imported into an empty store and exported (with attributes)
# must equal its checked-in dump in tests/golden/; and, read a second way by
# bonnie-crosscheck.awk, the figures must be exactly those bonnie++ printed.
# GOLDEN_UPDATE=1 rewrites the dumps (review the diff before committing).
. "$TOP/tests/lib.sh"

# crosscheck FILE: the figures of the export as bonnie-crosscheck.awk
# reads them from FILE
crosscheck() {
	name=$(basename "$1")
	awk -f "$TOP/tests/bonnie-crosscheck.awk" "$1" > "$T/want"
	bs export | tail -n +2 | cut -f 2-9 > "$T/got8"
	agrees "$T/got8" "$name: every figure as bonnie++ printed it" \
		"$name: figures differ from an independent reading"
}

corpus bonnie "bonnie++ corpus files" golden_files crosscheck ""
golden_files crosscheck "" "$TOP"/sample-data/bonnie-*

# A 1.0x CSV line holds no version, and may have an empty name: the text
# table before it (bonnie++ 1.03's layout) names both, and the run keeps
# them; a CSV line's own name wins, and a table's facts are its own line's
# only.  The CSV line is the corpus's real 1.03 line (pommi), its name
# blanked; no real 1.03 table is at hand, so the table is typed in the
# layout bonnie++ 1.03 prints.
V103=$CORPUS/bonnie/pommi_bonnie2gchart_bonnie.csv
if [ -f "$V103" ]; then
	line=$(grep '^host7,' "$V103")
	{
		echo 'Version  1.03e      ------Sequential Output------ --Sequential Input- --Random-'
		echo '                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--'
		echo 'Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP'
		echo 'host7         8096M 38449  67 36403   9 19240   5 47427  74 47958   7 330.6   0'
		echo "${line#host7}"
		echo "$line" | sed 's/^host7,/other,/'
	} > "$T/v103-table.txt"
	fresh
	bs import "$T/v103-table.txt" >/dev/null 2>&1
	check "1.03 table: an empty CSV name takes the table's machine, and its Version is tool_version" \
		test "$(bs export --attrs | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "tool_version") c = i; next }
			$5 == "rate" && $4 == "putc" { printf "%s=%s ", $2, $c }')" = "host7=1.03e other= "
else
	skip "1.03 table around a 1.0x line" "../shared/corpus is absent"
fi
