import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import { log } from "../log.ts";
import { configureConnection, db } from "./client.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../../migrations", import.meta.url));

/**
 * Applies every committed migration that the database has not seen yet.
 *
 * Two processes started together on a database that needs migrations (two servers after an upgrade, a
 * server and `bun run import`) both read the same migrations as pending; the one whose write comes
 * second fails on what the first created ("table … already exists"), its batch rolled back whole, and
 * that process exited (review r32-b #4). The list of applied migrations is then read again once: what
 * the other process applied is not applied twice, and a migration that fails on its own fails again.
 */
export async function runMigrations(): Promise<void> {
  await configureConnection();
  try {
    await migrate(db(), { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    log.warn("migrations failed; reading what is applied again, as another process may have applied them", {
      error: String(error),
    });
    await migrate(db(), { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

if (import.meta.main) {
  await runMigrations();
  console.log("migrations applied");
}
