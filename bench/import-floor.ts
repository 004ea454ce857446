/**
 * The floor under `bun run import steam-store-csv` (bench/import.bench.ts runs this after the import):
 * the rows an import wrote — games, series points, owner bands, then the estimates — copied by SQLite
 * alone from that database into a freshly migrated one, on the same driver and settings as the
 * importer's write connection (write-transaction.ts: synchronous NORMAL, a checkpoint every 10,000
 * pages) and in the same transactions (1,000 games each, with their points and bands; the estimates
 * after them). Every index and trigger the import maintains runs as it does then. What it leaves out
 * is all of the import's own work: reading and parsing the file, matching games, binding values, the
 * estimates model. Prints one JSON line of timings.
 * Run: `DATABASE_URL=file:<empty> bun bench/import-floor.ts <imported database>`.
 */
import Database from "libsql";
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { env } from "../src/server/env.ts";

const source = process.argv[2];
if (!source) {
  console.error("usage: DATABASE_URL=file:<empty> bun bench/import-floor.ts <imported database>");
  process.exit(2);
}
const started = performance.now();
await runMigrations();
closeDb();
const migrated = performance.now();

const target = new Database(env().DATABASE_URL.slice("file:".length));
target.exec("PRAGMA synchronous = NORMAL");
target.exec("PRAGMA wal_autocheckpoint = 10000");
target.exec(`ATTACH ${JSON.stringify(source)} AS imported`);
const games = target.prepare("SELECT rowid AS r FROM imported.games ORDER BY rowid").all() as Array<{
  r: number;
}>;
const copy = (sql: string) => target.prepare(sql);
const copyGames = copy("INSERT INTO main.games SELECT * FROM imported.games WHERE rowid BETWEEN ? AND ?");
const forGames = (table: string) =>
  copy(
    `INSERT INTO main.${table} SELECT t.* FROM imported.games g JOIN imported.${table} t ON t.game_id = g.id WHERE g.rowid BETWEEN ? AND ?`,
  );
const copyPoints = forGames("game_metrics");
const copyBands = forGames("game_owner_bands");
const copyEstimates = forGames("game_estimates");
const ms = { games: 0, points: 0, bands: 0, commits: 0, estimates: 0 };
const timed = (key: keyof typeof ms, work: () => unknown) => {
  const t = performance.now();
  work();
  ms[key] += performance.now() - t;
};
const batches = (each: (low: number, high: number) => void) => {
  for (let i = 0; i < games.length; i += 1000) {
    const range = [games[i]!.r, games[Math.min(i + 999, games.length - 1)]!.r] as const;
    target.exec("BEGIN IMMEDIATE");
    each(...range);
    timed("commits", () => target.exec("COMMIT"));
  }
};
batches((low, high) => {
  timed("games", () => copyGames.run([low, high]));
  timed("points", () => copyPoints.run([low, high]));
  timed("bands", () => copyBands.run([low, high]));
});
const imported = performance.now();
// The estimates store writes them in chunks of 1,000 games after the import (estimates/store.ts).
batches((low, high) => timed("estimates", () => copyEstimates.run([low, high])));
const estimated = performance.now();
target.exec("DETACH imported");
target.close();
const closed = performance.now();
console.log(
  JSON.stringify({
    games: games.length,
    migrationsMs: Math.round(migrated - started),
    importMs: Math.round(imported - migrated),
    estimatesMs: Math.round(estimated - imported),
    closeMs: Math.round(closed - estimated),
    ...Object.fromEntries(Object.entries(ms).map(([k, v]) => [`${k}Ms`, Math.round(v)])),
  }),
);
