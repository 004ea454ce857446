/**
 * Import speed of the Kaggle steam.csv (rows/s) and the importer's peak memory (RSS sampled every
 * 20 ms from /proc), on a fresh database: the whole `bun run import` process (start, migrations, the
 * import, the estimates of the games it changed), and the import step alone as the importer times it. Wall time depends on what else the machine runs, so
 * the process's CPU time and the load average are given beside it. Run: `bun bench/import.bench.ts`.
 */
import { readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { printTable } from "./machine.ts";

const FILE = process.env.STEAM_CSV ?? "../shared/datasets/steam-store-games/steam.csv";
if (!(await Bun.file(FILE).exists())) {
  console.error(
    `${FILE} is absent: put the team's datasets folder beside the repository (see README, "Public datasets") and run again.`,
  );
  process.exit(1);
}
const rows = [];
const db = join(tmpdir(), `gi-bench-import-${crypto.randomUUID()}.db`);
for (const label of ["first import", "re-import (no changes)"]) {
  const load = loadavg()[0]!;
  const started = performance.now();
  const child = Bun.spawn(["bun", "scripts/import.ts", "steam-store-csv", FILE], {
    env: { ...process.env, DATABASE_URL: `file:${db}`, LOG_LEVEL: "error" },
    stdout: "pipe",
    stderr: "inherit",
  });
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const kb = Number(readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      peak = Math.max(peak, kb);
    } catch {
      // the process has exited
    }
  }, 20);
  const out = await new Response(child.stdout).text();
  await child.exited;
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  const usage = child.resourceUsage();
  const cpu = usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 : Number.NaN;
  const read = Number(out.match(/read (\d+)/)?.[1] ?? 0);
  rows.push({
    run: label,
    rows: read,
    seconds: seconds.toFixed(1),
    "rows/s": Math.round(read / seconds),
    "CPU s": cpu.toFixed(2),
    "rows per CPU s": Math.round(read / cpu),
    // The import step alone, as the importer times it: without the process's start, migrations and estimates.
    "import step rows/s": Number(out.match(/s, (\d+) rows\/s\)/)?.[1] ?? 0),
    "peak RSS MiB": (peak / 1024).toFixed(0),
    "load avg (1 min) before": load.toFixed(1),
    summary: out.split("\n")[1]?.trim() ?? "",
    estimates: out.match(/estimates: .*/)?.[0] ?? "",
  });
}
for (const s of ["", "-wal", "-shm"]) rmSync(db + s, { force: true });
printTable("bun run import steam-store-csv (27,075 rows, 5.8 MB)", rows);
