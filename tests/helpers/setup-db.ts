import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { tempDir } from "./temp-dir.ts";

/**
 * A fresh database per test file (CONVENTIONS 15): each file gets its own temporary libSQL file,
 * migrated before its first test. Its folder (with whatever a test put beside it: the file a restore
 * sets aside) is removed after the file's last test, once the connection below is closed: temp-dir's
 * own `afterAll`, registered first by the import above, runs last.
 */
const file = join(tempDir("gi-test-"), "app.db");
process.env.DATABASE_URL = `file:${file}`;
process.env.LOG_LEVEL ??= "silent";
process.env.DEMO_DATA = "off";
// Tests load the shipped snapshot themselves when they need it, and never go online.
process.env.SNAPSHOT_DATA = "off";
process.env.LIVE_BOOTSTRAP = "off";
process.env.NODE_ENV = "test";

beforeAll(async () => {
  const { resetEnvForTests } = await import("../../src/server/env.ts");
  resetEnvForTests();
  const { runMigrations } = await import("../../src/server/db/migrate.ts");
  await runMigrations();
});

afterAll(async () => {
  const { closeDb } = await import("../../src/server/db/client.ts");
  const { resetEnvForTests } = await import("../../src/server/env.ts");
  // Work still pending in this process once the file's tests are done (a derived view's recompute
  // fires 250 ms after the last catalog change) would open the database again after it is closed,
  // creating its file and folder anew once they are removed: it gets an empty in-memory one instead.
  process.env.DATABASE_URL = ":memory:";
  resetEnvForTests();
  closeDb();
});
