# clusters.test.sh: what a chart draws of two factors and of repeats, read
# back from its SVG, on the demo's comparisons (Makefile's demo target):
#  a. a two-factor chart (compare --by fs --split mysql,settings) draws its
#     bars in clusters by the --by value, each under its name, further
#     apart between clusters than within one; a bar per split value, in the
#     split value's colour in every cluster; a legend inside the chart with
#     each split value as <text> in the colour of its bars;
#  b. a run is a dot on its group's bar where the group has 2 or more runs
#     (one <circle> a run, at the run's figure on the axis), none where it
#     has one; in the full and the narrow SVG.
# Negative controls: the same groups as a one-factor comparison have no
# cluster and no legend; an SVG with one dot taken away fails the dot check.
. "$TOP/tests/lib.sh"
need python3
S=$TOP/sample-data

# bars SVG: one line per element that matters, in the SVG's order:
#   bar LABEL|FILL|Y|H|DOTS|CLUSTER   (DOTS: the dots' x positions, ","-joined)
#   legend TEXT|FILL                  (FILL "" for the legend's title)
#   tick TEXT|X
bars() {
	python3 - "$1" <<'PY'
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
rect = None
dots = []
head = ""
for el in root:
    tag = el.tag.replace(NS, "")
    cls = el.get("class", "")
    if tag == "rect" and cls.startswith("c"):
        rect = el
    elif tag == "g" and cls == "d":
        dots = [c.get("cx") for c in el if c.tag == NS + "circle"]
    elif tag == "text" and el.get("font-weight") == "bold" and el.get("font-size") is None:
        head = el.text or ""
    elif tag == "g" and cls == "t":
        texts = [t for t in el if t.tag == NS + "text"]
        if not texts:
            continue
        label = texts[0].text or ""
        fill = rect.get("fill") if rect is not None else ""
        y = rect.get("y") if rect is not None else ""
        h = rect.get("height") if rect is not None else ""
        print("bar %s|%s|%s|%s|%s|%s" % (label, fill, y, h, ",".join(dots), head))
        rect = None
        dots = []
    elif tag == "g" and cls == "m":
        for t in el:
            if t.get("text-anchor") == "middle" and t.get("x"):
                print("tick %s|%s" % (t.text or "", t.get("x")))
    elif tag == "g" and cls == "legend":
        fill = ""
        for t in el:
            if t.tag == NS + "rect":
                fill = t.get("fill")
            elif t.tag == NS + "text":
                print("legend %s|%s" % (t.text or "", fill))
                fill = ""
PY
}

# clustered BARS: the bars' clusters in order, and "ok" when every gap
# between two clusters is larger than every gap within one
clustered() {
	awk -F'|' '/^bar / {
		y = $3 + 0; h = $4 + 0; c = $6
		if (n++) {
			gap = y - (py + ph)
			if (c == pc) { if (gap > win) win = gap }
			else { nb++; if (btw == "" || gap < btw) btw = gap }
		}
		if (c != pc || n == 1) clusters = clusters c ";"
		py = y; ph = h; pc = c
	} END { printf "%s %s\n", clusters, (nb > 0 && btw > win && clusters !~ /^;/) ? "ok" : "no" }' "$1"
}

bs import "$S/mysql-versions-filesystems.tsv" "$S/supersmack-os-write-cache.tsv" \
	"$S"/bonnie-* "$S/runs.tsv" > /dev/null
# as `make demo` defines them, under short names (a chart's file name
# holds its comparison's, cut to a length)
bs compare mysql --suite mysql-on-filesystems --by fs \
	--split mysql,settings > /dev/null 2>&1
bs compare smack --suite super-smack --by os \
	--split write_cache > /dev/null 2>&1
bs compare bonnie-by-fs --suite bonnie++ --by fs > /dev/null 2>&1
bs compare setup --suite bonnie++ > /dev/null 2>&1	# bonnie-by-setup
# the control: the same nine groups, one factor
bs compare onefactor --suite mysql-on-filesystems --by fs,mysql,settings > /dev/null 2>&1
bs render --out "$T/site" > /dev/null 2>&1
check "the demo's comparisons render (exit 0)" test $? = 0

