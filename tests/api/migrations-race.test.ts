import { spawn } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "vitest";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Review r32-b #4: two servers started together on a database that needed migrations both applied the
 * same ones; the second's batch failed ("table `snapshot_loads` already exists") and that server exited
 * (1 start in 7). Each process now reads what is applied again after a failure. Several pairs of
 * processes migrate fresh files at the same moment; every one of them must succeed.
 */
test("processes migrating one database at the same moment all succeed", { timeout: 60_000 }, async () => {
  const dir = tempDir("gi-migrations-race-");
  const run = (file: string) =>
    new Promise<{ code: number | null; err: string }>((resolve) => {
      const child = spawn("bun", ["src/server/db/migrate.ts"], {
        env: { ...process.env, DATABASE_URL: `file:${file}`, LOG_LEVEL: "error" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let err = "";
      child.stderr.on("data", (d) => {
        err += String(d);
      });
      child.on("exit", (code) => resolve({ code, err }));
    });
  for (let round = 0; round < 6; round++) {
    const file = join(dir, `race-${round}.db`);
    const results = await Promise.all([run(file), run(file), run(file)]);
    for (const r of results) expect(r.code, r.err).toBe(0);
  }
});
