/**
 * Demo data is opt-in and never mixes with real data (issue 9):
 *   `bun run db:seed --demo [--games N] [--seed S]`  generates demo games (marked as demo) of any size,
 *       up to 330,000, into an empty catalog or one that holds only demo data;
 *   `bun run db:seed --remove-demo`  removes every demo game, its series and what was derived from it;
 *   `bun run db:seed --snapshot`  loads the shipped Steam Store Games snapshot (May 2019), which also
 *       replaces any demo data.
 */
import { hasDemoData, removeDemoData } from "../src/server/catalog/demo-data.ts";
import { closeDb, rawClient, refreshPlannerStatistics } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { MAX_DEMO_GAMES, seedDemoData } from "../src/server/db/seed/demo.ts";
import { loadSnapshot } from "../src/server/db/seed/snapshot.ts";

const args = process.argv.slice(2);
const value = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const usage = "usage: bun run db:seed --demo [--games N] [--seed S] | --remove-demo | --snapshot";
await runMigrations();
try {
  if (args.includes("--remove-demo")) {
    const removed = await removeDemoData();
    console.log(
      `demo data removed: ${removed.games} games, ${removed.points} series points, ${removed.companies} studios, ${removed.reports} reports, ${removed.analyses} AI analyses`,
    );
  } else if (args.includes("--snapshot")) {
    const { summary, rowsPerSecond } = await loadSnapshot();
    console.log(
      `Steam Store Games snapshot: ${summary.inserted} games added, ${summary.updated} updated in ${(summary.ms / 1000).toFixed(1)} s (${rowsPerSecond} rows/s)`,
    );
  } else if (args.includes("--demo")) {
    const games = Number(value("--games") ?? 2000);
    const seed = Number(value("--seed") ?? 20261122);
    if (!Number.isInteger(games) || games < 1 || games > MAX_DEMO_GAMES) {
      console.error(`--games must be a whole number from 1 to ${MAX_DEMO_GAMES}`);
      process.exit(2);
    }
    const real = await rawClient().execute("SELECT count(*) AS n FROM games WHERE is_demo = 0");
    const realGames = Number(real.rows[0]?.n ?? 0);
    if (realGames > 0) {
      console.error(
        `The catalog holds ${realGames} real games: demo data never mixes with real data. Use an empty database (DATABASE_URL) for demo data.`,
      );
      process.exit(1);
    }
    const result = await seedDemoData({ games, seed });
    console.log(
      `demo data: ${result.games} games, ${result.points} player points in ${(result.ms / 1000).toFixed(1)} s${(await hasDemoData()) ? " (remove with --remove-demo)" : ""}`,
    );
  } else {
    console.error(usage);
    process.exit(2);
  }
  // The server plans its queries with these statistics (src/server/db/client.ts).
  await refreshPlannerStatistics();
} finally {
  closeDb();
}
