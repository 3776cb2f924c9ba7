# options.test.sh: each command's table of options (cli/options.h, printed
# by `unit options`) against what people read: the usage lines of the
# command's --help name every option of the table and no other, its
# option lines name only the table's, and the command's section of
# benchsite.1 has an entry (.TP) for every option, with an argument where
# the option takes one, and for no other.
. "$TOP/tests/lib.sh"
: "${UNIT:?run through tests/run.sh}"

"$UNIT" options > "$T/table"
check "unit options prints the tables ($(wc -l < "$T/table") options)" \
	test -s "$T/table"
cut -f1 "$T/table" | sort -u > "$T/with-options"

# benchsite.1's option entries, a line each: command, name, argument
# (none, required, optional); the page's escapes undone (\- a minus, \fB
# a font), the line after each .TP of a command's section
sed 's/\\-/-/g; s/\\f[BIRP]//g' "$TOP/benchsite.1" | awk '
	/^\.SS / { cmd = $2 } /^\.SH / { cmd = "" }
	prev == ".TP" && cmd != "" && /^\.B[IR]? --/ {
		kind = $1 == ".B" ? "none" : $1 == ".BI" ? "required" : "optional"
		if ($1 == ".BR" && $0 !~ /\[ *=/) kind = "none"
		line = $0
		while (match(line, /--[a-z][a-z-]*/)) {
			print cmd "\t" substr(line, RSTART + 2, RLENGTH - 2) "\t" kind
			line = substr(line, RSTART + RLENGTH)
		}
	}
	{ prev = $0 }' | sort > "$T/man"
cut -f1-3 "$T/table" | sort > "$T/table3"
diff "$T/table3" "$T/man" > "$T/man.diff"
check "benchsite.1 has an entry for every option of the tables, with its argument, and no other$(sed -n 's/^\([<>]\)/ \1/p' "$T/man.diff" | tr '\t\n' ' ')" \
	test ! -s "$T/man.diff"

for c in $("$BIN" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p'); do
	"$BIN" --db "$T/db" "$c" --help > "$T/help"
	awk -F'\t' -v c="$c" '$1 == c { print $2 }' "$T/table" | sort > "$T/want"
	# the usage lines: up to the first empty line (init's names the
	# global --db too)
	sed '/^$/q' "$T/help" | grep -o -- '--[a-z][a-z-]*' | cut -c3- |
		grep -vx db | sort -u > "$T/usage"
	check "$c: its usage lines name every option of its table, and no other" \
		cmp -s "$T/want" "$T/usage"
	grep '^  --' "$T/help" | grep -o -- '--[a-z][a-z-]*' | cut -c3- |
		sort -u > "$T/lines"
	check "$c: its option lines name only options of its table" \
		test -z "$(comm -13 "$T/want" "$T/lines")"
done
