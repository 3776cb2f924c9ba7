// charts.mjs: what a site's charts and tables say, as a reader's browser
// lays them out, in Debian's headless Chromium through playwright-core;
// tests/browser.test.sh runs it and counts its TAP lines.
//
//   node charts.mjs SITE [--split COMPARISON]...
//   node charts.mjs --control KIND SITE [--split COMPARISON]
//
// Over every chart SVG of the site (the full and the narrow view of each
// chart), each opened as its own document so that the browser lays its
// texts out in the fonts it has:
//   - every text lies inside the chart (its getBBox() within the SVG's
//     width and height);
//   - no two tick labels of the axis overlap (their boxes, left to right);
//   - no tick label is written in exponent notation (2e+06, 1e7);
//   - no text says "1/s".
// Over every page of the site: no "1/s" in its text or its images' alt
// and title texts, and every figure of a table's number cells from 10,000
// up has its thousands separated (no run of five digits in a whole part).
// Over every test page: where the results table says a group has n >= 2
// runs, its bar in the full chart has a dot a run (n <circle>s), and none
// where n is 1.
// For each COMPARISON after --split (a two-factor comparison), the full
// chart of each of its test pages draws clusters: a bold name over each
// cluster, at least two, further apart between clusters than within one;
// a legend inside the chart with each split value as text beside a swatch
// in the colour of the bars of that value, in every cluster.
//
// --control KIND proves a check can fail: the first chart, page or table
// the check applies to is changed in the browser before it is checked,
// as a broken renderer would write it: "exponent" (a tick reads 2e+06),
// "overlap" (a tick label on top of the one before), "outside" (the title
// moved past the right edge), "rate" (a header says (1/s)), "thousands"
// (a figure's separators taken away), "dots" (a run's dot taken away),
// "legend" (a split chart without its legend), "clusters" (a split chart
// with its bars evenly spaced and no cluster names).
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, tap } from "./tap.mjs";

let site = null, control = null;
const splits = [];
for (let i = 2; i < process.argv.length; i++) {
	const a = process.argv[i];
	if (a === "--control") control = process.argv[++i];
	else if (a === "--split") splits.push(resolve(process.argv[++i]));
	else site = resolve(a);
}

const files = readdirSync(site);
const svgs = files.filter((f) => /^chart-.*\.svg$/.test(f)).sort();
const pages = files.filter((f) => f.endsWith(".html") && !f.startsWith("control-")).sort();
const testPages = pages.filter((f) => f.startsWith("test-"));

