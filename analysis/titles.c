/*
 * titles.c: see titles.h.  The words are the tools' own where they have
 * them (bonnie++'s table heads "Sequential Output ... Block", sysbench's
 * "random r/w", iozone's report names), in plain English where the
 * stored name is a parser's (fio's `read_clat_p99`).  Names a user chose
 * (a fio job, a hyperfine command, a wide table's columns) and the
 * Phoronix Test Suite's, already written for people, have none.
 */
#include "titles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct title {
	const char *name, *text;
};

static const struct title bonnie_tests[] = {
	{"putc", "Sequential output, per character"},
	{"put_block", "Sequential output, block"},
	{"rewrite", "Sequential output, rewrite"},
	{"getc", "Sequential input, per character"},
	{"get_block", "Sequential input, block"},
	{"seeks", "Random seeks"},
	{"seq_create", "Sequential file creation"},
	{"seq_stat", "Sequential file stat (read)"},
	{"seq_del", "Sequential file deletion"},
	{"ran_create", "Random file creation"},
	{"ran_stat", "Random file stat (read)"},
	{"ran_del", "Random file deletion"},
	{NULL, NULL},
};

static const struct title bonnie_metrics[] = {
	{"rate", "rate"},
	{"cpu", "CPU use"},
	{"latency", "latency"},
	{NULL, NULL},
};

static const struct title sysbench_tests[] = {
	{"cpu", "CPU (prime numbers)"},
	{"memory", "Memory"},
	{"threads", "Threads (scheduler)"},
	{"mutex", "Mutex"},
	{"fileio", "File I/O"},
	{"fileio-seqwr", "File I/O, sequential write"},
	{"fileio-seqrewr", "File I/O, sequential rewrite"},
	{"fileio-seqrd", "File I/O, sequential read"},
	{"fileio-rndrd", "File I/O, random read"},
	{"fileio-rndwr", "File I/O, random write"},
	{"fileio-rndrw", "File I/O, random read/write"},
	{"oltp_read_write", "OLTP, read/write"},
	{"oltp_read_only", "OLTP, read-only"},
	{"oltp_write_only", "OLTP, write-only"},
	{"oltp_point_select", "OLTP, point selects"},
	{"oltp_update_index", "OLTP, indexed updates"},
	{"oltp_update_non_index", "OLTP, non-indexed updates"},
	{"oltp_insert", "OLTP, inserts"},
	{"oltp_delete", "OLTP, deletes"},
	{"select_random_points", "Random point selects"},
	{"select_random_ranges", "Random range selects"},
	{"bulk_insert", "Bulk insert"},
	{NULL, NULL},
};

static const struct title sysbench_metrics[] = {
	{"events_per_sec", "events per second"},
	{"total_time", "total time"},
	{"total_events", "events"},
	{"latency_min", "latency, minimum"},
	{"latency_avg", "latency, mean"},
	{"latency_max", "latency, maximum"},
	{"operations_per_sec", "operations per second"},
	{"mib_per_sec", "transfer rate"},
	{"reads_per_sec", "reads per second"},
	{"writes_per_sec", "writes per second"},
	{"fsyncs_per_sec", "fsyncs per second"},
	{"read_mib_per_sec", "read throughput"},
	{"written_mib_per_sec", "write throughput"},
	{"transactions_per_sec", "transactions per second"},
	{"queries_per_sec", "queries per second"},
	{"ignored_errors_per_sec", "ignored errors per second"},
	{"reconnects_per_sec", "reconnects per second"},
	{NULL, NULL},
};

static const struct title sqlbench_tests[] = {
	{"alter-table", "Altering tables"},
	{"ATIS", "ATIS (airline database) queries"},
	{"big-tables", "Big tables"},
	{"connect", "Connecting"},
	{"create", "Creating tables"},
	{"insert", "Inserts"},
	{"select", "Selects"},
	{"transactions", "Transactions"},
	{"wisconsin", "Wisconsin benchmark"},
	{NULL, NULL},
};

static const struct title sqlbench_metrics[] = {
	{"total_time", "total time"},
	{"cpu_time", "CPU time"},
	{"total_time_ratio", "total time, ratio to the first server"},
	{NULL, NULL},
};

static const struct title pgbench_tests[] = {
	{"tpcb-like", "TPC-B-like transactions"},
	{"simple-update", "Simple updates"},
	{"select-only", "Selects only"},
	{NULL, NULL},
};

static const struct title pgbench_metrics[] = {
	{"tps", "transactions per second"},
	{"tps_including_connections",
	 "transactions per second, connecting included"},
	{"latency_avg", "latency, mean"},
	{"latency_stddev", "latency, standard deviation"},
	{"initial_connection_time", "initial connection time"},
	{"transactions", "transactions"},
	{"failed_transactions", "failed transactions"},
	{NULL, NULL},
};

