import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import { configureConnection, db } from "./client.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../../migrations", import.meta.url));

/** Applies every committed migration that the database has not seen yet. */
export async function runMigrations(): Promise<void> {
  await configureConnection();
  await migrate(db(), { migrationsFolder: MIGRATIONS_FOLDER });
}

if (import.meta.main) {
  await runMigrations();
  console.log("migrations applied");
}