// The test pages a comparison page links to.
function testsOf(cmp) {
	const t = readFileSync(cmp, "utf8");
	return [...new Set([...t.matchAll(/href="(test-[^"#]*\.html)"/g)].map((m) => m[1]))];
}

// The full (not narrow) chart SVGs a page shows.
function fullCharts(file) {
	const t = readFileSync(join(site, file), "utf8");
	return [...new Set([...t.matchAll(/srcset="(chart-[^"]*\.svg)"/g)].map((m) => m[1])
		.filter((s) => !s.endsWith("-narrow.svg")))];
}

// In the SVG document: the geometry of its texts and ticks, after the
// control's change when there is one.
function svgText(kind) {
	const svg = document.documentElement;
	const W = Number(svg.getAttribute("width")), H = Number(svg.getAttribute("height"));
	const axis = [...svg.querySelectorAll("g.m > text[text-anchor=middle]")];
	const row = axis.length ? Math.min(...axis.map((t) => Number(t.getAttribute("y")))) : 0;
	const ticks = axis.filter((t) => Number(t.getAttribute("y")) === row);
	let changed = false;
	if (kind === "exponent" && ticks.length >= 2) {
		ticks[1].textContent = "2e+06";
		changed = true;
	} else if (kind === "overlap" && ticks.length >= 2) {
		ticks[1].setAttribute("x", ticks[0].getAttribute("x"));
		changed = true;
	} else if (kind === "outside") {
		const title = svg.querySelector("text[font-size='15']");
		if (title) {
			title.setAttribute("x", String(W - 20));
			changed = true;
		}
	}
	const box = (t) => {
		const b = t.getBBox();
		return { x: b.x, y: b.y, w: b.width, h: b.height, s: t.textContent };
	};
	return {
		W, H, changed,
		texts: [...svg.querySelectorAll("text")].map(box),
		ticks: ticks.map(box).sort((a, b) => a.x - b.x),
	};
}

// What a chart's facts break of the SVG rules, one line each.
function svgFaults(name, f) {
	const bad = [];
	const E = 0.5;	// half a pixel: rounding of the layout's coordinates
	for (const t of f.texts) {
		if (t.x < -E || t.y < -E || t.x + t.w > f.W + E || t.y + t.h > f.H + E)
			bad.push({ rule: "inside", line: `${name}: "${t.s}" at ${t.x.toFixed(1)},${t.y.toFixed(1)} ` +
				`${t.w.toFixed(1)}x${t.h.toFixed(1)} outside ${f.W}x${f.H}` });
		if (/(^|[^\d.,])1\/s\b/.test(t.s))
			bad.push({ rule: "rate", line: `${name}: "${t.s}" says 1/s` });
	}
	for (let i = 0; i + 1 < f.ticks.length; i++) {
		const a = f.ticks[i], b = f.ticks[i + 1];
		if (a.x + a.w > b.x)
			bad.push({ rule: "overlap", line: `${name}: tick "${a.s}" (${a.x.toFixed(1)}-${(a.x + a.w).toFixed(1)}) ` +
				`overlaps "${b.s}" (from ${b.x.toFixed(1)})` });
	}
	for (const t of f.ticks)
		if (/\d[eE][+-]?\d/.test(t.s))
			bad.push({ rule: "exponent", line: `${name}: tick "${t.s}" in exponent notation` });
	return bad;
}

// In a page: the text a reader sees or hears (alt and title texts too),
// and the number cells of its tables, after the control's change.
function pageText(kind) {
	let changed = false;
	if (kind === "rate") {
		const th = document.querySelector("th");
		if (th) {
			th.textContent += " (1/s)";
			changed = true;
		}
	}
	const cells = [...document.querySelectorAll("td.num")];
	if (kind === "thousands") {
		const c = cells.find((td) => td.firstChild && td.firstChild.nodeType === Node.TEXT_NODE &&
			/\d,\d{3}/.test(td.firstChild.data));
		if (c) {
			c.firstChild.data = c.firstChild.data.replace(/(\d),(?=\d{3})/g, "$1");
			changed = true;
		}
	}
	const extra = [...document.querySelectorAll("[alt], [title]")]
		.map((e) => (e.getAttribute("alt") || "") + " " + (e.getAttribute("title") || ""));
	return {
		changed,
		text: document.body.innerText + "\n" + extra.join("\n") + "\n" + document.title,
		// each text of a cell on its own: a figure and the ratio under
		// it ("7124" and "27.3x") are two texts, not "712427.3x"
		cells: cells.flatMap((td) => {
			const w = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
			const t = [];
			while (w.nextNode())
				if (w.currentNode.data.trim())
					t.push(w.currentNode.data.trim());
			return t;
		}),
	};
}

// In a test page: each results table row's group and n.
function tableRuns() {
	const rows = [];
	for (const t of document.querySelectorAll("table")) {
		const head = [...t.querySelectorAll("thead th")].map((th) => th.textContent.trim());
		const k = head.indexOf("n");
		if (k < 1)
			continue;
		for (const tr of t.querySelectorAll("tbody tr")) {
			const c = [...tr.children];
			rows.push({ group: c[0].textContent.trim(), n: Number(c[k].textContent.trim()) });
		}
	}
	return rows;
}

// In a bar chart's SVG document: its bars in order, each with its label,
// the cluster name over it, its colour class, its box and its dots; and
// the legend's entries, after the control's change.
function svgBars(kind) {
	const svg = document.documentElement;
	let changed = false;
	if (kind === "dots") {
		const c = svg.querySelector("g.d circle");
		if (c) {
			c.remove();
			changed = true;
		}
	} else if (kind === "legend") {
		const g = svg.querySelector("g.legend");
		if (g) {
			g.remove();
			changed = true;
		}
	} else if (kind === "clusters") {
		const heads = [...svg.children].filter((e) => e.tagName === "text" &&
			e.getAttribute("font-weight") === "bold" && !e.getAttribute("font-size"));
		const rects = [...svg.children].filter((e) => e.tagName === "rect" && /^c\d+$/.test(e.getAttribute("class")));
		if (heads.length && rects.length > 1) {
			heads.forEach((h) => h.remove());
			const y0 = Number(rects[0].getAttribute("y"));
			const step = Number(rects[1].getAttribute("y")) - y0;
			rects.forEach((r, i) => r.setAttribute("y", String(y0 + i * step)));
			changed = true;
		}
	}
	const bars = [];
	let bar = null, head = "";
	for (const e of svg.children) {
		const cls = e.getAttribute("class") || "";
		if (e.tagName === "rect" && /^c\d+$/.test(cls))
			bar = { cls, y: Number(e.getAttribute("y")), h: Number(e.getAttribute("height")), dots: 0 };
		else if (e.tagName === "g" && cls === "d") {
			bar = bar || { cls: "", y: NaN, h: 0, dots: 0 };
			bar.dots = e.querySelectorAll("circle").length;
		} else if (e.tagName === "text" && e.getAttribute("font-weight") === "bold" &&
			   !e.getAttribute("font-size"))
			head = e.textContent;
		else if (e.tagName === "g" && cls === "t") {
			const t = e.querySelector("text");
			bar = bar || { cls: "", y: NaN, h: 0, dots: 0 };
			bars.push({ ...bar, label: t ? t.textContent : "", head });
			bar = null;
		}
	}
	const legend = [];
	const g = svg.querySelector("g.legend");
	if (g) {
		let swatch = null;
		for (const e of g.children) {
			if (e.tagName === "rect")
				swatch = e.getAttribute("class");
			else if (e.tagName === "text" && swatch) {
				legend.push({ text: e.textContent, cls: swatch });
				swatch = null;
			}
		}
	}
	return { changed, bars, legend, heads: new Set(bars.map((b) => b.head).filter((h) => h)).size };
}

// A chart's label as a table's group: a cluster's name and the bar's
// label, the words of both; a label cut short ends in "…".
const words = (s) => s.replace(/\s*\/\s*/g, " ").replace(/\s+/g, " ").trim();
function groupOf(bar, rows) {
	const want = words((bar.head ? bar.head + " " : "") + bar.label);
	const cut = want.endsWith("…") ? want.slice(0, -1) : null;
	return rows.filter((r) => words(r.group) === want || (cut && words(r.group).startsWith(cut)));
}

// What a chart's dots break: one line a bar.
function dotFaults(name, chart, rows) {
	const bad = [];
	for (const b of chart.bars) {
		const m = groupOf(b, rows);
		if (m.length !== 1) {
			bad.push(`${name}: bar "${b.head ? b.head + " / " : ""}${b.label}" matches ${m.length} table rows`);
			continue;
		}
		const want = m[0].n >= 2 ? m[0].n : 0;
		if (b.dots !== want)
			bad.push(`${name}: "${m[0].group}" n=${m[0].n} has ${b.dots} dots, not ${want}`);
	}
	return bad;
}

// What a two-factor chart breaks of its clusters and legend.
function clusterFaults(name, c) {
	const bad = [];
	if (c.heads < 2)
		bad.push(`${name}: ${c.heads} cluster names, not 2 or more`);
	const within = [], between = [];
	const bars = c.bars.filter((b) => !Number.isNaN(b.y)).sort((a, b) => a.y - b.y);
	for (let i = 0; i + 1 < bars.length; i++) {
		const gap = bars[i + 1].y - (bars[i].y + bars[i].h);
		(bars[i].head === bars[i + 1].head ? within : between).push(gap);
	}
	if (!between.length || !within.length || Math.min(...between) <= Math.max(...within))
		bad.push(`${name}: gaps between clusters (${between.join(",")}) not wider than within (${within.join(",")})`);
	if (c.legend.length < 2)
		bad.push(`${name}: a legend of ${c.legend.length} entries`);
	const colour = new Map(c.legend.map((e) => [e.text, e.cls]));
	for (const b of c.bars)
		if (colour.get(b.label) !== b.cls)
			bad.push(`${name}: bar "${b.head} / ${b.label}" is ${b.cls}, its legend entry ${colour.get(b.label) || "missing"}`);
	return bad;
}

const browser = await launch();
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
const open = (f) => page.goto(pathToFileURL(join(site, f)).href, { waitUntil: "load" });

// In control mode a phase runs only for the kinds it can change, stops at
// the first file it changed and keeps the faults of that file alone, so
// that a control is caught by its own change, never by another file.
const phase = (...kinds) => !control || kinds.includes(control);
let changed = null;
const done = () => control && changed;
async function visit(f, fn, ...kinds) {
	await open(f);
	const want = control && kinds.includes(control) ? control : null;
	const r = await page.evaluate(fn, want);
	if (r.changed)
		changed = f;
	return control && !r.changed ? null : r;
}

try {
	// --- every chart SVG: texts inside, ticks apart and plain, no 1/s
	const svgRules = { inside: [], overlap: [], exponent: [], rate: [] };
	if (phase("exponent", "overlap", "outside"))
		for (const f of svgs) {
			const facts = await visit(f, svgText, "exponent", "overlap", "outside");
			if (facts)
				for (const b of svgFaults(f, facts))
					svgRules[b.rule].push(b.line);
			if (done())
				break;
		}
	// --- every page: no 1/s, thousands separated in tables
	const pageRate = [], thousands = [];
	let cells = 0;
	if (phase("rate", "thousands"))
		for (const f of pages) {
			const t = await visit(f, pageText, "rate", "thousands");
			if (t) {
				for (const m of t.text.matchAll(/.{0,30}(^|[^\d.,])1\/s\b.{0,10}/gm))
					pageRate.push(`${f}: "${m[0]}"`);
				for (const c of t.cells) {
					cells++;
					for (const m of c.matchAll(/(^|[^\d.,])(\d{5,})/g))
						thousands.push(`${f}: "${c}" (${m[2]})`);
				}
			}
			if (done())
				break;
		}
	// --- test pages: dots where n >= 2
	const dots = [];
	let dotted = 0, charts = 0;
	if (phase("dots"))
		for (const f of testPages) {
			await open(f);
			const rows = await page.evaluate(tableRuns);
			for (const svg of fullCharts(f)) {
				const c = await visit(svg, svgBars, "dots");
				if (!c)
					continue;
				charts++;
				dotted += c.bars.filter((b) => b.dots > 0).length;
				dots.push(...dotFaults(`${f} ${svg}`, c, rows));
				if (done())
					break;
			}
			if (done())
				break;
		}
	// --- two-factor comparisons: clusters and a legend
	const clusters = [];
	let split = 0;
	if (phase("legend", "clusters"))
		for (const f of splits.flatMap(testsOf)) {
			for (const svg of fullCharts(f)) {
				const c = await visit(svg, svgBars, "legend", "clusters");
				if (!c)
					continue;
				split++;
				clusters.push(...clusterFaults(`${f} ${svg}`, c));
				if (done())
					break;
			}
			if (done())
				break;
		}

	const failed = {
		exponent: svgRules.exponent, overlap: svgRules.overlap, outside: svgRules.inside,
		rate: [...svgRules.rate, ...pageRate], thousands, dots, legend: clusters, clusters,
	};
	if (control) {
		tap(changed && failed[control] && failed[control].length > 0,
			`control: ${control}: changed in ${changed || "nothing"}, caught: ${(failed[control] || ["unknown kind"])[0]}`);
	} else {
		tap(svgs.length > 0 && svgRules.inside.length === 0,
			`every text of ${svgs.length} chart SVGs lies inside its chart`, svgRules.inside);
		tap(svgRules.overlap.length === 0, `no two tick labels of an axis overlap (${svgs.length} SVGs)`,
			svgRules.overlap);
		tap(svgRules.exponent.length === 0, `no tick label in exponent notation (${svgs.length} SVGs)`,
			svgRules.exponent);
		tap(failed.rate.length === 0, `no "1/s" in ${svgs.length} SVGs and ${pages.length} pages`, failed.rate);
		tap(cells > 0 && thousands.length === 0,
			`thousands separated in the ${cells} number cells of ${pages.length} pages' tables`, thousands);
		tap(charts > 0 && dotted > 0 && dots.length === 0,
			`a dot a run on each bar of n >= 2 and none on n = 1 (${charts} charts of ${testPages.length} test pages, ${dotted} bars with dots)`,
			dots);
		tap(split > 0 && clusters.length === 0,
			`the ${split} charts of ${splits.length} two-factor comparisons draw clusters and a legend in their bars' colours`,
			clusters);
	}
} finally {
	await browser.close();
}
process.exitCode = 0;	// failures are in the TAP lines
