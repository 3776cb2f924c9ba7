/*
 * test_parsers.c: the bonnie++ layouts of every version, field by field,
 * through a sink that writes records as text; and detection by content.
 * The lines are built from each version's field list with a distinct value
 * per field, so a field read from the wrong place shows.
 */
#include <stdlib.h>

#include "../../core/buf.h"
#include "../../core/err.h"
#include "../../collector/format.h"
#include "tap.h"

/* The formats tested by their structs (collector/registry.c declares
 * every one where it lists them). */
extern const struct format format_bonnie, format_table, format_fio,
	format_pts;

static int cap_begin(void *ctx, const char *suite, const char *label,
		     long line, struct err *e)
{
	(void)e;
	return buf_printf(ctx, "run %s %s %ld\n", suite, label ? label : "-",
			  line);
}

static int cap_attr(void *ctx, const char *k, const char *v, struct err *e)
{
	(void)e;
	return buf_printf(ctx, "attr %s=%s\n", k, v);
}

static int cap_result(void *ctx, const struct record_result *r, struct err *e)
{
	(void)e;
	if (r->has_value)
		return buf_printf(ctx, "%s %s %.17g %s %s %s\n", r->test, r->metric,
				  r->value, r->unit, r->better, r->status);
	return buf_printf(ctx, "%s %s - %s %s %s\n", r->test, r->metric, r->unit,
			  r->better, r->status);
}

static int cap_sample(void *ctx, const char *test, const char *metric,
		      double t, double v, struct err *e)
{
	(void)e;
	return buf_printf(ctx, "sample %s %s %.17g %.17g\n", test, metric, t, v);
}

static int cap_end(void *ctx, struct err *e)
{
	(void)e;
	return buf_adds(ctx, "end\n");
}

static struct buf out;
static struct err perr;

static const char *parse(const struct format *f, const char *text)
{
	struct record_sink sink = {&out, cap_begin, cap_attr, cap_result,
				   cap_sample, cap_end, NULL};
	struct parse_opts o;

	memset(&o, 0, sizeof(o));

	buf_reset(&out);
	err_clear(&perr);
	if (f->parse(text, strlen(text), &o, &sink, &perr))
		return NULL;
	return out.data ? out.data : "";
}

static int has(const char *text, const char *line)
{
	return text && strstr(text, line) != NULL;
}

