/**
 * `/api/games/search` over HTTP with 330,000 games: p50 and p99 for a spread of real queries (short
 * prefixes, full names, misses) at 1 and 32 concurrent clients, and the database size.
 * Run: `bun bench/search.bench.ts [games]` (default 330000).
 */
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { openClient } from "../src/server/db/client.ts";
import { percentile, printTable } from "./machine.ts";
import { startBenchServer } from "./server-process.ts";

const GAMES = Number(process.argv[2] ?? 330_000);
const server = await startBenchServer();
try {
  // Seed the server's (empty, migrated) database with demo games.
  const seedStart = performance.now();
  const seed = spawnSync("bun", ["scripts/seed.ts", "--demo", "--games", String(GAMES)], {
    env: { ...process.env, DATABASE_URL: `file:${server.databaseFile}`, LOG_LEVEL: "error" },
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(seed.stderr);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // The server is running on this file: wait on its locks like every other connection does.
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  const names = (await db.execute("SELECT name FROM games ORDER BY popularity DESC LIMIT 10")).rows.map((r) =>
    String(r.name),
  );
  const tail = (await db.execute("SELECT name FROM games ORDER BY rowid DESC LIMIT 5")).rows.map((r) =>
    String(r.name),
  );
  db.close();

  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password-123" }),
  });
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;

  const spread: Record<string, string[]> = {
    "short prefix": ["sha", "iro", "leg", "neo", "sta", "cry", "kin", "dri"],
    "full name": [...names, ...tail],
    "two words": ["shadow legends", "iron forge", "lost kingdom", "neon drift", "golden saga"],
    miss: ["zzqxv", "qwertyuiop", "xylophone zebra", "nonexistent title"],
  };

  async function run(queries: string[], concurrency: number, total: number): Promise<number[]> {
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const q = queries[next++ % queries.length]!;
          const t = performance.now();
          const res = await fetch(`${server.url}/api/games/search?q=${encodeURIComponent(q)}&limit=20`, {
            headers: { Cookie: cookie },
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
          latencies.push(performance.now() - t);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  }

  await run(Object.values(spread).flat(), 4, 200); // warm-up
  const rows = [];
  for (const [kind, queries] of Object.entries(spread)) {
    for (const concurrency of [1, 32]) {
      const lat = await run(queries, concurrency, concurrency === 1 ? 200 : 1000);
      rows.push({
        queries: kind,
        clients: concurrency,
        requests: lat.length,
        "p50 ms": percentile(lat, 50).toFixed(2),
        "p99 ms": percentile(lat, 99).toFixed(2),
      });
    }
  }
  const size = ["", "-wal"].reduce((s, suffix) => {
    try {
      return s + statSync(server.databaseFile + suffix).size;
    } catch {
      return s;
    }
  }, 0);
  printTable(
    `/api/games/search with ${GAMES.toLocaleString("en")} games (seeded in ${seedSeconds.toFixed(1)} s; database ${(size / 2 ** 20).toFixed(0)} MiB)`,
    rows,
  );
} finally {
  await server.stop();
}
