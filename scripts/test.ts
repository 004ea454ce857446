/**
 * `bun run test`: every suite (server + API, end-to-end, Storybook stories) in one Vitest run,
 * closing with one plain `N passed, N failed` line. Browser suites need Chromium: when it is
 * missing and we are root on Debian, install Debian's package; otherwise say how.
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const r = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit" });
    if (r.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(
    `Chromium is needed at ${CHROMIUM} for the browser suites (Debian: apt-get install chromium).`,
  );
  process.exit(1);
}

ensureChromium();

// The end-to-end suite serves the built client; build it first.
const build = spawnSync("bun", ["run", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const args = ["--bun", "vitest", "run", ...process.argv.slice(2)];
const run = spawnSync("bun", args, { stdio: "inherit" });
process.exit(run.status ?? 1);
