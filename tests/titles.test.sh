# titles.test.sh: tests and metrics read as people name them
# (analysis/titles.c): each format's real output renders with the tool's
# own words as titles and the stored names beside them, in the charts'
# headings, the statements, the chart images and `summary`; names with no
# description (a Phoronix result, already written for people) stay as
# they are; stored values and exports do not change.  Sentences on the
# pages and in `summary` start with a capital letter (a group's name
# keeps its spelling), and a results table's column writes its figures
# with the same decimals.
. "$TOP/tests/lib.sh"
need python3

# site NAME FILE...: a store $T/NAME.db of FILEs, rendered to $T/NAME/;
# $T/NAME.html is every comparison page of it, one after the other
site() {
	n=$1; shift
	"$BIN" --db "$T/$n.db" import "$@" >/dev/null 2>"$T/$n.err"
	"$BIN" --db "$T/$n.db" render --out "$T/$n" >/dev/null 2>>"$T/$n.err"
	cat "$T/$n"/comparison-*.html > "$T/$n.html" 2>/dev/null
}
# heading NAME TITLE RAW: a chart's heading on NAME's comparison page says
# TITLE with RAW beside it
heading() {
	grep -F -q ">$2</a> <code class=\"raw\">$3</code></h3>" "$T/$1.html"
}

