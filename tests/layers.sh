#!/bin/sh
# layers.sh [DIR]: the include rule of docs/architecture.md, checked on the
# sources below DIR (default: the project).  Prints each #include that
# points up or sideways as "FILE:LINE: FOLDER may not include TARGET" and
# exits 1 when there is any.
#
#   core       includes core
#   schema     includes core, schema
#   collector  includes core, schema, collector
#   analysis   includes core, schema, analysis
#   renderer   includes core, schema, analysis, renderer
#   cli        includes all of those, and cli
#   main.c     includes anything
#
# Only quoted includes are project files; <...> are the system's and the
# libraries'.  A path is resolved against the including file's folder, so
# "../schema/store.h" from core/ is schema's, and "store.h" from schema/
# is schema's own.
dir=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$dir" || exit 2
bad=0
# every folder's subfolders belong to its layer (collector/formats/ is the
# collector's)
for f in $(find core schema collector analysis renderer cli -name '*.[ch]' \
	   2>/dev/null | sort); do
	[ -f "$f" ] || continue
	from=${f%%/*}
	case $from in
	core) allowed="core" ;;
	schema) allowed="core schema" ;;
	collector) allowed="core schema collector" ;;
	analysis) allowed="core schema analysis" ;;
	renderer) allowed="core schema analysis renderer" ;;
	cli) allowed="core schema collector analysis renderer cli" ;;
	esac
	# LINE TARGET for each quoted include, the target resolved from the
	# file's folder ("../x/y.h" -> "x/y.h", "y.h" -> "FROM/y.h"; from
	# collector/formats/, "../../core/err.h" -> "core/err.h")
	out=$(awk -v dir="${f%/*}" '
		/^[ \t]*#[ \t]*include[ \t]*"/ {
			t = $0
			sub(/^[^"]*"/, "", t); sub(/".*/, "", t)
			d = dir
			while (t ~ /^\.\.\//) {
				sub(/^\.\.\//, "", t)
				if (d ~ /\//) sub(/\/[^\/]*$/, "", d)
				else d = ""
			}
			print FNR, (d == "" ? t : d "/" t)
		}' "$f") || exit 2
	[ -n "$out" ] || continue
	while read -r line target; do
		to=${target%%/*}
		[ "$to" = "$target" ] && to=.	# a file at the top: main.c's
		ok=0
		for a in $allowed; do
			[ "$to" = "$a" ] && ok=1
		done
		if [ $ok = 0 ]; then
			echo "$f:$line: $from may not include $target"
			bad=1
		fi
	done <<E
$out
E
done
exit $bad
