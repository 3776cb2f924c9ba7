-- benchsite store, schema version 8 (version 1 lacked source.options and
-- run_attr.origin; version 2 checked result's words with IN lists, which
-- SQLite evaluates through a temporary table for every row inserted, and
-- had an index that the UNIQUE constraint's already covers; version 3 had
-- no source_chunk and held every source in source.content; version 4 lacked
-- run.label_origin and comparison's metrics, tests, order_by and split_by;
-- version 5 lacked comparison.x_key; version 6 lacked the index sample_of;
-- version 7 stored a row for each sample (run_id, test, metric, t, value,
-- indexed by run and by run, test, metric and t); store.c's
-- migrations bring older stores here).
--
-- One SQLite file holds everything: the raw sources (so a better parser can
-- re-read them), the runs they produced, the runs' dimensions, and the
-- figures.  It is meant to be read with the sqlite3 shell too, so it stays
-- plain: readable names, no clever encodings except the compressed sources
-- and the packed samples.
-- The C code applies this file to an empty store and then sets
-- PRAGMA user_version; later versions add migration steps in store.c.

-- Every imported file or captured output, verbatim.  content is the zlib
-- stream (RFC 1950) of the bytes, or when that is longer than one piece
-- (1 MiB), empty, and the stream is source_chunk's rows in seq order;
-- sha256 is of the uncompressed bytes and is what makes a second import of
-- the same file a no-op.
CREATE TABLE source (
	id          INTEGER PRIMARY KEY,
	sha256      TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
	name        TEXT NOT NULL,           -- the path as given to import
	format      TEXT NOT NULL,           -- the parser that read it
	size        INTEGER NOT NULL,        -- uncompressed bytes
	imported_at TEXT NOT NULL,           -- UTC ISO-8601
	content     BLOB NOT NULL,
	-- What the user told import (--label, --set, --test ...), so that
	-- reparse reads the source again exactly as import did; one
	-- "name value" line each, escaped (collector/import.c).  NULL: not
	-- known (a source stored before version 2).
	options     TEXT
);

-- The zlib stream of a long source, in pieces (schema/source_blob.c), so
-- that neither writing nor reading it holds it in memory whole.
CREATE TABLE source_chunk (
	source_id   INTEGER NOT NULL REFERENCES source (id) ON DELETE CASCADE,
	seq         INTEGER NOT NULL,        -- from 1
	data        BLOB NOT NULL,
	PRIMARY KEY (source_id, seq)
);

-- One execution of one benchmark on one configuration.
CREATE TABLE run (
	id          INTEGER PRIMARY KEY,
	source_id   INTEGER NOT NULL REFERENCES source (id) ON DELETE CASCADE,
	seq         INTEGER NOT NULL,        -- order within its source, from 1
	line        INTEGER NOT NULL,        -- where it starts in the source
	suite       TEXT NOT NULL,
	label       TEXT NOT NULL,
	excluded    TEXT,                    -- why, when left out of figures
	-- 'user': the label was given by `benchsite tag`, so reparse keeps
	-- it; NULL: the import's (its --label or the parser's).
	label_origin TEXT CHECK (label_origin = 'user'),
	UNIQUE (source_id, seq)
);

-- The run's dimensions: fs=xfs, mount=noatime, tool_version=1.97, ...
CREATE TABLE run_attr (
	run_id      INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
	key         TEXT NOT NULL,
	value       TEXT NOT NULL,
	-- 'parser': read from the source, so reparse replaces it; 'user':
	-- given by a person or another command (--set, machine facts), so
	-- reparse keeps it; NULL: not known (stored before version 2), kept
	-- unless the parser gives the same key.
	origin      TEXT DEFAULT 'user' CHECK (origin = 'parser' OR origin = 'user'),
	PRIMARY KEY (run_id, key)
) WITHOUT ROWID;

-- The figures.  value is NULL when the tool printed none (status says why).
CREATE TABLE result (
	id          INTEGER PRIMARY KEY,
	run_id      INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
	test        TEXT NOT NULL,
	metric      TEXT NOT NULL,
	value       REAL,
	unit        TEXT NOT NULL,
	better      TEXT NOT NULL CHECK (better = 'lower' OR better = 'higher'),
	status      TEXT NOT NULL CHECK (status = 'ok' OR status = 'too-fast' OR
	                status = 'failed' OR status = 'estimated' OR
	                status = 'skipped' OR status = 'wrong-result'),
	UNIQUE (run_id, test, metric)
);

-- Interim figures over time (sysbench --report-interval, fio's logs): a
-- run's samples of one test and metric (a series) in one row, so that a
-- chart reads a series of 3,600 samples as one row rather than 3,600.  data
-- is the samples packed in the order they were stored: for each, its t
-- (seconds into the run) then its value, each an IEEE-754 double of 8
-- bytes, least significant byte first; 16 bytes a sample, at most 65,536
-- samples a row.  A longer series, or one whose samples came in parts (an
-- output and its logs), goes on in further rows: a series is its rows in
-- rowid order, and a run's series are ordered by their first rows' rowids.
-- (In the sqlite3 shell, length(data) / 16 is the number of samples;
-- `benchsite export --samples` writes them out one a line.)
CREATE TABLE sample (
	run_id      INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
	test        TEXT NOT NULL,
	metric      TEXT NOT NULL,
	data        BLOB NOT NULL
);
CREATE INDEX sample_of ON sample (run_id, test, metric);

-- What a page compares: runs of one suite, grouped by an attribute ("label"
-- means the run's label), with other attributes held fixed (filter, as
-- key=value lines).
CREATE TABLE comparison (
	name        TEXT PRIMARY KEY,
	title       TEXT,
	suite       TEXT,
	by_key      TEXT NOT NULL DEFAULT 'label',
	filter      TEXT NOT NULL DEFAULT '',
	-- what a page shows, comma-separated; NULL: every metric, every test
	metrics     TEXT,
	tests       TEXT,
	-- the groups' order: NULL natural (3.23.51 < 4.1.10 < 10.11),
	-- 'value' ranked by their figures, else group names comma-separated
	order_by    TEXT,
	-- a second factor: attribute keys, comma-separated; each chart then
	-- clusters the groups of by_key with a bar per split_by value
	split_by    TEXT,
	-- a sweep: a numeric attribute key whose values are an axis, not
	-- groups (threads 1, 2, 4, 8: a line per group of by_key over it)
	x_key       TEXT
);

CREATE INDEX run_source ON run (source_id);
