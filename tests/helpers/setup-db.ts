import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";

/**
 * A fresh database per test file (CONVENTIONS 15): each file gets its own temporary libSQL file,
 * migrated before its first test and removed after its last.
 */
const file = join(tmpdir(), `gi-test-${process.pid}-${crypto.randomUUID()}.db`);
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
  closeDb();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});
