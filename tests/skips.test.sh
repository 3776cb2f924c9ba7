# skips.test.sh: make check runs for a user without root.  A missing test
# package is named and the check goes on (make deps), and a test that
# cannot run without a missing tool is one SKIP line and exit 0 (lib.sh's
# need); a missing build package still stops make deps.
. "$TOP/tests/lib.sh"
NOPE=benchsite-no-such-tool

# need: a missing tool skips the whole script, a present one lets it run
printf '. "%s/tests/lib.sh"\nneed sh %s\nnotok "ran on without %s"\n' \
	"$TOP" "$NOPE" "$NOPE" > "$T/lacks.test.sh"
printf '. "%s/tests/lib.sh"\nneed sh\nok "ran"\n' "$TOP" > "$T/has.test.sh"
out=$(sh "$T/lacks.test.sh" 2>&1)
rc=$?
check "need: a missing tool is one SKIP line naming it, exit 0 (got $rc: $out)" \
	test "$rc|$out" = "0|ok - lacks # SKIP $NOPE missing"
out=$(sh "$T/has.test.sh" 2>&1)
check "control: need of a tool that is there lets the script run ($out)" \
	test "$out" = "ok - ran"

# make deps as a user without root, with a package that is not installed
if [ "$(id -u)" != 0 ]; then
	as_user() { "$@"; }
elif command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
	as_user() {
		setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
			--reset-env "$@"
	}
fi
if command -v as_user >/dev/null && command -v dpkg-query >/dev/null &&
   command -v make >/dev/null; then
	# the tests' package missing: named, and make goes on
	as_user make -s -C "$TOP" deps DEB_EXTRA=$NOPE DEB_TEST=$NOPE \
		> "$T/out" 2>&1
	rc=$?
	check "make deps, a test package missing, no root: exit 0 (got $rc)" \
		test "$rc" = 0
	check "... the apt-get line names it and says its tests skip ($(tr '\n' ' ' < "$T/out"))" \
		holds 'grep -q "apt-get install -y.* $NOPE" "$T/out" &&
		       grep -q "those tests are skipped" "$T/out"'
	# control: a build package missing still stops it
	as_user make -s -C "$TOP" deps DEB_EXTRA=$NOPE DEB_TEST= \
		> "$T/out" 2>&1
	rc=$?
	check "control: make deps, a build package missing, no root: fails (got $rc)" \
		test "$rc" != 0
else
	skip "make deps without root" "no way to drop root here (setpriv, nobody)"
fi
