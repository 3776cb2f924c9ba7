/*
 * run_tools.h: what `benchsite run` must know of the tools whose results
 * do not come on their standard output.
 *
 * hyperfine prints a table for people and writes what benchsite reads
 * (its JSON export) to the file --export-json names; fio with --output
 * writes its report (JSON or normal text, both read) to that file and
 * prints nothing.  run (cli/run.c) asks here where a command's results
 * go, imports that file with what the tool printed kept beside it, and
 * when the output cannot be read, asks here what to tell the user to do.
 */
#ifndef BENCHSITE_RUN_TOOLS_H
#define BENCHSITE_RUN_TOOLS_H

#include <stddef.h>

struct err;
struct import_opts;
struct import_report;
struct source_input;
struct store;

/* 1 when the command line argv (NULL-terminated; the tool may follow a
 * wrapper such as taskset or nice) writes its results to a file: hyperfine
 * --export-json FILE, fio --output FILE (either also as --opt=FILE, and
 * fio's -opt too).  path gets FILE, under dir (the folder the command runs
 * in) when FILE is relative.  0 when the results are what it prints. */
int run_tools_file(char *const argv[], const char *dir, char *path,
		   size_t cap);

/* What to do when what the command argv printed, p[0..n), holds nothing
 * benchsite reads: a tool-specific word (hyperfine without --export-json,
 * fio --output-format=terse), else what import says of such output
 * (format_guess); NULL when nothing is known.  Static text. */
const char *run_tools_advice(char *const argv[], const char *p, size_t n);

/* Imports the results file path as the source name (its default label, as
 * for an output read from stdout), with what the tool printed (printed,
 * may be empty) kept beside it in the same transaction (import_opts's
 * printed).  o is the run's import options (format detected when NULL).
 * 0 (rep filled), or -1 with e naming path and the line. */
int run_tools_import(struct store *s, const char *path, const char *name,
		     const struct source_input *printed, struct import_opts *o,
		     struct import_report *rep, struct err *e);

#endif
