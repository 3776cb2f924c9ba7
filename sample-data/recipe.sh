# recipe.sh: what the sample-data recipes (make.sh, curves.sh) begin with,
# sourced by them: where they are, that they can run, and the Debian
# packages of the benchmarks they run.
#
#   recipe_start NAME WHY_ROOT COMMAND:PACKAGE...
#
# sets TOP (the checkout), BIN (its benchsite) and OUT (sample-data/);
# stops (naming NAME) unless run as root (WHY_ROOT says why it must be)
# with benchsite built; installs the PACKAGE of each COMMAND not on PATH.
recipe_start() {
	name=$1 why=$2
	shift 2
	TOP=$(cd "$(dirname "$0")/.." && pwd)
	BIN=$TOP/benchsite
	OUT=$TOP/sample-data
	[ "$(id -u)" = 0 ] || { echo "$name: run as root ($why)" >&2; exit 1; }
	[ -x "$BIN" ] || { echo "$name: build benchsite first (make)" >&2; exit 1; }
	need=""
	for p in "$@"; do
		command -v "${p%%:*}" >/dev/null || need="$need ${p#*:}"
	done
	if [ -n "$need" ]; then
		apt-get update -qq
		# shellcheck disable=SC2086
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends $need
	fi
}
