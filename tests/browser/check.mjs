// check.mjs: opens pages of a rendered site in Debian's headless Chromium
// (through playwright-core, never a downloaded browser) and prints one TAP
// line per check; tests/browser.test.sh runs it and counts the lines.
//
//   node check.mjs [--hostile] [--shots DIR --prefix NAME] PAGE...
//   node check.mjs --control RAW_PAGE NOCSP_PAGE
//
// For each PAGE (a file of the site): every <img> loaded, no console
// error, no CSP violation, no page error, every local href/src names a
// file that exists (and no javascript:/data: URL is followed), and
// data-pwned on <html> stays unset after load and after a short wait.
// --hostile adds: every text of hostile.mjs is in the page as text, and the
// page opened again with the CSP switched off still runs nothing, so the
// escaping is tested on its own and not only behind the CSP.  A full-page
// screenshot of each page goes to DIR/NAME-PAGE.png.
//
// --control proves the checks can fail: RAW_PAGE holds the raw payload
// (the CSP must report a violation and keep data-pwned unset), the same page
// with the CSP off must set data-pwned, and NOCSP_PAGE (the raw payload with
// the CSP meta removed) must set data-pwned in a normal browser.
import { existsSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PAYLOADS } from "./hostile.mjs";
import { tap, withBrowser } from "./tap.mjs";

const WAIT_MS = 300;	// "after a short wait": timers an injected script might set

let hostile = false, control = false, shots = null, prefix = "page";
const pages = [];
for (let i = 2; i < process.argv.length; i++) {
	const a = process.argv[i];
	if (a === "--hostile") hostile = true;
	else if (a === "--control") control = true;
	else if (a === "--shots") shots = process.argv[++i];
	else if (a === "--prefix") prefix = process.argv[++i];
	else pages.push(resolve(a));
}

