import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { expect, test } from "vitest";
import { MIGRATIONS_FOLDER } from "../../src/server/db/migrate.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * A database migrated by an earlier release upgrades. The notifications migration first shipped as
 * 0020 (`when` 1795702356919) and was renumbered 0022 with a later `when` when 0020 and 0021 were
 * added before it; drizzle applies every migration later than the newest it recorded, so such a
 * database runs it again, and it must not fail on what it already created.
 */
test("a database migrated when notifications were migration 0020 migrates to today's", async () => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; when: number; tag: string }>;
  };
  // The earlier release's folder: today's 0000–0019, then the notifications migration as 0020.
  const earlier = tempDir("gi-migrations-earlier-");
  mkdirSync(join(earlier, "meta"));
  const kept = journal.entries.filter((e) => e.idx <= 19);
  for (const e of kept) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(earlier, `${e.tag}.sql`));
  copyFileSync(join(MIGRATIONS_FOLDER, "0022_notifications.sql"), join(earlier, "0020_notifications.sql"));
  writeFileSync(
    join(earlier, "meta/_journal.json"),
    JSON.stringify({
      ...journal,
      entries: [
        ...kept,
        { ...journal.entries[22]!, idx: 20, when: 1795702356919, tag: "0020_notifications" },
      ],
    }),
  );
  const client = createClient({ url: `file:${join(tempDir("gi-upgrade-"), "app.db")}` });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: earlier });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const names = (
      await client.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
    ).rows.map((r) => String(r.name));
    expect(names).toEqual(
      expect.arrayContaining(["notifications", "games_price_notifications", "notifications_keep_newest"]),
    );
    // Today's last migration ran too.
    const columns = (await client.execute("PRAGMA table_info(game_sales)")).rows.map((r) => String(r.name));
    expect(columns).toContain("companies_recorded");
  } finally {
    client.close();
  }
});
