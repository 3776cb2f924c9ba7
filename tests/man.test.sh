# man.test.sh: benchsite.1 and the --help texts agree: every long option
# and every command of one is in the other, the page renders without
# warnings, and `make install` installs it.
. "$TOP/tests/lib.sh"
MAN=$TOP/benchsite.1

# the long options of a text: "--name" words, "--" alone left out
longopts() { grep -o -- '--[a-z][a-z-]*' | sort -u; }

"$BIN" --help > "$T/help"
sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' "$T/help" > "$T/commands"
check "--help lists commands ($(wc -l < "$T/commands"))" test -s "$T/commands"
{
	longopts < "$T/help"
	while read -r c; do
		"$BIN" --db "$T/db" "$c" --help | longopts
	done < "$T/commands"
} | sort -u > "$T/help-opts"
# the page's source with its escapes undone (\- is a minus, \fB a font),
# leaving out the example lines of other programs (rsync --delete)
sed 's/\\-/-/g; s/\\f[BIRP]//g' "$MAN" |
	awk '/^\.nf/ { ex = 1 } /^\.fi/ { ex = 0 } !ex || /^benchsite /' > "$T/page"
longopts < "$T/page" > "$T/man-opts"
check "the --help texts have long options ($(wc -l < "$T/help-opts"))" \
	test "$(wc -l < "$T/help-opts")" -gt 10
missing=$(comm -23 "$T/help-opts" "$T/man-opts" | tr '\n' ' ')
check "every option of --help is in benchsite.1${missing:+ (missing: $missing)}" \
	test -z "$missing"
extra=$(comm -13 "$T/help-opts" "$T/man-opts" | tr '\n' ' ')
check "every option of benchsite.1 is in a --help${extra:+ (only in the page: $extra)}" \
	test -z "$extra"
sed -n 's/^\.SS \([a-z][a-z]*\).*/\1/p' "$MAN" | sort > "$T/man-commands"
check "every command has its section in benchsite.1, and only those" \
	test "$(sort "$T/commands")" = "$(cat "$T/man-commands")"
for job in "Publish a comparison" "Import legacy output" "Regenerate the charts"; do
	check "benchsite.1 has an example: $job" grep -q "^$job" "$MAN"
done
if command -v groff > /dev/null; then
	LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$MAN" > "$T/warn" 2>&1
	check "benchsite.1 renders without groff warnings" test ! -s "$T/warn"
else
	skip "benchsite.1 renders without groff warnings" "groff is not installed"
fi
check "make install puts benchsite.1 in \$(PREFIX)/share/man/man1" sh -c \
	'make -s -n -C "$1" install DESTDIR=/x PREFIX=/p | grep -q "benchsite.1 /x/p/share/man/man1/benchsite.1"' _ "$TOP"
