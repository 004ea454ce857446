/**
 * Import speed of the Kaggle steam.csv (rows/s) and the importer's peak memory (RSS sampled every
 * 20 ms from /proc), on a fresh database: the whole `bun run import` process (start, migrations, the
 * import, the estimates of the games it changed), and the import step alone as the importer times it. Wall time depends on what else the machine runs, so
 * the process's CPU time and the load average are given beside it. The last row is the floor: the first
 * import's rows written again by SQLite alone (bench/import-floor.ts), what no importer can beat on
 * this schema. Run: `bun bench/import.bench.ts`.
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
const floorDb = join(tmpdir(), `gi-bench-import-floor-${crypto.randomUUID()}.db`);

/** Runs `argv` on `database` and measures it: wall and CPU time, peak RSS (sampled every 20 ms). */
async function measured(argv: string[], database: string) {
  const load = loadavg()[0]!;
  const started = performance.now();
  const child = Bun.spawn(argv, {
    env: { ...process.env, DATABASE_URL: `file:${database}`, LOG_LEVEL: "error" },
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
  const code = await child.exited;
  clearInterval(timer);
  if (code !== 0) throw new Error(`${argv.join(" ")} exited with ${code}`);
  const seconds = (performance.now() - started) / 1000;
  const usage = child.resourceUsage();
  const cpu = usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 : Number.NaN;
  return { out, seconds, cpu, peak, load };
}

for (const label of ["first import", "re-import (no changes)"]) {
  const { out, seconds, cpu, peak, load } = await measured(
    ["bun", "scripts/import.ts", "steam-store-csv", FILE],
    db,
  );
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

// The floor: the same rows written by SQLite alone, every index and trigger included (import-floor.ts).
{
  const { out, seconds, cpu, peak, load } = await measured(["bun", "bench/import-floor.ts", db], floorDb);
  const f = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as Record<string, number>;
  const games = f.games ?? 0;
  rows.push({
    run: "floor: the first import's rows copied by SQLite alone (bench/import-floor.ts)",
    rows: games,
    seconds: seconds.toFixed(1),
    "rows/s": Math.round(games / seconds),
    "CPU s": cpu.toFixed(2),
    "rows per CPU s": Math.round(games / cpu),
    "import step rows/s": Math.round(games / ((f.importMs ?? 0) / 1000)),
    "peak RSS MiB": (peak / 1024).toFixed(0),
    "load avg (1 min) before": load.toFixed(1),
    summary: `games ${f.gamesMs} ms, points ${f.pointsMs} ms, owner bands ${f.bandsMs} ms, commits ${f.commitsMs} ms (migrations ${f.migrationsMs} ms)`,
    estimates: `${games} estimates copied in ${f.estimatesMs} ms`,
  });
}
for (const file of [db, floorDb]) for (const s of ["", "-wal", "-shm"]) rmSync(file + s, { force: true });
printTable("bun run import steam-store-csv (27,075 rows, 5.8 MB)", rows);
