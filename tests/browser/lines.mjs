// lines.mjs: the line charts (a sweep's lines, a test's figures over time)
// as a reader's browser shows them, in Debian's headless Chromium through
// playwright-core; tests/browser.test.sh runs it and counts its TAP lines.
//
//   node lines.mjs PAGE...
//   node lines.mjs --control KIND PAGE
//
// For each PAGE, at 390 and 1280 CSS px wide, light and dark, over every
// line chart it shows (an <img> of a sweep-* or time-* file):
//   - shown: the browser chose an SVG, the narrow one (BASE-narrow.svg)
//     at 390 and the full one at 1280; a thumbnail (BASE-thumb.png, on a
//     sweep's comparison page) the narrow one at both;
//   - inside: every text of that SVG, opened as its own document in the
//     same colour scheme, lies inside the chart (its box as the browser
//     lays it out, transforms included: the sweep's y axis title is
//     turned);
//   - ground: the chart's ground as the browser paints it follows the
//     scheme (mean of its RGB below 100 on dark, above 155 on light).
// One TAP line a page, width and scheme for each rule.
//
// --control KIND proves a rule can fail: "outside" (the first chart's
// title moved past its right edge, in the browser), "dark" (the first
// chart's stylesheet taken away, in the browser), "narrow" (PAGE is a copy
// without the phone's <source>, which the test makes).
import { basename, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launch, tap } from "./tap.mjs";

const WIDTHS = [390, 1280];
const SCHEMES = ["light", "dark"];

let control = null;
const pages = [];
for (let i = 2; i < process.argv.length; i++) {
	const a = process.argv[i];
	if (a === "--control") control = process.argv[++i];
	else pages.push(resolve(a));
}

const isLine = (name) => /^(sweep|time)-/.test(name);

// In an SVG document: its size, each text's box and the ground's colour,
// after the control's change when there is one.
function svgFacts(kind) {
	const svg = document.documentElement;
	const W = Number(svg.getAttribute("width")), H = Number(svg.getAttribute("height"));
	let changed = false;
	if (kind === "outside") {
		const title = svg.querySelector("text[font-weight=bold]");
		if (title) {
			title.setAttribute("x", String(W - 20));
			changed = true;
		}
	} else if (kind === "dark") {
		const style = svg.querySelector("style");
		if (style) {
			style.remove();
			changed = true;
		}
	}
	const texts = [...svg.querySelectorAll("text")].map((t) => {
		const b = t.getBoundingClientRect();
		return { x: b.x, y: b.y, w: b.width, h: b.height, s: t.textContent };
	});
	const bg = svg.querySelector("rect.bg");
	const rgb = bg ? getComputedStyle(bg).fill.match(/\d+/g).map(Number) : [NaN, NaN, NaN];
	return { W, H, changed, texts, ground: (rgb[0] + rgb[1] + rgb[2]) / 3 };
}

const browser = await launch();
let changed = null;
const caught = [];
try {
	for (const file of pages)
		for (const width of WIDTHS)
			for (const scheme of SCHEMES) {
				const ctx = await browser.newContext({
					viewport: { width, height: 900 }, colorScheme: scheme,
					isMobile: width < 600, deviceScaleFactor: 1,
				});
				const page = await ctx.newPage();
				await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
				const imgs = (await page.evaluate(() => [...document.querySelectorAll("img")]
					.map((i) => ({ src: i.getAttribute("src"), shown: i.currentSrc,
						thumb: /-thumb\.png$/.test(i.getAttribute("src")) }))))
					.filter((i) => isLine(i.src));
				const doc = await ctx.newPage();
				const shown = [], inside = [], ground = [];
				for (const im of imgs) {
					const f = im.shown.startsWith("file:") ? fileURLToPath(im.shown) : "";
					const name = basename(f);
					const want = width < 600 || im.thumb ? /-narrow\.svg$/ : /[0-9a-f]\.svg$/;
					if (!want.test(name))
						shown.push(`${basename(file)} ${width} ${scheme}: ${im.src} shown as ${name || im.shown}`);
					if (!name.endsWith(".svg"))
						continue;
					await doc.goto(pathToFileURL(f).href, { waitUntil: "load" });
					const kind = control && !changed && (control !== "dark" || scheme === "dark") ? control : null;
					const s = await doc.evaluate(svgFacts, kind);
					if (s.changed)
						changed = `${name} ${width} ${scheme}`;
					if (control && !s.changed && control !== "narrow")
						continue;
					const E = 0.5;	// half a pixel: the layout's rounding
					for (const t of s.texts)
						if (t.x < -E || t.y < -E || t.x + t.w > s.W + E || t.y + t.h > s.H + E)
							inside.push(`${name} ${width} ${scheme}: "${t.s}" at ${t.x.toFixed(1)},` +
								`${t.y.toFixed(1)} ${t.w.toFixed(1)}x${t.h.toFixed(1)} outside ${s.W}x${s.H}`);
					if (scheme === "dark" ? !(s.ground < 100) : !(s.ground > 155))
						ground.push(`${name} ${width} ${scheme}: ground ${s.ground}`);
				}
				await ctx.close();
				const at = `${basename(file)} at ${width} px, ${scheme}`;
				if (control) {
					caught.push(...(control === "narrow" ? shown : control === "outside" ? inside : ground));
					continue;
				}
				tap(imgs.length > 0 && shown.length === 0,
					`${at}: its ${imgs.length} line charts shown as the ${width < 600 ? "narrow" : "full"} SVG (thumbnails: narrow)`, shown);
				tap(imgs.length > 0 && inside.length === 0,
					`${at}: every text of its ${imgs.length} line charts inside the chart`, inside);
				tap(imgs.length > 0 && ground.length === 0,
					`${at}: the charts' ground is ${scheme}`, ground);
			}
	if (control)
		tap((changed || control === "narrow") && caught.length > 0,
			`control: ${control}: changed in ${changed || "the page"}, caught: ${caught[0] || "nothing"}`);
} finally {
	await browser.close();
}
process.exitCode = 0;	// failures are in the TAP lines
