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
# and inside renderer, one subfolder per job:
#
#   renderer/chart  includes renderer/chart
#   renderer/site   includes renderer/chart, renderer/site
#   renderer/pages  includes renderer/chart, renderer/site, renderer/pages
#   renderer/       (the render itself, render.c) includes any of renderer
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
	# renderer's subfolder of f ("top" for the render itself, render.c),
	# and the subfolders of renderer it may include ("any": all of them)
	sub=
	case $f in
	renderer/chart/*) sub=chart; within="chart" ;;
	renderer/site/*) sub=site; within="chart site" ;;
	renderer/pages/*) sub=pages; within="chart site pages" ;;
	renderer/*) sub=top; within="any" ;;
	esac
	# LINE TARGET for each quoted include, the target resolved from the
	# file's folder ("../x/y.h" -> "x/y.h", "y.h" -> "FROM/y.h"; from
	# collector/formats/, "../../core/err.h" -> "core/err.h")
	out=$(awk -v file="$f" '
		/^[ \t]*#[ \t]*include[ \t]*"/ {
			t = $0
			sub(/^[^"]*"/, "", t); sub(/".*/, "", t)
			d = file; sub(/\/[^\/]*$/, "", d)
			n = split(d "/" t, part, "/")
			k = 0
			for (i = 1; i <= n; i++) {
				if (part[i] == "..") { if (k > 0) k-- }
				else if (part[i] != "." && part[i] != "") out[++k] = part[i]
			}
			r = out[1]
			for (i = 2; i <= k; i++) r = r "/" out[i]
			print FNR, r
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
			continue
		fi
		# inside renderer: the subfolders' order
		[ -n "$sub" ] && [ "$to" = renderer ] || continue
		case $target in
		renderer/render.h) tsub=render ;;
		renderer/*/*) tsub=${target#renderer/}; tsub=${tsub%%/*} ;;
		*) tsub=top ;;
		esac
		ok=0
		for a in $within; do
			[ "$a" = any ] || [ "$a" = "$tsub" ] && ok=1
		done
		if [ $ok = 0 ]; then
			echo "$f:$line: renderer/$sub may not include $target"
			bad=1
		fi
	done <<E
$out
E
done
exit $bad
