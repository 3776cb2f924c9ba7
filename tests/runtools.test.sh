# runtools.test.sh: `benchsite run` with tools whose results go to a file
# (collector/run_tools.c): real hyperfine --export-json and fio --output
# runs, tiny ones, imported from the file they wrote, with what the tool
# printed kept beside as a source that reparse does not read and delete
# takes along; and for outputs no format reads, what to do.
. "$TOP/tests/lib.sh"
need sqlite3


mkdir -p "$T/work" "$T/elsewhere"
cd "$T/elsewhere" || exit 1

# ---- hyperfine --export-json ----
if ! command -v hyperfine >/dev/null; then
	skip "hyperfine under run" "hyperfine is not installed"
else
	fresh
	bs run --dir "$T/work" --save "$T/printed.txt" -- hyperfine -N \
		--runs 3 --export-json hf.json true >/dev/null 2>"$T/err"
	rc=$?
	check "hyperfine --export-json under run: exit 0" [ "$rc" = 0 ]
	check "the export was written in --dir, where the command ran" \
		[ -s "$T/work/hf.json" ]
	times=$(python3 -c 'import json,sys; print(" ".join("%.6g" % t for t in json.load(open(sys.argv[1]))["results"][0]["times"]))' "$T/work/hf.json")
	got=$(q "select printf('%.6g', value) from result join run on run.id = run_id where suite = 'hyperfine' order by run.id" | tr '\n' ' ')
	check "every time of the export is a figure, in order ($times)" \
		[ "$got" = "$times " ]
	check "three runs of suite hyperfine" \
		[ "$(q "select count(*) from run where suite = 'hyperfine'")" = 3 ]
	check "the runs carry run's facts (command)" \
		[ "$(q "select value from run_attr where key = 'command' and run_id = 1")" = \
		  "hyperfine -N --runs 3 --export-json hf.json true" ]
	check "the results source is the export, byte for byte (its size)" \
		[ "$(q "select size from source where format = 'hyperfine'")" = \
		  "$(wc -c < "$T/work/hf.json" | tr -d ' ')" ]
	check "what hyperfine printed is kept beside it as a 'printed' source" \
		[ "$(q "select size from source where format = 'printed'")" = \
		  "$(wc -c < "$T/printed.txt" | tr -d ' ')" ]
	check "and it holds no run" \
		[ "$(q "select count(*) from run join source on source.id = source_id where format = 'printed'")" = 0 ]
	q "select * from run; select * from result; select * from run_attr" > "$T/before"
	bs reparse >"$T/out" 2>"$T/err"
	check "reparse: exit 0" [ $? = 0 ]
	check "reparse passes over the printed source, saying so" \
		grep -q "(printed): what the tool printed, kept as it is" "$T/out"
	check "reparse changes nothing" sh -c \
		"sqlite3 '$T/db' 'select * from run; select * from result; select * from run_attr' | cmp -s - '$T/before'"
	bs delete --yes 1 2 3 >/dev/null 2>&1
	check "delete of the runs takes the printed source with the results" \
		[ "$(q "select count(*) from source")" = 0 ]

	# a second tool's run stays whole when the first one's are deleted
	fresh
	bs run --dir "$T/work" -- hyperfine -N --runs 2 --export-json a.json \
		true >/dev/null 2>&1
	bs run --dir "$T/work" -- hyperfine -N --runs 2 \
		--export-json=b.json 'sleep 0' >/dev/null 2>&1
	check "--export-json=FILE is read too (4 runs from 2 exports)" \
		[ "$(q "select count(*) from run")" = 4 ]
	bs delete --yes 1 2 >/dev/null 2>&1
	check "negative control: deleting one export's runs leaves the other's printed source" \
		[ "$(q "select format from source order by id" | tr '\n' ' ')" = "hyperfine printed " ]

	fresh
	bs run --dir "$T/work" -- hyperfine -N --runs 2 true >/dev/null 2>"$T/err"
	check "hyperfine without --export-json: exit 1" [ $? = 1 ]
	check "and the message says what to do: add --export-json FILE" \
		grep -q "printed nothing benchsite can read: .*add --export-json FILE" "$T/err"
	check "and nothing is stored" [ "$(q "select count(*) from source")" = 0 ]
fi

# ---- fio --output ----
if ! command -v fio >/dev/null; then
	skip "fio under run" "fio is not installed"
else
	job="--name=tiny --directory=$T/work --size=256k --bs=4k --rw=randrw --ioengine=psync"
	fresh
	# shellcheck disable=SC2086
	bs run --dir "$T/work" -- fio $job --output=fio.json \
		--output-format=json >"$T/out" 2>"$T/err"
	check "fio --output=F --output-format=json under run: exit 0" [ $? = 0 ]
	check "one fio run, test tiny, from the file" \
		[ "$(q "select suite || ' ' || label || ' ' || (select test from result limit 1) from run")" = "fio fio-tiny tiny" ]
	want=$(sqlite3 :memory: "select printf('%.6g', json_extract(readfile('$T/work/fio.json'), '\$.jobs[0].read.iops'))")
	check "read_iops is the file's jobs[0].read.iops ($want)" \
		[ "$(q "select printf('%.6g', value) from result where metric = 'read_iops'")" = "$want" ]
	check "fio printed nothing: no printed source" \
		[ "$(q "select count(*) from source")" = 1 ]

	fresh
	# shellcheck disable=SC2086
	bs run --dir "$T/work" -- fio $job --output fio.txt >/dev/null 2>"$T/err"
	check "fio --output F (normal text, F apart) under run: exit 0" [ $? = 0 ]
	check "read as fio's text, one run with its figures" \
		[ "$(q "select format || ' ' || (select count(*) from run) from source")" = "fio-text 1" ]
	want=$(sed -n 's/^ *read: IOPS=\([0-9.]*\)\(k*\),.*/\1 \2/p' "$T/work/fio.txt" |
		awk '{ printf "%.6g", $2 == "k" ? $1 * 1000 : $1 }')
	got=$(q "select value from result where metric = 'read_iops'")
	# the text's IOPS= is rounded: the parser may work it out more exactly
	check "read_iops is the text file's read: IOPS= ($want, got $got)" \
		awk -v w="$want" -v g="$got" 'BEGIN { d = w - g; if (d < 0) d = -d
			exit !(w > 0 && g != "" && d <= 1 + w / 100) }'
	fresh
	# shellcheck disable=SC2086
	bs run --dir "$T/work" -- fio $job --output-format=terse >/dev/null 2>"$T/err"
	check "fio --output-format=terse: exit 1" [ $? = 1 ]
	check "and the message says to use --output-format=json" \
		grep -q "printed nothing benchsite can read: .*--output-format=json" "$T/err"

	fresh
	# shellcheck disable=SC2086
	bs run --dir "$T/work" -- fio $job --output=fio2.json --output-format=json --output-format=terse >/dev/null 2>"$T/err"
	check "negative control: a results file no format reads is refused (exit 1)" [ $? = 1 ]
	check "naming the file" grep -q "fio2.json" "$T/err"
	check "and nothing is stored" [ "$(q "select count(*) from source")" = 0 ]
fi

# ---- a results file the command did not write ----
fresh
bs run --dir "$T/work" -- sh -c 'echo hello' fio --output=none.json >/dev/null 2>"$T/err"
check "a results file that is not there: exit 1" [ $? = 1 ]
check "the message names it" grep -q "none.json" "$T/err"
check "what the command printed is kept in a file, as for any failed repeat" \
	grep -q "its output is in " "$T/err"
check "nothing stored" [ "$(q "select count(*) from source")" = 0 ]
