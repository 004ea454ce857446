/**
 * The catalog write services at importer scale: `upsertGames` for N new records (default 27,000, the
 * size of steam.csv), the same N again (everything unchanged), then one players point per game through
 * `recordMetrics`, and the same points again. Rows/s for each, in a fresh temporary database.
 * Run: `bun bench/upsert.bench.ts [N]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printTable } from "./machine.ts";

const N = Number(process.argv[2] ?? 27_000);
const dir = mkdtempSync(join(tmpdir(), "gi-upsert-"));
// Scripts configure the app through the environment before its modules read it.
process.env.DATABASE_URL = `file:${join(dir, "bench.db")}`;
process.env.LOG_LEVEL = "error";
const { runMigrations } = await import("../src/server/db/migrate.ts");
const { closeDb } = await import("../src/server/db/client.ts");
const { upsertGames, recordMetrics } = await import("../src/server/catalog/write.ts");

try {
  await runMigrations();
  const records = Array.from({ length: N }, (_, i) => ({
    name: `Bench Game ${i} ${["Saga", "Arena", "Quest", "Tactics"][i % 4]}`,
    steamAppId: 100_000 + i,
    genres: [["Action", "RPG", "Indie", "Strategy"][i % 4]!],
    tags: ["Singleplayer", i % 3 ? "Co-op" : "Multiplayer"],
    platforms: ["PC"],
    developer: `Studio ${i % 500}`,
    releaseDate: `20${10 + (i % 14)}-0${1 + (i % 9)}-15`,
    price: (i % 60) + 0.99,
    positiveReviews: (i * 37) % 10_000,
    negativeReviews: (i * 11) % 1_000,
  }));
  const rows: Array<Record<string, string | number>> = [];
  const time = async (step: string, fn: () => Promise<string>) => {
    const t = performance.now();
    const outcome = await fn();
    const s = (performance.now() - t) / 1000;
    rows.push({ step, rows: N, seconds: s.toFixed(2), "rows/s": Math.round(N / s), outcome });
  };
  let ids: string[] = [];
  await time("upsertGames, new", async () => {
    const r = await upsertGames(records, "bench");
    ids = r.ids;
    return `inserted ${r.inserted}`;
  });
  await time("upsertGames, same again", async () => {
    const r = await upsertGames(records, "bench");
    return `unchanged ${r.unchanged}, updated ${r.updated}`;
  });
  const points = ids.map((gameId, i) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(Date.UTC(2026, 10, 1)),
    value: 100 + i,
    source: "bench",
  }));
  await time("recordMetrics, new", async () => `changed ${await recordMetrics(points)}`);
  await time("recordMetrics, same again", async () => `changed ${await recordMetrics(points)}`);
  printTable(`Catalog write services with ${N.toLocaleString("en")} games`, rows);
} finally {
  closeDb();
  rmSync(dir, { recursive: true, force: true });
}
