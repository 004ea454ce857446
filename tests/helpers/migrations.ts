import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { onTestFinished } from "vitest";
import { MIGRATIONS_FOLDER } from "../../src/server/db/migrate.ts";
import { tempDir } from "./temp-dir.ts";

/**
 * A fresh database migrated as the release that shipped migrations 0000 to `lastIdx` left it, for a
 * repair migration's test: fill it as that release's importers did, then `upgrade()` runs today's
 * migrations on it. `all` answers a query's rows as plain objects. Call it inside a test: its folders
 * are removed when the test finishes, `client` closed first if the test has not closed it.
 */
export async function databaseMigratedUpTo(lastIdx: number): Promise<{
  client: Client;
  all: (sql: string) => Promise<Array<Record<string, unknown>>>;
  upgrade: () => Promise<void>;
}> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const earlier = tempDir(`gi-migrations-upto-${lastIdx}-`);
  mkdirSync(join(earlier, "meta"));
  const kept = journal.entries.filter((e) => e.idx <= lastIdx);
  for (const e of kept) symlinkSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(earlier, `${e.tag}.sql`));
  writeFileSync(join(earlier, "meta/_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  const client = createClient({ url: `file:${join(tempDir(`gi-upgrade-from-${lastIdx}-`), "app.db")}` });
  // Registered after the folder's removal, so it runs before it: the file is closed, then removed.
  onTestFinished(() => {
    if (!client.closed) client.close();
  });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: earlier });
  return {
    client,
    all: async (sql) => (await client.execute(sql)).rows.map((r) => ({ ...r })),
    upgrade: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
  };
}
