# wrapped.test.sh: a tool's output pasted into Markdown or a mail (an
# indented code block, `**` bold, `> ` quoting, HTML entities) imports as
# the plain output does (collector/unwrap.c): the same export, label and
# all; and labels are trimmed.  Each case wraps a plain input with sed,
# keeps its file name (the default label) in another folder, and compares
# the two stores' exports with attributes.
. "$TOP/tests/lib.sh"

RAW=$TOP/sample-data/raw/tools
mkdir "$T/plain" "$T/wrapped"

# same NAME FILE SED: FILE and its sed-wrapped copy export the same
same() {
	name=$1 f=$2 script=$3
	shift 3
	b=$(basename "$f")
	cp "$f" "$T/plain/$b"
	sed "$script" "$f" > "$T/wrapped/$b"
	if cmp -s "$T/plain/$b" "$T/wrapped/$b"; then
		notok "$name: the sed script changed nothing"
		return
	fi
	rm -f "$T/p.db" "$T/w.db"
	"$BIN" --db "$T/p.db" import "$@" "$T/plain/$b" >/dev/null 2>&1
	if ! "$BIN" --db "$T/w.db" import "$@" "$T/wrapped/$b" >/dev/null 2>"$T/err"; then
		notok "$name: the wrapped copy imports ($(cat "$T/err"))"
		return
	fi
	"$BIN" --db "$T/p.db" export --attrs > "$T/p.tsv"
	"$BIN" --db "$T/w.db" export --attrs > "$T/w.tsv"
	if [ "$(wc -l < "$T/p.tsv")" -gt 1 ] && cmp -s "$T/p.tsv" "$T/w.tsv"; then
		ok "$name: imports as the plain output ($(($(wc -l < "$T/p.tsv") - 1)) results)"
	else
		notok "$name: imports as the plain output"
		diff "$T/p.tsv" "$T/w.tsv" | head -5
	fi
}

same "supersmack in **bold**" "$TOP/tests/tables/supersmack-manual.txt" 's/^\(..*\)$/**\1**/'
same "fio normal text in a 4-space code block" "$RAW/fio-3.33-seqread-2jobs-normal.out" 's/^/    /'
same "pgbench quoted in a mail reply" "$RAW/pgbench-15-c4-progress-r.out" 's/^/> /'
same "pgbench quoted twice (> > )" "$RAW/pgbench-15-c2-select-only.out" 's/^/> > /'
same "pgbench HTML-escaped (&lt;builtin: ...&gt;)" "$RAW/pgbench-15-c2-select-only.out" 's/</\&lt;/g; s/>/\&gt;/g'
same "dbench in a tab-indented block" "$RAW/dbench-4.00-2clients.out" 's/^/\t/'
same "sysbench quoted in a mail" "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" 's/^/> /'
same "bonnie++ text and CSV in a code block" "$TOP/sample-data/bonnie-tmpfs.txt" 's/^/    /'

# a mail: prose around a quoted output, the prose unquoted
{ echo "Hi, here is what I got:"; echo; sed 's/^/> /' "$RAW/dbench-4.00-2clients.out"; echo; echo "Cheers"; } > "$T/wrapped/mail.txt"
rm -f "$T/w.db"
"$BIN" --db "$T/w.db" import "$T/wrapped/mail.txt" >/dev/null 2>"$T/err"
check "dbench quoted in a mail with prose around it: read ($(cat "$T/err"))" \
	[ "$("$BIN" --db "$T/w.db" export | awk -F '\t' '$4 == "total" && $5 == "throughput" { print $6 }')" = 360.709 ]

# labels trimmed: a bonnie++ CSV line in an indented Markdown code block
# among prose (so the block is not the whole file)
line=$(grep '^2\.00a\?,\|^1\.9[0-9]*,' "$TOP/sample-data/bonnie-tmpfs.txt" | head -1)
name=$(echo "$line" | cut -d, -f 3)
printf 'Results:\n\n    %s\n\nThat is all.\n' "$(echo "$line" | sed "s/,$name,/,    $name  ,/")" > "$T/wrapped/md.txt"
rm -f "$T/w.db"
"$BIN" --db "$T/w.db" import "$T/wrapped/md.txt" >/dev/null 2>"$T/err"
check "bonnie++ CSV in a Markdown block: the label is '$name', trimmed" \
	[ "$("$BIN" --db "$T/w.db" list --format tsv | tail -n +2 | cut -f 3 | sort -u)" = "$name" ]
