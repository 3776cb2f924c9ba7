// tap.mjs: what the browser checks share: their TAP lines, and Debian's
// headless Chromium through playwright-core.
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

// One TAP line; a failure shows up to 8 lines of its detail (an array of
// lines, or text).
export function tap(good, desc, detail) {
	console.log(`${good ? "ok" : "not ok"} - ${desc}`);
	if (good || !detail)
		return;
	const lines = Array.isArray(detail) ? detail : String(detail).split("\n");
	for (const line of lines.slice(0, 8))
		console.log(`# ${line}`);
}

// Chromium, headless, launched the same way for every check.
export function launch() {
	return chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: ["--no-sandbox", "--disable-gpu"],
	});
}

// run(browser) with Chromium launched, closed after it whatever happens;
// the exit status is 0, the failures are in the TAP lines.
export async function withBrowser(run) {
	const browser = await launch();
	try {
		await run(browser);
	} finally {
		await browser.close();
	}
	process.exitCode = 0;
}
