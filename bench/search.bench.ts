/**
 * `/api/games/search` over HTTP with 330,000 games (issue 13): p50 and p99 from wrk for each kind of
 * query (short prefixes, full names, two words, misses) and all of them mixed, at 1 and 32 concurrent
 * clients, beside `GET /api/health` on the same server (the floor: what HTTP, middleware and a session
 * cost without searching). Also the search index's memory, built in this process from the same data.
 *
 * Run: `bun bench/search.bench.ts [games]` (default 330000; the database is made with
 * `bun run db:seed --demo --games N`, about a minute for 330,000). To reuse a seeded database:
 * `SEARCH_BENCH_DATABASE=/path/to/seeded.db bun bench/search.bench.ts`.
 */
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { loadavg } from "node:os";
import { openClient } from "../src/server/db/client.ts";
import { printTable } from "./machine.ts";
import { quiet, startBenchServer } from "./server-process.ts";
import { requireWrk, runWrk, type WrkResult } from "./wrk.ts";

requireWrk();
const loadBefore = loadavg()[0]!.toFixed(2);
const GAMES = Number(process.argv[2] ?? 330_000);
const reuse = process.env.SEARCH_BENCH_DATABASE;
const SECONDS = 8;
/** Distinct queries drawn for the "distinct" rows: more than one run sends, half for each client count. */
const DISTINCT = 60_000;
const server = await startBenchServer({}, { databaseFrom: reuse });
try {
  let seedNote = `database from ${reuse}`;
  if (!reuse) {
    const seedStart = performance.now();
    const seed = spawnSync("bun", ["scripts/seed.ts", "--demo", "--games", String(GAMES)], {
      env: { ...process.env, DATABASE_URL: `file:${server.databaseFile}`, LOG_LEVEL: "error" },
      encoding: "utf8",
    });
    if (seed.status !== 0) throw new Error(seed.stderr);
    seedNote = `seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`;
  }

  // The server is running on this file: wait on its locks like every other connection does.
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  const count = Number((await db.execute("SELECT count(*) AS n FROM games")).rows[0]!.n);
  const names = (await db.execute("SELECT name FROM games ORDER BY popularity DESC LIMIT 10")).rows.map((r) =>
    String(r.name),
  );
  const tail = (await db.execute("SELECT name FROM games ORDER BY rowid DESC LIMIT 5")).rows.map((r) =>
    String(r.name),
  );
  // Queries that do not repeat, so the kept answers cannot carry the figure: real names of random
  // games, typed part way (autocomplete), whole, two of their words, and misses.
  const sample = (
    await db.execute({ sql: "SELECT name FROM games ORDER BY random() LIMIT ?", args: [DISTINCT] })
  ).rows.map((r) => String(r.name));
  db.close();
  const distinct = sample.map((name, i) => {
    const words = name.split(/\s+/).filter(Boolean);
    switch (i % 4) {
      case 0: {
        const typed = name.slice(0, 3 + Math.floor(Math.random() * Math.max(1, name.length - 3))).trim();
        return typed.length >= 3 ? typed : name;
      }
      case 1:
        return name;
      case 2:
        // Its first word and its number or last word: "Cosmic 123302".
        return words.length > 2 ? `${words[0]} ${words.at(-1)}` : name;
      default:
        return Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
          "",
        );
    }
  });

  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password-123" }),
  });
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
  const headers = { Cookie: cookie };

  const spread: Record<string, string[]> = {
    "short prefix": ["sha", "iro", "leg", "neo", "sta", "cry", "kin", "dri"],
    "full name": [...names, ...tail],
    "two words": ["shadow legends", "iron forge", "lost kingdom", "neon drift", "golden saga"],
    miss: ["zzqxv", "qwertyuiop", "xylophone zebra", "nonexistent title"],
  };
  spread.mixed = Object.values(spread).flat();
  const kinds = Object.keys(spread).length;
  const path = (q: string) => `/api/games/search?q=${encodeURIComponent(q)}&limit=20`;

  // The first search after the data arrived builds the index: not part of any figure.
  const first = performance.now();
  const warm = await fetch(`${server.url}${path("sha")}`, { headers });
  if (warm.status !== 200) throw new Error(`search: ${warm.status} ${await warm.text()}`);
  const firstMs = performance.now() - first;
  // What the start set off after the indexes (checking every game's estimate) is done before measuring.
  await quiet(server.pid);
  runWrk({ url: server.url, paths: spread.mixed.map(path), connections: 8, seconds: 3, headers });

  const rows = [];
  const row = (queries: string, clients: number, r: WrkResult) => ({
    queries,
    clients,
    requests: r.requests,
    "req/s": Math.round(r.rps),
    "p50 ms": r.p50ms.toFixed(2),
    "p99 ms": r.p99ms.toFixed(2),
    "non-2xx": r.non2xx,
  });
  for (const clients of [1, 32]) {
    rows.push(
      row(
        "GET /api/health (floor)",
        clients,
        runWrk({ url: server.url, paths: ["/api/health"], connections: clients, seconds: SECONDS, headers }),
      ),
    );
    for (const [kind, queries] of Object.entries(spread)) {
      const r = runWrk({
        url: server.url,
        paths: queries.map(path),
        connections: clients,
        seconds: SECONDS,
        headers,
      });
      if (r.non2xx > 0) throw new Error(`${kind}: ${r.non2xx} answers were not 200`);
      rows.push(row(kind, clients, r));
    }
    // A half of the distinct queries for each client count: none was asked before in this run.
    const half = distinct.slice(clients === 1 ? 0 : DISTINCT / 2, clients === 1 ? DISTINCT / 2 : DISTINCT);
    const r = runWrk({
      url: server.url,
      paths: half.map(path),
      connections: clients,
      seconds: SECONDS,
      headers,
    });
    if (r.non2xx > 0) throw new Error(`distinct: ${r.non2xx} answers were not 200`);
    rows.push(row(`mixed, distinct (${half.length.toLocaleString("en")} not repeated)`, clients, r));
  }
  // The index's memory: built again in this process from the same database, measured after collection.
  process.env.DATABASE_URL = `file:${server.databaseFile}`;
  process.env.LOG_LEVEL = "error";
  const { searchIndex } = await import("../src/server/catalog/search-index.ts");
  Bun.gc(true);
  const before = process.memoryUsage();
  const buildStart = performance.now();
  const index = await searchIndex();
  const buildMs = performance.now() - buildStart;
  Bun.gc(true);
  const after = process.memoryUsage();
  const mib = (n: number) => (n / 2 ** 20).toFixed(0);
  const indexNote = `index: ${index.size.toLocaleString("en")} games, heap +${mib(after.heapUsed - before.heapUsed)} MiB, RSS +${mib(after.rss - before.rss)} MiB, built in ${(buildMs / 1000).toFixed(1)} s`;
  const size = ["", "-wal"].reduce((s, suffix) => {
    try {
      return s + statSync(server.databaseFile + suffix).size;
    } catch {
      return s;
    }
  }, 0);
  printTable(
    `/api/games/search with ${count.toLocaleString("en")} games (${seedNote}; the ${kinds} kinds repeat ${spread.mixed.length} queries, kept answers serve most; load average ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after; database ${(size / 2 ** 20).toFixed(0)} MiB; first search ${firstMs.toFixed(0)} ms; ${indexNote}; wrk ${SECONDS} s per row)`,
    rows,
  );
} finally {
  await server.stop();
}
