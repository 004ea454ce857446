/**
 * Game pages and the market screener over HTTP with a full-size catalog (issue 10):
 * - a game page's API (`/api/games/:id`, its series, similar games) for a game with 5 years of daily
 *   points in each of its six series;
 * - company pages: the developer with the most games, and 2,000 developers in turn;
 * - the screener's filtered, sorted page and its market-size summary over 330,000 games;
 * - the CSV export of the whole catalog, in rows per second.
 * Latencies are measured with wrk (a C load generator in its own process, 10 connections, 10 s); the
 * export and the summary's first answer with curl.
 *
 * Run: `bun bench/game-pages.bench.ts [games]` seeds that many demo games first (default 330000: about
 * a quarter of an hour). `GAME_PAGES_DB=<file> bun bench/game-pages.bench.ts` works on a copy of a
 * database seeded earlier instead (for example one `bun scripts/seed.ts --demo --games 330000` filled);
 * migrations run on the server's start. The server is measured once it has built its in-memory
 * indexes and gone quiet.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { slugify } from "../src/server/catalog/normalize.ts";
import { printTable } from "./machine.ts";
import { quiet, startBenchServer } from "./server-process.ts";

if (!existsSync("/usr/bin/wrk")) {
  console.error("wrk is needed (apt-get install wrk)");
  process.exit(2);
}

const FROM = process.env.GAME_PAGES_DB;
if (FROM && !existsSync(FROM)) {
  console.error(`GAME_PAGES_DB: no file ${FROM}`);
  process.exit(2);
}
const GAMES = Number(process.argv[2] ?? 330_000);
const DAY = 86_400_000;
const YEARS = 5;

// The database is prepared before the server starts, so its start-up planner statistics cover it.
const prepared = join(tmpdir(), `gi-bench-game-pages-${crypto.randomUUID()}.db`);
let seedSeconds: number | string = "reused";
if (FROM) {
  for (const s of ["", "-wal"]) if (existsSync(FROM + s)) copyFileSync(FROM + s, prepared + s);
} else {
  const seedStart = performance.now();
  const seed = spawnSync("bun", ["scripts/seed.ts", "--demo", "--games", String(GAMES)], {
    env: { ...process.env, DATABASE_URL: `file:${prepared}`, LOG_LEVEL: "error" },
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(seed.stderr || seed.stdout);
  seedSeconds = Math.round((performance.now() - seedStart) / 1000);
}

// One game gets 5 years of daily points in each series; a premium user gets a session.
const db = createClient({ url: `file:${prepared}` });
const game = (await db.execute("SELECT id FROM games ORDER BY popularity DESC LIMIT 1")).rows[0]!;
const gameId = String(game.id);
const end = Date.UTC(2026, 10, 1);
const days = YEARS * 365 + 1;
await db.execute({ sql: "DELETE FROM game_metrics WHERE game_id = ?", args: [gameId] });
const metrics = ["players", "players_peak", "reviews_positive", "reviews_negative", "price", "owners"];
const statements = [];
for (const metric of metrics) {
  for (let d = 0; d < days; d++) {
    const value = metric === "price" ? 29.99 : Math.round(1000 + 500 * Math.sin(d / 30) + d);
    statements.push({
      sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, ?, ?, ?, 'day', 'demo')",
      args: [gameId, metric, end - (days - 1 - d) * DAY, value],
    });
  }
}
await db.batch(statements, "write");
const bytes = new Uint8Array(20);
crypto.getRandomValues(bytes);
const token = encodeBase32LowerCaseNoPadding(bytes);
const userId = crypto.randomUUID();
await db.execute({
  sql: "INSERT INTO users (id, email, role, subscription_tier) VALUES (?, ?, 'premium', 'professional')",
  args: [userId, `bench-${userId.slice(0, 8)}@example.com`],
});
await db.execute({
  sql: "INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)",
  args: [encodeHexLowerCase(sha256(new TextEncoder().encode(token))), userId, Date.now() + 30 * DAY],
});
const total = Number((await db.execute("SELECT count(*) AS n FROM games")).rows[0]!.n);
/**
 * A wrk script asking for `paths` in turn, each of wrk's two threads its own half, so that answers a
 * server keeps (similar games per game until the catalog changes, say) do not serve the measured run.
 */
type Script = { file: string; warmupOffset: string };
function inTurn(name: string, paths: string[]): Script {
  const file = join(tmpdir(), `gi-bench-${name}-${crypto.randomUUID()}.lua`);
  const half = Math.floor(paths.length / 2);
  writeFileSync(
    file,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(",")}}
