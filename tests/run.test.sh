# run.test.sh: `benchsite run` with real tools and hostile command lines.
# Real bonnie++ (and sysbench cpu, where it is installed) under
# run, on a fresh tmpfs mount and on the disk, each attribute compared
# with what another tool (uname, findmnt, /proc) says; failing, garbage
# and shell-looking commands import nothing, start no shell and create no
# file; --repeat; Ctrl-C in the middle of a repeat.
. "$TOP/tests/lib.sh"
need sqlite3
trap 'umount "$T/tmpfs" 2>/dev/null; rm -rf "$T"' EXIT

# a KEY: the attribute KEY of the last run
a() { q "select value from run_attr where key = '$1' and run_id = (select max(id) from run)"; }
runs() { q "select count(*) from run"; }

# ---- bonnie++ on a fresh tmpfs mount ----
mkdir -p "$T/tmpfs" "$T/work"
cd "$T/work" || exit 1
if ! command -v bonnie++ >/dev/null; then
	skip "bonnie++ under run" "bonnie++ is not installed"
elif ! mount -t tmpfs -o size=64m tmpfs "$T/tmpfs" 2>/dev/null; then
	skip "bonnie++ under run on tmpfs" "mounting a tmpfs is not permitted here"
else
	fresh
	bs run --dir "$T/tmpfs" --set setup=tiny -- bonnie++ -d "$T/tmpfs" \
		-u root -s 0 -n 1 -m tinytmp >"$T/out" 2>"$T/err"
	rc=$?
	check "bonnie++ under run: exit 0" [ "$rc" = 0 ]
	check "bonnie++ under run: one bonnie++ run labelled by -m" \
		[ "$(q "select suite || ' ' || label from run")" = "bonnie++ tinytmp" ]
	check "bonnie++ under run: its figures (seq_create rate and more)" \
		[ "$(q "select count(*) from result")" -ge 6 ]
	check "fs=tmpfs on the tmpfs --dir" [ "$(a fs)" = tmpfs ]
	want=$(findmnt -n -o OPTIONS --target "$T/tmpfs")
	check "mount is what findmnt says: '$want'" [ "$(a mount)" = "$want" ]
	check "mount holds the tmpfs size" [ "$(a mount)" != "${want%size=*}" ]
	check "device: the tmpfs source" [ "$(a device)" = tmpfs ]
	check "no disk facts for a tmpfs" [ -z "$(a rotational)$(a scheduler)" ]
	check "host is uname -n" [ "$(a host)" = "$(uname -n)" ]
	check "kernel is uname -r" [ "$(a kernel)" = "$(uname -r)" ]
	os=$(. /etc/os-release && echo "$PRETTY_NAME")
	check "os is PRETTY_NAME: '$os'" [ "$(a os)" = "$os" ]
	check "cpu_count is the processors of /proc/cpuinfo" \
		[ "$(a cpu_count)" = "$(grep -c '^processor' /proc/cpuinfo)" ]
	model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
	if [ -n "$model" ]; then
		check "cpu_model: '$model'" [ "$(a cpu_model)" = "$model" ]
	fi
	check "mem_total is MemTotal" [ "$(a mem_total)" = \
		"$(awk '/^MemTotal:/ { print $2 " " $3 }' /proc/meminfo)" ]
	check "command is the argv joined" [ "$(a command)" = \
		"bonnie++ -d $T/tmpfs -u root -s 0 -n 1 -m tinytmp" ]
	check "started_at is UTC ISO-8601" \
		sh -c "a='$(a started_at)'; echo \"\$a\" | grep -Eq '^20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z\$'"
	check "duration_s is a number of seconds" \
		sh -c "echo '$(a duration_s)' | grep -Eq '^[0-9]+\.[0-9]{3}\$'"
	check "tool_version from the parser" [ "$(a tool_version)" = 2.00a ]
	check "--set kept beside the facts" [ "$(a setup)" = tiny ]
	check "the command's stdout went on to ours (the CSV line)" \
		grep -q '^1\.98,.*,tinytmp,' "$T/out"
	check "no progress line when stderr is not a terminal" \
		sh -c "! grep -q '^\[1/1\]' '$T/err'"
	check "the summary on stderr" grep -q '^benchsite: run 1/1: 1 run' "$T/err"
	check "the test folder of bonnie++ is left clean" \
		[ -z "$(ls -A "$T/tmpfs")" ]
	umount "$T/tmpfs"
fi

