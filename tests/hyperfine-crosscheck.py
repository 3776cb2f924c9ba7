# hyperfine-crosscheck.py FILE: the times of a hyperfine --export-json file
# read a second way (Python's json module, not SQLite's), as
# "repeat<TAB>command<TAB>seconds" lines: the k-th time of each command is
# repeat k.  A time whose exit code is not 0 prints "failed" for seconds.
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    doc = json.load(f)
for r in doc["results"]:
    codes = r.get("exit_codes") or [0] * len(r["times"])
    for k, t in enumerate(r["times"]):
        v = repr(float(t))
        if v.endswith(".0"):
            v = v[:-2]
        print("%d\t%s\t%s" % (k + 1, r["command"], "failed" if codes[k] else v))
