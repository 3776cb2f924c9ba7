#!/bin/sh
# make.sh: regenerates sample-data/runs.tsv and sample-data/raw/ with
# `benchsite run` (run as root by `make sample-data`).
#
# The same benchmarks on three setups that any Linux machine offers: a
# tmpfs mount, a folder on the disk under /var/tmp, and an XFS image
# loop-mounted from that disk.  On each: sysbench cpu, memory and fileio,
# bonnie++, fio, and sysbench OLTP against a MariaDB server started here,
# on loopback, with its data folder on the setup.  Sizes are small so that
# the whole recipe takes a few minutes; the figures are real, not big.
#
# Each run's captured output is kept as raw/SETUP-TEST.out (what `run`
# stored, byte for byte: `benchsite import raw/x.out` on the store says
# "already imported"); runs.tsv is `benchsite export --attrs` of the
# store, what `make demo` imports: every figure with the machine's and
# the filesystem's facts as columns.
#
# Everything this script mounts, starts or creates is undone on exit,
# whatever happens (trap).
set -eu

. "$(dirname "$0")/recipe.sh"
recipe_start make.sh "mounts, bonnie++ -u root" sysbench:sysbench bonnie++:bonnie++ \
	fio:fio mariadbd:mariadb-server mkfs.xfs:xfsprogs

W=$(mktemp -d /var/tmp/benchsite-sample.XXXXXX)
DB=$W/runs.db
SOCK=$W/mysqld.sock
# a port of our own: above the usual 3306, picked from our pid so that two
# recipes at once do not meet
PORT=$((33060 + $$ % 1000))
MYPID=""

cleanup() {
	set +e
	stop_mysql
	for m in "$W/tmpfs" "$W/xfs"; do
		mountpoint -q "$m" && umount "$m"
	done
	rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

start_mysql() {	# DATADIR
	mkdir -p "$1"
	mariadb-install-db --no-defaults --user=root --datadir="$1" \
		--auth-root-authentication-method=socket >"$W/install.log" 2>&1
	mariadbd --no-defaults --user=root --datadir="$1" --socket="$SOCK" \
		--port="$PORT" --bind-address=127.0.0.1 --pid-file="$W/mysqld.pid" \
		--log-error="$W/mysqld.err" --innodb-buffer-pool-size=64M \
		--innodb-log-file-size=32M --innodb-flush-method=fsync \
		--skip-name-resolve &
	MYPID=$!
	i=0
	until mariadb-admin --no-defaults --socket="$SOCK" -uroot ping \
		>/dev/null 2>&1; do
		i=$((i + 1))
		if [ $i -gt 60 ] || ! kill -0 "$MYPID" 2>/dev/null; then
			cat "$W/mysqld.err" >&2
			echo "make.sh: mariadbd did not start" >&2
			exit 1
		fi
		sleep 0.5
	done
	mariadb --no-defaults --socket="$SOCK" -uroot -e "
		CREATE DATABASE sbtest;
		CREATE USER 'sbtest'@'127.0.0.1' IDENTIFIED BY 'sbtest';
		GRANT ALL ON sbtest.* TO 'sbtest'@'127.0.0.1';"
}

stop_mysql() {
	if [ -n "$MYPID" ]; then
		mariadb-admin --no-defaults --socket="$SOCK" -uroot shutdown \
			>/dev/null 2>&1 || kill "$MYPID" 2>/dev/null
		wait "$MYPID" 2>/dev/null
		MYPID=""
	fi
}

# run SETUP DIR NAME [run options] -- COMMAND...: benchsite run, labelled
# with the setup, its output kept in raw/SETUP-NAME.out
run() {
	setup=$1 dir=$2 name=$3
	shift 3
	"$BIN" --db "$DB" run --label "$setup" --dir "$dir" \
		--save "$W/raw/$setup-$name.out" "$@" >/dev/null
}

mkdir -p "$W/raw" "$W/tmpfs" "$W/disk" "$W/xfs"
mount -t tmpfs -o size=1g tmpfs "$W/tmpfs"
truncate -s 2G "$W/xfs.img"
mkfs.xfs -q "$W/xfs.img"
mount -o loop "$W/xfs.img" "$W/xfs"

SB="sysbench --threads=2"
OLTP="--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$PORT
      --mysql-user=sbtest --mysql-password=sbtest --tables=2 --table-size=20000"
FILEIO="--file-num=8 --file-total-size=128M"

for setup in tmpfs ext4-disk xfs-loop; do
	case $setup in
	tmpfs) d=$W/tmpfs ;;
	ext4-disk) d=$W/disk ;;
	xfs-loop) d=$W/xfs ;;
	esac
	echo "== $setup ($d)" >&2
	run $setup "$d" cpu -- $SB cpu --cpu-max-prime=5000 --time=3 run
	run $setup "$d" memory -- $SB memory --memory-total-size=2G --time=3 run
	# fileio works in the working directory
	(cd "$d" && $SB fileio $FILEIO prepare >/dev/null)
	(cd "$d" && run $setup "$d" fileio-rndrw --repeat 2 -- $SB fileio $FILEIO \
		--file-test-mode=rndrw --file-fsync-freq=10 --time=5 run)
	(cd "$d" && $SB fileio $FILEIO cleanup >/dev/null)
	run $setup "$d" bonnie -- bonnie++ -d "$d" -u root -s 256M -r 128 -n 4 \
		-m "$setup"
	run $setup "$d" fio-randrw -- fio --name=randrw --directory="$d" \
		--rw=randrw --bs=4k --size=64M --runtime=5 --time_based \
		--ioengine=psync --fsync=32 --output-format=json
	rm -f "$d"/randrw.*
	start_mysql "$d/mysql"
	$SB oltp_read_write $OLTP prepare >/dev/null
	run $setup "$d" oltp_read_write -- $SB oltp_read_write $OLTP --time=10 \
		--report-interval=2 run
	stop_mysql
	rm -rf "$d/mysql"
done

"$BIN" --db "$DB" export --attrs > "$W/runs.tsv"
# the outputs replace the old ones only once all of them exist
rm -rf "$OUT/raw"
mv "$W/raw" "$OUT/raw"
mv "$W/runs.tsv" "$OUT/runs.tsv"
echo "make.sh: $(ls "$OUT/raw" | wc -l) outputs in sample-data/raw," \
	"$(($(wc -l < "$OUT/runs.tsv") - 1)) results in sample-data/runs.tsv" >&2
