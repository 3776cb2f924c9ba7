#!/usr/bin/env python3
"""gen.py FORMAT N FILE: an input of FORMAT whose size grows with N, for
tests/linear.test.sh (N and 8N must cost about 8x).  Also:

  gen.py fields FILE      one CSV line of a million empty fields
  gen.py quotes FILE      a line of a million double quotes
  gen.py deep-xml FILE    a PTS-like document nested 100,000 levels deep
  gen.py deep-html FILE   an HTML table inside 100,000 nested <div>s
  gen.py line FILE        a line of exactly 1 MiB (the limit) then a table
"""
import sys
FIXED = ("fields", "quotes", "deep-xml", "deep-html", "line")
GROWS = ("bonnie", "sysbench", "sqlbench", "fio", "pts", "supersmack",
         "table", "wide", "html")
args = sys.argv[1:]
# a format that grows takes N and FILE: with FILE left out, N would be
# taken for the file's name and a stray file named like a number written
# where the caller stands
if not ((len(args) == 2 and args[0] in FIXED) or
        (len(args) == 3 and args[0] in GROWS and args[1].isdigit())):
    sys.stderr.write(__doc__)
    sys.exit(2)
fmt, n, out = args[0], int(args[1]) if len(args) == 3 else 0, args[-1]
w = open(out, "w")
if fmt == "fields":
    w.write("run,label,suite,test,metric,value,unit,better,status\n")
    w.write("," * 1000000 + "\n")
elif fmt == "quotes":
    w.write("config,a\n")
    w.write('"' * 1000000 + "\n")
elif fmt == "deep-xml":
    w.write('<?xml version="1.0"?>\n<PhoronixTestSuite>')
    w.write("<a>" * 100000 + "</a>" * 100000)
    w.write("</PhoronixTestSuite>\n")
elif fmt == "deep-html":
    w.write("<html><body>" + "<div>" * 100000)
    w.write("<table><tr><th>config</th><th>a</th></tr><tr><td>x</td><td>1</td></tr></table>")
    w.write("</div>" * 100000 + "</body></html>\n")
elif fmt == "line":
    w.write("x" * (1 << 20) + "\n")
    w.write("config,a\nx,1\n")
elif fmt == "bonnie":
    for i in range(n):
        w.write("1.98,1.98,host%d,1,1700000000,16G,,8192,5,%d,99,%d,20,%d,10,%d,99,%d,15,%d.5,7,16,,,,,%d,20,+++++,+++,%d,30,%d,25,+++++,+++,%d,30,120us,5ms,6ms,1ms,2ms,3ms,100us,200us,300us,400us,500us,600us\n" % ((i,) + (100 + i % 7,) * 10))
elif fmt == "sysbench":
    w.write("sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: 1\nReport intermediate results every 1 second(s)\n\nInitializing worker threads...\n\nThreads started!\n\n")
    for i in range(n):
        w.write("[ %ds ] thds: 1 eps: %d.12 lat (ms,95%%): 0.29\n" % (i + 1, 1000 + i % 50))
    w.write("CPU speed:\n    events per second:  1041.31\n\nGeneral statistics:\n    total time:                          10.0004s\n    total number of events:              10416\n\nLatency (ms):\n         min:                                    0.93\n         avg:                                    0.96\n         max:                                    1.30\n         95th percentile:                        0.97\n         sum:                                 9998.92\n\nThreads fairness:\n    events (avg/stddev):           10416.0000/0.00\n    execution time (avg/stddev):   9.9989/0.00\n\n")
elif fmt == "sqlbench":
    w.write("Testing server 'MySQL 5.5.20' at 2012-01-01 10:00:00\n\nATIS table test\n\n")
    # the parser holds 1024 operations per test: one in 2000 units (one
    # in n/1000 past two million units), the rest the progress lines
    # sql-bench prints between them
    every = max(2000, -(-n // 1000))
    for i in range(n):
        if i % every == 0:
            w.write("Time for op_%d (%d): %d wallclock secs ( 0.01 usr  0.00 sys +  0.00 cusr  0.00 csys =  0.01 CPU)\n" % (i, 10 + i, 1 + i % 9))
        else:
            w.write("Inserting %d rows into table t%d\n" % (i, i % 7))
    w.write("Total time: 12 wallclock secs ( 0.20 usr  0.04 sys +  0.00 cusr  0.00 csys =  0.24 CPU)\n")
elif fmt == "fio":
    base = {"jobname": "j", "groupid": 0, "error": 0,
            "job options": {"rw": "randread", "bs": "4k"},
            "read": {"io_bytes": 4096000, "bw": 4000, "iops": 1000, "total_ios": 1000,
                     "clat_ns": {"mean": 900, "percentile": {"99.000000": 1200}},
                     "lat_ns": {"mean": 950}},
            "write": {"io_bytes": 0, "bw": 0, "iops": 0, "total_ios": 0}}
    job = {"fio version": "fio-3.28", "jobs": []}
    for i in range(n):
        j = dict(base); j["jobname"] = "job%d" % i
        job["jobs"].append(j)
    import json
    json.dump(job, w, indent=1)
elif fmt == "pts":
    w.write('<?xml version="1.0"?>\n<PhoronixTestSuite>\n<System><Identifier>sys</Identifier></System>\n')
    for i in range(n):
        w.write("<Result><Identifier>pts/t%d-1.0</Identifier><Title>T%d</Title><Description>d</Description><Scale>MB/s</Scale><Proportion>HIB</Proportion><Data><Entry><Identifier>sys</Identifier><Value>%d.5</Value></Entry></Data></Result>\n" % (i, i, i))
    w.write("</PhoronixTestSuite>\n")
elif fmt == "supersmack":
    for c in range(n):
        w.write("Query Barrel Report for client smacker%d\nconnect: max=3ms  min=0ms avg= 1ms from 10 clients \nQuery_type\tnum_queries\tmax_time\tmin_time\tq_per_s\nselect_index\t20000\t0\t0\t%d.10\nupdate_index\t20000\t2\t0\t12.5\n\n" % (c, 500 + c))
elif fmt == "table":
    w.write("run,label,suite,test,metric,value,unit,better,status\n")
    for i in range(n):
        w.write("%d,host%d,s,t%d,latency,%d.5,ms,lower,ok\n" % (i // 10, i // 10, i % 10, i))
elif fmt == "wide":
    w.write("config," + ",".join("t%d" % k for k in range(10)) + "\n")
    for i in range(n):
        w.write("c%d," % i + ",".join("%d.5" % (i + k) for k in range(10)) + "\n")
elif fmt == "html":
    w.write("<html><body><table>\n<tr><th>config</th>" + "".join("<th>t%d</th>" % k for k in range(10)) + "</tr>\n")
    for i in range(n):
        w.write("<tr><td>c%d</td>" % i + "".join("<td>%d.5</td>" % (i + k) for k in range(10)) + "</tr>\n")
    w.write("</table></body></html>\n")
