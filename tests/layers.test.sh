# layers.test.sh: the include rule (docs/architecture.md) holds on the
# tree, and tests/layers.sh catches each kind of edge it forbids, planted
# in a copy of the tree.
. "$TOP/tests/lib.sh"

if sh "$TOP/tests/layers.sh" "$TOP" > "$T/out" 2>&1; then
	ok "every #include points down or within its folder"
else
	notok "every #include points down or within its folder: $(head -3 "$T/out")"
fi

# plant FILE LINE WHAT: a copy of the sources with LINE added to FILE must
# fail the check, naming FILE
plant() {
	rm -rf "$T/tree"
	mkdir -p "$T/tree"
	(cd "$TOP" && cp -R core schema collector analysis renderer cli "$T/tree/")
	printf '%s\n' "$2" >> "$T/tree/$1"
	if sh "$TOP/tests/layers.sh" "$T/tree" > "$T/out" 2>&1; then
		notok "a planted $3 is caught ($1: $2)"
	elif grep -q "^$1:[0-9]*: " "$T/out"; then
		ok "a planted $3 is caught ($(head -1 "$T/out"))"
	else
		notok "a planted $3 is named ($(head -1 "$T/out"))"
	fi
}
plant core/text.c '#include "../schema/store.h"' "upward include (core -> schema)"
plant schema/store.c '#include "../renderer/model.h"' "upward include (schema -> renderer)"
plant collector/csv.c '#include "../renderer/site.h"' "sideways include (collector -> renderer)"
plant analysis/model.c '#include "../renderer/chart.h"' "upward include (analysis -> renderer)"
plant collector/formats/fio.c '#include "../../analysis/stats.h"' "sideways include (collector/formats -> analysis)"
plant renderer/chart/chart.c '#include "../../collector/format.h"' "sideways include (renderer -> collector)"
plant renderer/site/slug.h '#include "../../cli/cli.h"' "include of cli outside cli"
plant renderer/chart/png.c '#include "../site/site.h"' "upward include inside renderer (chart -> site)"
plant renderer/chart/svg.h '#include "../pages/html.h"' "upward include inside renderer (chart -> pages)"
plant renderer/site/draw.c '#include "../pages/page.h"' "upward include inside renderer (site -> pages)"
plant renderer/pages/page.c '#include "../render.h"' "upward include inside renderer (pages -> the render)"
plant renderer/chart/chart.c '#include "../render.h"' "upward include inside renderer (chart -> the render)"
