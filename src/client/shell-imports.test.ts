import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

/**
 * The app shell's static import graph (what the first route loads before any screen's chunk) must not
 * reach zod or the charts: the contracts with schemas are imported by the client as types only, or
 * through their zod-free twins (roles.ts, user-channel.ts, search-length.ts…). Issue 13 budgets the
 * first route at 120 KiB gzip; zod alone is about 24 KiB of it (a watchlist guard imported from
 * notifications.ts once put it there).
 */
const MAIN = fileURLToPath(new URL("./main.tsx", import.meta.url));
const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The packages the shell imports statically, following the app's own files (dynamic imports are lazy chunks). */
function shellPackages(): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.(tsx?|jsx?)$/.test(file)) return;
    const transpiler = file.endsWith(".tsx") || file.endsWith(".jsx") ? transpilers.tsx : transpilers.ts;
    for (const { kind, path } of transpiler.scanImports(readFileSync(file, "utf8"))) {
      if (kind === "dynamic-import") continue;
      if (path.startsWith(".")) {
        const next = resolveLocal(file, path);
        if (next) walk(next);
      } else {
        packages.add(path.startsWith("@") ? path.split("/").slice(0, 2).join("/") : path.split("/")[0]!);
      }
    }
  };
  walk(MAIN);
  return packages;
}

test("the app shell imports neither zod nor the charts statically", () => {
  const packages = shellPackages();
  expect(packages.has("react")).toBe(true);
  expect([...packages].filter((p) => ["zod", "apexcharts", "react-apexcharts"].includes(p))).toEqual([]);
});