static void test_bonnie_layouts(void)
{
	const char *r;

	/* 1.97: 48 fields, as bonnie++ 1.97 prints them */
	r = parse(&format_bonnie,
		  "1.97,1.97,aws_m4.large_gp2,1,1517949171,16G,,750,99,55019,4,"
		  "40337,4,1663,99,71187,3,10883,85,16,,,,,+++++,+++,+++++,+++,"
		  "+++++,+++,+++++,+++,+++++,+++,+++++,+++,12470us,136ms,506ms,"
		  "6146us,139ms,3573us,468us,290us,1205us,686us,17us,1061us\n");
	CHECK(has(r, "run bonnie++ aws_m4.large_gp2 1\n"), "1.97: label from name");
	CHECK(has(r, "putc rate 750 KiB/s higher ok\n"), "1.97: putc rate");
	CHECK(has(r, "put_block cpu 4 % lower ok\n"), "1.97: put_block cpu");
	CHECK(has(r, "seeks rate 10883 1/s higher ok\n"), "1.97: seeks rate");
	CHECK(has(r, "seq_create rate - 1/s higher too-fast\n"),
	      "1.97: +++++ is too-fast with no value");
	CHECK(has(r, "seq_create cpu - % lower too-fast\n"), "1.97: +++ too-fast");
	CHECK(has(r, "put_block latency 136000 us lower ok\n"), "1.97: 136ms in us");
	CHECK(has(r, "ran_del latency 1061 us lower ok\n"), "1.97: last latency");
	CHECK(has(r, "attr tool_version=1.97\n") && has(r, "attr file_size=16G\n") &&
	      has(r, "attr num_files=16\n") && has(r, "attr seed=1517949171\n"),
	      "1.97: attributes");

	/* 1.98/2.00a: 50 fields, seeks and seek_proc_count after the chunk */
	r = parse(&format_bonnie,
		  "1.98,2.00a,ANDREW-PC,1,1731168315,63G,,8192,5,540,99,745124,100,"
		  "980550,91,2205,99,1203968,58,+++++,+++,16,,,,,20480,88,+++++,+++,"
		  "30000,77,21000,66,+++++,+++,31000,55,16366us,1s,2ms,3us,4us,5us,"
		  "6us,7us,8us,9us,10us,3156us\n");
	CHECK(has(r, "putc rate 540 KiB/s") && has(r, "get_block rate 1203968 "),
	      "2.00a: IO fields after the two seek fields");
	CHECK(has(r, "seeks rate - 1/s higher too-fast"), "2.00a: seeks too fast");
	CHECK(has(r, "seq_create rate 20480 1/s") && has(r, "ran_del cpu 55 %"),
	      "2.00a: file fields");
	CHECK(has(r, "put_block latency 1000000 us") &&
	      has(r, "ran_del latency 3156 us"), "2.00a: latencies (1s in us)");
	CHECK(has(r, "attr seeks=8192\n") && has(r, "attr seek_proc_count=5\n") &&
	      has(r, "attr tool_version=2.00a\n"), "2.00a: seek attributes");

	/* 1.0x: 27 fields (the line bonnie2gchart documents) */
	r = parse(&format_bonnie,
		  "host7,8096M,38449,67,36403,9,19240,5,47427,74,47958,7,330.6,0,256,"
		  "216,99,+++++,+++,66339,55,222,99,+++++,+++,304,35\n");
	CHECK(has(r, "run bonnie++ host7 1\n"), "1.0x: label");
	CHECK(has(r, "seeks rate 330.60000000000002 1/s"), "1.0x: seeks 330.6");
	CHECK(has(r, "seq_create rate 216 ") && has(r, "ran_del cpu 35 %"),
	      "1.0x: file fields");
	CHECK(!has(r, "latency"), "1.0x: no latencies");
	CHECK(has(r, "attr num_files=256\n") && has(r, "attr file_size=8096M\n"),
	      "1.0x: attributes");
	r = parse(&format_bonnie,
		  "box,2G:4k,1,2,3,4,5,6,7,8,9,10,11,12,16:100000:1000/64,13,14,15,"
		  "16,17,18,19,20,21,22,23,24\n");
	CHECK(has(r, "attr chunk_size=4k\n") && has(r, "attr max_size=100000\n") &&
	      has(r, "attr min_size=1000\n") && has(r, "attr num_dirs=64\n") &&
	      has(r, "attr num_files=16\n") && has(r, "attr file_size=2G\n"),
	      "1.0x: size:chunk and files:max:min/dirs split");
	CHECK(has(r, "seeks cpu 12 %") && has(r, "seq_create rate 13 "),
	      "1.0x: fields around the file parameters");

	/* 1.96 -s 0: one IO field short (47 fields) */
	r = parse(&format_bonnie,
		  "1.96,1.96,s0,1,1421800799,,,,,,,,,,,,,,,16,,,,,1,2,3,4,5,6,7,8,9,"
		  "10,11,12,,,,,,,1us,2us,3us,4us,5us,6us\n");
	CHECK(has(r, "seq_create rate 1 1/s") && has(r, "ran_del cpu 12 %") &&
	      has(r, "seq_create latency 1 us") && has(r, "ran_del latency 6 us") &&
	      !has(r, "putc "), "1.96 -s 0: the short line is realigned");

	/* 1.92a: seed, no concurrency (47); 1.92: neither (46) */
	r = parse(&format_bonnie,
		  "1.92a,1.92a,old,12345,1G,,1,2,3,4,5,6,7,8,9,10,11,12,16,,,,,13,14,"
		  "15,16,17,18,19,20,21,22,23,24,1us,2us,3us,4us,5us,6us,7us,8us,9us,"
		  "10us,11us,12us\n");
	CHECK(has(r, "attr seed=12345\n") && has(r, "putc rate 1 ") &&
	      has(r, "ran_del cpu 24 %") && has(r, "ran_del latency 12 us") &&
	      !has(r, "attr concurrency"), "1.92a: 47 fields mapped");
	r = parse(&format_bonnie,
		  "1.92,1.92,older,1G,,1,2,3,4,5,6,7,8,9,10,11,12,16,,,,,13,14,15,16,"
		  "17,18,19,20,21,22,23,24,1us,2us,3us,4us,5us,6us,7us,8us,9us,10us,"
		  "11us,12us\n");
	CHECK(has(r, "putc rate 1 ") && has(r, "seeks cpu 12 %") &&
	      has(r, "ran_del latency 12 us") && !has(r, "attr seed"),
	      "1.92: 46 fields mapped");

	/* what surrounds the CSV is passed over; headers are not data */
	r = parse(&format_bonnie,
		  "# comment, with commas, here\n"
		  "format_version,bonnie_version,name,concurrency,seed,file_size\n"
		  "Thu Oct 30 08:40:38 PDT 2014\n"
		  "host7,8096M,38449,67,36403,9,19240,5,47427,74,47958,7,330.6,0,256,"
		  "216,99,+++++,+++,66339,55,222,99,+++++,+++,304,35\n");
	CHECK(has(r, "run bonnie++ host7 4\n"), "comments, headers and dates skipped");

	CHECK(parse(&format_bonnie, "1.97,1.97,x,1,2,16G,,750,99\n") == NULL &&
	      perr.line == 1 && strstr(perr.msg, "expected 48 fields, found 9"),
	      "a truncated 1.97 line is an error, not skipped");
	CHECK(parse(&format_bonnie,
		    "Version  1.97       ------Sequential Output------\n") == NULL &&
	      strstr(perr.msg, "text table"), "a table without CSV says so");
}

