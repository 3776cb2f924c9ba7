# names.test.sh: names that look like SQL, printf formats, escapes and
# markup survive byte for byte: as labels, test names, metrics
# and attribute values (a column and --set) they import, export (JSON, CSV,
# TSV with --attrs), import again from the export, and show on the rendered
# pages as the same text once xmllint has parsed the markup.
. "$(dirname "$0")/lib.sh"
need sqlite3

if ! command -v python3 >/dev/null; then
	skip "hostile names" "no python3"
	exit 0
fi

# the payloads, one per line of $T/payloads (a tab written as \t, decoded
# by python), and the table that carries them
python3 - "$T" <<'PY'
import csv, json, sys
t = sys.argv[1]
p = ["'); DROP TABLE result;--", "%s%n", "%n%n%n%n", "back\\slash\\\\",
     "\"double\" and 'single'", "tab\there", "<b>&amp;</b>", "50% %d %x %p",
     "Robert'); DELETE FROM run; --"]
json.dump(p, open(t + "/payloads.json", "w"))
with open(t + "/names.csv", "w", newline="") as f:
    w = csv.writer(f, quoting=csv.QUOTE_ALL, lineterminator="\n")
    w.writerow(["run", "label", "suite", "test", "metric", "value", "unit",
                "better", "status", "note"])
    for i, s in enumerate(p):
        w.writerow([str(i), s, "names", s, "m" + s, str(i + 1), "s", "lower",
                    "ok", s])
PY
bs import --set "why=%s%n'); DROP TABLE result;--" "$T/names.csv" >/dev/null 2>"$T/err"
check "the names table imports ($(head -c 200 "$T/err"))" \
	[ "$(sqlite3 "$T/db" 'select count(*) from result')" = 9 ]
check "the store is whole (integrity_check, table result still there)" \
	[ "$(sqlite3 "$T/db" 'pragma integrity_check')" = ok ]

# same_names JSON: every payload is a label, a test, a metric ("m" + it)
# and the note of its run; why= is the --set value
same_names() {
	python3 - "$T/payloads.json" "$1" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
rows = json.load(open(sys.argv[2]))
bad = []
for k, want in (("label", set(p)), ("test", set(p)),
                ("metric", set("m" + s for s in p))):
    got = set(r[k] for r in rows)
    if got != want:
        bad.append("%s: %r" % (k, sorted(got ^ want)))
for r in rows:
    a = r.get("attrs", r)
    if a.get("note") != r["label"]:
        bad.append("note of %r: %r" % (r["label"], a.get("note")))
    if a.get("why") != "%s%n'); DROP TABLE result;--":
        bad.append("why of %r: %r" % (r["label"], a.get("why")))
print("; ".join(bad)[:400])
sys.exit(1 if bad else 0)
PY
}
# names_ok DESC JSON: one TAP line
names_ok() {
	if why=$(same_names "$2"); then ok "$1"; else notok "$1: $why"; fi
}
bs export --format json --attrs > "$T/a.json"
names_ok "export (JSON) gives every name back byte for byte" "$T/a.json"
for fmt in csv tsv; do
	bs export --format $fmt --attrs > "$T/x.$fmt"
	rm -f "$T/b.db"*
	"$BIN" --db "$T/b.db" import "$T/x.$fmt" >/dev/null 2>"$T/err"
	"$BIN" --db "$T/b.db" export --format json --attrs > "$T/b.json"
	names_ok "export as $fmt, import again: the same names $(head -c 100 "$T/err")" \
		"$T/b.json"
done

# --label and --set on a parsed format (bonnie++)
L="%n%n%n%n'); DROP TABLE result;--\\	\"x\""
"$BIN" --db "$T/c.db" import --label "$L" --set "k=$L" \
	"$TOP/sample-data/bonnie-tmpfs.txt" >/dev/null 2>&1
"$BIN" --db "$T/c.db" export --format json --attrs > "$T/c.json"
check "--label and --set values come back byte for byte" python3 -c '
import json, sys
rows = json.load(open(sys.argv[1]))
want = sys.argv[2]
sys.exit(not rows or any(r["label"] != want or r.get("attrs", r).get("k") != want
                         for r in rows))' "$T/c.json" "$L"

# --- on the pages ------------------------------------------------------------

if ! command -v xmllint >/dev/null; then
	skip "names on the rendered pages" "xmllint not installed (libxml2-utils)"
	exit 0
fi
bs render --out "$T/site" >/dev/null 2>"$T/err"
check "render succeeds ($(head -c 200 "$T/err"))" [ -f "$T/site/index.html" ]

# texts PAGE...: the text of each page as xmllint parses it, NUL between
# pages
texts() {
	for f in "$@"; do
		xmllint --xpath 'string(/)' "$f" 2>/dev/null
		printf '\0'
		xmllint --xpath '//@title|//@alt' "$f" 2>/dev/null
	done
}

# on_pages TEXTFILE: every payload occurs in the parsed text (the tab may
# be any white space in an attribute, where parsers normalise it)
on_pages() {
	python3 - "$T/payloads.json" "$1" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
text = open(sys.argv[2], encoding="utf-8", errors="replace").read()
missing = [s for s in p if s not in text]
print(repr(missing)[:300])
sys.exit(1 if missing else 0)
PY
}
texts "$T/site"/*.html > "$T/text"
if why=$(on_pages "$T/text"); then
	ok "every name is on the pages ($(ls "$T/site"/*.html | wc -l)) as the same text after xmllint parsed them"
else
	notok "names missing from the pages: $why"
fi
# the control: a page that shows the name, with it unescaped, loses it
n=0
for f in "$T/site"/*.html; do
	sed 's/&lt;b&gt;&amp;amp;&lt;\/b&gt;/<b>\&amp;<\/b>/g' "$f" > "$T/bad.html"
	cmp -s "$f" "$T/bad.html" && continue
	texts "$f" > "$T/goodtext"
	texts "$T/bad.html" > "$T/badtext"
	grep -q '<b>&amp;</b>' "$T/goodtext" && ! grep -q '<b>&amp;</b>' "$T/badtext" &&
		n=$((n + 1))
done
check "control: each page showing '<b>&amp;</b>' loses it when unescaped ($n pages)" \
	[ "$n" -gt 0 ]
