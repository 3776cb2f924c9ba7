# streams.test.sh: what comes as a stream is looked at before it is kept
# (issue 19, item 6): /dev/zero and `yes` are refused from their first
# block, in well under a second, with next to nothing written to $TMPDIR.
. "$(dirname "$0")/lib.sh"

mkdir -p "$T/tmp"
# refused_fast WHAT LINE PATTERN: LINE (a shell line) exits 1 in under a
# second saying PATTERN, with every file it writes capped under 1 MiB
# (ulimit -f 1024: blocks of 512 or 1024 bytes); the spool is an unlinked
# file, which du would not see, and a build without the check dies of
# SIGXFSZ there (exit 153) instead of filling the disk.
refused_fast() {
	what=$1 line=$2 pattern=$3
	rm -rf "$T/tmp"/* "$T/db" "$T/db-wal" "$T/db-shm"
	start=$(date +%s%N)
	(ulimit -f 1024; TMPDIR=$T/tmp timeout 5 sh -c "$line") \
		>/dev/null 2>"$T/err"
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	check "$what: exit 1 (got $rc) in ${ms} ms, writing under 1 MiB" \
		[ $rc -eq 1 ] && [ $ms -lt 1000 ]
	check "$what: says why ($(head -c 160 "$T/err"))" grep -q "$pattern" "$T/err"
	check "$what: nothing left in \$TMPDIR" [ -z "$(ls -A "$T/tmp")" ]
}
refused_fast "import - < /dev/zero" \
	"'$BIN' --db '$T/db' import - < /dev/zero" "cannot tell which tool"
refused_fast "import /dev/zero" \
	"'$BIN' --db '$T/db' import /dev/zero" "cannot tell which tool"
refused_fast "yes | import -" \
	"yes | '$BIN' --db '$T/db' import -" "cannot tell which tool"
refused_fast "import --format table - < /dev/zero" \
	"'$BIN' --db '$T/db' import --format table - < /dev/zero" "NUL byte"
check "no store content from any of them" \
	sh -c "[ ! -e '$T/db' ] || [ \"\$(sqlite3 '$T/db' 'select count(*) from source')\" = 0 ]"
# what is fine still comes in through a pipe, longer than the first block
awk 'NR == 1 { print; next } { print }' "$TOP/tests/fixtures/sysbench/v10-cpu-interim.txt" |
	"$BIN" --db "$T/db" import - >/dev/null 2>"$T/err"
check "a sysbench log through a pipe still imports ($(cat "$T/err"))" [ $? -eq 0 ]
{
	echo 'label,test,metric,value,better'
	i=0
	while [ $i -lt 40000 ]; do
		echo "run$i,test-with-a-longish-name-$i,throughput,$i,higher"
		i=$((i + 1))
	done
} > "$T/big.csv"
check "a 2 MB table through a pipe still imports (past the first block)" \
	sh -c "cat '$T/big.csv' | '$BIN' --db '$T/db' import - >/dev/null"
