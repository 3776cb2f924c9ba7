#!/usr/bin/env python3
"""gen.py SEED DIR: writes sysbench 1.0 OLTP outputs with a report every
second into DIR (GROUP.K.log), for tests/timeseries.test.sh; gen.py
--series V,V,... REPORTED FILE writes one output of the reports given.

Each group's runs share a shape: steady noise, a warm-up ramp, stalls, a
drop at the end (figures that never settle), every report the same, too
few reports, or wide noise; and a reported figure that includes the
warm-up (the mean of every report) or leaves it out (the steady part's).
"""
import os
import random
import sys

SHAPES = ["steady", "warmup", "stalls", "drop", "flat", "short", "noisy"]


def series(rng, shape, n, base):
    if shape == "flat":
        return [base] * n
    cv = 0.3 if shape == "noisy" else rng.uniform(0.005, 0.05)
    v = [max(0.0, rng.gauss(base, base * cv)) for _ in range(n)]
    if shape in ("warmup", "stalls") and n >= 8:
        w = rng.randint(2, n // 3)
        for i in range(w):
            v[i] = base * (0.1 + 0.8 * i / w) * rng.uniform(0.9, 1.0)
    if shape == "stalls" and n >= 12:
        for _ in range(rng.randint(1, 6)):
            at = rng.randint(n // 3, n - 2)
            for i in range(at, min(n, at + rng.randint(1, 3))):
                v[i] = base * rng.uniform(0.0, 0.05)
    if shape == "drop" and n >= 8:
        for i in range(n - 3, n):
            v[i] = base * rng.uniform(0.4, 0.6)
    return [round(x, 2) for x in v]


def output(v, reported, lat):
    lines = ["sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)", "",
             "Running the test with following options:",
             "Number of threads: 4",
             "Report intermediate results every 1 second(s)",
             "Initializing random number generator from current time", "",
             "", "Initializing worker threads...", "", "Threads started!",
             ""]
    for i, x in enumerate(v):
        q = x * 20
        lines.append(
            "[ %ds ] thds: 4 tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) "
            "lat (ms,95%%): %.2f err/s: 0.00 reconn/s: 0.00"
            % (i + 1, x, q, q * 0.7, q * 0.2, q * 0.1, lat[i]))
    n = len(v)
    tx = int(reported * n)
    lines += ["SQL statistics:", "    queries performed:",
              "        read:                            %d" % (tx * 14),
              "        write:                           %d" % (tx * 4),
              "        other:                           %d" % (tx * 2),
              "        total:                           %d" % (tx * 20),
              "    transactions:                        %d (%.2f per sec.)"
              % (tx, reported),
              "    queries:                             %d (%.2f per sec.)"
              % (tx * 20, reported * 20),
              "    ignored errors:                      0      (0.00 per sec.)",
              "    reconnects:                          0      (0.00 per sec.)",
              "", "General statistics:",
              "    total time:                          %.4fs" % (n + 0.0042),
              "    total number of events:              %d" % tx, "",
              "Latency (ms):",
              "         min:                                    1.58",
              "         avg:                                    4.59",
              "         max:                                   21.55",
              "         95th percentile:                        %.2f"
              % sorted(lat)[len(lat) // 2],
              "         sum:                               479980.77", "",
              "Threads fairness:",
              "    events (avg/stddev):           6530.6250/775.34",
              "    execution time (avg/stddev):   29.9988/0.00", ""]
    return "\n".join(lines)


def main():
    if sys.argv[1] == "--series":
        # gen.py --series V,V,... REPORTED FILE: one output of those reports
        v = [float(x) for x in sys.argv[2].split(",")]
        with open(sys.argv[4], "w") as f:
            f.write(output(v, float(sys.argv[3]), [5.0] * len(v)))
        return
    seed, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(seed)
    for g in range(rng.randint(2, 5)):
        shape = rng.choice(SHAPES)
        base = rng.uniform(100, 20000)
        n = rng.randint(2, 4) if shape == "short" else rng.randint(8, 60)
        for k in range(rng.randint(1, 3)):
            m = n if rng.random() < 0.7 else max(2, n + rng.randint(-4, 4))
            v = series(rng, shape, m, base)
            lat = [round(rng.uniform(2, 9), 2) for _ in range(m)]
            whole = sum(v) / len(v)
            steady = sum(v[len(v) // 2:]) / (len(v) - len(v) // 2)
            reported = whole if rng.random() < 0.5 else steady
            name = os.path.join(out, "g%d-%s.%d.log" % (g, shape, k))
            with open(name, "w") as f:
                f.write(output(v, reported, lat))


main()
