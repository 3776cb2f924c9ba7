// reader.mjs: the site as a reader sees it on a phone and a desktop, in a
// light and a dark colour scheme, in Debian's
// headless Chromium through playwright-core; tests/browser.test.sh runs it
// and counts its TAP lines.
//
//   node reader.mjs [--shots DIR --prefix NAME] [--colours] PAGE...
//   node reader.mjs --control KIND PAGE
//
// For each PAGE, at 390 and 1280 CSS px wide, light and dark:
//   - the smallest chart text is at least 10 CSS px: for each chart image
//     shown, the smallest font-size its SVG declares (a PNG-only chart: the
//     12 px linechart.c draws) times its displayed width over its natural
//     width: every chart, thumbnails included;
//   - nothing makes the page scroll sideways (the root's scrollWidth);
//   - dark only: every chart image is dark, by the mean luminance of its
//     pixels in a screenshot (below 100 of 255);
//   - 1280 only, for a PAGE after --colours (a comparison of at most 12
//     groups, which may not repeat a colour; past 12 colours may repeat):
//     no two bars of a chart share a colour, by the pixel half way along
//     each bar (its box read from the chart's SVG) in a screenshot.
// A full-page screenshot of each page and mode goes to
// DIR/NAME-PAGE-WIDTH-SCHEME.png, and the first screen of a comparison
// (1280, light) and of a test page (390, dark) to DIR/readme-*.png: the
// README's pictures (docs/img/).
//
// --control KIND proves a check can fail on a page made to fail it: "text"
// (charts shrunk to the screen), "dark" (no SVG: the white PNG), "colours"
// (a chart whose groups 1 and 9 share a colour, as the 8-colour palette
// had them), "width" (a wide table outside its scrolling box).
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tap, withBrowser } from "./tap.mjs";

const MIN_TEXT = 10;
const DARK_MAX = 100;
const LINE_CHART_FONT = 12;	// linechart.c's smallest text
const WIDTHS = [390, 1280];
const SCHEMES = ["light", "dark"];

let shots = null, prefix = "page", control = null, colours = false;
const pages = [], colourPages = new Set();
for (let i = 2; i < process.argv.length; i++) {
	const a = process.argv[i];
	if (a === "--shots") shots = process.argv[++i];
	else if (a === "--prefix") prefix = process.argv[++i];
	else if (a === "--control") control = process.argv[++i];
	else if (a === "--colours") colours = true;
	else {
		pages.push(resolve(a));
		if (colours) colourPages.add(resolve(a));
	}
}

function fileOf(url) {
	try {
		const u = new URL(url);
		return u.protocol === "file:" ? fileURLToPath(u) : null;
	} catch {
		return null;
	}
}