/* dbench replays SMB calls: 4.x names them as the protocol does, 3.x
 * shorter */
static const struct title dbench_tests[] = {
	{"total", "All operations"},
	{"NTCreateX", "Create or open a file"},
	{"Close", "Close a file"},
	{"ReadX", "Read"},
	{"WriteX", "Write"},
	{"Flush", "Flush"},
	{"LockX", "Lock"},
	{"UnlockX", "Unlock"},
	{"Unlink", "Delete a file"},
	{"Deltree", "Delete a tree"},
	{"Mkdir", "Make a directory"},
	{"Rename", "Rename"},
	{"FIND_FIRST", "Find files"},
	{"Find", "Find files"},
	{"QUERY_FILE_INFORMATION", "Query a file's information"},
	{"Qfileinfo", "Query a file's information"},
	{"QUERY_PATH_INFORMATION", "Query a path's information"},
	{"Qpathinfo", "Query a path's information"},
	{"QUERY_FS_INFORMATION", "Query the file system's information"},
	{"Qfsinfo", "Query the file system's information"},
	{"SET_FILE_INFORMATION", "Set a file's information"},
	{"Sfileinfo", "Set a file's information"},
	{NULL, NULL},
};

static const struct title dbench_metrics[] = {
	{"throughput", "throughput"},
	{"max_latency", "maximum latency"},
	{"count", "operations"},
	{"latency_avg", "latency, mean"},
	{"latency_max", "latency, maximum"},
	{NULL, NULL},
};

/* iozone's operations, as its -R report names them ("Random read
 * report"); a test is OP-RECk */
static const struct title iozone_ops[] = {
	{"write", "Write"},
	{"rewrite", "Rewrite"},
	{"read", "Read"},
	{"reread", "Reread"},
	{"random-read", "Random read"},
	{"random-write", "Random write"},
	{"backward-read", "Backward read"},
	{"record-rewrite", "Record rewrite"},
	{"stride-read", "Stride read"},
	{"fwrite", "Write with fwrite()"},
	{"frewrite", "Rewrite with fwrite()"},
	{"fread", "Read with fread()"},
	{"freread", "Reread with fread()"},
	{NULL, NULL},
};

static const struct title iozone_metrics[] = {
	{"rate", "throughput"},
	{NULL, NULL},
};

static const struct title hyperfine_metrics[] = {
	{"time", "wall-clock time"},
	{NULL, NULL},
};

/* the query types of Super Smack's own smack files */
static const struct title supersmack_tests[] = {
	{"select-key", "Select by key"},
	{"select_index", "Select by key"},
	{"update-select", "Update and select"},
	{"update_index", "Update by key"},
	{NULL, NULL},
};

static const struct title supersmack_metrics[] = {
	{"queries_per_sec", "queries per second"},
	{NULL, NULL},
};

/* fio: a direction and what was measured of it */
static const struct title fio_metrics[] = {
	{"read_iops", "read IOPS"},
	{"read_bw", "read bandwidth"},
	{"read_lat_mean", "read latency, mean"},
	{"read_clat_p99", "read completion latency, 99th percentile"},
	{"write_iops", "write IOPS"},
	{"write_bw", "write bandwidth"},
	{"write_lat_mean", "write latency, mean"},
	{"write_clat_p99", "write completion latency, 99th percentile"},
	{"mixed_iops", "mixed IOPS"},
	{"mixed_bw", "mixed bandwidth"},
	{"mixed_lat_mean", "mixed latency, mean"},
	{"mixed_clat_p99", "mixed completion latency, 99th percentile"},
	{"trim_iops", "trim IOPS"},
	{"trim_bw", "trim bandwidth"},
	{"trim_lat_mean", "trim latency, mean"},
	{"trim_clat_p99", "trim completion latency, 99th percentile"},
	{NULL, NULL},
};

struct suite {
	const char *name;
	const struct title *tests, *metrics;
};

static const struct suite suites[] = {
	{"bonnie++", bonnie_tests, bonnie_metrics},
	{"sysbench", sysbench_tests, sysbench_metrics},
	{"sql-bench", sqlbench_tests, sqlbench_metrics},
	{"pgbench", pgbench_tests, pgbench_metrics},
	{"dbench", dbench_tests, dbench_metrics},
	{"iozone", NULL, iozone_metrics},
	{"hyperfine", NULL, hyperfine_metrics},
	{"super-smack", supersmack_tests, supersmack_metrics},
	{"fio", NULL, fio_metrics},
	{NULL, NULL, NULL},
};