# ---- bonnie++ on the disk, --repeat 2, --set over a fact ----
if command -v bonnie++ >/dev/null; then
	fresh
	mkdir -p "$T/disk"
	bs run --repeat 2 --dir "$T/disk" --set fs=myfs --save "$T/saved.out" \
		-- bonnie++ -d "$T/disk" -u root -s 0 -n 1 -m tinydisk \
		>/dev/null 2>"$T/err"
	rc=$?
	check "--save with --repeat 2: saved-1.out and saved-2.out" \
		[ -s "$T/saved-1.out" ] && [ -s "$T/saved-2.out" ]
	check "--save: the saved bytes are the stored source (already imported)" \
		sh -c "'$BIN' --db '$T/db' import '$T/saved-1.out' '$T/saved-2.out' |
			grep -c ': already imported$' | grep -qx 2"
	check "--save: stdout and stderr (bonnie++'s progress) both kept" \
		sh -c "grep -q '^Create files in sequential order' '$T/saved-1.out' &&
			grep -q '^1\.98,' '$T/saved-1.out'"
	check "--repeat 2: exit 0" [ "$rc" = 0 ]
	check "--repeat 2: two runs" [ "$(runs)" = 2 ]
	check "--repeat 2: two sources (one per repeat)" \
		[ "$(q "select count(*) from source")" = 2 ]
	check "--repeat 2: each has its facts" [ "$(q "select count(distinct run_id) \
		from run_attr where key = 'started_at'")" = 2 ]
	check "--set fs=myfs wins over the fact" [ "$(a fs)" = myfs ]
	want=$(findmnt -n -o OPTIONS --target "$T/disk")
	check "the disk's mount options as findmnt says: '$want'" \
		[ "$(a mount)" = "$want" ]
	check "the disk's device as findmnt says" \
		[ "$(a device)" = "$(findmnt -n -o SOURCE --target "$T/disk")" ]
	majmin=$(findmnt -n -o MAJ:MIN --target "$T/disk" | tr -d ' ')
	sys=/sys/dev/block/$majmin
	[ -e "$sys/partition" ] && sys=$sys/..
	if [ -r "$sys/queue/rotational" ]; then
		check "rotational as /sys says" \
			[ "$(a rotational)" = "$(cat "$sys/queue/rotational")" ]
		check "scheduler: the one in brackets" [ "$(a scheduler)" = \
			"$(sed -n 's/.*\[\(.*\)\].*/\1/p' "$sys/queue/scheduler")" ]
		check "write_cache as /sys says" \
			[ "$(a write_cache)" = "$(cat "$sys/queue/write_cache")" ]
	else
		skip "disk facts from /sys" "no /sys/dev/block entry for $majmin"
	fi
	if command -v script >/dev/null; then
		fresh
		script -qec "'$BIN' --db '$T/db' run --repeat 2 -- bonnie++ \
			-d '$T/disk' -u root -s 0 -n 1 -m tty" /dev/null \
			>"$T/tty" 2>&1
		check "progress lines on a terminal: [repeat 1 of 2] and [repeat 2 of 2] with the command" \
			sh -c "grep -q '^\[repeat 1 of 2\] bonnie++ -d ' '$T/tty' && \
			       grep -q '^\[repeat 2 of 2\] bonnie++ -d ' '$T/tty'"
	else
		skip "progress line on a terminal" "script(1) is not installed"
	fi
fi

# ---- sysbench cpu on tmpfs ----
if ! command -v sysbench >/dev/null; then
	skip "sysbench cpu under run" "sysbench is not installed"
elif ! "$BIN" import --help | grep -q '^  sysbench '; then
	skip "sysbench cpu under run" "the sysbench parser is not in this build yet"
elif ! mount -t tmpfs -o size=16m tmpfs "$T/tmpfs" 2>/dev/null; then
	skip "sysbench cpu under run on tmpfs" "mounting a tmpfs is not permitted here"
else
	fresh
	bs run --dir "$T/tmpfs" -- sysbench cpu --time=1 --cpu-max-prime=2000 \
		run >"$T/out" 2>"$T/err"
	check "sysbench cpu under run: exit 0" [ $? = 0 ]
	check "sysbench cpu: fs=tmpfs" [ "$(a fs)" = tmpfs ]
	check "sysbench cpu: mount as findmnt says" [ "$(a mount)" = \
		"$(findmnt -n -o OPTIONS --target "$T/tmpfs")" ]
	eps=$(q "select value from result where test = 'cpu' and metric = 'events_per_sec'")
	want=$(sed -n 's/^ *events per second: *//p' "$T/out")
	check "sysbench cpu: events_per_sec $eps is what it printed ($want)" \
		awk -v a="$eps" -v b="$want" 'BEGIN { exit !(a > 0 && a == b + 0) }'
	umount "$T/tmpfs"
fi

