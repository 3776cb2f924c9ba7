/*
 * guess.c: what to say of a file no format detects, when it is plainly a
 * known tool's output in a form benchsite does not read (see format.h,
 * format_guess).
 *
 * "cannot tell which tool wrote this file" is true but unhelpful when the
 * file is hyperfine's terminal output: the user has the tool and can give
 * the form that is read.  Each entry here is a marker no format detects
 * and the advice for it; the markers are matched at the start of a line
 * (after blanks), in the first DETECT bytes, as detection is.
 */
#include <string.h>

#include "../core/lines.h"
#include "format.h"
#include "span.h"

/* As far as the formats' own detection looks. */
#define GUESS_BYTES (64 * 1024)

static const struct {
	const char *mark;	/* at a line's start, after blanks */
	const char *also;	/* NULL, or another line's start needed */
	const char *say;
} guesses[] = {
	{"Benchmark 1: ", "Time (mean", "this looks like hyperfine's terminal "
	 "output; hyperfine's JSON export is read (hyperfine --export-json "
	 "FILE ...)"},
	{"Benchmark #1: ", "Time (mean", "this looks like hyperfine's terminal "
	 "output; hyperfine's JSON export is read (hyperfine --export-json "
	 "FILE ...)"},
	{"command,mean,stddev,median,user,system,min,max", NULL, "this looks "
	 "like hyperfine --export-csv; hyperfine's JSON export is read "
	 "(--export-json FILE), with every run's time"},
	{"| Command | Mean [", NULL, "this looks like hyperfine "
	 "--export-markdown; hyperfine's JSON export is read (--export-json "
	 "FILE), with every run's time"},
	{"Children see throughput for", NULL, "this looks like iozone "
	 "throughput mode (-t); iozone's automatic-mode table (-a) and its -R "
	 "report blocks are read"},
	{"Run status group ", "READ: bw=", "this looks like fio's run status "
	 "summary without the job reports; fio's normal output is read with "
	 "its reports ('NAME: (groupid=N, jobs=N): err= 0: ...'), and fio "
	 "JSON (--output-format=json)"},
	{"Run status group ", "WRITE: bw=", "this looks like fio's run status "
	 "summary without the job reports; fio's normal output is read with "
	 "its reports ('NAME: (groupid=N, jobs=N): err= 0: ...'), and fio "
	 "JSON (--output-format=json)"},
	{"3;fio-", NULL, "this looks like fio --output-format=terse; fio's "
	 "normal output and fio JSON (--output-format=json) are read"},
	{"2;fio-", NULL, "this looks like fio --output-format=terse; fio's "
	 "normal output and fio JSON (--output-format=json) are read"},
};

/* 1 when s[0..n) starts with w once its indent is passed over. */
static int starts(const char *s, size_t n, const char *w)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	return span_starts(s, n, w);
}

/* 1 when a line of p[0..n) starts with w. */
static int has_line(const char *p, size_t n, const char *w)
{
	struct lines l;
	const char *s;
	size_t k;

	lines_init(&l, p, n);
	while (lines_next(&l, &s, &k))
		if (starts(s, k, w))
			return 1;
	return 0;
}

const char *format_guess(const char *p, size_t n)
{
	size_t i;

	if (n > GUESS_BYTES)
		n = GUESS_BYTES;
	for (i = 0; i < sizeof(guesses) / sizeof(guesses[0]); i++)
		if (has_line(p, n, guesses[i].mark) &&
		    (!guesses[i].also || has_line(p, n, guesses[i].also)))
			return guesses[i].say;
	return NULL;
}
