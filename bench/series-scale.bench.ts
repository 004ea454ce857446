/**
 * Screens that read the player series, once the catalog holds millions of points: the shipped Steam
 * Store Games snapshot (27,075 games) plus a player count every 15 minutes for 2,000 of its games over
 * the latest 15 days (2,880,000 points, what a few months of live syncs store). For each endpoint, the
 * time of a single request (curl) on a started server: the first one, the same again, and the first
 * after another process commits one more point (as a sync run by another process does: the point and
 * its game's latest figures), and the first after another process commits something that changes no
 * game (a setting; a sign-in is such a commit too).
 * Run: `bun bench/series-scale.bench.ts` (about two minutes). Needs nothing beside the repository.
 */
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { printTable } from "./machine.ts";
import { quiet, startBenchServer } from "./server-process.ts";

const GAMES = 2000;
const POINTS_PER_GAME = 1440;
const STEP_MS = 15 * 60_000;

const prepared = join(tmpdir(), `gi-bench-series-${crypto.randomUUID()}.db`);
process.env.DATABASE_URL = `file:${prepared}`;
process.env.LOG_LEVEL = "error";
const { runMigrations } = await import("../src/server/db/migrate.ts");
const { loadSnapshot } = await import("../src/server/db/seed/snapshot.ts");
const { closeDb } = await import("../src/server/db/client.ts");
await runMigrations();
await loadSnapshot();
closeDb();

const db = new Database(prepared);
db.exec("PRAGMA busy_timeout = 5000");
const ids = db
  .query("SELECT id FROM games ORDER BY popularity DESC LIMIT ?")
  .all(GAMES)
  .map((r) => (r as { id: string }).id);
const end = Math.floor(Date.now() / STEP_MS) * STEP_MS;
const insert = db.prepare(
  "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'players', ?, ?, 'day', 'steam-api')",
);
db.transaction(() => {
  ids.forEach((id, g) => {
    const base = 50 + ((g * 7919) % 5000);
    for (let k = 0; k < POINTS_PER_GAME; k++) {
      const ts = end - (POINTS_PER_GAME - 1 - k) * STEP_MS;
      // A daily cycle and a slow drift, different per game.
      const value = Math.round(
        base *
          (1 +
            0.3 * Math.sin((ts / 86_400_000) * 2 * Math.PI + g) +
            (k / POINTS_PER_GAME) * ((g % 5) - 2) * 0.1),
      );
      insert.run(id, ts, value);
    }
  });
})();
const points = (db.query("SELECT count(*) AS n FROM game_metrics").get() as { n: number }).n;
const bytes = new Uint8Array(20);
crypto.getRandomValues(bytes);
const token = Buffer.from(bytes).toString("hex");
const userId = crypto.randomUUID();
db.run("INSERT INTO users (id, email, role, subscription_tier) VALUES (?, ?, 'admin', 'professional')", [
  userId,
  `bench-${userId.slice(0, 8)}@example.com`,
]);
db.run("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", [
  new Bun.CryptoHasher("sha256").update(token).digest("hex"),
  userId,
  Date.now() + 86_400_000,
]);
db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
db.close();

const server = await startBenchServer({}, { databaseFrom: prepared });
for (const s of ["", "-wal", "-shm"]) rmSync(prepared + s, { force: true });
const PATHS = [
  "/api/analytics/overview",
  "/api/analytics/market-trends",
  "/api/analytics/activity",
  "/api/games/trending",
  "/api/data-sources",
  "/api/data-sources/catalog",
  "/api/kaggle/historical",
  "/api/market/screener",
  `/api/games/${ids[0]}`,
];
const seconds = (path: string) => {
  const r = spawnSync("curl", [
    "-s",
    "-o",
    "/dev/null",
    "-w",
    "%{http_code} %{time_total}",
    "-H",
    `Cookie: session=${token}`,
    `${server.url}${path}`,
  ]);
  const [status, time] = r.stdout.toString().split(" ");
  if (status !== "200") throw new Error(`${path} answered ${status}`);
  return Number(time);
};
try {
  await quiet(server.pid);
  // The start estimated every game (this database had none): the catalog index applies those
  // estimates on its first read and then prunes their log, a commit that would make the "again" column
  // a second first. Done before measuring, as a server that has run for a while has done it.
  seconds("/api/market/screener");
  const load = loadavg()[0]!;
  const first = PATHS.map(seconds);
  const again = PATHS.map(seconds);
  // Another process commits one more point, as a sync running elsewhere would (recordMetrics: the
  // point, then its game's latest figures).
  const other = new Database(server.databaseFile);
  other.exec("PRAGMA busy_timeout = 5000");
  other.transaction(() => {
    other.run(
      "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'players', ?, 100, 'day', 'steam-api')",
      [ids[1]!, end + STEP_MS],
    );
    other.run("UPDATE games SET current_players = 100 WHERE id = ?", [ids[1]!]);
  })();
  const afterWrite = PATHS.map(seconds);
  // Then a commit that changes no game.
  other.run(
    "INSERT INTO system_settings (key, value, updated_at) VALUES ('bench', '1', 0) ON CONFLICT (key) DO UPDATE SET value = value || '1'",
  );
  other.close();
  const afterOther = PATHS.map(seconds);
  const ms = (s: number) => (s * 1000).toFixed(1);
  printTable(
    `Single requests with ${points.toLocaleString("en-US")} series points (${GAMES} games × a point every 15 min for 15 days, on the 27,075-game snapshot; load average ${load.toFixed(2)} before)`,
    PATHS.map((p, i) => ({
      endpoint: `GET ${p.startsWith("/api/games/0") ? "/api/games/:id" : p}`,
      "first ms": ms(first[i]!),
      "again ms": ms(again[i]!),
      "after a commit ms": ms(afterWrite[i]!),
      "after a commit changing no game ms": ms(afterOther[i]!),
    })),
  );
} finally {
  await server.stop();
}