# the figures a chart draws, read from the store, not from the renderer:
# the restore test's fs values and split values
bs export --suite mysql-on-filesystems --attrs > "$T/mysql.tsv"
col() { awk -F'\t' -v k="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == k) c = i; next } $4 == "restore" { print $c }' "$T/mysql.tsv"; }
fss=$(col fs | sort -u | tr '\n' ';')
col mysql > "$T/m"
col settings > "$T/s"
paste -d' ' "$T/m" "$T/s" | sort -u > "$T/values"
nvalues=$(wc -l < "$T/values")

# chart_svg CHART KIND: the site's SVG of CHART, full or narrow
chart_svg() {
	if [ "$2" = full ]; then
		ls "$T"/site/chart-"$1"-*.svg | grep -v -- -narrow
	else
		ls "$T"/site/chart-"$1"-*-narrow.svg
	fi
}

# --- a. clusters -------------------------------------------------------------
for kind in full narrow; do
	svg=$(chart_svg mysql-restore-time-all $kind)
	bars "$svg" > "$T/bars"
	grep '^bar ' "$T/bars" | sed 's/^bar //' > "$T/b"
	r=$(clustered "$T/bars")
	check "$kind: the bars come in clusters $fss (got ${r% *}), apart by more between clusters than within" \
		test "${r% *}|${r##* }" = "$fss|ok"
	check "$kind: 9 bars, each named by its split value ($nvalues values: $(tr '\n' ',' < "$T/values"))" \
		sh -c 'test "$(wc -l < "$1")" = 9 && cut -d"|" -f1 "$1" | sort -u | cmp -s - "$2"' _ "$T/b" "$T/values"
	check "$kind: a split value has one fill in every cluster, and no two share one" \
		test "$(cut -d'|' -f1,2 "$T/b" | sort -u | wc -l)|$(cut -d'|' -f2 "$T/b" | sort -u | wc -l)" = "$nvalues|$nvalues"
	grep '^legend ' "$T/bars" | sed 's/^legend //' > "$T/legend"
	missing=$(while read -r v; do grep -q -x -F "$v|$(awk -F'|' -v v="$v" '$1 == v { print $2; exit }' "$T/b")" "$T/legend" || echo "$v"; done < "$T/values" | tr "\n" ",")
	check "$kind: the legend has each split value as text, beside a swatch of its bars' fill${missing:+ (missing: $missing)}" \
		test -z "$missing" -a "$(grep -c '|#' "$T/legend")" = "$nvalues"
	check "$kind: the legend says what its values are (mysql, settings:)" \
		grep -q -x 'mysql, settings:|' "$T/legend"
done
# the chart's PNG is the same layout: as tall as its SVG, legend included
svg=$(chart_svg mysql-restore-time-all full)
png=${svg%.svg}.png
check "the PNG is drawn from the same layout (its height is the SVG's)" \
	test "$(od -An -tu1 -j20 -N4 "$png" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')" = \
	     "$(grep -o 'height="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)"
# the Super Smack sheet: 2 x 2
svg=$(ls "$T"/site/chart-smack-*.svg | grep -v -- -narrow | head -1)
bars "$svg" > "$T/bars"
r=$(clustered "$T/bars")
check "Super Smack: clusters Debian 3.1 and FreeBSD 6.1 (got ${r% *})" \
	test "${r% *}|${r##* }" = "Debian 3.1;FreeBSD 6.1;|ok"
# negative control: one factor, the same groups
svg=$(chart_svg onefactor-restore-time-all full)
bars "$svg" > "$T/bars"
r=$(clustered "$T/bars")
check "control: a one-factor chart of the same 9 groups has no cluster, no legend ($(grep -c '^legend ' "$T/bars") entries)" \
	test "${r##* }" = no -a "$(grep -c '^legend ' "$T/bars")" = 0 -a "$(grep -c '^bar ' "$T/bars")" = 9

