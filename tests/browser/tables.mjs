// tables.mjs: a comparison's results tables as a reader's browser lays
// them out, in Debian's headless Chromium through playwright-core;
// tests/browser.test.sh runs it and counts its TAP lines.
//
//   node tables.mjs [--control] PAGE...
//
// For each PAGE (a comparison page):
//   - at 1280 CSS px, every results table is no wider than the viewport
//     and needs no scrolling in its box (its box's scrollWidth);
//   - at 390 CSS px, the first results table's box scrolls sideways and,
//     scrolled by 150 px, its group column stays where it was while a
//     figure moves (a table that fits needs no scrolling; at least one
//     of the pages must scroll).
// --control proves each check can fail: the page's results tables joined
// into one (as they were before they were cut) is wider than 1280 px, and
// with its group column not sticky the column scrolls away.
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, tap } from "./tap.mjs";

let control = false;
const pages = [];
for (const a of process.argv.slice(2)) {
	if (a === "--control") control = true;
	else pages.push(resolve(a));
}

// The results tables of the page joined into the first: every later
// table's head and body cells appended to the first table's rows.
function joinTables() {
	const t = [...document.querySelectorAll("table.results")];
	for (const other of t.slice(1)) {
		const rows = [...t[0].rows], more = [...other.rows];
		more.forEach((r, i) => {
			const cells = [...r.cells];
			// the group column's head and cells are the first table's
			const skip = i === 0 || i >= 2 ? 1 : 0;
			cells.slice(skip).forEach((c) => rows[i] && rows[i].appendChild(c));
		});
		other.closest("div").remove();
	}
	return t.length;
}

async function wide(browser, file, join) {
	const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	const page = await ctx.newPage();
	await page.goto(pathToFileURL(file).href);
	const n = join ? await page.evaluate(joinTables) : null;
	const r = await page.evaluate(() => [...document.querySelectorAll("table.results")].map((t) => ({
		width: Math.ceil(t.getBoundingClientRect().width),
		box: t.parentElement.scrollWidth - t.parentElement.clientWidth,
	})));
	const viewport = await page.evaluate(() => document.documentElement.clientWidth);
	await ctx.close();
	return { tables: r, viewport, joined: n };
}

async function phone(browser, file, unstick) {
	const ctx = await browser.newContext({ viewport: { width: 390, height: 800 } });
	const page = await ctx.newPage();
	await page.goto(pathToFileURL(file).href);
	const r = await page.evaluate((off) => {
		const t = document.querySelector("table.results");
		if (!t)
			return null;
		if (off)
			for (const th of t.querySelectorAll("tbody th, thead th"))
				th.style.position = "static";
		const box = t.parentElement;
		const th = t.querySelector("tbody th"), td = t.querySelector("tbody td");
		const before = [th.getBoundingClientRect().left, td.getBoundingClientRect().left];
		box.scrollLeft = 150;
		const after = [th.getBoundingClientRect().left, td.getBoundingClientRect().left];
		return { scrolls: box.scrollLeft, before, after };
	}, unstick);
	await ctx.close();
	return r;
}

// How far a cell must have moved for the box to have scrolled: 100 px of
// the 150 asked, or most of what a table a little wider than the phone
// can scroll.
function moved(p) {
	return Math.min(100, p.scrolls * 0.9);
}

let scrolled = 0;
const browser = await launch();
try {
	for (const file of pages) {
		const name = basename(file, ".html");
		if (control) {
			const w = await wide(browser, file, true);
			tap(w.tables.length === 1 && w.tables[0].width > w.viewport,
				`control: ${name}'s ${w.joined} results tables joined into one are wider than the viewport (${w.tables[0] && w.tables[0].width}px)`);
			const p = await phone(browser, file, true);
			tap(p && p.scrolls > 0 && p.after[0] < p.before[0] - moved(p),
				`control: a group column that is not sticky scrolls away at 390px (${p && p.before[0]} -> ${p && p.after[0]})`);
			continue;
		}
		const w = await wide(browser, file, false);
		const widest = Math.max(0, ...w.tables.map((t) => t.width));
		tap(w.tables.length > 0 && widest <= w.viewport && w.tables.every((t) => t.box <= 0),
			`${name} at 1280px: its ${w.tables.length} results tables fit the viewport (widest ${widest}px of ${w.viewport}px, none scrolls in its box)`);
		const p = await phone(browser, file, false);
		if (p && p.scrolls === 0)	// narrow enough for a phone
			tap(true, `${name} at 390px: its results table fits, nothing to scroll`);
		else
			tap(p && Math.abs(p.after[0] - p.before[0]) < 1 && p.after[1] < p.before[1] - moved(p),
				`${name} at 390px: its results table scrolls in its box and the group column stays (${p && p.before[0]} -> ${p && p.after[0]}; a figure ${p && p.before[1]} -> ${p && p.after[1]})`);
		if (p && p.scrolls > 0)
			scrolled++;
	}
	if (!control)
		tap(scrolled > 0, `some results table needed to scroll at 390px and was checked (${scrolled})`);
} finally {
	await browser.close();
}
process.exitCode = 0;	// failures are in the TAP lines
