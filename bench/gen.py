#!/usr/bin/env python3
"""gen.py: the workloads of `make bench`, the same bytes on every run.

Every number comes from one 31-bit LCG with a fixed seed (the one
chartbench.c uses), never from Python's random, so the files depend on
nothing but this script.

  gen.py long N FILE            long CSV of N results: run,suite,test,metric,value,unit,better
  gen.py store SUITES TESTS RUNS FILE [--per N] [--split K] [--gnuplot DIR]
                                long CSV whose render has SUITES*TESTS charts of RUNS bars;
                                --per: N runs a bar (group), within 5% of each other, so that
                                each bar has a dot per run and an error bar; --split: a run
                                attribute split (p0..pK-1, the group's runs in turn), for a
                                second factor; --gnuplot: DIR/store.gp draws each test's chart
                                (by label: the groups' means and 95% intervals) as charts.gp
  gen.py newrun SUITE TESTS FILE        one more run of one suite (for the incremental render)
  gen.py sweep TESTS FILE       long CSV of a sweep: 4 labels at threads 1, 2, 4, 8 and 16, three
                                runs a point, TESTS tests of suite sweep (compared --x threads
                                as lines, or --by label,threads as bars: the same 20 groups)
  gen.py samples RUNS TESTS N FILE [--plain]
                                long CSV of RUNS runs (5 labels) with a result for each of TESTS
                                tests of suite ts and N samples behind it, one a second (a `t`
                                column, as `export --samples` writes); --plain: the results alone
  gen.py bonnie N FILE          N bonnie++ 1.98 CSV lines (no header, as bonnie++ -q prints)
  gen.py sysbench MB FILE       a sysbench 1.0 cpu run with per-second lines, about MB MiB
  gen.py charts N DIR           DIR/charts.gp (gnuplot) and DIR/charts.py (matplotlib) for the
                                N charts chartbench draws
"""
import os
import sys

SEED = 12345


class Lcg:
    def __init__(self):
        self.s = SEED

    def next(self):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return self.s / 2147483648.0


NAMES = ["ext2", "ext3", "ext4", "xfs", "btrfs", "jfs", "reiserfs", "f2fs",
         "nilfs2", "zfs", "bcachefs", "tmpfs"]


