/** `bun run bench`: every `bench/*.bench.ts`, one after another (or those named as arguments). */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv.slice(2);
const files = readdirSync("bench")
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  const r = spawnSync("bun", [`bench/${file}`], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