# ---- what must import nothing ----
fresh
bs init
dump "$T/db" > "$T/before"
mkdir -p "$T/fail" && cd "$T/fail" || exit 1
bs run -- false >/dev/null 2>"$T/err"
rc=$?
check "false: exit 1" [ "$rc" = 1 ]
check "false: says the status" grep -q "'false' exited with status 1" "$T/err"
kept=$(sed -n 's/.*its output is in //p' "$T/err")
check "false: the kept output file exists ($kept)" [ -f "$kept" ]
case $kept in benchsite-run.[0-9]*.[0-9]*.out) ok "false: kept file named prefix.pid.counter.out" ;;
	*) notok "false: kept file named '$kept'" ;; esac

bs run -- echo hello >/dev/null 2>"$T/err"
rc=$?
check "echo hello: exit 1" [ "$rc" = 1 ]
check "echo hello: says nothing could be read" \
	grep -q "printed nothing benchsite can read" "$T/err"
kept=$(sed -n 's/.*its output is in //p' "$T/err")
check "echo hello: the kept file holds the output" \
	[ "$(cat "$kept" 2>/dev/null)" = hello ]

bs run -- sh -c 'echo out; echo err >&2; exit 3' >"$T/out" 2>"$T/err"
rc=$?
kept=$(sed -n 's/.*its output is in //p' "$T/err")
check "exit 3: exit 1" [ "$rc" = 1 ]
check "stdout and stderr both captured" \
	[ "$(sort "$kept" 2>/dev/null | tr '\n' ' ')" = "err out " ]
check "stdout went to stdout, stderr to stderr" \
	sh -c "[ \"\$(cat '$T/out')\" = out ] && grep -q '^err\$' '$T/err'"

bs run -- /no/such/command >/dev/null 2>"$T/err"
check "a command that does not exist: exit 1" [ $? = 1 ]
check "a command that does not exist: says so" \
	grep -q "cannot run '/no/such/command'" "$T/err"

# arguments a shell would act on: passed as they are, to echo alone
set -- echo '; touch pwned' '$(touch pwned2)' '`touch pwned3`' '"q"' "'q'" '&& id'
bs run -- "$@" >"$T/out" 2>"$T/err"
rc=$?
check "shell words as arguments: exit 1 (echo prints nothing readable)" [ "$rc" = 1 ]
check "shell words as arguments: echoed literally" [ "$(cat "$T/out")" = \
	"; touch pwned \$(touch pwned2) \`touch pwned3\` \"q\" 'q' && id" ]
check "no file pwned created (in the test folder or /)" \
	[ -z "$(find "$T" -name 'pwned*')" ] && [ ! -e /pwned ]
if command -v strace >/dev/null; then
	strace -f -qq -e trace=execve -o "$T/trace" "$BIN" --db "$T/db" run -- \
		"$@" >/dev/null 2>&1
	check "strace: echo was executed" \
		grep -q 'execve("[^"]*/echo", \["echo", "; touch pwned"' "$T/trace"
	check "strace: no shell was ever started" \
		sh -c "! grep -E 'execve\(\"[^\"]*/(sh|bash|dash)\"' '$T/trace'"
else
	skip "no shell started (strace)" "strace is not installed"
fi
dump "$T/db" > "$T/after"
check "nothing imported by any of them" cmp -s "$T/before" "$T/after"
check "no file pwned created (second look)" [ -z "$(find "$T" -name 'pwned*')" ]

# ---- usage ----
bs run >/dev/null 2>&1
check "no command: exit 2" [ $? = 2 ]
bs run --repeat 0 -- true >/dev/null 2>&1
check "--repeat 0: exit 2" [ $? = 2 ]
bs run --dir "$T/nonexistent" -- true >/dev/null 2>&1
check "--dir that does not exist: exit 1" [ $? = 1 ]

# ---- Ctrl-C in the middle of the second repeat ----
# The command prints a bonnie++ CSV line at once (its seed field made
# unique so that each repeat's bytes differ), then, from its second call
# on, says so with a file and waits 30 s: SIGINT must stop it at once
# and leave only the first repeat's run.
if [ -f "$TOP/sample-data/bonnie-x3-ext4-disk.csv" ]; then
	fresh
	tail -1 "$TOP/sample-data/bonnie-x3-ext4-disk.csv" > "$T/line.csv"
	cat > "$T/slow.sh" <<EOF