// Opens file in a fresh page and gathers what the checks need.
async function visit(context, file, shot) {
	const page = await context.newPage();
	const consoleErrors = [], pageErrors = [], failed = [];
	page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
	page.on("pageerror", (err) => pageErrors.push(String(err)));
	page.on("requestfailed", (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
	// securitypolicyviolation events, recorded before any page script runs
	// (an init script is not subject to the page's CSP)
	await page.addInitScript(() => {
		window.__csp = [];
		document.addEventListener("securitypolicyviolation", (ev) =>
			window.__csp.push(`${ev.violatedDirective} blocked ${ev.blockedURI}`));
	});
	await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
	const atLoad = await page.evaluate(() =>
		document.documentElement.getAttribute("data-pwned"));
	await page.waitForTimeout(WAIT_MS);
	const info = await page.evaluate(() => ({
		pwned: document.documentElement.getAttribute("data-pwned"),
		csp: window.__csp,
		hasCspMeta: !!document.querySelector('meta[http-equiv="Content-Security-Policy"]'),
		text: document.documentElement.textContent,
		imgs: [...document.images].map((i) => ({
			src: i.getAttribute("src"), complete: i.complete, w: i.naturalWidth,
		})),
		urls: [...document.querySelectorAll("[href], [src]")].map((el) => ({
			raw: el.getAttribute("href") ?? el.getAttribute("src"),
			abs: el.href || el.src,
		})),
		scripts: document.querySelectorAll("script, iframe, object, embed").length,
		width: document.documentElement.scrollWidth,
		viewport: window.innerWidth,
	}));
	if (shot)
		await page.screenshot({ path: shot, fullPage: true });
	await page.close();
	return { atLoad, consoleErrors, pageErrors, failed, ...info };
}

// The local file a URL names, or null for a URL that is not file:.
function localFile(url) {
	try {
		const u = new URL(url);
		u.hash = u.search = "";
		return u.protocol === "file:" ? fileURLToPath(u) : null;
	} catch {
		return null;
	}
}

async function checkPage(browser, file) {
	const name = basename(file);
	const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
	const shot = shots ? `${shots}/${prefix}-${name.replace(/\.html$/, "")}.png` : null;
	const r = await visit(context, file, shot);
	await context.close();

	const badImgs = r.imgs.filter((i) => !i.complete || i.w === 0);
	tap(badImgs.length === 0 && r.failed.length === 0,
		`${prefix} ${name}: all ${r.imgs.length} images loaded`,
		[...badImgs.map((i) => `not loaded: ${i.src}`), ...r.failed].join("\n"));
	tap(r.consoleErrors.length === 0, `${prefix} ${name}: no console error`,
		r.consoleErrors.join("\n"));
	tap(r.csp.length === 0 && r.hasCspMeta,
		`${prefix} ${name}: the CSP meta tag is there and reports no violation`,
		r.hasCspMeta ? r.csp.join("\n") : "no CSP meta tag");
	tap(r.pageErrors.length === 0, `${prefix} ${name}: no page error`, r.pageErrors.join("\n"));
	const bad = [];
	for (const u of r.urls) {
		if (/^\s*(javascript|data|vbscript):/i.test(u.raw)) {
			bad.push(`active URL: ${u.raw}`);
			continue;
		}
		const f = localFile(u.abs);
		if (f === null) continue;	// http(s): not ours to check
		if (!existsSync(f) || !statSync(f).isFile()) bad.push(`missing: ${u.raw}`);
	}
	tap(bad.length === 0 && r.urls.length > 0,
		`${prefix} ${name}: all ${r.urls.length} href/src name files of the site`, bad.join("\n"));
	tap(r.atLoad === null && r.pwned === null && r.scripts === 0,
		`${prefix} ${name}: nothing ran (data-pwned unset at load and after ${WAIT_MS} ms, no script element)`,
		`data-pwned at load ${r.atLoad}, after ${r.pwned}, ${r.scripts} script elements`);
	tap(r.width <= r.viewport,
		`${prefix} ${name}: fits a ${r.viewport}px window (no sideways scrolling; ${r.width}px)`);
	// on a phone: tables may scroll in their own box, the page must not
	const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true });
	const rp = await visit(phone, file, shots ? shot.replace(/\.png$/, "-phone.png") : null);
	await phone.close();
	// (a mobile layout viewport grows with what overflows: compare with 390)
	tap(rp.width <= 390 && rp.viewport <= 390,
		`${prefix} ${name}: fits a 390px phone screen (${rp.width}px)`);
	if (!hostile)
		return;
	const missing = PAYLOADS.filter((p) => !r.text.includes(p));
	tap(missing.length === 0, `${prefix} ${name}: all ${PAYLOADS.length} hostile texts appear as text`,
		missing.map((m) => `missing: ${JSON.stringify(m.slice(0, 60))}`).join("\n"));
	const off = await browser.newContext({ bypassCSP: true });
	const r2 = await visit(off, file, null);
	await off.close();
	tap(r2.atLoad === null && r2.pwned === null && r2.scripts === 0,
		`${prefix} ${name}: with the CSP switched off, still nothing runs`,
		`data-pwned at load ${r2.atLoad}, after ${r2.pwned}`);
}

async function controls(browser, raw, nocsp) {
	let ctx = await browser.newContext();
	let r = await visit(ctx, raw, null);
	await ctx.close();
	tap(r.csp.length > 0 && r.pwned === null,
		`control: the raw payload behind the CSP is blocked and reported as a violation (${r.csp.length})`,
		`violations ${r.csp.length}, data-pwned ${r.pwned}`);
	ctx = await browser.newContext({ bypassCSP: true });
	r = await visit(ctx, raw, null);
	await ctx.close();
	tap(r.pwned === "1", "control: the raw payload with the CSP switched off sets data-pwned",
		`data-pwned ${r.pwned}`);
	ctx = await browser.newContext();
	r = await visit(ctx, nocsp, null);
	await ctx.close();
	tap(r.pwned === "1" && !r.hasCspMeta,
		"control: the raw payload in a copy without the CSP meta sets data-pwned",
		`data-pwned ${r.pwned}, CSP meta ${r.hasCspMeta}`);
}

await withBrowser(async (browser) => {
	if (control)
		await controls(browser, pages[0], pages[1]);
	else
		for (const p of pages)
			await checkPage(browser, p);
});
