# kinds.test.sh: the kinds of statement and the support words have one
# table (analysis/kinds.h, printed by `unit kinds`); what names them for
# people agrees with it.  docs/analysis.md's "summary --format tsv" section
# lists every kind (in the table's order) and every support word;
# `summary --help` lists the kinds of a comparison and of a sweep (figures
# over time have their own section of the docs, not of the help) and every
# support word.  Negative controls: a copy of the docs with a kind taken
# out, and one with a kind made up, must fail.
. "$TOP/tests/lib.sh"
DOC=$TOP/docs/analysis.md

"$UNIT" kinds > "$T/table"
awk '$2 != "support" { print $1 }' "$T/table" > "$T/kinds"
awk '$2 == "comparison" || $2 == "sweep" { print $1 }' "$T/table" > "$T/help-want"
awk '$2 == "support" { print $1 }' "$T/table" > "$T/supports"
check "the table has kinds of each family and support words ($(wc -l < "$T/table") rows)" \
	test "$(wc -l < "$T/kinds")" -gt 15 -a "$(wc -l < "$T/supports")" -eq 5

# section FILE: the "## summary --format tsv" section of FILE as one line
section() {
	awk '/^## / { in_s = ($0 == "## summary --format tsv"); next }
	     in_s' "$1" | tr '\n' ' '
}

# doc_kinds FILE: the kinds FILE's sentence "Kinds: ..." names, in order
doc_kinds() {
	section "$1" | sed -n 's/.*Kinds: \(.*\) (Over time, below)\..*/\1/p' |
		grep -o '`[a-z_-]*`' | tr -d '`'
}

# doc_supports FILE: the words of the support column FILE names
doc_supports() {
	section "$1" | sed -n 's/.*difference rests on: \(.*\); *empty for.*/\1/p' |
		grep -o '`[a-z_-]*`' | tr -d '`'
}

# same WHAT WANT GOT: prints what differs, returns 1 when anything does
same() {
	cmp -s "$2" "$3" && return 0
	echo "$1: want $(paste -sd ' ' - < "$2"), got $(paste -sd ' ' - < "$3")"
	return 1
}

doc_kinds "$DOC" > "$T/doc-kinds"
doc_supports "$DOC" > "$T/doc-supports"
silent "docs/analysis.md lists every kind of the table, in its order, and no other" \
	same "docs/analysis.md's kinds" "$T/kinds" "$T/doc-kinds"
silent "docs/analysis.md lists every support word of the table, and no other" \
	same "docs/analysis.md's support words" "$T/supports" "$T/doc-supports"

{ "$BIN" summary --help | tr "\n" " "; echo; } > "$T/help"
{
	sed -n 's/.* kind (\([^)]*\)).*/\1/p' "$T/help" | tr ' ' '\n'
	sed -n 's/.* kinds \(.*\) are a sweep.*/\1/p' "$T/help" |
		sed 's/,//g; s/ and / /' | tr ' ' '\n'
} | grep . > "$T/help-kinds"
sed -n 's/.*difference rests on: \([^)]*\)).*/\1/p' "$T/help" |
	sed 's/,//g' | tr ' ' '\n' | grep . > "$T/help-supports"
silent "summary --help lists every kind of a comparison and a sweep, in the table's order" \
	same "summary --help's kinds" "$T/help-want" "$T/help-kinds"
silent "summary --help lists every support word of the table" \
	same "summary --help's support words" "$T/supports" "$T/help-supports"

# negative controls, on copies of the docs
sed 's/`vs-best`, //' "$DOC" > "$T/less.md"
doc_kinds "$T/less.md" > "$T/less-kinds"
check "control: the docs less vs-best fail the check" \
	sh -c '! cmp -s "$1" "$2"' - "$T/kinds" "$T/less-kinds"
sed 's/`fixed`; a sweep/`fixed`, `regression`; a sweep/' "$DOC" > "$T/more.md"
doc_kinds "$T/more.md" > "$T/more-kinds"
check "control: the docs with a made-up kind fail the check" \
	sh -c '! cmp -s "$1" "$2" && grep -qx regression "$2"' - "$T/kinds" "$T/more-kinds"
