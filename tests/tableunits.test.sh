# tableunits.test.sh: a results table writes a column in the unit its
# chart shows (a bonnie++ block rate in MiB/s beside a chart in MiB/s, not
# KiB/s), with every significant digit the stored figure has, while the
# downloads and export keep the stored value.  The figures are checked
# against the stored runs' means, converted here, independently of the
# renderer's code.
. "$TOP/tests/lib.sh"
need python3

S=$TOP/sample-data
bs import "$S"/bonnie-tmpfs.txt "$S"/bonnie-ext4-disk.txt "$S"/bonnie-xfs-loop.txt \
	"$S"/bonnie-x3-ext4-disk.csv "$S"/raw/*-fileio-rndrw-*.out >/dev/null 2>&1
bs render --out "$T/site" >/dev/null 2>"$T/err"
bs export > "$T/export.tsv"

# For every test page: the unit of "Metric M (U)" and of the table is the
# unit on its chart's axis; each mean in its table, times the unit's
# factor, is the runs' mean to the digits shown, and shows at least the
# digits of the mean's whole part as stored (no digit lost by scaling).
cat > "$T/check.py" <<'EOF'
import csv, glob, html, math, re, sys
from collections import defaultdict

site, export = sys.argv[1], sys.argv[2]
factor = {'KiB/s': 1, 'MiB/s': 1024, 'GiB/s': 1024 ** 2, 'B/s': 1 / 1024,
          'us': 1, 'µs': 1, 'ms': 1000, 's': 1e6, 'ns': 1e-3}
base = {'KiB/s': 'KiB/s', 'MiB/s': 'KiB/s', 'GiB/s': 'KiB/s', 'B/s': 'KiB/s',
        'us': 'us', 'µs': 'us', 'ms': 'us', 's': 'us', 'ns': 'us'}
runs = defaultdict(list)
for r in csv.DictReader(open(export), delimiter='\t'):
    if r['status'] == 'ok':
        runs[(r['test'], r['metric'], r['label'])].append((float(r['value']), r['unit']))

def sig(t):
    return len(t.replace(',', '').replace('.', '').lstrip('-0'))

pages = checked = scaled = 0
bad = []
for f in sorted(glob.glob(site + '/test-*.html')):
    s = open(f, encoding='utf-8').read()
    m = re.search(r'\. Metric ([^ ]+) \(([^)]*)\), (higher|lower) is better', s)
    svg = re.search(r'src="(chart-[^"]*-all-[0-9a-f]+\.svg)"', s) or \
          re.search(r'(chart-[^"]*-all-[0-9a-f]+)(?:-narrow)?\.svg', s)
    if not m or not svg:
        continue
    metric, unit = m.group(1), html.unescape(m.group(2))
    if unit not in factor:
        continue
    name = svg.group(1)
    if not name.endswith('.svg'):
        name += '.svg'
    axis = re.search(r'>[^<]*\(([^)]*)\), (?:higher|lower) is better</text>',
                     open(site + '/' + name, encoding='utf-8').read())
    pages += 1
    if not axis or html.unescape(axis.group(1)) != unit:
        bad.append('%s: the page says %s, the chart %s' % (f, unit, axis and axis.group(1)))
        continue
    test = re.search(r'\(([^ ()]+) ([^ ()]+)\)</h1>', s)
    tbody = s[s.index('<tbody>', s.index('<h2>Figures</h2>')):]
    tbody = tbody[:tbody.index('</tbody>')]
    for row in re.findall(r'<tr>(.*?)</tr>', tbody, re.S):
        cells = [html.unescape(re.sub(r'<[^>]+>', '', c)).strip()
                 for c in re.findall(r'<t[hd][^>]*>(.*?)</t[hd]>', row, re.S)]
        label, mean = cells[0], cells[2]
        vals = [v for k, v in runs.items() if k[1] == metric and k[2] == label and
                v[0][1] == base[unit] and test and test.group(1) == k[0] and
                test.group(2) == metric]
        if len(vals) != 1 or not re.match(r'^-?[0-9,]+(\.[0-9]+)?$', mean):
            continue
        true = sum(v for v, _ in vals[0]) / len(vals[0])
        shown = float(mean.replace(',', ''))
        dec = len(mean.split('.')[1]) if '.' in mean else 0
        checked += 1
        if factor[unit] != 1:
            scaled += 1
        if abs(shown - true / factor[unit]) > 0.5 * 10 ** -dec * (1 + 1e-9):
            bad.append('%s %s: %s %s is not the mean %r' % (f, label, mean, unit, true))
        whole = len(str(int(abs(true)))) if abs(true) >= 1 else 0
        if sig(mean) < min(whole, 6):
            bad.append('%s %s: %s %s drops digits of %r' % (f, label, mean, unit, true))
print('%d pages, %d figures, %d scaled' % (pages, checked, scaled))
for b in bad[:10]:
    print(b)
sys.exit(1 if bad or scaled == 0 else 0)
EOF
out=$(python3 "$T/check.py" "$T/site" "$T/export.tsv" 2>&1)
check "test pages: tables in their chart's unit, every digit kept ($(echo "$out" | head -3 | tr '\n' ';'))" \
	sh -c "python3 '$T/check.py' '$T/site' '$T/export.tsv' >/dev/null"

# the comparison's results table: the block rate's column head says MiB/s
cmp=$(ls "$T"/site/comparison-bonnie*.html | head -1)
check "comparison table: the block rates' column heads say MiB/s as their charts" \
	grep -q '<span class="unit">MiB/s, higher</span>' "$cmp"

# export and the downloads keep the stored KiB/s
check "export keeps the stored unit and value (KiB/s)" \
	grep -q '	put_block	rate	[0-9]*	KiB/s	' "$T/export.tsv"

# control: a table left in KiB/s under a chart in MiB/s is caught
f=$(ls "$T"/site/test-bonnie-put-block-rate-*.html | head -1)
sed -i 's/\. Metric rate (MiB\/s)/. Metric rate (KiB\/s)/' "$f"
check "control: a page whose unit is not its chart's fails the check" \
	sh -c "! python3 '$T/check.py' '$T/site' '$T/export.tsv' >/dev/null"
