/**
 * The signed-in app's JavaScript as a browser downloads it (issue 3, "Measure"): gzipped bytes of the
 * shell (the `index.html` entry and the chunks it imports statically), of the first route (`/`, the
 * shell plus the Overview screen's lazy chunk and what it imports), and of every lazy chunk, largest
 * first. Also says which chunk holds ApexCharts, which must not be part of the shell's first paint.
 * Reads the build manifest: run `bun run build` first. Run: `bun bench/spa-bundle.bench.ts`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { printTable } from "./machine.ts";

const DIST = "dist/client";
const MANIFEST = join(DIST, ".vite", "manifest.json");

if (!existsSync(MANIFEST)) {
  console.error("Build the client first: bun run build");
  process.exit(1);
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, ManifestChunk>;
const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file) || !chunk.file.endsWith(".js")) return into;
  into.add(chunk.file);
  for (const i of chunk.imports ?? []) closure(i, into);
  return into;
}
const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gz(f), 0);

const shell = closure("index.html");
const overviewKey = Object.keys(manifest).find((k) => k.endsWith("pages/overview/OverviewPage.tsx"));
const firstRoute = overviewKey ? closure(overviewKey, new Set(shell)) : shell;

const lazyRows = (manifest["index.html"]?.dynamicImports ?? [])
  .map((key) => {
    const own = manifest[key]!.file;
    // What navigating to the screen adds on top of the shell.
    const added = [...closure(key)].filter((f) => !shell.has(f));
    return { key, own, ownGzip: gz(own), addedGzip: total(added) };
  })
  .sort((a, b) => b.addedGzip - a.addedGzip);

// Chunks loaded only through other lazy chunks (the charts): the largest usually lives here.
const nested = Object.entries(manifest)
  .filter(([, c]) => c.isDynamicEntry && c.file.endsWith(".js"))
  .filter(([key]) => !(manifest["index.html"]?.dynamicImports ?? []).includes(key))
  .map(([key, c]) => ({
    key,
    own: c.file,
    ownGzip: gz(c.file),
    addedGzip: total([...closure(key)].filter((f) => !shell.has(f))),
  }));

// Chunks shared by lazy chunks (ApexCharts' core under its chart types): not entries themselves,
// so they appear above only inside an "adds"; the largest file loaded after the first route is one.
const later = Object.values(manifest)
  .filter((c) => c.file.endsWith(".js") && !firstRoute.has(c.file))
  .map((c) => ({ file: c.file, gzip: gz(c.file) }))
  .sort((a, b) => b.gzip - a.gzip);

// ApexCharts' own chunks: those built from its modules, and chunks only they import (its core).
const apexKeys = Object.keys(manifest).filter((key) => key.includes("apexcharts"));
const importers = (dep: string) => Object.keys(manifest).filter((k) => manifest[k]!.imports?.includes(dep));
const apexFiles = [
  ...apexKeys.map((k) => manifest[k]!.file),
  ...apexKeys
    .flatMap((k) => manifest[k]!.imports ?? [])
    .filter((dep) => importers(dep).every((k) => apexKeys.includes(k)))
    .map((dep) => manifest[dep]!.file),
].filter((f) => f.endsWith(".js"));
const apex = apexFiles.length ? { file: [...new Set(apexFiles)].join(", ") } : undefined;

printTable("SPA JavaScript (gzip -9)", [
  { what: "shell (index.html entry + static imports)", files: shell.size, gzip: kib(total(shell)) },
  { what: "first route / (shell + Overview chunk)", files: firstRoute.size, gzip: kib(total(firstRoute)) },
  {
    what: `largest chunk after the first route: ${later[0]?.file.replace(/^assets\//, "") ?? "none"}`,
    files: 1,
    gzip: kib(later[0]?.gzip ?? 0),
  },
  ...[...lazyRows, ...nested]
    .sort((a, b) => b.ownGzip - a.ownGzip)
    .map((r) => ({
      what: `lazy ${r.key.replace(/^.*\//, "")}`,
      files: 1,
      gzip: `${kib(r.ownGzip)} (adds ${kib(r.addedGzip)})`,
    })),
]);
console.log(
  apex
    ? `ApexCharts: ${apex.file}, ${apexFiles.some((f) => firstRoute.has(f)) ? "IN the first route (fix this)" : "lazy, not in the first route"}`
    : "ApexCharts: not in the build",
);