static const char *look(const struct title *t, const char *name)
{
	for (; t && t->name; t++)
		if (strcmp(t->name, name) == 0)
			return t->text;
	return NULL;
}

static const struct suite *suite_of(const char *name)
{
	const struct suite *s;

	for (s = suites; name && s->name; s++)
		if (strcmp(s->name, name) == 0)
			return s;
	return NULL;
}

/* "write-128k": "Write, 128 KiB records" */
static const char *iozone_test(const char *test, char *out, size_t cap)
{
	const char *dash = strrchr(test, '-'), *op, *d;
	char name[64];

	if (!dash || dash == test || (size_t)(dash - test) >= sizeof(name))
		return NULL;
	for (d = dash + 1; *d >= '0' && *d <= '9'; d++)
		;
	if (d == dash + 1 || strcmp(d, "k") != 0)
		return NULL;
	snprintf(name, sizeof(name), "%.*s", (int)(dash - test), test);
	if (!(op = look(iozone_ops, name)))
		return NULL;
	snprintf(out, cap, "%s, %.*s KiB records", op, (int)(d - dash - 1),
		 dash + 1);
	return out;
}

/* "oltp r/w/o 14/4/2": "OLTP, 14 reads, 4 writes, 2 others a
 * transaction" (the query mix docs/parsed-names-and-figures.md names) */
static const char *oltp_mix(const char *test, char *out, size_t cap)
{
	unsigned r, w, o;
	char end;

	if (sscanf(test, "oltp r/w/o %u/%u/%u%c", &r, &w, &o, &end) != 3)
		return NULL;
	snprintf(out, cap, "OLTP, %u read%s, %u write%s, %u other%s a "
		 "transaction", r, r == 1 ? "" : "s", w, w == 1 ? "" : "s", o,
		 o == 1 ? "" : "s");
	return out;
}

const char *titles_test(const char *suite, const char *test, char *out,
			size_t cap)
{
	const struct suite *s = suite_of(suite);
	const char *t;

	if (!s || !test || cap == 0)
		return NULL;
	if (strcmp(s->name, "iozone") == 0)
		return iozone_test(test, out, cap);
	if (strcmp(s->name, "sysbench") == 0 && oltp_mix(test, out, cap))
		return out;
	if (!(t = look(s->tests, test)))
		return NULL;
	snprintf(out, cap, "%s", t);
	return out;
}

const char *titles_metric(const char *suite, const char *metric)
{
	/* latency_pNN: a percentile sysbench printed */
	static const char *const pct[] = {"latency_p95", "latency_p99",
					  "latency_p100"};
	static const char *const pct_text[] = {
		"latency, 95th percentile", "latency, 99th percentile",
		"latency, maximum (100th percentile)"};
	const struct suite *s = suite_of(suite);
	size_t i;

	if (!s || !metric)
		return NULL;
	if (strcmp(s->name, "sysbench") == 0)
		for (i = 0; i < sizeof(pct) / sizeof(pct[0]); i++)
			if (strcmp(metric, pct[i]) == 0)
				return pct_text[i];
	return look(s->metrics, metric);
}

void titles_capital(char *s)
{
	if (s && *s >= 'a' && *s <= 'z')
		*s = (char)(*s - 'a' + 'A');
}

static int several_of(const struct model *m, int c)
{
	return m->cols[c].several;
}

int titles_column(const struct model *m, int c, char *title, size_t tcap,
		  char *raw, size_t rcap)
{
	const struct column *col = &m->cols[c];
	char t[200];
	const char *td = titles_test(m->suite, col->test, t, sizeof(t));
	const char *md = titles_metric(m->suite, col->metric);
	int several = several_of(m, c);

	if (several)
		snprintf(raw, rcap, "%s %s", col->test, col->metric);
	else
		snprintf(raw, rcap, "%s", col->test);
	if (!td && !(several && md)) {
		snprintf(title, tcap, "%s", raw);
		return 0;
	}
	if (several)
		snprintf(title, tcap, "%s: %s", td ? td : col->test,
			 md ? md : col->metric);
	else
		snprintf(title, tcap, "%s", td);
	return 1;
}

void titles_chart(const struct model *m, int c, char *out, size_t cap)
{
	const struct column *col = &m->cols[c];
	char t[200];
	const char *td = titles_test(m->suite, col->test, t, sizeof(t));
	const char *md = titles_metric(m->suite, col->metric);

	if (!td && !md)
		snprintf(out, cap, "%s: %s", col->test, col->metric);
	else
		snprintf(out, cap, "%s: %s (%s %s)", td ? td : col->test,
			 md ? md : col->metric, col->test, col->metric);
}
