#!/bin/sh
# curves.sh: makes the two sample sets whose figures are curves, with
# `benchsite run` (run as root by `make sample-data`, after make.sh):
#
#   pgbench-clients-sweep.tsv  pgbench at 1, 2, 4 and 8 clients against a
#       PostgreSQL started here on loopback, once with synchronous_commit
#       on and once off: a sweep (run --param clients=...), two runs at
#       each point, every second's progress line kept as samples
#   fileio-over-time.tsv  sysbench fileio random read/write for 30 s with
#       --report-interval=1 on an ext4 and an XFS image, loop-mounted:
#       a figure every second, two runs each (run --prepare/--cleanup)
#
# Each file is `benchsite export --with-samples --attrs` of the store the
# runs went into: every figure and every sample, with the machine's and
# the filesystem's facts as columns, read back by `import` as the same
# runs.  What each run printed is kept in raw/curves/ (run --save).
#
# Everything this script mounts, starts or creates is undone on exit,
# whatever happens (trap).
set -eu

. "$(dirname "$0")/recipe.sh"
recipe_start curves.sh "mounts, postgres" sysbench:sysbench pgbench:postgresql \
	mkfs.xfs:xfsprogs mkfs.ext4:e2fsprogs
# PostgreSQL's server programs are not on PATH in Debian
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
id postgres >/dev/null 2>&1 || { echo "curves.sh: no user postgres" >&2; exit 1; }

W=$(mktemp -d /var/tmp/benchsite-curves.XXXXXX)
chmod 755 "$W"
PORT=$((54320 + $$ % 1000))
PGUP=""

cleanup() {
	set +e
	[ -n "$PGUP" ] && su postgres -c "$PGBIN/pg_ctl -D $W/pg -m fast stop" \
		>/dev/null 2>&1
	for m in "$W/ext4" "$W/xfs"; do
		mountpoint -q "$m" && umount "$m"
	done
	rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# pg_start SYNC: the server with synchronous_commit SYNC (on|off)
pg_start() {
	su postgres -c "$PGBIN/pg_ctl -D $W/pg -l $W/pglog/server.log -w -o \
		'-p $PORT -k $W/pglog -c listen_addresses=127.0.0.1 \
		-c synchronous_commit=$1' start" >/dev/null
	PGUP=1
}
pg_stop() {
	su postgres -c "$PGBIN/pg_ctl -D $W/pg -m fast -w stop" >/dev/null
	PGUP=""
}

mkdir -p "$W/raw" "$W/pg" "$W/pglog"
chown postgres "$W/pg" "$W/pglog"

# -- the sweep: pgbench at 1, 2, 4, 8 clients, synchronous_commit on / off
su postgres -c "$PGBIN/initdb -D $W/pg -A trust" >/dev/null
pg_start on
createdb -h 127.0.0.1 -p "$PORT" -U postgres bench
# scale 8: as many branches as the most clients, so that they do not all
# queue on one branch row
pgbench -h 127.0.0.1 -p "$PORT" -U postgres -i -s 8 -q bench >/dev/null 2>&1
for sync in on off; do
	[ "$PGUP" ] || pg_start $sync
	echo "== pgbench, synchronous_commit=$sync" >&2
	"$BIN" --db "$W/sweep.db" run --label "commit-$sync" \
		--set synchronous_commit=$sync --param clients=1,2,4,8 \
		--repeat 2 --save "$W/raw/pgbench-commit-$sync.out" -- \
		pgbench -h 127.0.0.1 -p "$PORT" -U postgres -c '{clients}' \
		-j '{clients}' -T 10 -P 1 bench >/dev/null
	pg_stop
done

# -- over time: sysbench fileio on ext4 and XFS, a report every second
FILEIO="fileio --file-num=8 --file-total-size=512M"
for fs in ext4 xfs; do
	truncate -s 2G "$W/$fs.img"
	case $fs in
	ext4) mkfs.ext4 -q -F "$W/$fs.img" ;;
	xfs) mkfs.xfs -q "$W/$fs.img" ;;
	esac
	mkdir -p "$W/$fs"
	mount -o loop "$W/$fs.img" "$W/$fs"
	echo "== sysbench fileio on $fs" >&2
	"$BIN" --db "$W/time.db" run --label "$fs-image" --dir "$W/$fs" \
		--repeat 2 --save "$W/raw/fileio-$fs.out" \
		--prepare "sysbench $FILEIO prepare" \
		--cleanup "sysbench $FILEIO cleanup" -- \
		sysbench --threads=2 $FILEIO --file-test-mode=rndrw \
		--file-fsync-freq=100 --time=30 --report-interval=1 run \
		>/dev/null
	umount "$W/$fs"
done

"$BIN" --db "$W/sweep.db" export --with-samples --attrs \
	> "$W/pgbench-clients-sweep.tsv"
"$BIN" --db "$W/time.db" export --with-samples --attrs \
	> "$W/fileio-over-time.tsv"
# the outputs replace the old ones only once all of them exist
rm -rf "$OUT/raw/curves"
mv "$W/raw" "$OUT/raw/curves"
mv "$W/pgbench-clients-sweep.tsv" "$W/fileio-over-time.tsv" "$OUT/"
echo "curves.sh: $(ls "$OUT/raw/curves" | wc -l) outputs in" \
	"sample-data/raw/curves" >&2
