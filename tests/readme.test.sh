# readme.test.sh: README.md names what the program has.  The command list
# (the first indented block of "## The commands") holds every command of
# `benchsite --help` and no other; the table of "## Formats", and the table
# docs/formats.md opens with, hold every format `benchsite import --help`
# lists under "formats:" (the registry, collector/registry.c) and no other.
# Negative controls: a copy of README.md with one command and one format
# taken out, and a copy with one of each made up, must fail; so must a copy
# of docs/formats.md with a format taken out.
. "$TOP/tests/lib.sh"
README=$TOP/README.md

"$BIN" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' | sort -u > "$T/help-commands"
"$BIN" import --help |
	sed -n '/^formats:/,$ s/^  \([a-z][a-z0-9-]*\) .*/\1/p' | sort -u > "$T/help-formats"
check "--help lists commands ($(wc -l < "$T/help-commands"))" \
	test "$(wc -l < "$T/help-commands")" -gt 5
check "import --help lists formats ($(wc -l < "$T/help-formats"))" \
	test "$(wc -l < "$T/help-formats")" -gt 5

# commands FILE: the commands of FILE's command list, one a line
commands() {
	awk '/^## / { in_s = ($0 == "## The commands"); next }
	     in_s && /^    / { blk = 1; print; next }
	     in_s && blk && /^[^ ]/ { exit }' "$1" |
		grep -o 'benchsite [a-z][a-z]*' | sed 's/^benchsite //' | sort -u
}

# formats FILE: the format names of FILE's format table, one a line
formats() {
	awk '/^## / { in_s = ($0 == "## Formats"); next } in_s' "$1" |
		sed -n 's/^| `\([a-z][a-z0-9-]*\)` |.*/\1/p' | sort -u
}

# doc_formats FILE: the format names of the table docs/formats.md opens
# with (before its first "## " section), one a line
doc_formats() {
	awk '/^## / { exit } { print }' "$1" |
		sed -n 's/^| `\([a-z][a-z0-9-]*\)` |.*/\1/p' | sort -u
}

# agree WHAT WANT GOT: GOT (from the README) lists what WANT (from the
# program) does; prints what differs and returns 1 when anything does
agree() {
	missing=$(comm -23 "$2" "$3" | paste -sd ' ' -)
	extra=$(comm -13 "$2" "$3" | paste -sd ' ' -)
	[ -z "$missing" ] && [ -z "$extra" ] && return 0
	echo "$1:${missing:+ missing: $missing}${extra:+ not in the program: $extra}"
	return 1
}

commands "$README" > "$T/readme-commands"
formats "$README" > "$T/readme-formats"
silent "README.md lists every command of --help, and only those" \
	agree "README.md's commands" "$T/help-commands" "$T/readme-commands"
silent "README.md's format table has every format of import --help, and only those" \
	agree "README.md's formats" "$T/help-formats" "$T/readme-formats"
doc_formats "$TOP/docs/formats.md" > "$T/doc-formats"
silent "docs/formats.md's table has every format of import --help, and only those" \
	agree "docs/formats.md's formats" "$T/help-formats" "$T/doc-formats"
grep -v '^| `dbench` |' "$TOP/docs/formats.md" > "$T/less-formats.md"
doc_formats "$T/less-formats.md" > "$T/c-formats"
if why=$(agree formats "$T/help-formats" "$T/c-formats"); then
	notok "control: the check of docs/formats.md fails with a format less"
else
	ok "control: the check of docs/formats.md fails with a format less ($why)"
fi

# negative controls, on copies of README.md: one with the merge command and
# the dbench format taken out, one with a command and a format made up
for w in merge dbench; do
	check "control: '$w' is the program's to take out" \
		grep -qx "$w" "$T/help-commands" "$T/help-formats"
done
grep -v '^    benchsite merge \|^| `dbench` |' "$README" > "$T/less.md"
awk '{ print }
     $0 == "## The commands" { cmd = 1 }
     cmd && /^    benchsite [a-z]/ && !c++ { print "    benchsite frobnicate FILE" }
     $0 == "## Formats" { fmt = 1 }
     fmt && /^\| `/ && !f++ { print "| `frob` | no such format |" }' \
	"$README" > "$T/more.md"
for copy in less more; do
	commands "$T/$copy.md" > "$T/c-commands"
	formats "$T/$copy.md" > "$T/c-formats"
	if why=$(agree commands "$T/help-commands" "$T/c-commands"); then
		notok "control: the check of commands fails on README.md with a command $copy"
	else
		ok "control: the check of commands fails on README.md with a command $copy ($why)"
	fi
	if why=$(agree formats "$T/help-formats" "$T/c-formats"); then
		notok "control: the check of formats fails on README.md with a format $copy"
	else
		ok "control: the check of formats fails on README.md with a format $copy ($why)"
	fi
done
