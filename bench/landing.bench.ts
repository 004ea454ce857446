/**
 * The landing page as a visitor gets it (issue 3): gzipped bytes of every script and stylesheet the
 * page links (the island and the chunks it imports), and time to first byte and to the load event in
 * headless Chromium on localhost, median of several cold page loads (fresh browser context each, so
 * nothing comes from the cache). Needs `bun run build` first. Run: `bun bench/landing.bench.ts`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { printTable } from "./machine.ts";
import { startBenchServer } from "./server-process.ts";

const RUNS = 9;
const DIST = "dist/client";

if (!existsSync(join(DIST, ".vite", "manifest.json"))) {
  console.error("Build the client first: bun run build");
  process.exit(1);
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** Every JS and CSS file a browser downloads for the landing page, following static imports. */
function landingFiles(): { js: string[]; css: string[] } {
  const manifest = JSON.parse(readFileSync(join(DIST, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit("src/client/landing/island.tsx");
  return { js: [...js], css: [...css] };
}

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const files = landingFiles();
const sizeRows = [...files.js, ...files.css].map((file) => ({
  file,
  raw: kib(readFileSync(join(DIST, file)).length),
  gzip: kib(gz(file)),
}));
const jsTotal = files.js.reduce((sum, f) => sum + gz(f), 0);
const cssTotal = files.css.reduce((sum, f) => sum + gz(f), 0);
sizeRows.push({ file: "total JS", raw: "", gzip: kib(jsTotal) });
sizeRows.push({ file: "total CSS", raw: "", gzip: kib(cssTotal) });
printTable("Landing page assets (gzip -9)", sizeRows);

const server = await startBenchServer();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
});
try {
  const ttfb: number[] = [];
  const load: number[] = [];
  const dialogReady: number[] = [];
  // One warm-up load so the server has rendered and cached the page once, as in production.
  await fetch(`${server.url}/`);
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`, { waitUntil: "load" });
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return { ttfb: nav.responseStart - nav.startTime, load: nav.loadEventStart - nav.startTime };
    });
    ttfb.push(timing.ttfb);
    load.push(timing.load);
    // When the island answers a click: the trigger opens the dialog.
    const started = Date.now();
    await page.getByRole("link", { name: "Get Started" }).first().click();
    await page.getByRole("dialog").waitFor();
    dialogReady.push(Date.now() - started);
    await context.close();
  }
  printTable(`Landing page in headless Chromium, localhost, median of ${RUNS} cold loads`, [
    { measure: "time to first byte", median: `${median(ttfb).toFixed(1)} ms` },
    { measure: "load event", median: `${median(load).toFixed(1)} ms` },
    { measure: "click → dialog visible", median: `${median(dialogReady).toFixed(0)} ms` },
  ]);
} finally {
  await browser.close();
  await server.stop();
}
