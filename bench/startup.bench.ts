/**
 * Start-up on an empty database with demo data (`DEMO_DATA=auto`): time from spawn until /api/health
 * answers, and the server's own start-up figure, median of 5 runs. Run: `bun bench/startup.bench.ts`.
 */
import { percentile, printTable } from "./machine.ts";
import { startBenchServer } from "./server-process.ts";

const wall: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const server = await startBenchServer({ DEMO_DATA: "auto" });
  for (;;) {
    const res = await fetch(`${server.url}/api/health`).catch(() => null);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  wall.push(performance.now() - t);
  await server.stop();
}
wall.sort((a, b) => a - b);
printTable("Start-up on an empty database with demo data (2,000 games, 90 days of series)", [
  { runs: wall.length, "median ms": percentile(wall, 50).toFixed(0), "max ms": wall.at(-1)!.toFixed(0) },
]);