static void test_detect(void)
{
	static const char fio[] = "note: queue depth will be capped at 1\n"
		"{\n  \"fio version\" : \"fio-3.33\",\n  \"jobs\" : []\n}\n";
	static const char pts[] = "<?xml version=\"1.0\"?>\n"
		"<!--Phoronix Test Suite v10.8.4-->\n<PhoronixTestSuite>\n";
	static const char bonnie[] =
		"1.96,1.96,perfkit-7b22f510-0,1,1421800799,7423M,,,,72853,15,47358,"
		"5,,,156821,7,537.7,10,100,,,,,49223,58,+++++,+++,54405,53,2898,97,"
		"+++++,+++,59089,60,,512ms,670ms,,44660us,200ms,3747us,1759us,1643us,"
		"33518us,192us,839us\n";
	static const char table[] = "run,label,suite,test,metric,value,unit,better,"
				    "status\n1,a,s,t,m,1,s,lower,ok\n";

	CHECK(format_detect(bonnie, sizeof(bonnie) - 1) == &format_bonnie,
	      "detect a bonnie++ 1.96 line");
	CHECK(format_detect(table, sizeof(table) - 1) == &format_table,
	      "detect a long table");
	CHECK(format_detect("hello, world\n", 13) == NULL, "detect nothing in prose");
	CHECK(format_detect(fio, sizeof(fio) - 1) == &format_fio,
	      "detect fio JSON after note: lines");
	CHECK(format_detect(pts, sizeof(pts) - 1) == &format_pts,
	      "detect PTS result XML");
	CHECK(format_find("bonnie") == &format_bonnie && format_find("nope") == NULL,
	      "find formats by name");
}

static void test_table(void)
{
	const char *r;

	r = parse(&format_table,
		  "label,test,metric,value,unit,better,fs\n"
		  "a,t1,m,1.5,s,lower,ext4\n"
		  "b,t1,m,2,s,lower,xfs\n"
		  "a,t2,m,3,s,lower,ext4\n");
	CHECK(r && strcmp(r, "run table a 2\nattr fs=ext4\nt1 m 1.5 s lower ok\n"
			     "t2 m 3 s lower ok\nend\nrun table b 3\nattr fs=xfs\n"
			     "t1 m 2 s lower ok\nend\n") == 0,
	      "table: rows of one label gathered into one run, extra column an "
	      "attribute");
	r = parse(&format_table,
		  "run\tlabel\tsuite\ttest\tmetric\tvalue\tunit\tbetter\tstatus\n"
		  "7\t\"x\ty\"\tbonnie++\tputc\trate\t\tKiB/s\thigher\ttoo-fast\n");
	CHECK(has(r, "run bonnie++ x\ty 2\n") &&
	      has(r, "putc rate - KiB/s higher too-fast\n"),
	      "table: TSV, quoted tab in a label, empty value with a status");
	CHECK(parse(&format_table, "test,metric,value,better\nt,m,abc,lower\n") == NULL &&
	      perr.line == 2 && perr.col == 3, "table: non-numeric value at 2:3");
	CHECK(parse(&format_table, "test,metric,value,better\nt,m,1,worse\n") == NULL &&
	      perr.line == 2, "table: bad better");
	CHECK(parse(&format_table, "test,metric,value,better\nt,m,1\n") == NULL &&
	      strstr(perr.msg, "expected 4 fields, found 3"), "table: short row");
	CHECK(parse(&format_table, "test,metric,value,better\n\"t,m,1,lower\n") == NULL &&
	      strstr(perr.msg, "not closed"), "table: unclosed quote");
	CHECK(parse(&format_table, "test,metric,value\nt,m,1\n") == NULL &&
	      strstr(perr.msg, "better"), "table: a table without better");
	CHECK(parse(&format_table,
		    "run,label,test,metric,value,better\n1,a,t,m,1,lower\n"
		    "1,b,t2,m,1,lower\n") == NULL && perr.line == 3 &&
	      strstr(perr.msg, "label"), "table: one run with two labels");
}

void test_parsers(void)
{
	buf_init(&out, 1 << 20);
	test_bonnie_layouts();
	test_detect();
	test_table();
	buf_release(&out);
}
