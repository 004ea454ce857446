/**
 * First start on an empty database with the shipped Steam Store Games snapshot (27,075 games, the
 * default `SNAPSHOT_DATA=on`): time from spawn until /api/health answers, and the snapshot load's own
 * rows per second as the server logs it; median of 5 runs, peak RSS of the server.
 * Run: `bun bench/first-start.bench.ts`. Needs nothing beside the repository.
 */
import { loadavg } from "node:os";
import { percentile, printTable } from "./machine.ts";
import { rssMiB, startBenchServer } from "./server-process.ts";

const wall: number[] = [];
const rates: number[] = [];
const loads: number[] = [];
let peak = 0;
// Timings depend on what else the machine runs: the load average is kept beside them.
const loadBefore = loadavg()[0]!;
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const server = await startBenchServer({ SNAPSHOT_DATA: "on" });
  for (;;) {
    const res = await fetch(`${server.url}/api/health`).catch(() => null);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  wall.push(performance.now() - t);
  peak = Math.max(peak, rssMiB(server.pid));
  const line = server.output().match(/"ms":(\d+),"rowsPerSecond":(\d+)/);
  if (line) {
    loads.push(Number(line[1]));
    rates.push(Number(line[2]));
  }
  await server.stop();
}
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
printTable("First start on an empty database: Steam Store Games snapshot (27,075 games) + server up", [
  {
    runs: wall.length,
    "median start ms": percentile(sorted(wall), 50).toFixed(0),
    "max start ms": Math.max(...wall).toFixed(0),
    "median load ms": loads.length ? percentile(sorted(loads), 50).toFixed(0) : "–",
    "median rows/s": rates.length ? percentile(sorted(rates), 50).toFixed(0) : "–",
    "server RSS MiB": peak.toFixed(0),
    "load avg (1 min) before / after": `${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)}`,
  },
]);