sed "s/^\([^,]*,[^,]*,[^,]*,[^,]*\),[^,]*,/\1,\$\$,/" "$T/line.csv"
if [ -e "$T/first" ]; then touch "$T/second"; sleep 30; else touch "$T/first"; fi
EOF
	interrupt INT "$T/second" "$BIN" --db "$T/db" run --repeat 3 -- sh "$T/slow.sh"
	check "Ctrl-C: exit 1" [ "$rc" = 1 ]
	check "Ctrl-C: the command stopped at once (${took}s, not 30)" [ "$took" -lt 10 ]
	check "Ctrl-C: the first repeat imported, nothing of the second" \
		[ "$(runs)" = 1 ]
	check "Ctrl-C: says it was interrupted" grep -q "interrupted" "$T/err"
	check "Ctrl-C: no third repeat started" \
		[ "$(grep -c 'run ./3' "$T/err")" = 2 ]
	# a hang-up (an ssh session gone) stops the command as Ctrl-C does,
	# its process group with it
	fresh
	rm -f "$T/first" "$T/second"
	cat > "$T/hup.sh" <<EOF
sed "s/^\([^,]*,[^,]*,[^,]*,[^,]*\),[^,]*,/\1,\$\$,/" "$T/line.csv"
if [ -e "$T/first" ]; then sleep 30 & echo \$! > "$T/sleep.pid"; touch "$T/second"; wait
else touch "$T/first"; fi
EOF
	interrupt HUP "$T/second" "$BIN" --db "$T/db" run --repeat 3 -- sh "$T/hup.sh"
	check "SIGHUP: exit 1, the command stopped at once (${took}s, not 30)" \
		[ "$rc" = 1 -a "$took" -lt 10 ]
	check "SIGHUP: the first repeat imported, says it was interrupted" \
		sh -c '[ "$1" = 1 ] && grep -q interrupted "$2"' _ "$(runs)" "$T/err"
	# (a zombie is dead: this machine's init may be slow to reap it)
	check "SIGHUP: nothing of the command is left running (its sleep 30)" \
		sh -c '[ -s "$1" ] && ! ps -o stat= -p "$(cat "$1")" | grep -qv Z' _ "$T/sleep.pid"
else
	skip "Ctrl-C" "sample-data/bonnie-x3-ext4-disk.csv is missing"
fi

# ---- a command line holding bytes a name may not (ESC, Latin-1) ----
# the run is stored, the command fact with U+FFFD in their place
if command -v sysbench >/dev/null 2>&1; then
	fresh
	"$BIN" --db "$T/db" run --quiet -- sh -c 'sysbench cpu --time=1 run' \
		"$(printf 'x\033[2Jy')" "$(printf '\351t\351')" >/dev/null 2>"$T/err"
	rc=$?
	check "an ESC and Latin-1 bytes in the command line: the run is stored (exit $rc, $(runs) run)" \
		[ "$rc" = 0 -a "$(runs)" = 1 ]
	check "... its command fact reads, U+FFFD for each refused character" \
		[ "$(sqlite3 "$T/db" "select value from run_attr where key = 'command'")" = \
		  "sh -c sysbench cpu --time=1 run x$(printf '\357\277\275')[2Jy $(printf '\357\277\275t\357\277\275')" ]
else
	skip "a command line with an ESC" "sysbench is not installed"
fi

# ---- sample-data/runs.tsv and raw/ (made by make sample-data) ----
S=$TOP/sample-data
if [ -f "$S/runs.tsv" ] && [ -d "$S/raw" ]; then
	fresh
	# sysbench never prints an OLTP script's name: run took it from the
	# command, import is told it
	for f in "$S"/raw/*.out; do
		case $f in
		*oltp_read_write*) bs import --test oltp_read_write "$f" ;;
		*) bs import "$f" ;;
		esac
	done >/dev/null 2>&1
	bs export | tail -n +2 | cut -f 3-9 | LC_ALL=C sort > "$T/raw.rows"
	tail -n +2 "$S/runs.tsv" | cut -f 3-9 | LC_ALL=C sort > "$T/tsv.rows"
	check "sample-data: raw/ read again gives every figure of runs.tsv ($(wc -l < "$T/tsv.rows") results)" \
		cmp -s "$T/raw.rows" "$T/tsv.rows"
	check "sample-data: every run of runs.tsv has host, kernel, fs, mount, started_at" \
		awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["host"] == "" || $c["kernel"] == "" || $c["fs"] == "" ||
			$c["mount"] == "" || $c["started_at"] == "" { bad = 1 }
			END { exit bad }' "$S/runs.tsv"
	check "sample-data: three filesystems" [ "$(awk -F '\t' \
		'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["fs"] }' "$S/runs.tsv" | sort -u | tr '\n' ' ')" = "ext4 tmpfs xfs " ]
else
	skip "sample-data/runs.tsv" "not made yet (make sample-data)"
fi