// What an SVG chart declares: its width, smallest font-size and bar boxes.
function svgFacts(file) {
	const t = readFileSync(file, "utf8");
	const width = Number((/<svg[^>]* width="([0-9.]+)"/.exec(t) || [])[1]);
	const sizes = [...t.matchAll(/font-size="([0-9.]+)"/g)].map((m) => Number(m[1]));
	const bars = [...t.matchAll(/<rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"/g)]
		.map((m) => ({ x: +m[1], y: +m[2], w: +m[3], h: +m[4] }));
	return { width, font: Math.min(...sizes), bars };
}

// The mean luminance of a PNG (a screenshot) and the colour of each of
// the points asked for, measured by the browser itself in a blank page,
// where no CSP nor file: origin taints the canvas.
async function pixels(decoder, png, points) {
	return decoder.evaluate(async ([b64, pts]) => {
		const im = new Image();
		im.src = "data:image/png;base64," + b64;
		await im.decode();
		const c = document.createElement("canvas");
		c.width = im.width;
		c.height = im.height;
		const x = c.getContext("2d");
		x.drawImage(im, 0, 0);
		const d = x.getImageData(0, 0, c.width, c.height).data;
		let s = 0;
		for (let i = 0; i < d.length; i += 4)
			s += 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
		const colours = pts.filter(([px, py]) => px < c.width && py < c.height).map(([px, py]) => {
			const i = 4 * (py * c.width + px);
			return `${d[i]},${d[i + 1]},${d[i + 2]}`;
		});
		return { w: c.width, luminance: s / (d.length / 4), colours };
	}, [png.toString("base64"), points]);
}

// Measures one page in one mode.
async function measure(browser, file, width, scheme, shot) {
	const ctx = await browser.newContext({
		viewport: { width, height: 900 }, colorScheme: scheme,
		isMobile: width < 600, deviceScaleFactor: 1,
	});
	const page = await ctx.newPage();
	await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
	const imgs = await page.evaluate(() => [...document.querySelectorAll("picture img")].map((i, k) => {
		i.setAttribute("data-reader", String(k));
		const r = i.getBoundingClientRect();
		return { k, src: i.currentSrc, shown: r.width, natural: i.naturalWidth,
			inLink: !!i.closest("a") };
	}));
	const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
	const viewport = await page.evaluate(() => window.innerWidth);
	const decoder = await ctx.newPage();
	const charts = [];
	for (const im of imgs) {
		const f = fileOf(im.src);
		const svg = f && f.endsWith(".svg") ? svgFacts(f) : null;
		const natural = svg ? svg.width : im.natural;
		const font = svg ? svg.font : LINE_CHART_FONT;
		const c = { ...im, text: font * im.shown / natural, svg, name: basename(f || im.src) };
		const loc = page.locator(`img[data-reader="${im.k}"]`);
		await loc.scrollIntoViewIfNeeded();
		// a bar's colour: half way along it, a quarter down, clear of
		// the 95% interval's line (across its middle) and end caps
		const sc = svg ? im.shown / svg.width : 1;
		const bars = svg ? svg.bars.filter((b) => b.w * sc >= 2) : [];
		const p = await pixels(decoder, await loc.screenshot(), bars.map((b) =>
			[Math.floor((b.x + b.w / 2) * sc), Math.floor((b.y + b.h / 4) * sc)]));
		c.luminance = p.luminance;
		if (svg && svg.bars.length > 1)
			c.bars = p.colours;
		charts.push(c);
	}
	if (shot) {
		await page.screenshot({ path: shot, fullPage: true });
		// the README's two pictures: a comparison on a desktop, light,
		// and a test page on a phone, dark (the first screen of each)
		const kind = basename(file).replace(/-.*/, "");
		if ((kind === "comparison" && width === 1280 && scheme === "light") ||
		    (kind === "test" && width === 390 && scheme === "dark")) {
			// a comparison from its charts, a test page from the top
			await page.evaluate(() => {
				const h = [...document.querySelectorAll("h2")].find((e) => e.textContent === "Charts");
				if (h) h.scrollIntoView(); else window.scrollTo(0, 0);
			});
			await page.screenshot({ path: `${shots}/readme-${kind}-${width}-${scheme}.png` });
		}
	}
	await ctx.close();
	return { pageWidth, viewport, charts };
}

function smallestText(m) {
	const full = m.charts;
	const min = full.length ? Math.min(...full.map((c) => c.text)) : Infinity;
	return { full, min, thumbs: full.filter((c) => c.inLink).length };
}

function darkest(m) {
	return m.charts.length ? Math.max(...m.charts.map((c) => c.luminance)) : 0;
}

// Charts whose sampled bar colours repeat.
function sharedColours(m) {
	return m.charts.filter((c) => c.bars &&
		new Set(c.bars).size !== c.bars.length).map((c) => c.name);
}

async function checkPage(browser, file) {
	const name = basename(file, ".html");
	for (const width of WIDTHS)
		for (const scheme of SCHEMES) {
			const mode = `${prefix} ${name} ${width}px ${scheme}`;
			const shot = shots ? `${shots}/${prefix}-${name}-${width}-${scheme}.png` : null;
			const m = await measure(browser, file, width, scheme, shot);
			const t = smallestText(m);
			tap(t.min >= MIN_TEXT, `${mode}: smallest text of its ${t.full.length} charts ` +
				`${t.full.length ? t.min.toFixed(1) : "-"} CSS px (at least ${MIN_TEXT}; ` +
				`${t.thumbs} of them thumbnails)`,
				t.full.filter((c) => c.text < MIN_TEXT).map((c) => `${c.name}: ${c.text.toFixed(1)} px`).join("\n"));
			tap(m.pageWidth <= width && m.viewport <= width,
				`${mode}: the page does not scroll sideways (${m.pageWidth}px)`);
			if (scheme === "dark") {
				const bright = m.charts.filter((c) => c.luminance >= DARK_MAX);
				tap(bright.length === 0, `${mode}: all ${m.charts.length} chart images are dark ` +
					`(brightest mean luminance ${darkest(m).toFixed(0)}, below ${DARK_MAX})`,
					bright.map((c) => `${c.name}: ${c.luminance.toFixed(0)}`).join("\n"));
			}
			if (width === 1280 && colourPages.has(file)) {
				const shared = sharedColours(m);
				const n = m.charts.filter((c) => c.bars).length;
				tap(shared.length === 0, `${mode}: no two bars of any of its ${n} bar charts share a colour`,
					shared.join("\n"));
			}
		}
}

async function controls(browser, kind, file) {
	let m;
	switch (kind) {
	case "text":
		m = await measure(browser, file, 390, "light", null);
		tap(smallestText(m).min < MIN_TEXT,
			`control: charts shrunk to a 390px screen have text below ${MIN_TEXT} CSS px (${smallestText(m).min.toFixed(1)})`);
		break;
	case "dark":
		m = await measure(browser, file, 1280, "dark", null);
		tap(darkest(m) >= DARK_MAX,
			`control: the PNG charts on a dark page are bright (mean luminance ${darkest(m).toFixed(0)})`);
		break;
	case "colours":
		m = await measure(browser, file, 1280, "light", null);
		tap(sharedColours(m).length > 0,
			`control: a chart whose groups 1 and 9 share a colour is caught (${sharedColours(m).join(", ")})`);
		break;
	case "width":
		m = await measure(browser, file, 390, "light", null);
		tap(m.pageWidth > 390, `control: a wide table outside its box makes the page scroll sideways (${m.pageWidth}px)`);
		break;
	default:
		tap(false, `control: unknown kind ${kind}`);
	}
}

await withBrowser(async (browser) => {
	if (control)
		await controls(browser, control, pages[0]);
	else
		for (const p of pages)
			await checkPage(browser, p);
});
