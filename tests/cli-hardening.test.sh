# cli-hardening.test.sh: what the commands promise at their edges: output
# that cannot be written is an error, --db names a file and nothing else,
# --order's names are checked, SOURCE_DATE_EPOCH is checked, and running
# out of file descriptors is said in errno's words.
. "$(dirname "$0")/lib.sh"

# holds EXPR: EXPR (shell text, evaluated now) succeeds
holds() { eval "$1"; }

BONNIE=$TOP/sample-data/bonnie-tmpfs.txt
bs import "$BONNIE" > /dev/null 2>&1

# --- output that cannot be written --------------------------------
if [ -w /dev/full ]; then
	for cmd in "list runs" "list tests" "list sources" "list comparisons" \
		"summary" "summary --format tsv" "export" "export --format json" \
		"list --help"; do
		bs $cmd > /dev/full 2> "$T/err"
		rc=$?
		check "$cmd > /dev/full: exit 1 (got $rc)" [ $rc -eq 1 ]
		check "... saying so with errno's words ($(head -1 "$T/err"))" \
			grep -qx "benchsite: cannot write the output: No space left on device" "$T/err"
		check "... one line" [ "$(wc -l < "$T/err")" -eq 1 ]
	done
	"$BIN" --version > /dev/full 2> "$T/err"
	check "--version > /dev/full: exit 1" [ $? -eq 1 ]
	bs list runs > /dev/null 2> "$T/err"
	check "control: list runs > /dev/null exits 0, nothing said" \
		holds '[ $? -eq 0 ] && [ ! -s "$T/err" ]'
else
	skip "output to /dev/full" "no writable /dev/full"
fi