local threads = 0
function setup(thread) thread:set("first", threads * ${half}); threads = threads + 1 end
local i = nil
-- The warm-up starts a quarter further on (wrk ... -- <offset>), so the measured run meets no answer it kept.
function init(args) i = first + tonumber(args[1] or "0") end
function request()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`,
  );
  return { file, warmupOffset: String(Math.floor(half / 2)) };
}
const others = (await db.execute("SELECT id FROM games ORDER BY popularity DESC LIMIT 5000")).rows.map((r) =>
  String(r.id),
);
const similarScript = inTurn(
  "similar",
  others.map((id) => `/api/games/${id}/similar`),
);
// Company pages: the developer with the most games, and 2,000 developers in turn.
const developers = (
  await db.execute(
    "SELECT developer, count(*) AS n FROM games WHERE developer IS NOT NULL AND developer != '' GROUP BY developer ORDER BY n DESC LIMIT 2000",
  )
).rows.map((r) => ({ slug: slugify(String(r.developer)), games: Number(r.n) }));
const companyScript = inTurn(
  "companies",
  developers.map((d) => `/api/companies/${d.slug}`),
);
await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
db.close();

const server = await startBenchServer({}, { databaseFrom: prepared });
for (const s of ["", "-wal", "-shm"]) rmSync(prepared + s, { force: true });

try {
  await quiet(server.pid);
  const cookie = `session=${token}`;
  // Whatever the start left to bring up to date (estimates written after the indexes were built) is
  // applied on the first request of each kind: make those before measuring.
  for (const path of [
    "/api/market/screener?pageSize=1",
    `/api/games/${gameId}/similar`,
    "/api/games/search?q=a",
  ])
    spawnSync("curl", ["-s", "-o", "/dev/null", "-H", `Cookie: ${cookie}`, `${server.url}${path}`]);
  await quiet(server.pid);

  const wrk = (path: string, script?: Script) => {
    const args = [
      "-t2",
      "-c10",
      "-H",
      `Cookie: ${cookie}`,
      ...(script ? ["-s", script.file] : []),
      `${server.url}${path}`,
    ];
    spawnSync("wrk", ["-d3s", ...args, ...(script ? ["--", script.warmupOffset] : [])]); // warm-up
    const out = spawnSync("wrk", ["-d10s", "--latency", ...args], { encoding: "utf8" }).stdout;
    const ms = (label: string) => {
      const m = out.match(new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)\\b`));
      if (!m) return "?";
      const v = Number(m[1]);
      return String(Math.round((m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v) * 100) / 100);
    };
    return {
      "req/s": Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)),
      "p50 ms": ms("50"),
      "p99 ms": ms("99"),
      "non-2xx": out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? "0",
    };
  };
  const curl = (path: string, file = "/dev/null") => {
    const out = spawnSync(
      "curl",
      [
        "-s",
        "-o",
        file,
        "-w",
        "%{http_code} %{time_total}",
        "-H",
        `Cookie: ${cookie}`,
        `${server.url}${path}`,
      ],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    ).stdout;
    const [status, seconds] = out.split(" ");
    if (status !== "200") throw new Error(`${path}: ${status}`);
    return Number(seconds);
  };

  const yearAgo = new Date(end - 365 * DAY).toISOString().slice(0, 10);
  const gameRows = (
    [
      ["GET /api/games/:id", `/api/games/${gameId}`],
      [`GET …/series?metric=players (${days} points)`, `/api/games/${gameId}/series?metric=players`],
      [
        "GET …/series?metric=players&from= (1 year)",
        `/api/games/${gameId}/series?metric=players&from=${yearAgo}`,
      ],
      ["GET …/similar (the same game: kept until the catalog changes)", `/api/games/${gameId}/similar`],
      ["GET …/similar (5,000 different games in turn)", "/", similarScript],
    ] as Array<[string, string, Script?]>
  ).map(([label, path, script]) => ({ endpoint: label, ...wrk(path, script) }));
  rmSync(similarScript.file, { force: true });
  printTable(
    `Game page API, a game with ${YEARS} years of daily points in 6 series, ${total} games (wrk, 10 connections, 10 s)`,
    gameRows,
  );
  const companyRows = (
    [
      [
        `GET /api/companies/:slug, the largest developer (${developers[0]?.games} games)`,
        `/api/companies/${developers[0]?.slug}`,
      ],
      [
        `GET /api/companies/:slug, ${developers.length.toLocaleString("en")} developers in turn`,
        "/",
        companyScript,
      ],
    ] as Array<[string, string, Script?]>
  ).map(([label, path, script]) => ({ endpoint: label, ...wrk(path, script) }));
  rmSync(companyScript.file, { force: true });
  printTable(`Company pages, ${total} games (wrk, 10 connections, 10 s)`, companyRows);

  const filter = "genre=Strategy&yearFrom=2015&yearTo=2024&minReviews=50";
  const screenerRows = [
    ["health (floor)", "/api/health"],
    [
      "screener: filtered, sorted by reviews, page 3",
      `/api/market/screener?${filter}&sort=reviews&order=desc&page=3&pageSize=50`,
    ],
    [
      "screener: filtered, sorted by price",
      `/api/market/screener?${filter}&sort=price&order=asc&pageSize=50`,
    ],
    [
      "screener: whole catalog, sorted by reviews",
      "/api/market/screener?sort=reviews&order=desc&pageSize=50",
    ],
    ["market summary of the filter (cached)", `/api/market/summary?${filter}`],
  ].map(([label, path]) => ({ request: label!, ...wrk(path!) }));
  const summaryCold = curl(`/api/market/summary?${filter}&tag=Indie`);
  screenerRows.push({
    request: "market summary, first answer (curl)",
    "req/s": "-",
    "p50 ms": String(Math.round(summaryCold * 1000)),
    "p99 ms": "-",
    "non-2xx": "0",
  } as never);
  printTable(`Market screener over ${total} games (wrk, 10 connections, 10 s)`, screenerRows);

  const file = join(tmpdir(), `gi-bench-export-${Date.now()}.csv`);
  const runs = [0, 1, 2].map(() => curl("/api/market/screener?format=csv&sort=reviews", file));
  const lines = spawnSync("wc", ["-l", file], { encoding: "utf8" }).stdout.trim().split(" ")[0];
  const rows = Number(lines) - 1;
  const size = statSync(file).size;
  rmSync(file, { force: true });
  const median = [...runs].sort((a, b) => a - b)[1]!;
  printTable("CSV export of the whole catalog (curl, median of 3)", [
    {
      rows,
      MiB: Math.round((size / 2 ** 20) * 10) / 10,
      seconds: Math.round(median * 100) / 100,
      "rows/s": Math.round(rows / median),
      "seed seconds": seedSeconds,
    },
  ]);
} finally {
  await server.stop();
}
