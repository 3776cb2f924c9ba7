# renderlock.test.sh: renders into one --out folder at once take turns
# (renderer/site/publish_lock.h): three at a time, over many rounds, all exit 0,
# the last publishes a whole site and nothing is left beside it; one that
# had to wait says so; a lock held by another process keeps a render off
# the staging folder until it is released.
. "$TOP/tests/lib.sh"
need python3

G=$TOP/sample-data
bs import "$G/bonnie-tmpfs.txt" "$G/bonnie-xfs-loop.txt" "$G/bonnie-ext4-disk.txt" \
	"$G"/raw/*-cpu.out "$G"/raw/*-memory.out >/dev/null 2>&1
mkdir -p "$T/pub"
# the whole site, as names and contents
sum() { (cd "$1" && find . -type f | sort | xargs sha256sum) | sha256sum | cut -c1-16; }
bs render --out "$T/ref" >/dev/null 2>&1
WANT=$(sum "$T/ref")

ROUNDS=${RENDERLOCK_ROUNDS:-15}
bad=0 waited=0 i=0
while [ $i -lt "$ROUNDS" ]; do
	rm -rf "$T/pub/site"
	for k in 1 2 3; do
		"$BIN" --db "$T/db" render --quiet --jobs 1 --out "$T/pub/site" \
			>/dev/null 2>"$T/err.$k" &
	done
	rc=0
	for k in 1 2 3; do
		wait %$k 2>/dev/null || rc=1
	done
	wait
	for k in 1 2 3; do
		grep -q 'another render is building this site; waiting' "$T/err.$k" &&
			waited=$((waited + 1))
		if grep -v 'another render is building' "$T/err.$k" | grep -q .; then
			rc=1
		fi
	done
	if [ $rc -ne 0 ] || [ "$(sum "$T/pub/site")" != "$WANT" ] ||
	   [ "$(ls -A "$T/pub")" != site ]; then
		bad=$((bad + 1))
		[ $bad -le 3 ] && echo "# round $i: $(cat "$T"/err.* | head -3 | tr '\n' '|') beside: $(ls -A "$T/pub" | tr '\n' ' ')"
	fi
	i=$((i + 1))
done
check "$ROUNDS rounds of three renders into one folder at once: all exit 0 with the whole site and nothing beside it ($bad bad)" \
	test $bad -eq 0
check "a render that had to wait said so ($waited times)" test $waited -gt 0

# a render waits for the lock another process holds (until told to let go) (a POSIX record lock,
# as Python's fcntl.lockf takes it) before it touches the staging folder,
# then publishes
rm -rf "$T/pub/site"
mkdir "$T/pub/.site.benchsite-new" && : > "$T/pub/.site.benchsite-new/mark"
python3 -c '
import fcntl, os, sys, time
f = open(sys.argv[1], "w")
fcntl.lockf(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
while not os.path.exists(sys.argv[3]):
    time.sleep(0.05)' "$T/pub/.site.benchsite-lock" "$T/held" "$T/release" &
hold=$!
while [ ! -e "$T/held" ]; do sleep 0.1; done
"$BIN" --db "$T/db" render --quiet --jobs 1 --out "$T/pub/site" >/dev/null 2>"$T/w.err" &
r=$!
sleep 1.5
check "while another process holds the lock, the render waits and leaves the staging folder alone" \
	test -e "$T/pub/.site.benchsite-new/mark" -a ! -e "$T/pub/site"
: > "$T/release"
wait $hold
wait $r
check "... says it waits, and publishes once the lock is free (exit $?)" \
	sh -c 'grep -q "waiting for it" "$1" && [ "$(ls -A "$2")" = site ]' _ "$T/w.err" "$T/pub"
check "the published site is whole, as a render alone makes it ($(sum "$T/pub/site"))" test "$(sum "$T/pub/site")" = "$WANT"
