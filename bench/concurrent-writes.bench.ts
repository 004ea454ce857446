/**
 * Acknowledged writes kept and lost while other processes write (issue 8 §1). The real server on a
 * temporary database takes reports and watchlist entries from 16 concurrent clients while
 * `bun run import steam-store-csv` (the full Kaggle steam.csv when ../shared/datasets is present,
 * else the 300-row test excerpt) and a lock-holding writer run in two other processes. Afterwards
 * every id the server answered 2xx is looked up.
 * Run: `bun bench/concurrent-writes.bench.ts [seconds]` (default: until the import ends, at least 6 s);
 * `STEAM_CSV=path` imports another copy of steam.csv.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { openClient } from "../src/server/db/client.ts";
import { printTable } from "./machine.ts";
import { startBenchServer } from "./server-process.ts";

const FULL = "../shared/datasets/steam-store-games/steam.csv";
const EXCERPT = "tests/fixtures/concurrency/steam-store-300.csv";
const file = process.env.STEAM_CSV ?? (existsSync(FULL) ? FULL : EXCERPT);
if (file === EXCERPT)
  console.log(`${FULL} is absent: importing the 300-row excerpt instead (less contention).`);
const MIN_SECONDS = Number(process.argv[2] ?? 6);

function run(args: string[], databaseFile: string) {
  const child = spawn("bun", args, {
    env: { ...process.env, DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: "error", DEMO_DATA: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, out })),
  );
}

const server = await startBenchServer();
try {
  // Games to put on the watchlist, imported before the measurement starts.
  const seed = await run(["scripts/import.ts", "steam-store-csv", EXCERPT], server.databaseFile);
  if (seed.code !== 0) throw new Error(seed.out);
  const headers = { "Content-Type": "application/json", Origin: server.url };
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password-123" }),
  });
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
  const games = (await (
    await fetch(`${server.url}/api/games?pageSize=100`, { headers: { Cookie: cookie } })
  ).json()) as { games?: Array<{ id: string }>; items?: Array<{ id: string }> } | Array<{ id: string }>;
  const gameIds = (Array.isArray(games) ? games : (games.games ?? games.items ?? [])).map((g) => g.id);

  const started = performance.now();
  let othersDone = false;
  const others = Promise.all([
    run(["scripts/import.ts", "steam-store-csv", file], server.databaseFile),
    run(["tests/helpers/lock-writer.ts", `file:${server.databaseFile}`, "200", "25"], server.databaseFile),
  ]).finally(() => {
    othersDone = true;
  });

  const reports: string[] = [];
  const tracked = new Set<string>();
  const statuses = new Map<number, number>();
  let nextGame = 0;
  const worker = async (n: number) => {
    while (!othersDone || performance.now() - started < MIN_SECONDS * 1000) {
      const track = n % 4 === 0 && nextGame < gameIds.length;
      const gameId = track ? gameIds[nextGame++]! : "";
      const res = await fetch(`${server.url}${track ? "/api/user/games" : "/api/analytics/reports"}`, {
        method: "POST",
        headers: { ...headers, Cookie: cookie },
        body: JSON.stringify(track ? { gameId } : { reportType: "market_overview" }),
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const body = (await res.json().catch(() => null)) as { id?: string } | null;
      if (res.ok && track) tracked.add(gameId);
      else if (res.ok && body?.id) reports.push(body.id);
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, i) => worker(i)));
  const [imported, wrote] = await others;
  const seconds = (performance.now() - started) / 1000;

  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  const present = new Set((await db.execute("SELECT id FROM reports")).rows.map((r) => String(r.id)));
  const onList = new Set(
    (await db.execute("SELECT game_id FROM user_games")).rows.map((r) => String(r.game_id)),
  );
  const steamGames = Number((await db.execute("SELECT count(*) AS n FROM games")).rows[0]!.n);
  db.close();
  const acknowledged = reports.length + tracked.size;
  const kept =
    reports.filter((id) => present.has(id)).length + [...tracked].filter((id) => onList.has(id)).length;
  printTable("Acknowledged writes during a concurrent import", [
    {
      seconds: seconds.toFixed(1),
      "import file": file,
      "import exit": String(imported.code),
      "writer exit": String(wrote.code),
      "games after": steamGames,
      "acknowledged (2xx)": acknowledged,
      kept,
      lost: acknowledged - kept,
      statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(" "),
    },
  ]);
  if (imported.code !== 0) console.log(`import output:\n${imported.out.slice(-2000)}`);
  if (wrote.code !== 0) console.log(`writer output:\n${wrote.out.slice(-2000)}`);
} finally {
  await server.stop();
}