S=$TOP/sample-data
site sample "$S"/bonnie-*.txt "$S"/raw/*-fileio-rndrw-*.out "$S"/raw/*-cpu.out \
	"$S"/sqlbench-filesystems-2008.csv "$S"/supersmack-os-write-cache.tsv
check "bonnie++: put_block is 'Sequential output, block' (a chart's heading)" \
	heading sample "Sequential output, block: rate" "put_block rate"
check "sysbench: fileio-rndrw reads_per_sec is 'File I/O, random read/write: reads per second'" \
	heading sample "File I/O, random read/write: reads per second" "fileio-rndrw reads_per_sec"
check "sql-bench: ATIS is 'ATIS (airline database) queries'" \
	heading sample "ATIS (airline database) queries" "ATIS"
# the Super Smack sheet's test ran a smack file of its own (an UPDATE of a
# balance): the names of the smack files Super Smack ships are described
printf 'run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\n1\ta\tsuper-smack\tselect-key\tqueries_per_sec\t100\t1/s\thigher\tok\n2\tb\tsuper-smack\tselect-key\tqueries_per_sec\t120\t1/s\thigher\tok\n' > "$T/ss.tsv"
site ss "$T/ss.tsv"
check "Super Smack: select-key is 'Select by key'" \
	heading ss "Select by key" "select-key"
check "Super Smack: a smack file of its own keeps its name (update-balance)" \
	grep -F -q '">update-balance</a>' "$T/sample.html"
check "the statements say the title, the raw name beside it" \
	grep -F -q '<li><strong>Sequential output, block: rate</strong> <code class="raw">put_block rate</code>: ' "$T/sample.html"
check "a results table heads a test and a metric with their titles, the unit line short" \
	grep -F -q '<th>CPU use <code class="raw">cpu</code><br /><span class="unit">%, lower</span></th>' "$T/sample.html"
svg=$(ls "$T"/sample/chart-*put-block-rate-all-*.svg 2>/dev/null | grep -v narrow | head -1)
check "a chart image's title is the description with the raw name" \
	grep -F -q '>Sequential output, block: rate (put_block rate)<' "${svg:-/dev/null}"
"$BIN" --db "$T/sample.db" summary > "$T/sample.txt"
check "summary: the title, the raw names in parentheses" \
	grep -F -q '  File I/O, random read/write: reads per second (fileio-rndrw reads_per_sec): ' "$T/sample.txt"

# the other formats, from the corpus of real outputs
if [ -d "$CORPUS" ]; then
	site fio "$CORPUS"/fio-json/lkp_fio-3.38_03.json
	check "fio: read_iops is 'read IOPS' (a job's own name kept)" \
		grep -E -q ': read IOPS</a> <code class="raw">[^<]* read_iops</code>' "$T/fio.html"
	site pgbench "$CORPUS"/pgbench/felipebrgs1_pgbench-18beta3_prepared.log
	check "pgbench: tpcb-like tps is 'TPC-B-like transactions: transactions per second'" \
		heading pgbench "TPC-B-like transactions: transactions per second" "tpcb-like tps"
	site dbench "$CORPUS"/dbench/lkp_dbench-4.00_128clients.txt
	check "dbench: NTCreateX is 'Create or open a file'" \
		heading dbench "Create or open a file: latency, mean" "NTCreateX latency_avg"
	site iozone "$CORPUS"/iozone/shmuma_iozone_auto-i0-i1-i2_128G-fragment.txt
	check "iozone: write-4k is 'Write, 4 KiB records'" \
		heading iozone "Write, 4 KiB records" "write-4k"
	site hyperfine "$CORPUS"/hyperfine/rucics_meowhw_hyperfine_results.json
	check "hyperfine: a command keeps its name (no description of it)" \
		sh -c '! grep -q "</a> <code class=\"raw\">" "$1" && grep -F -q ">./target/mycat2 test.txt</a>" "$1"' _ "$T/hyperfine.html"
	site pts "$CORPUS"/pts-xml/manueljbrito_GVNO3_res-simdjson-201_composite.xml
	check "control: a Phoronix result's title stays as written, nothing beside it" \
		sh -c 'grep -F -q ">simdjson (Throughput Test: Kostya)</a>" "$1" &&
			! grep -q "code class=\"raw\"" "$1"' _ "$T/pts.html"
else
	skip "titles of the corpus formats" "../shared/corpus is absent"
fi

# stored names and exports do not change
"$BIN" --db "$T/sample.db" export --format tsv > "$T/export.tsv"
check "export keeps the stored names (put_block, fileio-rndrw, no description)" \
	sh -c 'grep -q "	put_block	rate	" "$1" && grep -q "	fileio-rndrw	reads_per_sec	" "$1" &&
		! grep -q "Sequential output" "$1"' _ "$T/export.tsv"
check "the site's CSV download keeps them too" \
	sh -c 'cat "$1"/data-*.csv | grep -q ",put_block,rate," && ! cat "$1"/data-*.csv | grep -q "Sequential"' _ "$T/sample"

# --- capitals ----------------------------------------------------------------
# sentences: summary's lines after their label, the statements and the
# two-factor lines on the pages, a test page's paragraph; each starts with
# a capital (or a digit or a sign), or with a group's name (kept as it is written)
"$BIN" --db "$T/sample.db" compare ss --suite super-smack --by os --split write_cache 2>/dev/null
"$BIN" --db "$T/sample.db" render --out "$T/sample" >/dev/null 2>&1
"$BIN" --db "$T/sample.db" summary > "$T/sample.txt"
"$BIN" --db "$T/sample.db" summary --format tsv | cut -f5 | sort -u > "$T/names"
"$BIN" --db "$T/sample.db" export --format tsv | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print "(" $c["test"] " " $c["metric"] "): " }' | sort -u > "$T/labels"
cat > "$T/caps.py" <<'EOF'
import html, re, sys
names = [n for n in open(sys.argv[1]).read().split("\n") if n]
labels = [n for n in open(sys.argv[1].replace("names", "labels")).read().split("\n") if n]
bad, seen = [], 0
def sentence(s, where):
    global seen
    s = s.strip()
    if not s:
        return
    seen += 1
    if not s[0].islower():     # a capital, a digit, a sign such as ★
        return
    if any(s.startswith(n + " ") or s.startswith(n + ":") for n in names):
        return
    bad.append("%s: %s" % (where, s[:70]))
for line in open(sys.argv[2], encoding="utf-8"):
    line = line.rstrip("\n")
    if not line.startswith("  ") or line.lstrip().startswith("("):
        continue
    body = line.strip()
    if line.startswith("    "):            # "On X: ..." lines: ours
        sentence(body, "summary")
        continue
    # after the label: "TITLE (TEST METRIC): " or "TEST METRIC: "
    k = max((body.find(l) + len(l) if l in body else -1) for l in labels) if labels else -1
    sentence(body[k:] if k >= 0 else body.split(": ", 1)[-1], "summary")
for page in sys.argv[3:]:
    s = open(page, encoding="utf-8").read()
    for li in re.findall(r'<ul class="statements">(.*?)</ul>', s, re.S):
        for item in re.findall(r"<li>(.*?)</li>", li, re.S):
            t = re.sub(r"^<strong>.*?</strong>( <code[^>]*>.*?</code>)?: ", "", item)
            sentence(html.unescape(re.sub(r"<[^>]+>", "", t)), page.split("/")[-1])
    for p in re.findall(r"<p>([^<]*)</p>", s):
        sentence(html.unescape(p), page.split("/")[-1])
print("%d%s" % (seen, "; not: " + " | ".join(bad[:5]) if bad else ""))
sys.exit(1 if bad or seen < 50 else 0)
EOF
python3 "$T/caps.py" "$T/names" "$T/sample.txt" "$T"/sample/comparison-*.html \
	"$T"/sample/test-*.html > "$T/caps.out"
rc=$?
check "sentences start with a capital or a group's name ($(cat "$T/caps.out") sentences)" \
	test $rc -eq 0
# control: the same check catches a lower-case sentence
sed 's/: Best: /: best: /' "$T/sample.txt" > "$T/lower.txt"
check "control: a sentence starting 'best:' is caught" \
	sh -c '! python3 "$1" "$2" "$3" >/dev/null' _ "$T/caps.py" "$T/names" "$T/lower.txt"
check "summary's two-factor lines start 'On' and the last 'Overall'" \
	sh -c 'grep -q "^    On " "$1" && grep -q "^  Overall: " "$1" && ! grep -q "^    on \|^  overall: " "$1"' _ "$T/sample.txt"

# --- decimals ----------------------------------------------------------------
# a results table's column writes its figures with the same decimals: the
# sysbench cpu events/s of 10730, 9944.89 and 10774 read 10,730.00,
# 9944.89 and 10,774.00
cat > "$T/dec.py" <<'EOF'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
bad, cols = [], 0
for t in re.findall(r'<table class="results">(.*?)</table>', s, re.S):
    body = t[t.find("<tbody>"):]
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
            for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
    for j in range(max(len(r) for r in rows)):
        ds = set()
        for r in rows:
            if j >= len(r):
                continue
            m = re.match(r"(?:<strong>)?(-?[0-9,]+(?:\.([0-9]+))?)(?:</strong>)?(?: |<|$)", r[j])
            if m and "x" not in r[j][:m.end()]:
                ds.add(len(m.group(2) or ""))
        if len(ds) > 1:
            bad.append("column %d: decimals %s" % (j, sorted(ds)))
        cols += len(ds) > 0
print("%d columns%s" % (cols, "; " + "; ".join(bad[:3]) if bad else ""))
sys.exit(1 if bad or cols < 1 else 0)
EOF
CMP=$(grep -l '>CPU (prime numbers)' "$T"/sample/comparison-*.html | head -1)
check "the sysbench cpu column reads 10,730.00, 9944.89 and 10,774.00" \
	sh -c 'grep -q ">10,730.00<" "$1" && grep -q ">9944.89<" "$1" && grep -q ">10,774.00<" "$1"' _ "${CMP:-/dev/null}"
for f in "$T"/sample/comparison-*.html; do
	python3 "$T/dec.py" "$f" > "$T/dec.out"
	rc=$?
	check "every column of $(basename "$f" | cut -d- -f2-3)'s results has one count of decimals ($(cat "$T/dec.out"))" \
		test $rc -eq 0
done
# control: a column of 3061 beside 1733.93 is caught
sed 's/>10,730.00</>10,730</' "${CMP:-/dev/null}" > "$T/mixed.html"
check "control: a column of 10,730 beside 9944.89 is caught" \
	sh -c '! python3 "$1" "$2" >/dev/null' _ "$T/dec.py" "$T/mixed.html"
