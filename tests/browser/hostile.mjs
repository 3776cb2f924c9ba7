// hostile.mjs: the hostile texts of the browser test, in one place.
//
// Imported by check.mjs (what must appear as text and run nothing); run as
// `node hostile.mjs` it prints a long-format CSV store (the `table` format)
// in which every text a reader sees is one of them: each suite, label and
// test name, and the attribute values of every run.  The characters that
// are invisible or confusing in a source file (U+2028, Hebrew) are written
// as escapes so that this file stays plain to read.
const PWN = "document.documentElement.setAttribute('data-pwned','1')";

export const PAYLOADS = [
	`<script>${PWN}</script>`,
	`"><img src=x onerror="${PWN}">`,
	"javascript:" + PWN,
	"end --> <!-- of comment",
	"line\u2028separator\u2029para",
	// U+202E and the other bidirectional controls are refused at import
	// (tests/textrule.test.sh); right-to-left letters,
	// which reorder the line without a control, are still allowed
	"rtl \u05E2\u05D1\u05E8\u05D9\u05EA evil.exe done",
	"very-long-" + "x".repeat(150) + "-" + "name with spaces ".repeat(12) + "end",
];

// The payload that the negative control pastes raw into a page.
export const RAW = `<img src=x onerror="${PWN}">`;

function csv(field) {
	return '"' + String(field).replace(/"/g, '""') + '"';
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const head = ["run", "label", "suite", "test", "metric", "value", "unit",
		"better", "status"];
	PAYLOADS.forEach((_, i) => head.push(`note${i}`));
	const rows = [head.join(",")];
	let run = 0;
	PAYLOADS.forEach((suite, si) => {
		PAYLOADS.forEach((label, li) => {
			run++;
			PAYLOADS.forEach((test, ti) => {
				const value = 10 + ((si * 7 + li * 3 + ti * 5) % 17);
				rows.push([run, label, suite, test, "speed", value,
					"MB/s", "higher", "ok", ...PAYLOADS].map(csv).join(","));
			});
		});
	});
	process.stdout.write(rows.join("\n") + "\n");
}
