# mergerace.test.sh: merge reads another store while a program imports into
# it (a host still benchmarking while the lab machine merges): each merge
# exits 0 with a consistent copy (every source it brought holds the runs and
# results it holds in the other store), never "UNIQUE constraint failed",
# "cannot copy a run" or a healthy store called malformed.
. "$TOP/tests/lib.sh"
need sqlite3

N=${MERGERACE_IMPORTS:-300}
mkdir -p "$T/in"
i=0
while [ $i -lt "$N" ]; do
	awk -v i=$i 'BEGIN { print "label,test,metric,value,better";
		for (k = 0; k < 40; k++) printf "host%d,t%d,m,%d,higher\n", i, k, i + k }' \
		> "$T/in/f$i.csv"
	i=$((i + 1))
done
# a store worth a while to read: the sample data and the first file
"$BIN" --db "$T/other.db" import "$TOP/sample-data" "$T/in/f0.csv" >/dev/null 2>&1

# the importer: one process a file, as a benchmark host writes
(
	i=1
	while [ $i -lt "$N" ]; do
		"$BIN" --db "$T/other.db" import "$T/in/f$i.csv" >/dev/null 2>&1
		i=$((i + 1))
	done
	: > "$T/done"
) &
imp=$!

# consistent DB: every source of DB holds as many runs and results as the
# same source (by SHA-256) in the other store
consistent() {
	sqlite3 -cmd ".timeout 10000" "$1" "attach '$T/other.db' as o;
		select count(*) from source s
		where (select count(*) from run where source_id = s.id) !=
		      (select count(*) from o.run r join o.source os on r.source_id = os.id where os.sha256 = s.sha256)
		   or (select count(*) from result x join run r on x.run_id = r.id where r.source_id = s.id) !=
		      (select count(*) from o.result x join o.run r on x.run_id = r.id join o.source os on r.source_id = os.id where os.sha256 = s.sha256)"
}
# each merge either copies one state of the other store, or (when no quiet
# moment came for 30 s: a slow machine, the sanitizer build) says the store
# is being written and changes nothing; never a wrong copy or error
merges=0 bad=0 busy=0
while [ ! -e "$T/done" ]; do
	rm -f "$T/mine.db" "$T/mine.db-wal" "$T/mine.db-shm"
	"$BIN" --db "$T/mine.db" merge "$T/other.db" >/dev/null 2>"$T/err"
	rc=$?
	merges=$((merges + 1))
	if [ $rc -ne 0 ] && grep -q 'changed while it was read.*merge it again when it is idle' "$T/err" &&
	   [ "$(sqlite3 "$T/mine.db" 'select count(*) from source')" = 0 ]; then
		busy=$((busy + 1))
	elif [ $rc -ne 0 ] || [ "$(consistent "$T/mine.db")" != 0 ] ||
	   [ "$(sqlite3 "$T/mine.db" 'pragma integrity_check')" != ok ]; then
		bad=$((bad + 1))
		[ $bad -le 3 ] && echo "# merge $merges: exit $rc: $(head -c 200 "$T/err")"
	fi
done
wait $imp
check "$merges merges during $N imports into the other store: each a consistent copy, or told the store is being written ($busy) and nothing changed ($bad bad)" \
	test "$bad" -eq 0 -a "$merges" -gt "$busy"
check "the other store is healthy after it all" \
	test "$(sqlite3 "$T/other.db" 'pragma integrity_check')" = ok
# the last merge, of the store at rest, brings every source
rm -f "$T/mine.db"*
"$BIN" --db "$T/mine.db" merge "$T/other.db" >/dev/null 2>&1
check "control: a merge of the store at rest brings every source" \
	test "$(sqlite3 "$T/mine.db" 'select count(*) from source')" = "$(sqlite3 "$T/other.db" 'select count(*) from source')"
