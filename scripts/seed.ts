/**
 * `bun run db:seed --demo [--games N] [--seed S]`: generates demo data (marked as demo) of any size,
 * up to 330,000 games, into the configured database.
 */
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { MAX_DEMO_GAMES, seedDemoData } from "../src/server/db/seed/demo.ts";

const args = process.argv.slice(2);
const value = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
if (!args.includes("--demo")) {
  console.error("usage: bun run db:seed --demo [--games N] [--seed S]");
  process.exit(2);
}
const games = Number(value("--games") ?? 2000);
const seed = Number(value("--seed") ?? 20261122);
if (!Number.isInteger(games) || games < 1 || games > MAX_DEMO_GAMES) {
  console.error(`--games must be a whole number from 1 to ${MAX_DEMO_GAMES}`);
  process.exit(2);
}
await runMigrations();
const result = await seedDemoData({ games, seed });
console.log(
  `demo data: ${result.games} games, ${result.points} player points in ${(result.ms / 1000).toFixed(1)} s`,
);
closeDb();
