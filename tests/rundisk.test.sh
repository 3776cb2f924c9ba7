# rundisk.test.sh: the facts `benchsite run --dir` records of the device
# under DIR (collector/run_facts.c), on real filesystems made here: ext4
# and btrfs on loop devices over an image file in the test's folder.
# device is the mount's source, backing_file the loop device's file (as
# losetup says), backing_device the mount holding that file, and
# rotational, scheduler and write_cache those of the disk under it, never
# the loop device's own queue; btrfs, whose mounts have anonymous device
# numbers, gets them all the same.  Needs root, losetup and mount.
. "$TOP/tests/lib.sh"
need sqlite3
S=$TOP/sample-data

LOOPS=
MOUNTS=
cleanup() {
	for m in $MOUNTS; do umount "$m" 2>/dev/null; done
	for l in $LOOPS; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT

# a KEY: attribute KEY of the last run
a() { q "select value from run_attr where key = '$1' and run_id = (select max(id) from run)"; }

if [ "$(id -u)" != 0 ]; then
	skip "run --dir on loop devices" "not root: cannot make loop devices"
	exit 0
fi
if ! command -v losetup >/dev/null || ! command -v findmnt >/dev/null; then
	skip "run --dir on loop devices" "losetup or findmnt is not installed"
	exit 0
fi

# The disk under the image files: its /sys folder (the whole disk's, when
# the image lies on a partition), found by lsblk, or "" when the folder
# is on no disk (tmpfs, overlay).
bdev=$(findmnt -n -o SOURCE --target "$T")
disk=
case $bdev in
/dev/*)
	pk=$(lsblk -no PKNAME "$bdev" 2>/dev/null | head -1)
	name=${pk:-$(basename "$(readlink -f "$bdev")")}
	[ -r "/sys/class/block/$name/queue/rotational" ] &&
		disk=/sys/class/block/$name
	;;
esac

# try FS MKFS...: an image with FS made by MKFS, on a loop device mounted
# at $T/FS; `benchsite run --dir` there, then the checks
try() {
	fs=$1
	shift
	if ! command -v "$1" >/dev/null; then
		skip "run --dir on $fs" "$1 is not installed"
		return
	fi
	truncate -s 128M "$T/$fs.img" && "$@" "$T/$fs.img" >/dev/null 2>&1 || {
		notok "$fs: $* made the image"
		return
	}
	loop=$(losetup -f --show "$T/$fs.img" 2>/dev/null)
	if [ -z "$loop" ]; then
		skip "run --dir on $fs" "losetup cannot make a loop device here"
		return
	fi
	LOOPS="$LOOPS $loop"
	mkdir -p "$T/$fs"
	if ! mount "$loop" "$T/$fs" 2>/dev/null; then
		skip "run --dir on $fs" "mounting $fs is not permitted here"
		return
	fi
	MOUNTS="$T/$fs $MOUNTS"
	fresh
	bs run --dir "$T/$fs" -- cat "$S/bonnie-tmpfs.txt" >/dev/null 2>"$T/err"
	check "$fs: run --dir on the loop mount: exit 0" [ $? = 0 ]
	check "$fs: fs=$fs" [ "$(a fs)" = "$fs" ]
	check "$fs: device is the mount's source ($loop)" [ "$(a device)" = \
		"$(findmnt -n -o SOURCE --target "$T/$fs")" ]
	check "$fs: backing_file is the loop device's file, as losetup says" \
		[ "$(a backing_file)" = "$(losetup -n -O BACK-FILE "$loop" | sed 's/ *$//')" ]
	check "$fs: backing_device is the source of the mount holding the file ($bdev)" \
		[ "$(a backing_device)" = "$bdev" ]
	if [ -n "$disk" ]; then
		check "$fs: rotational is the disk's under the file ($(cat "$disk/queue/rotational"))" \
			[ "$(a rotational)" = "$(cat "$disk/queue/rotational")" ]
		check "$fs: scheduler is the disk's, the one in brackets" \
			[ "$(a scheduler)" = "$(sed -n 's/.*\[\(.*\)\].*/\1/p' "$disk/queue/scheduler")" ]
		check "$fs: write_cache is the disk's" \
			[ "$(a write_cache)" = "$(cat "$disk/queue/write_cache")" ]
		own=$(cat "/sys/class/block/$(basename "$loop")/queue/rotational")
		if [ "$own" != "$(cat "$disk/queue/rotational")" ]; then
			check "$fs: negative control: not the loop device's own rotational ($own)" \
				[ "$(a rotational)" != "$own" ]
		fi
	else
		check "$fs: the file is on no disk: no rotational, not the loop device's" \
			[ -z "$(a rotational)" ]
	fi
}

try ext4 mkfs.ext4 -q -F
try btrfs mkfs.btrfs -q -f
if grep -q " $T/btrfs " /proc/self/mountinfo; then
	check "btrfs: its mount has an anonymous device number (0:N), the case the device name is for" \
		[ "$(findmnt -n -o MAJ:MIN --target "$T/btrfs" | cut -d: -f1 | tr -d ' ')" = 0 ]
fi

# a mount with no disk under it: tmpfs
mkdir -p "$T/tmpfs"
if mount -t tmpfs -o size=4m tmpfs "$T/tmpfs" 2>/dev/null; then
	MOUNTS="$T/tmpfs $MOUNTS"
	fresh
	bs run --dir "$T/tmpfs" -- cat "$S/bonnie-tmpfs.txt" >/dev/null 2>&1
	check "tmpfs: no disk facts and no backing file" \
		[ -z "$(a rotational)$(a scheduler)$(a backing_file)$(a backing_device)" ]
fi