# --- b. a dot per run --------------------------------------------------------
# the getc rate of each label (bonnie-by-setup: ext4-disk 5
# runs, tmpfs and xfs-loop 2) and of each fs (bonnie-by-fs: one run each)
bs export --suite bonnie++ --attrs | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fs") f = i; next }
	$4 == "getc" && $5 == "rate" { print $2 "|" $6 > "'"$T/bylabel"'"; if ($f != "") print $f "|" $6 > "'"$T/byfs"'" }'
# dots_agree BARS RUNS: for every bar, its dots are its runs: as many as
# RUNS has for its label when 2 or more (none for 1), each dot at one run's
# figure (read off the axis from the first and the last tick, within 1% of
# the axis)
dots_agree() {
	awk -F'|' 'FILENAME == ARGV[2] { runs[$1] = runs[$1] " " $2; n[$1]++; next }
	/^tick / { t = $1; sub(/^tick /, "", t); if (t ~ /^[0-9.]+k?$/) {
		v = t + 0; if (t ~ /k$/) v *= 1000
		if (nt++ == 0) { v0 = v; x0 = $2 } else { v1 = v; x1 = $2 } } next }
	/^bar / { l = $1; sub(/^bar /, "", l); bar[++nb] = l; d[nb] = $5 }
	END {
		bad = 0
		for (i = 1; i <= nb; i++) {
			l = bar[i]; k = d[i] == "" ? 0 : split(d[i], x, ",")
			want = n[l] >= 2 ? n[l] : 0
			if (k != want) { print l ": " k " dots, " n[l] " runs"; bad++; continue }
			split(runs[l], r, " ")
			for (j = 1; j <= k; j++) {
				v = v0 + (x[j] - x0) / (x1 - x0) * (v1 - v0)
				hit = 0
				for (q in r) if (r[q] - v < (v1 - v0) / 100 && v - r[q] < (v1 - v0) / 100) hit = 1
				if (!hit) { print l ": a dot at " v ", no run there"; bad++ }
			}
		}
		if (nb == 0 || nt < 2) { print "no bars or ticks"; bad++ }
		exit bad > 0
	}' "$1" "$2"
}
for kind in full narrow; do
	svg=$(chart_svg setup-getc-rate-all $kind)
	bars "$svg" > "$T/bars"
	if dots_agree "$T/bars" "$T/bylabel" > "$T/why"; then
		ok "$kind: a dot per run on each bar of bonnie-by-setup (5, 2, 2), each at a run's figure"
	else
		notok "$kind: a dot per run on each bar ($(tr '\n' ' ' < "$T/why"))"
	fi
	# negative control: one dot less
	sed '0,/<circle[^>]*\/>/s///' "$svg" > "$T/less.svg"
	bars "$T/less.svg" > "$T/bars"
	if dots_agree "$T/bars" "$T/bylabel" > /dev/null; then
		notok "control ($kind): an SVG with one dot less fails the dot check"
	else
		ok "control ($kind): an SVG with one dot less fails the dot check"
	fi
done
svg=$(chart_svg bonnie-by-fs-getc-rate-all full)
bars "$svg" > "$T/bars"
check "bonnie-by-fs: one run a group, no dot ($(grep -c '<circle' "$svg") circles), and the check agrees" \
	sh -c 'test "$(grep -c "<circle" "$1")" = 0' _ "$svg"
if dots_agree "$T/bars" "$T/byfs" > /dev/null; then
	ok "bonnie-by-fs: the dot check holds with no dot for n = 1"
else
	notok "bonnie-by-fs: the dot check holds with no dot for n = 1"
fi
# the dark page recolours the dots with the rest (one SVG serves both)
check "the SVG's dark stylesheet recolours the dots (.d)" \
	grep -q '\.d{fill:#e8e8e8;stroke:#1e1e1e}' "$(ls "$T"/site/chart-setup-getc-rate-all-*.svg | grep -v -- -narrow)"