def long_csv(n, path):
    r = Lcg()
    tests = 1000
    with open(path, "w") as f:
        f.write("run,suite,test,metric,value,unit,better\n")
        for i in range(n):
            f.write("r%d,bench,t%d,time,%.3f,s,lower\n" % (i // tests, i % tests, 1 + 99 * r.next()))


def store_csv(suites, tests, runs, path, per=1, split=0, gpdir=None):
    r = Lcg()
    if per == 1 and not split:
        # the stores of the full render rows: a run a bar
        with open(path, "w") as f:
            f.write("run,label,suite,test,metric,value,unit,better\n")
            for s in range(suites):
                for k in range(runs):
                    for t in range(tests):
                        f.write("s%dr%d,%s,suite%d,test%d,rate,%d,MB/s,higher\n" %
                                (s, k, NAMES[k % 12], s, t, 100 + int(900 * r.next())))
        return
    # fig[s][t][k]: the figures of group k's runs
    fig = [[[[] for _ in range(runs)] for _ in range(tests)] for _ in range(suites)]
    with open(path, "w") as f:
        f.write("run,label,suite,test,metric,value,unit,better%s\n" % (",split" if split else ""))
        for s in range(suites):
            base = [[100 + 900 * r.next() for _ in range(tests)] for _ in range(runs)]
            for k in range(runs):
                for j in range(per):
                    attr = ",p%d" % (j % split) if split else ""
                    for t in range(tests):
                        v = int(base[k][t] * (0.95 + 0.1 * r.next()))
                        fig[s][t][k].append(v)
                        f.write("s%dr%dx%d,%s,suite%d,test%d,rate,%d,MB/s,higher%s\n" %
                                (s, k, j, NAMES[k % 12], s, t, v, attr))
    if gpdir is not None:
        charts = []
        for s in range(suites):
            for t in range(tests):
                bars = []
                for k in range(runs):
                    v = fig[s][t][k]
                    m = sum(v) / len(v)
                    h = 0
                    if len(v) > 1:
                        sd = (sum((x - m) ** 2 for x in v) / (len(v) - 1)) ** 0.5
                        h = T975[min(len(v) - 1, len(T975)) - 1] * sd / len(v) ** 0.5
                    bars.append((NAMES[k % 12], m, max(m - h, 0), m + h))
                charts.append(("suite%d test%d: rate" % (s, t), bars))
        gnuplot(os.path.join(gpdir, "store.gp"), gpdir, "st", charts)


# Student's t, 97.5th percentile, for 1 to 10 degrees of freedom (then the
# 10th's, a little wide): the 95% interval of a group's mean
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228]


def newrun(suite, tests, path):
    r = Lcg()
    with open(path, "w") as f:
        f.write("run,label,suite,test,metric,value,unit,better\n")
        for t in range(tests):
            f.write("new,newfs,suite%d,test%d,rate,%d,MB/s,higher\n" % (suite, t, 100 + int(900 * r.next())))


def sweep(tests, path):
    r = Lcg()
    labels = ["build-a", "build-b", "build-c", "build-d"]
    with open(path, "w") as f:
        f.write("run,label,suite,test,metric,value,unit,better,threads\n")
        for li, lab in enumerate(labels):
            for x in (1, 2, 4, 8, 16):
                # each label scales its own way: up to 2^(li + 1) threads
                scale = min(x, 2 ** (li + 1))
                for j in range(3):
                    for t in range(tests):
                        v = (1000 + 100 * t) * scale * (0.97 + 0.06 * r.next())
                        f.write("%s-t%d-%d,%s,sweep,test%d,ops,%.1f,1/s,higher,%d\n" %
                                (lab, x, j, lab, t, v, x))


def samples(runs, tests, n, path, plain=False):
    r = Lcg()
    with open(path, "w") as f:
        f.write("run,label,suite,test,metric,value,unit,better,t\n")
        for k in range(runs):
            for t in range(tests):
                base = 1000 + 100 * (k % 5) + 10 * t
                # a warm-up over the first tenth, then noise around base
                vals = [base * min(1.0, (i + 1) / (n / 10.0)) * (0.95 + 0.1 * r.next())
                        for i in range(n)]
                row = "r%d,%s,ts,test%d,tps," % (k, NAMES[k % 5], t)
                f.write("%s%.2f,1/s,higher,\n" % (row, sum(vals) / n))
                if not plain:
                    f.write("".join("%s%.2f,1/s,,%d\n" % (row, v, i + 1) for i, v in enumerate(vals)))


def bonnie(n, path):
    r = Lcg()
    with open(path, "w") as f:
        for i in range(n):
            v = [int(100 + 1e6 * r.next()) for _ in range(12)]
            f.write("1.98,2.00a,host%d,1,1795985072,256M,,8192,5,%d,99,%d,45,%d,40,%d,99,%d,99,%d,99,"
                    "16,,,,,%d,99,%d,99,%d,99,%d,99,%d,99,%d,99,"
                    "11651us,450us,102us,7361us,2918us,8074us,2112us,528us,1904us,2781us,45us,1443us\n"
                    % ((i,) + tuple(v)))


def sysbench(mb, path):
    r = Lcg()
    head = ("sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\n"
            "Running the test with following options:\nNumber of threads: 2\n"
            "Report intermediate results every 1 second(s)\n"
            "Initializing random number generator from current time\n\n\n"
            "Prime numbers limit: 10000\n\nInitializing worker threads...\n\nThreads started!\n\n")
    target = mb << 20
    with open(path, "w") as f:
        f.write(head)
        size = len(head)
        sec = 1
        buf = []
        while size < target:
            line = "[ %ds ] thds: 2 eps: %.2f lat (ms,95%%): %.2f\n" % (sec, 400 + 200 * r.next(), 1 + r.next())
            buf.append(line)
            size += len(line)
            sec += 1
            if len(buf) == 10000:
                f.write("".join(buf))
                buf = []
        f.write("".join(buf))
        f.write("\nCPU speed:\n    events per second:   500.00\n\nGeneral statistics:\n"
                "    total time:                          %d.0010s\n"
                "    total number of events:              %d\n\n"
                "Latency (ms):\n         min:                                  0.90\n"
                "         avg:                                  1.00\n"
                "         max:                                  3.50\n"
                "         95th percentile:                      1.20\n"
                "         sum:                               1000.00\n\n"
                "Threads fairness:\n    events (avg/stddev):           500.0000/2.00\n"
                "    execution time (avg/stddev):   0.5000/0.00\n\n" % (sec - 1, 500 * (sec - 1)))


def gnuplot(path, d, prefix, charts):
    # charts: (title, [(name, value, low, high)]), one pngcairo terminal
    # for all; error bars where any bar has an interval (low < high)
    with open(path, "w") as f:
        f.write("set terminal pngcairo size 960,480 font 'DejaVu Sans,10'\n"
                "set style fill solid\nset xrange [0:*]\nset yrange [-0.6:11.6] reverse\n"
                "set grid xtics\nunset key\nset xlabel 'rate (MB/s), higher is better'\n")
        for i, (title, bars) in enumerate(charts):
            err = any(lo < hi for _, _, lo, hi in bars)
            if err:
                f.write("$d << EOD\n%sEOD\n" % "".join("%s %.3f %.3f %.3f\n" % b for b in bars))
            else:
                f.write("$d << EOD\n%sEOD\n" % "".join("%s %d\n" % (b[0], b[1]) for b in bars))
            f.write("set output '%s/%s%d.png'\nset title '%s'\n" % (d, prefix, i, title))
            f.write("plot $d using ($2/2):0:(0):2:($0-0.35):($0+0.35):ytic(1) with boxxyerror "
                    "lc rgb '#0072B2' notitle, ")
            if err:
                f.write("$d using 2:0:3:4 with xerrorbars pt -1 lc rgb '#000000' notitle, "
                        "$d using 4:0:(sprintf('%d MB/s',$2)) with labels left offset 0.5,0 notitle\n")
            else:
                f.write("$d using 2:0:(sprintf('%d MB/s',$2)) with labels left offset 0.5,0 notitle\n")


def charts(n, d):
    # the values chartbench.c lays out: the same LCG, 12 draws a chart
    r = Lcg()
    data = [[int(100 + 900 * r.next()) for _ in range(12)] for _ in range(n)]
    gnuplot(os.path.join(d, "charts.gp"), d, "gp",
            [("Chart %d: throughput" % (i + 1), [(NAMES[k], v[k], v[k], v[k]) for k in range(12)])
             for i, v in enumerate(data)])
    with open(os.path.join(d, "charts.py"), "w") as f:
        f.write("import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
                "names = %r\ndata = %r\nout = %r\n" % (NAMES, data, d))
        f.write(MATPLOTLIB)


MATPLOTLIB = """
colours = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#000000']
for i, v in enumerate(data):
    fig, ax = plt.subplots(figsize=(9.6, 4.8), dpi=100)
    ax.barh(range(12), v, color=[colours[k % 8] for k in range(12)])
    ax.set_yticks(range(12), names)
    ax.invert_yaxis()
    ax.set_title('Chart %d: throughput' % (i + 1))
    ax.set_xlabel('rate (MB/s), higher is better')
    for k, x in enumerate(v):
        ax.text(x + 5, k, '%d MB/s' % x, va='center')
    ax.grid(axis='x')
    fig.savefig('%s/mp%d.png' % (out, i))
    plt.close(fig)
"""


def main(a):
    cmd = a[0]
    if cmd == "long":
        long_csv(int(a[1]), a[2])
    elif cmd == "store":
        opt = {"--per": 1, "--split": 0, "--gnuplot": None}
        for k, v in zip(a[5::2], a[6::2]):
            if k not in opt:
                sys.exit("gen.py: unknown option '%s'" % k)
            opt[k] = v if k == "--gnuplot" else int(v)
        store_csv(int(a[1]), int(a[2]), int(a[3]), a[4], opt["--per"], opt["--split"], opt["--gnuplot"])
    elif cmd == "newrun":
        newrun(int(a[1]), int(a[2]), a[3])
    elif cmd == "sweep":
        sweep(int(a[1]), a[2])
    elif cmd == "samples":
        samples(int(a[1]), int(a[2]), int(a[3]), a[4], len(a) > 5 and a[5] == "--plain")
    elif cmd == "bonnie":
        bonnie(int(a[1]), a[2])
    elif cmd == "sysbench":
        sysbench(int(a[1]), a[2])
    elif cmd == "charts":
        charts(int(a[1]), a[2])
    else:
        sys.exit("gen.py: unknown workload '%s'" % cmd)


if __name__ == "__main__":
    main(sys.argv[1:])
